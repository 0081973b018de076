"""Who plays whom, and in which seats: matchups, their seatings, deals and shards.

A matchup is a lineup of strategies (one per seat) played in several seatings: every cyclic
rotation of the lineup, or every distinct permutation. Each deal of a matchup is played once
in every seating with the same seed (duplicate deals), so each strategy of the lineup sits in
every seat equally often and seat luck cancels. A shard is a range of one matchup's deals,
played in all its seatings; shard boundaries sit at multiples of the matchup's shard size.

A crossed run (`crossed_deals = m`) deals each of the game's k sources of randomness
(core.common.chance) from m seeds of its own and plays every combination: a block of m ** k
crossed deals, whole blocks per matchup. Deal d is cell d % m ** k of block d // m ** k, and
the cell's deal index of each source is its digit in base m, the first source the most
significant (itertools.product's order): `crossed_cells`.
"""
from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

FORMATS = ("round-robin", "one-vs-field", "matchups")
SEATINGS = ("rotations", "permutations")


@dataclass(frozen=True)
class Matchup:
    """One lineup and the seatings it is played in."""

    index: int
    key: str                                # stable name; the deal seeds derive from it
    players: int
    lineup: tuple[str, ...]
    seatings: tuple[tuple[str, ...], ...]   # strategy per seat, one tuple per seating
    block: int = 1                          # deals come in whole blocks (crossed deals)

    def deals_for(self, games: int) -> int:
        """Deals needed to play at least `games` games (a whole number of seatings each, and
        of blocks)."""
        return math.ceil(math.ceil(games / len(self.seatings)) / self.block) * self.block

    def to_dict(self) -> dict[str, object]:
        return {"index": self.index, "key": self.key, "players": self.players,
                "lineup": list(self.lineup), "seatings": [list(s) for s in self.seatings]}


@dataclass(frozen=True)
class Shard:
    """Deals start..stop-1 of one matchup, in every seating."""

    matchup: int
    start: int
    stop: int

    @property
    def id(self) -> str:
        return f"m{self.matchup:04d}-d{self.start:09d}-{self.stop:09d}"


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The len(lineup) cyclic rotations: seating j puts lineup[i] in seat (i + j) % n."""
    n = len(lineup)
    return [tuple(lineup[(seat - j) % n] for seat in range(n)) for j in range(n)]


def permutations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct ordering of the lineup, in first-seen order."""
    return list(dict.fromkeys(itertools.permutations(lineup)))


def lineups(fmt: str, players: Iterable[int], strategies: Sequence[str] = (),
            baseline: str | None = None,
            matchups: Sequence[Sequence[str]] = ()) -> list[tuple[str, ...]]:
    """The lineups of a format: every combination of `players` strategies (round-robin), each
    strategy with players-1 baselines (one-vs-field), or the explicit `matchups`."""
    if fmt == "matchups":
        return [tuple(m) for m in matchups]
    out: list[tuple[str, ...]] = []
    for n in players:
        if fmt == "round-robin":
            out += itertools.combinations(strategies, n)
        elif fmt == "one-vs-field":
            out += [(s,) + (baseline,) * (n - 1) for s in strategies if s != baseline]
        else:
            raise ValueError(f"unknown format {fmt!r}")
    return out


def matchup_key(lineup: Sequence[str]) -> str:
    """'4p:a,b,c,d': player count and lineup in seat order of the first seating."""
    return f"{len(lineup)}p:{','.join(lineup)}"


def build(lineup_list: Sequence[Sequence[str]], seatings: str, block: int = 1
          ) -> list[Matchup]:
    """Matchups, numbered in order, each with its seatings, played in blocks of `block`
    deals."""
    seat = rotations if seatings == "rotations" else permutations
    return [Matchup(i, matchup_key(lineup), len(lineup), tuple(lineup), tuple(seat(lineup)),
                    block) for i, lineup in enumerate(lineup_list)]


def crossed_cells(deals: np.ndarray, per_source: int, sources: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """(block[d], index[d, source]) of crossed deals d: the block of per_source ** sources
    deals each lies in and the deal of each source within it (product order)."""
    deals = np.asarray(deals, np.int64)
    size = per_source ** sources
    cell = deals % size
    places = per_source ** np.arange(sources - 1, -1, -1, dtype=np.int64)
    return deals // size, (cell[:, None] // places) % per_source


def iter_shards(matchup: Matchup, start: int, stop: int, shard_deals: int) -> Iterator[Shard]:
    """Deals start..stop-1 cut at multiples of shard_deals, one shard at a time."""
    a = start
    while a < stop:
        b = min(stop, (a // shard_deals + 1) * shard_deals)
        yield Shard(matchup.index, a, b)
        a = b


def shards(matchup: Matchup, start: int, stop: int, shard_deals: int) -> list[Shard]:
    """Deals start..stop-1 cut at multiples of shard_deals."""
    return list(iter_shards(matchup, start, stop, shard_deals))


def shard_deals(matchup: Matchup, shard_games: int) -> int:
    """Deals per shard: about shard_games games."""
    return max(1, shard_games // len(matchup.seatings))


def seat_counts(matchups: Iterable[Matchup]) -> Counter[tuple[str, int, int]]:
    """How often each strategy sits in each seat per deal: (strategy, players, seat) -> count."""
    counts: Counter[tuple[str, int, int]] = Counter()
    for m in matchups:
        for seating in m.seatings:
            for seat, name in enumerate(seating):
                counts[name, m.players, seat] += 1
    return counts
