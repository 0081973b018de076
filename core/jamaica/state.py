"""Jamaica game state: one flat int32 array with named offsets, and the deal of a new game.

Globals first (the round, the dice, the step of the round being played and its context), then
the treasure pile and tokens, then one block of P.SIZE slots per ship: the players' ships
0..NP-1 and, in a 2-player game with the Ghost Ship (JAM-V1), the ghost as ship NP.
"""
import numpy as np

from core.common.chance import Source, sources
from core.common.layout import Decision, block, decisions, enum, table
from core.common.rng import shuffle
from core.common.stored_rng import SLOTS, deal_first_seat, new_deal
from core.jamaica import codes as C
from core.jamaica.codes import M, SW, T
from core.jit import njit, stack_array

PH = enum("PH", ("SETUP", "PLAY", "OVER"))

DK = decisions("DK", (
    Decision("DICE", "JAM-R6", "the Captain: which die is the morning die"),
    Decision("CARD", "JAM-R7", "the action card laid face down this round", ("secret",)),
    Decision("HOLD", "JAM-R10", "the hold a load goes into (an empty one, or one to empty)",
             ("in_turn",)),
    Decision("ROUTE", "JAM-R11/R14", "the end of a move or of a shortage fallback (forks)",
             ("in_turn",)),
    Decision("GHOST_DIR", "JAM-V1", "the Captain: the Ghost Ship's direction when it neither "
             "leads nor trails"),
    Decision("TARGET", "JAM-R15", "the ship to fight when several share the space",
             ("in_turn",)),
    Decision("BID", "JAM-R16", "gunpowder put into a fight", ("in_turn",)),
    Decision("SABRE", "JAM-R20", "Saran's Sabre: roll the die just rolled again or not",
             ("in_turn",)),
    Decision("SPOILS", "JAM-R19", "the winner's spoils: a hold, a treasure, a curse, nothing",
             ("in_turn",)),
    Decision("PAY", "JAM-Q4", "the hold that pays the next part (pay_order = player_choice)",
             ("in_turn",)),
))

# steps of the round the engine runs through (advance); a decision interrupts a step
ST = enum("ST", (
    "ROUND_START", "CHOOSE", "TURN", "ACTION", "ACTION_DONE", "GHOST", "ROUND_END",
    "ARRIVE", "BID_ATK", "ROLL_ATK", "AFTER_ATK", "BID_DEF", "ROLL_DEF", "RESULT",
    "COST", "FALLBACK", "PAY", "MOVE_DONE",
))

G = block("G", """
    NP             1      number of players
    NSHIPS         1      ships: the players' and the Ghost Ship
    GHOST          1      the Ghost Ship's index (NP), -1 without it
    PHASE          1      PH
    CUR            1      the seat to decide
    DK             1      pending decision kind
    STEP           1      ST: what advance does next
    ROUND          1      rounds begun
    CAPTAIN        1      the Captain's seat (JAM-R5, R9)
    FIRST_CAPTAIN  1      the first Captain
    DIE_M          1      the morning die
    DIE_E          1      the evening die
    CHOOSER        1      seats that chose a card this round
    TURN           1      seats whose card is resolved, from the Captain
    HALF           1      0 morning, 1 evening
    ENDING         1      1 once a ship finished: the round is completed, then the end (JAM-R22)
    RNG            SLOTS  the game's stream: dice, reshuffles, blind steals
    TPILE_N        1      treasure cards left in the pile
    MOVER          1      the ship that moves or arrives
    DIR            1      C.FORWARD or C.BACKWARD
    STEPS          1      the die value of the move
    ROUTE_MODE     1      0 a move, 1 a shortage fallback
    ARRIVE_NEXT    1      the step after the arrival
    ATTACKER       1      combat: the arriving ship
    DEFENDER       1      combat: the ship attacked
    ATK_POWDER     1      gunpowder the attacker spent
    DEF_POWDER     1      gunpowder the defender spent
    ATK_FACE       1      the attacker's die: strength, -1 star
    DEF_FACE       1      the defender's die
    SABRE          1      bit 0 the attacker's die rerolled, bit 1 the defender's, bit 2 used
    WINNER         1      combat winner, -1 none
    LOSER          1      combat loser, -1 none
    LOAD_SHIP      1      the ship loading
    LOAD_KIND      1      C.GOLD, C.FOOD, C.POWDER
    LOAD_N         1      tokens to load
    LOAD_NEXT      1      the step after the load
    PAY_SHIP       1      the ship paying
    PAY_KIND       1      the resource paid
    PAY_LEFT       1      tokens still to pay
    PAY_NEXT       1      the step after the payment
    PAY_EVENT      1      the event logged once paid: EV.PAY, EV.SHORTAGE or EV.BID
    PAY_TOTAL      1      tokens the whole payment takes
    GHOST_LEFT     1      Ghost Ship moves left this round
""", names=globals())

