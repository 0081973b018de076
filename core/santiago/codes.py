"""Integer codes shared by the Santiago de Cuba tables, state, rules and strategies.

Everything here is a plain module-level int so numba folds it into compiled code. Rule values
(goods per kind, start material, die faces, Cuban and building effects, slot colours, the
layout rule) are not here: they are rules data (configs/games/santiago.toml, read through the
T_* offsets of the flat rules vector). Clause ids (SDC-R*, V*, Q*) refer to
shared/rules/santiago-de-cuba.md.
"""
from core.common.trace import EVW  # noqa: F401 (event columns of a trace row)

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
PLAYER_COLOURS = ("yellow", "blue", "red", "green")  # the pawns (§1)
NFACES = 6  # faces of a demand die

# --- the 9 Cubans (§8.1) and their action kinds -------------------------------------------
CUBAN_KEYS = ("pedro", "jose", "conchita", "miguel", "pablo", "maria", "martinez", "el_zorro",
              "alonso")
CA_GAIN_GOODS = 0     # (kind, amount)
CA_GAIN_ANY_GOOD = 1  # (amount): one kind of the switch pablo_kinds, the player's choice
CA_GAIN_VP = 2        # (vp)
CA_GAIN_MONEY = 3     # (money)
CA_PICKPOCKET = 4     # (): El Zorro, each other player gives 1 peso, 1 VP or 1 non-wood good
CA_LAWYER = 5         # (): Alonso, a property marker or the use of an own building
ACTION_KEYS = ("gain_goods", "gain_any_good", "gain_vp", "gain_money", "pickpocket", "lawyer")

# --- the 12 buildings (§8.2) and their effect kinds ----------------------------------------
BUILDING_KEYS = ("bank", "casino", "church", "rum_distillery", "harbour_office",
                 "cigar_factory", "black_market", "trading_office", "sawmill", "newspaper",
                 "cafe", "customs_office")
NBUILDINGS = 12
NBPARAMS = 4
BE_EXCHANGE = 0     # (pesos per VP sold, pesos per VP bought): VP <-> pesos, one direction
BE_GAIN_MONEY = 1   # (money)
BE_CLOSE_CUBAN = 2  # (vp): gain VP, close one Cuban until the user's next turn
BE_CONVERT = 3      # (from kind, to kind, max pieces) 1:1
BE_MOVE_VALUE = 4   # (): goods-value marker 1 flag right or left
BE_SWAP = 5         # (max swaps): 1 good for 1 good of another kind, each
BE_DELIVER = 6      # (): one delivery step as in the harbour
BE_GAIN_GOODS = 7   # (kind, amount)
BE_DEMAND = 8       # (): one die on the ship up or down by 1
BE_RETURN_VP = 9    # (kind a, kind b, max pieces, vp each): return goods for VP
BE_ZERO_DIE = 10    # (money per pip): set one die to 0
EFFECT_KEYS = ("exchange", "gain_money", "close_cuban", "convert", "move_value", "swap",
               "deliver", "gain_goods", "demand", "return_vp", "zero_die")

# --- layout rules (SDC-R1, §7; switch `layout`) ----------------------------------------------
LAYOUT_RANDOM, LAYOUT_FIXED, LAYOUT_FORBID = 0, 1, 2
LAYOUT_RULES = ("random", "fixed", "forbid")

# --- misc scalar rule values: index into tables.misc -----------------------------------------
M_MIN_PLAYERS = 0
M_MAX_PLAYERS = 1
M_START_MONEY = 2       # SDC-R3
M_START_VP = 3          # SDC-R3
M_MARKERS = 4           # SDC-R3: property markers per player
M_SHIPS = 5             # §8.3: the game ends after this ship departs (SDC-R20)
M_DICE_ON_SHIP = 6      # SDC-R5
M_VALUE_START = 7       # SDC-R2: goods value at the start of each ship
M_VALUE_MAX = 8         # the last flag before the chequered flag
M_FREE_STOPS = 9        # SDC-R7: stops driven for free
M_STOP_COST = 10        # SDC-R7: pesos per further stop
M_MAX_DRIVE = 11        # SDC-R7: most stops in one drive
M_WOOD_VP = 12          # SDC-R15
M_END_GOODS_PER_VP = 13  # SDC-R21
M_OWNER_VP = 14         # SDC-R11
M_MONEY_SUPPLY = 15     # §1: pesos in the box (switch money_limited)
M_LAYOUT_MAX_DRAWS = 16  # §7: rejected draws before a rule set counts as unsatisfiable
M_MAX_EXCHANGE = 17     # engine cap on one bank exchange (options are enumerated)
NMISC = 18
MISC_KEYS = ("min_players", "max_players", "start_money", "start_vp", "markers", "ships",
             "dice_on_ship", "value_start", "value_max", "free_stops", "stop_cost", "max_drive",
             "wood_vp", "end_goods_per_vp", "owner_vp", "money_supply", "layout_max_draws",
             "max_exchange")

