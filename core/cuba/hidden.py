"""What a Cuba seat cannot see, redrawn from what it can see (core.common.hidden; the
descriptor's `hidden`):

- the order of the ship pile's original cards (CUBA-R5): its top PILE_N - SAILED cards. Ships
  that sailed go to the bottom in view of all (CUBA-R36), and the pile is drawn from the top,
  so the bottom SAILED cards are known while any original card remains;
- the order of the statute piles' cards not yet drawn (CUBA-R6, CUBA-R11);
- the other players' pending secret bids of this bid round (CUBA-R39/R41): uniform from $0 to
  their limit (their money, at most misc.max_bid; money is public);
- the other players' face-down parliament card while it is face down (CUBA-V1): uniform among
  the cards still in their hand (the cards played are public).

While `me` decides the use of its lighthouse it looks through the pile (building 22 of the
reference's table), so the pile stays as it is. Not handled: after a lighthouse use the card
moved to the bottom of the pile is redrawn with the unseen ones although all have seen it, and
the lighthouse's user remembers the pile's order later on.
"""
from core.common.arith import span_sum
from core.common.hidden import sort_shuffle
from core.common.rng import rng_below
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import M, T
from core.cuba.state import DK, G, O, P, PH
from core.jit import njit


@njit(inline="always")
def looks_through_pile(s, t, me):
    """Whether `me` is deciding the use of its lighthouse, which shows it the pile."""
    if s[G.DK] != DK.BUILDING_USE or s[G.CUR] != me:
        return False
    k = s[S.pbase(me) + P.FIELD + s[G.USE_FIELD]]
    return t[T.BUILDING_FEATURE + k] == C.FT_LIGHTHOUSE


@njit
def sample_hidden(s, t, me, rng):
    """Redraw in place everything seat `me` cannot see (the module docstring)."""
    if not looks_through_pile(s, t, me):
        sort_shuffle(s, O.PILE, max(0, s[G.PILE_N] - s[G.SAILED]), rng)
    for ty in range(4):
        ptr = s[O.STAT_PTR + ty]
        sort_shuffle(s, O.STAT_PILE + ty * C.PILE_CARDS + ptr, C.PILE_CARDS - ptr, rng)
    np_ = s[G.NP]
    bidding = s[G.PHASE] == PH.PARLIAMENT and s[G.BID_ROUND] < 2 and s[G.STEP] < np_
    for i in range(np_):
        p = (s[G.START] + i) % np_  # turn order (rules.order_player)
        if p == me:
            continue
        b = S.pbase(p)
        if bidding and i < s[G.STEP] and (s[G.TIED] >> p) & 1:
            s[b + P.BID] = rng_below(rng, min(s[b + P.MONEY], t[T.MISC + M.MAX_BID]) + 1)
        if s[G.PHASE] == PH.ACTIONS and s[b + P.HIDDEN] >= 0:
            held = span_sum(s, b + P.HAND, C.NCHARS)
            k = rng_below(rng, held)
            for c in range(C.NCHARS):
                if s[b + P.HAND + c] == 1:
                    if k == 0:
                        s[b + P.HIDDEN] = c
                    k -= 1
