"""Statistics for runs that share their deals (the variants of a sweep), used by compare.

Runs of one tournament config under different rules, with the same tournament seed, play the
same deals: deal group `matchup/deal` has the same seed in every run. Differences are then
measured *paired* over the deal groups (the dice cancel, only the rule's effect is left):

- `paired_deltas`: per (players, strategy), the mean difference run - baseline of the deal
  groups' mean win share (or score), a t interval and p over the deal groups, Holm-corrected
  across the table (same columns as `stats.run_deltas`);
- `balance_intervals`: the balance indices of every run (spread = sd of the win shares,
  max - min, Gini) with 95% percentile bootstrap intervals, and each run's change against
  the baseline with a paired bootstrap interval and p (the same resampled deal groups in both
  runs), Holm-corrected per index. The bootstrap resamples deal groups within each matchup
  (the matchups are fixed by the design).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats

N_BOOT = 2000
INDICES = ("spread_sd", "max_minus_min", "gini")


def common_deals(frames: dict[str, pd.DataFrame]) -> bool:
    """True when every run has the same deal groups with the same seeds."""
    keys = None
    for df in frames.values():
        pairs = df[["cluster", "seed"]].drop_duplicates().sort_values(["cluster", "seed"])
        mine = list(map(tuple, pairs.to_numpy()))
        if keys is not None and mine != keys:
            return False
        keys = mine
    return bool(keys)


def paired_deltas(frames: dict[str, pd.DataFrame], column: str = "win_share",
                  alpha: float = stats.ALPHA) -> pd.DataFrame:
    """Each later run against the first, paired over the shared deal groups: the rows of
    `stats.run_deltas` with the difference, interval and p of a paired t test."""
    out = stats.run_deltas(frames, column, alpha)
    base = frames[next(iter(frames))]
    for i, row in out.iterrows():
        def means(df: pd.DataFrame) -> pd.Series:
            pick = (df["players"] == row["players"]) & (df["strategy"] == row["strategy"])
            return df[pick].groupby("cluster")[column].mean()
        pair = pd.concat([means(base).rename("a"), means(frames[row["run"]]).rename("b")],
                         axis=1, join="inner")
        out.loc[i, ["diff", "diff_lo", "diff_hi", "p"]] = stats.paired_t(
            (pair["b"] - pair["a"]).to_numpy(),
            stats.SHARE_DIFF if column == "win_share" else None)
    out["p_holm"], out["significant"] = stats.holm(out["p"].to_numpy(float), alpha)
    return out


def _sums(df: pd.DataFrame, clusters: pd.Index, strategies: list[str]
          ) -> tuple[np.ndarray, np.ndarray]:
    """Per deal group and strategy: summed win shares and seat-games ([clusters, strategies])."""
    g = df.groupby(["cluster", "strategy"])["win_share"]
    y = g.sum().unstack().reindex(index=clusters, columns=strategies).fillna(0.0)
    n = g.size().unstack().reindex(index=clusters, columns=strategies).fillna(0.0)
    return y.to_numpy(float), n.to_numpy(float)


def _weights(strata: np.ndarray, n_boot: int, rng: np.random.Generator) -> np.ndarray:
    """Bootstrap weights [n_boot + 1, clusters]: row 0 all ones (the estimate), then
    multinomial resamples of the deal groups within each stratum."""
    w = np.ones((n_boot + 1, strata.size))
    for s in np.unique(strata):
        idx = np.flatnonzero(strata == s)
        w[1:, idx] = rng.multinomial(idx.size, np.full(idx.size, 1 / idx.size), size=n_boot)
    return w


def indices(shares: np.ndarray) -> dict[str, np.ndarray]:
    """Balance indices of win shares [replicates, strategies] (vectorised balance_indices)."""
    x = np.sort(shares, axis=1)
    k = x.shape[1]
    ranks = 2 * np.arange(1, k + 1) - k - 1
    total = x.sum(axis=1)
    gini = np.where(total > 0, (x * ranks).sum(axis=1) / (k * np.where(total > 0, total, 1)),
                    0.0)
    return {"spread_sd": x.std(axis=1, ddof=1) if k > 1 else np.full(len(x), np.nan),
            "max_minus_min": x[:, -1] - x[:, 0], "gini": gini}


def _percentiles(values: np.ndarray) -> tuple[float, float]:
    lo, hi = np.nanpercentile(values, [2.5, 97.5]) if np.isfinite(values).any() else (
        np.nan, np.nan)
    return float(lo), float(hi)


def _boot_p(diffs: np.ndarray) -> float:
    """Two-sided bootstrap p that a difference is 0 (share of replicates on the other side)."""
    d = diffs[np.isfinite(diffs)]
    if d.size == 0:
        return np.nan
    return float(min(1.0, 2 * min(np.mean(d <= 0), np.mean(d >= 0))))


def balance_intervals(frames: dict[str, pd.DataFrame], n_boot: int = N_BOOT, seed: int = 0,
                      alpha: float = stats.ALPHA) -> pd.DataFrame:
    """Per run and player count: each balance index with its bootstrap interval, and (after
    the first run) its difference from the first run with a paired interval, p and Holm."""
    names = list(frames)
    rng = np.random.default_rng(seed)
    rows = []
    for players in sorted(set().union(*(set(df["players"]) for df in frames.values()))):
        parts = {n: df[df["players"] == players] for n, df in frames.items()}
        parts = {n: p for n, p in parts.items() if not p.empty}
        frame = pd.concat(parts.values())
        clusters = pd.Index(sorted(frame["cluster"].unique()))
        strata = frame.groupby("cluster")["stratum"].first().reindex(clusters).to_numpy()
        strategies = sorted(frame["strategy"].unique())
        w = _weights(strata, n_boot, rng)
        boot = {}
        for name, part in parts.items():
            y, n = _sums(part, clusters, strategies)
            seats = w @ n
            with np.errstate(invalid="ignore", divide="ignore"):
                shares = (w @ y) / seats
            played = n.sum(axis=0) > 0
            boot[name] = indices(shares[:, played])
        base = names[0] if names[0] in boot else None
        for name, values in boot.items():
            for index in INDICES:
                v = values[index]
                row = {"run": name, "players": players, "index": index, "value": float(v[0])}
                row["lo"], row["hi"] = _percentiles(v[1:])
                if base is not None and name != base:
                    d = v - boot[base][index]
                    row |= {"diff": float(d[0]), "p": _boot_p(d[1:])}
                    row["diff_lo"], row["diff_hi"] = _percentiles(d[1:])
                rows.append(row)
    out = pd.DataFrame(rows, columns=["run", "players", "index", "value", "lo", "hi", "diff",
                                      "diff_lo", "diff_hi", "p"])
    out["p_holm"], out["significant"] = np.nan, False
    for index in INDICES:
        mask = (out["index"] == index).to_numpy()
        out.loc[mask, "p_holm"], out.loc[mask, "significant"] = stats.holm(
            out.loc[mask, "p"].to_numpy(float), alpha)
    return out
