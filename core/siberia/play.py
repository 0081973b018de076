"""Siberia's parts of the shared play loop (core.common.loop): the per-seat record layout and
writing a finished game's records. The loop is bound to the engine and the strategy
dispatcher from the descriptor, core/siberia/game.py.

Money columns (score, money, vp_<source>, upgrade_<category>) are in the rules data's money
unit (misc.money_unit: thousands). `vp_<source>` is the generic name of the score by source:
Siberia's score is money, and its sources add up to it.
"""
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE, block_columns,
)
from core.common.layout import block
from core.jit import njit
from core.siberia import codes as C
from core.siberia import rules
from core.siberia import state as S
from core.siberia.codes import M, T
from core.siberia.state import P

# the columns after the shared head (records.py); a field of one column is named by its key, a
# wider one by its key and the names in COLUMN_NAMES
REC = block("REC", """
    DECISIONS       1       decisions the seat took
    TURNS           1       turns taken
    DRAWS           1       draw actions
    SKIPS           1       skips
    MINE_ACTIONS    1       mining actions
    DISCOVERIES     1       cards the seat turned face up
    RESOURCE_CARDS  1       resource cards held
    HAND_CARDS      1       action cards in hand
    VP              C.NSRC  money by source (codes.SRC_*)
    CARDS           C.NSYM  cards held per category (resources, workers, salesmen, investors)
    UPGRADE         C.NSYM  money a category's salesman added (0 without it)
    SALESMAN        C.NSYM  1 when the seat holds that category's salesman
    INVESTOR        C.NRES  1 when the seat holds that resource's investor
""", start=len(HEAD_NAMES), names=globals())
NREC = REC.SIZE
COLUMN_NAMES = {"VP": C.SRC_NAMES, "CARDS": C.SYMBOL_NAMES, "UPGRADE": C.SYMBOL_NAMES,
                "SALESMAN": C.SYMBOL_NAMES, "INVESTOR": C.RES_NAMES}
# record columns copied from a player's state slots
COUNTERS = ((REC.TURNS, P.TURNS), (REC.DRAWS, P.DRAWS), (REC.SKIPS, P.SKIPS),
            (REC.MINE_ACTIONS, P.MINES), (REC.DISCOVERIES, P.DISCOVERIES),
            (REC.HAND_CARDS, P.HAND_N))


@njit
def max_steps(t, n_players):
    """Most decision points a game can take by its rules: every turn is a discovery (SIB-R5),
    a main decision and a payment (SIB-R8), and its main decision draws, skips or acts
    (SIB-R6). An action mines at least 1 resource card (SIB-R10) or hires a person from a
    supply (SIB-R11..R14), so there are at most as many as cards and persons; a draw adds at
    least 1 card to a hand that holds at most misc.hand_limit (SIB-R7) and shrinks only by a
    combination's cards (SIB-R8); a run of skips ends the game at n_players times
    misc.stalemate_rounds."""
    acts = max(0, t[T.MISC + M.WORKER_SUPPLY] - n_players * t[T.MISC + M.START_WORKERS])
    for k in range(C.NRES):
        acts += t[T.RES_COUNT + k] + t[T.INVESTOR_COUNT + k]
    for x in range(C.NSYM):
        acts += t[T.SALESMAN_COUNT + x]
    paid = max(t[T.MISC + M.COMBO_MATCH], 1 + t[T.MISC + M.COMBO_ANY])
    room = max(0, t[T.MISC + M.HAND_LIMIT] - t[T.MISC + M.START_HAND])
    draws = n_players * room + acts * paid
    skips = n_players * max(1, t[T.MISC + M.STALEMATE_ROUNDS])
    return 3 * (acts + draws + (acts + draws + 1) * skips)


def record_columns() -> list[str]:
    """Names of the record columns, in column order."""
    return block_columns(REC.fields, COLUMN_NAMES)


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, column] (R_* of the head, REC) from a finished game."""
    # no temporary arrays: the score column holds the sort keys until the scores are written
    rules.standings(s, t, rec[:, R_SCORE], rec[:, R_RANK], rec[:, R_WIN_SHARE])
    for p in range(rec.shape[0]):
        b = S.pbase(p)
        src = rec[p, REC.VP:REC.VP + C.NSRC]
        S.money_by_source(s, t, p, src)
        total = 0.0
        for i in range(C.NSRC):
            total += src[i]
        rec[p, R_SCORE] = total
        rec[p, R_MONEY] = total
        rec[p, REC.DECISIONS] = decisions[p]
        for column, slot in COUNTERS:
            rec[p, column] = s[b + slot]
        rec[p, REC.RESOURCE_CARDS] = S.resource_cards(s, b)
        for x in range(C.NSYM):
            n = S.held(s, b, x)
            rec[p, REC.CARDS + x] = n
            if s[b + P.SALESMEN + x] > 0:
                rec[p, REC.SALESMAN + x] = 1
                base = s[b + P.RES_V + x] if x < C.NRES else src[x]
                rec[p, REC.UPGRADE + x] = n * t[T.SALESMAN_VALUE + x] - base
        for k in range(C.NRES):
            rec[p, REC.INVESTOR + k] = 1 if s[b + P.INVESTORS + k] > 0 else 0
