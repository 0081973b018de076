"""Jamaica, declared once (core.common.game.Game): its rules data, its engine package (imported
when first used), records, trace, colours, player range, strategy kernels and report sections.
Listed in core/games.py."""
from core.common.game import Game, engine_parts, misc_player_range
from core.jamaica import codes, page, tables

GAME = Game(
    name="jamaica",
    title="Jamaica",
    clause_prefix="JAM",
    rules=tables.FILE,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),  # JAM-R0
    kernels=("strategies.common.random", "strategies.jamaica.plan", "strategies.jamaica.greedy",
             "strategies.jamaica.mcts"),
    parts=engine_parts("core.jamaica"),
    report="reports.games.jamaica",
    renderer="jamaica.js",
    page_rules=page.page_rules,
)
