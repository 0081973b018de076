"""Greedy kernel: one-ply look-ahead. Each legal option is applied to a copy of the state
(rules.apply); the sub-decision it opens in the player's own turn is searched one more ply,
the rest of the turn is finished with the plan's own choices (heuristic.plan_choice); the
resulting state is scored with a weighted evaluation: VP plus valued assets, from the deciding
player's point of view. Bids are secret, so they are never looked ahead: the plan's bid rule
decides them, as it decides single market steps.
"""
import numpy as np

from core.cuba import actions
from core.cuba import codes as C
from core.cuba import rules
from core.cuba import state as S
from core.cuba.actions import MAX_OPTIONS  # sizes by name (also below): stack_array literals
from core.cuba.codes import EVW, M, T
from core.cuba.state import DK, G, P, PH, STATE_SIZE
from core.jit import copy_into, njit, stack_array
from strategies.common.spec import Param
from strategies.cuba import heuristic
from strategies.cuba import plan
from strategies.cuba import politics
from strategies.cuba import values
from strategies.common.argmax import NEG, better
from strategies.cuba.noise import draw_noise, no_noise
from strategies.cuba.plan import W
from strategies.cuba.values import V, V_SIZE

KERNEL = "greedy"
DESCRIPTION = ("one-ply look-ahead: applies each option to a copy, finishes its own turn and "
               "scores VP plus weighted assets")
PARAMS = plan.PLAN_PARAMS + (
    Param("assets", "weight of the valued assets (pieces, money, building uses to come, the "
                    "card kept for parliament) against VP in the evaluation"),
    Param("breadth", "most options looked at per decision below the first ply; more are "
                     "sampled evenly", low=1, integer=True),
)
ASSETS = plan.NPLAN
BREADTH = plan.NPLAN + 1
IN_TURN = DK.mask("in_turn")
MAX_TAIL = 60  # plan steps that finish a turn


@njit(_nrt=False)
def evaluate(params, s, t, me, vt):
    """VP (the end bonus of the buildings owned counted as scored) plus weighted assets of
    player `me`, less `spite` times the opponents' mean VP."""
    b = S.pbase(me)
    values.value_table(params, s, t, me, vt, False, values.NONE)
    assets = s[b + P.MONEY] * vt[V.MV]
    for k in range(C.NKINDS):
        for j in range(S.have(s, b, k)):
            assets += values.pv(vt, k, j, values.NONE)
    built = 0
    for f in range(1, C.NFIELDS):
        k = s[b + P.FIELD + f]
        if k >= 0:
            built += 1
            assets += values.use_potential(params, s, t, me, vt, k)
    if s[G.PHASE] == PH.ACTIONS:
        keep = 0.0
        for c in range(C.NCHARS):
            if s[b + P.HAND + c] == 1:
                keep = max(keep, politics.keep_value(params, s, t, c))
        assets += keep
    others = 0.0
    for q in range(s[G.NP]):
        if q != me:
            others += s[S.pbase(q) + P.VP]
    end_bonus = 0 if s[G.PHASE] == PH.OVER else built * t[T.MISC + M.END_BUILDING_VP]
    return (s[b + P.VP] + end_bonus + params[ASSETS] * assets
            - params[W.SPITE] * others / max(s[G.NP] - 1, 1))


@njit(inline="always")
def in_turn(s, me):
    """Whether `me` faces a sub-decision of their own character action."""
    if s[G.CUR] != me or s[G.PHASE] == PH.OVER:
        return False
    return (IN_TURN >> s[G.DK]) & 1 == 1


@njit(inline="always")
def stride(n, breadth):
    """Step that samples at most `breadth` of n options evenly."""
    return max(1, (n + breadth - 1) // breadth)


@njit(inline="always")
def any_field(s, t):
    """Whether the pending choice is a field for a building whose place cannot change the
    evaluation: evaluate() counts buildings, not where they stand, and the next decision is
    another character play (no statutes are scored on the way)."""
    return (s[G.DK] == DK.ARCHITECT_FIELD
            and s[G.TURN] < s[G.NP] * t[T.MISC + M.CARDS_PLAYED])


@njit(_nrt=False)
def complete(params, s, t, me, opts, tr, zeros):
    """Finish me's turn in place with the plan's own choices (heuristic.plan_choice, with the
    zero noise `zeros`; a field that cannot change the evaluation is not chosen with care)."""
    steps = 0
    while in_turn(s, me) and steps < MAX_TAIL:
        n = actions.legal(s, t, opts)
        i = 0
        if n > 1 and not any_field(s, t):
            i = heuristic.plan_choice(params, s, t, opts, n, zeros)
        rules.apply(s, t, opts[i], tr)
        steps += 1


@njit(_nrt=False)
def outlook(params, s, t, me, vt, tr, s2, opts, inner, zeros):
    """Value of s for me. A pending sub-decision of me's turn is searched one ply (a market
    visit is not: it is finished with the plan's choices), then the turn is finished.
    s2, opts and inner are scratch (a state, two option lists); zeros the plan's zero noise."""
    if not in_turn(s, me) or s[G.DK] == DK.TRADE_STEP:
        complete(params, s, t, me, opts, tr, zeros)
        return evaluate(params, s, t, me, vt)
    n = actions.legal(s, t, opts)
    if any_field(s, t):
        n = 1  # every field evaluates the same
    best = NEG
    for i in range(n - 1, -1, -stride(n, max(1, int(params[BREADTH])))):
        copy_into(s2, s)
        rules.apply(s2, t, opts[i], tr)
        complete(params, s2, t, me, inner, tr, zeros)
        best = max(best, evaluate(params, s2, t, me, vt))
    return best


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the option whose look-ahead evaluates best (the character with the
    seeded noise of `variety`: what sets a game's course; ties elsewhere keep their order).
    Bids (secret) and single market steps (a visit must end) follow the plan's rules
    instead."""
    me = s[G.CUR]
    dk = s[G.DK]
    if dk == DK.BID or dk == DK.TRADE_STEP:
        return heuristic.plan_choice(params, s, t, opts, n, no_noise())
    if any_field(s, t):
        return n - 1  # every field evaluates the same: the first looked at (the last) wins
    # scratch on the stack, reused for every option (see core.jit)
    vt = stack_array(V_SIZE, 0, np.float64)
    tr = stack_array(1, EVW, np.int32)  # a one-row trace buffer records nothing
    s2 = stack_array(STATE_SIZE, 0, np.int32)  # one ply down
    s3 = stack_array(STATE_SIZE, 0, np.int32)  # two plies down
    opts2 = stack_array(MAX_OPTIONS, 0, np.int32)
    opts3 = stack_array(MAX_OPTIONS, 0, np.int32)
    noise = stack_array(MAX_OPTIONS, 0, np.float64)
    zeros = no_noise()  # once per decision, for every look-ahead's plan choices
    draw_noise(params[W.VARIETY] if dk == DK.CHARACTER else 0.0, rng, noise, n)
    best = NEG
    bi = 0
    for i in range(n - 1, -1, -1):  # last first: ties keep 'pass' or 'done'
        copy_into(s2, s)
        rules.apply(s2, t, opts[i], tr)
        v = outlook(params, s2, t, me, vt, tr, s3, opts2, opts3, zeros)
        best, bi = better(v + noise[i], i, best, bi)
    return bi
