"""Integer codes shared by the Jamaica tables, state, rules and strategies.

Module-level ints and layouts or enumerations of them (core.common.layout), so numba folds them
into compiled code. Rule values (the board, the deck, the die, the treasures, setup amounts)
are rules data: configs/games/jamaica.toml, read through the fields of the flat rules vector T.
"""
from core.common.layout import block, enum
from core.common.layout import EVW  # noqa: F401 (event columns of a trace row)

# --- engine capacities -----------------------------------------------------------------------
MAX_PLAYERS = 6          # JAM-R0
MAX_SHIPS = 6            # players, or 2 players and the Ghost Ship (JAM-V1)
NSPACES = 50             # §8.1
NCARDS = 11              # action cards per colour (§8.2)
NFACES = 6               # combat die (§8.3)
NTREASURES = 12          # §8.4
NHOLDS = 6               # 5 holds and the 6th Hold (JAM-R10, §8.4)
SIXTH = 5                # index of the 6th hold
MAX_HAND = 4             # Morgan's Map
MAX_DIE = 6

# --- board spaces (§8.1) -------------------------------------------------------------------
PORT_ROYAL, SEA, PORT, LAIR = 0, 1, 2, 3
SPACE_KINDS = ("port_royal", "sea", "port", "lair")

# --- resources and card symbols (§8.2): a load symbol's code is its resource ---------------
EMPTY, GOLD, FOOD, POWDER = 0, 1, 2, 3
RES_NAMES = ("empty", "gold", "food", "gunpowder")
FORWARD, BACKWARD = 4, 5
SYMBOL_NAMES = ("none", "gold", "food", "gunpowder", "forward", "backward")

# --- race phases (JAM-R21) -------------------------------------------------------------------
START, PRE_START, RACING, FINISHED = 0, 1, 2, 3
RACE_NAMES = ("start", "pre_start", "racing", "finished")
NRACES = len(RACE_NAMES)

# --- moves (JAM-R6, R11): the action dice, and the table of every die move's ends ------------
DIE_MAX = 6         # the action dice show 1..DIE_MAX
MAX_ROUTE_ENDS = 3  # ends of a move the table holds (more: searched; the printed board has 2)
# one entry per (space, race phase, steps, direction, whether the ship can finish): the count,
# then the ends (core/jamaica/routes.py)
ROUTE_KEYS = NSPACES * NRACES * DIE_MAX * 2 * 2
ROUTE_TABLE = ROUTE_KEYS * (1 + MAX_ROUTE_ENDS)

# --- treasure cards (§8.4): kinds, and the powers -----------------------------------------------
POWER, VALUE, CURSED = 0, 1, 2
TREASURE_KINDS = ("power", "value", "cursed")
MORGAN, SABRE, BETH, SIXTH_HOLD = 0, 1, 2, 3
POWER_NAMES = ("morgans_map", "sarans_sabre", "lady_beth", "sixth_hold")
NPOWERS = 4
# how a treasure card lies at its ship (JAM-R13, R19, JAM-V1.3): a player shows its powers
# and keeps value and cursed cards face down; the Ghost Ship's lair cards lie face down
# whatever their kind, unseen by the players (so everyone knows a FACE_DOWN card is a value or
# cursed card, while a FACE_DOWN_LAIR card may be anything)
FACE_UP, FACE_DOWN, FACE_DOWN_LAIR = 0, 1, 2

COLOURS = ("yellow", "red", "green", "blue", "white", "black")  # black: the Ghost Ship (JAM-V1)

# --- misc scalar rule values: M.<KEY> indexes tables.misc ------------------------------------
M = enum("M", (
    "MIN_PLAYERS",        # JAM-R0
    "MAX_PLAYERS",
    "HAND_SIZE",          # JAM-R4, R9
    "MORGAN_HAND",        # §8.4 Morgan's Map
    "START_FOOD",         # JAM-R4
    "START_GOLD",         # JAM-R4
    "HOLDS",              # §1: holds per board
    "TREASURES_USED",     # JAM-R1
    "FINISH_SCORE",       # JAM-R23: a finished ship
    "BETH_BONUS",         # §8.4 Lady Beth
    "GHOST_GOLD_1",       # JAM-V1 setup: doubloons in one hold
    "GHOST_GOLD_2",       # JAM-V1 setup: in another
    "GHOST_MOVES",        # JAM-V1: moves per round
    "BANK_GOLD",          # §1 supply (JAM-Q3)
    "BANK_FOOD",
    "BANK_POWDER",
))
NMISC = len(M)

