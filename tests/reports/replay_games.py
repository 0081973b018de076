"""One traced game of every game (interpreted engine), and the scores its replay page must
draw at each event, for the replay page tests."""
from __future__ import annotations

import functools
from typing import Any

from reports import replay as page
from sim.cli import prepare
from sim.replay import played

GAMES = page.GAMES
# game -> (players, strategies, seed): games that score during play (Cubist's plan bots);
# Jamaica's 2-player game has the Ghost Ship
CASES = {"cuba": (3, "random", 3), "santiago": (3, "random", 3), "siberia": (3, "random", 3),
         "jamaica": (2, "random", 1), "cubist": (3, "sculptor,architect,patron", 2)}


@functools.cache
def trace(game: str) -> page.Trace:
    players, strategies, seed = CASES[game]
    setup = prepare(game, players, strategies, [])
    result = setup.game.play_game(setup.tables, players, seed, setup.kernels, setup.params,
                                  check=False, trace=True)
    return played(setup, seed, result)


def scores(t: page.Trace, k: int) -> list[Any]:
    """Every seat's score after event k as the trace says it (Jamaica: the points of the
    `score` events so far, its state holds none; Siberia: money in $1000s)."""
    s, game = t.states[k], t.header["game"]
    if game == "cuba":
        return [p["vp"] for p in s["players"]]
    if game == "santiago":
        return [sc["vp"] for sc in s["screens"]]
    if game == "siberia":
        return [p["money"] / 1000 for p in s["players"]]
    if game == "cubist":
        return [p["score"] for p in s["players"]]
    points = [0] * t.header["players"]
    for e in t.events[:k + 1]:
        if e["name"] == "score" and e["player"] is not None and e["player"] < len(points):
            points[e["player"]] += e["amount"]
    return points


def drawn(game: str, values: list[Any]) -> list[str]:
    """The scores as the page writes them."""
    if game == "siberia":
        return [f"${v:g}k" for v in values]
    return [f"{v:g}" for v in values]
