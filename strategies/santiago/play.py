"""Santiago de Cuba's compiled play loop with strategies: the shared loop (core.common.loop)
bound to the Santiago engine package and the strategy dispatcher. Any mix of seat kernels runs
through one compilation: seats differ only by kernel id and parameter row.
"""
from core.common.loop import GameResult, bind
from strategies.santiago.dispatch import decide

__all__ = ["LOOP", "GameResult", "play_game", "run_batch"]

LOOP = bind("santiago", decide)
play_game = LOOP.play_game
run_batch = LOOP.run_batch
