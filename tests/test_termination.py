"""Every game ends under any policy, within the bound its rules give (the engine's
`max_steps(t, n_players)`: rounds, turns, decisions per turn), never by the loop's safeguard.

Adversarial seats: always the first legal option, always the last, at random, and `undo`: the
option that brings back a state the game was in before (a sale bought back, a move made back)
wherever one exists, else one that keeps the same seat at the same kind of decision (a chain
made as long as it goes), else at random. The driver also fails if any state at a decision point
comes back at all: a state that returns can return forever (CUBA-R15 read literally did, until
CUBA-Q18). Interpreted; `pytest -m soak` plays more seeds under every switch value.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from core import games
from core.common.errors import MAX_STEPS, OK
from core.common.game import Game
from core.common.loop import bind
from core.common.trace import no_trace
from strategies.common.variants import loaders

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

Policy = Callable[[Game, Any, np.ndarray, np.ndarray, int, np.random.Generator, dict], int]
TRIED = 48  # options the undo seat plays ahead at one decision, at most (a random sample)


def first(game, t, s, opts, n, rng, seen) -> int:
    return 0


def last(game, t, s, opts, n, rng, seen) -> int:
    return n - 1


def at_random(game, t, s, opts, n, rng, seen) -> int:
    return int(rng.integers(n))


def undo(game, t, s, opts, n, rng, seen) -> int:
    """An option whose outcome is a state seen before, else one that keeps the seat at the same
    kind of decision, else a random one."""
    e = game.engine
    tried = range(n) if n <= TRIED else rng.choice(n, TRIED, replace=False)
    stay = None
    for i in tried:
        after = s.copy()
        e.apply(after, t, opts[i], no_trace())
        if after.tobytes() in seen:
            return int(i)
        if stay is None and (after[e.decision_slot], after[e.seat_slot]) == (
                s[e.decision_slot], s[e.seat_slot]):
            stay = int(i)
    return stay if stay is not None else int(rng.integers(n))


POLICIES = {"first": first, "last": last, "random": at_random, "undo": undo}


def play(game: Game, tables: Any, players: int, seed: int, policy: Policy) -> int:
    """One game with `policy` in every seat: the decision points it took. Fails when a state
    comes back or the game runs past its rules' bound."""
    e = game.engine
    t = game.rules.flatten(tables)
    bound = int(e.max_steps(t, players))
    s = e.new_game(t, players, seed)
    e.advance(s, t, no_trace())
    opts = np.zeros(e.max_options, np.int32)
    rng = np.random.default_rng(seed)
    seen: dict[bytes, int] = {}
    steps = 0
    while s[e.phase_slot] != e.over_phase:
        key = s.tobytes()
        assert key not in seen, (f"{game.name}: the state of decision {seen[key]} came back at "
                                 f"decision {steps} ({policy.__name__}, seed {seed})")
        seen[key] = steps
        steps += 1
        assert steps <= bound, f"{game.name}: past its rules' bound of {bound} decisions"
        n = e.legal(s, t, opts)
        assert n > 0
        e.apply(s, t, opts[policy(game, t, s, opts, n, rng, seen) if n > 1 else 0], no_trace())
    return steps


def player_counts(game: Game, tables: Any) -> list[int]:
    low, high = game.player_range(tables)
    return sorted({low, high})


SIZES = [pytest.param(2, [None], id="quick"),
         pytest.param(12, "switches", id="soak", marks=pytest.mark.soak)]


def switch_variants(game: Game) -> list[dict | None]:
    """The defaults, then each switch's other values one at a time."""
    return [None] + [{key: v} for key, (_, values) in game.rules.switches.options.items()
                     for v in values[1:]]


@pytest.mark.parametrize("seeds, variants", SIZES)
@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("name", games.names())
def test_every_game_ends_within_its_rules_bound(name: str, policy: str, seeds: int,
                                                variants: Any) -> None:
    game = games.get(name)
    if variants == "switches":
        variants = switch_variants(game)
    for variant in variants:
        tables = game.rules.load_tables(overrides=variant)
        for players in player_counts(game, tables):
            for seed in range(seeds):
                assert play(game, tables, players, seed, POLICIES[policy]) > 0


def test_cubist_cap_follows_max_rounds() -> None:
    """A raised misc.max_rounds (engine safeguard, CUBIST-R31) is played to its end through the
    shared loop: seats that end every turn at once (the first option) never complete an
    installation, so the game lasts all its rounds, past the shared MAX_STEPS."""
    game = games.get("cubist")
    rounds, players = 4000, 3
    tables = loaders(game.rules)[0]({"misc.max_rounds": rounds})
    assert rounds * players * 2 > MAX_STEPS  # each turn: the end, the storage
    loop = bind(game, lambda kernel, params, s, t, opts, n, rng: 0)
    records, errors = loop.run_batch(tables, players, np.array([7]), np.zeros(players, np.int32),
                                     np.zeros((players, 1)))
    assert errors.tolist() == [OK]
    assert (records[0, :, game.record_columns.index("rounds")] == rounds).all()


def test_santiago_cap_follows_value_backs() -> None:
    """Santiago's bound counts the harbour office's moves of the marker to the left (SDC-Q18,
    misc.value_backs): raised, the bound grows, and the seats that once kept the ship in port
    for ever (the last option, every pawn move mandatory, SDC-Q2) end within it."""
    game = games.get("santiago")
    load = loaders(game.rules)[0]
    t1 = game.rules.flatten(load({"building_move": "mandatory"}))
    variant = {"building_move": "mandatory", "misc.value_backs": 5}
    tables = load(variant)
    assert game.engine.max_steps(game.rules.flatten(tables), 2) > game.engine.max_steps(t1, 2)
    for seed in range(12):
        assert play(game, tables, 2, seed, last) > 0


def test_siberia_cap_follows_stalemate_rounds() -> None:
    """A raised misc.stalemate_rounds (engine safeguard, SIB-R6/R7) is played to its end
    through the shared loop: seats that take the first option draw while they can, then skip
    (turning no card when discovery is optional), so the game ends by the stalemate only after
    every player skipped that many rounds, past the shared MAX_STEPS."""
    game = games.get("siberia")
    rounds, players = 4000, 3
    tables = loaders(game.rules)[0]({"misc.stalemate_rounds": rounds})
    assert rounds * players * 2 > MAX_STEPS  # each skipped turn: the discovery, the skip
    loop = bind(game, lambda kernel, params, s, t, opts, n, rng: 0)
    records, errors = loop.run_batch(tables, players, np.array([7]), np.zeros(players, np.int32),
                                     np.zeros((players, 1)))
    assert errors.tolist() == [OK]
    assert records[0, :, game.record_columns.index("skips")].sum() >= rounds * players


def test_jamaica_cap_follows_max_rounds() -> None:
    """Jamaica's bound is per round times JAM-Q10's max_rounds (the rounds after which a game
    is scored anyway), whichever value the switch takes."""
    game = games.get("jamaica")
    bound = {r: game.engine.max_steps(game.rules.flatten(
        game.rules.load_tables(overrides={"max_rounds": r})), 4) for r in (20, 50, 100)}
    assert bound[100] == 2 * bound[50] == 5 * bound[20]
