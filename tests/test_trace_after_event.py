"""The state recorded with an event is the state after it, for every event kind of every game
(docs/trace-format.md "Snapshot timing").

Each event kind declares (its game's trace.py, EVENTS: `changes`) which parts of the public
state (`public_state` keys; a player's key as `players.<key>`) it may change. Random games
under the default rules and under each switch's other options are traced; between two
consecutive events only what the later event declares may change. A change made after an event
was recorded shows up at a later event that does not declare it (the church's veto holder, a
bill still on the table, the goods value after a departure). Every event kind must occur.
Interpreted."""
from __future__ import annotations

import json
from typing import Any

import pytest

from core import games
from core.common import overlay
from core.common.game import Game
from core.common.trace import EVW, events, overflowed
from strategies.common.bound import bound

PLAYERS = 3
MAX_EVENTS = 20_000  # a whole game

RANDOM = ("random",) * PLAYERS
# rules data and a lineup under which play reaches rare events
RARE: dict[str, tuple[tuple[dict[str, object], tuple[str, ...]], ...]] = {
    # a free church, built and used by plans: its veto
    "cuba": (({"buildings.church.cost": {"wood": 0, "stone": 0, "water": 0}},
              ("money_and_laws", "builder", "random")),),
    # no worker at the start and one in the box: little can be mined, hands fill up, players
    # skip and the safeguard ends the game
    "siberia": (({"misc.start_workers": 0, "misc.worker_supply": 1}, RANDOM),),
    # two players sail with the Ghost Ship (JAM-V1)
    "jamaica": (({}, ("random", "random")),),
    # plans complete installations and fill the museum: the end is triggered
    "cubist": (({}, ("sculptor", "architect", "greedy")),),
}


def changed(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """The public-state keys (players.<key> for a player's) whose value differs."""
    keys = {k for k in after if k != "players" and before[k] != after[k]}
    for old, new in zip(before.get("players", []), after.get("players", [])):
        keys |= {f"players.{k}" for k in new if old[k] != new[k]}
    return keys


def play(game: Game, tables: Any, seed: int, lineup: tuple[str, ...]) -> Any:
    """One game of the lineup (a seat each), with its whole trace."""
    strategies = bound(game)
    kernels, params = strategies.registry.resolve(list(lineup))
    result = strategies.loop.play_game(tables, len(lineup), seed, kernels, params, check=True,
                                       trace=True, max_events=MAX_EVENTS)
    assert result.error == 0 and not overflowed(result.trace)
    return result.trace


def variants(game: Game) -> list[tuple[dict[str, object], Any, tuple[str, ...]]]:
    """(variant, tables, lineup): `random` under the default rules (twice: two seeds) and
    under each switch's other options one at a time, then the game's RARE cases."""
    switches = [{}, {}] + [{name: value}
                           for name, (_, options) in game.rules.switches.options.items()
                           for value in options[1:]]
    raw = game.rules.load_raw()
    return ([(v, game.rules.load_tables(overrides=v), RANDOM) for v in switches]
            + [(d, game.rules.build_tables(overlay.apply(raw, d)), lineup)
               for d, lineup in RARE.get(game.name, ())])


@pytest.mark.parametrize("name", games.names())
def test_each_state_is_the_state_after_its_event(name):
    game = games.get(name)
    declared = game.trace.EVENTS.changes()
    seen: set[str] = set()
    wrong: dict[tuple[str, str], str] = {}
    for seed, (variant, tables, lineup) in enumerate(variants(game)):
        before = None
        for i, row in enumerate(events(play(game, tables, seed, lineup))):
            event = game.trace.event_dict(row, tables)["name"]
            seen.add(event)
            state = json.loads(json.dumps(game.trace.public_state(row[EVW:], tables,
                                                                  len(lineup))))
            if before is not None:
                for key in changed(before, state) - set(declared[event]):
                    wrong.setdefault((event, key), f"seed {seed} {variant} event {i + 1}")
            before = state
    assert not wrong, "\n".join(f"`{e}` changed {k} ({where})" for (e, k), where in wrong.items())
    assert seen == set(declared), f"never seen: {sorted(set(declared) - seen)}"
