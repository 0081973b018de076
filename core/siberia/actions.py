"""Legal decisions of Siberia and their integer encoding.

The decision model
------------------
Play stops whenever someone has to choose. The pending choice is `state[G.DK]` (a kind of
state.DK), the chooser `state[G.CUR]`. `legal(s, t, opts)` lists the choice's options in
`opts` and returns how many there are; the strategy answers with an index, and
`rules.apply(s, t, opts[i], tr)` plays that option and everything automatic after it, up to
the next choice. The loop takes a choice with a single option without asking.

A turn is a short chain of decision points of the same player:

- discovery (SIB-R5): one option per face-down card that may be turned (any of them, or under
  `discover_any = false` only the first from the headframe), plus "none" when discovery is
  optional (fewer than misc.discovery_threshold face-down cards, and not forced by
  `force_discovery_when_deck_empty` with the deck empty); no decision without face-down cards;
- main (SIB-R6): draw (when a card can be drawn: below the hand limit, SIB-R7), skip (only
  when no card can be drawn), or an action whose combination the hand can pay and that is
  allowed (SIB-R14): mine kind k taking n cards for n = 1..min(workers, face-up k cards)
  (only the largest n under `mine_max_forced`, SIB-R10), hire a worker (supply and cap,
  SIB-R11), hire the salesman of a category still available (SIB-R12), hire the investor of
  a resource still available (SIB-R13);
- pay (SIB-R8/R9): one option per multiset of hand cards that pays the action:
  misc.combo_match cards showing X, or one card showing X and misc.combo_any other cards
  (any, X included); the investor of X saves misc.investor_saves cards: then
  combo_match - investor_saves cards showing X, or (`investor_two_any`) combo_any any cards.
  Each multiset is listed once.

Hidden information: the order of the action draw pile (O.APILE), the resource deck
(O.RDECK), the face-down cards of the row (O.ROW where O.FACE is 0), the deal stream (G.RNG)
and the other players' hands (P.HAND and P.TYPES; their sizes P.HAND_N are public). A kernel
must not read them; everything else (the face-up row, the cards and persons in front of each
player, the discards, the supplies) is public.

Option encoding: `tag << TAG_SHIFT | payload`; payloads are a row position, a resource kind
times 16 plus a card count (mine), a salesman category or resource kind (hires), the paid
card types packed 4 bits each as type + 1 (pay).
"""

import numpy as np

from core.common.layout import enum
from core.common.options import codec
from core.jit import njit
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.codes import M, SW, T
from core.siberia.state import DK, G, O, P

MAX_OPTIONS = 256

# option tags: what an option does (keys as tests and kernels name them)
OT = enum("OT", ("DISCOVER", "NO_DISCOVERY", "DRAW", "SKIP", "MINE", "HIRE_WORKER",
                 "HIRE_SALESMAN", "HIRE_INVESTOR", "PAY"))
TAG_SHIFT = 16
CARD_BITS = 4  # a paid card in a pay payload: type + 1
CARD_MASK = (1 << CARD_BITS) - 1
MINE_SHIFT = 4  # mine payload: kind << MINE_SHIFT | cards
MINE_MASK = (1 << MINE_SHIFT) - 1


option, tag, payload = codec("siberia", TAG_SHIFT)  # tag: an OT


@njit(inline="always")
def action_symbol(o):
    """Symbol X whose combination pays for main option o (an action)."""
    kind = tag(o)
    if kind == OT.MINE:
        return payload(o) >> MINE_SHIFT
    if kind == OT.HIRE_WORKER:
        return C.WORKER
    if kind == OT.HIRE_SALESMAN:
        return C.SALESMAN
    return C.INVESTOR


# --- queries -------------------------------------------------------------------------------

@njit(inline="always")
def draw_count(s, t, b, n):
    """Cards a draw of n would give the player at block b: the hand limit (SIB-R7) and the
    cards left in the pile and the discards."""
    room = t[T.MISC + M.HAND_LIMIT] - s[b + P.HAND_N]
    return max(0, min(n, room, s[G.APILE_N] + s[G.DISCARD_N]))


@njit(inline="always")
def face_down_options(s, t, opts, n):
    """Append the face-down positions that may be turned (SIB-R5, SIB-Q6); return n."""
    if t[T.SWITCHES + SW.DISCOVER_ANY] == 0:
        for i in range(t[T.MISC + M.ROW_SIZE]):
            if s[O.ROW + i] >= 0 and s[O.FACE + i] == 0:
                opts[n] = option(OT.DISCOVER, i)
                return n + 1
        return n
    for i in range(t[T.MISC + M.ROW_SIZE]):  # branch-free: write always, count when legal
        opts[n] = option(OT.DISCOVER, i)
        n += (s[O.ROW + i] >= 0) & (s[O.FACE + i] == 0)
    return n


