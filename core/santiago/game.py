"""Santiago de Cuba, declared once (core.common.game.Game): its engine hooks, rules data,
records, trace, colours, player range, strategy kernels and report sections. Listed in
core/games.py."""
from core.common.game import Engine, Game, misc_player_range
from core.santiago import (actions, check, codes, elements, hidden, play, rules, state, tables,
                           trace)

GAME = Game(
    name="santiago",
    title="Santiago de Cuba",
    clause_prefix="SDC",
    engine=Engine.of(state, actions, rules, check, play),
    rules=tables.FILE,
    trace=trace,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),  # SDC-R0
    kernels=("strategies.common.random", "strategies.santiago.greedy",
             "strategies.santiago.planner", "strategies.santiago.mcts"),
    hidden=hidden.sample_hidden,
    elements=elements.ELEMENTS,
    report="reports.games.santiago",
)
