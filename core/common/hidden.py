"""Building blocks of the hidden-information samplers (core/<game>/hidden.py, `Game.hidden`).

A sampler `sample_hidden(s, t, me, rng)` redraws in place everything seat `me` cannot see,
computed only from what `me` can see: a hidden pool is first put in a canonical order (sorted,
or counted by kind), then dealt at random, so the result depends on the pool's contents and
the rng, never on where the true hidden cards were (compiled).
"""
import numpy as np

from core.common.rng import rng_below, rng_next, shuffle
from core.jit import njit


@njit(inline="always")
def sort_slice(s, at, n):
    """Sort s[at:at + n] in place (insertion sort: piles are short)."""
    for i in range(1, n):
        v = s[at + i]
        j = i - 1
        while j >= 0 and s[at + j] > v:
            s[at + j + 1] = s[at + j]
            j -= 1
        s[at + j + 1] = v


@njit(inline="always")
def sort_shuffle(s, at, n, rng):
    """Redeal the n cards of s[at:at + n]: sorted, then shuffled, so their old order is
    forgotten."""
    sort_slice(s, at, n)
    if n > 1:
        shuffle(rng, s[at:at + n], n)


@njit(inline="always")
def draw_kind(pool, kinds, left, rng):
    """A kind drawn without replacement from the counts pool[:kinds] holding `left` items
    (pool[k] is decremented)."""
    r = rng_below(rng, left)
    for k in range(kinds):
        if r < pool[k]:
            pool[k] -= 1
            return k
        r -= pool[k]
    return kinds - 1  # not reached while left == pool.sum()


@njit(inline="always")
def redraw_stream(s, at, rng, slots):
    """A fresh random stream in the `slots` int32 slots of 16 bits from s[at] (a stream kept
    in the state, core.common.stored_rng): the dice and reshuffles to come are unknown."""
    v = rng_next(rng)
    for i in range(slots):
        s[at + i] = np.int32((v >> np.uint64(16 * i)) & np.uint64(0xFFFF))
