"""Santiago de Cuba's public features for a learned value model (strategies.common.value):
pesos, VP and the number of goods behind a screen are counted by all (SDC-R3; their kinds
are not read), properties lie open (SDC-R11); the end comes with the last ship (SDC-R20)."""
from core.common.arith import span_sum
from core.jit import njit
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.codes import M, T
from core.santiago.state import G, O, P

FEATURES = ("vp", "pesos", "goods", "properties", "markers_left", "paid_as_owner")


@njit
def progress(s, t):
    """The share of the game's ships departed."""
    return min(s[G.SHIPS] / t[T.MISC + M.SHIPS], 1.0)


@njit
def features(s, t, p, out):
    """Player p: VP, pesos, goods held (their number), properties owned, markers not yet
    placed, and how often another pawn paid it as owner."""
    b = S.pbase(p)
    out[0] = s[b + P.VP]
    out[1] = s[b + P.MONEY]
    out[2] = span_sum(s, b + P.GOODS, C.NKINDS)
    owned = 0
    for i in range(C.NSLOTS):
        owned += s[O.OWNER + i] == p
    out[3] = owned
    out[4] = s[b + P.MARKERS]
    out[5] = s[b + P.OWNER_VP]
