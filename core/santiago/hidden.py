"""What a Santiago de Cuba seat cannot see, redrawn from what it can see (core.common.hidden;
the descriptor's `hidden`):

- the kinds of the goods behind the other players' screens (SDC-R3): the goods of each kind
  the others hold together are public (the supply less the bank and one's own goods), and so
  is how many goods each holds (every good taken or given is counted in view of all); those
  goods are dealt out again at random, each player keeping their number of goods;
- the dice to come (SDC-R5, SDC-R17): the state's stream (G.RNG) is drawn afresh.

Pesos and VP behind the screens are kept: every payment and VP gain is public, so a player
who counts knows them.
"""
import numpy as np

from core.common.hidden import draw_kind, redraw_stream
from core.common.stored_rng import SLOTS
from core.jit import njit, stack_array
from core.santiago import state as S
from core.santiago.codes import NKINDS  # a stack_array size: imported by name
from core.santiago.state import G, P


@njit
def sample_hidden(s, t, me, rng):
    """Redraw in place everything seat `me` cannot see (the module docstring)."""
    pool = stack_array(NKINDS, 0, np.int64)
    for k in range(NKINDS):
        pool[k] = 0
    left = 0
    for p in range(s[G.NP]):
        if p != me:
            b = S.pbase(p)
            for k in range(NKINDS):
                pool[k] += s[b + P.GOODS + k]
                left += s[b + P.GOODS + k]
    for p in range(s[G.NP]):
        if p != me:
            b = S.pbase(p)
            held = 0
            for k in range(NKINDS):
                held += s[b + P.GOODS + k]
                s[b + P.GOODS + k] = 0
            for _ in range(held):
                s[b + P.GOODS + draw_kind(pool, NKINDS, left, rng)] += 1
                left -= 1
    redraw_stream(s, G.RNG, rng, SLOTS)
