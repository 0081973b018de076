"""Cuba's compiled play loop with strategies: the shared loop (core.common.loop) bound to the
Cuba rules and the strategy dispatcher. Any mix of seat kernels runs through one compilation:
seats differ only by kernel id and parameter row.
"""
from core.common.loop import GameResult, Loop
from core.cuba import play as records
from core.cuba.actions import MAX_OPTIONS, legal
from core.cuba.check import check_state
from core.cuba.rules import advance, apply
from core.cuba.state import STATE_SIZE, new_game
from core.cuba.tables import flatten
from strategies.cuba.dispatch import decide

__all__ = ["LOOP", "GameResult", "play_game", "run_batch"]

LOOP = Loop("cuba", flatten, STATE_SIZE, new_game=new_game, advance=advance, legal=legal,
            apply=apply, current=records.current, is_over=records.is_over,
            check_state=check_state, write_records=records.write_records, decide=decide,
            NREC=records.NREC, MAX_OPTIONS=MAX_OPTIONS, MAX_STEPS=records.MAX_STEPS)
play_game = LOOP.play_game
run_batch = LOOP.run_batch
