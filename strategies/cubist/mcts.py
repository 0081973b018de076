"""Information-set MCTS for Cubist (strategies.common.search, bound here).

The valuation at a rollout's cut-off is each seat's score if the game ended now (CUBIST-R31);
the final win shares are the standings' (CUBIST-R32).
"""
from core.cubist import rules
from core.cubist import state as S
from core.cubist.game import GAME
from core.cubist.state import G
from strategies.common import search
from strategies.common.search import DESCRIPTION, KERNEL, PARAMS  # noqa: F401 (declared)

choose = search.kernel(GAME, __name__, search.score_valuation(GAME, S.score, G.NP),
                       search.standings_shares(GAME, rules.standings, G.NP), G.NP)
