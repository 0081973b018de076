"""Adding deals until a ranking's top K is resolved (`top = K` in a tournament or restrict
config, `--top K`).

After each round the ranked rows (best first: a tournament's strategies by win share, restricted
play's elements by the win share their seat loses) are checked pairwise: each of the first K
must have a 95% interval (win share +- half-width, over deals) that overlaps no interval of a
row below the K, so that the set of the K best stands. Within the K, overlapping neighbours are
reported as tied but hold nothing up: two elements of nearly equal strength would otherwise
take every game `max_games` allows and still not be ordered. A matchup grows while a strategy
in its lineup is still in an open pair, towards the half-width that would separate the pair at
its current estimates (half their distance), by MIN_STEP to MAX_STEP times its games per round
(early estimates are noisy) and never past `max_games`. Where an open strategy plays in several
matchups (a round robin) every matchup grows alike: its win share pools its matchups by their
games, and growing some would tilt its field. Rows that tie exactly with no spread
(two elements a strategy never uses: the same games, a loss of exactly 0) do not overlap, so
they never hold a run up.

Stopping when intervals no longer overlap is a sequential rule: the final intervals are a
little optimistic, as with `precision`. A second seed is the honest check of a ranking.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sim.run import stats
from sim.run.config import Config

MAX_STEP = 4.0  # a round at most quadruples a matchup's games...
MIN_STEP = 1.5  # ...and adds at least half (each round waits for its last shard)

Ranked = Callable[[list[stats.Interval]], list[stats.Interval]]


def by_win_share(rows: list[stats.Interval]) -> list[stats.Interval]:
    """A tournament's ranking: every strategy, highest win share first."""
    return sorted(rows, key=lambda r: -r.win_share)


def apart(a: stats.Interval, b: stats.Interval) -> bool:
    """Whether two rows' 95% intervals are disjoint: the normal intervals win share +-
    half-width over deals (for a restricted seat the paired interval of its page), not the
    Wilson bounds, which ignore the pairing within a deal."""
    return abs(a.win_share - b.win_share) >= a.half_width + b.half_width


def overlapping(ranked: Sequence[stats.Interval], k: int) -> list[tuple[str, str]]:
    """The open pairs: a among the first k, b below the first k, intervals overlapping."""
    return [(a.strategy, b.strategy) for a in ranked[:k] for b in ranked[k:] if not apart(a, b)]


def tied(ranked: Sequence[stats.Interval], k: int) -> list[tuple[str, str]]:
    """Neighbours within the first k whose intervals overlap: their order is not resolved."""
    return [(a.strategy, b.strategy) for a, b in zip(ranked[:k], ranked[1:k]) if not apart(a, b)]


def targets(ranked: Sequence[stats.Interval], k: int) -> dict[str, float]:
    """Per strategy still in an overlapping pair: the half-width that would separate its
    closest such pair at the current estimates."""
    share = {r.strategy: r.win_share for r in ranked}
    out: dict[str, float] = {}
    for a, b in overlapping(ranked, k):
        gap = abs(share[a] - share[b]) / 2
        for name in (a, b):
            out[name] = min(out.get(name, math.inf), gap)
    return out


def pooled(cfg: Config, names: Iterable[str]) -> bool:
    """Whether one of these strategies plays in more than one matchup: its win share pools
    them by their games, so they must grow alike or its field would tilt towards the grown
    ones (a round robin; restricted play has one matchup per element)."""
    seen = Counter(n for m in cfg.matchups for n in set(m.lineup))
    return any(seen[n] > 1 for n in names)


def next_stops(cfg: Config, rows: list[stats.Interval], stops: list[int], k: int,
               ranked: Ranked) -> tuple[list[int], dict[str, Any]]:
    """The next round's games per matchup (equal to `stops` when the run is done) and the
    ranking report: top, met, the still overlapping pairs, the ranking, its tied neighbours."""
    order = ranked(rows)
    want = targets(order, k)
    half = {r.strategy: r.half_width for r in order}
    factor = {n: (half[n] / want[n]) ** 2 * 1.1 if want[n] > 0 else math.inf for n in want}
    every = pooled(cfg, want)
    cap = cfg["max_games"]
    grown = []
    for m, stop in zip(cfg.matchups, stops):
        names = list(want) if every else [n for n in dict.fromkeys(m.lineup) if n in want]
        if not names or stop >= cap:
            grown.append(stop)
            continue
        step = min(max(factor[n] for n in names), MAX_STEP)
        grown.append(min(cap, max(math.ceil(stop * step), math.ceil(stop * MIN_STEP))))
    pairs = overlapping(order, k)
    return grown, {"top": k, "met": not pairs, "overlapping": [list(p) for p in pairs],
                   "ranking": [r.strategy for r in order[:k]],
                   "tied": [list(p) for p in tied(order, k)]}
