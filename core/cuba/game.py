"""Cuba, declared once (core.common.game.declare): its rules data, its engine package (imported
when first used), records, trace, colours, player range (CUBA-R0: the misc table's), strategy
kernels and report sections. Listed in core/games.py."""
from core.common.game import declare, per_seat
from core.cuba import codes, tables

GAME = declare("cuba", "Cuba", "CUBA", codes, tables, ("heuristic", "greedy", "mcts"),
               per_seat("VP", "players", "vp"))