# a player's counters, copied into its records (play.REC) under the same names
COUNTERS = table("""
    ATTACKS       1  fights begun
    FIGHTS_WON    1  fights won
    FIGHTS_LOST   1  fights lost
    FIGHTS_TIED   1  fights tied
    GOLD_PAID     1  doubloons paid for spaces
    FOOD_PAID     1  food paid for spaces
    POWDER_SPENT  1  gunpowder spent in fights
    SHORTAGES     1  shortages (JAM-R14)
    LAIRS         1  treasures taken at lairs
    STOLEN        1  treasure cards taken from losers
    HOLDS_TAKEN   1  holds taken from losers
    CURSES_GIVEN  1  cursed cards given away
    LOADS_LOST    1  loads no hold could take
""", globals())

P = block("P", """
    POS        1         space 0..49
    RACE       1         C.START, PRE_START, RACING, FINISHED (JAM-R21)
    HOLD_KIND  C.NHOLDS  resource per hold, C.EMPTY for none; hold 5 is the 6th Hold
    HOLD_N     C.NHOLDS  tokens per hold
    HAND       1         bit c: card c in hand (hidden from the others)
    HAND_N     1         cards in hand (public)
    DECK       C.NCARDS  the deck, drawn from the end (order hidden)
    DECK_N     1         cards in the deck
    DISCARD    1         bit c: card c on the discard pile (public)
    CHOSEN     1         the card laid face down, -1 none (hidden until revealed)
    SHOWN      1         the card revealed this round, -1 none
    *COUNTERS
""", names=globals())

O = block("O", """
    TPILE    C.NTREASURES          treasure pile, drawn from the end (order hidden)
    TOWNER   C.NTREASURES          ship holding each treasure card, -1 in the pile, -2 out
    TFACE    C.NTREASURES          how a held card lies: C.FACE_UP, FACE_DOWN, FACE_DOWN_LAIR
    TSEEN    C.NTREASURES          bit q: seat q knows which card this is (a face-down card)
    TOKEN    C.NSPACES             1 where a treasure token lies (JAM-R2)
    PLAYERS  C.MAX_SHIPS * P.SIZE  one P block per ship
""", start=G.SIZE, names=globals())

STATE_SIZE = O.SIZE
SHIP_MASK = 7
IN_PILE, OUT = -1, -2


@njit(inline="always")
def pbase(p):
    """Offset of ship p's block (p & SHIP_MASK is p: a non-negative index for the compiler)."""
    return O.PLAYERS + (p & SHIP_MASK) * P.SIZE


@njit(inline="always")
def is_ghost(s, ship):
    """Whether ship is the Ghost Ship."""
    return ship == s[G.GHOST]


@njit(inline="always")
def power_card(t, power):
    """The treasure card id carrying `power`."""
    return t[T.POWER_CARD + power]


@njit(inline="always")
def has_power(s, t, ship, power):
    """Whether ship holds the treasure with `power` face up (a power lying face down, the
    Ghost Ship's lair card, has no effect: JAM-V1.3)."""
    c = power_card(t, power)
    return (s[O.TOWNER + c] == ship) & (s[O.TFACE + c] == C.FACE_UP)


@njit(inline="always")
def face_down(s, c):
    """Whether treasure card c lies face down at its ship."""
    return s[O.TFACE + c] != C.FACE_UP


