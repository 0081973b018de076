"""Integer codes shared by the Cuba tables, state, rules and strategies.

Everything here is a plain module-level int so numba folds it into compiled code.
"""
from core.common.trace import EVW  # noqa: F401 (event columns of a trace row)


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

# --- misc scalar rule values: index into tables.misc ---------------------------
M_START_MONEY = 0
M_ROUNDS = 1
M_CARDS_PLAYED = 2
M_START_RESOURCES = 3
M_START_PRODUCTS = 4
M_WORKER_PRODUCT_FIELDS = 5
M_TAX_VP = 6
M_DUTY_VP = 7
M_TAX_DUTY_BONUS = 8
M_END_BUILDING_VP = 9
M_ARCH_ALT_VP1 = 10
M_ARCH_ALT_VP2 = 11
M_MAYOR_ALT_MONEY1 = 12
M_MAYOR_ALT_MONEY2 = 13
M_TRADER_ALT_PIECES = 14
M_MAX_PLAYERS = 15
M_MIN_PLAYERS = 16
M_MONEY_SUPPLY = 17   # only used when SW_MONEY_LIMITED is on
M_MAX_BID = 18        # enumeration cap for one parliament bid
NMISC = 19
MISC_KEYS = ("start_money", "rounds", "cards_played", "start_resources", "start_products",
             "worker_product_fields", "tax_vp", "duty_vp", "tax_duty_bonus_vp",
             "end_building_vp", "architect_alt_vp_first", "architect_alt_vp_second",
             "mayor_alt_money_first", "mayor_alt_money_second", "trader_alt_pieces",
             "max_players", "min_players", "money_supply", "max_bid")

# --- switches: index into tables.switches (rules §5 variants, §7 open questions) ---
SW_HIDDEN_PARLIAMENT_CARD = 0  # CUBA-V1: 0 off, 1 on
SW_PLANTATION_SIDE = 1         # CUBA-V2: 0 standard, 1 individual
SW_MARKET_ACT_TIMING = 2       # CUBA-Q1: 0 every_round, 1 on_pass_only
SW_WAREHOUSE_IN_TAX = 3        # CUBA-Q2: 0/1
SW_WAREHOUSE_IN_SUBSIDY = 4    # CUBA-Q3: 0/1
SW_WAREHOUSE_IN_END_BONUS = 5  # CUBA-Q4: 0/1
SW_GOODS_ROW_SPACES = 6        # CUBA-Q5: 4 or 6 (applied to market tables at load)
SW_SAWMILL_INPUT = 7           # CUBA-Q6: 0 wood, 1 stone (applied at load)
SW_GOLF_COURSE_COST = 8        # CUBA-Q7: 0 "2Wa", 1 "1Wd+1St+2Wa" (applied at load)
SW_HOTEL_COST = 9              # CUBA-Q8: 0 seed "2Wd+2St+1Wa", 1 "2Wd+2St" (applied at load)
SW_HARBOR_ACT_BRANCHES = 10    # CUBA-Q9: 0 both, 1 large_only
SW_HARBOR_ACT_SHIFT = 11       # CUBA-Q10: 0 above_gap, 1 full_compaction
SW_BUILDING_WAREHOUSE_MODE = 12  # CUBA-Q11: 0 like_printed, 1 passive
SW_TRADER_ALT_SPACES = 13      # CUBA-Q12: 0 per_option, 1 first_second
SW_CHURCH_VETO_TIMING = 14     # CUBA-Q13: 0 immediate, 1 at_parliament
SW_PARLIAMENT_TIE_ANCHOR = 15  # CUBA-Q14: 0 new_start_player, 1 old_start_player
SW_DUTY_ANY_SPLIT = 16         # CUBA-Q15: 0 two_cards, 1 one_mixed (applied at load)
SW_MONEY_LIMITED = 17          # CUBA-Q16: 0 unlimited, 1 limited to money_supply
SW_FINAL_TIE = 18              # CUBA-Q17: 0 shared, 1 later_in_turn_order
NSWITCHES = 19

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

