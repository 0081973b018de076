"""`variety`: the seeded noise on a plan's option values. Openings differ between deals, the
same seed plays the same game, variety 0 is the plain argmax (interpreted whole games)."""
from __future__ import annotations

import numpy as np
import pytest

from core.common.trace import events
from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.game import GAME
from core.cuba.tables import load_tables
from strategies.common.bound import bound
from strategies.cuba.plan import W
from tests.cuba.helpers import flat_tables
from tests.cuba.scenario import fresh
from tests.strategies.cuba.helpers import CUBA, hand

loop, resolve = bound(GAME).loop, bound(GAME).registry.resolve
TABLES = load_tables()
SEEDS = range(21, 33)


def opening(name: str, seed: int, variety: float | None = None) -> tuple:
    """Seat 0's character plays, pawn moves and builds of round 1 in a game of four `name`
    (variety: the preset's, or this value for every seat)."""
    kernels, params = resolve([name] * 4)
    if variety is not None:
        params[:, W.VARIETY] = variety
    game = loop.play_game(TABLES, 4, seed, kernels, params, check=True, trace=True)
    assert game.error == 0
    rows = events(game.trace)
    round_of = rows[:, C.EVW + S.G.ROUND]
    mine = rows[(rows[:, 1] == 0) & (round_of <= 1)
                & np.isin(rows[:, 0], (C.EV.CARD, C.EV.WORKER, C.EV.BUILD))]
    return tuple(map(tuple, mine[:, :6].tolist()))


@pytest.mark.parametrize("name", ["factory_cafe", "builder"])
def test_openings_vary_between_deals_only_with_variety(name):
    """The issue's finding: without noise the plan's first card and its action are the same
    in every deal, and its round-1 openings differ only as far as the deals do; with the
    preset's variety they differ more."""
    plain = [opening(name, seed, 0.0) for seed in SEEDS]
    varied = [opening(name, seed) for seed in SEEDS]
    assert len({o[:2] for o in plain}) == 1
    assert len(set(varied)) > len(set(plain))


def test_same_seed_same_game_with_variety():
    kernels, params = resolve(["factory_cafe", "builder", "money_and_laws", "greedy"])
    a = loop.play_game(TABLES, 4, 5, kernels, params, check=True, trace=True)
    b = loop.play_game(TABLES, 4, 5, kernels, params, check=True, trace=True)
    np.testing.assert_array_equal(events(a.trace), events(b.trace))
    np.testing.assert_array_equal(a.records, b.records)


def test_variety_draws_from_the_seat_stream_only_when_positive():
    """Variety 0 leaves the decision's random stream untouched (the plain argmax); a positive
    variety draws from it, and the choice then depends on the stream."""
    t = flat_tables()
    s = fresh(t, 4, seed=1, start=0)
    hand(s, 0, C.WORKER, C.TRADER, C.ARCHITECT, C.FOREMAN, C.MAYOR)
    s[S.pbase(0) + S.P.NPLAYED] = 0
    kernels, params = CUBA.registry.resolve(["builder"])
    assert params[0, W.VARIETY] > 0
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    n = A.legal(s, t, opts)
    for variety, distinct in ((0.0, 1), (5.0, 2)):
        params[0, W.VARIETY] = variety
        picks, moved = set(), set()
        for k in range(12):
            rng = np.array([k], np.uint64)
            picks.add(CUBA.decide(kernels[0], params[0], s, t, opts, n, rng))
            moved.add(int(rng[0]) != k)
        assert moved == {variety > 0}
        assert len(picks) >= distinct
        if variety == 0.0:
            assert len(picks) == 1
