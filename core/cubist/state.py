"""Cubist game state: one flat int32 array with named offsets, and the deal of a new game.

Globals first, then the shared board (installation display and deck, the artist cards and
their ring-shaped deck, the museum, the dice of an abandoned room awaiting artist cards), then
one block of P.SIZE slots per player: supply, warehouse and storage per value, the two work
rooms as GRID x GRID columns (height and value: a column has one value, CUBIST-R14), the
completed installation cards with the dice on their museum-die spaces, and counters.
Die values are 1..6; per-value counts are indexed by value - 1.
"""
from core.common.arith import span_sum
from core.common.chance import Source, sources
from core.common.layout import TURN_HEAD, Decision, block, decisions, enum
from core.common.rng import rng_below, shuffle
from core.common.stored_rng import SLOTS, deal_first_seat, new_deal
from core.cubist import codes as C
from core.cubist.codes import M, T
from core.jit import njit

# --- phases and decision kinds ----------------------------------------------------------
PH = enum("PH", ("SETUP", "PLAY", "OVER"))

DK = decisions("DK", (
    Decision("MAIN", "CUBIST-R8/R10", "place a die, recruit, use an artist, complete or "
             "abandon an installation, a museum die, or end the turn; before the roll with a "
             "short supply (CUBIST-R8), only the step-3 actions that free dice", ("in_turn",)),
    Decision("PASCIN", "CUBIST-R21", "where Pascin moves the lifted die", ("in_turn",)),
    Decision("ABANDON", "CUBIST-R24", "artist cards for the dice of an abandoned room",
             ("in_turn",)),
    Decision("STORE", "CUBIST-R29", "the warehouse dice kept in storage", ("in_turn",)),
))

# --- global slots -------------------------------------------------------------------------
G = block("G", """
    *TURN_HEAD
    START       1      first player (CUBIST-R7)
    TURN        1      turns begun, all players (a turn's id while it runs)
    ROUND       1      rounds begun
    FINAL       1      1 once the end is triggered (CUBIST-R30)
    TRIGGER     1      player who triggered the end, -1 none
    MUSEUM      1      the museum card (CUBIST-R2)
    CORNER      1      the cornerstone's museum cell (CUBIST-R3)
    RNG         SLOTS  the dice stream (core.common.stored_rng)
    IDECK_PTR   1      next card of the installation deck
    IDECK_N     1      installation cards in the game
    ADECK_HEAD  1      top of the artist deck (ring O.ADECK)
    ADECK_N     1      artist cards in the deck
    ADECK_SEEN  1      cards at the bottom of the artist deck that were face up before
    MOVE_V      1      value of the die Pascin lifted (0 none)
    MOVE_FROM   1      room * NCELL + cell it came from
    ROLLED      1      1 once the current turn's dice are rolled (CUBIST-R8)
""", names=globals())

# --- per-player slots (offset from the player's block) ----------------------------------
P = block("P", """
    DICE         1                          dice of this player's colour in the game (20; Rozanova
                                            take_die moves one)
    SUPPLY       1                          dice in the supply
    WARE         C.NVAL                     warehouse dice per value
    STORE        C.NVAL                     storage dice per value
    ROOM_N       2                          dice per work room
    ROOM_H       2 * C.NCELL                column height per work-room cell
    ROOM_V       2 * C.NCELL                column value per work-room cell (0 empty)
    ROOM_ROWS    2 * C.GRID                 per room and row, bit c set where a die may go by
                                            CUBIST-R11, R12: an occupied column or an empty cell
                                            next to one, none in an empty room
                                            (core.cubist.placements keeps it)
    ROOM_FITS    2 * C.FIT_WORDS            per room, geometry.room_mask of each cell in ROOM_ROWS
                                            (else 0), NVAL bits a cell, FIT_PER_WORD cells a word
    HELD         C.MAX_HELD                 completed installation cards, in order (-1 none)
    HELD_N       1                          completed installation cards
    CD_A         C.MAX_HELD * C.MAX_SPACES  value of the die on each space (first of a/b)
    CD_B         C.MAX_HELD * C.MAX_SPACES  second value of an a/b space, else the first
    CD_ON        C.MAX_HELD * C.MAX_SPACES  1 while a die is on the space
    ARTIST_DICE  1                          own dice on artist cards (kept, checked)
    MUSEUM       1                          own dice in the museum
    TURNS        1                          turns taken
    USED         C.NKINDS                   artists used per kind
    RECRUITS     1                          artist cards recruited
    BUMPS        1                          other players' dice bumped
    BUMPED       1                          times this player's dice were bumped
    ABANDONS     1                          rooms abandoned
""", names=globals())

