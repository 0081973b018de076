"""Luck on duplicate deals: how much of a result's variance the deal explains.

Every deal of a matchup is played once per seat rotation, so a seat's results form a table
y[deal, rotation]. A one-way random-effects analysis of variance splits its variance into a
part shared by every rotation of a deal (the deal helps or hurts the strategy wherever it sits)
and the rest (what changes when the same deal is played from another seat):

    MSB = k * var(deal means),  MSW = mean within-deal variance,
    sigma2_deal = max(0, (MSB - MSW) / k),  deal share = sigma2_deal / (sigma2_deal + MSW)

the intraclass correlation ICC(1). Its 95% interval is a percentile bootstrap over the deals.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

N_BOOT = 1000


def components(y: np.ndarray) -> tuple[float, float]:
    """(deal variance, within-deal variance) of y[deal, rotation] (NaN with fewer than two
    deals or rotations)."""
    y = np.asarray(y, float)
    if y.ndim != 2 or y.shape[0] < 2 or y.shape[1] < 2:
        return (np.nan, np.nan)
    k = y.shape[1]
    within = float(y.var(axis=1, ddof=1).mean())
    between = k * float(y.mean(axis=1).var(ddof=1))
    return (max(0.0, (between - within) / k), within)


def _share(deal: float, within: float) -> float:
    total = deal + within
    return deal / total if total > 0 else np.nan


def deal_share(y: np.ndarray) -> float:
    """The share of the variance of y[deal, rotation] explained by the deal (ICC(1))."""
    return _share(*components(y))


def deal_share_interval(y: np.ndarray, n_boot: int = N_BOOT, seed: int = 0
                        ) -> tuple[float, float, float]:
    """(share, low, high): the deal share and its 95% percentile bootstrap interval, deals
    resampled with replacement (NaN interval without replicates or with fewer than 2 deals)."""
    y = np.asarray(y, float)
    share = deal_share(y)
    if n_boot < 1 or y.ndim != 2 or y.shape[0] < 2:
        return (share, np.nan, np.nan)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, y.shape[0], size=(n_boot, y.shape[0]))
    shares = np.array([deal_share(y[p]) for p in picks])
    shares = shares[np.isfinite(shares)]
    if shares.size == 0:
        return (share, np.nan, np.nan)
    return (share, float(np.percentile(shares, 2.5)), float(np.percentile(shares, 97.5)))


def seat_table(rows: pd.DataFrame, value: str) -> np.ndarray:
    """y[deal, rotation] of one seat's `value` column: one row per (deal, seating) of a
    matchup, only the deals played in every seating."""
    table = rows.pivot_table(index="deal", columns="seating", values=value, aggfunc="mean")
    return table.dropna().to_numpy(float)
