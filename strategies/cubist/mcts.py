"""Information-set MCTS for Cubist (strategies.common.search, bound here).

The valuation at a rollout's cut-off is each seat's score if the game ended now (CUBIST-R31).
"""
import numpy as np

from core.jit import njit
from core.cubist import rules
from core.cubist import state as S
from core.cubist.game import GAME
from core.cubist.state import G
from strategies.common import search
from strategies.common.search import DESCRIPTION, KERNEL, PARAMS  # noqa: F401 (declared)


@njit
def scores(row, s, t, out):
    """Every seat's score if the game ended now (CUBIST-R31) into out[:players]."""
    for p in range(s[G.NP]):
        out[p] = S.score(s, t, p)


@njit
def shares(s, t, rank, share):
    """The final win shares (CUBIST-R32) into share[:players]."""
    key = np.zeros(s[G.NP], np.int64)
    rules.standings(s, t, key, rank, share)


choose = search.kernel(GAME, __name__, scores, shares, G.NP)
