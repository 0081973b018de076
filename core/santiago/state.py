"""Santiago de Cuba game state: one flat int32 array with named offsets, the layout and the
deal of a new game.

A state is cheap to copy (look-ahead), hash and snapshot (trace). Globals come first, then the
board (dice, bank, layout, property markers), then one block of PSIZE slots per player. The
deal stream lives in the state (G_RNG) because the game rolls dice again at every new ship.
"""
import numpy as np

from core.common.rng import deal_rng, rng_below, shuffle
from core.common.stored_rng import save_stream
from core.jit import njit
from core.santiago.codes import (
    LAYOUT, M, MAX_PLAYERS, NBUILDINGS, NCOLOURS, NCUBANS, NDICE, NKINDS, NSLOTS, NSRC, NSTOPS,
    SRC, SW, T, WD,
)

# --- phases, steps and decision kinds --------------------------------------------------------
PH_SETUP, PH_PLAY, PH_OVER = range(3)
PHASE_NAMES = ("setup", "play", "over")

# what `advance` does next when no decision is pending
ST_NONE, ST_TURN_START, ST_ARRIVE, ST_ZORRO, ST_PHASE2, ST_DELIVERY, ST_TURN_END = range(7)
STEP_NAMES = ("none", "turn_start", "arrive", "zorro", "phase2", "delivery", "turn_end")

DK_NONE = 0
DK_SHIP = 1      # SDC-R5/R17: which rolled die stays off the new ship
DK_DRIVE = 2     # SDC-R7: how far the car drives
DK_PABLO = 3     # Pablo: which kind of good
DK_ZORRO = 4     # El Zorro: what one victim gives (chosen by the giver or the receiver)
DK_ALONSO = 5    # Alonso: a property marker, the use of an own building, or nothing
DK_MOVE = 6      # SDC-R10: which building the pawn moves to, or stay (or El Zorro's reuse)
DK_USE = 7       # §8.2: how the building is used, or not
DK_DELIVER = 8   # SDC-R13..R15: one delivery step or pass
DK_NAMES = ("none", "ship", "drive", "pablo", "zorro", "alonso", "move", "use", "deliver")

USE_PHASE2, USE_ALONSO = 0, 1  # how a building use was reached (G_USE_VIA)

# --- global slots -------------------------------------------------------------------------
G_NP = 0            # number of players
G_PHASE = 1
G_CUR = 2           # player to decide
G_DK = 3            # pending decision kind
G_START = 4         # start player
G_ACTIVE = 5        # player whose turn it is
G_STEP = 6          # ST_*: the next automatic step
G_CONT = 7          # the step after the new ship is placed
G_CAR = 8           # stop of the car (0 = harbour)
G_SHIPS = 9         # ships departed
G_VALUE = 10        # goods value (value_start..value_max)
G_CLOSED = 11       # stop of the closed Cuban, -1 none
G_CLOSED_BY = 12    # who closed it
G_CUBAN = 13        # Cuban whose action was taken this turn, -1 none
G_ZORRO_NEXT = 14   # El Zorro: next victim as an offset from the active player
G_USE_SLOT = 15     # slot of the building being used, -1 none
G_USE_LEFT = 16     # swaps left in this use (swap effect)
G_USE_VIA = 17      # USE_PHASE2 or USE_ALONSO
G_USE_PAID = 18     # 1 once this use paid its owner (owner_vp_trigger = on_use)
G_DEL_PLAYER = 19   # delivering player in a delivery round
G_DEL_PASSED = 20   # bit mask of players out of the delivery round
G_DEL_PASSES = 21   # passes in a row (delivery_pass_final = false)
G_WOOD_DONE = 22    # 1 when wood was delivered in this step (wood_is_a_kind = false)
G_ROLLER = 23       # who places the new ship
G_BANK_MONEY = 24   # pesos in the bank (money_limited only)
G_RNG = 25          # 4 slots: the deal stream (dice)
G_LAYOUT_DRAWS = 29  # building layouts drawn until one honoured the rules
G_LAYOUT_OK = 30    # 1 when the layout honours the layout rule
G_TURN = 31         # turns finished, all players
NGLOBAL = 32

O_DICE = NGLOBAL                  # demand per dice good on the ship, -1 not on it
O_ROLL = O_DICE + NDICE           # the last roll per die
O_BANK = O_ROLL + NDICE           # goods per kind in the bank
O_CUBAN_AT = O_BANK + NKINDS      # Cuban at each stop (-1 at the harbour)
O_BUILDING_AT = O_CUBAN_AT + NSTOPS   # building at slot B1..B12
O_SLOT_OF = O_BUILDING_AT + NSLOTS    # slot of each building
O_OWNER = O_SLOT_OF + NBUILDINGS      # owner of each slot's property marker, -1 none
O_PLAYERS = O_OWNER + NSLOTS

# --- per-player slots (offset from the player's block) ---------------------------------------
P_GOODS = 0                     # goods per kind (behind the screen)
P_MONEY = P_GOODS + NKINDS      # pesos (behind the screen)
P_VP = P_MONEY + 1              # VP (behind the screen)
P_MARKERS = P_VP + 1            # property markers not yet placed
P_PAWN = P_MARKERS + 1          # slot of the pawn, -1 off the board
P_VPSRC = P_PAWN + 1            # VP by source (codes.SRC_*)
P_USES = P_VPSRC + NSRC         # uses per building
P_VISITS = P_USES + NBUILDINGS  # actions taken per Cuban
P_DELIVERED = P_VISITS + NCUBANS  # goods delivered per kind (harbour and trading office)
P_CONVERTED = P_DELIVERED + NKINDS  # goods converted
P_DRIVE_PAID = P_CONVERTED + 1  # pesos paid for driving
P_TURNS = P_DRIVE_PAID + 1
P_OWNER_VP = P_TURNS + 1        # times another pawn paid this player as owner
PSIZE = P_OWNER_VP + 1

