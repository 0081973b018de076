"""Every game meeplab knows, listed once: its name and the module of its descriptor
(core/<game>/game.py, `GAME`). A new game is its line here
(docs/contributing/adding-a-game.md); nothing else finds games.

A descriptor is imported when first asked for: it loads the game's whole engine, which a
process playing another game does not need (each engine adds to every process's start-up).
"""
from __future__ import annotations

import importlib

from core.common.game import Game

CATALOGUE: dict[str, str] = {
    "cuba": "core.cuba.game",
    "santiago": "core.santiago.game",
    "siberia": "core.siberia.game",
    "jamaica": "core.jamaica.game",
    "cubist": "core.cubist.game",
}


def names() -> list[str]:
    """Every game's name, in catalogue order."""
    return list(CATALOGUE)


def get(name: str) -> Game:
    """The descriptor of the game called `name` (KeyError if there is none)."""
    return importlib.import_module(CATALOGUE[name]).GAME
