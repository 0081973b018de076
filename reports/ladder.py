"""The skill ladder's page and table (`meeplab ladder`), from a run's results DataFrame.

The run holds two kinds of matchups (sim/ladder.py): one-vs-field lineups, a candidate with
players-1 copies of one field strategy, and round-robin windows of consecutive rungs. The page
shows the one-vs-field matrix (the candidate's win share with its 95% interval, per field),
each rung against the one below (a paired t test on the deal groups of the round-robin windows
where both sat, Holm-corrected over the ladder's steps) and a plot of the matrix.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from reports import stats
from reports.files import write_whole
from reports.html import Figure, Note, Section, Table, render_page
from reports.plots import plt, png
from reports.runs import Excluded
from reports.text import plural


def field_matrix(df: pd.DataFrame, rungs: Sequence[str]) -> pd.DataFrame:
    """One row per one-vs-field matchup: candidate, field, games, the candidate's win share
    and its 95% interval (deal groups as units), and the fair share 1 / players."""
    rows = []
    for stratum, g in df.groupby("stratum", sort=False):
        lineup = sorted(set(g["strategy"]))
        if len(lineup) != 2:
            continue
        counts = g.groupby("strategy").size()  # seats per strategy, over all its games
        if counts.min() != g["game_id"].nunique():
            continue  # the candidate holds one seat of every game
        cand = str(counts.idxmin())
        field = next(s for s in lineup if s != cand)
        seats = g[g["strategy"] == cand]
        win, lo, hi = stats.share_interval(seats["win_share"].to_numpy(),
                                           seats["cluster"].to_numpy())
        rows.append({"candidate": cand, "field": field, "players": int(g["players"].iloc[0]),
                     "games": int(g["game_id"].nunique()), "win_share": win, "win_lo": lo,
                     "win_hi": hi, "fair": 1.0 / int(g["players"].iloc[0])})
    out = pd.DataFrame(rows, columns=["candidate", "field", "players", "games", "win_share",
                                      "win_lo", "win_hi", "fair"])
    order = {name: i for i, name in enumerate(rungs)}
    return out.sort_values(["candidate", "field"], key=lambda c: c.map(order)).reset_index(
        drop=True)


def steps(df: pd.DataFrame, rungs: Sequence[str]) -> pd.DataFrame:
    """Each rung against the one below: mean difference of win share over the round-robin
    deal groups where both sat, its interval, p-value and the Holm decision over the steps."""
    window = df[df.groupby("stratum")["strategy"].transform("nunique") > 2]
    rows = []
    for lower, upper in zip(rungs, rungs[1:]):
        means = stats.cluster_means(window, "win_share")
        if upper in means and lower in means:
            both = means[[upper, lower]].dropna()
            mean, lo, hi, p = stats.paired_t(both[upper] - both[lower])
        else:
            both, mean, lo, hi, p = [], np.nan, np.nan, np.nan, np.nan
        rows.append({"rung": upper, "below": lower, "deals": len(both), "diff": mean,
                     "diff_lo": lo, "diff_hi": hi, "p": p})
    out = pd.DataFrame(rows, columns=["rung", "below", "deals", "diff", "diff_lo", "diff_hi",
                                      "p"])
    out["p_holm"], out["significant"] = stats.holm(out["p"].to_numpy())
    return out


def matrix_plot(matrix: pd.DataFrame, rungs: Sequence[str]) -> bytes:
    """Heat map of the candidates' win shares (rows) against each field (columns)."""
    names = [r for r in rungs if r in set(matrix["candidate"]) | set(matrix["field"])]
    grid = np.full((len(names), len(names)), np.nan)
    for r in matrix.itertuples():
        grid[names.index(r.candidate), names.index(r.field)] = r.win_share
    fig, ax = plt.subplots(figsize=(1.2 + 0.7 * len(names), 1.0 + 0.6 * len(names)))
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("field (players - 1 copies)")
    ax.set_ylabel("candidate")
    for i in range(len(names)):
        for j in range(len(names)):
            if np.isfinite(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=7)
    fig.colorbar(im, ax=ax, label="candidate's win share")
    return png(fig)


def _cells(table: pd.DataFrame) -> pd.DataFrame:
    out = table.copy()
    for col in out.columns:
        if out[col].dtype.kind == "f":
            out[col] = out[col].map(lambda x: "" if not np.isfinite(x) else f"{x:.3f}")
    return out.astype(str)


def write(df: pd.DataFrame, rungs: Sequence[str], game: str, out_dir: Path,
          excluded: Excluded | None = None) -> tuple[Path, Path]:
    """Write ladder.html (self-contained) and ladder.csv (the matrix) into out_dir, and
    excluded.csv when the run left games out (`excluded`, from reports.runs.load_run)."""
    matrix = field_matrix(df, rungs)
    ladder = steps(df, rungs)
    above = matrix["win_lo"] > matrix["fair"]
    players = int(df["players"].iloc[0])
    sections = [
        Section("matrix", "One against the field", [
            Note(f"Each candidate against {plural(players - 1, 'copy', 'copies')} of each field "
                 "strategy, in "
                 "every seat rotation on duplicate deals. Highlighted: the 95% interval lies "
                 "above the fair share 1 / players."),
            Figure("matrix", "Win share against each field", matrix_plot(matrix, rungs)),
            Table("", _cells(matrix), highlight=list(above))]),
        Section("steps", "Each rung against the one below", [
            Note("Paired difference of win share (rung - the rung below) over the deal groups "
                 "of the round-robin windows (consecutive rungs) where both sat; paired t "
                 "test, Holm-corrected over the steps (alpha 0.05)."),
            Table("", _cells(ladder), highlight=list(ladder["significant"]))]),
        Section("methods", "Methods", [
            Note("Win shares: Wilson 95% interval on the effective sample size n / design "
                 "effect, deal groups as units (reports/stats.py)."),
            Note("Rungs, lowest first: " + ", ".join(rungs) + ".")]),
    ]
    if excluded:
        sections[0].items.insert(0, Note(excluded.notice("excluded.csv"), warning=True))
    out_dir.mkdir(parents=True, exist_ok=True)
    html, csv = out_dir / "ladder.html", out_dir / "ladder.csv"
    if excluded:
        write_whole(out_dir / "excluded.csv", excluded.table().to_csv(index=False).encode())
    page = render_page(f"meeplab ladder: {game}", f"{players} players, "
                       f"{plural(df['game_id'].nunique(), 'game')}", sections,
                       [("rungs", list(rungs))])
    write_whole(csv, matrix.to_csv(index=False).encode())
    write_whole(html, page.encode())
    return html, csv
