"""Siberia's public features for a learned value model (strategies.common.value): the cards a
player holds lie open, its hand only counted (SIB-R17 money, SIB-R16 the end)."""
from core.common.arith import span_sum
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.state import G, P
from core.jit import njit

FEATURES = ("money", "resource_cards", "workers", "salesmen", "investors", "hand")


@njit
def progress(s, t):
    """The share of the resource cards discovered (1 once the end is triggered)."""
    if s[G.FINAL_LEFT] >= 0:
        return 1.0
    return s[G.DISCOVERED] / max(s[G.RDECK_N], 1)


@njit
def features(s, t, p, out):
    """Player p: money now, resource cards, workers, salesmen and investors held, and the
    action cards in hand (their number)."""
    b = S.pbase(p)
    out[0] = S.money(s, t, p)
    out[1] = span_sum(s, b + P.RES_N, C.NRES)
    out[2] = s[b + P.WORKERS]
    out[3] = span_sum(s, b + P.SALESMEN, C.NSYM)
    out[4] = span_sum(s, b + P.INVESTORS, C.NRES)
    out[5] = s[b + P.HAND_N]
