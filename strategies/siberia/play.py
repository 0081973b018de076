"""Siberia's compiled play loop with strategies: the shared loop (core.common.loop) bound to the
Siberia engine package and the strategy dispatcher. Any mix of seat kernels runs through one
compilation: seats differ only by kernel id and parameter row.
"""
from core.common.loop import GameResult, bind
from strategies.siberia.dispatch import decide

__all__ = ["LOOP", "GameResult", "play_game", "run_batch"]

LOOP = bind("siberia", decide)
play_game = LOOP.play_game
run_batch = LOOP.run_batch
