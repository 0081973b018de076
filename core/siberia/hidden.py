"""What a Siberia seat cannot see, redrawn from what it can see (core.common.hidden; the
descriptor's `hidden`):

- the other players' hands and the action draw pile (SIB-R3, SIB-R6): the action cards not in
  one's own hand nor in the discard pile (face up, SIB-R8) are dealt again at random, each
  other player keeping their number of cards (public), the rest forming the draw pile;
- the face-down cards of the resource row and the resource deck (SIB-R1, SIB-R15): the
  resource cards not yet seen are dealt again at random into the same places;
- the reshuffles to come (SIB-R7): the state's stream (G.RNG) is drawn afresh.
"""
import numpy as np

from core.common.hidden import draw_kind, redraw_stream, sort_shuffle
from core.common.stored_rng import SLOTS
from core.jit import njit, stack_array
from core.siberia import state as S
from core.siberia.codes import MAX_RES_CARDS, NSYM, NTYPES  # stack_array sizes: by name
from core.siberia.codes import M, T
from core.siberia.state import G, O, P


@njit
def deal_actions(s, t, me, rng):
    """The others' hands and the draw pile, dealt again from the unseen action cards."""
    pool = stack_array(NTYPES, 0, np.int64)
    me_b = S.pbase(me)
    for ty in range(NTYPES):
        pool[ty] = t[T.ACTION_COUNT + ty] - s[O.DISCARD + ty] - s[me_b + P.HAND + ty]
    left = s[G.APILE_N]
    for p in range(s[G.NP]):
        if p != me:
            left += s[S.pbase(p) + P.HAND_N]
    for p in range(s[G.NP]):
        if p == me:
            continue
        b = S.pbase(p)
        held = s[b + P.HAND_N]
        for ty in range(NTYPES):
            s[b + P.HAND + ty] = 0
        for x in range(NSYM):
            s[b + P.SYMBOLS + x] = 0
        s[b + P.HAND_N] = 0
        s[b + P.TYPES] = 0
        for _ in range(held):
            S.take_card(s, b, draw_kind(pool, NTYPES, left, rng))
            left -= 1
    for i in range(s[G.APILE_N]):
        s[O.APILE + i] = draw_kind(pool, NTYPES, left, rng)
        left -= 1


@njit
def deal_resources(s, t, rng):
    """The face-down row cards and the deck, dealt again into the same places."""
    unseen = stack_array(MAX_RES_CARDS, 0, np.int32)
    n = 0
    row = t[T.MISC + M.ROW_SIZE]
    for i in range(row):
        if s[O.ROW + i] >= 0 and s[O.FACE + i] == 0:
            unseen[n] = s[O.ROW + i]
            n += 1
    for i in range(s[G.RDECK_PTR], s[G.RDECK_N]):
        unseen[n] = s[O.RDECK + i]
        n += 1
    sort_shuffle(unseen, 0, n, rng)
    n = 0
    for i in range(row):
        if s[O.ROW + i] >= 0 and s[O.FACE + i] == 0:
            s[O.ROW + i] = unseen[n]
            n += 1
    for i in range(s[G.RDECK_PTR], s[G.RDECK_N]):
        s[O.RDECK + i] = unseen[n]
        n += 1


@njit
def sample_hidden(s, t, me, rng):
    """Redraw in place everything seat `me` cannot see (the module docstring)."""
    deal_actions(s, t, me, rng)
    deal_resources(s, t, rng)
    redraw_stream(s, G.RNG, rng, SLOTS)
