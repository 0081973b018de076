"""Luck on duplicate deals: how much of a result's variance the deal explains.

Every deal of a matchup is played once per seat rotation, so a seat's results form a table
y[deal, rotation]. A one-way random-effects analysis of variance splits its variance into a
part shared by every rotation of a deal (the deal helps or hurts the strategy wherever it sits)
and the rest (what changes when the same deal is played from another seat):

    MSB = k * var(deal means),  MSW = mean within-deal variance,
    sigma2_deal = max(0, (MSB - MSW) / k),  deal share = sigma2_deal / (sigma2_deal + MSW)

the intraclass correlation ICC(1). Its 95% interval is the exact one of the one-way model
(Shrout and Fleiss 1979, ICC(1,1)), from F = MSB / MSW on (deals - 1, deals * (k - 1)) degrees
of freedom: it keeps its coverage with the few deals of a dossier's matchup, where a bootstrap
over the deals has few distinct resamples and often collapses to a point.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

N_BOOT = 1000   # bootstrap replicates of a paired difference of deal shares


def mean_squares(y: np.ndarray) -> tuple[float, float]:
    """(MSB, MSW) of y[deal, rotation]: between deals and within them (NaN with fewer than two
    deals or rotations)."""
    y = np.asarray(y, float)
    if y.ndim != 2 or y.shape[0] < 2 or y.shape[1] < 2:
        return (np.nan, np.nan)
    return (y.shape[1] * float(y.mean(axis=1).var(ddof=1)), float(y.var(axis=1, ddof=1).mean()))


def components(y: np.ndarray) -> tuple[float, float]:
    """(deal variance, within-deal variance) of y[deal, rotation] (NaN with fewer than two
    deals or rotations)."""
    between, within = mean_squares(y)
    if np.isnan(between):
        return (np.nan, np.nan)
    return (max(0.0, (between - within) / np.shape(y)[1]), within)


def _share(deal: float, within: float) -> float:
    total = deal + within
    return deal / total if total > 0 else np.nan


def deal_share(y: np.ndarray) -> float:
    """The share of the variance of y[deal, rotation] explained by the deal (ICC(1))."""
    return _share(*components(y))


def _icc(f: float, k: int) -> float:
    """ICC(1) at the variance ratio f, within [0, 1]."""
    return float(np.clip((f - 1) / (f + k - 1), 0.0, 1.0))


def no_interval(y: np.ndarray) -> str:
    """Why a defined deal share of y[deal, rotation] has no interval ('' when it has one): the
    deals' means all equal, or every rotation of each deal alike. The model's interval is
    then a point (0 or 1), which results of a few values (wins) reach with a few deals, so it
    would claim a certainty the deals do not give."""
    between, within = mean_squares(y)
    if np.isnan(deal_share(y)):
        return ""
    if between == 0:
        return "the deals' mean results are all equal"
    if within == 0:
        return "each deal gave one result in every seating"
    return ""


def deal_share_interval(y: np.ndarray, alpha: float = 0.05) -> tuple[float, float, float]:
    """(share, low, high): the deal share and its exact 1 - alpha interval under the one-way
    random-effects model (NaN when the share is undefined: fewer than 2 deals or rotations, or
    no variance at all; a NaN interval when no_interval says why)."""
    share = deal_share(y)
    if np.isnan(share) or no_interval(y):
        return (share, np.nan, np.nan)
    between, within = mean_squares(y)
    deals, k = np.shape(y)
    df1, df2 = deals - 1, deals * (k - 1)
    f = between / within
    low = f / stats.f.ppf(1 - alpha / 2, df1, df2)
    high = f * stats.f.ppf(1 - alpha / 2, df2, df1)
    return (share, _icc(low, k), _icc(high, k))


def seat_table(rows: pd.DataFrame, value: str) -> np.ndarray:
    """y[deal, rotation] of one seat's `value` column: one row per (deal, seating) of a
    matchup, only the deals played in every seating."""
    table = rows.pivot_table(index="deal", columns="seating", values=value, aggfunc="mean")
    return table.dropna().to_numpy(float)
