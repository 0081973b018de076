"""Heuristic kernel: scores every legal option with the plan's valuation (values.py) and
takes the best, at every decision point. The named plans are presets of its weights."""
import numpy as np

from core.cuba.state import (
    DK_ARCH_FIELD, DK_ARCHITECT, DK_BID, DK_BILLS, DK_BUILDING_USE, DK_CHARACTER, DK_DUTY,
    DK_FOREMAN_MODE, DK_FOREMAN_NEXT, DK_HIDE_CARD, DK_MAYOR, DK_SETUP_PIECES, DK_TAX,
    DK_TRADE_MODE, DK_TRADE_STEP, DK_WORKER_FIELDS, DK_WORKER_POS, G_CUR, G_DK,
)
from core.cuba.actions import payload_of, worker_free_fields
from core.cuba.codes import WA
from core.jit import njit, stack_array
from strategies.cuba.buildings import (
    architect_choice, building_use_choice, foreman_mode_choice, foreman_next_choice,
)
from strategies.cuba.characters import character_choice, hide_choice
from strategies.cuba.harbour import mayor_choice
from strategies.cuba.plan import PLAN_PARAMS
from strategies.cuba.placement import field_choice
from strategies.cuba.politics import bid_choice, bills_choice, duty_choice, tax_choice
from strategies.cuba.production import (
    fields_choice, position_choice, setup_choice, trade_mode_choice, trade_step_choice,
)
from strategies.cuba.values import NONE, V_MV, V_SIZE, money_value, value_table

KERNEL = "heuristic"
DESCRIPTION = ("scores each legal option with a weighted valuation of pieces, money, buildings "
               "and acts")
PARAMS = PLAN_PARAMS
RESOURCE_BITS = (1 << 3 * (WA + 1)) - 1  # the resources of a packed piece vector


@njit(inline="always")
def bit_count(m):
    """Number of set bits of m."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@njit(_nrt=False)
def needs_target(s, t, dk, opts, n):
    """Whether the decision weighs resources, so needs the building they are saved for (the
    costliest part of the valuation). The character choice, the most frequent decision, makes
    do with plain resource values; the worker's fields weigh water only when more fields
    yield than are free, the duty resources only when a payment holds some."""
    if dk == DK_WORKER_FIELDS:
        free = worker_free_fields(s, t)
        for i in range(n):
            if bit_count(payload_of(opts[i])) > free:
                return True
        return False
    if dk == DK_DUTY:
        for i in range(n - 1):  # the last option pays nothing
            if payload_of(opts[i]) & RESOURCE_BITS:
                return True
        return False
    return not (dk == DK_CHARACTER or dk == DK_TRADE_STEP or dk == DK_FOREMAN_MODE
                or dk == DK_FOREMAN_NEXT or dk == DK_MAYOR or dk == DK_BID or dk == DK_BILLS
                or dk == DK_TAX)


@njit(_nrt=False)
def plan_choice(params, s, t, opts, n):
    """Index of the best option of the pending decision under the plan's weights."""
    p = s[G_CUR]
    dk = s[G_DK]
    if dk == DK_FOREMAN_NEXT:
        return foreman_next_choice(s, t, p, opts, n)
    if dk == DK_CHARACTER:  # builds the value tables it needs
        return character_choice(params, s, t, p, opts, n)
    vt = stack_array(V_SIZE, 0, np.float64)  # scratch without allocation (see core.jit)
    if dk == DK_BID or dk == DK_BILLS or dk == DK_TAX:
        # these read only the value of money from the table
        vt[V_MV] = money_value(params, s, t)
    else:
        value_table(params, s, t, p, vt, needs_target(s, t, dk, opts, n), NONE)
    return choice_with(params, s, t, p, dk, vt, opts, n)


@njit(_nrt=False)
def choice_with(params, s, t, p, dk, vt, opts, n):
    """plan_choice for decision kind dk with the value table vt (the character choice and
    the foreman's order are decided before a table is built)."""
    if dk == DK_WORKER_POS:
        return position_choice(params, s, t, p, vt, opts, n)
    if dk == DK_WORKER_FIELDS:
        return fields_choice(s, t, p, vt, opts, n)
    if dk == DK_TRADE_MODE:
        return trade_mode_choice(params, s, t, p, vt, opts, n)
    if dk == DK_TRADE_STEP:
        return trade_step_choice(params, s, t, p, vt, opts, n)
    if dk == DK_ARCHITECT:
        return architect_choice(params, s, t, p, vt, opts, n)
    if dk == DK_ARCH_FIELD:
        return field_choice(params, s, t, p, vt, opts, n)
    if dk == DK_FOREMAN_MODE:
        return foreman_mode_choice(params, s, t, p, vt, opts, n)
    if dk == DK_BUILDING_USE:
        return building_use_choice(params, s, t, p, vt, opts, n)
    if dk == DK_MAYOR:
        return mayor_choice(params, s, t, p, vt, opts, n)
    if dk == DK_BID:
        return bid_choice(params, s, t, p, vt, opts, n)
    if dk == DK_BILLS:
        return bills_choice(params, s, t, p, vt, opts, n)
    if dk == DK_TAX:
        return tax_choice(params, s, t, p, vt, opts, n)
    if dk == DK_DUTY:
        return duty_choice(params, s, t, p, vt, opts, n)
    if dk == DK_SETUP_PIECES:
        return setup_choice(s, t, p, vt, opts, n)
    if dk == DK_HIDE_CARD:
        return hide_choice(params, s, t, p, vt, opts, n)
    return 0


@njit(_nrt=False)
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n] (deterministic: the rng is not used)."""
    return plan_choice(params, s, t, opts, n)
