"""Cuba game state: one flat int32 array laid out by the blocks below, and the deal of a new
game.

A state is cheap to copy (look-ahead), hash and snapshot (trace). Globals come first (G), then
shared board areas (O), the last of them one block of P.SIZE slots per player (P).
"""
import numpy as np

from core.common.chance import Source, sources
from core.common.layout import Decision, block, decisions, enum
from core.common.rng import deal_rng, rng_below, shuffle
from core.cuba import codes as C
from core.cuba.codes import M, SW, T
from core.jit import njit

# --- phases and decision kinds ----------------------------------------------
PH = enum("PH", ("SETUP", "BILLS", "ACTIONS", "PARLIAMENT", "STATUTES", "END_OF_ROUND", "OVER"))

# Properties: "in_turn" a sub-decision of the player's own character action (look-ahead may
# search it); "secret" hidden from the other players until revealed; "money_only" the
# heuristic values its options by the value of money alone; "weighs_resources" the heuristic
# values resources by the building they are saved for (strategies/cuba/heuristic.needs_target).
DK = decisions("DK", (
    Decision("SETUP_PIECES", "CUBA-R9", "2 resources + 2 products", ("weighs_resources",)),
    Decision("HIDE_CARD", "CUBA-V1", "the card kept face down for parliament",
             ("secret", "weighs_resources")),
    Decision("CHARACTER", "CUBA-R12", "the character card to play"),
    Decision("WORKER_POSITION", "CUBA-R14.1", "pawn position",
             ("in_turn", "weighs_resources")),
    Decision("WORKER_FIELDS", "CUBA-R14.5", "which activated product fields yield",
             ("in_turn", "weighs_resources")),
    Decision("TRADE_MODE", "CUBA-R15/R16", "market, an alternative, or nothing",
             ("in_turn", "weighs_resources")),
    Decision("TRADE_STEP", "CUBA-R27..R30", "one buy or sell, or done", ("in_turn",)),
    Decision("ARCHITECT", "CUBA-R17/R18", "building kind, the alternative, or nothing",
             ("in_turn", "weighs_resources")),
    Decision("ARCHITECT_FIELD", "CUBA-R17", "field for the chosen building",
             ("in_turn", "weighs_resources")),
    Decision("FOREMAN_MODE", "CUBA-R19", "row+column, one building, or nothing", ("in_turn",)),
    Decision("FOREMAN_NEXT", "CUBA-R19", "which building of the row+column to use next",
             ("in_turn",)),
    Decision("BUILDING_USE", "CUBA-R19", "how to use one building (amounts, kinds, ship, bill, "
             "card)", ("in_turn", "weighs_resources")),
    Decision("MAYOR", "CUBA-R20/R21", "ship + cargo, the alternative, or nothing", ("in_turn",)),
    Decision("BID", "CUBA-R39/R41", "parliament bid", ("secret", "money_only")),
    Decision("BILLS", "CUBA-R40", "the two bills to pass", ("money_only",)),
    Decision("TAX", "CUBA-R43", "pay the tax or not", ("money_only",)),
    Decision("DUTY", "CUBA-R44", "which pieces to give as duty, or not", ("weighs_resources",)),
))

# --- global slots -------------------------------------------------------------
G = block("G", """
    NP              1  number of players
    ROUND           1  1..6
    PHASE           1  PH
    STEP            1  position within the current phase's player sequence
    START           1  start player
    CUR             1  player to decide
    DK              1  pending decision kind
    CTX0            1  decision context: read through its aliases
    CTX1            1  decision context: read through its aliases
    CTX2            1  decision context: read through its aliases
    TURN            1  character cards played this round, all players
    ARCH_ALT_N      1  architect alternatives taken this round
    MAYOR_ALT_N     1  mayor alternatives taken this round
    VETO_OWNER      1  holder of the veto tile this round, -1 none
    VETO_BAN_TYPE   1  statute type the veto tile may not veto next round
    VETO_BAN_ROUND  1  the round of that ban
    VETOED_TYPE     1  bill vetoed for phase C (church_veto_timing = at_parliament)
    BEST4_VOTES     1  most votes of a 4th card played this round
    BEST4_PLAYER    1  who played it: the next start player
    OLD_START       1  start player before this round's change
    PILE_N          1  ship cards in the pile
    BID_ROUND       1  0 first bid, 1 re-bid of the tied players, 2 no bidding
    TIED            1  bit mask of tied players in a re-bid
    PARL_WINNER     1  winner of this round's parliament, -1 none
    BANK            1  money in the bank (money_limited only)
    SEED_LO         1  the deal seed's low 31 bits
    SEED_HI         1  the deal seed's next 31 bits
    SAILED          1  ships that have left the harbour (CUBA-R35/R36)
""", aliases={
    "CARD": "CTX0",            # the character being played
    "TAX_AMOUNT": "CTX0",      # DK.TAX: the tax to pay
    "WORKER_GAINS": "CTX1",    # the worker's packed resource gains (DK.WORKER_FIELDS)
    "ARCH_BUILDING": "CTX1",   # DK.ARCHITECT_FIELD: the building kind chosen
    "FOREMAN_FIELDS": "CTX1",  # the foreman's fields still to use, a bit each
    "MARKET_TRADES": "CTX1",   # DK.TRADE_STEP: this visit's trades, 4 bits a kind (CUBA-Q18)
    "USE_FIELD": "CTX2",       # DK.BUILDING_USE: the field of the building in use
}, names=globals())

