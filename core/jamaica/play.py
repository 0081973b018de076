"""Jamaica's parts of the shared play loop (core.common.loop): the per-seat record layout and
writing a finished game's records (the loop is bound from the descriptor, core/jamaica/game.py).

`vp_<source>` is the score by source (space, doubloons, treasures, curses; they add up to the
score); `money` is the doubloons in the holds.
"""
import numpy as np

from core.common.layout import block
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE, block_columns,
)
from core.jamaica import codes as C
from core.jamaica import rules
from core.jamaica import state as S
from core.jamaica.codes import M, SW, T
from core.jamaica.state import G, O, P
from core.jit import njit

TREASURE_COLUMNS = C.POWER_NAMES + ("value_cards", "cursed_cards")

REC = block("REC", """
    DECISIONS      1                      decisions the seat took
    ROUNDS         1                      rounds played
    LAPS           1                      1 when the ship finished its lap
    TOGO           1                      spaces left to Port Royal at the end (JAM-R24)
    CAPTAIN_ORDER  1                      seats after the first Captain (0: the first Captain)
    *S.COUNTERS
    VP             C.NSRC                 score by source (codes.SRC_NAMES)
    TREASURES      len(TREASURE_COLUMNS)  treasure cards held: each power, value, cursed
""", start=len(HEAD_NAMES), names=globals())
NREC = REC.SIZE
COLUMN_NAMES = {"VP": C.SRC_NAMES, "TREASURES": TREASURE_COLUMNS}
COUNTERS = tuple((getattr(REC, name), getattr(P, name)) for name, _, _ in S.COUNTERS)


@njit
def max_steps(t, n_players):
    """Most decision points a game can take by its rules: at most JAM-Q10's max_rounds rounds,
    each the Captain's dice (JAM-R6), a card per player (JAM-R7), then two halves per player
    (JAM-R8) and the Ghost Ship's moves (JAM-V1). A half loads into one hold (JAM-R10) or
    moves: the end (JAM-R11), and on every space it stops at the target (JAM-R15), both bids
    paid hold by hold (JAM-R16, JAM-Q4), both dice rerolled once by the sabre (JAM-R20), the
    spoils and their load (JAM-R19) and the cost paid hold by hold (JAM-R13). A move stops at
    its end, after a shortage at the space it falls back to (JAM-R14), and again only after a
    fight there: that space's cost was one the ship could pay, and only a fight changes its
    holds. The other ships (the Ghost Ship too) stand still, one space each, so a move stops
    at most n_players + 2 times."""
    holds = t[T.MISC + M.HOLDS] + 1  # the 6th Hold (§8.4)
    space = 1 + 1 + 2 * (1 + holds) + 2 + 1 + 1 + holds
    move = (n_players + 2) * space
    ghost = t[T.MISC + M.GHOST_MOVES] * (1 + space)
    per_round = 1 + n_players + 2 * n_players * move + ghost
    return np.int64(t[T.SWITCHES + SW.MAX_ROUNDS]) * per_round


def record_columns() -> list[str]:
    """Names of the record columns, in column order (the treasures' named whole)."""
    return block_columns(REC.fields, COLUMN_NAMES, whole=("TREASURES",))


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, column] (R_* of the head, REC) from a finished game."""
    rules.standings(s, t, rec[:, R_SCORE], rec[:, R_RANK], rec[:, R_WIN_SHARE])
    n = s[G.NP]
    for p in range(rec.shape[0]):
        b = S.pbase(p)
        src = rec[p, REC.VP:REC.VP + C.NSRC]
        S.score_by_source(s, t, p, src)
        rec[p, R_SCORE] = src[0] + src[1] + src[2] + src[3]
        rec[p, R_MONEY] = src[1]
        rec[p, REC.DECISIONS] = decisions[p]
        rec[p, REC.ROUNDS] = s[G.ROUND]
        rec[p, REC.LAPS] = 1 if s[b + P.RACE] == C.FINISHED else 0
        rec[p, REC.TOGO] = S.togo(s, t, p)
        rec[p, REC.CAPTAIN_ORDER] = (p - s[G.FIRST_CAPTAIN] + n) % n
        for column, slot in COUNTERS:
            rec[p, column] = s[b + slot]
        for c in range(C.NTREASURES):
            if s[O.TOWNER + c] == p:
                k = t[T.TREASURE_KIND + c]
                col = t[T.TREASURE_VALUE + c] if k == C.POWER else C.NPOWERS + k - C.VALUE
                rec[p, REC.TREASURES + col] += 1