# --- switches: index into tables.switches (§9 open questions, §7 layout) ---------------------
SW_PASS_HARBOUR_ADVANCES = 0  # SDC-Q1: 0/1
SW_BUILDING_MOVE = 1          # SDC-Q2: 0 optional, 1 mandatory
SW_OWNER_VP_TRIGGER = 2       # SDC-Q3: 0 on_arrival, 1 on_use
SW_DELIVERY_PASS_FINAL = 3    # SDC-Q4: 0/1
SW_WOOD_IS_A_KIND = 4         # SDC-Q5: 0/1
SW_ZORRO_CHOOSER = 5          # SDC-Q6: 0 giver, 1 receiver
SW_ZORRO_REUSE = 6            # SDC-Q7: 0/1
SW_ALONSO_CLAIM_OWNED = 7     # SDC-Q8: 0/1
SW_ALONSO_B_REPLACES = 8      # SDC-Q9: 0/1
SW_NEW_SHIP_ROLLER = 9        # SDC-Q10: 0 active_player, 1 start_player
SW_FIRST_SHIP_ROLLER = 10     # SDC-Q11: 0 right_of_start, 1 start_player
SW_ZERO_DEMAND_REROLL = 11    # SDC-Q12: 0/1
SW_PABLO_KINDS = 12           # SDC-Q13: 0 all6, 1 no_wood, 2 raw_only
SW_MONEY_LIMITED = 13         # SDC-Q14: 0/1
SW_END_BONUS_WOOD = 14        # SDC-Q15: 0/1
SW_LAYOUT = 15                # SDC-Q16 / SDC-V1: LAYOUT_RANDOM, LAYOUT_FIXED, LAYOUT_FORBID
SW_FINAL_TIE = 16             # SDC-Q17: 0 shared
NSWITCHES = 17

# --- VP sources (per-seat breakdown; they add up to the score) -------------------------------
SRC_START = 0       # SDC-R3
SRC_DELIVERY = 1    # dice goods delivered in a delivery round (SDC-R14)
SRC_WOOD = 2        # wood delivered, harbour or trading office (SDC-R15)
SRC_OFFICE = 3      # dice goods delivered through the trading office
SRC_CUBAN = 4       # VP from a Cuban's action (Maria)
SRC_OWNER = 5       # property markers (SDC-R11)
SRC_CAFE = 6        # goods returned for VP
SRC_CHURCH = 7      # the close-a-Cuban building's VP
SRC_BANK = 8        # net: VP bought minus VP sold at the bank
SRC_ZORRO = 9       # net: VP received from El Zorro's victims minus VP given
SRC_END_BONUS = 10  # SDC-R21
NSRC = 11
SRC_NAMES = ("start", "delivery", "wood", "trading_office", "cuban", "owner", "cafe", "church",
             "bank", "zorro", "end_bonus")

# --- departure causes (SDC-R17) and value-marker causes ------------------------------------
DEP_FULL, DEP_FLAG, DEP_BUILDING, DEP_ZERO = 0, 1, 2, 3
DEPARTURE_CAUSES = ("ship_full", "chequered_flag", "building", "zero_demand")
VAL_PASS_HARBOUR, VAL_ROUND_END, VAL_BUILDING = 0, 1, 2
VALUE_CAUSES = ("passed_harbour", "delivery_round_ended", "building")

