"""Siberia's parts of the shared play loop (core.common.loop): the per-seat record layout and
writing a finished game's records. The loop is bound to the engine and the strategy
dispatcher from the descriptor, core/siberia/game.py.

Money columns (score, money, vp_<source>, upgrade_<category>) are in the rules data's money
unit (misc.money_unit: thousands). `vp_<source>` is the generic name of the score by source:
Siberia's score is money, and its sources add up to it.
"""
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE,
)
from core.jit import njit
from core.siberia.codes import NRES, NSRC, NSYM, RES_NAMES, SRC_NAMES, SYMBOL_NAMES, T_SVALUE
from core.siberia.rules import standings
from core.siberia.state import (
    P_DISCOVERIES, P_DRAWS, P_HAND_N, P_INVESTORS, P_MINES, P_RES_V, P_SALESMEN, P_SKIPS,
    P_TURNS, held, money_by_source, pbase, resource_cards,
)

R_DECISIONS = 4  # after the shared head (records.py)
R_TURNS, R_DRAWS, R_SKIPS, R_MINES, R_DISCOVERIES, R_RESOURCE_CARDS, R_HAND = range(5, 12)
R_VP = 12                    # money by source: R_VP + codes.SRC_*
R_CARDS = R_VP + NSRC        # cards held per category (resources, workers, salesmen, investors)
R_UPGRADE = R_CARDS + NSYM   # money a category's salesman added (0 without it)
R_SALESMAN = R_UPGRADE + NSYM  # 1 when the seat holds that category's salesman
R_INVESTOR = R_SALESMAN + NSYM  # 1 when the seat holds that resource's investor
NREC = R_INVESTOR + NRES
REC_NAMES = HEAD_NAMES + ("decisions", "turns", "draws", "skips", "mine_actions",
                          "discoveries", "resource_cards", "hand_cards")
# record columns copied from a player's state slots
COUNTERS = ((R_TURNS, P_TURNS), (R_DRAWS, P_DRAWS), (R_SKIPS, P_SKIPS), (R_MINES, P_MINES),
            (R_DISCOVERIES, P_DISCOVERIES), (R_HAND, P_HAND_N))


def record_columns() -> list[str]:
    """Names of the record columns, in R_* order."""
    return (list(REC_NAMES) + ["vp_" + name for name in SRC_NAMES]
            + ["cards_" + name for name in SYMBOL_NAMES]
            + ["upgrade_" + name for name in SYMBOL_NAMES]
            + ["salesman_" + name for name in SYMBOL_NAMES]
            + ["investor_" + name for name in RES_NAMES])


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, R_*] from a finished game."""
    # no temporary arrays: the score column holds the sort keys until the scores are written
    standings(s, t, rec[:, R_SCORE], rec[:, R_RANK], rec[:, R_WIN_SHARE])
    for p in range(rec.shape[0]):
        b = pbase(p)
        src = rec[p, R_VP:R_VP + NSRC]
        money_by_source(s, t, p, src)
        total = 0.0
        for i in range(NSRC):
            total += src[i]
        rec[p, R_SCORE] = total
        rec[p, R_MONEY] = total
        rec[p, R_DECISIONS] = decisions[p]
        for column, slot in COUNTERS:
            rec[p, column] = s[b + slot]
        rec[p, R_RESOURCE_CARDS] = resource_cards(s, b)
        for x in range(NSYM):
            n = held(s, b, x)
            rec[p, R_CARDS + x] = n
            if s[b + P_SALESMEN + x] > 0:
                rec[p, R_SALESMAN + x] = 1
                base = s[b + P_RES_V + x] if x < NRES else src[x]
                rec[p, R_UPGRADE + x] = n * t[T_SVALUE + x] - base
        for k in range(NRES):
            rec[p, R_INVESTOR + k] = 1 if s[b + P_INVESTORS + k] > 0 else 0
