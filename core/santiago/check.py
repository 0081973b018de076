"""Invariant checker: goods and pesos conserved, nothing negative, VP equal to its ledger,
markers and pawns where they may be, the dice and the value marker in range, the layout a valid
assignment that honours the layout rule."""
import numpy as np

from core.common.errors import (  # noqa: F401 (loop codes re-exported)
    ERR_ILLEGAL, ERR_STUCK, FIRST_GAME_ERROR, LOOP_ERR_NAMES, OK,
)
from core.common.records import seat_ledgers
from core.jit import njit
from core.santiago import actions
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.codes import LAYOUT, M, SW, T
from core.santiago.state import DK, G, O, P, PH

ERR_GOODS = FIRST_GAME_ERROR    # a kind's goods do not add up to the supply
ERR_NEGATIVE = ERR_GOODS + 1    # goods, pesos or VP below zero
ERR_VP_LEDGER = ERR_GOODS + 2   # VP differ from the sum of VP by source
ERR_MONEY = ERR_GOODS + 3       # pesos not conserved (money_limited)
ERR_MARKERS = ERR_GOODS + 4     # property markers lost, duplicated or misplaced
ERR_PAWNS = ERR_GOODS + 5       # two pawns on one building, or a pawn off the board
ERR_SHIP = ERR_GOODS + 6        # dice, goods value, car or ships out of range
ERR_LAYOUT = ERR_GOODS + 7      # the layout is no assignment, or breaks the layout rule
ERR_NAMES = LOOP_ERR_NAMES + (
    "goods not conserved", "negative count", "VP differ from their ledger",
    "pesos not conserved", "property markers broken", "pawns broken", "ship out of range",
    "layout broken")


@njit
def check_goods(s, t, np_):
    for k in range(C.NKINDS):
        total = s[O.BANK + k]
        if total < 0:
            return ERR_NEGATIVE
        for p in range(np_):
            n = s[S.pbase(p) + P.GOODS + k]
            if n < 0:
                return ERR_NEGATIVE
            total += n
        if total != t[T.SUPPLY + k]:
            return ERR_GOODS
    err, money = seat_ledgers(s, np_, O.PLAYERS, P.SIZE, P.MONEY, P.VP, P.VPSRC, C.NSRC,
                              ERR_NEGATIVE, ERR_VP_LEDGER)
    if err != OK:
        return err
    money += s[G.BANK_MONEY]
    if t[T.SWITCHES + SW.MONEY_LIMITED] == 1:
        if s[G.BANK_MONEY] < 0:
            return ERR_NEGATIVE
        if money != t[T.MISC + M.MONEY_SUPPLY]:
            return ERR_MONEY
    return OK


@njit
def check_board(s, t, np_):
    placed = np.zeros(np_, np.int64)
    for slot in range(C.NSLOTS):
        owner = s[O.OWNER + slot]
        if owner < -1 or owner >= np_:
            return ERR_MARKERS
        if owner >= 0:
            placed[owner] += 1
    seen = np.zeros(C.NSLOTS, np.int64)
    for p in range(np_):
        b = S.pbase(p)
        if s[b + P.MARKERS] < 0 or s[b + P.MARKERS] + placed[p] != t[T.MISC + M.MARKERS]:
            return ERR_MARKERS
        pawn = s[b + P.PAWN]
        if pawn < -1 or pawn >= C.NSLOTS:
            return ERR_PAWNS
        if pawn >= 0:
            seen[pawn] += 1
            if seen[pawn] > 1:
                return ERR_PAWNS
    return OK


@njit
def check_ship(s, t):
    top = actions.max_face(t)
    on = 0
    for k in range(C.NDICE):
        v = s[O.DICE + k]
        if v < -1 or v > top:
            return ERR_SHIP
        if v >= 0:
            on += 1
    playing = s[G.PHASE] == PH.PLAY
    if playing and s[G.DK] != DK.SHIP and on != t[T.MISC + M.DICE_ON_SHIP]:
        return ERR_SHIP
    if playing and not t[T.MISC + M.VALUE_START] <= s[G.VALUE] <= t[T.MISC + M.VALUE_MAX]:
        return ERR_SHIP
    if not 0 <= s[G.VALUE_BACKS] <= t[T.MISC + M.VALUE_BACKS]:  # SDC-Q18
        return ERR_SHIP
    if s[G.CAR] < 0 or s[G.CAR] >= C.NSTOPS or s[G.SHIPS] > t[T.MISC + M.SHIPS]:
        return ERR_SHIP
    return OK


@njit
def check_layout(s, t):
    seen = np.zeros(C.NSLOTS, np.int64)
    if s[O.CUBAN_AT] != -1:
        return ERR_LAYOUT
    for stop in range(1, C.NSTOPS):
        c = s[O.CUBAN_AT + stop]
        if c < 0 or c >= C.NCUBANS or seen[c]:
            return ERR_LAYOUT
        seen[c] = 1
    seen[:] = 0
    for slot in range(C.NSLOTS):
        bld = s[O.BUILDING_AT + slot]
        if bld < 0 or bld >= C.NSLOTS or seen[bld] or s[O.SLOT_OF + bld] != slot:
            return ERR_LAYOUT
        seen[bld] = 1
    forbid = t[T.SWITCHES + SW.LAYOUT] == LAYOUT.FORBID
    if forbid and (s[G.LAYOUT_OK] != 1 or not S.layout_ok(s, t)):
        return ERR_LAYOUT
    return OK


@njit
def check_state(s, t):
    """0 when every invariant holds, else the first broken one's ERR_ code."""
    np_ = s[G.NP]
    return (check_goods(s, t, np_)
            or check_board(s, t, np_)
            or check_ship(s, t)
            or check_layout(s, t))
