"""The plans' seeded variety (strategies.common.variety): on the same deal a plan's opening
differs between decision streams and is the same for the same stream; whole games are the same
for the same seed; variety 0 is the plain argmax."""
from __future__ import annotations

import numpy as np
import pytest

from core.common.trace import no_trace
from core.santiago import state as S
from core.santiago.rules import apply
from core.santiago.tables import flatten, load_tables
from tests.santiago.helpers import at_drive, options
from tests.strategies.santiago.helpers import NAMED, SANTIAGO
from tests.strategies.variety_checks import (
    assert_greedy_deterministic, assert_opening_varies_only_with_variety,
    assert_same_seed_same_game,
)

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
PLANS = tuple(n for n in NAMED if n != "greedy")
NAMES = [p.name for p in SANTIAGO.registry.kernel_module("planner").PARAMS]
STREAMS = range(1, 9)
T = flatten(load_tables())  # the random layout: deal DEAL's
DEAL = 2  # a deal whose opening drives hold near-equal options (plan_strength openings: how often)
DECISIONS = 24  # about the first round and a half: six drives and what they lead to


def opening(name: str, stream: int, variety: float | None = None) -> list[int]:
    """The first DECISIONS options of a 4-player game of `name` in every seat on one deal,
    every seat deciding from a stream seeded with `stream`."""
    kernels, params = SANTIAGO.registry.resolve([name] * 4)
    if variety is not None:
        params[:, NAMES.index("variety")] = variety
    s = at_drive(T, seed=DEAL)
    rngs = np.full((4, 1), stream, np.uint64)
    rngs[:, 0] += np.arange(4, dtype=np.uint64)
    chosen = []
    while len(chosen) < DECISIONS:
        opts = np.array(options(s, T), np.int32)
        p = int(s[S.G.CUR])
        i = SANTIAGO.decide(kernels[p], params[p], s, T, opts, len(opts), rngs[p])
        chosen.append(int(opts[i]))
        apply(s, T, opts[i], no_trace())
    return chosen


@pytest.mark.parametrize("name", PLANS)
def test_a_plans_opening_differs_between_streams_and_not_without_variety(name: str) -> None:
    assert_opening_varies_only_with_variety(opening, name, STREAMS)


def test_greedy_is_deterministic_by_default() -> None:
    assert_greedy_deterministic(opening, STREAMS)


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert_same_seed_same_game(SANTIAGO, list(PLANS) + ["greedy"], load_tables(), 4)
