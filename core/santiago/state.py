"""Santiago de Cuba game state: one flat int32 array laid out by the blocks G (globals), O
(the board and the players' blocks) and P (one player's block), the decision kinds, and the
layout and deal of a new game.

A state is cheap to copy (look-ahead), hash and snapshot (trace). Globals come first, then the
board (dice, bank, layout, property markers), then one block of P.SIZE slots per player. The
deal stream lives in the state (G.RNG) because the game rolls dice again at every new ship.
"""
import numpy as np

from core.common.chance import Source, sources
from core.common.layout import TURN_HEAD, Decision, block, decisions, enum
from core.common.rng import deal_rng, rng_below, shuffle
from core.common.stored_rng import SLOTS, save_stream
from core.jit import njit
from core.santiago import codes as C
from core.santiago.codes import LAYOUT, M, SRC, SW, T

# --- phases, steps and decision kinds --------------------------------------------------------
PH = enum("PH", ("SETUP", "PLAY", "OVER"))

# what `advance` does next when no decision is pending
ST = enum("ST", ("NONE", "TURN_START", "ARRIVE", "ZORRO", "PHASE2", "DELIVERY", "TURN_END"))

# in_turn: a decision of the active player within their own turn, which look-ahead may search
DK = decisions("DK", (
    Decision("SHIP", "SDC-R5", "which rolled die stays off the new ship (also SDC-R17)"),
    Decision("DRIVE", "SDC-R7", "how far the car drives"),
    Decision("PABLO", "SDC-R9", "Pablo: which kind of good", ("in_turn",)),
    Decision("ZORRO", "SDC-R9", "El Zorro: what one victim gives (chosen by the giver or the "
             "receiver, SDC-Q6)"),
    Decision("ALONSO", "SDC-R9", "Alonso: a property marker, the use of an own building, or "
             "nothing", ("in_turn",)),
    Decision("MOVE", "SDC-R10", "which building the pawn moves to, or stay (or El Zorro's "
             "reuse)", ("in_turn",)),
    Decision("USE", "SDC-R10", "how the building is used (§8.2), or not", ("in_turn",)),
    Decision("DELIVER", "SDC-R13", "one delivery step (SDC-R14, R15) or pass", ("in_turn",)),
))

USE_PHASE2, USE_ALONSO = 0, 1  # how a building use was reached (G.USE_VIA)

# --- the state's layout ----------------------------------------------------------------------
G = block("G", """
    *TURN_HEAD
    START           1      start player
    ACTIVE          1      player whose turn it is
    STEP            1      an ST code: the next automatic step
    CONT            1      the step after the new ship is placed
    CAR             1      stop of the car (0 = harbour)
    SHIPS           1      ships departed
    VALUE           1      goods value (value_start..value_max)
    VALUE_BACKS     1      moves of the goods-value marker to the left on this ship (SDC-Q18)
    CLOSED          1      stop of the face-down Cuban, -1 none
    CLOSED_BY       1      who turned it face down
    CUBAN           1      Cuban whose action was taken this turn, -1 none
    ZORRO_NEXT      1      El Zorro: next victim as an offset from the active player
    USE_SLOT        1      slot of the building being used, -1 none
    USE_LEFT        1      swaps left in this use (swap effect)
    USE_VIA         1      USE_PHASE2 or USE_ALONSO
    USE_PAID        1      1 once this use paid its owner (owner_vp_trigger = on_use)
    DEL_PLAYER      1      delivering player in a delivery round
    DEL_PASSED      1      bit mask of players out of the delivery round
    DEL_PASSES      1      passes in a row (delivery_pass_final = false)
    WOOD_DONE       1      1 when wood was delivered in this step (wood_is_a_kind = false)
    ROLLER          1      who places the new ship
    LAST_DELIVERER  1      who last delivered a good to this ship, -1 nobody yet
    BANK_MONEY      1      pesos in the bank (money_limited only)
    RNG             SLOTS  the deal stream (dice), core.common.stored_rng
    LAYOUT_DRAWS    1      building layouts drawn until one honoured the rules
    LAYOUT_OK       1      1 when the layout honours the layout rule
    TURN            1      turns finished, all players
""", names=globals())

