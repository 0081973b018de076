"""Each game's sources of randomness (core.common.chance): the declared slots hold every draw
of the deal, a crossed deal of one seed is that seed's deal, and crossed deals are legal start
states that play to the end with the invariant checker on."""
from __future__ import annotations

import numpy as np
import pytest

from core import games as catalogue
from core.common.chance import Source, crossed_deal, sources
from core.common.errors import OK
from sim.games import get

GAMES = catalogue.names()


def setup(name: str) -> tuple[catalogue.Game, np.ndarray, list[int]]:
    game = catalogue.get(name)
    tables = game.rules.load_tables()
    low, high = game.player_range(tables)
    return game, game.rules.flatten(tables), list(range(low, high + 1))


@pytest.mark.parametrize("name", GAMES)
def test_every_slot_a_deal_draws_belongs_to_a_source(name: str) -> None:
    game, t, counts = setup(name)
    e = game.engine
    assert e.sources.sources, f"{name} declares no source of randomness"
    for n in counts:
        deals = np.array([e.new_game(t, n, seed) for seed in range(24)])
        varies = (deals != deals[0]).any(axis=0)
        assert not (varies & (e.sources.owner < 0)).any(), np.nonzero(varies & (e.sources.owner < 0))


@pytest.mark.parametrize("name", GAMES)
def test_a_crossed_deal_of_one_seed_is_that_seeds_deal(name: str) -> None:
    game, t, counts = setup(name)
    e = game.engine
    for n in counts:
        for seed in (0, 7, 2**40 + 3):
            one = [seed] * len(e.sources.sources)
            assert np.array_equal(crossed_deal(e.new_game, e.sources, t, n, one),
                                  e.new_game(t, n, seed))


@pytest.mark.parametrize("name", GAMES)
def test_each_source_comes_from_its_own_seed(name: str) -> None:
    game, t, counts = setup(name)
    e = game.engine
    k = len(e.sources.sources)
    seeds = [11 + 5 * i for i in range(k)]
    s = crossed_deal(e.new_game, e.sources, t, counts[-1], seeds)
    for i, seed in enumerate(seeds):
        mine = e.sources.owner == i
        assert np.array_equal(s[mine], e.new_game(t, counts[-1], seed)[mine])


@pytest.mark.parametrize("name", GAMES)
def test_crossed_deals_are_legal_and_play_to_the_end_checked(name: str) -> None:
    g = get(name)
    tables = g.load_tables(None)
    low, high = g.player_range(tables)
    k = len(g.sources())
    for n in sorted({low, high}):
        states = np.array([g.crossed_deal(tables, n, [3 + 17 * i + 101 * j for i in range(k)])
                           for j in range(2)])
        check = catalogue.get(name).engine.check_state
        assert all(check(s, catalogue.get(name).rules.flatten(tables)) == OK for s in states)
        kernels, params = g.resolve(["greedy"] * n)
        before = states.copy()
        rec, err = g.run_dealt(tables, n, np.array([5, 6]), kernels, params, states, check=True)
        assert (err == OK).all()
        assert np.array_equal(states, before)   # the dealt states are not played in place
        assert rec.shape[:2] == (2, n)


@pytest.mark.parametrize("name", GAMES)
def test_a_dealt_game_of_a_seeds_deal_is_that_seeds_game(name: str) -> None:
    g = get(name)
    tables = g.load_tables(None)
    n = g.player_range(tables)[0]
    kernels, params = g.resolve(["greedy"] * n)
    seeds = np.array([4, 9])
    states = np.array([g.crossed_deal(tables, n, [s] * len(g.sources())) for s in seeds])
    dealt, _ = g.run_dealt(tables, n, seeds, kernels, params, states)
    played, _ = g.run_batch(tables, n, seeds, kernels, params)
    assert np.array_equal(dealt, played)


def test_a_slot_belongs_to_one_source_and_fields_are_named_by_block() -> None:
    from core.cuba.state import G, O, P

    with pytest.raises(ValueError, match="another source"):
        sources(G, O, P, (Source("a", "", "", ("G.START",)), Source("b", "", "", ("G.START",))))
    with pytest.raises(ValueError, match="G.X, O.X or P.X"):
        sources(G, O, P, (Source("a", "", "", ("START",)),))
