"""Information-set MCTS for Cuba (strategies.common.search, bound to Cuba here).

The valuation at a rollout's cut-off is the greedy kernel's evaluation with the rollout
preset's parameters, for every seat alike without spite: VP, the end bonus of the buildings
owned, and `assets` times the valued pieces, money, building uses and parliament card. With a
plan or random as the rollout policy (no `assets` weight) it is VP plus the end bonus.
"""
import numpy as np

from core.cuba import rules
from core.cuba import state as S
from core.cuba.game import GAME
from core.cuba.state import G, P
from core.jit import njit, stack_array
from strategies.common import search
from strategies.common.search import DESCRIPTION, KERNEL, PARAMS  # noqa: F401 (declared)
from strategies.cuba import greedy
from strategies.cuba.plan import W
from strategies.cuba.values import V_SIZE  # a stack_array size: imported by name


@njit
def scores(row, s, t, out):
    """Every seat's valuation (the module docstring) into out[:players]."""
    vt = stack_array(V_SIZE, 0, np.float64)
    np_ = s[G.NP]
    vp = 0.0
    for q in range(np_):
        vp += s[S.pbase(q) + P.VP]
    for p in range(np_):
        others = vp - s[S.pbase(p) + P.VP]
        out[p] = greedy.evaluate(row, s, t, p, vt) + row[W.SPITE] * others / max(np_ - 1, 1)


choose = search.kernel(GAME, __name__, scores, rules.standings, G.NP)
