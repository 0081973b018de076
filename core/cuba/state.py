"""Cuba game state: one flat int32 array with named offsets, and the deal of a new game.

A state is cheap to copy (look-ahead), hash and snapshot (trace). Globals come first, then
shared board areas, then one block of PSIZE slots per player.
"""
import numpy as np

from core.cuba.codes import (
    CI, NBUILDINGS, NCHARS, NFIELDS, NKINDS, NMERCH, NMARKERS, NPOS, NSHIPS, NSRC, NSTATUTES,
    PILE_CARDS, PRINTED_DUTY, PRINTED_TAX, SHIP_SPOTS, SW_PLANTATION_SIDE, M_START_MONEY,
    M_MONEY_SUPPLY, PRINTED_WAREHOUSE, NO_BUILDING, SW_MONEY_LIMITED, T_LAYOUT, T_MBUY, T_MFILL,
    T_MISC, T_MLEN, T_MSELL, T_MTOP, T_PILES, T_SEFF, T_SPOTS, T_SUPPLY, T_SW,
)
from core.common.rng import deal_rng, rng_below, shuffle
from core.jit import njit

# --- phases and decision kinds ----------------------------------------------
PH_SETUP, PH_BILLS, PH_ACTIONS, PH_PARLIAMENT, PH_STATUTES, PH_END_ROUND, PH_OVER = range(7)
PHASE_NAMES = ("setup", "bills", "actions", "parliament", "statutes", "end_of_round", "over")

DK_NONE = 0
DK_SETUP_PIECES = 1   # choose 2 resources + 2 products (CUBA-R9)
DK_HIDE_CARD = 2      # CUBA-V1: the card kept face down for parliament
DK_CHARACTER = 3      # play a character card (CUBA-R12)
DK_WORKER_POS = 4     # pawn position (CUBA-R14.1)
DK_WORKER_FIELDS = 5  # which activated product fields yield (CUBA-R14.5)
DK_TRADE_MODE = 6     # market, an alternative, or nothing (CUBA-R15/R16)
DK_TRADE_STEP = 7     # one buy or sell, or done (CUBA-R27..R30)
DK_ARCHITECT = 8      # building kind, the alternative, or nothing (CUBA-R17/R18)
DK_ARCH_FIELD = 9     # field for the chosen building
DK_FOREMAN_MODE = 10  # row+column, one building, or nothing (CUBA-R19)
DK_FOREMAN_NEXT = 11  # which building of the row+column to use next
DK_BUILDING_USE = 12  # how to use one building (amounts, kinds, ship, bill, card)
DK_MAYOR = 13         # ship + cargo, the alternative, or nothing (CUBA-R20/R21)
DK_BID = 14           # parliament bid (CUBA-R39/R41)
DK_BILLS = 15         # the two bills to pass (CUBA-R40)
DK_TAX = 16           # pay the tax or not (CUBA-R43)
DK_DUTY = 17          # which pieces to give as duty, or not (CUBA-R44)
DK_NAMES = ("none", "setup_pieces", "hide_card", "character", "worker_position",
            "worker_fields", "trade_mode", "trade_step", "architect", "architect_field",
            "foreman_mode", "foreman_next", "building_use", "mayor", "bid", "bills", "tax", "duty")

# --- global slots -------------------------------------------------------------
G_NP = 0            # number of players
G_ROUND = 1         # 1..6
G_PHASE = 2
G_STEP = 3          # position within the current phase's player sequence
G_START = 4         # start player
G_CUR = 5           # player to decide
G_DK = 6            # pending decision kind
G_CTX0 = 7          # decision context (character, foreman mode, building field, ...)
G_CTX1 = 8
G_CTX2 = 9
G_TURN = 10         # character cards played this round, all players
G_ARCH_ALT_N = 11   # architect alternatives taken this round
G_MAYOR_ALT_N = 12
G_VETO_OWNER = 13   # holder of the veto tile this round, -1 none
G_VETO_BAN_TYPE = 14
G_VETO_BAN_ROUND = 15
G_VETOED_TYPE = 16  # bill vetoed for phase C (church_veto_timing = at_parliament)
G_BEST4_VOTES = 17
G_BEST4_PLAYER = 18
G_OLD_START = 19
G_PILE_N = 20       # ship cards in the pile
G_BID_ROUND = 21    # 0 first bid, 1 re-bid of the tied players
G_TIED = 22         # bit mask of tied players in a re-bid
G_PARL_WINNER = 23
G_BANK = 24         # money in the bank (money_limited only)
G_SEED_LO = 25
G_SEED_HI = 26
G_SAILED = 27       # ships that have left the harbour (CUBA-R35/R36)
NGLOBAL = 28

