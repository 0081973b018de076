"""Helpers for kernel decision tests: the default rules, the characters by short name, and
asking a named strategy for the pending decision."""
from __future__ import annotations

import numpy as np

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.game import GAME
from strategies.common.bound import bound
from strategies.cuba import plan
from tests.cuba.helpers import decode, flat_tables

CUBA = bound(GAME)
T = flat_tables()  # the default rules
W, TR, AR, FO, MA = C.WORKER, C.TRADER, C.ARCHITECT, C.FOREMAN, C.MAYOR  # the characters


def ask(name: str, s: np.ndarray, t: np.ndarray, seed: int = 3,
        noisy: bool = False, **weights: float) -> tuple[str, int]:
    """(tag name, payload) of the option strategy `name` picks for the pending decision; the
    state must be left unchanged. The plan's valuation decides: without its seeded noise
    (`variety`) unless `noisy`; `weights` override the preset's (e.g. bid_fear=0.3), so a
    test of a rule does not depend on a tuned value."""
    kernels, params = CUBA.registry.resolve([name])
    if not noisy and CUBA.registry.kernels[kernels[0]] in ("heuristic", "greedy"):
        params[0, plan.W.VARIETY] = 0.0
    for key, value in weights.items():
        params[0, getattr(plan.W, key.upper())] = value
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    n = A.legal(s, t, opts)
    before = s.copy()
    rng = np.array([seed], np.uint64)
    i = CUBA.decide(kernels[0], params[0], s, t, opts, n, rng)
    assert 0 <= i < n
    np.testing.assert_array_equal(before, s)
    return decode(int(opts[i]))


def hand(s: np.ndarray, p: int, *cards: int) -> None:
    """Player p holds exactly these character cards, having played the others this round."""
    b = S.pbase(p)
    s[b + S.P.HAND:b + S.P.HAND + 5] = 0
    for c in cards:
        s[b + S.P.HAND + c] = 1
    s[b + S.P.NPLAYED] = 5 - len(cards)
