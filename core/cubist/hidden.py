"""What a seat cannot see in Cubist, redrawn (compiled): the order of the installation deck,
the order of the artist cards never seen face up (the top G.ADECK_N - G.ADECK_SEEN of the
deck; cards returned face up to the bottom are known, in order), and the dice still to be
rolled (the stored stream). Everything else (rooms, storage, cards, museum) is public, and
every seat sees the same, so `me` changes nothing. The unseen cards are put in a canonical
order before they are shuffled, so the result depends only on which cards are unseen (public)
and on `rng`, never on their true order."""
import numpy as np

from core.common.rng import rng_next, shuffle
from core.common.stored_rng import save_stream
from core.cubist.state import G, O, RING
from core.jit import njit


@njit
def sample_hidden(s, t, me, rng):
    """Redraw in place (the caller passes a copy) everything seat `me` cannot see."""
    ptr, n = s[G.IDECK_PTR], s[G.IDECK_N]
    s[O.IDECK + ptr:O.IDECK + n] = np.sort(s[O.IDECK + ptr:O.IDECK + n])
    shuffle(rng, s[O.IDECK + ptr:O.IDECK + n], n - ptr)
    unseen = s[G.ADECK_N] - s[G.ADECK_SEEN]
    head = s[G.ADECK_HEAD]
    cards = np.empty(max(unseen, 0), np.int32)
    for i in range(unseen):
        cards[i] = s[O.ADECK + ((head + i) & RING)]
    cards.sort()
    shuffle(rng, cards, unseen)
    for i in range(unseen):
        s[O.ADECK + ((head + i) & RING)] = cards[i]
    stream = np.zeros(1, np.uint64)
    stream[0] = rng_next(rng)
    save_stream(s, G.RNG, stream)
