"""The state recorded with an event is the state after it, for every event kind of every game
(docs/trace-format.md "Snapshot timing"; issue 15 items 3 and 5).

Each event kind declares below which parts of the public state (`public_state` keys; a player's
key as `players.<key>`) it may change. Random games under the default rules and under each
switch's other options are traced; between two consecutive events only what the later event
declares may change. A change made after an event was recorded shows up at a later event that
does not declare it (the church's veto holder, a bill still on the table, the goods value after
a departure). Every event kind must occur. Interpreted."""
from __future__ import annotations

import importlib
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

_TURN_END = ("turn", "final_turns_left")  # Siberia's turn end has no event of its own
CHANGES: dict[str, dict[str, tuple[str, ...]]] = {
    "cuba": {
        "round": ("round", "phase", "black_markers", "veto_holder", "players.hand",
                  "players.used", "players.votes", "players.face_down_card"),
        "phase": ("phase",),
        "bills": ("bills",),
        "setup": ("players.lot", "stock"),
        "hide_card": ("players.face_down_card",),
        "card": ("players.hand",),
        "worker": ("players.lot", "players.pawn", "stock"),
        "trader_alt": ("black_markers", "players.lot", "stock"),
        "buy": ("bank", "market", "players.lot", "players.money", "stock"),
        "sell": ("bank", "market", "players.lot", "players.stored", "players.money", "stock"),
        "build": ("bank", "players.buildings", "players.lot", "players.money", "stock"),
        "architect_alt": ("black_markers",),
        "mayor_alt": ("bank", "black_markers", "players.money"),
        "nothing": (),
        "use": ("bank", "harbour", "pile", "players.lot", "players.money", "players.stored",
                "players.used", "stock", "veto_holder"),
        "load": ("harbour", "players.lot", "players.stored"),
        "ship_leaves": ("harbour", "pile", "stock"),
        "ships_move": ("harbour", "pile"),
        "vp": ("players.vp", "players.vp_by_source"),
        "start_player": ("start_player",),
        "votes": ("players.votes",),
        "bid": ("bank", "players.money", "players.votes"),
        "parliament_win": (),
        "veto": ("bills",),
        "pass_bill": ("acts", "bills"),
        "remove_bill": ("bills",),
        "tax": ("bank", "players.money"),
        "duty": ("players.lot", "players.stored", "stock"),
        "market_act": ("market", "stock"),
        "spoil": ("players.lot", "stock"),
        "end_bonus": (),
        "game_end": ("phase",),
    },
    "santiago": {
        "setup": (),
        "turn": ("active",),
        "drive": ("car",),
        "reopen": ("closed",),
        "value": ("goods_value",),
        "closed": (),
        "cuban": (),
        "goods": ("bank", "screens"),
        "money": ("bank_pesos", "screens"),
        "vp": ("screens",),
        "give": ("screens",),
        "marker": ("markers_left", "slots"),
        "decline": (),
        "move": ("slots",),
        "stay": (),
        "use": ("bank", "screens"),  # the café's goods are handed in with the use
        "no_use": (),
        "close": ("closed",),
        "convert": ("bank", "screens"),
        "swap": ("bank", "screens"),
        "exchange": (),
        "die": ("dice",),
        "harbour": (),
        "deliver": ("bank", "dice", "screens"),
        "pass": (),
        "round_end": (),
        "depart": ("dice", "goods_value", "ships_departed"),
        "roll": (),
        "ship": ("dice",),
        "end_bonus": (),
        "game_end": ("phase",),
    },
    "siberia": {
        "setup": (),
        "turn": ("current",) + _TURN_END,
        "discover": ("row",),
        "no_discovery": (),
        "draw": ("action_pile", "players.hand_size"),
        # cards drawn before the pile ran out are in hand when it is reshuffled
        "reshuffle": ("action_pile", "discards", "players.hand_size"),
        "play": ("discards", "players.hand_size"),
        "mine": ("row", "players.resources", "players.resource_value", "players.money",
                 "players.money_by_source"),
        "refill": ("deck", "row"),
        # money is what the cards held are worth: a hire changes it
        "hire_worker": ("supply", "players.workers", "players.money", "players.money_by_source"),
        "hire_salesman": ("supply", "players.salesmen", "players.money",
                          "players.money_by_source"),
        "hire_investor": ("supply", "players.investors", "players.money",
                          "players.money_by_source"),
        "skip": (),
        "end_trigger": ("final_turns_left",),
        "stalemate": _TURN_END,
        "score": _TURN_END,  # the first score follows the last turn's end
        "game_end": ("phase",),
    },
    "jamaica": {
        "setup": (),
        "round": ("round",),
        "dice": ("dice",),
        "choose": ("players.card_face_down", "players.hand_size"),
        "reveal": ("players.card_face_down", "players.discards", "players.revealed"),
        "load": ("ghost", "players.holds"),
        "dump": ("ghost", "players.holds"),
        "load_lost": (),
        "move": ("ghost", "players.race", "players.space"),
        "finish": (),
        "pay": ("players.holds",),
        "shortage": ("players.holds",),
        "fallback": ("ghost", "players.race", "players.space"),
        "treasure": ("ghost", "players.face_down_treasures", "players.powers", "tokens",
                     "treasure_pile"),
        "combat": (),
        "bid": ("players.holds",),
        "roll": (),
        "sabre": (),
        "result": (),
        "take_hold": ("ghost", "players.holds"),
        # the 6th hold's treasure card goes with its contents
        "take_card": ("ghost", "players.face_down_treasures", "players.holds", "players.powers"),
        "give_cursed": ("ghost", "players.face_down_treasures", "players.powers"),
        "pass": (),
        "ghost_dir": (),
        "draw": ("players.deck", "players.hand_size", "players.revealed"),
        "reshuffle": ("players.deck", "players.discards", "players.hand_size",
                      "players.revealed"),
        "compass": ("captain",),
        "end_trigger": (),
        "show": (),
        "score": (),
        "game_end": ("phase",),
    },
    "cubist": {
        "setup": (),
        # the dice kept in storage join the warehouse (CUBIST-R8)
        "turn": ("current", "players.storage", "players.warehouse", "round", "turn"),
        "roll": ("players.supply", "players.warehouse"),
        # a die taken from a card turns it face up: the card scores (CUBIST-Q5)
        "place": ("players.card_dice", "players.points_by_source", "players.rooms",
                  "players.score", "players.supply", "players.warehouse"),
        "recruit": ("artists", "players.artist_dice", "players.card_dice", "players.supply",
                    "players.warehouse"),
        "bump": ("artists", "players.artist_dice", "players.card_dice", "players.supply"),
        "flush": ("artist_deck", "artists", "players.artist_dice", "players.card_dice",
                  "players.supply"),
        "reveal": ("artist_deck", "artists"),
        # Pascin's die is lifted off the rooms with the use, put down with the move
        "use": ("artists", "players.artist_dice", "players.rooms", "players.supply"),
        "gain": ("players.supply", "players.warehouse"),
        "remove": ("players.rooms", "players.supply"),
        "move": ("players.rooms",),
        "modify": ("players.card_dice", "players.warehouse"),
        "claim": ("players.storage",),
        "complete": ("players.card_dice", "players.completed", "players.points_by_source",
                     "players.rooms", "players.score", "players.supply"),
        "museum_die": ("museum", "players.card_dice", "players.museum_dice",
                       "players.points_by_source", "players.score", "players.supply"),
        "new_card": ("display", "installation_deck"),
        "abandon": ("players.card_dice", "players.rooms", "players.supply"),
        "store": ("players.storage", "players.supply", "players.warehouse"),
        "end_trigger": ("end_triggered",),
        "round_limit": (),
        "score": (),
        "game_end": ("phase",),
    },
}


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


def test_every_game_declares_its_events():
    assert set(CHANGES) == set(games.names())
    for name in games.names():
        kinds = importlib.import_module(games.get(name).trace.__name__.rpartition(".")[0]
                                        + ".codes").EV.keys
        assert sorted(CHANGES[name]) == sorted(kinds), name


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_each_state_is_the_state_after_its_event(name):
    game = games.get(name)
    declared = CHANGES[name]
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
