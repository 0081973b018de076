"""Siberia game state: one flat int32 array with named offsets, and the deal of a new game.

A state is cheap to copy (look-ahead), hash and snapshot (trace). Globals come first, then the
resource row, the two decks and the supplies, then one block of P.SIZE slots per player (the
layouts G, O and P, core.common.layout). Money is never stored: it follows from the cards a
player holds (`money`).
"""
import os

import numpy as np

from core.common.arith import span_sum
from core.common.chance import Source, sources
from core.common.layout import TURN_HEAD, Decision, block, decisions, enum
from core.common.rng import shuffle
from core.common.stored_rng import SLOTS, deal_first_seat, new_deal
from core.jit import njit
from core.siberia import codes as C
from core.siberia.codes import M, T

# --- phases and decision kinds ----------------------------------------------------------
PH = enum("PH", ("SETUP", "PLAY", "OVER"))

DK = decisions("DK", (
    Decision("DISCOVER", "SIB-R5", "which face-down card to turn (or none, when optional)"),
    Decision("MAIN", "SIB-R6", "draw, skip, or the action of a combination (SIB-R10..R14)"),
    Decision("PAY", "SIB-R8/R9", "the cards that pay the chosen action's combination",
             ("in_turn",)),
))

# --- global slots -------------------------------------------------------------------------
G = block("G", """
    *TURN_HEAD
    START           1      start player (SIB-R4)
    TURN            1      turns finished, all players
    FINAL_LEFT      1      -1 before the end trigger; then turns left, the current one included
    TRIGGER         1      player who discovered the last card, -1 none
    RDECK_PTR       1      next card of the resource deck (O.RDECK)
    RDECK_N         1      resource cards in the game
    APILE_N         1      cards in the action draw pile (top = O.APILE + n - 1)
    RESHUFFLES      1      reshuffles of the discards so far
    WORKERS         1      worker cards left in the supply
    ACTION          1      the chosen action while it is paid (its DK.MAIN option), else 0
    SYMBOL          1      symbol X of the combination being paid
    PAID_N          1      cards paid for the last combination
    PAID            1      their types, packed 4 bits each (type + 1)
    DISCOVERED      1      resource cards discovered (turned face up), setup included
    FACE_DOWN       1      face-down cards in the row (kept up to date, checked)
    DISCARD_N       1      action cards in the discard pile (kept up to date, checked)
    RNG             SLOTS  the deal stream (core.common.stored_rng), for reshuffles (SIB-R7)
    SKIP_RUN        1      consecutive skips of all players (the stalemate safeguard)
    SALESMEN_LEFT   1      bit c: category c's salesman is in the supply (kept, checked)
    INVESTORS_LEFT  1      bit k: kind k's investor is in the supply (kept, checked)
""", names=globals())

# --- per-player slots (offset from the player's block) ----------------------------------
P = block("P", """
    HAND         C.NTYPES  action cards in hand per type
    HAND_N       1         action cards in hand
    TYPES        1         bit ty: a card of type ty is in hand (kept up to date, checked)
    SYMBOLS      C.NSYM    cards in hand showing each symbol (kept up to date, checked)
    WORKERS      1         worker cards held
    RES_N        C.NRES    resource cards taken per kind
    RES_V        C.NRES    their printed value per kind (money units)
    SALESMEN     C.NSYM    salesman cards held per category
    INVESTORS    C.NRES    investor cards held per resource kind
    TURNS        1         turns taken
    DRAWS        1         draw actions
    SKIPS        1         skips
    MINES        1         mining actions
    DISCOVERIES  1         cards this player turned face up
""", names=globals())

# --- the board: the row, the decks, the supplies, then the players' blocks -------------------
O = block("O", """
    ROW        C.MAX_ROW               resource card id at each row position (0 = headframe), -1
                                       none
    FACE       C.MAX_ROW               1 when that card is face up
    RDECK      C.MAX_RES_CARDS         resource deck: card ids, drawn from G.RDECK_PTR on
    APILE      C.MAX_ACTION_CARDS      action draw pile: card types
    DISCARD    C.NTYPES                discarded action cards per type
    SALESMEN   C.NSYM                  salesman cards left per category
    INVESTORS  C.NRES                  investor cards left per resource kind
    FACE_UP    C.NRES                  face-up cards in the row per kind (kept up to date, checked)
    PLAYERS    C.MAX_PLAYERS * P.SIZE  one P block per seat
""", start=G.SIZE, names=globals())

STATE_SIZE = O.SIZE
SEAT_MASK = 7  # every seat 0..MAX_PLAYERS - 1 is p & SEAT_MASK
assert C.MAX_PLAYERS <= SEAT_MASK + 1


@njit(inline="always")
def pbase(p):
    """Offset of player p's block. (p & SEAT_MASK is p: it tells the compiler the offset is
    not negative, so indexing with it needs no wrap-around.)"""
    return O.PLAYERS + (p & SEAT_MASK) * P.SIZE


