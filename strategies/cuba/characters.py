"""Plan-driven choice of the character to play, and of the card kept for parliament."""
import numpy as np

from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import M, T
from core.cuba.state import P
from core.jit import njit, stack_array
from strategies.cuba import buildings
from strategies.cuba import harbour
from strategies.cuba import politics
from strategies.cuba import production
from strategies.cuba import values
from strategies.common.argmax import NEG, better
from strategies.cuba.plan import W
from strategies.cuba.values import V, V_SIZE  # sizes by name: stack_array literals


@njit(_nrt=False)
def card_value(params, s, t, p, vt, c):
    """Estimated gain of playing character c now: its best action's gain."""
    if c == C.WORKER:
        return production.worker_value(params, s, t, p, vt)
    if c == C.TRADER:
        return production.trader_value(params, s, t, p, vt)
    if c == C.ARCHITECT:
        return buildings.architect_value(params, s, t, p, vt)
    if c == C.FOREMAN:
        return buildings.foreman_value(params, s, t, p, vt)
    return harbour.mayor_value(params, s, t, p, vt)


@njit(_nrt=False)
def card_score(params, s, t, p, vt, c):
    """Gain now, discounted for cards that profit from the producers still in hand, less the
    card's worth in parliament (the card never played is the one kept)."""
    v = card_value(params, s, t, p, vt, c)
    producers = vt[V.PLAY + C.WORKER] > 0 or vt[V.PLAY + C.TRADER] > 0
    if producers and (c == C.ARCHITECT or c == C.FOREMAN or c == C.MAYOR):
        v *= 1.0 - params[W.DEFER]
    return v - politics.keep_value(params, s, t, c)


@njit(_nrt=False)
def character_choice(params, s, t, p, opts, n, noise):
    """The character to play now (CUBA-R12). On the round's last play the other card stays
    in hand, so each card is valued as if it were the last one played (with the target
    building); else with the plain value table of the resources."""
    last = t[T.MISC + M.CARDS_PLAYED] - s[S.pbase(p) + P.NPLAYED] == 1 and n == 2
    vt = stack_array(V_SIZE, 0, np.float64)  # scratch without allocation (see core.jit)
    if not last:
        values.value_table(params, s, t, p, vt, False, values.NONE)
    best = NEG
    bi = 0
    for i in range(n):
        c = actions.payload_of(opts[i])
        if last:
            values.value_table(params, s, t, p, vt, True, actions.payload_of(opts[1 - i]))
        v = card_score(params, s, t, p, vt, c)
        best, bi = better(v + noise[i], i, best, bi)
    return bi


@njit(_nrt=False)
def hide_card_choice(params, s, t, p, vt, opts, n):
    """CUBA-V1: the card to keep face down: worth most in parliament, least in play."""
    best = NEG
    bi = 0
    for i in range(n):
        c = actions.payload_of(opts[i])
        v = politics.keep_value(params, s, t, c) - card_value(params, s, t, p, vt, c)
        best, bi = better(v, i, best, bi)
    return bi