@njit(inline="always")
def discovery_forced(s, t, fd):
    """Whether discovery is mandatory with fd face-down cards (SIB-R5, SIB-Q9)."""
    if fd >= t[T.MISC + M.DISCOVERY_THRESHOLD]:
        return True
    return t[T.SWITCHES + SW.FORCE_DISCOVERY_WHEN_DECK_EMPTY] == 1 and S.deck_left(s) == 0


@njit(inline="always")
def face_up_of(s, t, k):
    """Face-up cards of resource kind k in the row."""
    return s[O.FACE_UP + k]


@njit(inline="always")
def any_allowed(s, t, b, x):
    """Whether the '1 showing X + any cards' form pays for X (SIB-R8), or with the investor
    of X the 'any cards' form (SIB-R9, SIB-Q2)."""
    return not S.investor_held(s, b, x) or t[T.SWITCHES + SW.INVESTOR_TWO_ANY] == 1


@njit(inline="always")
def payment_sizes(s, t, b, x):
    """(cards of the all-X form, cards of the any form or -1 when it is not allowed, whether
    the any form needs a card showing X) for an X-combination of the player at block b."""
    saved = t[T.MISC + M.INVESTOR_SAVES] if S.investor_held(s, b, x) else 0
    all_x = t[T.MISC + M.COMBO_MATCH] - saved
    if not any_allowed(s, t, b, x):
        return all_x, -1, False
    if saved >= 1:
        return all_x, t[T.MISC + M.COMBO_ANY], False
    return all_x, t[T.MISC + M.COMBO_ANY] + 1, True


@njit(inline="always")
def payable(s, t, b, x):
    """Whether the hand of the player at block b can pay an X-combination (SIB-R8/R9)."""
    all_x, any_form, need_x = payment_sizes(s, t, b, x)
    nx = S.symbol_cards(s, b, x)
    if nx >= all_x:
        return True
    return any_form >= 0 and s[b + P.HAND_N] >= any_form and (nx >= 1 or not need_x)


@njit(inline="always")
def worker_allowed(s, t, b):
    """SIB-R11/R14: a worker is left and the cap (SIB-V1) is not reached."""
    cap = t[T.SWITCHES + SW.WORKER_CAP]
    return s[G.WORKERS] > 0 and (cap == 0 or s[b + P.WORKERS] < cap)


# --- the legal options -----------------------------------------------------------------------

@njit(inline="always")
def discover_options(s, t, opts):
    """SIB-R5: "none" when discovery is optional, then the positions that may be turned."""
    n = 0
    if not discovery_forced(s, t, S.face_down(s, t)):
        opts[0] = option(OT.NO_DISCOVERY, 0)
        n = 1
    return face_down_options(s, t, opts, n)


@njit(inline="always")
def pay_rules(t):
    """(combo_match, combo_any, investor_saves, investor_two_any): the payment rules, read once
    before options are written (a write to opts could change t for all the compiler knows)."""
    return (t[T.MISC + M.COMBO_MATCH], t[T.MISC + M.COMBO_ANY], t[T.MISC + M.INVESTOR_SAVES],
            t[T.SWITCHES + SW.INVESTOR_TWO_ANY] == 1)


@njit(inline="always")
def pays(rules, hand, nx, inv):
    """payable() in arithmetic, without branches: a hand of `hand` cards, nx of them showing X,
    inv 1 with the investor of X, else 0 (rules: pay_rules)."""
    match, any_n, saves, two_any = rules
    saved = saves * inv
    has_saved = saved >= 1
    return (nx >= match - saved) | (((inv == 0) | two_any) & (hand + has_saved > any_n)
                                    & ((nx >= 1) | has_saved))


@njit(inline="always")
def bit_options(opts, n, code, bits, width):
    """Append code | i for each set bit i < width of bits, lowest first; return n. (Each is
    written and counted when set: a fixed trip count, no unpredictable loop exit.)"""
    for i in range(width):
        opts[n] = code | i
        n += (bits >> i) & 1
    return n