P = block("P", """
    GOODS       C.NKINDS      goods per kind (behind the screen)
    MONEY       1             pesos (behind the screen)
    VP          1             VP (behind the screen)
    MARKERS     1             property markers not yet placed
    PAWN        1             slot of the pawn, -1 off the board
    VPSRC       C.NSRC        VP by source (codes.SRC)
    USES        C.NBUILDINGS  uses per building
    VISITS      C.NCUBANS     actions taken per Cuban
    DELIVERED   C.NKINDS      goods delivered per kind (harbour and trading office)
    CONVERTED   1             goods converted
    DRIVE_PAID  1             pesos paid for driving
    TURNS       1             turns this player finished
    OWNER_VP    1             times another pawn paid this player as owner
""", names=globals())

O = block("O", """
    DICE         C.NDICE                 demand per dice good on the ship, -1 not on it
    ROLL         C.NDICE                 the last roll per die
    BANK         C.NKINDS                goods per kind in the bank
    CUBAN_AT     C.NSTOPS                Cuban at each stop (-1 at the harbour)
    BUILDING_AT  C.NSLOTS                building at slot B1..B12
    SLOT_OF      C.NBUILDINGS            slot of each building
    OWNER        C.NSLOTS                owner of each slot's property marker, -1 none
    PLAYERS      C.MAX_PLAYERS * P.SIZE  one P block per player
""", start=G.SIZE, names=globals())

STATE_SIZE = O.SIZE


@njit(inline="always")
def pbase(p):
    """Offset of player p's block."""
    return O.PLAYERS + p * P.SIZE


@njit(inline="always")
def slot_colour(t, slot):
    """Flower colour of building slot `slot`."""
    return t[T.SLOT_COLOUR + slot]


@njit(inline="always")
def forbidden(t, building, colour):
    """Whether the layout rule forbids `building` at a slot of `colour`."""
    return t[T.FORBID + building * C.NCOLOURS + colour] == 1


# --- layout (SDC-R1, §7) -------------------------------------------------------------------

@njit
def layout_ok(s, t):
    """Whether the buildings' layout honours every forbidden (building, flower) pair."""
    for slot in range(C.NSLOTS):
        if forbidden(t, s[O.BUILDING_AT + slot], slot_colour(t, slot)):
            return False
    return True


@njit
def deal_layout(s, t, rng):
    """Cubans on K1..K9 and buildings on B1..B12 by the layout rule (switch `layout`):
    uniform orders (random), the rules data's layout (fixed), or uniform orders redrawn until
    no forbidden pair lies together (forbid: rejection sampling, uniform over valid layouts)."""
    rule = t[T.SWITCHES + SW.LAYOUT]
    s[O.CUBAN_AT] = -1
    for i in range(C.NCUBANS):
        s[O.CUBAN_AT + 1 + i] = t[T.FIXED_CUBANS + i] if rule == LAYOUT.FIXED else i
    if rule != LAYOUT.FIXED:
        shuffle(rng, s[O.CUBAN_AT + 1:O.CUBAN_AT + C.NSTOPS], C.NCUBANS)
    draws = 0
    ok = True
    while True:
        for i in range(C.NSLOTS):
            s[O.BUILDING_AT + i] = t[T.FIXED_BUILDINGS + i] if rule == LAYOUT.FIXED else i
        if rule != LAYOUT.FIXED:
            shuffle(rng, s[O.BUILDING_AT:O.BUILDING_AT + C.NSLOTS], C.NSLOTS)
        draws += 1
        if rule != LAYOUT.FORBID:
            break
        ok = layout_ok(s, t)
        if ok or draws >= t[T.MISC + M.LAYOUT_MAX_DRAWS]:
            break
    for i in range(C.NSLOTS):
        s[O.SLOT_OF + s[O.BUILDING_AT + i]] = i
    s[G.LAYOUT_DRAWS] = draws
    s[G.LAYOUT_OK] = 1 if ok else 0


