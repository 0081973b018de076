"""A random stream kept inside a flat int32 game state (compiled).

A stream (core.common.rng) is a uint64[1]; a state that must draw again later in the game
(dice rolls, reshuffles) keeps it in 4 int32 slots of 16 bits each from offset `at`, so the
state alone says what comes next: a copy of the state (look-ahead, the trace) carries it.
"""
import numpy as np

from core.common.rng import DEAL_STREAM, rng_below, rng_seed
from core.jit import njit

SLOTS = 4  # int32 slots a stored stream takes


@njit(_nrt=False)
def save_stream(s, at, rng):
    """Store the stream's uint64 state in s[at:at + SLOTS]."""
    v = rng[0]
    for i in range(SLOTS):
        s[at + i] = np.int32((v >> np.uint64(16 * i)) & np.uint64(0xFFFF))


@njit(_nrt=False)
def load_stream(s, at, rng):
    """Restore the stream's state from s[at:at + SLOTS]."""
    v = np.uint64(0)
    for i in range(SLOTS):
        v |= np.uint64(s[at + i]) << np.uint64(16 * i)
    rng[0] = v


@njit(inline="always")
def new_deal(size, seed):
    """The start of a deal: a zeroed state of `size` slots and the deal's stream, seeded from
    the game's seed alone."""
    s = np.zeros(size, np.int32)
    rng = np.zeros(1, np.uint64)
    rng_seed(rng, seed, DEAL_STREAM)
    return s, rng


@njit(inline="always")
def deal_first_seat(s, rng, n_players, first, also, at):
    """The end of a deal: a seat drawn at random into s[first] and s[also] (the start player
    and the one to decide, or the first Captain), then the stream stored from s[at] on."""
    s[first] = rng_below(rng, n_players)
    s[also] = s[first]
    save_stream(s, at, rng)
