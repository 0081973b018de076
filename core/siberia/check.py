"""Invariant checker: every card conserved, nothing negative, the hand limit and the worker cap
kept, the resource row well formed, the counters and bit sets the engine keeps up to date."""
import numpy as np

from core.common.errors import (  # noqa: F401 (loop codes re-exported)
    ERR_ILLEGAL, ERR_STUCK, FIRST_GAME_ERROR, LOOP_ERR_NAMES, OK,
)
from core.jit import njit
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.codes import M, SW, T
from core.siberia.state import G, O, P

ERR_RESOURCES = FIRST_GAME_ERROR  # resource cards (count or value per kind) not conserved
ERR_ACTIONS = ERR_RESOURCES + 1   # action cards not conserved
ERR_PERSONS = ERR_RESOURCES + 2   # persons not conserved, or the supply bits wrong
ERR_NEGATIVE = ERR_RESOURCES + 3  # a count below zero
ERR_HAND = ERR_RESOURCES + 4      # a hand over the limit or not matching its size or types
ERR_CAP = ERR_RESOURCES + 5       # more workers than the cap
ERR_ROW = ERR_RESOURCES + 6       # a face-up empty slot, a gap after sliding, a card twice
ERR_NAMES = LOOP_ERR_NAMES + (
    "resource cards not conserved", "action cards not conserved", "persons not conserved",
    "negative count", "hand over its limit or miscounted", "worker cap exceeded",
    "resource row broken")


@njit(inline="always")
def mismatch(a, at, counts):
    """Whether a[at:at + len(counts)] differs from counts."""
    for i in range(counts.shape[0]):
        if a[at + i] != counts[i]:
            return True
    return False


@njit
def check_resources(s, t, np_):
    """Each resource card is in exactly one place; counts and values per kind add up."""
    seen = np.zeros(s[G.RDECK_N], np.int64)
    count = np.zeros(C.NRES, np.int64)
    value = np.zeros(C.NRES, np.int64)
    for i in range(s[G.RDECK_PTR], s[G.RDECK_N]):
        seen[s[O.RDECK + i]] += 1
    for i in range(C.MAX_ROW):
        card = s[O.ROW + i]
        if card >= 0:
            seen[card] += 1
            count[t[T.RES_KIND + card]] += 1
            value[t[T.RES_KIND + card]] += t[T.RES_VALUE + card]
    for i in range(s[G.RDECK_PTR], s[G.RDECK_N]):
        card = s[O.RDECK + i]
        count[t[T.RES_KIND + card]] += 1
        value[t[T.RES_KIND + card]] += t[T.RES_VALUE + card]
    for p in range(np_):
        b = S.pbase(p)
        for k in range(C.NRES):
            if s[b + P.RES_N + k] < 0:
                return ERR_NEGATIVE
            count[k] += s[b + P.RES_N + k]
            value[k] += s[b + P.RES_V + k]
    for i in range(s[G.RDECK_N]):
        if seen[i] > 1:
            return ERR_RESOURCES
    total = np.zeros(C.NRES, np.int64)
    for i in range(s[G.RDECK_N]):
        total[t[T.RES_KIND + i]] += t[T.RES_VALUE + i]
    for k in range(C.NRES):
        if count[k] != t[T.RES_COUNT + k] or value[k] != total[k]:
            return ERR_RESOURCES
    return OK


@njit
def check_row(s, t):
    """Slots past the row size are empty, an empty slot is not face up, under refill_mode =
    slide the cards stand together from the headframe, and the face-down and face-up counts
    the engine keeps match the row."""
    row = t[T.MISC + M.ROW_SIZE]
    gap = False
    down = 0
    up = np.zeros(C.NRES, np.int64)
    for i in range(C.MAX_ROW):
        card = s[O.ROW + i]
        if card < 0:
            if s[O.FACE + i] != 0:
                return ERR_ROW
            gap = True
        elif i >= row or (gap and t[T.SWITCHES + SW.REFILL_MODE] == 0):
            return ERR_ROW
        elif s[O.FACE + i] == 1:
            up[t[T.RES_KIND + card]] += 1
        else:
            down += 1
    if down != s[G.FACE_DOWN] or mismatch(s, O.FACE_UP, up):
        return ERR_ROW
    return OK


