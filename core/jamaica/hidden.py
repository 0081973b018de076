"""What a seat may not see, redrawn (compiled): `sample_hidden(s, t, me, rng)` changes in place
(the caller passes a copy) everything seat `me` cannot see, consistently with what it can:

- the other seats' hands, cards laid face down and decks: their cards not on the discard pile,
  dealt again into hand, face-down card and deck with the same sizes;
- its own deck order;
- the treasure cards it cannot see: the pile, the cards out of the game and the other ships'
  face-down treasures it does not know (the face-up powers are public; a card it held or
  looked at it knows), dealt again with the same counts: a player's face-down slot takes a
  value or cursed card, a Ghost Ship's lair slot (JAM-V1.3: face down, unseen) any card;
- the game's random stream (dice, combat die, reshuffles, blind steals to come).

It reads only what `me` may see, so a search determinizes with it.
"""
import numpy as np

from core.common.hidden import sort_slice
from core.common.rng import rng_next, shuffle
from core.common.stored_rng import save_stream
from core.jamaica import codes as C
from core.jamaica.codes import NCARDS, NTREASURES  # sizes by name: stack_array wants literals
from core.jamaica import state as S
from core.jamaica.codes import T
from core.jamaica.state import G, O, P
from core.jit import njit, stack_array


@njit
def redeal_cards(s, q, rng, keep_hand):
    """Seat q's cards off the discard pile dealt again (its hand kept when keep_hand)."""
    b = S.pbase(q)
    pool = stack_array(NCARDS, 0, np.int32)
    n = 0
    known = s[b + P.DISCARD] | (s[b + P.HAND] if keep_hand else 0)
    if keep_hand and s[b + P.CHOSEN] >= 0:
        known |= 1 << s[b + P.CHOSEN]
    for c in range(C.NCARDS):
        if not (known >> c) & 1:
            pool[n] = c
            n += 1
    shuffle(rng, pool, n)
    i = 0
    if not keep_hand:
        if s[b + P.CHOSEN] >= 0:
            s[b + P.CHOSEN] = pool[i]
            i += 1
        hand = 0
        for _ in range(s[b + P.HAND_N]):
            hand |= 1 << pool[i]
            i += 1
        s[b + P.HAND] = hand
    for k in range(s[b + P.DECK_N]):
        s[b + P.DECK + k] = pool[i]
        i += 1


SEEN_BITS = C.MAX_PLAYERS   # a slot key: (face * SHIPS + owner) << SEEN_BITS | who knows it
SHIPS = S.SHIP_MASK + 1


@njit
def redeal_treasures(s, t, me, rng):
    """The treasure cards `me` cannot see (S.sees_card), dealt again with the same counts:
    every face-down slot of another ship keeps how it lies and who knows its card, a FACE_DOWN
    slot takes only a value or cursed card (players show their powers), a Ghost Ship's lair
    slot (FACE_DOWN_LAIR, JAM-V1.3) any card; the rest fill the pile, then the box."""
    pool = stack_array(NTREASURES, 0, np.int32)
    slots = stack_array(NTREASURES, 0, np.int32)
    n = 0
    m = 0
    for c in range(C.NTREASURES):
        if not S.sees_card(s, me, c):
            pool[n] = c
            n += 1
            w = s[O.TOWNER + c]
            if w >= 0:
                slots[m] = ((s[O.TFACE + c] * SHIPS + w) << SEEN_BITS) \
                    | s[O.TSEEN + c]
                m += 1
    # which card lies in which slot is what `me` cannot see, so the slots are dealt in a
    # canonical order (FACE_DOWN before FACE_DOWN_LAIR: the narrower first, so the deal fits)
    sort_slice(slots, 0, m)
    shuffle(rng, pool, n)
    used = stack_array(NTREASURES, 0, np.int32)
    for i in range(n):
        used[i] = 0
    for i in range(m):
        key = slots[i] >> SEEN_BITS
        owner = key % SHIPS
        face = key // SHIPS
        for j in range(n):
            c = pool[j]
            if used[j] == 0 and (face == C.FACE_DOWN_LAIR
                                 or t[T.TREASURE_KIND + c] != C.POWER):
                used[j] = 1
                s[O.TOWNER + c] = owner
                s[O.TFACE + c] = face
                s[O.TSEEN + c] = slots[i] & ((1 << SEEN_BITS) - 1)
                break
    pile = 0
    for j in range(n):
        if used[j] == 0:
            c = pool[j]
            s[O.TFACE + c] = C.FACE_UP
            s[O.TSEEN + c] = 0
            if pile < s[G.TPILE_N]:
                s[O.TOWNER + c] = S.IN_PILE
                s[O.TPILE + pile] = c
                pile += 1
            else:
                s[O.TOWNER + c] = S.OUT


@njit
def sample_hidden(s, t, me, rng):
    """Redraw in place everything seat `me` cannot see (module docstring)."""
    for q in range(s[G.NP]):
        redeal_cards(s, q, rng, q == me)
    redeal_treasures(s, t, me, rng)
    stream = stack_array(1, 0, np.uint64)
    stream[0] = rng_next(rng)
    save_stream(s, G.RNG, stream)