# --- event codes (trace): row = (code, player, a, b, c, d) ----------------------------
EV_ROUND = 0         # (-, round)
EV_PHASE = 1         # (-, phase)
EV_BILLS = 2         # (-, bill tax, duty, subsidy, other) statute rows, -1 none
EV_SETUP = 3         # (p, packed pieces)
EV_HIDE = 4          # (p, character)
EV_CARD = 5          # (p, character)
EV_WORKER = 6        # (p, field, packed gains, water spent)
EV_TRADER_ALT = 7    # (p, kind)
EV_BUY = 8           # (p, kind, price, from stock 0/1)
EV_SELL = 9          # (p, kind, price, to stock 0/1)
EV_BUILD = 10        # (p, building, field, money paid)
EV_ARCH_ALT = 11     # (p, order, vp)
EV_MAYOR_ALT = 12    # (p, order, money)
EV_USE = 13          # (p, building, field, payload, new sea ship for the lighthouse)
EV_LOAD = 14         # (p, dock, packed pieces, building or -1)
EV_SHIP_LEAVES = 15  # (-, position, ship)
EV_SHIPS_MOVE = 16   # (-, sea, dock1, dock2, dock3 ships after the move)
EV_VP = 17           # (p, source, amount)
EV_START_PLAYER = 18  # (p)
EV_VOTES = 19        # (p, card votes, town hall votes)
EV_BID = 20          # (p, bid, total votes, bid round)
EV_PARL_WIN = 21     # (p, votes, tie rule used 0/1)
EV_PASS_BILL = 22    # (p, statute row)
EV_VETO = 23         # (p, statute row)
EV_TAX = 24          # (p, paid 0/1, amount)
EV_DUTY = 25         # (p, paid 0/1, packed pieces)
EV_MARKET_ACT = 26   # (-, statute row)
EV_SPOIL = 27        # (p, packed pieces)
EV_NOTHING = 28      # (p, character): the card was played for nothing
EV_END_BONUS = 29    # (p, buildings)
EV_GAME_END = 30     # (-)
EV_REMOVE_BILL = 31  # (-, statute row): not chosen, removed
EVENT_NAMES = ("round", "phase", "bills", "setup", "hide_card", "card", "worker",
               "trader_alt", "buy", "sell", "build", "architect_alt", "mayor_alt", "use",
               "load", "ship_leaves", "ships_move", "vp", "start_player", "votes", "bid",
               "parliament_win", "pass_bill", "veto", "tax", "duty", "market_act", "spoil",
               "nothing", "end_bonus", "game_end", "remove_bill")

# --- flat rules-data array: offsets into the int32 vector that compiled code receives ----
# (one array instead of a tuple of arrays: every compiled call then pays one reference count,
# not nineteen; see tables.flatten)
T_MISC = 0
T_SW = T_MISC + NMISC
T_SUPPLY = T_SW + NSWITCHES
T_VOTES = T_SUPPLY + NKINDS
T_BCOST = T_VOTES + NCHARS                    # [3 * kind + resource]
T_BCOPIES = T_BCOST + 3 * NBUILDINGS
T_BFEAT = T_BCOPIES + NBUILDINGS              # NBUILDINGS + 1 rows (printed warehouse last)
T_BPARAM = T_BFEAT + NBUILDINGS + 1           # [3 * kind + i]
T_STYPE = T_BPARAM + 3 * (NBUILDINGS + 1)
T_SEFF = T_STYPE + NSTATUTE_ROWS
T_SPARAM = T_SEFF + NSTATUTE_ROWS             # [2 * row + i]
T_PILES = T_SPARAM + 2 * NSTATUTE_ROWS        # [PILE_CARDS * type + i]
T_SPOTS = T_PILES + 4 * PILE_CARDS            # [SHIP_SPOTS * ship + spot]
T_LAYOUT = T_SPOTS + NSHIPS * SHIP_SPOTS      # [NFIELDS * layout + field]
T_MLEN = T_LAYOUT + NLAYOUTS * NFIELDS
T_MTOP = T_MLEN + NMERCH
T_MFILL = T_MTOP + NMERCH
T_MBUY = T_MFILL + NMERCH
T_MSELL = T_MBUY + NMERCH
T_SIZE = T_MSELL + NMERCH
FLAT_ORDER = ("misc", "switches", "supply", "char_votes", "building_cost", "building_copies",
              "building_feature", "building_param", "statute_type", "statute_effect",
              "statute_param", "pile_cards", "ship_spots", "layouts", "market_len",
              "market_top", "market_fill", "market_empty_buy", "market_full_sell")
