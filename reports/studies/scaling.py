"""The scaling ladder's page and table (`meeplab ladder GAME --scaling`), from a run's results.

Each doubling is one one-vs-field matchup: the higher budget level against players-1 copies
of the level below, in every seat rotation on duplicate deals. Its row (reports.studies.ladder's
field_matrix: the win share with a 95% interval over deal groups) gains the gain over the fair
share and whether the interval lies above it. The headline says up to which level every
doubling gains, and where the gain vanishes: the first doubling whose interval does not lie
above the fair share.

The table (`scaling.csv`, columns in COLUMNS) sits beside the page.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from reports import fmt, stats
from reports.html import Figure, Note, Section, Table, render_page
from reports.studies.ladder import (
    UNIT_NOTE, WILSON_NOTE, bounds, check, copies, field_matrix, headline_section, write_files,
)
from reports.plots import plt, png

COLUMNS = {   # scaling.csv column -> what it holds
    "level": "iterations per decision of the higher level",
    "below": "iterations per decision of the level below",
    "players": "players per game (the higher level in one seat, the level below in the rest)",
    "games": "games played",
    "deals": "deal groups (a deal played in every seat rotation)",
    "win_share": "the higher level's win share (ties split)",
    "win_lo": "low end of its 95% interval",
    "win_hi": "high end of its 95% interval",
    "fair_share": "1 / players",
    "gain": "win_share - fair_share",
    "gain_lo": "win_lo - fair_share",
    "gain_hi": "win_hi - fair_share",
    "shown": "the interval lies above the fair share",
}


def table(df: pd.DataFrame, rungs: Sequence[str], levels: Sequence[int]) -> pd.DataFrame:
    """One row per step of the levels (rungs: their strategy names, lowest first): the higher
    level against the one below; a step not played has no row."""
    matrix = field_matrix(df, rungs).set_index(["candidate", "field"])
    rows = []
    for (lower, upper), (low, high) in zip(zip(rungs, rungs[1:]), zip(levels, levels[1:])):
        if (upper, lower) not in matrix.index:
            continue
        r = matrix.loc[(upper, lower)]
        fair = float(r["fair_share"])
        rows.append({"level": int(high), "below": int(low), "players": int(r["players"]),
                     "games": int(r["games"]), "deals": int(r["deals"]),
                     **{k: float(r[k]) for k in stats.WIN}, "fair_share": fair,
                     "gain": r["win_share"] - fair, "gain_lo": r["win_lo"] - fair,
                     "gain_hi": r["win_hi"] - fair, "shown": bool(r["win_lo"] > fair)})
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _step(rows: pd.DataFrame) -> str:
    """'doubling' when every level is twice the one below, else 'step'."""
    return "doubling" if (rows["level"] == 2 * rows["below"]).all() else "step"


def _over(r: Any) -> str:
    """'800 over 400 iterations wins 0.41 [0.33, 0.49]'."""
    return (f"{r.level} over {r.below} iterations wins "
            f"{fmt.interval(r.win_share, r.win_lo, r.win_hi)}")


def headline(rows: pd.DataFrame, search: str = "mcts") -> list[str]:
    """Up to which level every step gains (its interval above the fair share) and the first
    step where the gain vanishes, then the gain of each step."""
    first = rows.iloc[0]
    step, fair = _step(rows), f"the fair share {first['fair_share']:.2f}"
    against = f"against {copies(int(first['players']))} of the level below"
    lost = rows[~rows["shown"]]
    if lost.empty:
        top = rows.iloc[-1]
        line = (f"Each {step} of {search}'s budget gains up to {top['level']} iterations, the "
                f"highest level played: every level wins {against} with its 95% interval "
                f"above {fair}.")
    elif lost.index[0] == rows.index[0]:
        line = (f"No {step} of {search}'s budget is shown to gain: {_over(first)} {against},"
                f" its 95% interval not above {fair}.")
    else:
        at = rows.loc[lost.index[0]]
        line = (f"Each {step} of {search}'s budget gains up to {at['below']} iterations "
                f"(its 95% interval above {fair} {against}); beyond, not shown: "
                f"{_over(at)}.")
        later = rows.loc[lost.index[0]:].iloc[1:]
        later = later[later["shown"]]
        if not later.empty:
            line += " Shown again higher up: " + ", ".join(
                f"{r.level} over {r.below}" for r in later.itertuples()) + "."
    gains = ", ".join(f"{r.level} over {r.below} {fmt.signed_interval(r.gain, r.gain_lo, r.gain_hi)}"
                      for r in rows.itertuples())
    return [line, f"Gain over the fair share per {step}: {gains}."]


def plot(rows: pd.DataFrame) -> bytes:
    """Each step's win share with its 95% interval against the level below, the fair share
    as a line."""
    fig, ax = plt.subplots(figsize=(1.5 + 0.7 * len(rows), 3.0))
    x = np.arange(len(rows))
    err = np.vstack([rows["win_share"] - rows["win_lo"], rows["win_hi"] - rows["win_share"]])
    ax.errorbar(x, rows["win_share"], yerr=np.nan_to_num(err), fmt="o", capsize=4)
    ax.axhline(float(rows["fair_share"].iloc[0]), color="grey", linestyle="--",
               label="fair share")
    ax.set_xticks(x, [f"{r.level}\nvs {r.below}" for r in rows.itertuples()])
    ax.set_xlabel("iterations per decision (higher level vs the level below)")
    ax.set_ylabel("higher level's win share")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper right")
    return png(fig)


def cells(rows: pd.DataFrame) -> pd.DataFrame:
    """The table for people: formatted cells under readable column names."""
    def signed(x: float) -> str:
        return fmt.signed_interval(x, np.nan, np.nan)
    return pd.DataFrame({
        "iterations": rows["level"].astype(str), "level below": rows["below"].astype(str),
        "games": rows["games"].astype(str), "deal groups": rows["deals"].astype(str),
        "win share": rows["win_share"].map(lambda x: fmt.num(x, 3)),
        "95% interval": [bounds(lo, hi, lambda x: fmt.num(x, 3))
                         for lo, hi in zip(rows["win_lo"], rows["win_hi"])],
        "fair share": rows["fair_share"].map(lambda x: fmt.num(x, 3)),
        "gain": rows["gain"].map(signed),
        "gain interval": [bounds(lo, hi, signed)
                          for lo, hi in zip(rows["gain_lo"], rows["gain_hi"])],
        "shown": rows["shown"].map({True: "yes", False: "no"})})


def write(df: pd.DataFrame, rungs: Sequence[str], levels: Sequence[int], game: str,
          out_dir: Path, excluded: Any = None, search: str = "mcts"
          ) -> tuple[Path, Path, list[str]]:
    """Write scaling.html (self-contained) and scaling.csv into out_dir, and excluded.csv when
    the run left games out (its notice joins the headline): the page, the table and the
    headline lines (RunDataError when no step was played)."""
    rows = table(df, rungs, levels)
    check(rows, out_dir.parent)
    lines = headline(rows, search)
    field = copies(int(rows["players"].iloc[0]))
    sections = [
        headline_section(lines, excluded),
        Section("levels", "Each level against the level below", [
            Note(f"The higher level in one seat, {field} of the level below in the others, "
                 "in every seat rotation on duplicate deals. Highlighted: the 95% interval "
                 "lies above the fair share 1 / players (the gain is shown)."),
            Figure("levels", "Win share against the level below", plot(rows)),
            Table("", cells(rows), highlight=list(rows["shown"]))]),
        Section("methods", "Methods", [
            UNIT_NOTE,
            Note(WILSON_NOTE + "; the gain is the win share minus the fair share, its "
                 "interval the win share's shifted."),
            Note(f"The gain vanishes at the first {_step(rows)} whose interval does not lie "
                 "above the fair share; the intervals are not adjusted for the several "
                 "steps."),
            Note(f"Levels of {search}, iterations per decision, lowest first: "
                 + ", ".join(map(str, levels)) + ".")]),
    ]
    page = render_page(f"meeplab ladder --scaling: {game}", f"{field} of the level below, "
                       f"{df['game_id'].nunique()} games", sections,
                       [("levels", [str(n) for n in levels])])
    html = write_files(out_dir, "scaling.html", page, {"scaling.csv": rows}, excluded)
    return html, out_dir / "scaling.csv", lines
