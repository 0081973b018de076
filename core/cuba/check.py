"""Invariant checker: pieces conserved, nothing negative, VP equal to its ledger."""
import numpy as np

from core.common.errors import (  # noqa: F401 (loop codes re-exported)
    ERR_ILLEGAL, ERR_STUCK, FIRST_GAME_ERROR, LOOP_ERR_NAMES, OK,
)
from core.common.records import seat_ledgers
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import M, SW, T
from core.cuba.state import G, O, P
from core.jit import njit

ERR_PIECES = FIRST_GAME_ERROR  # a kind's pieces do not add up to the supply
ERR_NEGATIVE = ERR_PIECES + 1  # a count or money below zero
ERR_VP_LEDGER = ERR_PIECES + 2  # VP differs from the sum of VP by source
ERR_MARKET = ERR_PIECES + 3    # a market row over its length
ERR_SHIPS = ERR_PIECES + 4     # ship cards lost or duplicated
ERR_BUILDINGS = ERR_PIECES + 5  # more tiles of a kind than exist
ERR_MONEY = ERR_PIECES + 6     # money not conserved (money_limited)
ERR_NAMES = LOOP_ERR_NAMES + (
    "pieces not conserved", "negative count", "VP differ from their ledger",
    "market row overfull", "ship cards lost or duplicated", "too many building tiles",
    "money not conserved")


@njit
def check_state(s, t):
    """0 when every invariant holds, else the first broken one's ERR_ code."""
    np_ = s[G.NP]
    for k in range(C.NKINDS):
        tot = s[O.STOCK + k]
        if tot < 0:
            return ERR_NEGATIVE
        if C.CI <= k <= C.CG:
            tot += s[O.MARKET + k - C.CI]
            if s[O.MARKET + k - C.CI] < 0:
                return ERR_NEGATIVE
            if s[O.MARKET + k - C.CI] > t[T.MARKET_LEN + k - C.CI]:
                return ERR_MARKET
        for p in range(np_):
            b = S.pbase(p)
            if s[b + P.LOT + k] < 0:
                return ERR_NEGATIVE
            tot += s[b + P.LOT + k]
            if C.CI <= k < C.CI + 3:
                if s[b + P.STORED + k - C.CI] < 0:
                    return ERR_NEGATIVE
                tot += s[b + P.STORED + k - C.CI]
        for pos in range(C.NPOS):
            ship = s[O.SHIP + pos]
            if ship >= 0:
                for i in range(C.SHIP_SPOTS):
                    loaded = s[O.CARGO + pos * C.SHIP_SPOTS + i]
                    if loaded and t[T.SHIP_SPOTS + C.SHIP_SPOTS * ship + i] == k:
                        tot += 1
        if tot != t[T.SUPPLY + k]:
            return ERR_PIECES
    err, money = seat_ledgers(s, np_, O.PLAYERS, P.SIZE, P.MONEY, P.VP, P.VPSRC, C.NSRC,
                              ERR_NEGATIVE, ERR_VP_LEDGER)
    if err != OK:
        return err
    if t[T.SWITCHES + SW.MONEY_LIMITED] == 1 and money + s[G.BANK] != t[T.MISC + M.MONEY_SUPPLY]:
        return ERR_MONEY
    seen = np.zeros(C.NSHIPS, np.int64)
    for i in range(s[G.PILE_N]):
        seen[s[O.PILE + i]] += 1
    for pos in range(C.NPOS):
        if s[O.SHIP + pos] >= 0:
            seen[s[O.SHIP + pos]] += 1
    for i in range(C.NSHIPS):
        if seen[i] != 1:
            return ERR_SHIPS
    built = np.zeros(C.NBUILDINGS, np.int64)
    for p in range(np_):
        b = S.pbase(p)
        for f in range(1, C.NFIELDS):
            if s[b + P.FIELD + f] >= 0:
                built[s[b + P.FIELD + f]] += 1
    for k in range(C.NBUILDINGS):
        if built[k] > t[T.BUILDING_COPIES + k]:
            return ERR_BUILDINGS
    return OK
