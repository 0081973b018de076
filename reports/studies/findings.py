"""Findings pages: read a study's results (the CSV tables its commands wrote), write
docs/findings/<name>.md (claims written from the numbers, tables with intervals, how it was
made and how to reproduce it) and docs/findings/index.md.

One reader per study kind (tournament, sweep, restrict, metagame, ladder, pareto); each
returns the tables, the claims and the games played. Claims come from the study's [[claims]]
tables: `subject` (a strategy, element, rung or balance index; 'leader', 'last' where the kind
ranks; a sweep's claims name their `variant` too, a pareto study's their `rules`),
`kind` of sentence (reports/claims.py; each reader has a default) and optional `above`,
`below`, `within` sentences replacing the kind's; a study's [templates] table gives them for
all its claims.
"""
from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from reports import claims as cl
from reports.compare import BALANCE
from reports.files import write_whole
from reports.runs import RunDataError
from reports.studies.finding_parts import Result, Table, claim_templates
from reports.studies.pareto_findings import pareto
from reports.text import plural

INDEX = "index.md"


def _csv(path: Path) -> pd.DataFrame:
    try:
        return pd.read_csv(path)
    except (OSError, ValueError) as exc:
        raise RunDataError(f"cannot read {path} ({exc})",
                           "run the study again: meeplab findings NAME") from exc


def _est(row: Any, value: str, low: str, high: str, p: str | None = None) -> cl.Estimate:
    return cl.Estimate(float(row[value]), float(row[low]), float(row[high]),
                       None if p is None else float(row[p]))


def _pick(table: pd.DataFrame, column: str, subject: str, order: str | None = None) -> Any:
    """The row whose `column` is subject; 'leader' / 'last': the first / last by `order`
    (descending)."""
    if subject in ("leader", "last") and order is not None:
        ranked = table.sort_values(order, ascending=False)
        return ranked.iloc[0 if subject == "leader" else -1]
    rows = table[table[column] == subject]
    if rows.empty:
        raise RunDataError(f"no {column} '{subject}' in the results",
                           f"name one of: {', '.join(map(str, table[column]))}")
    return rows.iloc[0]


def _games_in(root: Path) -> int:
    """Games played in every run directory under root (their manifests)."""
    total = 0
    for manifest in root.rglob("manifest.json"):
        try:
            shards = json.loads(manifest.read_text(encoding="utf-8")).get("shards", {})
        except (OSError, ValueError):
            continue
        items = shards.values() if isinstance(shards, dict) else shards
        total += sum(int(s.get("games", 0)) for s in items if isinstance(s, dict))
    return total


def tournament(result: Path, spec: Mapping[str, Any]) -> Result:
    """RESULT/report/summary.csv: win share and mean score per strategy."""
    t = _csv(result / "report" / "summary.csv").sort_values(["players", "win_share"],
                                                            ascending=[True, False])
    rows = [[str(r.players), f"`{r.strategy}`", f"{r.games:,}",
             cl.interval(_est(r._asdict(), "win_share", "win_lo", "win_hi")),
             cl.number(r.fair_share),
             cl.interval(_est(r._asdict(), "score", "score_lo", "score_hi"), digits=1)]
            for r in t.itertuples()]
    out = Result([Table("Win share per strategy (95% intervals, deal groups as units)",
                        ["players", "strategy", "games", "win share [95%]", "fair share",
                         "mean score [95%]"], rows)])
    for c in spec.get("claims", []):
        r = _pick(t, "strategy", c["subject"], "win_share")
        out.claims.append(cl.sentence(c.get("kind", "fair_share"), f"`{r['strategy']}`",
                                      _est(r, "win_share", "win_lo", "win_hi"),
                                      float(r["fair_share"]), claim_templates(spec, c)))
    return out


