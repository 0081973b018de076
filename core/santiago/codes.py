"""Integer codes shared by the Santiago de Cuba tables, state, rules and strategies.

Everything here is a module-level int, an enumeration (core.common.layout.enum: codes with
their lower-case keys) or a layout (core.common.layout.block), which numba folds into compiled
code as constants. Rule values (goods per kind, start material, die faces, Cuban and building
effects, slot colours, the layout rule) are not here: they are rules data
(configs/games/santiago.toml, read through the fields of the flat rules vector T). Clause ids
(SDC-R*, V*, Q*) refer to shared/rules/santiago-de-cuba.md.
"""
from core.common.layout import block, enum
from core.common.layout import EVW  # noqa: F401 (event columns of a trace row)

# --- goods (§0): the 5 dice goods first (their die has the same index), then wood -----------
SU, CI, TO, RU, CG, WD = 0, 1, 2, 3, 4, 5
NKINDS = 6
NDICE = 5
KIND_NAMES = ("sugar", "citrus", "tobacco", "rum", "cigars", "wood")
KIND_SHORT = ("Su", "Ci", "To", "Ru", "Cg", "Wd")

# --- flower colours (§2) --------------------------------------------------------------------
WHITE, YELLOW, RED, BLUE = 0, 1, 2, 3
NCOLOURS = 4
FLOWER_NAMES = ("white", "yellow", "red", "blue")

# --- board (§2): stop 0 is the harbour H, stops 1..9 the Cuban stops K1..K9 -----------------
NSTOPS = 10
HARBOUR = 0
NCUBANS = 9
NSLOTS = 12
STOP_NAMES = ("H",) + tuple(f"K{i}" for i in range(1, NCUBANS + 1))
SLOT_NAMES = tuple(f"B{i}" for i in range(1, NSLOTS + 1))
MAX_PLAYERS = 4
COLOURS = ("yellow", "blue", "red", "green")  # the pawns (§1)
NFACES = 6  # faces of a demand die

# --- the 9 Cubans (§8.1) and their action kinds (parameters in the rules data) -------------
CUBAN_KEYS = ("pedro", "jose", "conchita", "miguel", "pablo", "maria", "martinez", "el_zorro",
              "alonso")
CA = enum("CA", (
    "GAIN_GOODS",     # (kind, amount)
    "GAIN_ANY_GOOD",  # (amount): one kind of the switch pablo_kinds, the player's choice
    "GAIN_VP",        # (vp)
    "GAIN_MONEY",     # (money)
    "PICKPOCKET",     # (): El Zorro, each other player gives 1 peso, 1 VP or 1 raw good
    "LAWYER",         # (): Alonso, a property marker or the use of an own building
))

# --- the 12 buildings (§8.2) and their effect kinds ----------------------------------------
BUILDING_KEYS = ("bank", "casino", "church", "rum_distillery", "harbour_office",
                 "cigar_factory", "black_market", "trading_office", "sawmill", "newspaper",
                 "cafe", "customs_office")
NBUILDINGS = 12
NBPARAMS = 4
BE = enum("BE", (
    "EXCHANGE",     # (pesos per VP sold, pesos per VP bought): VP <-> pesos, one direction
    "GAIN_MONEY",   # (money)
    "CLOSE_CUBAN",  # (money): gain pesos, one Cuban face down until the car passes it
    "CONVERT",      # (from kind, to kind, max pieces) 1:1
    "MOVE_VALUE",   # (): goods-value marker 1 flag right or left
    "SWAP",         # (max swaps): 1 good for 1 good of another kind, each
    "DELIVER",      # (): one delivery step as in the harbour
    "GAIN_GOODS",   # (kind, amount)
    "DEMAND",       # (): one die on the ship up or down by 1
    "RETURN_VP",    # (kind a, kind b, max pieces, vp each): return goods for VP
    "ZERO_DIE",     # (money per pip): set one die to 0
))

# --- layout rules (SDC-R1, §7; switch `layout`) ----------------------------------------------
LAYOUT = enum("LAYOUT", ("RANDOM", "FIXED", "FORBID"))

# --- misc scalar rule values: index into tables.misc (keys: the [misc] keys of the rules file)
M = enum("M", (
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "START_MONEY",       # SDC-R3
    "START_VP",          # SDC-R3
    "MARKERS",           # SDC-R3: property markers per player
    "SHIPS",             # §8.3: the game ends after this ship departs (SDC-R20)
    "DICE_ON_SHIP",      # SDC-R5
    "VALUE_START",       # SDC-R2: goods value at the start of each ship
    "VALUE_MAX",         # the last flag before the chequered flag
    "VALUE_BACKS",       # SDC-Q18: moves of the goods-value marker to the left per ship
    "FREE_STOPS",        # SDC-R7: stops driven for free
    "STOP_COST",         # SDC-R7: pesos per further stop
    "MAX_DRIVE",         # SDC-R7: most stops in one drive
    "WOOD_VP",           # SDC-R15
    "END_GOODS_PER_VP",  # SDC-R21
    "OWNER_VP",          # SDC-R11
    "MONEY_SUPPLY",      # §1: pesos in the box (switch money_limited)
    "LAYOUT_MAX_DRAWS",  # §7: rejected draws before a rule set counts as unsatisfiable
    "MAX_EXCHANGE",      # engine cap on one bank exchange (options are enumerated)
))
NMISC = len(M)

