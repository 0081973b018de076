"""Cubist, declared once (core.common.game.Game): its engine hooks, rules data, records,
trace, colours, player range, strategy kernels and report sections. Listed in core/games.py."""
from core.common.game import Engine, Game, misc_player_range
from core.cubist import (actions, check, codes, elements, hidden, play, rules, state, tables,
                         trace)

GAME = Game(
    name="cubist",
    title="Cubist",
    clause_prefix="CUBIST",
    engine=Engine.of(state, actions, rules, check, play),
    rules=tables.FILE,
    trace=trace,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),
    kernels=("strategies.common.random", "strategies.cubist.plan",
             "strategies.cubist.greedy", "strategies.cubist.mcts"),
    hidden=hidden.sample_hidden,
    elements=elements.ELEMENTS,
    report="reports.games.cubist",
)
