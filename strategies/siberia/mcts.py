"""Information-set MCTS for Siberia (strategies.common.search, bound here).

The valuation at a rollout's cut-off is each seat's money if the game ended now (SIB-R17).
"""
import numpy as np

from core.jit import njit
from core.siberia import rules
from core.siberia import state as S
from core.siberia.game import GAME
from core.siberia.state import G
from strategies.common import search
from strategies.common.search import DESCRIPTION, KERNEL, PARAMS  # noqa: F401 (declared)


@njit
def scores(row, s, t, out):
    """Every seat's money (SIB-R17) into out[:players]."""
    for p in range(s[G.NP]):
        out[p] = S.money(s, t, p)


@njit
def shares(s, t, rank, share):
    """The final win shares (SIB-R18) into share[:players]."""
    key = np.zeros(s[G.NP])
    rules.standings(s, t, key, rank, share)


choose = search.kernel(GAME, __name__, scores, shares, G.NP)