def sweep(result: Path, spec: Mapping[str, Any]) -> Result:
    """RESULT/compare/: win-share changes per variant (paired, Holm) and balance indices."""
    d = _csv(result / "compare" / "win_share_deltas.csv")
    b = _csv(result / "compare" / "balance_intervals.csv")
    rows = [[f"`{r.run}`", str(r.players), f"`{r.strategy}`", cl.number(r.base),
             cl.number(r.value), cl.interval(_est(r._asdict(), "diff", "diff_lo", "diff_hi"),
                                             signed=True),
             cl.p_text(r.p_holm)] for r in d.itertuples()]
    brows = [[f"`{r.run}`", str(r.players), BALANCE.get(r.index, r.index),
              cl.interval(_est(r._asdict(), "value", "lo", "hi")),
              "" if pd.isna(r.diff) else cl.interval(_est(r._asdict(), "diff", "diff_lo",
                                                          "diff_hi"), signed=True),
              "" if pd.isna(r.diff) else cl.p_text(r.p_holm)] for r in b.itertuples()]
    out = Result([Table("Win share per variant against the baseline (paired over the same "
                        "deals, 95% intervals, Holm-adjusted p)",
                        ["variant", "players", "strategy", "baseline", "variant's",
                         "change [95%]", "Holm p"], rows),
                  Table("Balance of the win shares (spread = sd, max - min, Gini; lower is "
                        "more balanced; paired bootstrap intervals, Holm-adjusted per index)",
                        ["run", "players", "index", "value [95%]", "change [95%]", "Holm p"],
                        brows)])
    for c in spec.get("claims", []):
        variant, subject = c["variant"], c["subject"]
        if subject in set(b["index"]):
            r = _pick(b[b["run"] == variant], "index", subject)
            name, kind = f"under `{variant}`, the {BALANCE.get(subject)} of win shares", "balance"
        else:
            r = _pick(d[d["run"] == variant], "strategy", subject)
            name, kind = f"under `{variant}`, `{subject}`'s win share", "change"
        out.claims.append(cl.sentence(c.get("kind", kind), name,
                                      _est(r, "diff", "diff_lo", "diff_hi", "p_holm"),
                                      overrides=claim_templates(spec, c), signed=True))
    return out


RESTRICT_TEMPLATES = {
    "above": "{subject} is strong: a seat forbidden it loses {interval} win share "
             "(Holm p {p})",
    "below": "{subject} is overrated by the strategy: a seat forbidden it does better, loss "
             "{interval} (Holm p {p})",
    "within": "forbidding {subject} costs no significant win share: {interval} (Holm p {p})",
}


def restrict(result: Path, spec: Mapping[str, Any]) -> Result:
    """RESULT/report/restricted.csv: each element's loss when forbidden, ranked."""
    t = _csv(result / "report" / "restricted.csv").sort_values("rank")
    rows = [[str(r.rank), f"`{r.element}`", f"{r.games:,}", cl.number(r.win_share),
             cl.interval(_est(r._asdict(), "loss", "loss_lo", "loss_hi"), signed=True),
             cl.p_text(r.p_holm)] for r in t.itertuples()]
    out = Result([Table("Win share a seat loses when forbidden each element (fair share "
                        "minus its win share; paired over deals, 95% intervals, Holm p)",
                        ["rank", "element", "games", "win share", "loss [95%]", "Holm p"],
                        rows)])
    for c in spec.get("claims", []):
        r = _pick(t, "element", c["subject"], "loss")
        out.claims.append(cl.sentence(c.get("kind", "difference"), f"`{r['element']}`",
                                      _est(r, "loss", "loss_lo", "loss_hi", "p_holm"),
                                      overrides=RESTRICT_TEMPLATES | claim_templates(spec, c),
                                      signed=True))
    return out


REGRET_TEMPLATES = {
    "above": "`{subject}` does better than the equilibrium mix: regret {interval}",
    "below": "`{subject}` does significantly worse than the equilibrium mix: regret "
             "{interval} (weight {weight})",
    "within": "`{subject}` holds its own against the equilibrium mix: regret {interval} "
              "(weight {weight})",
}


