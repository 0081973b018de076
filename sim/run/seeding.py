"""Game seeds of a tournament: a stable function of (tournament seed, matchup key, deal index).

Nothing else enters a seed: not the worker count, the shard size, the backend or the seating,
so every seat rotation of a matchup replays the same deal (duplicate deals) and a run is
reproducible anywhere. The matchup's base is blake2b of the tournament seed and the key; each
deal index is mixed in with the splitmix64 finaliser (vectorised, wrapping uint64 arithmetic).
"""
from __future__ import annotations

import hashlib

import numpy as np

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
