"""Greedy kernel: one-ply look-ahead. Each action of the main decision is carried out on a copy
of the state (rules.begin_payment, pay with the cheapest payment, resolve_action) and the
result is scored with a weighted evaluation from the deciding player's point of view: money if
the game ended now, what the holdings still promise, the cards in hand, less `spite` times the
richest opponent's money. A draw is scored by the number of cards it gives, never by which:
the pile is hidden, so the copy never draws. Discovery (blind) and payment follow the shared
rules of values.py.
"""
import numpy as np

from core.common.trace import EVW
from core.jit import copy_into, njit, stack_array
from core.siberia import actions
from core.siberia import state as S
from core.siberia.actions import MAX_OPTIONS, OT
from core.siberia.codes import M, NSYM, T
from core.siberia.rules import begin_payment, pay, resolve_action
from core.siberia.state import DK, G, STATE_SIZE
from strategies.common.spec import Param
from strategies.siberia.values import (
    DISCOVER_CHOICES, NW, W_CARD, W_HIRE_UNTIL, W_INVESTOR, W_MINE, W_MIN_MINE, W_RICH,
    W_SALESMAN, W_WORKER, W_WORKER_TARGET, cheapest_payment, discovery_pick, hand_worth,
    outlook, potential, symbol_interest,
)

KERNEL = "greedy"
DESCRIPTION = ("one-ply look-ahead: carries out each action on a copy and scores money, the "
               "holdings' promise and the hand, less spite times the richest opponent")
PARAMS = (
    Param("worker", "money (thousands) each worker up to the target promises at the start; "
                    "falls with the hire outlook"),
    Param("worker_target", "workers wanted; more promise nothing"),
    Param("salesman", "weight of a held salesman's expected future upgrades"),
    Param("investor", "weight of a held investor's expected savings (a card per mining of its "
                      "kind still to come)"),
    Param("hire_until", "share of the resource cards discovered at which holdings stop "
                        "promising (0..1)"),
    Param("card", "money (thousands) one action card in hand is worth"),
    Param("spite", "weight of the richest opponent's money, subtracted"),
    Param("discover", "optional discoveries: always, or only while leading",
          DISCOVER_CHOICES),
)
WORKER, TARGET, SALESMAN, INVESTOR, HIRE_UNTIL, CARD, SPITE, DISCOVER = range(8)


@njit(inline="always")
def weights(params, w):
    """Fill w with the values.py weights row of the greedy parameters (money counts as it
    is)."""
    w[W_MINE] = 1.0
    w[W_RICH] = 0.0
    w[W_WORKER] = params[WORKER]
    w[W_WORKER_TARGET] = params[TARGET]
    w[W_SALESMAN] = params[SALESMAN]
    w[W_INVESTOR] = params[INVESTOR]
    w[W_HIRE_UNTIL] = params[HIRE_UNTIL]
    w[W_CARD] = params[CARD]
    w[W_MIN_MINE] = 0.0


@njit
def evaluate(w, spite, s, t, me, frac, interest, extra_cards):
    """Money of `me` now, the promise of the holdings, the hand (plus extra_cards unseen
    cards), less spite times the richest opponent's money."""
    b = S.pbase(me)
    value = S.money(s, t, me) + potential(w, s, t, b, frac)
    if s[G.FINAL_LEFT] < 0:
        value += hand_worth(w, s, t, b, interest) + extra_cards * w[W_CARD]
    richest = 0
    for q in range(s[G.NP]):
        if q != me:
            richest = max(richest, S.money(s, t, q))
    return value - spite * richest


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the option whose outcome evaluates best."""
    dk = s[G.DK]
    if dk == DK.DISCOVER:
        return discovery_pick(s, t, opts, n, int(params[DISCOVER]))
    me = s[G.CUR]
    b = S.pbase(me)
    w = stack_array(NW, 0, np.float64)  # scratch on the stack (see core.jit)
    weights(params, w)
    frac = outlook(s, t, w[W_HIRE_UNTIL])
    interest = stack_array(NSYM, 0, np.float64)
    symbol_interest(w, s, t, b, frac, interest)
    if dk == DK.PAY:
        return cheapest_payment(w, s, t, b, opts, n, interest)
    tr = stack_array(1, EVW, np.int32)  # a one-row trace buffer records nothing
    pay_opts = stack_array(MAX_OPTIONS, 0, np.int32)
    s2 = stack_array(STATE_SIZE, 0, np.int32)
    best = 0
    top = -1e18
    for i in range(n):
        o = opts[i]
        kind = actions.tag(o)
        if kind == OT.DRAW:
            v = evaluate(w, params[SPITE], s, t, me, frac, interest,
                         actions.draw_count(s, t, b, t[T.MISC + M.DRAW_CARDS]))
        elif kind == OT.SKIP:
            v = evaluate(w, params[SPITE], s, t, me, frac, interest, 0)
        else:
            copy_into(s2, s)
            if not begin_payment(s2, t, me, o):
                m = actions.pay_options(s2, t, pay_opts)
                pay(s2, t, me, pay_opts[cheapest_payment(w, s2, t, b, pay_opts, m, interest)])
            resolve_action(s2, t, tr, me)
            v = evaluate(w, params[SPITE], s2, t, me, frac, interest, t[T.MISC + M.PLAY_DRAW])
        if v > top:
            top = v
            best = i
    return best