# --- switches: SW.<NAME> indexes tables.switches (§9 open questions) -------------------------
SW = enum("SW", (
    "WINNER_MAY_PASS",     # JAM-Q1: 0/1
    "SABRE_MODE",          # JAM-Q2: 0 once_after_roll, 1 any_time
    "BANK_LIMITED",        # JAM-Q3: 0/1
    "PAY_ORDER",           # JAM-Q4: 0 smallest_first, 1 player_choice
    "BLIND_STEAL",         # JAM-Q5: 0 random, 1 look
    "PROGRESS_MEASURE",    # JAM-Q6: 0 fewest_spaces_shortest_route
    "SIXTH_HOLD_LAST",     # JAM-Q7: 0/1
    "GIVE_CURSED",         # JAM-Q8: 0 most_negative, 1 player_choice
    "PRE_LINE_VALUE",      # JAM-Q9: -5 or -2 (the value itself)
    "MAX_ROUNDS",          # JAM-Q10: rounds before the game is scored anyway
    "GHOST_RANK_MEASURE",  # JAM-Q11: 0 as named
    "GHOST_DIE_ORDER",     # JAM-Q12: 0 morning_first
    "GHOST_SHIP",          # JAM-V1: 0/1, the Ghost Ship in a 2-player game
))
NSWITCHES = len(SW)

# --- score sources (records vp_<source>, SCORE events; they add up to the score) -------------
SRC_NAMES = ("space", "doubloons", "treasures", "curses")
NSRC = len(SRC_NAMES)

# --- event codes (trace): row = (code, ship, a, b, c, d) -----------------------------------
EV = enum("EV", (
    "SETUP",        # (first captain, players, ghost ship 0/1, treasures in the pile)
    "ROUND",        # (captain, round from 1)
    "DICE",         # (captain, morning die, evening die, swapped 0/1)
    "CHOOSE",       # (p): a card is laid face down (which stays secret)
    "REVEAL",       # (p, card)
    "LOAD",         # (ship, kind, tokens, hold)
    "DUMP",         # (ship, hold, kind, tokens): a hold emptied for a load
    "LOAD_LOST",    # (ship, kind, tokens): no hold can take it
    "MOVE",         # (ship, from, to, race phase)
    "FINISH",       # (ship): back on Port Royal after a lap
    "PAY",          # (ship, kind, tokens, space)
    "SHORTAGE",     # (ship, kind, paid, cost)
    "FALLBACK",     # (ship, from, to, race phase)
    "TREASURE",     # (ship, card or -1 face down, lair)
    "COMBAT",       # (attacker, defender, space)
    "BID",          # (ship, gunpowder)
    "ROLL",         # (ship, face value or -1 for the star, strength)
    "SABRE",        # (holder, ship whose die is rolled again)
    "RESULT",       # (winner or -1 for a tie, loser or -1)
    "TAKE_HOLD",    # (winner, loser, kind, tokens)
    "TAKE_CARD",    # (winner, loser, card or -1 face down at the winner, 1 taken blind)
    "GIVE_CURSED",  # (winner, loser)
    "PASS",         # (winner): takes nothing (JAM-Q1)
    "GHOST_DIR",    # (captain, direction 4 forward / 5 backward, chosen 0/1)
    "DRAW",         # (p, cards drawn)
    "RESHUFFLE",    # (p, cards in the new deck)
    "COMPASS",      # (new captain)
    "END_TRIGGER",  # (p): the round is finished, then the game ends
    "SCORE",        # (p, source, amount)
    "GAME_END",     # (-, rounds)
    "SHOW",         # (ship, card): a face-down treasure turned up for the scoring (JAM-R23)
))

# --- the flat rules vector: one field per table (tables.py) --------------------------------
T = block("T", """
    MISC            NMISC        misc values, indexed by M
    SWITCHES        NSWITCHES    switch values, indexed by SW
    SPACE_KIND      NSPACES      PORT_ROYAL, SEA, PORT or LAIR
    SPACE_COST      NSPACES      doubloons at a port, food at sea
    SPACE_SCORE     NSPACES      printed end value; 0 before the red line (the switch gives it)
    NEXT            2 * NSPACES  forward edges: space * 2 + i, -1 none
    PREV            2 * NSPACES  backward edges: space * 2 + i, -1 none (INFERRED from NEXT)
    TOGO            NSPACES      fewest steps to Port Royal going forward; TOGO[0] a shortest lap
    CARD_SYM        2 * NCARDS   card * 2 + 0 morning, + 1 evening symbol
    DIE             NFACES       combat die faces: strength, -1 for the star
    TREASURE_KIND   NTREASURES   POWER, VALUE or CURSED
    TREASURE_VALUE  NTREASURES   the power (MORGAN..SIXTH_HOLD) or the points (cursed < 0)
    POWER_CARD      NPOWERS      the treasure card carrying each power (INFERRED)
    ROUTES          ROUTE_TABLE  the ends of every die move (INFERRED from NEXT, routes.py)
""", names=globals())
