"""Cuba's public features for a learned value model (strategies.common.value): a player's VP,
money, pieces, stored products and buildings lie open (CUBA-R3 onwards); its hand, hidden card
and secret bid are not read. The game lasts a fixed number of rounds."""
from core.common.arith import span_sum
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import M, T
from core.cuba.state import G, P
from core.jit import njit

FEATURES = ("vp", "money", "pieces", "stored", "buildings", "parliaments_won")


@njit
def progress(s, t):
    """The share of the game's rounds finished."""
    return min((s[G.ROUND] - 1) / t[T.MISC + M.ROUNDS], 1.0)


@njit
def features(s, t, p, out):
    """Player p: VP, money, pieces on its plantation, stored products, buildings on its
    fields, parliaments won."""
    b = S.pbase(p)
    out[0] = s[b + P.VP]
    out[1] = s[b + P.MONEY]
    out[2] = span_sum(s, b + P.LOT, C.NKINDS)
    out[3] = span_sum(s, b + P.STORED, C.NPRODUCTS)
    built = 0
    for f in range(1, C.NFIELDS):
        built += s[b + P.FIELD + f] >= 0
    out[4] = built
    out[5] = s[b + P.PARL_WINS]
