"""Integer codes shared by the Cuba tables, state, rules and strategies.

Everything here is a plain module-level int, or an enumeration or layout of
core.common.layout (a named tuple of ints), so numba folds it into compiled code.
"""
from core.common.layout import block, enum
from core.common.layout import EVW  # noqa: F401 (event columns of a trace row)


# --- piece kinds (rules §0) -------------------------------------------------
WD, ST, WA, CI, SU, TO, RU, CG = 0, 1, 2, 3, 4, 5, 6, 7
NKINDS = 8
KIND_NAMES = ("wood", "stone", "water", "citrus", "sugar", "tobacco", "rum", "cigars")
KIND_SHORT = ("Wd", "St", "Wa", "Ci", "Su", "To", "Ru", "Cg")
FIRST_PRODUCT = CI  # products CI..TO, goods RU..CG, merchandise CI..CG
NPRODUCTS = 3
NMERCH = 5

# Piece selectors: 0..7 a single kind, or one of these groups.
SEL_ANY_RESOURCE = 8
SEL_ANY_PRODUCT = 9
SEL_ANY_GOOD = 10
SEL_ANY_MERCH = 11
SEL_RES_OR_PROD = 12  # "2 resources or 2 products" (duty_any_split = one_mixed)
SELECTOR_NAMES = KIND_NAMES + ("any_resource", "any_product", "any_good", "any_merchandise",
                               "resources_or_products")

# --- plantation field types (rules §6.5) ------------------------------------
F_WH, F_FO, F_MO, F_LA, F_CI, F_SU, F_TO = 0, 1, 2, 3, 4, 5, 6
FIELD_CODES = ("WH", "Fo", "Mo", "La", "Ci", "Su", "To")
NFIELDS = 12
NROWS, NCOLS = 3, 4
SEATS = 5  # the engine's capacity: the state holds this many player blocks
NLAYOUTS = 6  # 0 = standard side, 1..5 = individual sides by colour
COLOURS = ("blue", "red", "yellow", "green", "purple")

# --- characters (rules §6.1), index = votes - 1 ------------------------------
WORKER, TRADER, ARCHITECT, FOREMAN, MAYOR = 0, 1, 2, 3, 4
CHAR_NAMES = ("worker", "tradeswoman", "architect", "foreman", "mayor")
NCHARS = 5

# --- buildings (rules §6.2) -------------------------------------------------
NBUILDINGS = 23
BUILDING_KEYS = (
    "cement_factory", "saw_mill", "golf_course", "monastery", "rum_cafe", "cigar_cafe",
    "small_branch_office", "large_branch_office", "hotel", "inn", "general_store",
    "product_house", "resource_house", "small_bank", "large_bank", "cigar_factory",
    "distillery", "black_market", "church", "town_hall", "dam", "lighthouse", "warehouse",
)
# Feature codes and the meaning of building_param[k, 0..2].
FT_RETURN_VP = 0     # (selector, max pieces, VP each)
FT_SELL = 1          # (selector, max pieces, $ each) to the stock
FT_GAIN_VP = 2       # (VP, -, -)
FT_GAIN_MONEY = 3    # ($, -, -)
FT_CONVERT = 4       # (from kind, to kind, max pieces; -1 = any number)
FT_BLACK_MARKET = 5  # (max pieces, -, -): 1 product <-> 1 good, kinds free
FT_SMALL_BRANCH = 6  # (pieces, -, -): load 1 piece onto one docked ship
FT_LARGE_BRANCH = 7  # (-, -, -): load any number of one kind onto one docked ship
FT_CHURCH = 8        # veto one current bill
FT_TOWN_HALL = 9     # (extra votes, -, -)
FT_GAIN_PIECES = 10  # (kind, amount, -)
FT_LIGHTHOUSE = 11   # pick any pile card as the new sea ship
FT_STORE = 12        # store all products held now
FEATURE_KEYS = ("return_vp", "sell", "gain_vp", "gain_money", "convert", "black_market",
                "small_branch", "large_branch", "church", "town_hall", "gain_pieces",
                "lighthouse", "store")
WAREHOUSE_BUILDING = 22  # kind index of the building Warehouse (#23)
PRINTED_WAREHOUSE = 23   # pseudo building kind standing on field 0
NO_BUILDING = -1

