"""The Siberia plans' seeded variety (strategies.common.variety): on the same deal a plan's
opening differs between decision streams and is the same for the same stream; whole games are
the same for the same seed; variety 0 is the plain argmax."""
from __future__ import annotations

import numpy as np
import pytest

from core.common.trace import no_trace
from core.siberia import actions as A
from core.siberia import rules as R
from core.siberia import state as S
from core.siberia.game import GAME
from core.siberia.tables import load_tables
from strategies.common.bound import bound
from tests.siberia.helpers import start
from tests.strategies.variety_checks import (
    assert_greedy_deterministic, assert_opening_varies_only_with_variety,
    assert_same_seed_same_game,
)

SIBERIA = bound(GAME)
PLANS = ("staff_first", "resource_rush")
STREAMS = range(1, 9)
DECISIONS = 30  # about the first ten turns of a 3-player game


def opening(name: str, stream: int, variety: float | None = None) -> list[int]:
    """The first DECISIONS options of a 3-player game of `name` in every seat on one deal,
    every seat deciding from a stream seeded with `stream`."""
    kernels, params = SIBERIA.registry.resolve([name] * 3)
    if variety is not None:
        names = [p.name for p in SIBERIA.registry.kernel_module("plan").PARAMS]
        params[:, names.index("variety")] = variety
    s, t = start(3, seed=5)
    rngs = np.full((3, 1), stream, np.uint64)
    rngs[:, 0] += np.arange(3, dtype=np.uint64)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    chosen = []
    while len(chosen) < DECISIONS and s[S.G.PHASE] != S.PH.OVER:
        n = A.legal(s, t, opts)
        p = int(s[S.G.CUR])
        i = SIBERIA.decide(kernels[p], params[p], s, t, opts, n, rngs[p]) if n > 1 else 0
        chosen.append(int(opts[i]))
        R.apply(s, t, opts[i], no_trace())
    return chosen


@pytest.mark.parametrize("name", PLANS)
def test_a_plans_opening_differs_between_streams_and_not_without_variety(name: str) -> None:
    assert_opening_varies_only_with_variety(opening, name, STREAMS)


def test_greedy_is_deterministic_by_default() -> None:
    assert_greedy_deterministic(opening, STREAMS)


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert_same_seed_same_game(SIBERIA, list(PLANS) + ["greedy"], load_tables(), 3)
