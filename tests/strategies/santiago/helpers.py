"""Shared helpers for the Santiago strategy tests: the option a named strategy picks at a
constructed state."""
from __future__ import annotations

import numpy as np

from core.santiago import actions as A
from core.santiago.game import GAME
from strategies.common.bound import bound
from tests.santiago.helpers import flat_tables, options

T = flat_tables()
SANTIAGO = bound(GAME)
NAMED = ("greedy", "refiner", "landlord", "banker")


def pick(name: str, s: np.ndarray, t: np.ndarray = T, seed: int = 1) -> tuple[str, int]:
    """The option the named strategy chooses at s (the state must stay unchanged)."""
    kernels, params = SANTIAGO.registry.resolve([name])
    opts = np.array(options(s, t), np.int32)
    before = s.copy()
    rng = np.full(1, seed, np.uint64)
    i = SANTIAGO.decide(kernels[0], params[0], s, t, opts, len(opts), rng)
    assert np.array_equal(before, s) and 0 <= i < len(opts)
    return A.OT.keys[A.tag_of(opts[i])], A.payload_of(opts[i])
