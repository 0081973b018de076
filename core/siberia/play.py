"""Siberia's parts of the shared play loop (core.common.loop): the per-seat record layout and
writing a finished game's records. The loop is bound to the engine and the strategy
dispatcher in strategies/siberia/play.py.

Money columns (score, money, vp_<source>, upgrade_<category>) are in the rules data's money
unit (misc.money_unit: thousands). `vp_<source>` is the generic name of the score by source:
Siberia's score is money, and its sources add up to it.
"""
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE,
)
from core.jit import njit
from core.siberia import codes as C
from core.siberia import rules
from core.siberia import state as S
from core.siberia.codes import T
from core.siberia.state import P

R_DECISIONS = 4  # after the shared head (records.py)
R_TURNS, R_DRAWS, R_SKIPS, R_MINES, R_DISCOVERIES, R_RESOURCE_CARDS, R_HAND = range(5, 12)
R_VP = 12                    # money by source: R_VP + codes.SRC_*
R_CARDS = R_VP + C.NSRC        # cards held per category (resources, workers, salesmen, investors)
R_UPGRADE = R_CARDS + C.NSYM   # money a category's salesman added (0 without it)
R_SALESMAN = R_UPGRADE + C.NSYM  # 1 when the seat holds that category's salesman
R_INVESTOR = R_SALESMAN + C.NSYM  # 1 when the seat holds that resource's investor
NREC = R_INVESTOR + C.NRES
REC_NAMES = HEAD_NAMES + ("decisions", "turns", "draws", "skips", "mine_actions",
                          "discoveries", "resource_cards", "hand_cards")
# record columns copied from a player's state slots
COUNTERS = ((R_TURNS, P.TURNS), (R_DRAWS, P.DRAWS), (R_SKIPS, P.SKIPS), (R_MINES, P.MINES),
            (R_DISCOVERIES, P.DISCOVERIES), (R_HAND, P.HAND_N))


def record_columns() -> list[str]:
    """Names of the record columns, in R_* order."""
    return (list(REC_NAMES) + ["vp_" + name for name in C.SRC_NAMES]
            + ["cards_" + name for name in C.SYMBOL_NAMES]
            + ["upgrade_" + name for name in C.SYMBOL_NAMES]
            + ["salesman_" + name for name in C.SYMBOL_NAMES]
            + ["investor_" + name for name in C.RES_NAMES])


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, R_*] from a finished game."""
    # no temporary arrays: the score column holds the sort keys until the scores are written
    rules.standings(s, t, rec[:, R_SCORE], rec[:, R_RANK], rec[:, R_WIN_SHARE])
    for p in range(rec.shape[0]):
        b = S.pbase(p)
        src = rec[p, R_VP:R_VP + C.NSRC]
        S.money_by_source(s, t, p, src)
        total = 0.0
        for i in range(C.NSRC):
            total += src[i]
        rec[p, R_SCORE] = total
        rec[p, R_MONEY] = total
        rec[p, R_DECISIONS] = decisions[p]
        for column, slot in COUNTERS:
            rec[p, column] = s[b + slot]
        rec[p, R_RESOURCE_CARDS] = S.resource_cards(s, b)
        for x in range(C.NSYM):
            n = S.held(s, b, x)
            rec[p, R_CARDS + x] = n
            if s[b + P.SALESMEN + x] > 0:
                rec[p, R_SALESMAN + x] = 1
                base = s[b + P.RES_V + x] if x < C.NRES else src[x]
                rec[p, R_UPGRADE + x] = n * t[T.SALESMAN_VALUE + x] - base
        for k in range(C.NRES):
            rec[p, R_INVESTOR + k] = 1 if s[b + P.INVESTORS + k] > 0 else 0