# --- event codes (trace): row = (code, player, a, b, c, d) ----------------------------------
EV_SETUP = 0        # (-, start player, layout draws)
EV_TURN = 1         # (p, turn number from 1)
EV_DRIVE = 2        # (p, stop, distance, pesos paid)
EV_VALUE = 3        # (p or -1, new goods value (value_max + 1 = chequered flag), cause)
EV_CLOSED = 4       # (p, stop): the Cuban there is closed, no action, no building
EV_CUBAN = 5        # (p, cuban, stop)
EV_GOODS = 6        # (p, kind, amount): gained from the bank
EV_MONEY = 7        # (p, amount): gained (negative: paid)
EV_VP = 8           # (p, source, amount): every VP change
EV_GIVE = 9         # (giver, receiver, what: 0 peso, 1 VP, 2 + kind good, -1 nothing)
EV_MARKER = 10      # (p, slot, building, previous owner or -1)
EV_MOVE = 11        # (p, slot, building)
EV_STAY = 12        # (p, slot or -1, reuse 0/1)
EV_USE = 13         # (p, building, slot, payload (option payload))
EV_NO_USE = 14      # (p, building, slot)
EV_HARBOUR = 15     # (p): a delivery round starts
EV_DELIVER = 16     # (p, kind, pieces, VP)
EV_PASS = 17        # (p)
EV_ROUND_END = 18   # (-, ended by the full ship 0/1)
EV_DEPART = 19      # (-, ships departed, cause)
EV_ROLL = 20        # (roller, faces packed 2 bits each in kind order)
EV_SHIP = 21        # (roller, kind left off, dice packed 3 bits each (value + 1))
EV_CLOSE = 22       # (p, stop): a Cuban is closed
EV_REOPEN = 23      # (-, stop)
EV_CONVERT = 24     # (p, from kind, to kind, pieces)
EV_SWAP = 25        # (p, given kind, taken kind)
EV_DIE = 26         # (p, kind, new value)
EV_END_BONUS = 27   # (p, goods counted, VP)
EV_GAME_END = 28    # (-)
EV_EXCHANGE = 29    # (p, VP change, pesos change)
EVENT_NAMES = ("setup", "turn", "drive", "value", "closed", "cuban", "goods", "money", "vp",
               "give", "marker", "move", "stay", "use", "no_use", "harbour", "deliver", "pass",
               "round_end", "depart", "roll", "ship", "close", "reopen", "convert", "swap", "die",
               "end_bonus", "game_end", "exchange")

# --- flat rules-data array: offsets into the int32 vector that compiled code receives ---------
T_MISC = 0
T_SW = T_MISC + NMISC
T_SUPPLY = T_SW + NSWITCHES           # goods per kind in the game
T_START_GOODS = T_SUPPLY + NKINDS     # goods per kind each player starts with
T_FACES = T_START_GOODS + NKINDS      # the faces of a demand die
T_SLOT_COLOUR = T_FACES + NFACES      # flower colour of slot B1..B12
T_CCOLOUR = T_SLOT_COLOUR + NSLOTS    # flower colour of each Cuban
T_CACTION = T_CCOLOUR + NCUBANS       # CA_* of each Cuban
T_CPARAM = T_CACTION + NCUBANS        # [2 * cuban + i]
T_BEFFECT = T_CPARAM + 2 * NCUBANS    # BE_* of each building
T_BPARAM = T_BEFFECT + NBUILDINGS     # [NBPARAMS * building + i]
T_FIXED_CUBANS = T_BPARAM + NBPARAMS * NBUILDINGS   # Cuban at K1..K9 (layout = fixed)
T_FIXED_BUILDINGS = T_FIXED_CUBANS + NCUBANS        # building at B1..B12 (layout = fixed)
T_FORBID = T_FIXED_BUILDINGS + NSLOTS  # [NCOLOURS * building + colour] 1 = may not lie there
T_SIZE = T_FORBID + NBUILDINGS * NCOLOURS
FLAT_ORDER = ("misc", "switches", "supply", "start_goods", "die_faces", "slot_colour",
              "cuban_colour", "cuban_action", "cuban_param", "building_effect",
              "building_param", "fixed_cubans", "fixed_buildings", "forbid")
