"""Every game meeplab knows, listed once: name -> descriptor (core/<game>/game.py GAME).

A new game is its descriptor's line here (docs/adding-a-game.md); nothing else finds games."""
from core.common.game import Game
from core.cuba.game import GAME as CUBA
from core.santiago.game import GAME as SANTIAGO
from core.siberia.game import GAME as SIBERIA

GAMES: dict[str, Game] = {g.name: g for g in (CUBA, SANTIAGO, SIBERIA)}
