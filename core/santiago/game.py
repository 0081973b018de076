"""Santiago de Cuba, declared once (core.common.game.Game): its engine hooks, rules data,
records, trace, colours, player range, strategy kernels and report sections. Listed in
core/games.py."""
from core.common.game import Engine, Game, misc_player_range
from core.santiago import actions, check, codes, play, rules, state, tables, trace

GAME = Game(
    name="santiago",
    title="Santiago de Cuba",
    clause_prefix="SDC",
    engine=Engine(
        new_game=state.new_game, advance=rules.advance, legal=actions.legal, apply=rules.apply,
        check_state=check.check_state, write_records=play.write_records,
        state_size=state.STATE_SIZE, max_options=actions.MAX_OPTIONS, nrec=play.NREC,
        seat_slot=state.G_CUR, phase_slot=state.G_PHASE, over_phase=state.PH_OVER),
    rules=tables.FILE,
    record_columns=tuple(play.record_columns()),
    error_names=check.ERR_NAMES,
    trace=trace,
    colours=codes.PLAYER_COLOURS,
    player_range=misc_player_range(codes.M_MIN_PLAYERS, codes.M_MAX_PLAYERS),  # SDC-R0
    kernels=("strategies.common.random", "strategies.santiago.greedy",
             "strategies.santiago.planner"),
    report="reports.games.santiago",
)
