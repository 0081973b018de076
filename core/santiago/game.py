"""Santiago de Cuba, declared once (core.common.game.Game): its engine hooks, rules data,
records, trace, colours, player range, strategy kernels and report sections. Listed in
core/games.py."""
from core.common.game import Game, engine_parts, misc_player_range
from core.santiago import codes, tables

GAME = Game(
    name="santiago",
    title="Santiago de Cuba",
    clause_prefix="SDC",
    rules=tables.FILE,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),  # SDC-R0
    kernels=("strategies.common.random", "strategies.santiago.greedy",
             "strategies.santiago.planner", "strategies.santiago.mcts"),
    parts=engine_parts("core.santiago"),
    report="reports.games.santiago",
    renderer="santiago.js",
)
