"""Information-set MCTS for Siberia (strategies.common.search, bound here).

The valuation at a rollout's cut-off is each seat's money if the game ended now (SIB-R17); the
final win shares are the standings' (SIB-R18, sort keys in float64).
"""
import numpy as np

from core.siberia import rules
from core.siberia import state as S
from core.siberia.game import GAME
from core.siberia.state import G
from strategies.common import search
from strategies.common.search import DESCRIPTION, KERNEL, PARAMS  # noqa: F401 (declared)

choose = search.kernel(GAME, __name__, search.score_valuation(GAME, S.money, G.NP),
                       search.standings_shares(GAME, rules.standings, G.NP, np.float64), G.NP)
