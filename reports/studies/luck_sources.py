"""Luck by source of randomness: how much of a result's variance each of the deal's sources
explains, on crossed deals (core.common.chance).

Each source k is dealt from m_k seeds and every combination of them (a cell) is played once
per seat rotation, so a candidate's results form y[l_1, ..., l_K, rotation]: a balanced
crossed design with the sources as random factors. The analysis of variance splits it into
one variance component per source (its main effect: the part of the result that goes with
that source's deal whatever the others), one per interaction of sources, and the rest within
a cell (what changes with the seat the candidate takes, and the strategies' own randomness).
The components are the ANOVA estimators of the random-effects model (expected mean squares
E[MS_T] = within + sum over terms U containing T of n * prod_{k not in U} m_k * var_U,
solved from the highest interaction down); a share is a component, floored at zero, over
the sum of them all. Its 95% interval is a percentile bootstrap that redraws each source's
deals independently (the pigeonhole bootstrap of crossed designs: McCullagh 2000), cells kept
whole.

A run of several blocks (each dealing every source from fresh seeds) is several such designs:
the components are estimated per block and averaged (each block's estimator is unbiased, so
their mean is too), and the bootstrap redraws each source's deals within each block. One
block gives the one-block numbers exactly.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import prod

import numpy as np
import pandas as pd

N_BOOT = 1000
BOOT_SEED = 20_251   # the bootstrap's own stream: the same table for the same games
INTERACTIONS = "interactions of sources"
WITHIN = "seat and play (within a deal)"
BLOCK = "block"   # the block of crossed deals a game belongs to
SEED = "seed"     # a crossed deal's seed (equal seeds, equal deals: sim/run/seeding.py)
DEAL_COLUMN = "deal:"   # a source's deal index column: "deal:<source>"
RESULTS = (("win_share", "win"), ("margin", "margin"))   # (column, result) analysed


def _terms(k: int) -> list[tuple[int, ...]]:
    """Every non-empty set of the k sources, largest first."""
    return [c for size in range(k, 0, -1) for c in combinations(range(k), size)]


def mean_squares(y: np.ndarray) -> tuple[dict[tuple[int, ...], float], float]:
    """The mean square of every term (a set of sources) of y[l_1, ..., l_K, rotation], and the
    mean square within cells."""
    k, n = y.ndim - 1, y.shape[-1]
    levels = y.shape[:k]
    cells = y.mean(axis=k)
    out = {}
    for term in _terms(k):
        effect = cells.mean(axis=tuple(a for a in range(k) if a not in term), keepdims=True)
        for a in term:
            effect = effect - effect.mean(axis=a, keepdims=True)
        per_cell = n * prod(levels[a] for a in range(k) if a not in term)
        out[term] = per_cell * float((effect ** 2).sum()) / prod(levels[a] - 1 for a in term)
    within = float(((y - cells[..., None]) ** 2).sum()) / (cells.size * (n - 1))
    return out, within


def components(y: np.ndarray) -> tuple[dict[tuple[int, ...], float], float]:
    """The variance component of every term of y[l_1, ..., l_K, rotation] (ANOVA estimators,
    possibly negative) and the variance within cells."""
    k, n = y.ndim - 1, y.shape[-1]
    levels = y.shape[:k]
    ms, within = mean_squares(y)
    comp: dict[tuple[int, ...], float] = {}
    for term in _terms(k):
        higher = sum(n * prod(levels[a] for a in range(k) if a not in u) * c
                     for u, c in comp.items() if set(term) < set(u))
        comp[term] = (ms[term] - within - higher) / (n * prod(
            levels[a] for a in range(k) if a not in term))
    return comp, within


def mean_components(y: np.ndarray) -> tuple[dict[tuple[int, ...], float], float]:
    """The components of y[block, l_1, ..., l_K, rotation], each the mean over the blocks of
    its estimate in each block."""
    per_block = [components(b) for b in y]
    comp = {t: sum(c[t] for c, _ in per_block) / len(per_block) for t in per_block[0][0]}
    return comp, sum(w for _, w in per_block) / len(per_block)


def shares(y: np.ndarray) -> np.ndarray:
    """[each source's share, the interactions' share, the share within a deal] of the variance
    of y[block, l_1, ..., l_K, rotation] (NaN when it never varies)."""
    k = y.ndim - 2
    comp, within = mean_components(y)
    parts = np.array([max(0.0, comp[(i,)]) for i in range(k)]
                     + [sum(max(0.0, c) for t, c in comp.items() if len(t) > 1), within])
    total = parts.sum()
    return parts / total if total > 0 else np.full(k + 2, np.nan)


Draw = list[list[np.ndarray]]   # per block, each source's redrawn deal indices


def draw(rng: np.random.Generator, shape: tuple[int, ...]) -> Draw:
    """One bootstrap redraw of the deals of every source in every block of y of `shape`
    [block, l_1, ..., l_K, rotation]."""
    return [[rng.integers(0, m, m) for m in shape[1:-1]] for _ in range(shape[0])]


def redrawn(y: np.ndarray, picks: Draw) -> np.ndarray:
    """y[block, ...] with each block's deals of each source redrawn as `picks` says."""
    rotations = np.arange(y.shape[-1])
    return np.stack([b[np.ix_(*pick, rotations)] for b, pick in zip(y, picks)])