# --- bit sets ------------------------------------------------------------------------------

if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    def lowest_bit(v: int) -> int:
        """Index of the lowest set bit of v > 0 (interpreted)."""
        return (int(v) & -int(v)).bit_length() - 1
else:
    from numba.cpython.unsafe.numbers import trailing_zeros

    @njit(inline="always")
    def lowest_bit(v):
        """Index of the lowest set bit of v > 0 (one instruction)."""
        return trailing_zeros(np.int64(v))


@njit(inline="always")
def bits_of(s, at, n):
    """Bit i set for each s[at + i] > 0, i < n."""
    bits = 0
    for i in range(n):
        bits |= (1 if s[at + i] > 0 else 0) << i
    return bits


@njit(inline="always")
def supply_bits(s):
    """(G.SALESMEN_LEFT, G.INVESTORS_LEFT) recomputed from the supply counts."""
    return bits_of(s, O.SALESMEN, C.NSYM), bits_of(s, O.INVESTORS, C.NRES)


@njit
def sync_supply_bits(s):
    """Set the supply bits from the supply counts (the deal; scenario edits)."""
    s[G.SALESMEN_LEFT], s[G.INVESTORS_LEFT] = supply_bits(s)


# --- hands: the cards per type, the types held and the symbol counts move together ---------