@njit(inline="always")
def sees_card(s, q, c):
    """Whether seat q may see which card treasure c is: a held card face up, or one it
    knows (its own, one it held or looked at)."""
    return s[O.TOWNER + c] >= 0 and (s[O.TFACE + c] == C.FACE_UP or (s[O.TSEEN + c] >> q) & 1 == 1)


@njit(inline="always")
def holds_open(s, t, ship):
    """Holds in use: 5, or 6 with the 6th Hold."""
    return C.NHOLDS if has_power(s, t, ship, C.SIXTH_HOLD) else C.SIXTH


@njit(inline="always")
def amount(s, ship, kind):
    """Tokens of `kind` in ship's holds."""
    b = pbase(ship)
    n = 0
    for h in range(C.NHOLDS):  # no branch on the holds' contents
        n += s[b + P.HOLD_N + h] * (s[b + P.HOLD_KIND + h] == kind)
    return n


@njit(inline="always")
def hand_size(s, t, p):
    """JAM-R9: 3 cards, 4 with Morgan's Map."""
    if has_power(s, t, p, C.MORGAN):
        return t[T.MISC + M.MORGAN_HAND]
    return t[T.MISC + M.HAND_SIZE]


@njit(_nrt=False)
def draw_cards(s, rng, p, k):
    """Ship p draws up to k cards; an empty deck is rebuilt from the discards (JAM-R9).
    Returns (cards drawn, cards reshuffled or 0)."""
    b = pbase(p)
    drawn = 0
    reshuffled = 0
    for _ in range(k):
        if s[b + P.DECK_N] == 0:
            n = 0
            for c in range(C.NCARDS):
                if (s[b + P.DISCARD] >> c) & 1:
                    s[b + P.DECK + n] = c
                    n += 1
            s[b + P.DISCARD] = 0
            shuffle(rng, s[b + P.DECK:b + P.DECK + n], n)
            s[b + P.DECK_N] = n
            reshuffled = n
            if n == 0:
                break
        s[b + P.DECK_N] -= 1
        c = s[b + P.DECK + s[b + P.DECK_N]]
        s[b + P.DECK + s[b + P.DECK_N]] = 0
        s[b + P.HAND] |= 1 << c
        s[b + P.HAND_N] += 1
        drawn += 1
    return drawn, reshuffled


@njit
def new_game(t, n_players, seed):
    """The dealt state before the first round (JAM-R0..R5, JAM-V1). Randomness from `seed`."""
    s, rng = new_deal(STATE_SIZE, seed)
    ghost = n_players == 2 and t[T.SWITCHES + SW.GHOST_SHIP] == 1
    s[G.NP] = n_players
    s[G.NSHIPS] = n_players + (1 if ghost else 0)
    s[G.GHOST] = n_players if ghost else -1
    s[G.PHASE] = PH.SETUP
    s[G.STEP] = ST.ROUND_START
    s[G.WINNER] = -1
    s[G.LOSER] = -1
    # JAM-R1 / JAM-V1: 9 treasures from 12, or from the 11 besides the ghost's Lady Beth
    beth = power_card(t, C.BETH)
    n = 0
    for c in range(C.NTREASURES):
        s[O.TOWNER + c] = OUT
        if not (ghost and c == beth):
            s[O.TPILE + n] = c
            n += 1
    shuffle(rng, s[O.TPILE:O.TPILE + n], n)
    used = t[T.MISC + M.TREASURES_USED]
    for i in range(C.NTREASURES):
        if i < used:
            s[O.TOWNER + s[O.TPILE + i]] = IN_PILE
        else:
            s[O.TPILE + i] = 0
    s[G.TPILE_N] = used
    # JAM-R2 a token on every lair
    for x in range(C.NSPACES):
        s[O.TOKEN + x] = 1 if t[T.SPACE_KIND + x] == C.LAIR else 0
    # JAM-R3, R4 ships on Port Royal, holds, decks, hands
    for p in range(n_players):
        b = pbase(p)
        s[b + P.HOLD_KIND + 0] = C.FOOD
        s[b + P.HOLD_N + 0] = t[T.MISC + M.START_FOOD]
        s[b + P.HOLD_KIND + 1] = C.GOLD
        s[b + P.HOLD_N + 1] = t[T.MISC + M.START_GOLD]
        for c in range(C.NCARDS):
            s[b + P.DECK + c] = c
        shuffle(rng, s[b + P.DECK:b + P.DECK + C.NCARDS], C.NCARDS)
        s[b + P.DECK_N] = C.NCARDS
        s[b + P.CHOSEN] = -1
        s[b + P.SHOWN] = -1
        draw_cards(s, rng, p, t[T.MISC + M.HAND_SIZE])
    if ghost:  # JAM-V1 setup
        b = pbase(n_players)
        s[b + P.HOLD_KIND + 0] = C.GOLD
        s[b + P.HOLD_N + 0] = t[T.MISC + M.GHOST_GOLD_1]
        s[b + P.HOLD_KIND + 1] = C.GOLD
        s[b + P.HOLD_N + 1] = t[T.MISC + M.GHOST_GOLD_2]
        s[b + P.CHOSEN] = -1
        s[b + P.SHOWN] = -1
        s[O.TOWNER + beth] = n_players
    # JAM-R5 a random Captain
    deal_first_seat(s, rng, n_players, G.CAPTAIN, G.FIRST_CAPTAIN, G.RNG)
    return s