# --- statutes (rules §6.3) ---------------------------------------------------
TAX, DUTY, SUBSIDY, OTHER = 0, 1, 2, 3
STATUTE_TYPES = ("tax", "duty", "subsidy", "other")
NSTATUTES = 24          # cards in the four piles
PRINTED_TAX = 24        # card index of the printed starting tax act
PRINTED_DUTY = 25       # card index of the printed starting duty act
NSTATUTE_ROWS = 26
PILE_CARDS = 6
# effect codes and statute_param[c, 0..1]
EF_TAX_FLAT = 0          # ($, -)
EF_TAX_PER_BUILDING = 1  # ($ per building, -)
EF_DUTY = 2              # (selector, pieces)
EF_SUB_BUILDINGS = 3     # (VP per building, -)
EF_SUB_OPEN_RES = 4      # (VP per open resource field, -)
EF_SUB_OPEN_PROD = 5     # (VP per open product field, -)
EF_SUB_KIND_HELD = 6     # (kind, cap)
EF_SUB_FIFTH_CARD = 7    # (VP per vote, -)
EF_SUB_MONEY = 8         # ($ per VP, cap)
EF_MARKET_DEC = 9        # (pieces per product, -)
EF_MARKET_INC = 10       # (pieces per product, -)
EF_DROUGHT = 11          # (product fields, -)
EF_BUILDING_ACT = 12     # ($ extra, -)
EF_HARBOR_ACT = 13
EF_CORRUPTION = 14
EFFECT_KEYS = ("tax_flat", "tax_per_building", "duty", "subsidy_buildings",
               "subsidy_open_resource_fields", "subsidy_open_product_fields",
               "subsidy_kind_held", "subsidy_fifth_card", "subsidy_money", "market_decrease",
               "market_increase", "drought", "building_act", "harbor_act", "corruption")

# --- ships and harbour (rules §6.4, §6.7) -----------------------------------
NSHIPS = 15
SHIP_SPOTS = 5
SEA, DOCK1, DOCK2, DOCK3 = 0, 1, 2, 3
NPOS = 4

# --- black-marker spaces (rules §6.7) ---------------------------------------
BM_TRADER_RES, BM_TRADER_PROD, BM_ARCH_1, BM_ARCH_2, BM_MAYOR_1, BM_MAYOR_2 = 0, 1, 2, 3, 4, 5
NMARKERS = 6

# --- misc scalar rule values: index into tables.misc; keys are cuba.toml's [misc] names -----
M = enum("M", (
    "START_MONEY", "ROUNDS", "CARDS_PLAYED", "START_RESOURCES", "START_PRODUCTS",
    "WORKER_PRODUCT_FIELDS", "TAX_VP", "DUTY_VP", "TAX_DUTY_BONUS_VP", "END_BUILDING_VP",
    "ARCHITECT_ALT_VP_FIRST", "ARCHITECT_ALT_VP_SECOND",  # the second follows the first
    "MAYOR_ALT_MONEY_FIRST", "MAYOR_ALT_MONEY_SECOND",    # the second follows the first
    "TRADER_ALT_PIECES", "MAX_PLAYERS", "MIN_PLAYERS",
    "MONEY_SUPPLY",  # only used when SW.MONEY_LIMITED is on
    "MAX_BID",       # enumeration cap for one parliament bid
))
NMISC = len(M)

# --- switches: index into tables.switches; keys are cuba.toml's [switches] names ----------
# (rules §5 variants, §7 open questions; codes as tables.SWITCH_OPTIONS lists them)
SW = enum("SW", (
    "HIDDEN_PARLIAMENT_CARD",   # CUBA-V1: 0 off, 1 on
    "PLANTATION_SIDE",          # CUBA-V2: 0 standard, 1 individual
    "MARKET_ACT_TIMING",        # CUBA-Q1: 0 every_round, 1 on_pass_only
    "WAREHOUSE_IN_TAX",         # CUBA-Q2: 0/1
    "WAREHOUSE_IN_SUBSIDY",     # CUBA-Q3: 0/1
    "WAREHOUSE_IN_END_BONUS",   # CUBA-Q4: 0/1
    "GOODS_ROW_SPACES",         # CUBA-Q5: 4 or 6 (applied to market tables at load)
    "SAWMILL_INPUT",            # CUBA-Q6: 0 wood, 1 stone (applied at load)
    "GOLF_COURSE_COST",         # CUBA-Q7: 0 "2Wa", 1 "1Wd+1St+2Wa" (applied at load)
    "HOTEL_COST",               # CUBA-Q8: 0 seed "2Wd+2St+1Wa", 1 "2Wd+2St" (applied at load)
    "HARBOR_ACT_BRANCHES",      # CUBA-Q9: 0 both, 1 large_only
    "HARBOR_ACT_SHIFT",         # CUBA-Q10: 0 above_gap, 1 full_compaction
    "BUILDING_WAREHOUSE_MODE",  # CUBA-Q11: 0 like_printed, 1 passive
    "TRADER_ALT_SPACES",        # CUBA-Q12: 0 per_option, 1 first_second
    "CHURCH_VETO_TIMING",       # CUBA-Q13: 0 immediate, 1 at_parliament
    "PARLIAMENT_TIE_ANCHOR",    # CUBA-Q14: 0 new_start_player, 1 old_start_player
    "DUTY_ANY_SPLIT",           # CUBA-Q15: 0 two_cards, 1 one_mixed (applied at load)
    "MONEY_LIMITED",            # CUBA-Q16: 0 unlimited, 1 limited to M.MONEY_SUPPLY
    "FINAL_TIE",                # CUBA-Q17: 0 shared, 1 later_in_turn_order
    "MARKET_RETRADE",           # CUBA-Q18: 0 no_undo, 1 one_way
))
NSWITCHES = len(SW)

