"""Statistics on a results DataFrame (one row per game-seat), as plain functions.

Columns used: `game` (game id), `cluster` (duplicate-deal group: the games that replay one deal
across the seat rotations of a matchup), `players`, `seat`, `strategy`, `score`, `rank`,
`win_share` (ties split), and the `vp_<source>` breakdown columns.

Unit of inference: the deal group. Games that replay one deal are correlated, so every interval
and test treats a deal group as one independent draw. The matchups (`stratum`, optional) are a
fixed part of the design, so deal groups vary around their matchup's mean (stratified variance,
as in sim/run/stats.py):

- a proportion (win share) gets a Wilson interval on the effective sample size n / deff, where
  the design effect deff = deal-group variance / binomial variance (never below 1);
- a mean (score, rank, ...) gets a t interval with the deal-group standard error and
  (deal groups - matchups) degrees of freedom;
- a pairwise difference is a paired t test over the deal groups where both strategies sat,
  Holm-corrected across all the pairs of a table.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
import pandas as pd
from scipy import stats as st

Z95 = float(st.norm.ppf(0.975))
ALPHA = 0.05
# (estimate, low, high) column triples of the tables below
WIN = ("win_share", "win_lo", "win_hi")
SCORE = ("score", "score_lo", "score_hi")
RANK = ("rank", "rank_lo", "rank_hi")
DIFF = ("diff", "diff_lo", "diff_hi")
ADVANTAGE = ("advantage", "adv_lo", "adv_hi")
MEAN = ("mean", "lo", "hi")


# --- intervals --------------------------------------------------------------------------

def wilson_interval(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion `p` observed on `n` (possibly effective) trials."""
    if n <= 0 or not np.isfinite(p):
        return (np.nan, np.nan)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def cluster_variance(values: np.ndarray, clusters: np.ndarray,
                     strata: np.ndarray | None = None) -> float:
    """Variance of the mean of `values` with deal groups (`clusters`) as the independent
    units. With `strata` (the matchup of each row: a fixed part of the design) the deal sums
    vary around their stratum's mean: Var = sum_h C_h / (C_h - 1) * sum_c (y_c - mean_h y)^2
    / n^2; without, or when a stratum has a single deal, around the overall mean (CR1,
    conservative). NaN with fewer than two deal groups."""
    values = np.asarray(values, float)
    n = values.size
    codes, _ = pd.factorize(np.asarray(clusters))
    n_clusters = int(codes.max()) + 1 if n else 0
    if n_clusters < 2:
        return np.nan
    if strata is not None:
        frame = pd.DataFrame({"c": codes, "h": pd.factorize(np.asarray(strata))[0], "v": values})
        sums = frame.groupby(["h", "c"], sort=False)["v"].sum()
        per = sums.groupby(level="h")
        size = per.transform("size").to_numpy()
        if size.min() >= 2:
            dev = sums.to_numpy() - per.transform("mean").to_numpy()
            return float(np.sum(size / (size - 1) * dev ** 2) / (n * n))
    sums = np.bincount(codes, weights=values - values.mean(), minlength=n_clusters)
    return float(n_clusters / (n_clusters - 1) * np.sum(sums ** 2) / (n * n))


def degrees_of_freedom(clusters: np.ndarray, strata: np.ndarray | None = None) -> int:
    """Deal groups minus strata (at least 1) for t intervals."""
    n_clusters = pd.unique(np.asarray(clusters)).size
    n_strata = pd.unique(np.asarray(strata)).size if strata is not None else 1
    return max(1, n_clusters - n_strata)


def design(g: pd.DataFrame) -> tuple[np.ndarray, np.ndarray | None]:
    """(clusters, strata) of a results frame; strata only when it has a `stratum` column."""
    strata = g["stratum"].to_numpy() if "stratum" in g else None
    return g["cluster"].to_numpy(), strata


