"""Cuba's elements for restricted play (core.common.elements): each building kind (built by
the architect, CUBA-R17, or used by the foreman, CUBA-R19), each character card (played,
CUBA-R12), each character's alternative (tradeswoman CUBA-R16, architect CUBA-R18, mayor
CUBA-R21) and each statute card (passed as a bill, CUBA-R40). Names are the rules TOML's keys
(tables.py checks the file against them)."""
import numpy as np

from core.common.elements import Elements
from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.actions import OT
from core.cuba.state import DK, G, O, P
from core.cuba.tables import STATUTE_IDS
from core.jit import njit

ALTERNATIVES = ("tradeswoman", "architect", "mayor")
NAMES = (tuple(f"building:{k}" for k in C.BUILDING_KEYS)
         + tuple(f"character:{c}" for c in C.CHAR_NAMES)
         + tuple(f"alternative:{c}" for c in ALTERNATIVES)
         + tuple(f"statute:{i}" for i in STATUTE_IDS))
FIRST_CHARACTER = C.NBUILDINGS
FIRST_ALTERNATIVE = FIRST_CHARACTER + C.NCHARS
FIRST_STATUTE = FIRST_ALTERNATIVE + len(ALTERNATIVES)
assert len(NAMES) == FIRST_STATUTE + C.NSTATUTES


@njit(inline="always")
def building_bit(k):
    """The element bit of building kind k (none for the printed warehouse or no building)."""
    if 0 <= k < C.NBUILDINGS:
        return np.int64(1) << k
    return np.int64(0)


@njit(inline="always")
def statute_bit(card):
    if 0 <= card < C.NSTATUTES:
        return np.int64(1) << (FIRST_STATUTE + card)
    return np.int64(0)


@njit(_nrt=False)
def elements_of(s, t, o):
    """Bit mask of the elements option o builds, uses or passes in state s."""
    tag = A.tag_of(o)
    x = A.payload_of(o)
    dk = s[G.DK]
    b = S.pbase(s[G.CUR])
    if tag == OT.BUILD:
        return building_bit(x)
    if tag == OT.ONE_BUILDING or (tag == OT.FIELD and dk == DK.FOREMAN_NEXT):
        return building_bit(s[b + P.FIELD + x])
    if tag == OT.ROW_COLUMN:
        m = np.int64(0)
        fields = A.rowcol_mask(s[b + P.PAWN])
        for f in range(C.NFIELDS):
            if (fields >> f) & 1 and A.usable_building(s, t, b, f) >= 0:
                m |= building_bit(s[b + P.FIELD + f])
        return m
    if tag == OT.USE and x != 0:
        return building_bit(s[b + P.FIELD + s[G.USE_FIELD]])
    if tag == OT.CARD:
        return np.int64(1) << (FIRST_CHARACTER + x)
    if tag == OT.ALTERNATIVE:
        if dk == DK.TRADE_MODE:
            return np.int64(1) << FIRST_ALTERNATIVE
        if dk == DK.ARCHITECT:
            return np.int64(1) << (FIRST_ALTERNATIVE + 1)
        if dk == DK.MAYOR:
            return np.int64(1) << (FIRST_ALTERNATIVE + 2)
    if tag == OT.BILLS:
        return statute_bit(s[O.BILLS + x // 4]) | statute_bit(s[O.BILLS + x % 4])
    return np.int64(0)


ELEMENTS = Elements(NAMES, elements_of)
