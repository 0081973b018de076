"""Invariant checker: pieces conserved, nothing negative, VP equal to its ledger."""
import numpy as np

from core.common.errors import (  # noqa: F401 (loop codes re-exported)
    ERR_ILLEGAL, ERR_STUCK, FIRST_GAME_ERROR, LOOP_ERR_NAMES, OK,
)
from core.common.records import seat_ledgers
from core.cuba.codes import CI, CG, NKINDS, NBUILDINGS, NSHIPS, NSRC, SHIP_SPOTS, NPOS, NFIELDS
from core.cuba.codes import SW_MONEY_LIMITED, M_MONEY_SUPPLY
from core.cuba.state import (
    G_BANK, G_NP, G_PILE_N, O_CARGO, O_MARKET, O_PILE, O_PLAYERS, O_SHIP, O_STOCK, P_FIELD,
    P_LOT, P_MONEY, P_STORED, P_VP, P_VPSRC, PSIZE, pbase,
)
from core.cuba.codes import T_BCOPIES, T_MISC, T_MLEN, T_SPOTS, T_SUPPLY, T_SW
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
    np_ = s[G_NP]
    for k in range(NKINDS):
        tot = s[O_STOCK + k]
        if tot < 0:
            return ERR_NEGATIVE
        if CI <= k <= CG:
            tot += s[O_MARKET + k - CI]
            if s[O_MARKET + k - CI] < 0:
                return ERR_NEGATIVE
            if s[O_MARKET + k - CI] > t[T_MLEN + k - CI]:
                return ERR_MARKET
        for p in range(np_):
            b = pbase(p)
            if s[b + P_LOT + k] < 0:
                return ERR_NEGATIVE
            tot += s[b + P_LOT + k]
            if CI <= k < CI + 3:
                if s[b + P_STORED + k - CI] < 0:
                    return ERR_NEGATIVE
                tot += s[b + P_STORED + k - CI]
        for pos in range(NPOS):
            ship = s[O_SHIP + pos]
            if ship >= 0:
                for i in range(SHIP_SPOTS):
                    loaded = s[O_CARGO + pos * SHIP_SPOTS + i]
                    if loaded and t[T_SPOTS + SHIP_SPOTS * ship + i] == k:
                        tot += 1
        if tot != t[T_SUPPLY + k]:
            return ERR_PIECES
    err, money = seat_ledgers(s, np_, O_PLAYERS, PSIZE, P_MONEY, P_VP, P_VPSRC, NSRC,
                              ERR_NEGATIVE, ERR_VP_LEDGER)
    if err != OK:
        return err
    if t[T_SW + SW_MONEY_LIMITED] == 1 and money + s[G_BANK] != t[T_MISC + M_MONEY_SUPPLY]:
        return ERR_MONEY
    seen = np.zeros(NSHIPS, np.int64)
    for i in range(s[G_PILE_N]):
        seen[s[O_PILE + i]] += 1
    for pos in range(NPOS):
        if s[O_SHIP + pos] >= 0:
            seen[s[O_SHIP + pos]] += 1
    for i in range(NSHIPS):
        if seen[i] != 1:
            return ERR_SHIPS
    built = np.zeros(NBUILDINGS, np.int64)
    for p in range(np_):
        b = pbase(p)
        for f in range(1, NFIELDS):
            if s[b + P_FIELD + f] >= 0:
                built[s[b + P_FIELD + f]] += 1
    for k in range(NBUILDINGS):
        if built[k] > t[T_BCOPIES + k]:
            return ERR_BUILDINGS
    return OK
