"""What a seat cannot see in Cubist, redrawn (compiled): the order of the installation deck,
the order of the artist cards never seen face up (the top G.ADECK_N - G.ADECK_SEEN of the
deck; cards returned face up to the bottom are known, in order), and the dice still to be
rolled (the stored stream). Everything else (rooms, storage, cards, museum) is public, and
every seat sees the same, so `me` changes nothing."""
from core.common.rng import rng_next, shuffle
from core.common.stored_rng import save_stream
from core.cubist.state import G, O, RING
from core.jit import njit
import numpy as np


@njit
def sample_hidden(s, t, me, rng):
    """Redraw in place (the caller passes a copy) everything seat `me` cannot see, from what it
    can: the unseen cards are shuffled among their places, the dice stream reseeded."""
    ptr, n = s[G.IDECK_PTR], s[G.IDECK_N]
    shuffle(rng, s[O.IDECK + ptr:O.IDECK + n], n - ptr)
    unseen = s[G.ADECK_N] - s[G.ADECK_SEEN]
    head = s[G.ADECK_HEAD]
    for i in range(unseen - 1, 0, -1):  # Fisher-Yates over the ring's unseen top
        j = np.int64(rng_next(rng) % np.uint64(i + 1))
        a, b = O.ADECK + ((head + i) & RING), O.ADECK + ((head + j) & RING)
        s[a], s[b] = s[b], s[a]
    stream = np.zeros(1, np.uint64)
    stream[0] = rng_next(rng)
    save_stream(s, G.RNG, stream)