def design_effect(values: np.ndarray, clusters: np.ndarray,
                  strata: np.ndarray | None = None) -> float:
    """Deal-group variance over the binomial variance p(1 - p) / n, at least 1."""
    values = np.asarray(values, float)
    p = values.mean()
    binomial = p * (1 - p) / values.size
    if binomial <= 0:
        return 1.0
    v = cluster_variance(values, clusters, strata)
    return max(1.0, v / binomial) if np.isfinite(v) else 1.0


def share_interval(values: np.ndarray, clusters: np.ndarray,
                   strata: np.ndarray | None = None) -> tuple[float, float, float]:
    """(mean, low, high): a win share with the Wilson interval on n / design effect."""
    values = np.asarray(values, float)
    if values.size == 0:
        return (np.nan, np.nan, np.nan)
    p = float(values.mean())
    lo, hi = wilson_interval(p, values.size / design_effect(values, clusters, strata))
    return (p, lo, hi)


def mean_interval(values: np.ndarray, clusters: np.ndarray,
                  strata: np.ndarray | None = None) -> tuple[float, float, float]:
    """(mean, low, high): a t interval with the deal-group standard error."""
    values = np.asarray(values, float)
    if values.size == 0:
        return (np.nan, np.nan, np.nan)
    mean = float(values.mean())
    v = cluster_variance(values, clusters, strata)
    if not np.isfinite(v):
        return (mean, np.nan, np.nan)
    half = float(st.t.ppf(0.975, degrees_of_freedom(clusters, strata))) * np.sqrt(v)
    return (mean, mean - half, mean + half)


SHARE_DIFF = (-1.0, 1.0)   # the range of a difference of two win shares


def paired_t(diffs: np.ndarray, bounds: tuple[float, float] | None = None
             ) -> tuple[float, float, float, float]:
    """(mean, low, high, two-sided p) of a one-sample t test that the mean difference is 0;
    the interval cut to `bounds`, the range the difference can take (e.g. -1, 1 for a
    difference of win shares)."""
    d = np.asarray(diffs, float)
    m = d.size
    mean = float(d.mean()) if m else np.nan
    if m < 2:
        return (mean, np.nan, np.nan, np.nan)
    se = d.std(ddof=1) / np.sqrt(m)
    if se == 0:
        return _constant(mean, m, bounds)
    t = mean / se
    half = float(st.t.ppf(0.975, m - 1)) * se
    lo, hi = mean - half, mean + half
    if bounds is not None:
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return (mean, lo, hi, float(2 * st.t.sf(abs(t), m - 1)))


def _constant(mean: float, m: int, bounds: tuple[float, float] | None
              ) -> tuple[float, float, float, float]:
    """paired_t of m equal differences, where the t interval has no width and p would be 0:
    the exact sign-flip p (m equal nonzero differences are the most extreme of the 2^m sign
    patterns) and, within `bounds`, the interval that holds whenever a deal differs from the
    rest with a chance of at most q = 1 - 0.05^(1/m), the upper 95% bound of a chance never
    seen in m deals (without bounds, no width)."""
    p = 1.0 if mean == 0 else min(1.0, 2.0 ** (1 - m))
    if bounds is None:
        return (mean, mean, mean, p)
    q = 1 - ALPHA ** (1 / m)
    return (mean, mean - q * (mean - bounds[0]), mean + q * (bounds[1] - mean), p)


