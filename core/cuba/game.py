"""Cuba, declared once (core.common.game.Game): its engine hooks, rules data, records, trace,
colours, player range, strategy kernels and report sections. Listed in core/games.py."""
from core.common.game import Engine, Game, misc_player_range
from core.cuba import actions, check, codes, play, rules, state, tables, trace

GAME = Game(
    name="cuba",
    title="Cuba",
    clause_prefix="CUBA",
    engine=Engine(
        new_game=state.new_game, advance=rules.advance, legal=actions.legal, apply=rules.apply,
        check_state=check.check_state, write_records=play.write_records,
        state_size=state.STATE_SIZE, max_options=actions.MAX_OPTIONS, nrec=play.NREC,
        seat_slot=state.G.CUR, phase_slot=state.G.PHASE, over_phase=state.PH.OVER,
        decisions=state.DK, decision_slot=state.G.DK),
    rules=tables.FILE,
    record_columns=tuple(play.record_columns()),
    error_names=check.ERR_NAMES,
    trace=trace,
    colours=codes.COLOURS,
    player_range=misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),  # CUBA-R0
    kernels=("strategies.common.random", "strategies.cuba.heuristic", "strategies.cuba.greedy"),
    report="reports.games.cuba",
)