# --- per-player slots (offset from the player's block) -----------------------------
P = block("P", """
    MONEY      1
    VP         1
    LOT        C.NKINDS     pieces by kind; for products the unstored ones
    STORED     C.NPRODUCTS  stored products CI, SU, TO (CUBA-R26)
    PAWN       1            field of the worker's pawn
    FIELD      C.NFIELDS    building kind on each field, -1 none, field 0 warehouse
    USED       C.NFIELDS    building on this field used this round
    HAND       C.NCHARS     character cards in hand
    HIDDEN     1            CUBA-V1 hidden card, -1 none
    NPLAYED    1            character cards played this round
    LAST_CARD  1            last card played; at parliament the 5th card
    LAYOUT     1            plantation layout (tables.layouts row)
    PAID_TAX   1            paid the tax this round
    TOWN_HALL  1            extra votes this round
    VOTES      1            votes in this parliament (cards + town hall + bids)
    BID        1            pending secret bid
    BUILT      1            buildings built
    BILLS      1            bills passed by this player
    PARL_WINS  1            parliaments won
    SHIPPED    1            pieces loaded onto ships
    PASSED     1            bit mask of the statute rows (0..23) this player passed
    LOADS      1            times this player loaded a ship
    FILLED     1            ships whose last free spot this player filled
    VPSRC      C.NSRC       VP by source (codes.SRC_*)
""", names=globals())

MAX_PLAYERS = C.SEATS

# --- shared board areas, then the players' blocks ------------------------------------
O = block("O", """
    MARKERS    C.NMARKERS             black markers, 1 = covered
    STOCK      C.NKINDS               general stock per kind
    MARKET     C.NMERCH               pieces in each market row (CI..CG)
    PILE       C.NSHIPS               ship pile, top first
    SHIP       C.NPOS                 ship card at sea, dock 1..3 (-1 empty)
    CARGO      C.NPOS * C.SHIP_SPOTS  1 = cargo spot filled, [position * 5 + spot]
    STAT_PILE  4 * C.PILE_CARDS       statute rows in each pile, [type * 6 + i]
    STAT_PTR   4                      next card of each pile
    BILLS      4                      this round's bill per type, -1 none
    ACTS       4                      act in force per type, -1 none
    ACT_ROUND  4                      round in which each act was passed
    PLAYERS    MAX_PLAYERS * P.SIZE   one P block per player
""", start=G.SIZE, names=globals())

STATE_SIZE = O.SIZE


@njit(inline="always")
def pbase(p):
    """Offset of player p's block."""
    return O.PLAYERS + p * P.SIZE


@njit
def new_game(t, n_players, seed):
    """The dealt state before the starting-pieces choices (CUBA-R3..R9).

    Deal randomness (start player, ship pile, statute piles) comes only from `seed`.
    """
    s = np.zeros(STATE_SIZE, np.int32)
    rng = deal_rng(seed)
    s[G.NP] = n_players
    s[G.ROUND] = 1
    s[G.PHASE] = PH.SETUP
    s[G.SEED_LO] = np.int32(seed & 0x7FFFFFFF)
    s[G.SEED_HI] = np.int32((seed >> 31) & 0x7FFFFFFF)
    for k in range(C.NKINDS):
        s[O.STOCK + k] = t[T.SUPPLY + k]
    # CUBA-R4 market
    for r in range(C.NMERCH):
        n = min(t[T.MARKET_FILL + r], t[T.SUPPLY + C.CI + r])
        s[O.MARKET + r] = n
        s[O.STOCK + C.CI + r] -= n
    # CUBA-R5 ships: shuffle 15, dock 1, dock 2, then sea; dock 3 empty in round 1
    pile = np.arange(C.NSHIPS).astype(np.int32)
    shuffle(rng, pile, C.NSHIPS)
    s[O.SHIP + 0] = pile[2]
    s[O.SHIP + 1] = pile[0]
    s[O.SHIP + 2] = pile[1]
    s[O.SHIP + 3] = -1
    for i in range(C.NSHIPS - 3):
        s[O.PILE + i] = pile[3 + i]
    for i in range(C.NSHIPS - 3, C.NSHIPS):
        s[O.PILE + i] = -1
    s[G.PILE_N] = C.NSHIPS - 3
    # CUBA-R6 statutes
    for ty in range(4):
        cards = t[T.PILE_CARDS + C.PILE_CARDS * ty:T.PILE_CARDS + C.PILE_CARDS * (ty + 1)].copy()
        shuffle(rng, cards, C.PILE_CARDS)
        for i in range(C.PILE_CARDS):
            s[O.STAT_PILE + ty * C.PILE_CARDS + i] = cards[i]
        s[O.STAT_PTR + ty] = 0
        s[O.BILLS + ty] = -1
        s[O.ACTS + ty] = -1
        s[O.ACT_ROUND + ty] = 0
    s[O.ACTS + 0] = C.PRINTED_TAX
    s[O.ACTS + 1] = C.PRINTED_DUTY
    # CUBA-R8 start player
    s[G.START] = rng_below(rng, n_players)
    s[G.OLD_START] = s[G.START]
    s[G.VETO_OWNER] = -1
    s[G.VETO_BAN_TYPE] = -1
    s[G.VETO_BAN_ROUND] = -1
    s[G.VETOED_TYPE] = -1
    s[G.PARL_WINNER] = -1
    s[G.BANK] = t[T.MISC + M.MONEY_SUPPLY]
    # CUBA-R9 player material
    individual = t[T.SWITCHES + SW.PLANTATION_SIDE] == 1
    for p in range(n_players):
        b = pbase(p)
        money = t[T.MISC + M.START_MONEY]
        if t[T.SWITCHES + SW.MONEY_LIMITED] == 1:
            money = min(money, s[G.BANK])
            s[G.BANK] -= money
        s[b + P.MONEY] = money
        s[b + P.PAWN] = 0
        for f in range(C.NFIELDS):
            s[b + P.FIELD + f] = C.NO_BUILDING
        s[b + P.FIELD + 0] = C.PRINTED_WAREHOUSE
        s[b + P.HIDDEN] = -1
        s[b + P.LAST_CARD] = -1
        s[b + P.LAYOUT] = 1 + p if individual else 0
    s[G.CUR] = s[G.START]
    return s