# --- the board, then the players' blocks ---------------------------------------------------
O = block("O", """
    DISPLAY    C.MAX_DISPLAY           installation card per display slot, -1 none
    IDECK      C.MAX_INST              installation deck, drawn from G.IDECK_PTR on
    ART        C.MAX_ARTISTS_UP        face-up artist card per slot, -1 none
    ART_OWNER  C.MAX_ARTISTS_UP        owner of the dice on it, -1 none
    ART_NDICE  C.MAX_ARTISTS_UP        dice on it
    ART_VALUE  C.MAX_ARTISTS_UP        their common value
    ART_TURN   C.MAX_ARTISTS_UP        G.TURN when they were placed (CUBIST-R19)
    ADECK      C.MAX_ART               artist deck as a ring from G.ADECK_HEAD
    MUS_H      C.MCELL                 museum column height per cell
    MUS_V      C.MCELL                 museum column value per cell (0 empty)
    PENDING    C.NVAL                  dice of an abandoned room per value awaiting artist cards
    PLAYERS    C.MAX_PLAYERS * P.SIZE  one P block per seat
""", start=G.SIZE, names=globals())

STATE_SIZE = O.SIZE
SEAT_MASK = 3
assert C.MAX_PLAYERS <= SEAT_MASK + 1
RING = C.MAX_ART - 1  # ring index mask (MAX_ART is a power of two)
assert C.MAX_ART & RING == 0


@njit(inline="always")
def pbase(p):
    """Offset of player p's block."""
    return O.PLAYERS + (p & SEAT_MASK) * P.SIZE


@njit(inline="always")
def room_at(b, room):
    """Offset of the first cell of a work room within ROOM_H (add P.ROOM_V - P.ROOM_H for
    values)."""
    return b + P.ROOM_H + room * C.NCELL


VOFF = P.ROOM_V - P.ROOM_H  # from a cell's height slot to its value slot


# --- decks ----------------------------------------------------------------------------------

@njit(_nrt=False)
def draw_installation(s):
    """The top card of the installation deck, or -1 when it is empty."""
    if s[G.IDECK_PTR] >= s[G.IDECK_N]:
        return -1
    card = s[O.IDECK + s[G.IDECK_PTR]]
    s[G.IDECK_PTR] += 1
    return card


@njit(_nrt=False)
def draw_artist(s):
    """The top card of the artist deck, or -1 when it is empty."""
    if s[G.ADECK_N] == 0:
        return -1
    card = s[O.ADECK + s[G.ADECK_HEAD]]
    s[O.ADECK + s[G.ADECK_HEAD]] = -1
    s[G.ADECK_HEAD] = (s[G.ADECK_HEAD] + 1) & RING
    s[G.ADECK_N] -= 1
    s[G.ADECK_SEEN] = min(s[G.ADECK_SEEN], s[G.ADECK_N])
    return card


@njit(_nrt=False)
def artist_to_bottom(s, card):
    """A face-up artist card goes to the bottom of the deck (CUBIST-R20, R21)."""
    s[O.ADECK + ((s[G.ADECK_HEAD] + s[G.ADECK_N]) & RING)] = card
    s[G.ADECK_N] += 1
    s[G.ADECK_SEEN] += 1


# --- card dice (CUBIST-R22, R25) --------------------------------------------------------------

@njit(inline="always")
def src_value(s, b, src):
    """Value of a die source: 0..5 the warehouse dice of value src + 1, 8 + 2k + face the die
    on card space k showing face 0 (a) or 1 (b)."""
    if src < C.NVAL:
        return src + 1
    k = (src - 8) >> 1
    return s[b + P.CD_B + k] if (src & 1) else s[b + P.CD_A + k]


@njit(inline="always")
def card_spaces(s, b):
    """The card-die spaces in use: those of the completed cards (the later ones never hold a
    die, which the checker keeps)."""
    return s[b + P.HELD_N] * C.MAX_SPACES


@njit(inline="always")
def card_die_src(k, face):
    """The source code of card die k showing face 0/1."""
    return 8 + 2 * k + face


