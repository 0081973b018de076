"""Information-set MCTS for Santiago de Cuba (strategies.common.search, bound here).

The valuation at a rollout's cut-off is the greedy evaluation (evaluate.py) with the rollout
preset's weights, for every seat alike: VP plus weighted goods, pesos and property markers;
with random as the rollout policy (no weights) it is the VP.
"""
from core.jit import njit
from core.santiago import rules
from core.santiago.game import GAME
from core.santiago.state import G
from strategies.common import search
from strategies.common.search import DESCRIPTION, KERNEL, PARAMS  # noqa: F401 (declared)
from strategies.santiago import evaluate


@njit
def scores(row, s, t, out):
    """Every seat's valuation (the module docstring) into out[:players]."""
    for p in range(s[G.NP]):
        out[p] = evaluate.evaluate(row, s, t, p)


choose = search.kernel(GAME, __name__, scores, rules.standings, G.NP)