@njit(inline="always")
def take_card(s, b, ty):
    """An action card of type ty joins the hand of the player at block b."""
    s[b + P.HAND + ty] += 1
    s[b + P.HAND_N] += 1
    s[b + P.TYPES] |= 1 << ty
    s[b + P.SYMBOLS + ty // C.NPERSON] += 1
    s[b + P.SYMBOLS + C.WORKER + ty % C.NPERSON] += 1


@njit(inline="always")
def give_cards(s, b, ty, n):
    """n (0 or 1) action cards of type ty leave the hand of the player at block b (no branch:
    with n = 0 nothing changes)."""
    s[b + P.HAND + ty] -= n
    s[b + P.HAND_N] -= n
    s[b + P.TYPES] &= ~((1 if s[b + P.HAND + ty] == 0 else 0) << ty)
    s[b + P.SYMBOLS + ty // C.NPERSON] -= n
    s[b + P.SYMBOLS + C.WORKER + ty % C.NPERSON] -= n


@njit(inline="always")
def give_card(s, b, ty):
    """An action card of type ty leaves the hand of the player at block b."""
    give_cards(s, b, ty, 1)


@njit(inline="always")
def take_supply(s, at, bits_at, x):
    """A person card of category x leaves the supply counts at s[at:]; its bit in
    s[bits_at] clears with the last one."""
    s[at + x] -= 1
    s[bits_at] &= ~((1 if s[at + x] == 0 else 0) << x)


# --- setup (SIB-R1..R4) --------------------------------------------------------------------

@njit
def new_game(t, n_players, seed):
    """The dealt state before the first turn. Deal randomness comes only from `seed`."""
    s, rng = new_deal(STATE_SIZE, seed)
    s[G.NP] = n_players
    s[G.PHASE] = PH.SETUP
    s[G.FINAL_LEFT] = -1
    s[G.TRIGGER] = -1
    # SIB-R1 resource deck and row
    n_res = 0
    for k in range(C.NRES):
        n_res += t[T.RES_COUNT + k]
    for i in range(C.MAX_RES_CARDS):
        s[O.RDECK + i] = i if i < n_res else -1
    shuffle(rng, s[O.RDECK:O.RDECK + n_res], n_res)
    s[G.RDECK_N] = n_res
    row = t[T.MISC + M.ROW_SIZE]
    for i in range(C.MAX_ROW):
        s[O.ROW + i] = -1
    for i in range(row):
        card = s[O.RDECK + i]
        s[O.ROW + i] = card
        if i < t[T.MISC + M.FACE_UP_START]:
            s[O.FACE + i] = 1
            s[O.FACE_UP + t[T.RES_KIND + card]] += 1
        else:
            s[G.FACE_DOWN] += 1
    s[G.RDECK_PTR] = row
    s[G.DISCOVERED] = min(row, t[T.MISC + M.FACE_UP_START])
    # SIB-R2 supplies and the first worker
    s[G.WORKERS] = t[T.MISC + M.WORKER_SUPPLY] - n_players * t[T.MISC + M.START_WORKERS]
    for c in range(C.NSYM):
        s[O.SALESMEN + c] = t[T.SALESMAN_COUNT + c]
    for k in range(C.NRES):
        s[O.INVESTORS + k] = t[T.INVESTOR_COUNT + k]
    sync_supply_bits(s)
    # SIB-R3 action pile and hands
    n = 0
    for ty in range(C.NTYPES):
        for _ in range(t[T.ACTION_COUNT + ty]):
            s[O.APILE + n] = ty
            n += 1
    shuffle(rng, s[O.APILE:O.APILE + n], n)
    for p in range(n_players):
        b = pbase(p)
        s[b + P.WORKERS] = t[T.MISC + M.START_WORKERS]
        for _ in range(t[T.MISC + M.START_HAND]):
            n -= 1
            take_card(s, b, s[O.APILE + n])
            s[O.APILE + n] = 0
    s[G.APILE_N] = n
    # SIB-R4 start player at random
    deal_first_seat(s, rng, n_players, G.START, G.CUR, G.RNG)
    return s


# --- sources of randomness (core.common.chance): what each of the deal's draws fills --------
SOURCES = sources(G, O, P, (
    Source("resource deck", "SIB-R1", "the resource deck and the row dealt from it",
           ("O.RDECK", "O.ROW", "O.FACE_UP")),
    Source("action pile", "SIB-R3", "the action pile and the hands dealt from it",
           ("O.APILE", "P.HAND", "P.HAND_N", "P.TYPES", "P.SYMBOLS")),
    Source("start player", "SIB-R4", "the start player", ("G.START", "G.CUR")),
    Source("reshuffles", "SIB-R7", "every reshuffle of the discards (the stream the state "
           "keeps)", ("G.RNG",)),
))


# --- read-only queries used by rules, actions, checks and strategies --------------------

@njit(inline="always")
def card_type(res, person):
    """Action card type of (resource kind, person index 0..2)."""
    return res * C.NPERSON + person


PERSON_TYPES = sum(1 << (k * C.NPERSON) for k in range(C.NRES))  # types of the first person


@njit(inline="always")
def symbol_types(x):
    """Bit ty set for each action card type ty that shows symbol x."""
    if x < C.NRES:
        return ((1 << C.NPERSON) - 1) << (x * C.NPERSON)
    return PERSON_TYPES << (x - C.WORKER)


@njit(inline="always")
def symbol_cards(s, b, x):
    """Cards in the hand of the player at block b that show symbol x."""
    return s[b + P.SYMBOLS + x]


@njit(inline="always")
def held(s, b, x):
    """Cards of category x the player at block b holds (resource cards or persons)."""
    if x < C.NRES:
        return s[b + P.RES_N + x]
    if x == C.WORKER:
        return s[b + P.WORKERS]
    if x == C.SALESMAN:
        return span_sum(s, b + P.SALESMEN, C.NSYM)
    return span_sum(s, b + P.INVESTORS, C.NRES)


@njit(_nrt=False)
def money_by_source(s, t, p, out):
    """Money of player p by source into out[NSRC] (SIB-R17): printed resource values per kind,
    person values per person kind, and what the salesmen add (SRC_UPGRADES)."""
    b = pbase(p)
    pv = t[T.MISC + M.PERSON_VALUE]
    out[C.SRC_UPGRADES] = 0
    for x in range(C.NSYM):
        n = held(s, b, x)
        base = s[b + P.RES_V + x] if x < C.NRES else n * pv
        out[x] = base
        if s[b + P.SALESMEN + x] > 0:
            out[C.SRC_UPGRADES] += n * t[T.SALESMAN_VALUE + x] - base


@njit
def money(s, t, p):
    """Player p's money if the game ended now (SIB-R17), in money units."""
    b = pbase(p)
    pv = t[T.MISC + M.PERSON_VALUE]
    total = 0
    for x in range(C.NSYM):
        n = held(s, b, x)
        if s[b + P.SALESMEN + x] > 0:
            total += n * t[T.SALESMAN_VALUE + x]
        elif x < C.NRES:
            total += s[b + P.RES_V + x]
        else:
            total += n * pv
    return total


@njit(inline="always")
def resource_cards(s, b):
    """Resource cards the player at block b holds."""
    return span_sum(s, b + P.RES_N, C.NRES)


@njit(inline="always")
def face_down(s, t):
    """Face-down cards in the resource row."""
    return s[G.FACE_DOWN]


@njit(inline="always")
def deck_left(s):
    """Resource cards still in the deck."""
    return s[G.RDECK_N] - s[G.RDECK_PTR]


@njit(inline="always")
def investor_held(s, b, x):
    """Whether the player at block b holds the investor of symbol x (resources only)."""
    return x < C.NRES and s[b + P.INVESTORS + x] > 0


@njit(inline="always")
def face_up_value(s, t, k, m):
    """Printed value of the first m face-up cards of kind k from the headframe (SIB-R10)."""
    taken = 0
    value = 0
    for i in range(t[T.MISC + M.ROW_SIZE]):
        card = s[O.ROW + i]
        if taken < m and card >= 0 and s[O.FACE + i] == 1 and t[T.RES_KIND + card] == k:
            value += t[T.RES_VALUE + card]
            taken += 1
    return value
