"""Cuba, declared once (core.common.game.Game): its rules data, its engine package (imported
when first used), records, trace, colours, player range, strategy kernels and report sections.
Listed in core/games.py."""
from core.common.game import Game, engine_parts, misc_player_range
from core.cuba import codes, tables

GAME = Game(
    name="cuba",
    title="Cuba",
    clause_prefix="CUBA",
    rules=tables.FILE,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),  # CUBA-R0
    kernels=("strategies.common.random", "strategies.cuba.heuristic", "strategies.cuba.greedy",
             "strategies.cuba.mcts"),
    parts=engine_parts("core.cuba"),
    report="reports.games.cuba",
    renderer="cuba.js",
)