def metagame(result: Path, spec: Mapping[str, Any]) -> Result:
    """RESULT/metagame/equilibrium.csv: equilibrium weights, regrets, α-Rank."""
    t = _csv(result / "metagame" / "equilibrium.csv").sort_values("mix", ascending=False)
    rows = [[f"`{r.strategy}`", cl.interval(_est(r._asdict(), "mix", "mix_lo", "mix_hi")),
             cl.number(r.payoff_vs_mix),
             cl.interval(_est(r._asdict(), "regret", "regret_lo", "regret_hi"), signed=True),
             cl.interval(_est(r._asdict(), "alpharank", "alpharank_lo", "alpharank_hi")),
             "yes" if r.dominated_out else ""] for r in t.itertuples()]
    out = Result([Table("The empirical meta-game's equilibrium (95% bootstrap intervals over "
                        "deals)", ["strategy", "equilibrium weight", "win share vs mix",
                                   "regret", "α-Rank mass", "dominated out"], rows)])
    for c in spec.get("claims", []):
        r = _pick(t, "strategy", c["subject"], "mix")
        out.claims.append(cl.sentence(c.get("kind", "difference"), str(r["strategy"]),
                                      _est(r, "regret", "regret_lo", "regret_hi"),
                                      overrides=REGRET_TEMPLATES | claim_templates(spec, c),
                                      signed=True, weight=cl.number(float(r["mix"]))))
    return out


def ladder(result: Path, spec: Mapping[str, Any]) -> Result:
    """RESULT/ladder.csv: each candidate's win share against copies of each field."""
    t = _csv(result / "ladder.csv")
    rows = [[f"`{r.candidate}`", f"`{r.field}`", str(r.players), f"{r.games:,}",
             cl.interval(_est(r._asdict(), "win_share", "win_lo", "win_hi")),
             cl.number(r.fair_share)] for r in t.itertuples()]
    out = Result([Table("Win share of the candidate against players - 1 copies of the field "
                        "(95% Wilson intervals, deal groups as units)",
                        ["candidate", "field", "players", "games", "win share [95%]",
                         "fair share"], rows)])
    for c in spec.get("claims", []):
        pick = t[(t["candidate"] == c["subject"]) & (t["field"] == c["field"])]
        if pick.empty:
            raise RunDataError(f"no {c['subject']} against {c['field']} in {result}",
                               "name a candidate and field the study plays")
        r = pick.iloc[0]
        out.claims.append(cl.sentence(
            c.get("kind", "fair_share"), f"`{c['subject']}` against `{c['field']}`",
            _est(r, "win_share", "win_lo", "win_hi"), float(r["fair_share"]),
            claim_templates(spec, c)))
    return out


READERS: dict[str, Callable[[Path, Mapping[str, Any]], Result]] = {
    "tournament": tournament, "sweep": sweep, "restrict": restrict, "metagame": metagame,
    "ladder": ladder, "pareto": pareto}  # pareto: reports/studies/pareto_findings.py


def _scale_words(record: Mapping[str, Any]) -> str:
    if record.get("smoke"):
        return "smoke scale (MEEPLAB_SMOKE=1: a token run; these numbers are not findings)"
    scale = float(record["scale"])
    return "full scale" if scale == 1 else f"scale {scale:g} of the study's full size"


