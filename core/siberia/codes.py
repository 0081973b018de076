"""Integer codes shared by the Siberia tables, state, rules and strategies.

Everything here is a module-level int, or a layout or enumeration of them (core.common.layout),
so numba folds it into compiled code. Rule values (card values, counts, hand limit, ...) are not
here: they are rules data (configs/games/siberia.toml, read through the fields of the flat rules
vector T).
"""
from core.common.layout import block, enum
from core.common.layout import EVW  # noqa: F401 (event columns of a trace row)

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

# --- misc scalar rule values: M.<KEY> indexes tables.misc (keys: the rules file's misc keys) ---
M = enum("M", (
    "MONEY_UNIT",           # money is counted in these units (every value is a multiple)
    "MIN_PLAYERS",
    "ROW_SIZE",             # SIB-R1, R15
    "FACE_UP_START",        # SIB-R1
    "START_WORKERS",        # SIB-R2
    "START_HAND",           # SIB-R3
    "HAND_LIMIT",           # SIB-R7
    "DRAW_CARDS",           # SIB-R6 draw
    "PLAY_DRAW",            # SIB-R6 play, then draw
    "DISCOVERY_THRESHOLD",  # SIB-R5: face-down cards from which discovery is mandatory
    "COMBO_MATCH",          # SIB-R8: cards that both show X
    "COMBO_ANY",            # SIB-R8: any cards next to one card showing X
    "INVESTOR_SAVES",       # SIB-R9: cards of an X-combination the investor saves
    "PERSON_VALUE",         # SIB-R17 (in money units)
    "WORKER_SUPPLY",        # §1: worker cards
    "STALEMATE_ROUNDS",     # engine safeguard: rounds of nothing but skips that end the game
))
NMISC = len(M)

# --- switches: SW.<NAME> indexes tables.switches (rules §7 variants, §8 open questions) -----
SW = enum("SW", (
    "WORKER_CAP",                       # SIB-V1/Q4: the cap (5), 0 = none
    "INVESTOR_TWO_ANY",                 # SIB-Q2: 0/1
    "REFILL_MODE",                      # SIB-Q1: 0 slide, 1 in_place
    "MINE_MAX_FORCED",                  # SIB-Q3: 0/1
    "TRIGGER_PLAYER_EXTRA_TURN",        # SIB-Q5: 0/1
    "DISCOVER_ANY",                     # SIB-Q6: 0 only the first face-down card, 1 any
    "FINAL_TIE",                        # SIB-Q7: 0 resources_then_hand (SIB-R18), 1 shared
    "PLAYERS_MAX",                      # SIB-V2/Q8: 4 or 5
    "FORCE_DISCOVERY_WHEN_DECK_EMPTY",  # SIB-Q9: 0/1
))
NSWITCHES = len(SW)

# --- money sources (per-seat breakdown; they add up to the score) ---------------------------
# printed resource values per kind, the person value per person kind, and what salesmen add
SRC_UPGRADES = NSYM
NSRC = NSYM + 1
SRC_NAMES = RES_NAMES + ("workers", "salesmen", "investors", "salesman_upgrades")

# --- event codes (trace): row = (code, player, a, b, c, d) ------------------------------------
EV = enum("EV", (
    "SETUP",          # (start player, row cards, face-up cards, hand size)
    "TURN",           # (p, turn number from 1, final turns left or -1)
    "DISCOVER",       # (p, row position, kind, value)
    "NO_DISCOVERY",   # (p): optional discovery declined
    "DRAW",           # (p, cards drawn)
    "RESHUFFLE",      # (-, cards in the new draw pile)
    "PLAY",           # (p, symbol, cards paid, packed card types: 4 bits each, type + 1)
    "MINE",           # (p, kind, cards taken, their printed value)
    "REFILL",         # (-, cards added face down, resource cards left in the deck)
    "HIRE_WORKER",    # (p, workers held)
    "HIRE_SALESMAN",  # (p, category)
    "HIRE_INVESTOR",  # (p, resource)
    "SKIP",           # (p)
    "END_TRIGGER",    # (p, turns still to play after this one)
    "SCORE",          # (p, source, amount) at the end, in money units
    "GAME_END",       # (-)
    "STALEMATE",      # (p, consecutive skips): everyone skipped; the game ends
))

# --- the flat rules vector compiled code receives: one field per table (tables.py) ----------
T = block("T", """
    MISC            NMISC          misc values, indexed by M
    SWITCHES        NSWITCHES      switch values, indexed by SW
    RES_COUNT       NRES           resource cards per kind
    RES_KIND        MAX_RES_CARDS  kind of each resource card id (-1 past the last)
    RES_VALUE       MAX_RES_CARDS  printed value of each resource card id (money units)
    ACTION_COUNT    NTYPES         action cards per card type
    SALESMAN_COUNT  NSYM           salesman cards per category
    SALESMAN_VALUE  NSYM           value per card of a category with its salesman
    INVESTOR_COUNT  NRES           investor cards per resource kind
""", names=globals())
