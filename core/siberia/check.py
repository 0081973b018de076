"""Invariant checker: every card conserved, nothing negative, the hand limit and the worker cap
kept, the resource row well formed, the counters and bit sets the engine keeps up to date."""
import numpy as np

from core.common.errors import (  # noqa: F401 (loop codes re-exported)
    ERR_ILLEGAL, ERR_STUCK, FIRST_GAME_ERROR, LOOP_ERR_NAMES, OK,
)
from core.jit import njit
from core.siberia import codes as C
from core.siberia.codes import M, SW, T
from core.siberia.state import (
    G_APILE_N, G_DISCARD_N, G_FACE_DOWN, G_INVESTORS_LEFT, G_NP, G_RDECK_N, G_RDECK_PTR,
    G_SALESMEN_LEFT, G_WORKERS, O_APILE, O_DISCARD, O_FACE, O_FACE_UP, O_INVESTORS, O_RDECK,
    O_ROW, O_SALESMEN, P_HAND, P_HAND_N, P_INVESTORS, P_RES_N, P_RES_V, P_SALESMEN, P_SYMBOLS,
    P_TYPES, P_WORKERS, bits_of, pbase, supply_bits,
)

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
    seen = np.zeros(s[G_RDECK_N], np.int64)
    count = np.zeros(C.NRES, np.int64)
    value = np.zeros(C.NRES, np.int64)
    for i in range(s[G_RDECK_PTR], s[G_RDECK_N]):
        seen[s[O_RDECK + i]] += 1
    for i in range(C.MAX_ROW):
        card = s[O_ROW + i]
        if card >= 0:
            seen[card] += 1
            count[t[T.RES_KIND + card]] += 1
            value[t[T.RES_KIND + card]] += t[T.RES_VALUE + card]
    for i in range(s[G_RDECK_PTR], s[G_RDECK_N]):
        card = s[O_RDECK + i]
        count[t[T.RES_KIND + card]] += 1
        value[t[T.RES_KIND + card]] += t[T.RES_VALUE + card]
    for p in range(np_):
        b = pbase(p)
        for k in range(C.NRES):
            if s[b + P_RES_N + k] < 0:
                return ERR_NEGATIVE
            count[k] += s[b + P_RES_N + k]
            value[k] += s[b + P_RES_V + k]
    for i in range(s[G_RDECK_N]):
        if seen[i] > 1:
            return ERR_RESOURCES
    total = np.zeros(C.NRES, np.int64)
    for i in range(s[G_RDECK_N]):
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
        card = s[O_ROW + i]
        if card < 0:
            if s[O_FACE + i] != 0:
                return ERR_ROW
            gap = True
        elif i >= row or (gap and t[T.SWITCHES + SW.REFILL_MODE] == 0):
            return ERR_ROW
        elif s[O_FACE + i] == 1:
            up[t[T.RES_KIND + card]] += 1
        else:
            down += 1
    if down != s[G_FACE_DOWN] or mismatch(s, O_FACE_UP, up):
        return ERR_ROW
    return OK


@njit
def check_actions(s, t, np_):
    """Pile, discards and hands hold every action card of each type; hands within limits,
    their sizes, symbol counts and type bits up to date."""
    count = np.zeros(C.NTYPES, np.int64)
    if s[G_APILE_N] < 0:
        return ERR_NEGATIVE
    for i in range(s[G_APILE_N]):
        count[s[O_APILE + i]] += 1
    discards = 0
    for ty in range(C.NTYPES):
        if s[O_DISCARD + ty] < 0:
            return ERR_NEGATIVE
        count[ty] += s[O_DISCARD + ty]
        discards += s[O_DISCARD + ty]
    if discards != s[G_DISCARD_N]:
        return ERR_ACTIONS
    symbols = np.zeros(C.NSYM, np.int64)
    for p in range(np_):
        b = pbase(p)
        n = 0
        symbols[:] = 0
        for ty in range(C.NTYPES):
            if s[b + P_HAND + ty] < 0:
                return ERR_NEGATIVE
            n += s[b + P_HAND + ty]
            count[ty] += s[b + P_HAND + ty]
            symbols[ty // C.NPERSON] += s[b + P_HAND + ty]
            symbols[C.WORKER + ty % C.NPERSON] += s[b + P_HAND + ty]
        if n != s[b + P_HAND_N] or n > t[T.MISC + M.HAND_LIMIT] or \
                mismatch(s, b + P_SYMBOLS, symbols) or \
                s[b + P_TYPES] != bits_of(s, b + P_HAND, C.NTYPES):
            return ERR_HAND
    return ERR_ACTIONS if mismatch(t, T.ACTION_COUNT, count) else OK


@njit
def check_persons(s, t, np_):
    """Workers, salesmen and investors are in the supply or with one player; the cap holds;
    the supply bits match the supply."""
    workers = s[G_WORKERS]
    cap = t[T.SWITCHES + SW.WORKER_CAP]
    for p in range(np_):
        w = s[pbase(p) + P_WORKERS]
        if w < 0:
            return ERR_NEGATIVE
        if cap > 0 and w > cap:
            return ERR_CAP
        workers += w
    if s[G_WORKERS] < 0:
        return ERR_NEGATIVE
    if workers != t[T.MISC + M.WORKER_SUPPLY]:
        return ERR_PERSONS
    for c in range(C.NSYM + C.NRES):
        supply = s[O_SALESMEN + c] if c < C.NSYM else s[O_INVESTORS + c - C.NSYM]
        total = supply
        if supply < 0:
            return ERR_NEGATIVE
        for p in range(np_):
            b = pbase(p)
            h = s[b + P_SALESMEN + c] if c < C.NSYM else s[b + P_INVESTORS + c - C.NSYM]
            if h < 0:
                return ERR_NEGATIVE
            total += h
        expected = t[T.SALESMAN_COUNT + c] if c < C.NSYM else t[T.INVESTOR_COUNT + c - C.NSYM]
        if total != expected:
            return ERR_PERSONS
    salesmen, investors = supply_bits(s)
    if s[G_SALESMEN_LEFT] != salesmen or s[G_INVESTORS_LEFT] != investors:
        return ERR_PERSONS
    return OK


@njit
def check_state(s, t):
    """0 when every invariant holds, else the first broken one's ERR_ code."""
    np_ = s[G_NP]
    err = check_resources(s, t, np_)
    if err == OK:
        err = check_row(s, t)
    if err == OK:
        err = check_actions(s, t, np_)
    if err == OK:
        err = check_persons(s, t, np_)
    return err
