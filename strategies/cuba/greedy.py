"""Greedy kernel: one-ply look-ahead. Each legal option is applied to a copy of the state
(rules.apply); the sub-decision it opens in the player's own turn is searched one more ply,
the rest of the turn is finished with the plan's own choices (heuristic.plan_choice); the
resulting state is scored with a weighted evaluation: VP plus valued assets, from the deciding
player's point of view. Bids are secret, so they are never looked ahead: the plan's bid rule
decides them, as it decides single market steps.
"""
import numpy as np

from core.cuba.actions import MAX_OPTIONS, legal
from core.cuba.codes import EVW, M_CARDS_PLAYED, M_END_BUILDING_VP, NCHARS, NFIELDS, NKINDS, T_MISC
from core.cuba.rules import apply
from core.cuba.state import (
    DK_ARCH_FIELD, DK_ARCHITECT, DK_BID, DK_BUILDING_USE, DK_FOREMAN_MODE, DK_FOREMAN_NEXT,
    DK_MAYOR, DK_TRADE_MODE, DK_TRADE_STEP, DK_WORKER_FIELDS, DK_WORKER_POS, G_CUR, G_DK,
    G_NP, G_PHASE, G_TURN, P_FIELD, P_HAND, P_MONEY, P_VP, PH_ACTIONS, PH_OVER, STATE_SIZE, have,
    pbase,
)
from core.jit import copy_into, njit, stack_array
from strategies.cuba.plan import NPLAN, PLAN_PARAMS, SPITE
from strategies.cuba.heuristic import plan_choice
from strategies.cuba.politics import keep_value
from strategies.common.spec import Param
from strategies.cuba.values import NONE, V_MV, V_SIZE, pv, use_potential, value_table

KERNEL = "greedy"
DESCRIPTION = ("one-ply look-ahead: applies each option to a copy, finishes its own turn and "
               "scores VP plus weighted assets")
PARAMS = PLAN_PARAMS + (
    Param("assets", "weight of the valued assets (pieces, money, building uses to come, the "
                    "card kept for parliament) against VP in the evaluation"),
    Param("breadth", "most options looked at per decision below the first ply; more are "
                     "sampled evenly"),
)
ASSETS = NPLAN
BREADTH = NPLAN + 1
MAX_TAIL = 60  # plan steps that finish a turn


@njit(_nrt=False)
def evaluate(params, s, t, me, vt):
    """VP (the end bonus of the buildings owned counted as scored) plus weighted assets of
    player `me`, less `spite` times the opponents' mean VP."""
    b = pbase(me)
    value_table(params, s, t, me, vt, False, NONE)
    assets = s[b + P_MONEY] * vt[V_MV]
    for k in range(NKINDS):
        for j in range(have(s, b, k)):
            assets += pv(vt, k, j, NONE)
    built = 0
    for f in range(1, NFIELDS):
        k = s[b + P_FIELD + f]
        if k >= 0:
            built += 1
            assets += use_potential(params, s, t, me, vt, k)
    if s[G_PHASE] == PH_ACTIONS:
        keep = 0.0
        for c in range(NCHARS):
            if s[b + P_HAND + c] == 1:
                keep = max(keep, keep_value(params, s, t, c))
        assets += keep
    others = 0.0
    for q in range(s[G_NP]):
        if q != me:
            others += s[pbase(q) + P_VP]
    end_bonus = 0 if s[G_PHASE] == PH_OVER else built * t[T_MISC + M_END_BUILDING_VP]
    return (s[b + P_VP] + end_bonus + params[ASSETS] * assets
            - params[SPITE] * others / max(s[G_NP] - 1, 1))


@njit(inline="always")
def in_turn(s, me):
    """Whether `me` faces a sub-decision of their own character action."""
    if s[G_CUR] != me or s[G_PHASE] == PH_OVER:
        return False
    dk = s[G_DK]
    return (dk == DK_WORKER_POS or dk == DK_WORKER_FIELDS or dk == DK_TRADE_MODE
            or dk == DK_TRADE_STEP or dk == DK_ARCHITECT or dk == DK_ARCH_FIELD
            or dk == DK_FOREMAN_MODE or dk == DK_FOREMAN_NEXT or dk == DK_BUILDING_USE
            or dk == DK_MAYOR)


@njit(inline="always")
def stride(n, breadth):
    """Step that samples at most `breadth` of n options evenly."""
    return max(1, (n + breadth - 1) // breadth)


@njit(inline="always")
def any_field(s, t):
    """Whether the pending choice is a field for a building whose place cannot change the
    evaluation: evaluate() counts buildings, not where they stand, and the next decision is
    another character play (no statutes are scored on the way)."""
    return (s[G_DK] == DK_ARCH_FIELD
            and s[G_TURN] < s[G_NP] * t[T_MISC + M_CARDS_PLAYED])


@njit(_nrt=False)
def complete(params, s, t, me, opts, tr):
    """Finish me's turn in place with the plan's own choices (heuristic.plan_choice; a field
    that cannot change the evaluation is not chosen with care)."""
    steps = 0
    while in_turn(s, me) and steps < MAX_TAIL:
        n = legal(s, t, opts)
        i = 0
        if n > 1 and not any_field(s, t):
            i = plan_choice(params, s, t, opts, n)
        apply(s, t, opts[i], tr)
        steps += 1


@njit(_nrt=False)
def outlook(params, s, t, me, vt, tr, s2, opts, inner):
    """Value of s for me. A pending sub-decision of me's turn is searched one ply (a market
    visit is not: it is finished with the plan's choices), then the turn is finished.
    s2, opts and inner are scratch (a state, two option lists)."""
    if not in_turn(s, me) or s[G_DK] == DK_TRADE_STEP:
        complete(params, s, t, me, opts, tr)
        return evaluate(params, s, t, me, vt)
    n = legal(s, t, opts)
    if any_field(s, t):
        n = 1  # every field evaluates the same
    best = -1e18
    for i in range(n - 1, -1, -stride(n, max(1, int(params[BREADTH])))):
        copy_into(s2, s)
        apply(s2, t, opts[i], tr)
        complete(params, s2, t, me, inner, tr)
        best = max(best, evaluate(params, s2, t, me, vt))
    return best


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the option whose look-ahead evaluates best. Bids (secret) and
    single market steps (a visit must end) follow the plan's rules instead."""
    me = s[G_CUR]
    dk = s[G_DK]
    if dk == DK_BID or dk == DK_TRADE_STEP:
        return plan_choice(params, s, t, opts, n)
    if any_field(s, t):
        return n - 1  # every field evaluates the same: the first looked at (the last) wins
    # scratch on the stack, reused for every option (see core.jit)
    vt = stack_array(V_SIZE, 0, np.float64)
    tr = stack_array(1, EVW, np.int32)  # a one-row trace buffer records nothing
    s2 = stack_array(STATE_SIZE, 0, np.int32)  # one ply down
    s3 = stack_array(STATE_SIZE, 0, np.int32)  # two plies down
    opts2 = stack_array(MAX_OPTIONS, 0, np.int32)
    opts3 = stack_array(MAX_OPTIONS, 0, np.int32)
    best = -1e18
    bi = 0
    for i in range(n - 1, -1, -1):  # last first: ties keep 'pass' or 'done'
        copy_into(s2, s)
        apply(s2, t, opts[i], tr)
        v = outlook(params, s2, t, me, vt, tr, s3, opts2, opts3)
        if v > best:
            best = v
            bi = i
    return bi
