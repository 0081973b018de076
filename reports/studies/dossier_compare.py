"""Two dossiers side by side (`meeplab dossier GAME --variant ... --base DIR`): a variant's
skill ladder against the base rules', game by game on the same deals (same seed, matchups and
seatings), as paired differences with 95% intervals and Holm-corrected p.

- seats: each seat's win share, the difference per deal group;
- skill: each one-vs-field candidate's win share, the difference per deal;
- luck: the deal's share of the candidate's win variance in each, the difference with a
  paired bootstrap over the deals both played;
- luck by source: each source's share of the strongest plan's result per field in each, the
  difference with a bootstrap over each source's deals (reports/studies/luck_sources_change.py);
- length: decisions per game, the difference per deal group.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from reports import claims, fmt, stats
from reports.html import Note, Section, Table, render_page
from reports.report import Written, footer, records, write_output
from reports.runs import Run, RunDataError, load_run
from reports.studies import luck, luck_sources_change
from reports.studies.dossier import (SOURCES_FILE, Settings, in_rung_order, one_vs_field,
                                     read_csv, share_cell, source_cell, top_pair,
                                     undefined_reason)
from reports.studies.ladder import field_matrix

KEYS = ["lineup", "deal", "seating", "seat"]   # one seat of one game, in both runs


def paired(base: pd.DataFrame, variant: pd.DataFrame) -> pd.DataFrame:
    """The seats both runs played, their columns suffixed _b (base) and _v (variant)."""
    cols = KEYS + ["stratum", "cluster", "strategy", "win_share", "decisions", "game_id"]
    b = base[cols].assign(lineup=base["lineup"].astype(str))
    v = variant[cols].assign(lineup=variant["lineup"].astype(str))
    return b.merge(v.drop(columns=["stratum", "cluster", "strategy"]), on=KEYS,
                   suffixes=("_b", "_v"))


def _row(d: np.ndarray, bounds: tuple[float, float] | None = stats.SHARE_DIFF) -> dict:
    diff, lo, hi, p = stats.paired_t(d, bounds)
    return {"deals": int(d.size), "diff": diff, "diff_lo": lo, "diff_hi": hi, "p": p}


def _holm(table: pd.DataFrame) -> pd.DataFrame:
    if not table.empty:
        table["p_holm"], table["significant"] = stats.holm(table["p"].to_numpy(float))
    return table


def _each(g: pd.DataFrame, column: str,
          interval: Callable[..., tuple[float, float, float]] = stats.share_interval) -> dict:
    """Base's and variant's value of `column` (suffixed _b, _v) with their own 95% intervals,
    the deal groups as units."""
    out = {}
    for run, suffix in (("base", "_b"), ("variant", "_v")):
        value, lo, hi = interval(g[column + suffix].to_numpy(float), *stats.design(g))
        out |= {run: value, f"{run}_lo": lo, f"{run}_hi": hi}
    return out


def seat_changes(both: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for seat, g in both.groupby("seat", sort=True):
        per = g.groupby("cluster")[["win_share_b", "win_share_v"]].mean()
        rows.append({"seat": int(seat)} | _each(g, "win_share")
                    | _row((per["win_share_v"] - per["win_share_b"]).to_numpy()))
    return _holm(pd.DataFrame(rows))


def skill_changes(both: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for stratum, (cand, field) in one_vs_field(both).items():
        g = both[(both["stratum"] == stratum) & (both["strategy"] == cand)]
        per = g.groupby("deal")[["win_share_b", "win_share_v"]].mean()
        rows.append({"candidate": cand, "field": field} | _each(g, "win_share")
                    | _row((per["win_share_v"] - per["win_share_b"]).to_numpy()))
    return _holm(pd.DataFrame(rows))


def luck_changes(both: pd.DataFrame, n_boot: int, seed: int = 0) -> pd.DataFrame:
    """Per one-vs-field matchup: the deal's share of the candidate's win variance in each run
    and the difference, its interval a paired bootstrap over the deals."""
    rows = []
    rng = np.random.default_rng(seed)
    for stratum, (cand, field) in one_vs_field(both).items():
        g = both[(both["stratum"] == stratum) & (both["strategy"] == cand)]
        yb = luck.seat_table(g, "win_share_b")
        yv = luck.seat_table(g, "win_share_v")
        (base, base_lo, base_hi), (var, var_lo, var_hi) = (luck.deal_share_interval(yb),
                                                           luck.deal_share_interval(yv))
        lo = hi = np.nan
        if n_boot and len(yb) >= 2 and len(yb) == len(yv):
            picks = rng.integers(0, len(yb), size=(n_boot, len(yb)))
            d = np.array([luck.deal_share(yv[p]) - luck.deal_share(yb[p]) for p in picks])
            d = d[np.isfinite(d)]
            if d.size:
                lo, hi = float(np.percentile(d, 2.5)), float(np.percentile(d, 97.5))
        rows.append({"candidate": cand, "field": field, "deals": len(yb), "base": base,
                     "base_lo": base_lo, "base_hi": base_hi, "base_won": yb.mean(),
                     "base_note": luck.no_interval(yb), "variant": var,
                     "variant_lo": var_lo, "variant_hi": var_hi, "variant_won": yv.mean(),
                     "variant_note": luck.no_interval(yv), "diff": var - base, "diff_lo": lo,
                     "diff_hi": hi})
    return pd.DataFrame(rows)


def length_change(both: pd.DataFrame) -> pd.DataFrame:
    games = both.groupby(["cluster", "game_id_b"])[["decisions_b", "decisions_v"]].sum()
    per = games.groupby(level="cluster").mean()
    row = {"measure": "decisions per game"} | _each(
        games.reset_index(), "decisions", stats.mean_interval)
    return pd.DataFrame([row | _row((per["decisions_v"] - per["decisions_b"]).to_numpy(), None)])


CHANGE = {
    "above": "{subject} rises: {interval}",
    "below": "{subject} falls: {interval}",
    "within": "{subject} is not shown to change: {interval}",
}


def _estimate(row: pd.Series) -> claims.Estimate:
    return claims.Estimate(row["diff"], row["diff_lo"], row["diff_hi"], row.get("p_holm"))


def headline(s: Settings, seats: pd.DataFrame, skill: pd.DataFrame, luck_t: pd.DataFrame,
             base_matrix: pd.DataFrame) -> list[str]:
    """Three sentences: the seat whose win share changes most (among those shown to change,
    if any), the top rung's win share against its hardest field in the base rules
    (dossier.top_pair), and the deal's share of that result."""
    out = []
    if not seats.empty:
        shown = seats["p_holm"] <= claims.ALPHA
        pool = seats[shown] if shown.any() else seats
        r = pool.loc[pool["diff"].abs().idxmax()]
        out.append(claims.sentence("change", f"Seat {int(r['seat']) + 1}'s win share",
                                   _estimate(r), signed=True))
    pair = top_pair(s, base_matrix)
    if pair is not None:
        for table, kind, what in ((skill, "change", "The win share"),
                                  (luck_t, None, "The deal's share of the win variance")):
            hit = table[(table["candidate"] == pair["candidate"])
                        & (table["field"] == pair["field"])] if not table.empty else table
            if hit.empty:
                continue
            r = hit.iloc[0]
            subject = f"{what} of {pair['candidate']} against {pair['field']}"
            if pd.isna(r["diff"]):   # a deal share undefined in either run
                why = [undefined_reason(r[run], r["deals"], r.get(f"{run}_won")) for run in
                       ("base", "variant")]
                out.append(f"{subject} is undefined (base: {why[0] or 'defined'}; variant: "
                           f"{why[1] or 'defined'})")
                continue
            out.append(claims.sentence("change", subject, _estimate(r),
                                       overrides=None if kind else CHANGE, signed=True))
    return [t[:1].upper() + t[1:] + "." for t in out]