def resamplable(y: np.ndarray) -> bool:
    """Whether the bootstrap can redraw y[block, ...]: two deals or more of every source."""
    return min(y.shape[1:-1]) >= 2


def percentiles(boots: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """The 1 - alpha percentile interval of each column of bootstrap replicates."""
    low, high = np.nanquantile(boots, [alpha / 2, 1 - alpha / 2], axis=0)
    return low, high


def shares_interval(y: np.ndarray, n_boot: int = N_BOOT, alpha: float = 0.05
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(shares, lows, highs) of y[block, l_1, ..., l_K, rotation]: the shares and their
    percentile bootstrap intervals, each source's deals redrawn independently within each
    block (NaN intervals with no bootstrap or fewer than two deals of a source)."""
    point = shares(y)
    if n_boot <= 0 or not resamplable(y) or np.isnan(point).all():
        return point, np.full_like(point, np.nan), np.full_like(point, np.nan)
    rng = np.random.default_rng(BOOT_SEED)
    boots = np.array([shares(redrawn(y, draw(rng, y.shape))) for _ in range(n_boot)])
    return point, *percentiles(boots, alpha)


def shares_difference(base: np.ndarray, variant: np.ndarray, paired: bool,
                      n_boot: int = N_BOOT, alpha: float = 0.05
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(variant's shares - base's, lows, highs) of two runs' y[block, l_1, ..., l_K, rotation]:
    percentile bootstrap intervals, each block's deals of each source redrawn alike in both
    runs when `paired` (their cells are the same deals; same shapes), else each run's on its
    own (NaN intervals as in shares_interval)."""
    diff = shares(variant) - shares(base)
    if (n_boot <= 0 or not (resamplable(base) and resamplable(variant))
            or np.isnan(diff).all()):
        return diff, np.full_like(diff, np.nan), np.full_like(diff, np.nan)
    rng = np.random.default_rng(BOOT_SEED)
    boots = np.empty((n_boot, diff.size))
    for b in range(n_boot):
        pick = draw(rng, base.shape)
        boots[b] = (shares(redrawn(variant, pick if paired else draw(rng, variant.shape)))
                    - shares(redrawn(base, pick)))
    return diff, *percentiles(boots, alpha)


def source_columns(raw: pd.DataFrame) -> list[str]:
    """The deal index columns of crossed games, one per source ('deal:<source>')."""
    return [c for c in raw.columns if c.startswith(DEAL_COLUMN)]


def factorial(rows: pd.DataFrame, columns: Sequence[str], value: str) -> np.ndarray:
    """y[block, l_1, ..., l_K, rotation] of `value` from rows holding each source's deal index
    in `columns`, the candidate's seat in 'rotation' and the block in 'block' (all block 0
    without it; ValueError when a cell is missing)."""
    block = rows[BLOCK].to_numpy(int) if BLOCK in rows else np.zeros(len(rows), int)
    dims = [int(block.max()) + 1] + [int(rows[c].max()) + 1 for c in columns] + [
        int(rows["rotation"].max()) + 1]
    y = np.full(dims, np.nan)
    index = (block, *(rows[c].to_numpy(int) for c in [*columns, "rotation"]))
    y[index] = rows[value].to_numpy(float)
    if np.isnan(y).any():
        raise ValueError("the crossed deals are incomplete: a cell or rotation is missing")
    return y


def table(raw: pd.DataFrame, sources: Sequence[str], columns: Sequence[str],
          n_boot: int = N_BOOT) -> pd.DataFrame:
    """Per matchup (candidate, field) of the raw games and result (win, margin): each
    source's share of the result's variance, the interactions' and the rest's, with 95%
    intervals."""
    out = []
    parts = [*sources, INTERACTIONS, WITHIN]
    for (cand, field), rows in raw.groupby(["candidate", "field"], sort=False):
        for value, name in RESULTS:
            share, low, high = shares_interval(factorial(rows, columns, value), n_boot)
            out += [{"candidate": cand, "field": field, "result": name, "part": part,
                     "share": s, "lo": lo, "hi": hi, "games": len(rows)}
                    for part, s, lo, hi in zip(parts, share, low, high)]
    return pd.DataFrame(out, columns=["candidate", "field", "result", "part", "share", "lo",
                                      "hi", "games"])
