"""Cuba's compiled play loop: core.common.loop bound to core/cuba and the dispatcher."""
from core.common.loop import GameResult, bind  # noqa: F401 (GameResult: the loop's result)
from strategies.cuba.dispatch import decide

LOOP = bind("cuba", decide)
play_game, run_batch = LOOP.play_game, LOOP.run_batch