@njit
def new_game(t, n_players, seed):
    """The dealt state before the first turn. Deal randomness comes only from `seed`."""
    s, rng = new_deal(STATE_SIZE, seed)
    s[G.NP] = n_players
    s[G.PHASE] = PH.SETUP
    s[G.TRIGGER] = -1
    # CUBIST-R2 museum card for the player count, CUBIST-R3 the cornerstone
    fits = 0
    for i in range(t[T.MUS_N]):
        fits += t[T.MUS_PLAYERS + i] == n_players
    pick = rng_below(rng, fits)
    for i in range(t[T.MUS_N]):
        if t[T.MUS_PLAYERS + i] == n_players:
            if pick == 0:
                s[G.MUSEUM] = i
            pick -= 1
    corner = t[T.MUS_CORNER + s[G.MUSEUM]]
    s[G.CORNER] = corner
    s[O.MUS_H + corner] = 1
    s[O.MUS_V + corner] = rng_below(rng, C.NVAL) + 1
    # CUBIST-R4 installation deck and display
    n = 0
    for i in range(C.MAX_INST):
        if t[T.INST_DICE + i] > 0:
            s[O.IDECK + n] = i
            n += 1
    for i in range(n, C.MAX_INST):
        s[O.IDECK + i] = -1
    shuffle(rng, s[O.IDECK:O.IDECK + n], n)
    s[G.IDECK_N] = n
    for i in range(C.MAX_DISPLAY):
        s[O.DISPLAY + i] = draw_installation(s) if i < t[T.MISC + M.DISPLAY] else -1
    # CUBIST-R5 artist deck and the face-up artists
    na = t[T.ART_N]
    for i in range(C.MAX_ART):
        s[O.ADECK + i] = i if i < na else -1
    shuffle(rng, s[O.ADECK:O.ADECK + na], na)
    s[G.ADECK_N] = na
    for i in range(C.MAX_ARTISTS_UP):
        s[O.ART + i] = draw_artist(s) if i < t[T.MISC + M.ARTISTS_FACE_UP] else -1
        s[O.ART_OWNER + i] = -1
    # CUBIST-R6 supplies
    for p in range(n_players):
        b = pbase(p)
        s[b + P.DICE] = t[T.MISC + M.START_DICE]
        s[b + P.SUPPLY] = t[T.MISC + M.START_DICE]
        for h in range(C.MAX_HELD):
            s[b + P.HELD + h] = -1
    # CUBIST-R7 first player
    deal_first_seat(s, rng, n_players, G.START, G.CUR, G.RNG)
    return s


# --- sources of randomness (core.common.chance): what each of the deal's draws fills --------
SOURCES = sources(G, O, P, (
    Source("museum", "CUBIST-R2/R3", "the museum card and its cornerstone's value",
           ("G.MUSEUM", "G.CORNER", "O.MUS_H", "O.MUS_V")),
    Source("installations", "CUBIST-R4", "the installation deck and the display dealt from it",
           ("O.IDECK", "O.DISPLAY", "G.IDECK_PTR")),
    Source("artists", "CUBIST-R5", "the artist deck and the artists dealt from it",
           ("O.ADECK", "O.ART", "G.ADECK_HEAD", "G.ADECK_N", "G.ADECK_SEEN")),
    Source("start player", "CUBIST-R7", "the first player", ("G.START", "G.CUR")),
    Source("dice", "CUBIST-R8", "every roll of the dice (the stream the state keeps)",
           ("G.RNG",)),
))


# --- read-only queries --------------------------------------------------------------------------

@njit(inline="always")
def ware_total(s, b):
    """Dice in the warehouse."""
    return span_sum(s, b + P.WARE, C.NVAL)


@njit(inline="always")
def held_card_flipped(s, b, h):
    """Whether held card h holds no die any more (face down, CUBIST-R28)."""
    for j in range(C.MAX_SPACES):
        if s[b + P.CD_ON + h * C.MAX_SPACES + j]:
            return False
    return True


@njit(_nrt=False)
def points_by_source(s, t, p, out):
    """Player p's points by source into out[NSRC] (CUBIST-R31, Q3)."""
    b = pbase(p)
    cards = 0
    for h in range(s[b + P.HELD_N]):
        if t[T.SWITCHES + C.SW.SCORE_UNFLIPPED_CARDS] == 0 and not held_card_flipped(s, b, h):
            continue
        cards += t[T.INST_POINTS + s[b + P.HELD + h]]
    out[C.SRC_CARDS] = cards
    out[C.SRC_MUSEUM] = s[b + P.MUSEUM] * t[T.MISC + M.MUSEUM_DIE_POINTS]


@njit
def score(s, t, p):
    """Player p's points if the game ended now."""
    b = pbase(p)
    total = s[b + P.MUSEUM] * t[T.MISC + M.MUSEUM_DIE_POINTS]
    for h in range(s[b + P.HELD_N]):
        if t[T.SWITCHES + C.SW.SCORE_UNFLIPPED_CARDS] == 1 or held_card_flipped(s, b, h):
            total += t[T.INST_POINTS + s[b + P.HELD + h]]
    return total
