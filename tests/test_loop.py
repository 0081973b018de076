"""The shared play loop (core.common.loop) with its invariant checks on: a strategy that returns
an index out of range or changes the state is caught (ERR_ILLEGAL), the seats' random streams
are the same whether made in place on the stack or in a new array."""
from __future__ import annotations

import numpy as np

from core import games as catalogue
from core.common.errors import ERR_ILLEGAL, OK
from core.common.loop import bind
from core.common.rng import seat_rngs, seed_seats
from strategies.common.bound import bound
from strategies.common.variants import loaders

GAME = catalogue.get("siberia")  # the shortest games


def play(decide, seed: int = 3) -> int:
    """One checked game's error code with every seat deciding through `decide`."""
    loop = bind(GAME, decide)
    tables = loaders(GAME.rules)[0](None)
    kernels = np.zeros(3, np.int32)
    params = np.zeros((3, 1))
    return loop.play_game(tables, 3, seed, kernels, params, check=True).error


def test_a_fair_strategy_plays_a_checked_game_to_its_end() -> None:
    assert play(bound(GAME).decide) == OK


def test_an_index_out_of_range_is_illegal() -> None:
    assert play(lambda kernel, params, s, t, opts, n, rng: n) == ERR_ILLEGAL


def test_a_strategy_that_changes_the_state_is_illegal() -> None:
    def cheat(kernel, params, s, t, opts, n, rng):
        s[-1] += 1
        return 0
    assert play(cheat) == ERR_ILLEGAL


def test_seat_streams_in_place_match_a_new_array() -> None:
    rngs = np.zeros((8, 1), np.uint64)
    seed_seats(rngs, 4, 12345)
    assert np.array_equal(rngs[:4], seat_rngs(4, 12345))
