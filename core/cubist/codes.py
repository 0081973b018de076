"""Integer codes shared by the Cubist tables, state, rules and strategies.

Everything here is a module-level int, or a layout or enumeration of them (core.common.layout),
so numba folds it into compiled code. Rule values (plans, points, artist data, counts) are not
here: they are rules data (configs/games/cubist.toml, read through the flat rules vector T).
"""
from core.common.layout import block, enum
from core.common.layout import EVW  # noqa: F401 (event columns of a trace row)

COLOURS = ("blue", "purple", "orange", "green")   # CUBIST-R6 (SOURCED: geekcastradio)
NVAL = 6              # die faces 1..6

# --- engine capacities (the rules data must fit them; checked at load) -------------------------
MAX_PLAYERS = 4
GRID = 9              # a work room is a GRID x GRID field of columns; the first die goes to CENTRE
NCELL = GRID * GRID
CENTRE = (GRID // 2) * GRID + GRID // 2
FIT_PER_WORD = 5      # a room's kept placement masks (NVAL bits a cell) packed per state word
FIT_WORDS = (NCELL + FIT_PER_WORD - 1) // FIT_PER_WORD
PLAN = 5              # an installation plan fits PLAN x PLAN cells (in every orientation)
PLAN_CELLS = PLAN * PLAN
NORIENT = 8           # 4 rotations, then the same 4 of the mirror image (CUBIST-R16, Q7)
MROWS, MCOLS = 4, 6   # a museum plan fits MROWS x MCOLS cells
MCELL = MROWS * MCOLS
MAX_INST = 23         # installation cards (§6.2)
MAX_SPACES = 2        # museum-die spaces per installation card
MAX_ART = 32          # artist cards (§6.1: 25); the deck is a ring of this size
MAX_MUSEUMS = 12      # museum cards (§6.3: 9)
MAX_HELD = 8          # installation cards one player can hold (2 per turn after the 5th: ample)
MAX_DISPLAY = 4       # installation display slots (misc.display, 3)
MAX_ARTISTS_UP = 4    # face-up artist cards (misc.artists_face_up, 4)

# --- artists (§6.1): kinds in table order ---------------------------------------------------
ARTIST_NAMES = ("boccioni", "marc", "gris", "pascin", "fresnaye", "popova", "malevich",
                "rozanova")
BOCCIONI, MARC, GRIS, PASCIN, FRESNAYE, POPOVA, MALEVICH, ROZANOVA = range(8)
NKINDS = len(ARTIST_NAMES)

# --- score sources (records vp_<source>; they add up to the score) --------------------------
SRC_NAMES = ("cards", "museum")
SRC_CARDS, SRC_MUSEUM = range(2)
NSRC = len(SRC_NAMES)

# --- misc scalar rule values: M.<KEY> indexes tables.misc -----------------------------------
M = enum("M", (
    "MIN_PLAYERS",          # CUBIST-R0
    "MAX_PLAYERS",          # CUBIST-R0
    "START_DICE",           # CUBIST-R6: dice per player
    "ROLL_DICE",            # CUBIST-R8: dice rolled per turn
    "STORAGE",              # CUBIST-R29: dice kept in storage
    "DISPLAY",              # CUBIST-R4: installation cards face up
    "ARTISTS_FACE_UP",      # CUBIST-R5: artist cards face up
    "END_INSTALLATIONS",    # CUBIST-R30: completed installations that trigger the end
    "MUSEUM_DIE_POINTS",    # CUBIST-R31: points per own die in the museum
    "MAX_ROUNDS",           # engine safeguard: rounds after which the game ends regardless
))
NMISC = len(M)

# --- switches (rules §7): SW.<NAME> indexes tables.switches ----------------------------------
SW = enum("SW", (
    "ADJACENCY",              # CUBIST-Q1: 0 strict, 1 lenient
    "END_TIMING",             # CUBIST-Q2: 0 finish_round, 1 immediate
    "SCORE_UNFLIPPED_CARDS",  # CUBIST-Q3: 0/1
    "MODIFIER_SIGN",          # CUBIST-Q4: 0 choose, 1 printed
    "ARTIST_FLUSH_TO",        # CUBIST-Q5: 0 deck_bottom, 1 out_of_game
    "ROZANOVA",               # CUBIST-Q6: 0 swap_colour, 1 take_die
    "ALLOW_MIRROR",           # CUBIST-Q7: 0/1
    "RESTACK_OWN_ARTIST",     # CUBIST-Q8: 0/1
    "REMOVE_ONLY_TOP",        # CUBIST-Q9: 0/1
    "FINAL_TIE",              # CUBIST-Q10: 0 museum_then_installations (CUBIST-R32), 1 shared
))
NSWITCHES = len(SW)

# --- event codes (trace): row = (code, player, a, b, c, d) ------------------------------------
EV = enum("EV", (
    "SETUP",          # (start player, museum card, cornerstone cell, cornerstone value)
    "TURN",           # (p, turn number from 1, round from 1, 1 when the end is triggered)
    "ROLL",           # (p, dice rolled, first value, second value or 0)
    "PLACE",          # (p, room, cell, value | from a card die << 4)
    "RECRUIT",        # (p, artist slot, artist card, value | dice << 4 | card dice << 8)
    "BUMP",           # (p bumped, artist slot, dice returned, bumper)
    "FLUSH",          # (-, cards removed, dice returned, 1 when out of the game)
    "REVEAL",         # (-, artist slot, artist card, cards left in the deck)
    "USE",            # (p, artist slot, artist card, parameter of the action)
    "GAIN",           # (p, value, artist kind, 1 when claimed from an opponent's storage)
    "REMOVE",         # (p, room, cell, value): Gris
    "MOVE",           # (p, from room*NCELL+cell, to room*NCELL+cell, value): Pascin
    "MODIFY",         # (p, where: value-1 of the warehouse or 8+card die, old value, new value)
    "CLAIM",          # (p, opponent, value, rozanova switch)
    "COMPLETE",       # (p, room, installation card, display slot)
    "MUSEUM_DIE",     # (p, card die index, value, museum cell)
    "NEW_CARD",       # (-, display slot, installation card or -1, cards left in the deck)
    "ABANDON",        # (p, room, dice, 0)
    "STORE",          # (p, first value or 0, second value or 0, dice returned to the supply)
    "END_TRIGGER",    # (p, 0 museum complete / 1 installations, 1 when immediate)
    "ROUND_LIMIT",    # (-, rounds played): the engine safeguard ends the game
    "SCORE",          # (p, source, amount)
    "GAME_END",       # (-)
))

# --- the flat rules vector compiled code receives: one field per table (tables.py) ----------
T = block("T", """
    MISC          NMISC                            misc values, indexed by M
    SWITCHES      NSWITCHES                        switch values, indexed by SW
    INST_DICE     MAX_INST                         dice in each installation card's plan (0: no
                                                   card)
    INST_POINTS   MAX_INST                         points of each installation card
    INST_SPACES   MAX_INST                         museum-die spaces of each installation card
    INST_SPACE_A  MAX_INST * MAX_SPACES            printed value (first of a/b) of each space
    INST_SPACE_B  MAX_INST * MAX_SPACES            second value of an a/b space, else the first
    INST_SHAPE    MAX_INST * NORIENT * 2           rows, columns of each orientation's plan
    INST_H        MAX_INST * NORIENT * PLAN_CELLS  column heights of each orientation's plan
    INST_FIX      MAX_INST * NORIENT * PLAN_CELLS  fixed value per plan cell, 0 free
    ART_N         1                                artist cards
    ART_KIND      MAX_ART                          kind of each artist card (ARTIST_NAMES)
    ART_DICE      MAX_ART                          dice needed to recruit each artist card
    ART_V1        MAX_ART                          Boccioni: first value; Malevich: its value;
                                                   Fresnaye/Popova: step
    ART_V2        MAX_ART                          Boccioni: second value; Fresnaye/Popova: printed
                                                   sign +1/-1
    MUS_N         1                                museum cards
    MUS_PLAYERS   MAX_MUSEUMS                      player count each museum card is for
    MUS_H         MAX_MUSEUMS * MCELL              plan height per museum cell (MROWS x MCOLS)
    MUS_CORNER    MAX_MUSEUMS                      the cornerstone's cell
""", names=globals())
