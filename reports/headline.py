"""The report's headline: per player count the leading strategy with its interval and whether
it is significantly ahead of the next, the balance indices with bootstrap intervals, and the
significant pairs. The same facts open the page and the terminal summary."""
from __future__ import annotations

import pandas as pd

from reports import fmt
from reports.html import Note, Section, Table
from reports.studies import sweep

INDEX_NAMES = {"spread_sd": "spread (sd)", "max_minus_min": "max - min", "gini": "Gini"}


def leaders(summary: pd.DataFrame, pairwise: pd.DataFrame) -> pd.DataFrame:
    """Per player count: the best and second win shares, and whether the gap is significant
    (the pair's Holm-corrected paired test)."""
    rows = []
    for players, t in summary.groupby("players", sort=True):
        t = t.sort_values(["win_share", "strategy"], ascending=[False, True])
        best = t.iloc[0]
        row = {"players": players, "leader": best["strategy"], "win_share": best["win_share"],
               "win_lo": best["win_lo"], "win_hi": best["win_hi"], "next": "", "ahead": False}
        if len(t) > 1:
            second = t.iloc[1]["strategy"]
            pair = pairwise[(pairwise["players"] == players)
                            & pairwise["a"].isin([best["strategy"], second])
                            & pairwise["b"].isin([best["strategy"], second])]
            row |= {"next": second, "ahead": bool(pair["significant"].any())}
        rows.append(row)
    return pd.DataFrame(rows)


N_BOOT = 1000   # percentile intervals; the weights matrix is N_BOOT x deal groups


def balance(df: pd.DataFrame, seed: int = 0) -> pd.DataFrame:
    """Per player count and index: value and 95% bootstrap interval (deal groups resampled
    within matchups)."""
    table = sweep.balance_intervals({"run": df}, n_boot=N_BOOT, seed=seed)
    return table[["players", "index", "value", "lo", "hi"]]


def sentence(row: pd.Series) -> str:
    """'4 players: rush leads with 0.352 [0.345, 0.359], significantly ahead of cafe'."""
    text = (f"{row['players']} players: {row['leader']} leads with win share "
            f"{fmt.interval(row['win_share'], row['win_lo'], row['win_hi'])}")
    if row["next"]:
        text += (f", significantly ahead of {row['next']}" if row["ahead"] else
                 f", not significantly ahead of {row['next']}")
    return text


def significant_pairs(pairwise: pd.DataFrame) -> list[str]:
    """'a > b (n players)' for every significant pair, the better strategy first."""
    out = []
    for _, r in pairwise[pairwise["significant"]].iterrows():
        better, worse = (r["a"], r["b"]) if r["diff"] > 0 else (r["b"], r["a"])
        out.append(f"{better} > {worse} ({r['players']}p)")
    return out


def balance_cells(table: pd.DataFrame) -> pd.DataFrame:
    wide = table.assign(cell=fmt.interval_column(table, ("value", "lo", "hi"))).pivot(
        index="players", columns="index", values="cell")
    wide = wide[[k for k in INDEX_NAMES if k in wide.columns]].rename(columns=INDEX_NAMES)
    return wide.reset_index()


def lines(lead: pd.DataFrame, pairs: list[str]) -> list[str]:
    """The headline as terminal lines."""
    out = [sentence(row) for _, row in lead.iterrows()]
    out.append(f"significant pairs (Holm, alpha 0.05): {', '.join(pairs) or 'none'}")
    return out


def section(lead: pd.DataFrame, bal: pd.DataFrame, pairs: list[str]) -> Section:
    """The headline box that opens the report."""
    return Section("headline", "Headline", [Note(s) for s in lines(lead, pairs)] + [
        Table("Balance of the strategies' win shares", balance_cells(bal),
              "Per player count, over the strategies' win shares: standard deviation, "
              "max - min and Gini coefficient (0: every strategy wins equally often); 95% "
              f"bootstrap intervals ({N_BOOT} resamples of the deal groups within each "
              "matchup).")])
