"""What a seat may not see, redrawn (compiled): `sample_hidden(s, t, me, rng)` changes in place
(the caller passes a copy) everything seat `me` cannot see, consistently with what it can:

- the other seats' hands, cards laid face down and decks: their cards not on the discard pile,
  dealt again into hand, face-down card and deck with the same sizes;
- its own deck order;
- the treasure cards it has not seen: the pile, the cards out of the game and the other ships'
  face-down treasures (value and cursed cards; the face-up powers are public), dealt again with
  the same counts, face-down slots taking only face-down kinds;
- the game's random stream (dice, combat die, reshuffles, blind steals to come).

It reads only what `me` may see, so a search determinizes with it.
"""
import numpy as np

from core.common.hidden import sort_slice
from core.common.rng import rng_next, shuffle
from core.common.stored_rng import save_stream
from core.jamaica import actions
from core.jamaica import codes as C
from core.jamaica.codes import NCARDS, NTREASURES  # sizes by name: stack_array wants literals
from core.jamaica import state as S
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


@njit
def redeal_treasures(s, t, me, rng):
    """The treasure cards `me` has not seen, dealt again with the same counts."""
    pool = stack_array(NTREASURES, 0, np.int32)
    n = 0
    for c in range(C.NTREASURES):
        w = s[O.TOWNER + c]
        if w < 0 or (w != me and actions.face_down(t, c)):
            pool[n] = c
            n += 1
    # the other ships' face-down slots by owner, in a canonical order: which card lies in which
    # slot is what `me` cannot see, so it must not shape the deal
    owners = stack_array(NTREASURES, 0, np.int32)
    m = 0
    for i in range(n):
        if s[O.TOWNER + pool[i]] >= 0:
            owners[m] = s[O.TOWNER + pool[i]]
            m += 1
    sort_slice(owners, 0, m)
    shuffle(rng, pool, n)
    # face-down slots of other ships first, from the face-down kinds of the pool
    used = stack_array(NTREASURES, 0, np.int32)
    for i in range(n):
        used[i] = 0
    for i in range(m):
        for j in range(n):
            if used[j] == 0 and actions.face_down(t, pool[j]):
                used[j] = 1
                s[O.TOWNER + pool[j]] = owners[i]
                break
    pile = 0
    for j in range(n):
        if used[j] == 0:
            if pile < s[G.TPILE_N]:
                s[O.TOWNER + pool[j]] = S.IN_PILE
                s[O.TPILE + pile] = pool[j]
                pile += 1
            else:
                s[O.TOWNER + pool[j]] = S.OUT


@njit
def sample_hidden(s, t, me, rng):
    """Redraw in place everything seat `me` cannot see (module docstring)."""
    for q in range(s[G.NP]):
        redeal_cards(s, q, rng, q == me)
    redeal_treasures(s, t, me, rng)
    stream = stack_array(1, 0, np.uint64)
    stream[0] = rng_next(rng)
    save_stream(s, G.RNG, stream)
