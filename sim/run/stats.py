"""Win-share intervals from additive per-shard sums, for `--precision` and the run summary.

The unit of independence is a deal: its games in every seating share one seed. A strategy's
win share over a run is Y / N (Y: its summed win shares, N: its seat-games, fixed by the
design). Each matchup h contributes C_h deals with per-deal sums y_c, so
Var(Y / N) = sum_h C_h * var_h(y) / N^2 with var_h the sample variance of y_c within h.
Shards carry [C, sum y, sum y^2, N] per strategy; sums are taken in shard order so that a
resumed run reaches exactly the same numbers.

A game that hit an engine safeguard (a non-zero `error`: it did not end, or a decision or
invariant failed) is no result: its whole deal is left out of the sums (`tally`), every
seating of it, so the deals that remain are still balanced over the seats and the paired
comparisons stay paired (reports/runs.py drops the same deal groups from the rows).
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

Z95 = 1.959963984540054


def shard_sums(win_share: np.ndarray, seatings: list[list[str]],
               errors: np.ndarray | None = None) -> dict[str, list[float]]:
    """Per strategy [deals, sum y, sum y^2, seat-games] of one shard, over its complete deals.

    win_share[deal, seating, seat]; seatings[j][seat] is the strategy in that seat;
    errors[deal, seating] the games' engine error codes (a deal with any is left out).
    """
    if errors is not None:
        win_share = win_share[~np.asarray(errors).astype(bool).any(axis=1)]
    names = sorted({n for s in seatings for n in s})
    out = {}
    for name in names:
        mask = np.array([[n == name for n in s] for s in seatings])   # [seating, seat]
        y = win_share[:, mask].sum(axis=1)                              # per deal
        out[name] = [int(y.size), float(y.sum()), float((y * y).sum()),
                     int(mask.sum()) * int(y.size)]
    return out


def tally(win_share: np.ndarray, errors: np.ndarray,
          seatings: list[list[str]]) -> dict[str, Any]:
    """A shard's manifest counts: `errors` (games with an engine error), `failed` (error code
    -> games), `excluded_deals` (deals with an error) and `excluded` (their games, every
    seating: none counts) and `sums` (shard_sums over the complete deals). errors[deal,
    seating]; win_share as in shard_sums."""
    errors = np.asarray(errors)
    codes, counts = np.unique(errors[errors != 0], return_counts=True)
    bad = int(errors.astype(bool).any(axis=1).sum())
    return {"errors": int(np.count_nonzero(errors)),
            "failed": {str(int(c)): int(n) for c, n in zip(codes, counts)},
            "excluded_deals": bad, "excluded": bad * errors.shape[1],
            "sums": shard_sums(win_share, seatings, errors)}


@dataclass(frozen=True)
class Interval:
    """A strategy's win share, the half-width of its 95% normal interval (the --precision
    target) and its 95% Wilson interval lo..hi (never empty for a share of 0 or 1)."""

    strategy: str
    games: int
    win_share: float
    half_width: float
    lo: float = 0.0
    hi: float = 1.0


def wilson(share: float, variance: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson interval of a share on the effective sample size n / design effect, the design
    effect being `variance` (of the share, deal groups as units) over the binomial variance,
    at least 1 (as in the report)."""
    binomial = share * (1 - share) / n
    if not math.isfinite(variance):
        return 0.0, 1.0
    n_eff = n / max(1.0, variance / binomial) if binomial > 0 else n
    k = z * z / n_eff
    centre = (share + k / 2) / (1 + k)
    half = z * math.sqrt(share * (1 - share) / n_eff + k / (4 * n_eff)) / (1 + k)
    return max(0.0, centre - half), min(1.0, centre + half)


def _per_matchup(shards: Iterable[tuple[int, dict[str, list[float]]]]
                 ) -> dict[tuple[int, str], list[float]]:
    """(matchup, strategy) -> [deals, sum y, sum y^2, seat-games], summed in shard order."""
    per: dict[tuple[int, str], list[float]] = {}
    for matchup, sums in shards:
        for name, values in sums.items():
            acc = per.setdefault((matchup, name), [0, 0.0, 0.0, 0])
            for i, x in enumerate(values):
                acc[i] += x
    return per


def _deal_variance(c: float, y: float, y2: float) -> float:
    """Sample variance of the per-deal sums (inf with fewer than two deals)."""
    return (y2 - y * y / c) / (c - 1) if c > 1 else math.inf


def intervals(shards: Iterable[tuple[int, dict[str, list[float]]]]) -> list[Interval]:
    """(matchup index, shard sums) in shard order -> one Interval per strategy (sorted by
    win share, best first)."""
    total: dict[str, list[float]] = {}
    for (_, name), (c, y, y2, n) in _per_matchup(shards).items():
        acc = total.setdefault(name, [0.0, 0.0, 0])
        variance = _deal_variance(c, y, y2)
        acc[0] += y
        acc[1] += c * max(variance, 0.0)
        acc[2] += n
    rows = [interval(name, y, v, n) for name, (y, v, n) in total.items()]
    return sorted(rows, key=lambda r: (not math.isfinite(r.win_share), -r.win_share,
                                       r.strategy))


def interval(name: str, y: float, variance: float, n: float) -> Interval:
    """The Interval of a win share y / n whose sum y has `variance`; a strategy none of
    whose games counted (every deal left out) has no estimate: NaN within [0, 1]."""
    if n == 0:
        return Interval(name, 0, math.nan, math.inf)
    return Interval(name, int(n), y / n, Z95 * math.sqrt(variance) / n,
                    *wilson(y / n, variance / (n * n), int(n)))


def entry_intervals(shards: Iterable[tuple[int, dict[str, list[float]]]]) -> list[Interval]:
    """One Interval per (matchup, strategy), named '<matchup>/<strategy>': a strategy's win
    share within one matchup (a meta-game's profile entry), in (matchup, strategy) order."""
    rows = []
    for (matchup, name), (c, y, y2, n) in sorted(_per_matchup(shards).items()):
        rows.append(interval(f"{matchup}/{name}", y, c * max(_deal_variance(c, y, y2), 0.0), n))
    return rows


def weighted(entries: list[Interval], weights: dict[int, float], name: str) -> Interval:
    """A strategy's win share against a mixed field: its entries (from entry_intervals) in
    each matchup weighted by the matchup's probability; the matchups are independent, so the
    half-width is sqrt(sum w^2 h^2)."""
    mine = {int(r.strategy.split("/", 1)[0]): r for r in entries
            if r.strategy.split("/", 1)[1] == name}
    share = sum(w * mine[m].win_share for m, w in weights.items())
    half = math.sqrt(sum((w * mine[m].half_width) ** 2 for m, w in weights.items()))
    return Interval(name, sum(r.games for r in mine.values()), share, half,
                    max(0.0, share - half), min(1.0, share + half))


def widest(rows: list[Interval]) -> float:
    """The largest half-width (inf when there is nothing yet)."""
    return max((r.half_width for r in rows), default=math.inf)
