"""Santiago de Cuba's elements for restricted play (core.common.elements): each building (the
pawn moved to it or reusing it, SDC-R10; its use, §8.2; Alonso's property marker on it or use
of it, SDC-R9) and each Cuban (the car driven to it, SDC-R7, which takes its action unless it is
closed). Names are the rules TOML's keys."""
import numpy as np

from core.common.elements import Elements
from core.jit import njit
from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago.actions import OT
from core.santiago.state import DK, G, O

NAMES = (tuple(f"building:{k}" for k in C.BUILDING_KEYS)
         + tuple(f"cuban:{k}" for k in C.CUBAN_KEYS))
FIRST_CUBAN = C.NBUILDINGS
assert len(NAMES) == FIRST_CUBAN + C.NCUBANS


@njit(inline="always")
def building_bit(s, slot):
    return np.int64(1) << s[O.BUILDING_AT + slot]


@njit(_nrt=False)
def elements_of(s, t, o):
    """Bit mask of the elements option o uses or claims."""
    tag = A.tag_of(o)
    x = A.payload_of(o)
    dk = s[G.DK]
    if tag == OT.DRIVE:
        stop = (s[G.CAR] + x) % C.NSTOPS
        cuban = s[O.CUBAN_AT + stop]
        if cuban < 0 or stop == s[G.CLOSED]:
            return np.int64(0)
        return np.int64(1) << (FIRST_CUBAN + cuban)
    if tag == OT.MOVE or tag == OT.REUSE or tag == OT.MARKER or tag == OT.OWN_USE:
        return building_bit(s, x)
    if dk == DK.USE and tag != OT.NO_USE:
        return building_bit(s, s[G.USE_SLOT])
    return np.int64(0)


ELEMENTS = Elements(NAMES, elements_of)