O_MARKERS = NGLOBAL                    # black markers, 1 = covered
O_STOCK = O_MARKERS + NMARKERS         # general stock per kind
O_MARKET = O_STOCK + NKINDS            # pieces in each market row (CI..CG)
O_PILE = O_MARKET + NMERCH             # ship pile, top first
O_SHIP = O_PILE + NSHIPS               # ship card at sea, dock 1..3 (-1 empty)
O_CARGO = O_SHIP + NPOS                # 1 = cargo spot filled, [position * 5 + spot]
O_STAT_PILE = O_CARGO + NPOS * SHIP_SPOTS  # statute rows in each pile, [type * 6 + i]
O_STAT_PTR = O_STAT_PILE + 4 * PILE_CARDS  # next card of each pile
O_BILLS = O_STAT_PTR + 4               # this round's bill per type, -1 none
O_ACTS = O_BILLS + 4                   # act in force per type, -1 none
O_ACT_ROUND = O_ACTS + 4               # round in which each act was passed
O_PLAYERS = O_ACT_ROUND + 4

# --- per-player slots (offset from the player's block) -----------------------------
P_MONEY = 0
P_VP = 1
P_LOT = 2            # pieces by kind; for products the unstored ones
P_STORED = P_LOT + NKINDS       # stored products CI, SU, TO (CUBA-R26)
P_PAWN = P_STORED + 3
P_FIELD = P_PAWN + 1            # building kind on each field, -1 none, field 0 warehouse
P_USED = P_FIELD + NFIELDS      # building on this field used this round
P_HAND = P_USED + NFIELDS       # character cards in hand
P_HIDDEN = P_HAND + NCHARS      # CUBA-V1 hidden card, -1 none
P_NPLAYED = P_HIDDEN + 1
P_LAST_CARD = P_NPLAYED + 1
P_LAYOUT = P_LAST_CARD + 1
P_PAID_TAX = P_LAYOUT + 1
P_TOWN_HALL = P_PAID_TAX + 1    # extra votes this round
P_VOTES = P_TOWN_HALL + 1       # votes in this parliament (cards + town hall + bids)
P_BID = P_VOTES + 1             # pending secret bid
P_BUILT = P_BID + 1
P_BILLS = P_BUILT + 1           # bills passed by this player
P_PARL_WINS = P_BILLS + 1
P_SHIPPED = P_PARL_WINS + 1     # pieces loaded onto ships
P_PASSED = P_SHIPPED + 1        # bit mask of the statute rows (0..23) this player passed
P_LOADS = P_PASSED + 1          # times this player loaded a ship
P_FILLED = P_LOADS + 1          # ships whose last free spot this player filled
P_VPSRC = P_FILLED + 1          # VP by source, NSRC slots
PSIZE = P_VPSRC + NSRC

MAX_PLAYERS = 5
STATE_SIZE = O_PLAYERS + MAX_PLAYERS * PSIZE


@njit(inline="always")
def pbase(p):
    """Offset of player p's block."""
    return O_PLAYERS + p * PSIZE