STATE_SIZE = O_PLAYERS + MAX_PLAYERS * PSIZE


@njit(inline="always")
def pbase(p):
    """Offset of player p's block."""
    return O_PLAYERS + p * PSIZE


@njit(inline="always")
def slot_colour(t, slot):
    """Flower colour of building slot `slot`."""
    return t[T.SLOT_COLOUR + slot]


@njit(inline="always")
def forbidden(t, building, colour):
    """Whether the layout rule forbids `building` at a slot of `colour`."""
    return t[T.FORBID + building * NCOLOURS + colour] == 1


# --- layout (SDC-R1, §7) -------------------------------------------------------------------

@njit
def layout_ok(s, t):
    """Whether the buildings' layout honours every forbidden (building, flower) pair."""
    for slot in range(NSLOTS):
        if forbidden(t, s[O_BUILDING_AT + slot], slot_colour(t, slot)):
            return False
    return True


@njit
def deal_layout(s, t, rng):
    """Cubans on K1..K9 and buildings on B1..B12 by the layout rule (switch `layout`):
    uniform orders (random), the rules data's layout (fixed), or uniform orders redrawn until
    no forbidden pair lies together (forbid: rejection sampling, uniform over valid layouts)."""
    rule = t[T.SWITCHES + SW.LAYOUT]
    s[O_CUBAN_AT] = -1
    for i in range(NCUBANS):
        s[O_CUBAN_AT + 1 + i] = t[T.FIXED_CUBANS + i] if rule == LAYOUT.FIXED else i
    if rule != LAYOUT.FIXED:
        shuffle(rng, s[O_CUBAN_AT + 1:O_CUBAN_AT + NSTOPS], NCUBANS)
    draws = 0
    ok = True
    while True:
        for i in range(NSLOTS):
            s[O_BUILDING_AT + i] = t[T.FIXED_BUILDINGS + i] if rule == LAYOUT.FIXED else i
        if rule != LAYOUT.FIXED:
            shuffle(rng, s[O_BUILDING_AT:O_BUILDING_AT + NSLOTS], NSLOTS)
        draws += 1
        if rule != LAYOUT.FORBID:
            break
        ok = layout_ok(s, t)
        if ok or draws >= t[T.MISC + M.LAYOUT_MAX_DRAWS]:
            break
    for i in range(NSLOTS):
        s[O_SLOT_OF + s[O_BUILDING_AT + i]] = i
    s[G_LAYOUT_DRAWS] = draws
    s[G_LAYOUT_OK] = 1 if ok else 0


# --- setup (SDC-R1..R5) ----------------------------------------------------------------------

@njit
def new_game(t, n_players, seed):
    """The dealt state before the first ship is placed. Randomness comes only from `seed`."""
    s = np.zeros(STATE_SIZE, np.int32)
    rng = deal_rng(seed)
    s[G_NP] = n_players
    s[G_PHASE] = PH_SETUP
    deal_layout(s, t, rng)                              # SDC-R1
    s[G_CAR] = 0                                        # SDC-R2
    s[G_VALUE] = t[T.MISC + M.VALUE_START]
    s[G_CLOSED] = -1
    s[G_CLOSED_BY] = -1
    s[G_CUBAN] = -1
    s[G_USE_SLOT] = -1
    for k in range(NDICE):
        s[O_DICE + k] = -1
    for slot in range(NSLOTS):
        s[O_OWNER + slot] = -1
    for k in range(NKINDS):
        s[O_BANK + k] = t[T.SUPPLY + k] - n_players * t[T.START_GOODS + k]
    s[G_BANK_MONEY] = (t[T.MISC + M.MONEY_SUPPLY] - n_players * t[T.MISC + M.START_MONEY]
                       if t[T.SWITCHES + SW.MONEY_LIMITED] == 1 else 0)
    for p in range(n_players):                          # SDC-R3
        b = pbase(p)
        for k in range(NKINDS):
            s[b + P_GOODS + k] = t[T.START_GOODS + k]
        s[b + P_MONEY] = t[T.MISC + M.START_MONEY]
        s[b + P_VP] = t[T.MISC + M.START_VP]
        s[b + P_VPSRC + SRC.START] = t[T.MISC + M.START_VP]
        s[b + P_MARKERS] = t[T.MISC + M.MARKERS]
        s[b + P_PAWN] = -1
    s[G_START] = 0  # SDC-R5 "agree on a start player": seat 0 (tournaments rotate the seats)
    s[G_ACTIVE] = 0
    save_stream(s, G_RNG, rng)
    return s


# --- read-only queries used by rules, actions, checks and strategies -------------------------

@njit(inline="always")
def goods_held(s, b, with_wood):
    """Goods the player at block b holds (wood only when with_wood)."""
    n = 0
    for k in range(NKINDS):
        if k != WD or with_wood:
            n += s[b + P_GOODS + k]
    return n


@njit(inline="always")
def pawn_at(s, slot):
    """The player whose pawn stands on `slot`, -1 none."""
    for p in range(s[G_NP]):
        if s[pbase(p) + P_PAWN] == slot:
            return p
    return -1


@njit(inline="always")
def ship_full(s):
    """SDC-R16: every die on the ship shows 0."""
    for k in range(NDICE):
        if s[O_DICE + k] > 0:
            return False
    return True


@njit(inline="always")
def stop_cuban(s, stop):
    """The Cuban at `stop` (-1 at the harbour)."""
    return s[O_CUBAN_AT + stop]
