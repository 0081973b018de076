"""Jamaica's elements for restricted play (core.common.elements): each action card (laid face
down, JAM-R7; `card:<id>` as the rules TOML numbers the deck) and each power treasure (taken
as spoils, JAM-R19; `power:<name>`)."""
import numpy as np

from core.common.elements import Elements
from core.jamaica import actions as A
from core.jamaica import codes as C
from core.jamaica.actions import OT
from core.jamaica.codes import T
from core.jit import njit

NAMES = (tuple(f"card:{i + 1}" for i in range(C.NCARDS))
         + tuple(f"power:{p}" for p in C.POWER_NAMES))
FIRST_POWER = C.NCARDS
assert len(NAMES) == FIRST_POWER + len(C.POWER_NAMES)


@njit(_nrt=False)
def elements_of(s, t, o):
    """Bit mask of the elements option o plays or takes."""
    tag = A.tag(o)
    x = A.payload(o)
    if tag == OT.CARD:
        return np.int64(1) << x
    if tag == OT.TAKE_CARD and t[T.TREASURE_KIND + x] == C.POWER:
        return np.int64(1) << (FIRST_POWER + t[T.TREASURE_VALUE + x])
    return np.int64(0)


ELEMENTS = Elements(NAMES, elements_of)
