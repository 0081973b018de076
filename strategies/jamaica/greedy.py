"""Greedy kernel: one-ply look-ahead. At a decision taken during the resolution of a card
(route, hold, target, bid, Sabre, spoils, pay, the Ghost Ship's direction) each option is
carried out on a copy of the state whose hidden part is first redrawn from what the seat may
see (core.jamaica.hidden.sample_hidden: no peeking at dice, decks or face-down cards), and the
position the game reaches is scored for the seat: progress, resources kept, its own treasures,
less `spite` times the best-placed opponent. The dice and the card, where a copy shows nothing
yet, are valued like the plan kernel does (values.py).
"""
import numpy as np

from core.common.trace import EVW
from core.jamaica import codes as C
from core.jamaica import rules
from core.jamaica import state as S
from core.jamaica.codes import T
from core.jamaica.hidden import sample_hidden
from core.jamaica.state import DK, G, O, P, STATE_SIZE
from core.jit import copy_into, njit, stack_array
from strategies.common.argmax import NEG, better
from strategies.common.spec import Param
from strategies.jamaica import plan, values
from strategies.jamaica.values import NW, W

KERNEL = "greedy"
DESCRIPTION = ("one-ply look-ahead: each option on a copy with the hidden part redrawn, the "
               "position scored by progress, resources and treasures, less spite")
PARAMS = plan.PARAMS + (
    Param("spite", "weight of the best-placed opponent's position, subtracted"),
)
SPITE = NW


@njit
def position(w, s, t, q, me):
    """What ship q's position is worth, seen by `me`: progress and the finish, doubloons
    (which score) and the other tokens at the plan's weights, treasures (powers face up and the
    cards it knows by worth, the others' face-down cards at their average)."""
    v = w[W.MOVE] * (t[T.TOGO + 0] * 2 - S.togo(s, t, q)) + S.space_value(s, t, q)
    if s[S.pbase(q) + P.RACE] == C.FINISHED:
        v += w[W.FINISH]
    v += (1.0 + w[W.GOLD]) * S.amount(s, q, C.GOLD) + w[W.FOOD] * S.amount(s, q, C.FOOD) \
        + w[W.POWDER] * S.amount(s, q, C.POWDER)
    for c in range(C.NTREASURES):
        if s[O.TOWNER + c] == q:
            if not S.sees_card(s, me, c):
                v += values.BLIND_WORTH
            elif t[T.TREASURE_KIND + c] == C.POWER:
                v += values.POWER_WORTH[t[T.TREASURE_VALUE + c]]
            else:
                v += t[T.TREASURE_VALUE + c]
    return v


@njit
def evaluate(w, spite, s, t, me):
    """The seat's position less spite times the best opponent's."""
    best = -1e18
    for q in range(s[G.NP]):
        if q != me:
            best = max(best, position(w, s, t, q, me))
    return position(w, s, t, me, me) - spite * best


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the option whose outcome evaluates best."""
    dk = s[G.DK]
    if dk == DK.CARD or dk == DK.DICE:
        return plan.decide(params, s, t, opts, n)
    me = s[G.CUR]
    s2 = stack_array(STATE_SIZE, 0, np.int32)
    tr = stack_array(1, EVW, np.int32)  # a one-row trace buffer records nothing
    best = 0
    top = NEG
    for i in range(n):
        copy_into(s2, s)
        sample_hidden(s2, t, me, rng)
        rules.apply(s2, t, opts[i], tr)
        v = evaluate(params, params[SPITE], s2, t, me)
        top, best = better(v, i, top, best)
    return best
