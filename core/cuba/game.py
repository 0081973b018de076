"""Cuba, declared once (core.common.game.Game): its engine hooks, rules data, records, trace,
colours, player range, strategy kernels and report sections. Listed in core/games.py."""
from core.common.game import Engine, Game, misc_player_range
from core.cuba import (actions, check, codes, elements, hidden, play, rules, state, tables,
                       trace)

GAME = Game(
    name="cuba",
    title="Cuba",
    clause_prefix="CUBA",
    engine=Engine.of(state, actions, rules, check, play),
    rules=tables.FILE,
    trace=trace,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),  # CUBA-R0
    kernels=("strategies.common.random", "strategies.cuba.heuristic", "strategies.cuba.greedy",
             "strategies.cuba.mcts"),
    hidden=hidden.sample_hidden,
    elements=elements.ELEMENTS,
    report="reports.games.cuba",
)