def holm(pvalues: Sequence[float], alpha: float = ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Holm step-down: (adjusted p-values, rejected) in the input order; NaN never rejects."""
    p = np.asarray(pvalues, float)
    adjusted = np.full(p.size, np.nan)
    ok = np.flatnonzero(np.isfinite(p))
    m = ok.size
    if m:
        order = ok[np.argsort(p[ok], kind="stable")]
        scaled = (m - np.arange(m)) * p[order]
        adjusted[order] = np.minimum(1.0, np.maximum.accumulate(scaled))
    return adjusted, np.nan_to_num(adjusted, nan=1.0) <= alpha


# --- tables -------------------------------------------------------------------------------

def strategy_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per (players, strategy): games, seats, deal groups, win share, mean score and mean rank,
    each with its 95% interval (see the module docstring for the unit)."""
    rows = []
    for (players, strategy), g in df.groupby(["players", "strategy"], sort=True):
        win = share_interval(g["win_share"], *design(g))
        score = mean_interval(g["score"], *design(g))
        rank = mean_interval(g["rank"], *design(g))
        rows.append({"players": players, "strategy": strategy, "games": g["game_id"].nunique(),
                     "seats": len(g), "deals": g["cluster"].nunique(),
                     "win_share": win[0], "win_lo": win[1], "win_hi": win[2],
                     "fair_share": 1 / players,
                     "score": score[0], "score_lo": score[1], "score_hi": score[2],
                     "rank": rank[0], "rank_lo": rank[1], "rank_hi": rank[2]})
    return pd.DataFrame(rows)


def cluster_means(df: pd.DataFrame, column: str) -> pd.DataFrame:
    """Mean of `column` per deal group (rows) and strategy (columns); NaN where it did not sit."""
    return df.pivot_table(index="cluster", columns="strategy", values=column, aggfunc="mean",
                          observed=True)


def pairwise_tests(df: pd.DataFrame, column: str = "win_share",
                   alpha: float = ALPHA) -> pd.DataFrame:
    """Every pair of strategies per player count: mean difference (a - b) of `column` over the
    deal groups where both sat, its t interval, the paired t test's p-value, and the Holm
    decision across all pairs of the table."""
    rows = []
    for players, g in df.groupby("players", sort=True):
        means = cluster_means(g, column)
        for a, b in combinations(sorted(means.columns), 2):
            both = means[[a, b]].dropna()
            mean, lo, hi, p = paired_t(both[a] - both[b], SHARE_DIFF)
            rows.append({"players": players, "a": a, "b": b, "deals": len(both),
                         "diff": mean, "diff_lo": lo, "diff_hi": hi, "p": p})
    out = pd.DataFrame(rows, columns=["players", "a", "b", "deals", "diff", "diff_lo",
                                      "diff_hi", "p"])
    out["p_holm"], out["significant"] = holm(out["p"].to_numpy(), alpha)
    return out


def seat_pairs(df: pd.DataFrame) -> pd.DataFrame:
    """Every ordered pair of seats of one game held by different strategies: players, row and
    column strategy, and the row's outcome against the column (ahead 1, tie 1/2, behind 0)."""
    seats = df[["game_id", "players", "seat", "strategy", "rank"]]
    pairs = seats.merge(seats.drop(columns="players"), on="game_id", suffixes=("", "_o"))
    pairs = pairs[pairs["strategy"] != pairs["strategy_o"]]
    outcome = (np.sign(pairs["rank_o"].to_numpy() - pairs["rank"].to_numpy()) + 1) / 2
    return pd.DataFrame({"game_id": pairs["game_id"].to_numpy(),
                         "players": pairs["players"].to_numpy(),
                         "row": pairs["strategy"].to_numpy(),
                         "col": pairs["strategy_o"].to_numpy(), "ahead": outcome})


def head_to_head(df: pd.DataFrame) -> pd.DataFrame:
    """Head-to-head per player count, long form: for each (row, column) strategy pair, the
    games where both sat and the row's win share against the column counting only the two
    (ranked ahead 1, tied 1/2, behind 0; averaged over their seat pairs in a game, then over
    games). `share(row, col) + share(col, row) = 1`."""
    pairs = seat_pairs(df)
    per_game = pairs.groupby(["players", "row", "col", "game_id"], sort=True)["ahead"].mean()
    out = per_game.groupby(["players", "row", "col"]).agg(share="mean", games="size")
    out["half_width"] = Z95 * np.sqrt(out["share"] * (1 - out["share"]) / out["games"])
    return out.reset_index()


def by_win_share(summary: pd.DataFrame, players: int) -> list[str]:
    """The strategies of one player count, best win share first: the order of every
    per-strategy figure."""
    t = summary[summary["players"] == players]
    return t.sort_values(["win_share", "strategy"], ascending=[False, True])["strategy"].tolist()


def head_to_head_matrix(h2h: pd.DataFrame, players: int,
                        order: Sequence[str] | None = None) -> pd.DataFrame:
    """One player count of `head_to_head` as a square matrix (row strategy x column strategy),
    in `order` (default alphabetical)."""
    sub = h2h[h2h["players"] == players]
    names = [n for n in order if n in set(sub["row"]) | set(sub["col"])] if order else sorted(
        set(sub["row"]) | set(sub["col"]))
    return sub.pivot(index="row", columns="col", values="share").reindex(index=names,
                                                                          columns=names)


def seat_advantage(df: pd.DataFrame) -> pd.DataFrame:
    """Per player count and seat: win share, its interval, and the advantage over the fair
    share 1 / players (win share - fair, with the interval shifted alike)."""
    rows = []
    for (players, seat), g in df.groupby(["players", "seat"], sort=True):
        p, lo, hi = share_interval(g["win_share"], *design(g))
        fair = 1 / players
        rows.append({"players": players, "seat": seat, "games": len(g),
                     "win_share": p, "win_lo": lo, "win_hi": hi, "fair_share": fair,
                     "advantage": p - fair, "adv_lo": lo - fair, "adv_hi": hi - fair})
    return pd.DataFrame(rows)


def vp_columns(df: pd.DataFrame) -> list[str]:
    """The VP-by-source columns of the results (`vp_<source>`)."""
    return [c for c in df.columns if c.startswith("vp_")]


def vp_by_source(df: pd.DataFrame) -> pd.DataFrame:
    """Mean VP per seat from each source, per (players, strategy); columns are source names."""
    cols = vp_columns(df)
    means = df.groupby(["players", "strategy"], sort=True)[cols].mean()
    return means.rename(columns=lambda c: c.removeprefix("vp_"))


def column_means(df: pd.DataFrame, columns: Sequence[str],
                 by: Sequence[str] = ("players", "strategy")) -> pd.DataFrame:
    """Mean and interval of each of `columns` per group: long form (group..., column, mean,
    lo, hi). A column that is never negative (a count) has its interval cut at 0."""
    rows = []
    floor = {col: 0.0 if (df[col] >= 0).all() else -np.inf for col in columns}
    for key, g in df.groupby(list(by), sort=True):
        key = key if isinstance(key, tuple) else (key,)
        for col in columns:
            mean, lo, hi = mean_interval(g[col], *design(g))
            lo = max(lo, floor[col]) if np.isfinite(lo) else lo
            rows.append(dict(zip(by, key)) | {"column": col, "mean": mean, "lo": lo, "hi": hi})
    return pd.DataFrame(rows)


# --- balance --------------------------------------------------------------------------------

def gini(values: Sequence[float]) -> float:
    """Gini coefficient of non-negative values (0 = all equal)."""
    x = np.sort(np.asarray(values, float))
    n = x.size
    if n == 0 or x.sum() == 0:
        return np.nan if n == 0 else 0.0
    return float(np.sum((2 * np.arange(1, n + 1) - n - 1) * x) / (n * x.sum()))


def balance_indices(summary: pd.DataFrame) -> pd.DataFrame:
    """Per player count, from `strategy_summary`: spread of the strategies' win shares
    (standard deviation), max - min, and their Gini coefficient (0 = perfectly balanced)."""
    rows = []
    for players, g in summary.groupby("players", sort=True):
        w = g["win_share"].to_numpy()
        rows.append({"players": players, "strategies": len(w),
                     "spread_sd": float(np.std(w, ddof=1)) if len(w) > 1 else np.nan,
                     "max_minus_min": float(w.max() - w.min()), "gini": gini(w)})
    return pd.DataFrame(rows)


def two_sample_test(a: pd.DataFrame, b: pd.DataFrame,
                          column: str = "win_share") -> tuple[float, float, float, float]:
    """(diff b - a, low, high, two-sided p) of the mean of `column` in two independent runs,
    each with its cluster-robust variance (normal approximation, Welch-free)."""
    va = cluster_variance(a[column], *design(a))
    vb = cluster_variance(b[column], *design(b))
    diff = float(b[column].mean() - a[column].mean())
    se = np.sqrt(va + vb)
    if not np.isfinite(se):
        return (diff, np.nan, np.nan, np.nan)
    if se == 0:
        return (diff, diff, diff, 1.0 if diff == 0 else 0.0)
    return (diff, diff - Z95 * se, diff + Z95 * se, float(2 * st.norm.sf(abs(diff / se))))


def flag_split(df: pd.DataFrame, flag: np.ndarray,
               by: Sequence[str] = ("players", "strategy")) -> pd.DataFrame:
    """Win share of the rows where `flag` holds against the rows where it does not, per group:
    rate (share of rows flagged), win_with with its interval, win_without, and the
    difference (with - without)."""
    frame = df.assign(_flag=np.asarray(flag, bool))
    rows = []
    for key, g in frame.groupby(list(by), sort=True):
        key = key if isinstance(key, tuple) else (key,)
        yes = g[g["_flag"]]
        with_ = share_interval(yes["win_share"], *design(yes))
        without = float(g.loc[~g["_flag"], "win_share"].mean()) if (~g["_flag"]).any() else np.nan
        rows.append(dict(zip(by, key)) | {
            "rows": len(g), "flagged": len(yes), "rate": len(yes) / len(g),
            "win_with": with_[0], "win_lo": with_[1], "win_hi": with_[2],
            "win_without": without, "gain": with_[0] - without})
    return pd.DataFrame(rows)


def pooled(table: pd.DataFrame, value: str, by: Sequence[str], weight: str = "rows"
           ) -> pd.Series:
    """Weighted mean of `value` over the other keys (e.g. over player counts), NaN skipped."""
    ok = table[np.isfinite(table[value].to_numpy(float))]
    sums = (ok[value] * ok[weight]).groupby([ok[k] for k in by]).sum()
    return sums / ok.groupby(list(by))[weight].sum()


def run_deltas(frames: dict[str, pd.DataFrame], column: str = "win_share",
               alpha: float = ALPHA) -> pd.DataFrame:
    """Each later run against the first, per (players, strategy) present in both: the mean of
    `column` in each, the difference (run - first) with its 95% interval and two-sided p
    (independent runs, deal-group variances), Holm-corrected across the table."""
    names = list(frames)
    base = frames[names[0]]
    rows = []
    for name in names[1:]:
        other = frames[name]
        for (players, strategy), b in other.groupby(["players", "strategy"], sort=True):
            a = base[(base["players"] == players) & (base["strategy"] == strategy)]
            if a.empty:
                continue
            diff, lo, hi, p = two_sample_test(a, b, column)
            if column == "win_share":
                lo, hi = max(lo, SHARE_DIFF[0]), min(hi, SHARE_DIFF[1])
            rows.append({"run": name, "players": players, "strategy": strategy,
                         "base": float(a[column].mean()), "value": float(b[column].mean()),
                         "diff": diff, "diff_lo": lo, "diff_hi": hi, "p": p})
    out = pd.DataFrame(rows, columns=["run", "players", "strategy", "base", "value", "diff",
                                      "diff_lo", "diff_hi", "p"])
    out["p_holm"], out["significant"] = holm(out["p"].to_numpy(), alpha)
    return out