def cells(t: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    out = t[keys].astype(str).copy()
    if "seat" in out:
        out["seat"] = (t["seat"] + 1).astype(str)
    for run in ("base", "variant"):
        if f"{run}_won" in t:   # a deal share: undefined, or without interval, says why
            out[f"{run} [95%]"] = [share_cell(r[run], r[f"{run}_lo"], r[f"{run}_hi"],
                                              undefined_reason(r[run], r["deals"],
                                                               r[f"{run}_won"]),
                                              r[f"{run}_note"]) for _, r in t.iterrows()]
        else:
            out[f"{run} [95%]"] = fmt.interval_column(t, [run, f"{run}_lo", f"{run}_hi"])
    out["difference [95%]"] = [
        "undefined" if pd.isna(a) else fmt.signed_interval(a, b, c)
        for a, b, c in t[["diff", "diff_lo", "diff_hi"]].itertuples(index=False)]
    if "p_holm" in t:
        out["Holm p"] = t["p_holm"].map(fmt.pvalue)
    return out


def links_section(base_dir: Path, variant_dir: Path, out: Path) -> Section:
    """Links to both dossiers' pages (those written) and to this page's tables."""
    pages = [(d / "page" / "index.html", f"the {run}'s dossier") for run, d in
             (("variant", variant_dir), ("base", base_dir))]
    rows = [(Path(os.path.relpath(p.resolve(), out.resolve())).as_posix(), what)
            for p, what in pages if p.exists()]
    rows += [(f"{name}.csv", f"the {name} table") for name in TABLES]
    frame = pd.DataFrame({"file": [r for r, _ in rows], "what": [w for _, w in rows]})
    return Section("files", "Pages and tables", [Table("", frame, links={
        "file": frame["file"].tolist()})])


def excluded(runs: dict[str, Run]) -> tuple[list[Note], dict[str, pd.DataFrame]]:
    """The notice of each run that left games out, and their tables (excluded_<run>.csv)."""
    notes = [Note(f"{name}: {run.excluded.notice(f'excluded_{name}.csv')}", warning=True)
             for name, run in runs.items() if run.excluded]
    return notes, {f"excluded_{name}": run.excluded.table()
                   for name, run in runs.items() if run.excluded}


TABLES = ("seats", "skill", "luck", "luck_sources", "length")


def sources_compared(base_dir: Path, variant_dir: Path, s: Settings, n_boot: int
                     ) -> tuple[pd.DataFrame, list[str]]:
    """Luck by source of both dossiers side by side, fields lowest rung first, and the notes
    on what it compares."""
    base, variant = (read_csv(d / SOURCES_FILE) for d in (base_dir, variant_dir))
    if base is None or variant is None or base.empty or variant.empty:
        return pd.DataFrame(columns=luck_sources_change.COLUMNS), [
            "Not compared: luck by source was not played in both dossiers (--luck-deals 0, "
            "a game with one source of randomness, or no field besides the strongest plan)."]
    t, notes = luck_sources_change.changes(base, variant, n_boot)
    return in_rung_order(t, s.rungs, ["field"]), notes


def sources_section(t: pd.DataFrame, notes: list[str]) -> Section:
    items: list = [Note(n) for n in notes]
    if not t.empty:
        items.append(Table(
            f"Share of the variance of {t['candidate'].iloc[0]}'s result explained by each "
            "source of randomness [95%], per field and result",
            luck_sources_change.cells(t, source_cell),
            "Crossed deals, analysed in each dossier as on its page (crossed random-effects "
            "analysis of variance, bootstrap redrawing each source's deals within each "
            "block); the difference is variant minus base, its interval a percentile "
            "bootstrap of the difference."))
    return Section("sources", "Luck by source of randomness", items)


def write(base_dir: Path, variant_dir: Path, s: Settings, out: Path,
          n_boot: int = luck.N_BOOT) -> Written:
    """Write the comparison page and tables into `out` (RunDataError on bad input)."""
    base, variant = load_run(base_dir / "skill"), load_run(variant_dir / "skill")
    both = paired(base.results, variant.results)
    if both.empty:
        raise RunDataError(f"the dossiers in {base_dir} and {variant_dir} share no games",
                           "play both with the same game, seed, rungs, players and games")
    seats = seat_changes(both)
    skill = in_rung_order(skill_changes(both), s.rungs, ["candidate", "field"])
    luck_t = in_rung_order(luck_changes(both, n_boot), s.rungs, ["field", "candidate"])
    sources, source_notes = sources_compared(base_dir, variant_dir, s, n_boot)
    length = length_change(both)
    lines = headline(s, seats, skill, luck_t, field_matrix(base.results, s.rungs))
    notes, left_out = excluded({"base": base, "variant": variant})
    source_change = luck_sources_change.shown_change(sources)
    source_notes = ([source_change] if source_change else []) + source_notes
    groups = {"deals": "deal groups"}
    sections = [
        Section("headline", "Headline", notes + [Note(t) for t in lines]),
        Section("seats", "Seats", [Table("Win share by seat", cells(
            seats, ["seat", "deals"]).rename(columns=groups))]),
        Section("skill", "The skill gradient", [Table(
            "Candidate's win share against each field", cells(skill, ["candidate", "field",
                                                                      "deals"]))]),
        Section("luck", "Luck", [Table("Deal's share of the candidate's win variance",
                                       cells(luck_t, ["candidate", "field", "deals"]))]),
        sources_section(sources, source_notes),
        Section("length", "Length", [Table("Decisions per game", cells(
            length, ["measure", "deals"]).rename(columns=groups))]),
        Section("method", "Method", [Note(
            "Both dossiers play the same deals (same seed, matchups and seatings); every "
            "difference is variant minus base, per deal (paired t interval over the deals, "
            "Holm-corrected p across each table), the deal's share with a paired bootstrap "
            "over the deals. Base and variant each show their own 95% interval, as on their "
            "dossier pages.")]),
        links_section(base_dir, variant_dir, out)]
    page = render_page(f"meeplab dossier comparison: {s.game}, {variant.info.variant} against "
                       f"{base.info.variant}", f"{len(both)} seats played in both",
                       sections, footer(variant.info, variant.results))
    tables = {"seats": seats, "skill": skill, "luck": luck_t, "luck_sources": sources,
              "length": length}
    index, figures = write_output(out, page, sections, tables | left_out)
    data = {"headline": lines, "notes": source_notes,
            **{k: records(v) for k, v in tables.items()}}
    (out / "comparison.json").write_text(json.dumps(data, indent=1, default=str),
                                         encoding="utf-8")
    return Written(out, index, figures, lines, data)