# --- switches: index into tables.switches (keys: the switch names; §9 open questions) -------
SW = enum("SW", (
    "PASS_HARBOUR_ADVANCES",     # SDC-Q1: 0/1
    "BUILDING_MOVE",             # SDC-Q2: 0 optional, 1 mandatory
    "OWNER_VP_TRIGGER",          # SDC-Q3: 0 on_arrival, 1 on_use
    "DELIVERY_PASS_FINAL",       # SDC-Q4: 0/1
    "WOOD_IS_A_KIND",            # SDC-Q5: 0/1
    "ZORRO_CHOOSER",             # SDC-Q6: 0 giver, 1 receiver
    "ZORRO_REUSE_BUILDING",      # SDC-Q7: 0/1
    "ALONSO_CLAIM_OWNED",        # SDC-Q8: 0/1
    "ALONSO_B_REPLACES_PHASE2",  # SDC-Q9: 0/1
    "NEW_SHIP_ROLLER",           # SDC-Q10: 0 active_player, 1 start_player, 2 last_deliverer
    "FIRST_SHIP_ROLLER",         # SDC-Q11: 0 right_of_start, 1 start_player
    "ZERO_DEMAND_REROLL",        # SDC-Q12: 0/1
    "PABLO_KINDS",               # SDC-Q13: 0 all6, 1 no_wood, 2 raw_only
    "MONEY_LIMITED",             # SDC-Q14: 0/1
    "END_BONUS_WOOD",            # SDC-Q15: 0/1
    "LAYOUT",                    # SDC-Q16 / SDC-V1: a LAYOUT code
    "FINAL_TIE",                 # SDC-Q17: 0 shared
))
NSWITCHES = len(SW)

# --- VP sources (per-seat breakdown; they add up to the score) -------------------------------
SRC = enum("SRC", (
    "START",           # SDC-R3
    "DELIVERY",        # dice goods delivered in a delivery round (SDC-R14)
    "WOOD",            # wood delivered, harbour or trading office (SDC-R15)
    "TRADING_OFFICE",  # dice goods delivered through the trading office
    "CUBAN",           # VP from a Cuban's action (Maria)
    "OWNER",           # property markers (SDC-R11)
    "CAFE",            # goods returned for VP
    "BANK",            # net: VP bought minus VP sold at the bank
    "ZORRO",           # net: VP received from El Zorro's victims minus VP given
    "END_BONUS",       # SDC-R21
))
NSRC = len(SRC)

# --- departure causes (SDC-R17) and value-marker causes ------------------------------------
DEP = enum("DEP", ("SHIP_FULL", "CHEQUERED_FLAG", "BUILDING", "ZERO_DEMAND"))
VAL = enum("VAL", ("PASSED_HARBOUR", "DELIVERY_ROUND_ENDED", "BUILDING"))

# --- event codes (trace): row = (code, player, a, b, c, d) ----------------------------------
EV = enum("EV", (
    "SETUP",      # (-, start player, layout draws)
    "TURN",       # (p, turn number from 1)
    "DRIVE",      # (p, stop, distance, pesos paid)
    "VALUE",      # (p or -1, new goods value (value_max + 1 = chequered flag), VAL cause)
    "CLOSED",     # (p, stop): the Cuban there is face down, no action, no building
    "CUBAN",      # (p, cuban, stop)
    "GOODS",      # (p, kind, amount): gained from the bank
    "MONEY",      # (p, amount): gained (negative: paid)
    "VP",         # (p, SRC source, amount): every VP change
    "GIVE",       # (giver, receiver, what: 0 peso, 1 VP, 2 + kind good, -1 nothing)
    "MARKER",     # (p, slot, building, previous owner or -1)
    "MOVE",       # (p, slot, building)
    "STAY",       # (p, slot or -1, reuse 0/1)
    "USE",        # (p, building, slot, payload (option payload))
    "NO_USE",     # (p, building, slot)
    "HARBOUR",    # (p): a delivery round starts
    "DELIVER",    # (p, kind, pieces, VP)
    "PASS",       # (p)
    "ROUND_END",  # (-, ended by the full ship 0/1)
    "DEPART",     # (-, ships departed, DEP cause)
    "ROLL",       # (roller, faces packed 3 bits each in kind order)
    "SHIP",       # (roller, kind left off, dice packed 4 bits each (value + 1))
    "CLOSE",      # (p, stop): a Cuban is turned face down
    "REOPEN",     # (-, stop): the car passed it, it is face up again
    "CONVERT",    # (p, from kind, to kind, pieces)
    "SWAP",       # (p, given kind, taken kind)
    "DIE",        # (p, kind, new value)
    "END_BONUS",  # (p, goods counted, VP)
    "GAME_END",   # (-)
    "EXCHANGE",   # (p, VP change, pesos change)
    "DECLINE",    # (p, cuban): the player takes nothing of the Cuban's offer (Alonso)
))

# --- flat rules-data vector: one field per table of tables.SantiagoTables, in this order -----
T = block("T", """
    MISC             NMISC                  misc values, indexed by M
    SWITCHES         NSWITCHES              switch values, indexed by SW
    SUPPLY           NKINDS                 goods per kind in the game
    START_GOODS      NKINDS                 goods per kind each player starts with
    DIE_FACES        NFACES                 the faces of a demand die
    SLOT_COLOUR      NSLOTS                 flower colour of slot B1..B12
    CUBAN_COLOUR     NCUBANS                flower colour of each Cuban
    CUBAN_ACTION     NCUBANS                CA code of each Cuban
    CUBAN_PARAM      2 * NCUBANS            [2 * cuban + i]
    BUILDING_EFFECT  NBUILDINGS             BE code of each building
    BUILDING_PARAM   NBPARAMS * NBUILDINGS  [NBPARAMS * building + i]
    FIXED_CUBANS     NCUBANS                Cuban at K1..K9 (layout = fixed)
    FIXED_BUILDINGS  NSLOTS                 building at B1..B12 (layout = fixed)
    FORBID           NBUILDINGS * NCOLOURS  [NCOLOURS * building + colour] 1 = may not lie there
""", names=globals())