@njit
def new_game(t, n_players, seed):
    """The dealt state before the starting-pieces choices (CUBA-R3..R9).

    Deal randomness (start player, ship pile, statute piles) comes only from `seed`.
    """
    s = np.zeros(STATE_SIZE, np.int32)
    rng = deal_rng(seed)
    s[G_NP] = n_players
    s[G_ROUND] = 1
    s[G_PHASE] = PH_SETUP
    s[G_SEED_LO] = np.int32(seed & 0x7FFFFFFF)
    s[G_SEED_HI] = np.int32((seed >> 31) & 0x7FFFFFFF)
    for k in range(NKINDS):
        s[O_STOCK + k] = t[T_SUPPLY + k]
    # CUBA-R4 market
    for r in range(NMERCH):
        n = min(t[T_MFILL + r], t[T_SUPPLY + CI + r])
        s[O_MARKET + r] = n
        s[O_STOCK + CI + r] -= n
    # CUBA-R5 ships: shuffle 15, dock 1, dock 2, then sea; dock 3 empty in round 1
    pile = np.arange(NSHIPS).astype(np.int32)
    shuffle(rng, pile, NSHIPS)
    s[O_SHIP + 0] = pile[2]
    s[O_SHIP + 1] = pile[0]
    s[O_SHIP + 2] = pile[1]
    s[O_SHIP + 3] = -1
    for i in range(NSHIPS - 3):
        s[O_PILE + i] = pile[3 + i]
    for i in range(NSHIPS - 3, NSHIPS):
        s[O_PILE + i] = -1
    s[G_PILE_N] = NSHIPS - 3
    # CUBA-R6 statutes
    for ty in range(4):
        cards = t[T_PILES + PILE_CARDS * ty:T_PILES + PILE_CARDS * (ty + 1)].copy()
        shuffle(rng, cards, PILE_CARDS)
        for i in range(PILE_CARDS):
            s[O_STAT_PILE + ty * PILE_CARDS + i] = cards[i]
        s[O_STAT_PTR + ty] = 0
        s[O_BILLS + ty] = -1
        s[O_ACTS + ty] = -1
        s[O_ACT_ROUND + ty] = 0
    s[O_ACTS + 0] = PRINTED_TAX
    s[O_ACTS + 1] = PRINTED_DUTY
    # CUBA-R8 start player
    s[G_START] = rng_below(rng, n_players)
    s[G_OLD_START] = s[G_START]
    s[G_VETO_OWNER] = -1
    s[G_VETO_BAN_TYPE] = -1
    s[G_VETO_BAN_ROUND] = -1
    s[G_VETOED_TYPE] = -1
    s[G_PARL_WINNER] = -1
    s[G_BANK] = t[T_MISC + M_MONEY_SUPPLY]
    # CUBA-R9 player material
    individual = t[T_SW + SW_PLANTATION_SIDE] == 1
    for p in range(n_players):
        b = pbase(p)
        money = t[T_MISC + M_START_MONEY]
        if t[T_SW + SW_MONEY_LIMITED] == 1:
            money = min(money, s[G_BANK])
            s[G_BANK] -= money
        s[b + P_MONEY] = money
        s[b + P_PAWN] = 0
        for f in range(NFIELDS):
            s[b + P_FIELD + f] = NO_BUILDING
        s[b + P_FIELD + 0] = PRINTED_WAREHOUSE
        s[b + P_HIDDEN] = -1
        s[b + P_LAST_CARD] = -1
        s[b + P_LAYOUT] = 1 + p if individual else 0
    s[G_CUR] = s[G_START]
    return s


# --- read-only queries used by rules, actions and strategies ------------------------
@njit(inline="always")
def have(s, b, k):
    """Pieces of kind k held by the player at block b (lot plus stored products)."""
    n = s[b + P_LOT + k]
    if CI <= k < CI + 3:
        n += s[b + P_STORED + k - CI]
    return n


@njit(inline="always")
def act_effect(s, t, ty):
    """Effect code of the act in force for statute type ty, -1 when none."""
    c = s[O_ACTS + ty]
    if c < 0:
        return -1
    return t[T_SEFF + c]


@njit(inline="always")
def buy_price(s, t, r):
    """Price to buy one piece of market row r (CUBA-R28/R29): rightmost label or the stock price."""
    n = s[O_MARKET + r]
    if n == 0:
        return t[T_MBUY + r]
    return t[T_MTOP + r] - (n - 1)


@njit(inline="always")
def sell_price(s, t, r):
    """Price for selling one piece to row r (CUBA-R28/R30)."""
    n = s[O_MARKET + r]
    if n >= t[T_MLEN + r]:
        return t[T_MSELL + r]
    return t[T_MTOP + r] - n


@njit(inline="always")
def free_spots(s, t, pos, k):
    """Free cargo spots of kind k on the ship at harbour position pos."""
    ship = s[O_SHIP + pos]
    if ship < 0:
        return 0
    n = 0
    for i in range(SHIP_SPOTS):
        if t[T_SPOTS + SHIP_SPOTS * (ship) + i] == k and s[O_CARGO + pos * SHIP_SPOTS + i] == 0:
            n += 1
    return n


@njit(inline="always")
def field_type(s, t, b, f):
    """Field type of field f on the plantation of the player at block b."""
    return t[T_LAYOUT + NFIELDS * (s[b + P_LAYOUT]) + f]


@njit
def n_buildings(s, b):
    """Building tiles on the player's plantation (printed warehouse not included)."""
    n = 0
    for f in range(1, NFIELDS):
        if s[b + P_FIELD + f] >= 0:
            n += 1
    return n


@njit
def tiles_built(s):
    """Tiles built by anyone per building kind, packed 2 bits per kind (kind k at bit 2k;
    tables allow at most 3 copies)."""
    n = 0
    for p in range(s[G_NP]):
        b = pbase(p)
        for f in range(1, NFIELDS):
            k = np.int64(s[b + P_FIELD + f])
            if k >= 0:
                n += np.int64(1) << (2 * k)
    return n
