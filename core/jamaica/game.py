"""Jamaica, declared once (core.common.game.Game): its engine hooks, rules data, records, trace,
colours, player range, strategy kernels and report sections. Listed in core/games.py."""
from core.common.game import Engine, Game, misc_player_range
from core.jamaica import (actions, check, codes, elements, hidden, play, rules, state, tables,
                          trace)

GAME = Game(
    name="jamaica",
    title="Jamaica",
    clause_prefix="JAM",
    engine=Engine.of(state, actions, rules, check, play),
    rules=tables.FILE,
    trace=trace,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),  # JAM-R0
    kernels=("strategies.common.random", "strategies.jamaica.plan", "strategies.jamaica.greedy",
             "strategies.jamaica.mcts"),
    hidden=hidden.sample_hidden,
    elements=elements.ELEMENTS,
    report="reports.games.jamaica",
)
