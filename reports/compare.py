"""`meeplab compare RUN_A RUN_B [...]`: the same strategies in several runs side by side.

Typical use: one tournament under two rule variants. The first run is the baseline; each other
run's win share and mean score per (players, strategy) is compared with it, Holm-corrected:
paired over the deal groups when the runs share their deals (same config and seed, as the
variants of `meeplab sweep`; see reports/studies/sweep.py), else as independent runs with deal-group
variances. Balance indices per run come with bootstrap intervals and, against the baseline,
paired bootstrap differences. The figures put the runs side by side. Written like the report:
index.html, PNGs and CSVs.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pandas as pd

from reports import compare_headline, fmt, plots, stats
from reports.games import Sections, game_sections
from reports.html import Figure, Note, Section, Table, render_page
from reports.report import EXCLUDED, Written, footer, records, write_output
from reports.runs import Run, RunDataError, drop_everywhere, load_run
from reports.studies import restrict_compare, sweep
from reports.text import plural, terminal_width, text_table, wrap

BALANCE = {"spread_sd": "spread (sd)", "max_minus_min": "max - min", "gini": "Gini"}
METRICS = {"win_share": ("win share", 3), "score": ("mean score", 2)}


def run_labels(runs: list[Run]) -> list[str]:
    """A unique short label per run: its directory name (numbered when names repeat)."""
    labels: list[str] = []
    for i, run in enumerate(runs):
        name = run.info.name
        labels.append(name if name not in labels else f"{name}#{i + 1}")
    return labels


def default_out(run_dirs: list[Path]) -> Path:
    """Next to the first run: compare-<a>-vs-<b>[...]."""
    names = [p.resolve().name for p in run_dirs]
    return run_dirs[0].resolve().parent / ("compare-" + "-vs-".join(names))


def side_by_side(frames: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """strategy_summary of every run, long form with a `run` column."""
    return pd.concat([stats.strategy_summary(df).assign(run=name)
                      for name, df in frames.items()], ignore_index=True)


def wide_cells(summary: pd.DataFrame, deltas: pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """Per (players, strategy): each run's win share [95%] and each delta against the first."""
    keys = summary[["players", "strategy"]].drop_duplicates().sort_values(
        ["players", "strategy"])
    out = keys.reset_index(drop=True)
    for name in names:
        t = summary[summary["run"] == name].set_index(["players", "strategy"])
        t = t.reindex(pd.MultiIndex.from_frame(keys))
        out[f"{name} win share [95%]"] = fmt.interval_column(t, stats.WIN)
    for name in names[1:]:
        d = deltas[deltas["run"] == name].set_index(["players", "strategy"])
        d = d.reindex(pd.MultiIndex.from_frame(keys))
        out[f"{name} - {names[0]} [95%]"] = fmt.interval_column(d, stats.DIFF, signed=True)
        out[f"Holm p ({name})"] = [fmt.pvalue(p) for p in d["p_holm"]]
    return out


def delta_cells(deltas: pd.DataFrame, digits: int) -> pd.DataFrame:
    return pd.DataFrame({
        "run": deltas["run"], "players": deltas["players"], "strategy": deltas["strategy"],
        "baseline": [fmt.num(x, digits) for x in deltas["base"]],
        "this run": [fmt.num(x, digits) for x in deltas["value"]],
        "difference [95%]": fmt.interval_column(deltas, stats.DIFF, digits=digits, signed=True),
        "p": [fmt.pvalue(p) for p in deltas["p"]],
        "Holm p": [fmt.pvalue(p) for p in deltas["p_holm"]],
        "significant": ["yes *" if s else "no" for s in deltas["significant"]]})


