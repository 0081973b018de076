"""Integer codes shared by the Siberia tables, state, rules and strategies.

Everything here is a plain module-level int so numba folds it into compiled code. Rule values
(card values, counts, hand limit, ...) are not here: they are rules data (configs/games/
siberia.toml, read through the T_* offsets of the flat rules vector).
"""
from core.common.trace import EVW  # noqa: F401 (event columns of a trace row)

# --- symbols (rules §1): a resource kind or a person kind; also the salesman categories -----
GAS, COAL, OIL, GOLD, DIAMOND = 0, 1, 2, 3, 4
WORKER, SALESMAN, INVESTOR = 5, 6, 7
NRES = 5          # resource kinds
NPERSON = 3       # person kinds
NSYM = 8          # symbols = salesman categories (§6.3)
FIRST_PERSON = WORKER
RES_NAMES = ("gas", "coal", "oil", "gold", "diamond")
PERSON_NAMES = ("worker", "salesman", "investor")
SYMBOL_NAMES = RES_NAMES + PERSON_NAMES
COLOURS = ("red", "blue", "green", "yellow", "black")

# --- action cards (rules §6.2): one resource symbol and one person symbol each ---------------
# card type = resource * NPERSON + person index (0 worker, 1 salesman, 2 investor)
NTYPES = NRES * NPERSON

# --- engine capacities (the rules data must fit them; checked at load) -------------------------
MAX_PLAYERS = 5          # SIB-V2 allows a 5th player
MAX_RES_CARDS = 64       # resource cards in the game
MAX_ACTION_CARDS = 96    # action cards in the game
MAX_ROW = 12             # resource row length
MAX_PAID = 3             # cards one combination can cost (pay options list multisets up to 3)

# --- misc scalar rule values: index into tables.misc ---------------------------------------
M_MONEY_UNIT = 0         # money is counted in these units (every value is a multiple)
M_MIN_PLAYERS = 1
M_ROW_SIZE = 2           # SIB-R1, R15
M_FACE_UP_START = 3      # SIB-R1
M_START_WORKERS = 4      # SIB-R2
M_START_HAND = 5         # SIB-R3
M_HAND_LIMIT = 6         # SIB-R7
M_DRAW_CARDS = 7         # SIB-R6 draw
M_PLAY_DRAW = 8          # SIB-R6 play, then draw
M_DISCOVERY_THRESHOLD = 9  # SIB-R5: face-down cards from which discovery is mandatory
M_COMBO_MATCH = 10       # SIB-R8: cards that both show X
M_COMBO_ANY = 11         # SIB-R8: any cards next to one card showing X
M_INVESTOR_SAVES = 12    # SIB-R9: cards of an X-combination the investor saves
M_PERSON_VALUE = 13      # SIB-R17 (in money units)
M_WORKER_SUPPLY = 14     # §1: worker cards
M_STALEMATE_ROUNDS = 15  # engine safeguard: rounds of nothing but skips that end the game
NMISC = 16
MISC_KEYS = ("money_unit", "min_players", "row_size", "face_up_start", "start_workers",
             "start_hand", "hand_limit", "draw_cards", "play_draw", "discovery_threshold",
             "combo_match", "combo_any", "investor_saves", "person_value", "worker_supply",
             "stalemate_rounds")

# --- switches: index into tables.switches (rules §7 variants, §8 open questions) ----------
SW_WORKER_CAP = 0            # SIB-V1/Q4: the cap (5), 0 = none
SW_INVESTOR_TWO_ANY = 1      # SIB-Q2: 0/1
SW_REFILL_MODE = 2           # SIB-Q1: 0 slide, 1 in_place
SW_MINE_MAX_FORCED = 3       # SIB-Q3: 0/1
SW_TRIGGER_EXTRA_TURN = 4    # SIB-Q5: 0/1
SW_DISCOVER_ANY = 5          # SIB-Q6: 0 only the first face-down card, 1 any
SW_FINAL_TIE = 6             # SIB-Q7: 0 resources_then_hand (SIB-R18), 1 shared
SW_PLAYERS_MAX = 7           # SIB-V2/Q8: 4 or 5
SW_FORCE_DISCOVERY = 8       # SIB-Q9: 0/1
NSWITCHES = 9

# --- money sources (per-seat breakdown; they add up to the score) ---------------------------
# printed resource values per kind, the person value per person kind, and what salesmen add
SRC_UPGRADES = NSYM
NSRC = NSYM + 1
SRC_NAMES = RES_NAMES + ("workers", "salesmen", "investors", "salesman_upgrades")

# --- event codes (trace): row = (code, player, a, b, c, d) ------------------------------------
EV_SETUP = 0         # (start player, row cards, face-up cards, hand size)
EV_TURN = 1          # (p, turn number from 1, final turns left or -1)
EV_DISCOVER = 2      # (p, row position, kind, value)
EV_NO_DISCOVER = 3   # (p): optional discovery declined
EV_DRAW = 4          # (p, cards drawn)
EV_RESHUFFLE = 5     # (-, cards in the new draw pile)
EV_PLAY = 6          # (p, symbol, cards paid, packed card types: 4 bits each, type + 1)
EV_MINE = 7          # (p, kind, cards taken, their printed value)
EV_REFILL = 8        # (-, cards added face down, resource cards left in the deck)
EV_HIRE_WORKER = 9   # (p, workers held)
EV_HIRE_SALESMAN = 10  # (p, category)
EV_HIRE_INVESTOR = 11  # (p, resource)
EV_SKIP = 12         # (p)
EV_END_TRIGGER = 13  # (p, turns still to play after this one)
EV_SCORE = 14        # (p, source, amount) at the end, in money units
EV_GAME_END = 15     # (-)
EV_STALEMATE = 16    # (p, consecutive skips): everyone skipped; the game ends
EVENT_NAMES = ("setup", "turn", "discover", "no_discovery", "draw", "reshuffle", "play",
               "mine", "refill", "hire_worker", "hire_salesman", "hire_investor", "skip",
               "end_trigger", "score", "game_end", "stalemate")

# --- flat rules-data array: offsets into the int32 vector that compiled code receives -------
T_MISC = 0
T_SW = T_MISC + NMISC
T_RCOUNT = T_SW + NSWITCHES           # resource cards per kind
T_RKIND = T_RCOUNT + NRES             # kind of each resource card id (-1 past the last)
T_RVALUE = T_RKIND + MAX_RES_CARDS    # printed value of each resource card id (money units)
T_ACOUNT = T_RVALUE + MAX_RES_CARDS   # action cards per card type
T_SCOUNT = T_ACOUNT + NTYPES          # salesman cards per category
T_SVALUE = T_SCOUNT + NSYM            # value per card of a category with its salesman
T_ICOUNT = T_SVALUE + NSYM            # investor cards per resource kind
T_SIZE = T_ICOUNT + NRES
FLAT_ORDER = ("misc", "switches", "res_count", "res_kind", "res_value", "action_count",
              "salesman_count", "salesman_value", "investor_count")