# --- setup (SDC-R1..R5) ----------------------------------------------------------------------

@njit
def new_game(t, n_players, seed):
    """The dealt state before the first ship is placed. Randomness comes only from `seed`."""
    s = np.zeros(STATE_SIZE, np.int32)
    rng = deal_rng(seed)
    s[G.NP] = n_players
    s[G.PHASE] = PH.SETUP
    deal_layout(s, t, rng)                              # SDC-R1
    s[G.CAR] = 0                                        # SDC-R2
    s[G.VALUE] = t[T.MISC + M.VALUE_START]
    s[G.CLOSED] = -1
    s[G.CLOSED_BY] = -1
    s[G.LAST_DELIVERER] = -1
    s[G.CUBAN] = -1
    s[G.USE_SLOT] = -1
    for k in range(C.NDICE):
        s[O.DICE + k] = -1
    for slot in range(C.NSLOTS):
        s[O.OWNER + slot] = -1
    for k in range(C.NKINDS):
        s[O.BANK + k] = t[T.SUPPLY + k] - n_players * t[T.START_GOODS + k]
    s[G.BANK_MONEY] = (t[T.MISC + M.MONEY_SUPPLY] - n_players * t[T.MISC + M.START_MONEY]
                       if t[T.SWITCHES + SW.MONEY_LIMITED] == 1 else 0)
    for p in range(n_players):                          # SDC-R3
        b = pbase(p)
        for k in range(C.NKINDS):
            s[b + P.GOODS + k] = t[T.START_GOODS + k]
        s[b + P.MONEY] = t[T.MISC + M.START_MONEY]
        s[b + P.VP] = t[T.MISC + M.START_VP]
        s[b + P.VPSRC + SRC.START] = t[T.MISC + M.START_VP]
        s[b + P.MARKERS] = t[T.MISC + M.MARKERS]
        s[b + P.PAWN] = -1
    s[G.START] = 0  # SDC-R5 "agree on a start player": seat 0 (tournaments rotate the seats)
    s[G.ACTIVE] = 0
    save_stream(s, G.RNG, rng)
    return s


# --- sources of randomness (core.common.chance): what each of the deal's draws fills --------
SOURCES = sources(G, O, P, (
    Source("cubans", "SDC-R1", "the Cubans on K1..K9", ("O.CUBAN_AT",)),
    Source("buildings", "SDC-R1", "the buildings on B1..B12",
           ("O.BUILDING_AT", "O.SLOT_OF", "G.LAYOUT_DRAWS", "G.LAYOUT_OK")),
    Source("dice", "SDC-R5", "every roll of the dice (the stream the state keeps)", ("G.RNG",)),
))


# --- read-only queries used by rules, actions, checks and strategies -------------------------

@njit(inline="always")
def goods_held(s, b, with_wood):
    """Goods the player at block b holds (wood only when with_wood)."""
    n = 0
    for k in range(C.NKINDS):
        if k != C.WD or with_wood:
            n += s[b + P.GOODS + k]
    return n


@njit(inline="always")
def raw_good(k):
    """Sugar, tobacco and citrus: the seed's "grondstoffen" (El Zorro's victims give these)."""
    return k == C.SU or k == C.TO or k == C.CI


@njit(inline="always")
def pawn_at(s, slot):
    """The player whose pawn stands on `slot`, -1 none."""
    for p in range(s[G.NP]):
        if s[pbase(p) + P.PAWN] == slot:
            return p
    return -1


@njit(inline="always")
def ship_full(s):
    """SDC-R16: every die on the ship shows 0."""
    for k in range(C.NDICE):
        if s[O.DICE + k] > 0:
            return False
    return True


@njit(inline="always")
def stop_cuban(s, stop):
    """The Cuban at `stop` (-1 at the harbour)."""
    return s[O.CUBAN_AT + stop]
