"""The comparison's headline (compare and sweep pages): per run against the baseline and per
player count, the finding in one sentence written from the numbers (the win-share change with
the smallest Holm p and its interval, then the change of the spread of win shares), and how
many of the games played on the same deals differed at all.

The words follow the numbers: a positive difference "gains", a negative one "loses"; a change
that is not significant after Holm correction is said to be within noise, whatever its sign.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from reports import fmt, stats
from reports.html import Note, Section

KEYS = ["lineup", "deal", "seating", "seed", "seat"]   # one seat of one game, across runs
SKIP = {"run_id", "variant", "matchup", "game_id", "cluster", "stratum", "shard"}


def strongest(deltas: pd.DataFrame) -> pd.Series:
    """The change to tell: significant before not, then the smallest Holm p, then the
    largest size."""
    order = deltas.assign(_p=deltas["p_holm"].fillna(np.inf), _size=-deltas["diff"].abs(),
                          _sig=~deltas["significant"].astype(bool))
    return order.sort_values(["_sig", "_p", "_size", "strategy"]).iloc[0]


def win_sentence(row: pd.Series) -> str:
    """'rush gains 0.031 win share [+0.012, +0.050], significant (Holm p 0.004)' or the
    within-noise form."""
    interval = fmt.signed_interval(row["diff"], row["diff_lo"], row["diff_hi"])
    if not math.isfinite(float(row["diff"])):
        return f"no measurable change in win share ({row['strategy']}: no shared deals)"
    if bool(row["significant"]):
        verb = "gains" if row["diff"] > 0 else "loses"
        return (f"{row['strategy']} {verb} {abs(row['diff']):.3f} win share ({interval}), "
                f"significant (Holm p {fmt.pvalue(row['p_holm'])})")
    return (f"no strategy's win share changes significantly; the largest change, "
            f"{row['strategy']} {interval}, is within noise (Holm p "
            f"{fmt.pvalue(row['p_holm'])})")


def balance_sentence(row: pd.Series | None, base_value: float) -> str:
    """The change of the spread (sd) of win shares: more or less even, or within noise."""
    if row is None or not math.isfinite(float(row["diff"])):
        return ""
    interval = fmt.signed_interval(row["diff"], row["diff_lo"], row["diff_hi"])
    values = f"{fmt.num(base_value, 3)} -> {fmt.num(row['value'], 3)}"
    if bool(row["significant"]):
        way = "less even" if row["diff"] > 0 else "more even"
        return f"; the strategies' win shares become {way} (spread {values}, {interval})"
    return f"; the spread of win shares changes within noise ({values}, {interval})"


def sentences(deltas: pd.DataFrame, balance: pd.DataFrame, base: str) -> list[str]:
    """One sentence per (run, players) of `deltas` (stats.run_deltas columns, win share) and
    `balance` (sweep.balance_intervals)."""
    out = []
    spread = balance[balance["index"] == "spread_sd"]
    for (run, players), d in deltas.groupby(["run", "players"], sort=False):
        mine = spread[(spread["run"] == run) & (spread["players"] == players)]
        ref = spread[(spread["run"] == base) & (spread["players"] == players)]
        bal = balance_sentence(mine.iloc[0] if len(mine) else None,
                               float(ref["value"].iloc[0]) if len(ref) else np.nan)
        out.append(f"{run} vs {base}, {players} players: {win_sentence(strongest(d))}{bal}.")
    return out


def differing_games(base: pd.DataFrame, other: pd.DataFrame) -> tuple[int, int] | None:
    """(games that differ in any recorded result, games played in both runs), matching each
    game by its lineup, deal, seating and seed; None when the runs share no games (different
    deals or designs) or lack the columns to match them."""
    if not set(KEYS) <= set(base.columns) & set(other.columns):
        return None
    shared = [c for c in base.columns if c in other.columns and c not in SKIP
              and c not in KEYS]
    def plain(df: pd.DataFrame) -> pd.DataFrame:
        # categoricals of two runs have different categories and cannot be compared
        part = df[KEYS + shared]
        cats = [c for c in part.columns if isinstance(part[c].dtype, pd.CategoricalDtype)]
        return part.astype({c: object for c in cats}).set_index(KEYS)
    a, b = plain(base), plain(other)
    common = a.index.intersection(b.index)
    if common.empty or not common.is_unique:
        return None
    a, b = a.loc[common], b.loc[common]
    seat_differs = pd.Series(False, index=common)
    for c in shared:
        x, y = a[c], b[c]
        seat_differs |= ~((x == y) | (x.isna() & y.isna())).to_numpy()
    game = common.droplevel("seat")
    per_game = seat_differs.groupby(game).any()
    return int(per_game.sum()), int(len(per_game))


def differing_sentence(run: str, base: str, counts: tuple[int, int] | None) -> str | None:
    """'3 of 128 games ... differ' (None when unknown)."""
    if counts is None:
        return None
    changed, total = counts
    if changed == 0:
        return (f"{run} changed no game: all {total} games played on the same deals as {base} "
                "have the same result in every recorded column (scores, ranks, breakdown), so "
                f"every difference of {run} is exactly 0; the variant is inert for these "
                "strategies.")
    return (f"{changed} of {total} games played on the same deals differ between {run} and "
            f"{base} in some recorded result.")


def lines(frames: dict[str, pd.DataFrame], deltas: pd.DataFrame,
          balance: pd.DataFrame) -> list[str]:
    """The headline as terminal lines, run by run: how many of its games differ from the
    baseline's, then its findings (none for a run that changed no game)."""
    names = list(frames)
    base = names[0]
    found = sentences(deltas, balance, base)
    out = []
    for name in names[1:]:
        counts = differing_games(frames[base], frames[name])
        if (told := differing_sentence(name, base, counts)) is not None:
            out.append(told)
        if counts is None or counts[0] > 0:
            out += [t for t in found if t.startswith(f"{name} vs {base}, ")]
    return out


def section(frames: dict[str, pd.DataFrame], deltas: pd.DataFrame, balance: pd.DataFrame,
            test: str) -> Section:
    """The headline box that opens the comparison."""
    text = lines(frames, deltas, balance)
    inert = [t for t in text if " changed no game:" in t]
    return Section("headline", "Headline", [Note(t, warning=t in inert) for t in text] + [
        Note(f"Win-share changes: {test}; Holm-corrected over the whole table, alpha "
             f"{stats.ALPHA:g}. Spread: the standard deviation of the strategies' win shares "
             "(bootstrap interval of the change).")])
