"""Greedy kernel: one-ply look-ahead. Each action of the main decision is carried out on a copy
of the state (rules.begin_payment, pay with the cheapest payment, resolve_action) and the
result is scored with a weighted evaluation from the deciding player's point of view: money if
the game ended now, what the holdings still promise, the cards in hand, less `spite` times the
richest opponent's money. A draw is scored by the number of cards it gives, never by which:
the pile is hidden, so the copy never draws. Discovery (blind) and payment follow the shared
rules of values.py. Its `variety` defaults to 0 in the presets: greedy is the deterministic
baseline and the search's rollout policy.
"""
import numpy as np

from core.common.trace import EVW
from core.jit import copy_into, njit, stack_array
from core.siberia import actions, rules
from core.siberia import state as S
from core.siberia.actions import MAX_OPTIONS, OT
from core.siberia.codes import M, NSYM, T
from core.siberia.state import DK, G, P, STATE_SIZE  # sizes by name: stack_array wants literals
from strategies.common import variety
from strategies.common.spec import Param
from strategies.common.variety import VARIETY
from strategies.siberia import values
from strategies.siberia.values import NW, W

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
          values.DISCOVER_CHOICES),
    VARIETY,
)
WORKER, TARGET, SALESMAN, INVESTOR, HIRE_UNTIL, CARD, SPITE, DISCOVER, NOISE = range(9)


@njit(inline="always")
def weights(params, w):
    """Fill w with the values.py weights row of the greedy parameters (money counts as it
    is)."""
    w[W.MINE] = 1.0
    w[W.RICH] = 0.0
    w[W.WORKER] = params[WORKER]
    w[W.WORKER_TARGET] = params[TARGET]
    w[W.SALESMAN] = params[SALESMAN]
    w[W.INVESTOR] = params[INVESTOR]
    w[W.HIRE_UNTIL] = params[HIRE_UNTIL]
    w[W.CARD] = params[CARD]
    w[W.MIN_MINE] = 0.0


@njit
def evaluate(w, spite, s, t, me, frac, interest, extra_cards):
    """Money of `me` now, the promise of the holdings, the hand (plus extra_cards unseen
    cards) in the share the turns to come can spend, less spite times the richest opponent's
    money."""
    b = S.pbase(me)
    value = S.money(s, t, me) + values.potential(w, s, t, b, frac)
    if s[G.FINAL_LEFT] < 0:
        hand = values.hand_worth(w, s, t, b, interest) + extra_cards * w[W.CARD]
        value += hand * values.hand_share(s, t, s[b + P.HAND_N] + extra_cards)
    richest = 0
    for q in range(s[G.NP]):
        if q != me:
            richest = max(richest, S.money(s, t, q))
    return value - spite * richest


@njit(inline="always")
def main_choice(w, spite, s, t, opts, n, rng, scale):
    """SIB-R6: the option whose outcome evaluates best (plus the seeded noise of scale
    `scale`); an action is carried out on a copy, paid with the cheapest payment."""
    me = s[G.CUR]
    b = S.pbase(me)
    frac = values.outlook(s, t, w[W.HIRE_UNTIL])
    interest = stack_array(NSYM, 0, np.float64)
    values.symbol_interest(w, s, t, b, frac, interest)
    tr = stack_array(1, EVW, np.int32)  # a one-row trace buffer records nothing
    pay_opts = stack_array(MAX_OPTIONS, 0, np.int32)
    s2 = stack_array(STATE_SIZE, 0, np.int32)
    best = 0
    top = -1e18
    for i in range(n):
        o = opts[i]
        kind = actions.tag(o)
        if kind == OT.DRAW:
            v = evaluate(w, spite, s, t, me, frac, interest,
                         actions.draw_count(s, t, b, t[T.MISC + M.DRAW_CARDS]))
        elif kind == OT.SKIP:
            v = evaluate(w, spite, s, t, me, frac, interest, 0)
        else:
            copy_into(s2, s)
            if not rules.begin_payment(s2, t, me, o):
                m = actions.pay_options(s2, t, pay_opts)
                cheapest = values.cheapest_payment(w, s2, t, b, pay_opts, m, interest)
                rules.pay(s2, t, me, pay_opts[cheapest])
            rules.resolve_action(s2, t, tr, me)
            v = evaluate(w, spite, s2, t, me, frac, interest, t[T.MISC + M.PLAY_DRAW])
        v += variety.noise(rng, scale)
        if v > top:
            top = v
            best = i
    return best


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the option whose outcome evaluates best."""
    dk = s[G.DK]
    if dk == DK.DISCOVER:
        return values.discover_choice(s, t, opts, n, int(params[DISCOVER]))
    w = stack_array(NW, 0, np.float64)  # scratch on the stack (see core.jit)
    weights(params, w)
    if dk == DK.PAY:
        return values.pay_choice(w, s, t, opts, n)
    return main_choice(w, params[SPITE], s, t, opts, n, rng, params[NOISE])