# --- sources of randomness (core.common.chance): what each of the deal's draws fills --------
SOURCES = sources(G, O, P, (
    # the deal's seed is recorded with the ship pile, the first source
    Source("ship pile", "CUBA-R5", "the ships at the docks, at sea and in the pile",
           ("O.SHIP", "O.PILE", "G.SEED_LO", "G.SEED_HI")),
    Source("statute piles", "CUBA-R6", "the order of each of the four statute piles",
           ("O.STAT_PILE",)),
    Source("start player", "CUBA-R8", "the first start player", ("G.START", "G.OLD_START",
                                                                 "G.CUR")),
))


# --- read-only queries used by rules, actions and strategies ------------------------
@njit(inline="always")
def have(s, b, k):
    """Pieces of kind k held by the player at block b (lot plus stored products)."""
    n = s[b + P.LOT + k]
    if C.CI <= k < C.CI + 3:
        n += s[b + P.STORED + k - C.CI]
    return n


@njit(inline="always")
def act_effect(s, t, ty):
    """Effect code of the act in force for statute type ty, -1 when none."""
    c = s[O.ACTS + ty]
    if c < 0:
        return -1
    return t[T.STATUTE_EFFECT + c]


@njit(inline="always")
def buy_price(s, t, r):
    """Price to buy one piece of market row r (CUBA-R28/R29): rightmost label or the stock price."""
    n = s[O.MARKET + r]
    if n == 0:
        return t[T.MARKET_EMPTY_BUY + r]
    return t[T.MARKET_TOP + r] - (n - 1)


@njit(inline="always")
def sell_price(s, t, r):
    """Price for selling one piece to row r (CUBA-R28/R30)."""
    n = s[O.MARKET + r]
    if n >= t[T.MARKET_LEN + r]:
        return t[T.MARKET_FULL_SELL + r]
    return t[T.MARKET_TOP + r] - n


@njit(inline="always")
def free_spots(s, t, pos, k):
    """Free cargo spots of kind k on the ship at harbour position pos."""
    ship = s[O.SHIP + pos]
    if ship < 0:
        return 0
    n = 0
    for i in range(C.SHIP_SPOTS):
        if (t[T.SHIP_SPOTS + C.SHIP_SPOTS * ship + i] == k
                and s[O.CARGO + pos * C.SHIP_SPOTS + i] == 0):
            n += 1
    return n


@njit(inline="always")
def field_type(s, t, b, f):
    """Field type of field f on the plantation of the player at block b."""
    return t[T.LAYOUTS + C.NFIELDS * (s[b + P.LAYOUT]) + f]


@njit(_nrt=False)
def n_buildings(s, b):
    """Building tiles on the player's plantation (printed warehouse not included)."""
    n = 0
    for f in range(1, C.NFIELDS):
        if s[b + P.FIELD + f] >= 0:
            n += 1
    return n


@njit(_nrt=False)
def tiles_built(s):
    """Tiles built by anyone per building kind, packed 2 bits per kind (kind k at bit 2k;
    tables allow at most 3 copies)."""
    n = 0
    for p in range(s[G.NP]):
        b = pbase(p)
        for f in range(1, C.NFIELDS):
            k = np.int64(s[b + P.FIELD + f])
            if k >= 0:
                n += np.int64(1) << (2 * k)
    return n
