"""Siberia's compiled play loop: core.common.loop bound to core/siberia and the dispatcher."""
from core.common.loop import GameResult, bind  # noqa: F401 (GameResult: the loop's result)
from strategies.siberia.dispatch import decide

LOOP = bind("siberia", decide)
play_game, run_batch = LOOP.play_game, LOOP.run_batch
