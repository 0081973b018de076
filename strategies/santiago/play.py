"""Santiago de Cuba's compiled play loop: core.common.loop bound to core/santiago and
its dispatcher."""
from core.common.loop import GameResult, bind  # noqa: F401 (GameResult: the loop's result)
from strategies.santiago.dispatch import decide

LOOP = bind("santiago", decide)
play_game, run_batch = LOOP.play_game, LOOP.run_batch
