"""Cubist, declared once (core.common.game.declare): its engine hooks, rules data, records,
trace, colours, player range, strategy kernels, report sections and replay page rules. Listed
in core/games.py."""
from core.common.game import declare, per_seat
from core.cubist import codes, page, tables

GAME = declare("cubist", "Cubist", "CUBIST", codes, tables, ("plan", "greedy", "mcts"),
               per_seat("Points (as if the game ended now)", "players", "score"),
               page_rules=page.page_rules, players=3)
