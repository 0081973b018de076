"""Game seeds of a tournament: a stable function of (tournament seed, matchup key, deal index).

Nothing else enters a seed: not the worker count, the shard size, the backend or the seating,
so every seat rotation of a matchup replays the same deal (duplicate deals) and a run is
reproducible anywhere. The matchup's base is blake2b of the tournament seed and the key; each
deal index is mixed in with the splitmix64 finaliser (vectorised, wrapping uint64 arithmetic).

Crossed deals (sim.run.schedule.crossed_cells) draw each block's source seeds from the
tournament seed, the source count, the deals per source and the block alone, not the matchup
key: every matchup (each field a candidate meets) plays the same crossed deals, so their
shares of luck compare on the same deals. The seats' streams of a crossed deal are seeded per
cell of its block, not per source, so a strategy's randomness stays within the deal.
"""
from __future__ import annotations

import hashlib

import numpy as np

from sim.run.schedule import crossed_cells

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def matchup_base(tournament_seed: int, matchup_key: str) -> int:
    """64-bit base of one matchup's deal seeds."""
    digest = hashlib.blake2b(f"{tournament_seed}\x1f{matchup_key}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "little")


def deal_seeds(tournament_seed: int, matchup_key: str, start: int, stop: int) -> np.ndarray:
    """Seeds (int64, >= 0) of deals start..stop-1 of the matchup."""
    z = np.arange(start, stop, dtype=np.uint64) + np.uint64(1)
    z = z * _GOLDEN + np.uint64(matchup_base(tournament_seed, matchup_key))
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    z ^= z >> np.uint64(31)
    return (z >> np.uint64(1)).astype(np.int64)


def source_seeds(tournament_seed: int, sources: int, per_source: int, block: int = 0
                 ) -> np.ndarray:
    """seeds[source, deal]: distinct deal seeds of each source in one block of crossed
    deals."""
    key = [tournament_seed, sources, per_source] + ([block] if block else [])
    rng = np.random.default_rng(key)
    return rng.choice(2**31, size=sources * per_source + 1, replace=False)[1:].reshape(
        sources, per_source)


def crossed_seeds(tournament_seed: int, per_source: int, sources: int, deals: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """(seat seeds[d], source seeds[d, source]) of crossed deals d (sim.run.schedule.
    crossed_cells): each block's own source seeds; the seats' seed of a cell is the block's
    first source seed + 1 + the cell."""
    blocks, index = crossed_cells(deals, per_source, sources)
    size = per_source ** sources
    seat = np.empty(len(blocks), np.int64)
    dealt = np.empty(index.shape, np.int64)
    for b in np.unique(blocks):
        at = blocks == b
        seeds = source_seeds(tournament_seed, sources, per_source, int(b))
        seat[at] = seeds[0, 0] + 1 + np.asarray(deals, np.int64)[at] % size
        dealt[at] = seeds[np.arange(sources), index[at]]
    return seat, dealt