def page(name: str, spec: Mapping[str, Any], record: Mapping[str, Any], found: Result,
         picture: str | None) -> str:
    """The Markdown page of one finding."""
    lines = [f"# {spec['title']}", "", spec["question"].strip(), ""]
    lines += [f"- {c[0].upper()}{c[1:]}." for c in found.claims] + [""]
    if picture:
        lines += [f"![{spec['title']}]({picture})", ""]
    for table in found.tables:
        lines += table.markdown()
    if spec.get("notes"):
        lines += [spec["notes"].strip(), ""]
    lines += ["## How this page was made", "",
              f"Generated by `meeplab findings {name}` from `configs/findings/{name}.toml` at "
              f"{_scale_words(record)}: commit `{record['commit']}`, {record['date']}, "
              f"{found.games:,} games in all. Reproduce it with:", "", "<!-- no-run: the "
              "study's full run (see the findings index for its cost) -->", "```sh"]
    lines += list(record["commands"]) + ["```", "",
                                         "A fresh seed should move each number within its "
                                         "interval; the sentences above are rewritten from "
                                         "the numbers, so a change of sign or significance "
                                         "changes them.", ""]
    return "\n".join(lines)


def write(name: str, spec: Mapping[str, Any], record: Mapping[str, Any], result: Path,
          out: Path) -> Path:
    """Read the study's results and write out/<name>.md (and its picture); the page's path."""
    found = READERS[spec["kind"]](result, spec)
    found.games = _games_in(Path(record["run"]))
    picture = None
    if spec.get("picture"):
        source = result / spec["picture"]
        if not source.is_file():
            raise RunDataError(f"the study's picture {source} was not written",
                               f"fix picture = in configs/findings/{name}.toml")
        picture = f"{name}{source.suffix}"
        out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, out / picture)
    path = out / f"{name}.md"
    out.mkdir(parents=True, exist_ok=True)
    write_whole(path, page(name, spec, record, found, picture).encode())
    meta = out / f".{name}.json"   # what the index needs: title, claims, cost
    write_whole(meta, json.dumps({"title": spec["title"], "claims": found.claims,
                                  "seconds": record["seconds"], "scale": record["scale"],
                                  "smoke": record.get("smoke", False),
                                  "games": found.games}, indent=1).encode())
    return path


def full_cost(entry: Mapping[str, Any]) -> float:
    """Seconds the study would take at full scale, from its run (linear in its scale)."""
    return float(entry["seconds"]) / max(float(entry["scale"]), 1e-9)


def index(out: Path) -> Path:
    """out/index.md: every finding written in out, its first claim, and the full cost."""
    entries = {}
    for meta in sorted(out.glob(".*.json")):
        try:
            entries[meta.stem.lstrip(".")] = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
    total = sum(full_cost(e) for e in entries.values() if not e.get("smoke"))
    lines = ["# Findings", "",
             "Every number on these pages is generated: each page comes from a study file in "
             "`configs/findings/` (the meeplab commands, their seed and game counts) run by "
             "`meeplab findings`, and states the commit, the date, the games and the exact "
             "commands to reproduce it. Its sentences are written from the numbers.", "",
             "| finding | what it shows | games | scale |", "|---|---|---|---|"]
    for name, e in entries.items():
        first = e["claims"][0] if e["claims"] else ""
        scale = "smoke" if e.get("smoke") else "full" if e["scale"] == 1 else f"{e['scale']:g}"
        lines.append(f"| [{e['title']}]({name}.md) | {first} | {e['games']:,} | {scale} |")
    lines += ["", "Regenerate every page (the runs go to `runs/findings/`):", "",
              "<!-- no-run: plays every study at full scale -->", "```sh", "make findings",
              "```", "",
              f"At full scale (`FINDINGS_SCALE=1`, the default) that is about "
              f"{_duration(total)} on a 2-core machine, estimated from the runs that wrote "
              "these pages (each page says its own scale). `make findings FINDINGS_SCALE=0.1` "
              "plays a tenth of the games; `meeplab findings NAME` runs one study and "
              "`meeplab findings --pages-only` rewrites the pages from finished runs.", ""]
    path = out / INDEX
    write_whole(path, "\n".join(lines).encode())
    return path


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    if minutes < 90:
        return plural(max(1, minutes), "minute")
    return f"{seconds / 3600:.1f} hours"
