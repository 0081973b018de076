"""Plan-driven choice of the character to play, and of the card kept for parliament."""
import numpy as np

from core.cuba.actions import payload_of
from core.cuba.codes import ARCHITECT, FOREMAN, M_CARDS_PLAYED, MAYOR, T_MISC, TRADER, WORKER
from core.cuba.state import P_NPLAYED, pbase
from core.jit import njit, stack_array
from strategies.cuba.buildings import architect_value, foreman_value
from strategies.cuba.harbour import mayor_value
from strategies.cuba.plan import DEFER
from strategies.cuba.politics import keep_value
from strategies.cuba.production import trader_value, worker_value
from strategies.cuba.values import NONE, V_PLAY, V_SIZE, value_table

NEG = -1e18


@njit(_nrt=False)
def card_value(params, s, t, p, vt, c):
    """Estimated gain of playing character c now: its best action's gain."""
    if c == WORKER:
        return worker_value(params, s, t, p, vt)
    if c == TRADER:
        return trader_value(params, s, t, p, vt)
    if c == ARCHITECT:
        return architect_value(params, s, t, p, vt)
    if c == FOREMAN:
        return foreman_value(params, s, t, p, vt)
    return mayor_value(params, s, t, p, vt)


@njit(_nrt=False)
def card_score(params, s, t, p, vt, c):
    """Gain now, discounted for cards that profit from the producers still in hand, less the
    card's worth in parliament (the card never played is the one kept)."""
    v = card_value(params, s, t, p, vt, c)
    producers = vt[V_PLAY + WORKER] > 0 or vt[V_PLAY + TRADER] > 0
    if producers and (c == ARCHITECT or c == FOREMAN or c == MAYOR):
        v *= 1.0 - params[DEFER]
    return v - keep_value(params, s, t, c)


@njit(_nrt=False)
def character_choice(params, s, t, p, opts, n):
    """The character to play now (CUBA-R12). On the round's last play the other card stays
    in hand, so each card is valued as if it were the last one played (with the target
    building); else with the plain value table of the resources."""
    last = t[T_MISC + M_CARDS_PLAYED] - s[pbase(p) + P_NPLAYED] == 1 and n == 2
    vt = stack_array(V_SIZE, 0, np.float64)  # scratch without allocation (see core.jit)
    if not last:
        value_table(params, s, t, p, vt, False, NONE)
    best = NEG
    bi = 0
    for i in range(n):
        c = payload_of(opts[i])
        if last:
            value_table(params, s, t, p, vt, True, payload_of(opts[1 - i]))
        v = card_score(params, s, t, p, vt, c)
        if v > best:
            best = v
            bi = i
    return bi


@njit(_nrt=False)
def hide_choice(params, s, t, p, vt, opts, n):
    """CUBA-V1: the card to keep face down: worth most in parliament, least in play."""
    best = NEG
    bi = 0
    for i in range(n):
        c = payload_of(opts[i])
        v = keep_value(params, s, t, c) - card_value(params, s, t, p, vt, c)
        if v > best:
            best = v
            bi = i
    return bi