# --- VP sources (per-seat breakdown) ------------------------------------------
SRC_SHIP = 0             # mayor shipping
SRC_BUILDING = 1         # 1 + building kind: VP from using that building (23 slots)
SRC_ARCH_ALT = 24
SRC_TAX = 25
SRC_DUTY = 26
SRC_TAX_DUTY_BONUS = 27
SRC_SUBSIDY = 28
SRC_END_BUILDINGS = 29
NSRC = 30
SRC_NAMES = (("ship",) + tuple("use_" + k for k in BUILDING_KEYS)
             + ("architect_alt", "tax", "duty", "tax_duty_bonus", "subsidy", "end_buildings"))

# --- event codes (trace): row = (code, player, a, b, c, d); keys as traces name them ------
EV = enum("EV", (
    "ROUND",           # (-, round)
    "PHASE",           # (-, phase)
    "BILLS",           # (-, bill tax, duty, subsidy, other) statute rows, -1 none
    "SETUP",           # (p, packed pieces)
    "HIDE_CARD",       # (p, character)
    "CARD",            # (p, character)
    "WORKER",          # (p, field, packed gains, water spent)
    "TRADER_ALT",      # (p, kind)
    "BUY",             # (p, kind, price, from stock 0/1)
    "SELL",            # (p, kind, price, to stock 0/1)
    "BUILD",           # (p, building, field, money paid)
    "ARCHITECT_ALT",   # (p, order, vp)
    "MAYOR_ALT",       # (p, order, money)
    "USE",             # (p, building, field, payload, new sea ship for the lighthouse)
    "LOAD",            # (p, dock, packed pieces, building or -1)
    "SHIP_LEAVES",     # (-, position, ship)
    "SHIPS_MOVE",      # (-, sea, dock1, dock2, dock3 ships after the move)
    "VP",              # (p, source, amount)
    "START_PLAYER",    # (p)
    "VOTES",           # (p, card votes, town hall votes)
    "BID",             # (p, bid, total votes, bid round)
    "PARLIAMENT_WIN",  # (p, votes, tie rule used 0/1)
    "PASS_BILL",       # (p, statute row)
    "VETO",            # (p, statute row)
    "TAX",             # (p, paid 0/1, amount, could pay 0/1)
    "DUTY",            # (p, paid 0/1, packed pieces)
    "MARKET_ACT",      # (-, statute row)
    "SPOIL",           # (p, packed pieces)
    "NOTHING",         # (p, character): the card was played for nothing
    "END_BONUS",       # (p, buildings)
    "GAME_END",        # (-)
    "REMOVE_BILL",     # (-, statute row): not chosen, removed
))

# --- flat rules-data vector: the int32 vector compiled code receives, one field per table ----
# (one array instead of a tuple of arrays: every compiled call then pays one reference count,
# not nineteen; tables.flatten fills it, each field from the CubaTables field of its name)
T = block("T", """
    MISC              NMISC                 by M
    SWITCHES          NSWITCHES             by SW
    SUPPLY            NKINDS                pieces in the game per kind
    CHAR_VOTES        NCHARS                votes per character
    BUILDING_COST     3 * NBUILDINGS        [3 * kind + resource] wood, stone, water
    BUILDING_COPIES   NBUILDINGS            tiles per building kind
    BUILDING_FEATURE  NBUILDINGS + 1        FT_* per kind, the printed warehouse last
    BUILDING_PARAM    3 * (NBUILDINGS + 1)  [3 * kind + i]
    STATUTE_TYPE      NSTATUTE_ROWS         TAX..OTHER per statute row
    STATUTE_EFFECT    NSTATUTE_ROWS         EF_* per statute row
    STATUTE_PARAM     2 * NSTATUTE_ROWS     [2 * row + i]
    PILE_CARDS        4 * PILE_CARDS        [PILE_CARDS * type + i] statute rows in each pile
    SHIP_SPOTS        NSHIPS * SHIP_SPOTS   [SHIP_SPOTS * ship + spot] kind of each cargo spot
    LAYOUTS           NLAYOUTS * NFIELDS    [NFIELDS * layout + field] field type
    MARKET_LEN        NMERCH                spaces per market row
    MARKET_TOP        NMERCH                label of the leftmost space
    MARKET_FILL       NMERCH                pieces at the start
    MARKET_EMPTY_BUY  NMERCH                price from the stock when the row is empty
    MARKET_FULL_SELL  NMERCH                price to the stock when the row is full
""", names=globals())
