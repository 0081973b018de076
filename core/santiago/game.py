"""Santiago de Cuba, declared once (core.common.game.declare): its engine hooks, rules data,
records, trace, colours, player range (SDC-R0: the misc table's), strategy kernels and report
sections. Listed in core/games.py."""
from core.common.game import declare, per_seat
from core.santiago import codes, tables

GAME = declare("santiago", "Santiago de Cuba", "SDC", codes, tables,
               ("greedy", "planner", "mcts"), per_seat("VP", "screens", "vp"))