def balance(summary: pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """balance_indices of every run, with a `run` column first."""
    parts = [stats.balance_indices(summary[summary["run"] == n]).assign(run=n) for n in names]
    table = pd.concat(parts, ignore_index=True)
    return table[["run"] + [c for c in table.columns if c != "run"]]


def balance_cells(table: pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """Per (players, index): each run's value [95%], then each change against the first."""
    keys = table[["players", "index"]].drop_duplicates()
    out = pd.DataFrame({"players": keys["players"],
                        "index": [BALANCE[i] for i in keys["index"]]}).reset_index(drop=True)
    for name in names:
        t = table[table["run"] == name].set_index(["players", "index"]).reindex(
            pd.MultiIndex.from_frame(keys))
        out[f"{name} [95%]"] = fmt.interval_column(t, ("value", "lo", "hi"))
        if name != names[0]:
            out[f"{name} - {names[0]} [95%]"] = fmt.interval_column(t, stats.DIFF, signed=True)
            out[f"Holm p ({name})"] = [fmt.pvalue(p) for p in t["p_holm"]]
    return out


def seat_table(frames: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """seat_advantage of every run in the `mean`/`lo`/`hi` shape of the plots."""
    parts = []
    for name, df in frames.items():
        t = stats.seat_advantage(df)
        parts.append(pd.DataFrame({"run": name, "players": t["players"],
                                   "seat": [f"seat {s + 1}" for s in t["seat"]],
                                   "mean": t["advantage"], "lo": t["adv_lo"],
                                   "hi": t["adv_hi"]}))
    return pd.concat(parts, ignore_index=True)


def sections(frames: dict[str, pd.DataFrame], runs: list[Run]) -> tuple[list[Section],
                                                                         dict[str, pd.DataFrame]]:
    """The comparison's sections and its tables (for CSV)."""
    names = list(frames)
    summary = side_by_side(frames)
    paired = sweep.common_deals(frames)
    deltas = {m: (sweep.paired_deltas if paired else stats.run_deltas)(frames, m)
              for m in METRICS}
    test = ("paired t test over the deal groups the runs share (same deals: the difference "
            "is the rule's, not the dice's)" if paired else
            "difference of means of two independent runs, each with its deal-group variance "
            "(normal approximation)")
    bal = sweep.balance_intervals(frames, seed=runs[0].info.seed or 0)
    points = balance(summary, names)
    bal_changes = bal.dropna(subset=["p"])
    seats = seat_table(frames)
    win_long = summary.rename(columns={"win_share": "mean", "win_lo": "lo", "win_hi": "hi"})
    out = [
        compare_headline.section(frames, deltas["win_share"], bal, test),
        Section("runs", "Runs", [Table("", pd.DataFrame({
            "run": names, "run id": [r.info.run_id for r in runs],
            "variant": [r.info.variant for r in runs],
            "config hash": [r.info.config_hash or "-" for r in runs],
            "seed": [r.info.seed for r in runs],
            "games": [df["game_id"].nunique() for df in frames.values()]}),
            f"The first run, {names[0]}, is the baseline of every difference.")]),
        Section("win-shares", "Win shares side by side", [
            Table("", wide_cells(summary, deltas["win_share"], names)),
            Figure("compare_win_share", "Win share by run", plots.grouped_intervals(
                win_long, "strategy", "run", "Win share by strategy and run",
                "win share (95% interval)", ref=lambda n: 1 / n))])]
    for metric, (title, digits) in METRICS.items():
        d = deltas[metric]
        significant = int(d["significant"].sum())
        out.append(Section(f"delta-{metric}", f"Differences in {title}", [
            Note(f"{significant} of {plural(len(d), 'difference')} "
                 f"{'is' if significant == 1 else 'are'} significant after Holm "
                 f"correction (alpha 0.05). Test: {test}."),
            Table("", delta_cells(d, digits), highlight=d["significant"].tolist())]))
    out += [
        Section("balance", "Balance", [
            Note(f"{int(bal_changes['significant'].sum())} of {len(bal_changes)} changes "
                 "of a balance index are significant after Holm correction per index "
                 "(alpha 0.05)."),
            Table("Balance indices per run", balance_cells(bal, names),
                  "Over the strategies' win shares at one player count: standard "
                  "deviation, max - min, Gini coefficient (0 = every strategy wins equally "
                  f"often). Intervals: {sweep.N_BOOT} bootstrap resamples of the deal groups "
                  "within each matchup; changes " + ("paired (the same resampled deals in "
                                                     "both runs)." if paired else
                                                     "from the joint resamples.")),
            Figure("compare_balance", "Balance by run", plots.grouped_intervals(
                bal.assign(index=bal["index"].map(BALANCE)).rename(columns={"value": "mean"}),
                "index", "run", "Balance of the strategies' win shares (lower is more "
                "balanced)", "index value (95% bootstrap interval)"))]),
        Section("seats", "Seat advantage side by side", [
            Figure("compare_seats", "Seat advantage by run", plots.grouped_intervals(
                seats, "seat", "run", "Seat advantage by run", "win share - fair share",
                ref=lambda n: 0.0))])]
    tables = {"summary": summary, "win_share_deltas": deltas["win_share"],
              "score_deltas": deltas["score"], "balance": points, "balance_intervals": bal}
    return out, tables


def per_run_game_sections(game: str, frames: dict[str, pd.DataFrame],
                          by_game: Mapping[str, Sections]) -> list[Section]:
    """Each run's game-specific sections (from `by_game`, see reports.games), titled and keyed
    by the run, their figures named after it."""
    out = []
    for name, df in frames.items():
        for sec in game_sections(by_game, game, df):
            items = [replace(i, name=f"{name}_{i.name}") if isinstance(i, Figure) else i
                     for i in sec.items]
            out.append(Section(f"{name}-{sec.key}", f"{name}: {sec.title}", items))
    return out


def design_warnings(frames: dict[str, pd.DataFrame]) -> list[str]:
    """One line per way a run's design differs from the baseline's (its field of strategies,
    its player counts): then a change in win share is not the rule's alone."""
    def design(df: pd.DataFrame) -> dict[str, list[str]]:
        return {"field": sorted(df["strategy"].astype(str).unique()),
                "players": [str(p) for p in sorted(df["players"].unique())]}
    names, designs = list(frames), [design(df) for df in frames.values()]
    out = []
    for key in ("field", "players"):
        for name, d in zip(names[1:], designs[1:]):
            if d[key] != designs[0][key]:
                out.append(f"warning: {name} differs from the baseline {names[0]} in {key} "
                           f"({', '.join(d[key])} vs {', '.join(designs[0][key])}): its "
                           "changes mix the rules with who plays, compare runs of one design")
    return out


def excluded_warnings(runs: list[Run], names: list[str], lost: int) -> list[str]:
    """Per run that left games out, its sentence; and the deal groups left out of the others
    to keep them paired."""
    out = [f"warning: {n}: {r.excluded.sentence(f'{EXCLUDED}.csv')}"
           for n, r in zip(names, runs) if r.excluded]
    if lost:
        out.append(f"warning: the same deals are left out of every run, so that the runs stay "
                   f"paired ({plural(lost, 'deal group')} in all)")
    return out


def first_k(run: Run) -> int:
    """How many first elements a restricted-play comparison holds to: the baseline's `top`,
    else restrict_compare.TOP."""
    stopping = run.info.stopping or {}
    return int(stopping.get("top", restrict_compare.TOP))


def compare(run_dirs: list[str | Path], out_dir: Path | None = None, title: str | None = None,
            by_game: Mapping[str, Sections] | None = None) -> Written:
    """Load two or more runs of one game and write their comparison (RunDataError on bad
    input), with each run's game sections from `by_game` (game name -> sections, see
    reports.games); default output directory: next to the first run (`default_out`). The
    terminal lines are the balance table and the significant win-share changes."""
    paths = [Path(p) for p in run_dirs]
    if len(paths) < 2:
        raise RunDataError("compare needs at least two run directories",
                           "give RUN_A RUN_B [...]")
    runs = [load_run(p) for p in paths]
    games = sorted({r.info.game for r in runs})
    if len(games) > 1:
        raise RunDataError(f"the runs are of different games ({', '.join(games)})",
                           "compare runs of one game")
    names = run_labels(runs)
    paired, lost = drop_everywhere(runs)
    frames = {name: run.results for name, run in zip(names, paired)}
    secs, tables = sections(frames, runs)
    warnings = design_warnings(frames) + excluded_warnings(runs, names, lost)
    secs[0].items[:0] = [Note(w.removeprefix("warning: "), warning=True) for w in warnings]
    if any(r.excluded for r in runs):
        tables[EXCLUDED] = pd.concat([r.excluded.table().assign(run=n)
                                      for n, r in zip(names, runs)], ignore_index=True)
    restricted = restrict_compare.section(frames, first_k(runs[0]))
    lines: list[str] = []
    if restricted is not None:
        secs.insert(1, restricted[0])
        tables |= restricted[1]
        lines = restricted[2] + [""]
    secs += per_run_game_sections(games[0], frames, by_game or {})
    title = title or f"meeplab comparison: {' vs '.join(names)}"
    subtitle = f"{games[0]}: baseline {names[0]}"
    facts = [(f"{name}: {term}", value) for name, run in zip(names, runs)
             for term, value in footer(run.info, frames[name])]
    page = render_page(title, subtitle, secs, facts)
    out = out_dir or default_out(paths)
    index, figures = write_output(out, page, secs, tables)
    data = {"runs": names, "warnings": warnings} | {k: records(t) for k, t in tables.items()}
    headline = compare_headline.lines(frames, tables["win_share_deltas"],
                                      tables["balance_intervals"])
    data["headline"] = headline
    text = wrap(warnings + lines, terminal_width()) + terminal_lines(tables, names, headline)
    return Written(out, index, figures, text, data)


def terminal_cells(summary: pd.DataFrame, deltas: pd.DataFrame,
                   names: list[str]) -> pd.DataFrame:
    """Per (players, strategy): the baseline's win share, then each run's change against it
    with its interval ('*': significant after Holm); the runs' own intervals and the p values
    are in the page and the CSVs."""
    wide = wide_cells(summary, deltas, names)
    out = wide[["players", "strategy"]].copy()
    out[f"{names[0]} win share"] = [c.split(" [")[0] for c in wide[f"{names[0]} win share [95%]"]]
    for name in names[1:]:
        d = deltas[deltas["run"] == name].set_index(["players", "strategy"]).reindex(
            pd.MultiIndex.from_frame(wide[["players", "strategy"]]))
        marks = [" *" if s is True else "  " for s in d["significant"]]
        out[f"{name} - {names[0]} [95%]"] = [
            c + m for c, m in zip(fmt.interval_column(d, stats.DIFF, signed=True), marks)]
    return out


def terminal_lines(tables: dict[str, pd.DataFrame], names: list[str], headline: list[str],
                   width: int | None = None) -> list[str]:
    """The headline, then the baseline's win share and each run's change per strategy, then
    the balance indices, fitted to `width` columns (default: the terminal's)."""
    width = width or terminal_width()
    summary, deltas = tables["summary"], tables["win_share_deltas"]

    def table(cells: pd.DataFrame) -> list[str]:
        return text_table(list(cells.columns), cells.astype(str).to_numpy().tolist(), 2,
                          width)
    bal = tables["balance_intervals"]
    bal_cells = balance_cells(bal, names).drop(columns=[f"Holm p ({n})" for n in names[1:]])
    return (wrap(headline, width) + [""] + table(terminal_cells(summary, deltas, names))
            + wrap(["(* significant after Holm correction; p values and each run's "
                    "intervals: index.html, win_share_deltas.csv)"], width)
            + [""] + table(bal_cells))
