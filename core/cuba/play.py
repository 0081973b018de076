"""Cuba's parts of the shared play loop (core.common.loop): the per-seat record layout and
writing a finished game's records. The loop is bound to the engine and the strategy
dispatcher from the descriptor, core/cuba/game.py.
"""
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE, seat_arrays, write_head,
)
from core.cuba import actions
from core.cuba import codes as C
from core.cuba import rules
from core.cuba import state as S
from core.cuba.codes import M, T
from core.cuba.state import G, O, P
from core.cuba.tables import STATUTE_IDS
from core.jit import njit

R_BUILT, R_BILLS, R_PARL_WINS, R_SHIPPED = range(4, 8)  # after the shared head (records.py)
R_DECISIONS = 8
R_LOADS, R_FILLED, R_SAILED = 9, 10, 11  # ship loads, ships filled by the seat, ships sailed
R_VP = 12  # VP by source: R_VP + codes.SRC_*
R_BUILT_KIND = R_VP + C.NSRC  # tiles of each building kind on the seat's plantation at the end
R_PASSED = R_BUILT_KIND + C.NBUILDINGS  # 1 for each statute card (I-1..IV-6) this seat passed
NREC = R_PASSED + C.NSTATUTES
REC_NAMES = HEAD_NAMES + (
    "buildings_built", "bills_passed", "parliament_wins", "pieces_shipped", "decisions",
    "ship_loads", "ships_filled", "ships_sailed")


@njit
def max_steps(t, n_players):
    """Most decision points a game can take by its rules: the starting pieces (CUBA-R9), then
    each round (CUBA-R10) per player the face-down card (CUBA-V1), 4 characters (CUBA-R12)
    each with its longest chain (the market visit, actions.market_visit_bound; the foreman's
    row and column: which building next and its use, CUBA-R19), a bid and a re-bid
    (CUBA-R39/R41), tax and duty (CUBA-R43/R44); and the bills (CUBA-R40)."""
    foreman = 1 + 2 * (C.NROWS + C.NCOLS - 1)
    character = 1 + max(2, 1 + actions.market_visit_bound(t), foreman)
    per_player = 1 + t[T.MISC + M.CARDS_PLAYED] * character + 2 + 2
    return n_players + t[T.MISC + M.ROUNDS] * (n_players * per_player + 1)


def record_columns() -> list[str]:
    """Names of the record columns, in R_* order."""
    return (list(REC_NAMES) + ["vp_" + name for name in C.SRC_NAMES]
            + ["built_" + key for key in C.BUILDING_KEYS]
            + ["passed_" + sid for sid in STATUTE_IDS])


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, R_*] from a finished game."""
    rank, share = seat_arrays(rec.shape[0])
    rules.standings(s, t, rank, share)
    write_head(s, rec, rank, share, O.PLAYERS, P.SIZE, P.VP, P.MONEY)
    for p in range(rec.shape[0]):
        b = S.pbase(p)
        rec[p, R_BUILT] = s[b + P.BUILT]
        rec[p, R_BILLS] = s[b + P.BILLS]
        rec[p, R_PARL_WINS] = s[b + P.PARL_WINS]
        rec[p, R_SHIPPED] = s[b + P.SHIPPED]
        rec[p, R_DECISIONS] = decisions[p]
        rec[p, R_LOADS] = s[b + P.LOADS]
        rec[p, R_FILLED] = s[b + P.FILLED]
        rec[p, R_SAILED] = s[G.SAILED]
        for i in range(C.NSRC):
            rec[p, R_VP + i] = s[b + P.VPSRC + i]
        for f in range(1, C.NFIELDS):
            k = s[b + P.FIELD + f]
            if k >= 0:
                rec[p, R_BUILT_KIND + k] += 1
        for c in range(C.NSTATUTES):
            rec[p, R_PASSED + c] = (s[b + P.PASSED] >> c) & 1