# --- sources of randomness (core.common.chance): what each of the deal's draws fills --------
SOURCES = sources(G, O, P, (
    Source("treasures", "JAM-R1", "the treasures in the pile and their order",
           ("O.TPILE", "O.TOWNER")),
    Source("decks", "JAM-R4", "each ship's deck and the hand dealt from it",
           ("P.DECK", "P.DECK_N", "P.HAND", "P.HAND_N")),
    Source("captain", "JAM-R5", "the first Captain", ("G.CAPTAIN", "G.FIRST_CAPTAIN")),
    Source("dice and draws", "JAM-R6", "every roll of the dice, reshuffle and blind steal "
           "(the stream the state keeps)", ("G.RNG",)),
))


# --- the race (JAM-R21, R24) ----------------------------------------------------------------

@njit(inline="always")
def togo_at(t, x, race):
    """Spaces left to Port Royal by the shortest route (JAM-R24, JAM-Q6) from space x in race
    phase `race`: 0 finished; a full lap from Port Royal; before the start also the way back."""
    if race == C.FINISHED:
        return 0
    if race == C.START:
        return t[T.TOGO + 0]
    if race == C.PRE_START:
        return t[T.TOGO + x] + t[T.TOGO + 0]
    return t[T.TOGO + x]


@njit(inline="always")
def togo(s, t, ship):
    """togo_at of the ship's position."""
    b = pbase(ship)
    return togo_at(t, s[b + P.POS], s[b + P.RACE])


@njit(inline="always")
def space_value(s, t, ship):
    """JAM-R23: 15 finished, the printed value past the red line while racing, else the
    pre-line value (JAM-Q9)."""
    b = pbase(ship)
    race = s[b + P.RACE]
    if race == C.FINISHED:
        return t[T.MISC + M.FINISH_SCORE]
    v = t[T.SPACE_SCORE + s[b + P.POS]]
    if race == C.RACING and v > 0:
        return v
    return t[T.SWITCHES + SW.PRE_LINE_VALUE]


@njit(_nrt=False)
def score_by_source(s, t, p, out):
    """Seat p's score by source into out[NSRC] (JAM-R23): space, doubloons, treasures, curses."""
    out[0] = space_value(s, t, p)
    out[1] = amount(s, p, C.GOLD)
    out[2] = 0
    out[3] = 0
    for c in range(C.NTREASURES):
        if s[O.TOWNER + c] == p:
            k = t[T.TREASURE_KIND + c]
            if k == C.VALUE:
                out[2] += t[T.TREASURE_VALUE + c]
            elif k == C.CURSED:
                out[3] += t[T.TREASURE_VALUE + c]


NSRC = C.NSRC  # a plain global: stack_array takes its size as a compile-time constant


@njit(_nrt=False)
def score(s, t, p):
    """Seat p's score if the game ended now."""
    out = stack_array(NSRC, 0, np.int64)
    score_by_source(s, t, p, out)
    return out.sum()
