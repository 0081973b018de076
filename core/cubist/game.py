"""Cubist, declared once (core.common.game.Game): its engine hooks, rules data, records,
trace, colours, player range, strategy kernels and report sections. Listed in core/games.py."""
from core.common.game import Game, engine_parts, misc_player_range
from core.cubist import codes, page, tables

GAME = Game(
    name="cubist",
    title="Cubist",
    clause_prefix="CUBIST",
    rules=tables.FILE,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),
    kernels=("strategies.common.random", "strategies.cubist.plan",
             "strategies.cubist.greedy", "strategies.cubist.mcts"),
    parts=engine_parts("core.cubist"),
    report="reports.games.cubist",
    renderer="cubist.js",
    page_rules=page.page_rules,
)
