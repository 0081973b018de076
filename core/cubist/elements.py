"""Cubist's elements for restricted play (core.common.elements): each artist kind, recruited
(CUBIST-R17, R18, also with an abandoned room's dice, CUBIST-R24) or used (CUBIST-R21).
Names are the artists as the rules TOML names them."""
import numpy as np

from core.common.elements import Elements
from core.cubist import actions as A
from core.cubist import codes as C
from core.cubist.actions import OT
from core.cubist.codes import T
from core.cubist.state import O
from core.jit import njit

NAMES = tuple(f"artist:{k}" for k in C.ARTIST_NAMES)
SLOT_MASK = 3  # the artist slot in recruit and use payloads (slot | ... << 2)
assert C.MAX_ARTISTS_UP - 1 <= SLOT_MASK


@njit(_nrt=False)
def elements_of(s, t, o):
    """Bit mask of the artist kind option o recruits or uses."""
    tag = A.tag(o)
    if tag == OT.RECRUIT or tag == OT.USE or tag == OT.ABANDON_RECRUIT:
        card = s[O.ART + (A.payload(o) & SLOT_MASK)]
        if card >= 0:
            return np.int64(1) << t[T.ART_KIND + card]
    return np.int64(0)


ELEMENTS = Elements(NAMES, elements_of)
