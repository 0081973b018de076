"""Information-set MCTS for Jamaica (strategies.common.search, bound here).

The valuation at a rollout's cut-off is each seat's score if the game ended now (JAM-R23), the
final win shares the standings' (JAM-R23, R24); the rewind of the face-down cards laid before
the deciding seat's (JAM-R7) lets the decoupled search model the whole round's cards alike.
"""
from core.jit import njit
from core.jamaica import rules
from core.jamaica import state as S
from core.jamaica.game import GAME
from core.jamaica.state import DK, G, P
from strategies.common import search
from strategies.common.search import DESCRIPTION, KERNEL, PARAMS  # noqa: F401 (declared)


@njit
def rewind(s, t):
    """JAM-R7 on a determinized copy (the cards laid face down are redrawn): the cards laid
    before the deciding seat's this round go back into their hands, and the Captain lays first
    again, as when the round's choices began."""
    if s[G.DK] != DK.CARD:
        return
    for k in range(s[G.CHOOSER]):
        b = S.pbase(rules.seat_from_captain(s, k))
        if s[b + P.CHOSEN] >= 0:
            s[b + P.HAND] |= 1 << s[b + P.CHOSEN]
            s[b + P.HAND_N] += 1
            s[b + P.CHOSEN] = -1
    s[G.CHOOSER] = 0
    s[G.CUR] = s[G.CAPTAIN]


choose = search.kernel(GAME, __name__, search.score_valuation(GAME, S.score, G.NP),
                       search.standings_shares(GAME, rules.standings, G.NP), G.NP, rewind)
