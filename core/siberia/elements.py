"""Siberia's elements for restricted play (core.common.elements): each hire kind (the worker,
SIB-R11; the salesman of each category, SIB-R12; the investor of each resource, SIB-R13) and
mining each resource (SIB-R10). Names from the rules' resource and symbol names."""
import numpy as np

from core.common.elements import Elements
from core.jit import njit
from core.siberia import actions as A
from core.siberia import codes as C
from core.siberia.actions import OT

NAMES = (("hire:worker",)
         + tuple(f"hire:salesman_{c}" for c in C.SYMBOL_NAMES)
         + tuple(f"hire:investor_{r}" for r in C.RES_NAMES)
         + tuple(f"mine:{r}" for r in C.RES_NAMES))
FIRST_SALESMAN = 1
FIRST_INVESTOR = FIRST_SALESMAN + C.NSYM
FIRST_MINE = FIRST_INVESTOR + C.NRES
assert len(NAMES) == FIRST_MINE + C.NRES


@njit(_nrt=False)
def elements_of(s, t, o):
    """Bit mask of the elements option o hires or mines."""
    tag = A.tag(o)
    x = A.payload(o)
    if tag == OT.HIRE_WORKER:
        return np.int64(1)
    if tag == OT.HIRE_SALESMAN:
        return np.int64(1) << (FIRST_SALESMAN + x)
    if tag == OT.HIRE_INVESTOR:
        return np.int64(1) << (FIRST_INVESTOR + x)
    if tag == OT.MINE:
        return np.int64(1) << (FIRST_MINE + (x >> A.MINE_SHIFT))
    return np.int64(0)


ELEMENTS = Elements(NAMES, elements_of)