@njit
def check_actions(s, t, np_):
    """Pile, discards and hands hold every action card of each type; hands within limits,
    their sizes, symbol counts and type bits up to date."""
    count = np.zeros(C.NTYPES, np.int64)
    if s[G.APILE_N] < 0:
        return ERR_NEGATIVE
    for i in range(s[G.APILE_N]):
        count[s[O.APILE + i]] += 1
    discards = 0
    for ty in range(C.NTYPES):
        if s[O.DISCARD + ty] < 0:
            return ERR_NEGATIVE
        count[ty] += s[O.DISCARD + ty]
        discards += s[O.DISCARD + ty]
    if discards != s[G.DISCARD_N]:
        return ERR_ACTIONS
    symbols = np.zeros(C.NSYM, np.int64)
    for p in range(np_):
        b = S.pbase(p)
        n = 0
        symbols[:] = 0
        for ty in range(C.NTYPES):
            if s[b + P.HAND + ty] < 0:
                return ERR_NEGATIVE
            n += s[b + P.HAND + ty]
            count[ty] += s[b + P.HAND + ty]
            symbols[ty // C.NPERSON] += s[b + P.HAND + ty]
            symbols[C.WORKER + ty % C.NPERSON] += s[b + P.HAND + ty]
        if n != s[b + P.HAND_N] or n > t[T.MISC + M.HAND_LIMIT] or \
                mismatch(s, b + P.SYMBOLS, symbols) or \
                s[b + P.TYPES] != S.bits_of(s, b + P.HAND, C.NTYPES):
            return ERR_HAND
    return ERR_ACTIONS if mismatch(t, T.ACTION_COUNT, count) else OK


@njit
def check_persons(s, t, np_):
    """Workers, salesmen and investors are in the supply or with one player; the cap holds;
    the supply bits match the supply."""
    workers = s[G.WORKERS]
    cap = t[T.SWITCHES + SW.WORKER_CAP]
    for p in range(np_):
        w = s[S.pbase(p) + P.WORKERS]
        if w < 0:
            return ERR_NEGATIVE
        if cap > 0 and w > cap:
            return ERR_CAP
        workers += w
    if s[G.WORKERS] < 0:
        return ERR_NEGATIVE
    if workers != t[T.MISC + M.WORKER_SUPPLY]:
        return ERR_PERSONS
    for c in range(C.NSYM + C.NRES):
        supply = s[O.SALESMEN + c] if c < C.NSYM else s[O.INVESTORS + c - C.NSYM]
        total = supply
        if supply < 0:
            return ERR_NEGATIVE
        for p in range(np_):
            b = S.pbase(p)
            h = s[b + P.SALESMEN + c] if c < C.NSYM else s[b + P.INVESTORS + c - C.NSYM]
            if h < 0:
                return ERR_NEGATIVE
            total += h
        expected = t[T.SALESMAN_COUNT + c] if c < C.NSYM else t[T.INVESTOR_COUNT + c - C.NSYM]
        if total != expected:
            return ERR_PERSONS
    salesmen, investors = S.supply_bits(s)
    if s[G.SALESMEN_LEFT] != salesmen or s[G.INVESTORS_LEFT] != investors:
        return ERR_PERSONS
    return OK


@njit
def check_state(s, t):
    """0 when every invariant holds, else the first broken one's ERR_ code."""
    np_ = s[G.NP]
    return (check_resources(s, t, np_)
            or check_row(s, t)
            or check_actions(s, t, np_)
            or check_persons(s, t, np_))