@njit(inline="always")
def main_options(s, t, opts):
    """SIB-R6, R10..R14: draw or skip, and every allowed action the hand can pay for.
    (Everything is read before the first write; mine options are written unconditionally and
    counted when legal: no unpredictable branches.)"""
    b = S.pbase(s[G.CUR])
    rules = pay_rules(t)
    hand = s[b + P.HAND_N]
    workers = s[b + P.WORKERS]
    forced = t[T.SWITCHES + SW.MINE_MAX_FORCED] == 1
    draw = draw_count(s, t, b, t[T.MISC + M.DRAW_CARDS]) > 0
    worker = worker_allowed(s, t, b) & pays(rules, hand, s[b + P.SYMBOLS + C.WORKER], 0)
    salesmen = s[G.SALESMEN_LEFT] if pays(rules, hand, s[b + P.SYMBOLS + C.SALESMAN], 0) else 0
    investors = s[G.INVESTORS_LEFT] if pays(rules, hand, s[b + P.SYMBOLS + C.INVESTOR], 0) else 0
    opts[0] = option(OT.DRAW, 0) if draw else option(OT.SKIP, 0)
    n = 1
    for k in range(C.NRES):
        most = min(workers, s[O.FACE_UP + k])
        lo = max(most, 1) if forced else 1
        # options lo..most when the kind is in the row and payable (no branch on that)
        ok = pays(rules, hand, s[b + P.SYMBOLS + k], min(s[b + P.INVESTORS + k], 1))
        last = most if ok else 0
        code = option(OT.MINE, k << MINE_SHIFT)
        opts[n] = code | lo  # the first two written always (the usual counts), the rest rare
        opts[n + 1] = code | (lo + 1)
        for i in range(n + 2, n + last - lo + 1):  # each the one before + 1 (not vectorised)
            opts[i] = opts[i - 1] + 1
        n += max(last - lo + 1, 0)
    opts[n] = option(OT.HIRE_WORKER, 0)
    n += worker
    n = bit_options(opts, n, option(OT.HIRE_SALESMAN, 0), salesmen, C.NSYM)
    return bit_options(opts, n, option(OT.HIRE_INVESTOR, 0), investors, C.NRES)


@njit(inline="always")
def above(ty):
    """Bit set of the card types after type ty."""
    return -(np.int64(2) << ty)


@njit(inline="always")
def multisets(opts, n, k, hand, twice, thrice, xs, only_x, need_x):
    """Append one pay option per multiset of k cards (1 <= k <= 3) from the hand, in ascending
    order of the cards' types (the first card, then the second, then the third): only cards
    showing X, or any cards with at least one showing X (need_x), or any cards. hand, twice,
    thrice: the bit sets of the types held at least once, twice, three times; xs: the types
    showing X. Each next card is drawn from a bit set of what may follow the cards before it,
    so only legal multisets are visited."""
    code = option(OT.PAY, 0)
    first = hand & xs if only_x or (k == 1 and need_x) else hand
    while first:
        ty1 = S.lowest_bit(first)
        first &= first - 1
        c1 = code | (ty1 + 1)
        if k == 1:
            opts[n] = c1
            n += 1
            continue
        x1 = (xs >> ty1) & 1 == 1
        # the second card: a later type, or another of the same
        second = (hand & above(ty1)) | (twice & (np.int64(1) << ty1))
        if only_x or (k == 2 and need_x and not x1):
            second &= xs
        while second:
            ty2 = S.lowest_bit(second)
            second &= second - 1
            c12 = c1 | (ty2 + 1) << CARD_BITS
            if k == 2:
                opts[n] = c12
                n += 1
                continue
            # the third card: a later type, or one more of the second's type
            more = thrice if ty2 == ty1 else twice
            third = (hand & above(ty2)) | (more & (np.int64(1) << ty2))
            if only_x or (need_x and not x1 and (xs >> ty2) & 1 == 0):
                third &= xs
            while third:
                ty3 = S.lowest_bit(third)
                third &= third - 1
                opts[n] = c12 | (ty3 + 1) << (2 * CARD_BITS)
                n += 1
    return n


@njit(inline="always")
def pay_options(s, t, opts):
    """SIB-R8/R9: one option per multiset of cards that pays the pending action."""
    b = S.pbase(s[G.CUR])
    x = s[G.SYMBOL]
    all_x, any_form, need_x = payment_sizes(s, t, b, x)
    hand = np.int64(s[b + P.TYPES])
    twice = np.int64(0)
    thrice = np.int64(0)
    types = hand
    while types:
        ty = S.lowest_bit(types)
        types &= types - 1
        count = s[b + P.HAND + ty]
        twice |= np.int64(count >= 2) << ty
        thrice |= np.int64(count >= 3) << ty
    xs = np.int64(S.symbol_types(x))
    n = 0
    if any_form > 0:
        n = multisets(opts, n, any_form, hand, twice, thrice, xs, False, need_x)
    if all_x > 0 and all_x != any_form:  # of equal size, the all-X multisets are listed
        n = multisets(opts, n, all_x, hand, twice, thrice, xs, True, False)
    return n


@njit(inline="always")
def legal(s, t, opts):
    """Write the legal options of the pending decision into opts; return their number."""
    dk = s[G.DK]
    if dk == DK.MAIN:
        return main_options(s, t, opts)
    if dk == DK.PAY:
        return pay_options(s, t, opts)
    if dk == DK.DISCOVER:
        return discover_options(s, t, opts)
    return 0
