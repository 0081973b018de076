"""The figures of one rule set in a skill-preserving rules tune (sim/studies/pareto.py), each with its
95% interval, from its two runs and the base rules' runs on the same deals:

- balance: a balance index of the strategies' win shares in the base tournament (spread = sd,
  max - min or Gini; percentile bootstrap over the deal groups) and its change against the
  base rules (paired bootstrap; reports/studies/sweep.py);
- first seat: the win share of seat 1 (the first of every seating) over the fair share
  (reports/stats.py's seat advantage);
- skill: the top rung's win share over the fair share in its one-vs-field matchups (the design
  dossier's skill gap) and its change against the base rules, paired per deal
  (reports/studies/dossier_compare.py);
- length: the mean of a length measure per game (the dossier's length table).

Every figure is a flat dict entry `<figure>`, `<figure>_lo`, `<figure>_hi` (changes:
`<figure>_change...`), NaN where it cannot be measured (a change of the base rules against
themselves is 0).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from reports import stats
from reports.studies.dossier import LENGTH_LABELS, length_table, one_vs_field
from reports.studies.dossier_compare import paired
from reports.studies.sweep import balance_intervals

FIGURES = ("balance", "first_seat", "skill", "length")
CHANGES = ("balance", "skill")


def length_name(measure: str) -> str:
    """The dossier's label of a length measure: 'rounds' -> 'rounds per game'."""
    return LENGTH_LABELS[measure]


def balance(trial: pd.DataFrame, base: pd.DataFrame | None, index: str, n_boot: int
            ) -> dict[str, float]:
    """The balance index of the trial's win shares and its change against the base."""
    frames = {"trial": trial} if base is None else {"base": base, "trial": trial}
    table = balance_intervals(frames, n_boot)
    row = table[(table["run"] == "trial") & (table["index"] == index)].iloc[0]
    out = {"balance": row["value"], "balance_lo": row["lo"], "balance_hi": row["hi"]}
    if base is not None:
        out |= {"balance_change": row["diff"], "balance_change_lo": row["diff_lo"],
                "balance_change_hi": row["diff_hi"]}
    return out


def first_seat(trial: pd.DataFrame) -> dict[str, float]:
    """Seat 1's win share over the fair share, with its interval."""
    seats = stats.seat_advantage(trial)
    row = seats[seats["seat"] == 0].iloc[0]
    return {"first_seat": row["advantage"], "first_seat_lo": row["adv_lo"],
            "first_seat_hi": row["adv_hi"]}


def top_rows(df: pd.DataFrame, top: str) -> pd.DataFrame:
    """The top rung's rows in its one-vs-field matchups."""
    strata = [s for s, (cand, _) in one_vs_field(df).items() if cand == top]
    return df[df["stratum"].isin(strata) & (df["strategy"] == top)]


def skill(trial: pd.DataFrame, base: pd.DataFrame | None, top: str) -> dict[str, float]:
    """The top rung's win share over the fair share against the fields, and its change
    against the base rules (per matchup and deal: the mean over the seatings)."""
    mine = top_rows(trial, top)
    share, lo, hi = stats.share_interval(mine["win_share"].to_numpy(), *stats.design(mine))
    fair = 1.0 / int(mine["players"].iloc[0]) if len(mine) else math.nan
    out = {"skill": share - fair, "skill_lo": lo - fair, "skill_hi": hi - fair}
    if base is not None:
        both = paired(base, trial)
        both = both[both["strategy"] == top]
        both = both[both["stratum"].isin(top_rows(base, top)["stratum"].unique())]
        per = both.groupby(["stratum", "deal"])[["win_share_b", "win_share_v"]].mean()
        diff, dlo, dhi, _ = stats.paired_t((per["win_share_v"] - per["win_share_b"]).to_numpy(),
                                           stats.SHARE_DIFF)
        out |= {"skill_change": diff, "skill_change_lo": dlo, "skill_change_hi": dhi}
    return out


def length(trial: pd.DataFrame, measure: str) -> dict[str, float]:
    """The mean of a length measure per game and its interval."""
    table = length_table(trial)
    row = table[table["measure"] == length_name(measure)].iloc[0]
    return {"length": row["mean"], "length_lo": row["lo"], "length_hi": row["hi"]}


def figures(balance_run: pd.DataFrame, skill_run: pd.DataFrame,
            base: tuple[pd.DataFrame, pd.DataFrame] | None, index: str, top: str,
            measure: str, n_boot: int) -> dict[str, float]:
    """Every figure of one rule set (`base`: the base rules' balance and skill runs, None for
    the base rules themselves: their changes are 0)."""
    base_balance, base_skill = base if base is not None else (None, None)
    out = (balance(balance_run, base_balance, index, n_boot) | first_seat(balance_run)
           | skill(skill_run, base_skill, top) | length(balance_run, measure))
    if base is None:
        out |= {f"{name}_change{end}": 0.0 for name in CHANGES for end in ("", "_lo", "_hi")}
    return {k: float(v) if v is not None and np.isfinite(v) else math.nan
            for k, v in out.items()}
