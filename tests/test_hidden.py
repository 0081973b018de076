"""Hidden information, for every game (its descriptor's `hidden` sampler) at decision points of
real games (random play, and for Cuba also the CUBA-V1 variant, for Jamaica also the
two-player game with the Ghost Ship, JAM-V1):

- the sampler keeps the invariants and the deciding seat's options, redraws something, and
  depends only on what the seat sees: two states that differ only in what the seat cannot see
  give the same sample from the same stream;
- no bot peeks (issue 16, item 2): every kernel (each registered strategy) decides the same
  when what the deciding seat cannot see is redrawn, and leaves the state as it was.
  Interpreted.
"""
from __future__ import annotations

from itertools import product
from typing import Any

import numpy as np
import pytest

from core import games
from core.common.game import Game
from core.common.rng import rng_seed
from core.common.trace import trace_buffer
from strategies.common.bound import bound
from tests.engines import interpreted_row

PLAYERS = 4        # seats (at most the game's most)...
SEATS = {"jamaica": [2, 4]}  # ...or these
GAMES = 2          # random games per rules variant and seat count
EVERY = 5          # keep every 5th decision point with a choice...
MAX_POINTS = 40    # ...and at most this many per game, evenly spread
VARIANTS = {"cuba": [{}, {"hidden_parliament_card": True}]}


def stream(seed: int) -> np.ndarray:
    """A random stream (core.common.rng) for `seed`."""
    rng = np.zeros(1, np.uint64)
    rng_seed(rng, seed, 7)
    return rng


def decision_points(game: Game) -> list[tuple[np.ndarray, np.ndarray, Any]]:
    """(state, options, tables) at every EVERY-th decision with a choice of random games."""
    e = game.engine
    found = []
    most = game.player_range(game.rules.load_tables())[1]
    for overrides, players in product(VARIANTS.get(game.name, [{}]),
                                      SEATS.get(game.name, [min(PLAYERS, most)])):
        tables = game.rules.load_tables(overrides=overrides or None)
        t = game.rules.flatten(tables)
        opts = np.zeros(e.max_options, np.int32)
        tr = trace_buffer(1, e.state_size)
        for seed in range(GAMES):
            rng = np.random.default_rng(seed)
            s = e.new_game(t, players, seed)
            e.advance(s, t, tr)
            count = 0
            while s[e.phase_slot] != e.over_phase:
                n = e.legal(s, t, opts)
                if n > 1:
                    count += 1
                    if count % EVERY == 0:
                        found.append((s.copy(), opts[:n].copy(), tables))
                e.apply(s, t, opts[rng.integers(n)], tr)
    return found[::max(1, len(found) // MAX_POINTS)][:MAX_POINTS]


@pytest.fixture(scope="module", params=games.names())
def points(request: pytest.FixtureRequest) -> tuple[Game, list]:
    game = games.get(request.param)
    return game, decision_points(game)


def redrawn(game: Game, s: np.ndarray, t: np.ndarray, seed: int) -> np.ndarray:
    """A copy of s with what its deciding seat cannot see redrawn from stream `seed`."""
    w = s.copy()
    game.hidden(w, t, int(s[game.engine.seat_slot]), stream(seed))
    return w


def test_sampler_keeps_invariants_and_the_seats_options(points) -> None:
    game, found = points
    e = game.engine
    changed = 0
    for s, opts, tables in found:
        t = game.rules.flatten(tables)
        w = redrawn(game, s, t, 1)
        assert e.check_state(w, t) == 0, game.name
        again = np.zeros(e.max_options, np.int32)
        n = e.legal(w, t, again)
        assert np.array_equal(again[:n], opts), game.name
        changed += not np.array_equal(w, s)
    assert changed > len(found) // 2, f"{game.name}: the sampler redraws nothing"


def test_sampler_reads_only_what_the_seat_sees(points) -> None:
    game, found = points
    for s, _, tables in found:
        t = game.rules.flatten(tables)
        other = redrawn(game, s, t, 2)  # the same view, other hidden cards
        assert np.array_equal(redrawn(game, s, t, 3), redrawn(game, other, t, 3)), game.name


def test_no_bot_peeks(points) -> None:
    """Every registered strategy decides the same when the hidden part is redrawn, and leaves
    the state as it was."""
    game, found = points
    strategies = bound(game)
    peeks = []
    for name in strategies.registry.names():
        kernels, params = strategies.registry.resolve([name])
        row = interpreted_row(strategies.registry, name, params[0])
        for s, opts, tables in found:
            t = game.rules.flatten(tables)
            key = game.engine.decisions.keys[s[game.engine.decision_slot]]
            choices = set()
            for w in (s, redrawn(game, s, t, 4), redrawn(game, s, t, 5)):
                before = w.copy()
                choices.add(strategies.decide(kernels[0], row, w, t, opts, len(opts), stream(9)))
                assert np.array_equal(before, w), f"{game.name}: {name} changed the state"
            if len(choices) > 1:
                peeks.append((name, key))
    assert not peeks, f"{game.name}: decisions that change with hidden information: " \
                      f"{sorted(set(peeks))}"
