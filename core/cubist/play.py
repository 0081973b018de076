"""Cubist's parts of the shared play loop (core.common.loop): the per-seat record layout and
writing a finished game's records. The loop is bound to the engine and the strategy
dispatcher from the descriptor, core/cubist/game.py.

Cubist has no money: the head's `money` column holds the points, like `score`. `vp_cards` and
`vp_museum` add up to the score.
"""
import numpy as np

from core.common.arith import span_sum
from core.common.layout import block
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE, block_columns,
)
from core.cubist import codes as C
from core.cubist import rules
from core.cubist import state as S
from core.cubist.codes import M, T
from core.cubist.state import G, P
from core.jit import njit

INST_NAMES = tuple(f"i{i + 1:02d}" for i in range(C.MAX_INST))  # the rules file's ids, lower case

# the columns after the shared head (records.py); a wider field is named by its key and the
# names in COLUMN_NAMES
REC = block("REC", """
    DECISIONS       1           decisions the seat took
    TURNS           1           turns taken
    ROUNDS          1           rounds the game lasted
    FIRST           1           1 for the first player
    TRIGGERED       1           1 for the player who triggered the end
    INSTALLATIONS   1           installations completed
    MUSEUM_DICE     1           own dice placed in the museum
    CARD_DICE_LEFT  1           dice still on completed cards at the end
    VP              C.NSRC      points by source (cards, museum)
    ARTISTS         C.NKINDS    artist cards used per kind
    RECRUITS        1           artist cards recruited
    BUMPS           1           other players' dice bumped
    BUMPED          1           times the seat's dice were bumped
    ABANDONS        1           rooms abandoned
    INST            C.MAX_INST  1 for each installation card completed
""", start=len(HEAD_NAMES), names=globals())
NREC = REC.SIZE
COLUMN_NAMES = {"VP": C.SRC_NAMES, "ARTISTS": C.ARTIST_NAMES, "INST": INST_NAMES}
COUNTERS = ((REC.TURNS, P.TURNS), (REC.INSTALLATIONS, P.HELD_N),
            (REC.MUSEUM_DICE, P.MUSEUM), (REC.RECRUITS, P.RECRUITS), (REC.BUMPS, P.BUMPS),
            (REC.BUMPED, P.BUMPED), (REC.ABANDONS, P.ABANDONS))


@njit
def max_steps(t, n_players):
    """Most decision points a game can take by its rules: misc.max_rounds rounds of n_players
    turns (CUBIST-R30/R31). In a turn every decision but the end of the turn (CUBIST-R8..R28)
    and the storage (CUBIST-R29) uses one of at most artists_face_up artist cards holding the
    player's dice since an earlier turn (CUBIST-R19, R21; plus Pascin's destination),
    completes one of the installation cards, or moves dice: out of the warehouse or off a
    completed card (place, recruit, museum), out of a work room (abandon, then each of its dice
    at most once onto an artist card). Dice enter the warehouse and the cards at most as the
    player's start_dice, one per artist use and the museum-die spaces of each completion."""
    cards = 0
    for i in range(C.MAX_INST):
        cards += t[T.INST_DICE + i] > 0
    artists = t[T.MISC + M.ARTISTS_FACE_UP]
    dice = t[T.MISC + M.START_DICE]
    moved = dice + artists + C.MAX_SPACES * cards  # dice that can leave the pool in one turn
    turn = 2 + 2 * artists + cards + moved + 2 * (2 + moved) + dice + moved
    return np.int64(t[T.MISC + M.MAX_ROUNDS]) * n_players * turn


def record_columns() -> list[str]:
    """Names of the record columns, in column order."""
    return block_columns(REC.fields, COLUMN_NAMES)


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, column] (R_* of the head, REC) from a finished game."""
    rules.standings(s, t, rec[:, R_SCORE], rec[:, R_RANK], rec[:, R_WIN_SHARE])
    for p in range(rec.shape[0]):
        b = S.pbase(p)
        S.points_by_source(s, t, p, rec[p, REC.VP:REC.VP + C.NSRC])
        total = rec[p, REC.VP] + rec[p, REC.VP + 1]
        rec[p, R_SCORE] = total
        rec[p, R_MONEY] = total
        rec[p, REC.DECISIONS] = decisions[p]
        rec[p, REC.ROUNDS] = s[G.ROUND]
        rec[p, REC.FIRST] = 1 if p == s[G.START] else 0
        rec[p, REC.TRIGGERED] = 1 if p == s[G.TRIGGER] else 0
        for column, slot in COUNTERS:
            rec[p, column] = s[b + slot]
        left = span_sum(s, b + P.CD_ON, C.MAX_HELD * C.MAX_SPACES)
        rec[p, REC.CARD_DICE_LEFT] = left
        for kind in range(C.NKINDS):
            rec[p, REC.ARTISTS + kind] = s[b + P.USED + kind]
        for h in range(s[b + P.HELD_N]):
            rec[p, REC.INST + s[b + P.HELD + h]] = 1
