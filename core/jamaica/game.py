"""Jamaica, declared once (core.common.game.declare): its rules data, its engine package
(imported when first used), records, trace, colours, player range (JAM-R0: the misc table's),
strategy kernels, report sections and replay page rules. Listed in core/games.py."""
from core.common.game import declare
from core.jamaica import codes, page, tables

GAME = declare("jamaica", "Jamaica", "JAM", codes, tables, ("plan", "greedy", "mcts"),
               page.SCORE_CURVE, page_rules=page.page_rules)
