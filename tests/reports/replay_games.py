"""One traced game of every game (interpreted engine), and the scores its replay page must
draw at each event, for the replay page tests."""
from __future__ import annotations

import functools
from typing import Any

from core import games as catalogue
from reports import replay as page
from sim.replay import played
from sim.session import prepare

GAMES = tuple(catalogue.names())
# game -> (players, strategies, seed): 3 random seats, but where a game needs other seats to
# show what the page draws: Jamaica's 2-player game has the Ghost Ship, Cubist's plan bots
# score during play
CASES = {game: (3, "random", 3) for game in GAMES} | {
    "jamaica": (2, "random", 1), "cubist": (3, "sculptor,architect,patron", 2)}


@functools.cache
def _played(game: str) -> tuple[Any, Any]:
    players, strategies, seed = CASES[game]
    setup = prepare(game, players, strategies, [])
    return setup, setup.game.play_game(setup.tables, players, seed, setup.kernels,
                                       setup.params, check=False, trace=True)


def trace_buffer(game: str) -> Any:
    """The engine's trace buffer of the game `trace` draws."""
    return _played(game)[1].trace


@functools.cache
def trace(game: str) -> page.Trace:
    setup, result = _played(game)
    return played(setup, CASES[game][2], result)


def jamaica_public_points(t: page.Trace, k: int) -> list[int]:
    """JAM-R23 from what everyone sees after event k: the space's value (15 finished, the
    printed value past the red line while racing, else pre_line_value), doubloons in the holds,
    and the treasure and curse points the end's `score` events have shown so far."""
    rules, points = t.rules, []
    for p, pl in enumerate(t.states[k]["players"][:t.header["players"]]):
        space = (rules["finish_value"] if pl["race"] == "finished" else
                 rules["space_value"][pl["space"]] if pl["race"] == "racing" else
                 rules["pre_line_value"])
        gold = sum(h["tokens"] for h in pl["holds"] if h and h["kind"] == "gold")
        shown = sum(e["amount"] for e in t.events[:k + 1] if e["name"] == "score"
                    and e["player"] == p and e["source"] in ("treasures", "curses"))
        points.append(space + gold + shown)
    return points


def scores(t: page.Trace, k: int) -> list[Any]:
    """Every seat's score after event k as the page must draw it: the trace's score curve (its
    game's descriptor's), the final line's scores at the last event."""
    return t.scores[k]


def drawn(game: str, values: list[Any]) -> list[str]:
    """The scores as the page writes them."""
    if game == "siberia":
        return [f"${v:g}k" for v in values]
    return [f"{v:g}" for v in values]
