"""Heuristic kernel: scores every legal option with the plan's valuation (values.py) and
takes the best, at every decision point. The named plans are presets of its weights."""
import numpy as np

from core.common.arith import popcount
from core.cuba import actions
from core.cuba import codes as C
from core.cuba.state import DK, G
from core.cuba.actions import MAX_OPTIONS  # a stack_array size: imported by name
from core.jit import njit, stack_array
from strategies.cuba import buildings
from strategies.cuba import characters
from strategies.cuba import harbour
from strategies.cuba import placement
from strategies.cuba import plan
from strategies.cuba import politics
from strategies.cuba import production
from strategies.cuba import values
from strategies.cuba.noise import draw_noise
from strategies.cuba.plan import W
from strategies.cuba.values import V, V_SIZE  # sizes by name: stack_array literals

KERNEL = "heuristic"
DESCRIPTION = ("scores each legal option with a weighted valuation of pieces, money, buildings "
               "and acts")
PARAMS = plan.PLAN_PARAMS
RESOURCE_BITS = (1 << 3 * (C.WA + 1)) - 1  # the resources of a packed piece vector
WEIGHS_RESOURCES = DK.mask("weighs_resources")  # kinds valued with the target building
MONEY_ONLY = DK.mask("money_only")  # kinds valued by the value of money alone
NOISY = (1 << DK.CHARACTER) | (1 << DK.WORKER_POSITION) | (1 << DK.ARCHITECT)  # see plan_choice


@njit(_nrt=False)
def needs_target(s, t, dk, opts, n):
    """Whether the decision weighs resources (its kind has the property weighs_resources),
    so needs the building they are saved for (the costliest part of the valuation). The
    character choice, the most frequent decision, makes do with plain resource values; the
    worker's fields weigh water only when more fields yield than are free, the duty resources
    only when a payment holds some."""
    if (WEIGHS_RESOURCES >> dk) & 1 == 0:
        return False
    if dk == DK.WORKER_FIELDS:
        free = actions.worker_free_fields(s, t)
        for i in range(n):
            if popcount(actions.payload_of(opts[i])) > free:
                return True
        return False
    if dk == DK.DUTY:
        for i in range(n - 1):  # the last option pays nothing
            if actions.payload_of(opts[i]) & RESOURCE_BITS:
                return True
        return False
    return True


@njit(_nrt=False)
def plan_choice(params, s, t, opts, n, noise):
    """Index of the best option of the pending decision under the plan's weights, noise[i]
    added to option i's value in the decisions that set a game's course: the character, the
    pawn's position, what the architect builds. The others follow their values exactly (many
    of their options tie, and a tie broken at random costs strength)."""
    p = s[G.CUR]
    dk = s[G.DK]
    if dk == DK.FOREMAN_NEXT:
        return buildings.foreman_next_choice(s, t, p, opts, n)
    if dk == DK.CHARACTER:  # builds the value tables it needs
        return characters.character_choice(params, s, t, p, opts, n, noise)
    vt = stack_array(V_SIZE, 0, np.float64)  # scratch without allocation (see core.jit)
    if (MONEY_ONLY >> dk) & 1:
        vt[V.MV] = values.money_value(params, s, t)
    else:
        values.value_table(params, s, t, p, vt, needs_target(s, t, dk, opts, n), values.NONE)
    return choice_with(params, s, t, p, dk, vt, opts, n, noise)


@njit(_nrt=False)
def choice_with(params, s, t, p, dk, vt, opts, n, noise):
    """plan_choice for decision kind dk with the value table vt (the character choice and
    the foreman's order are decided before a table is built)."""
    if dk == DK.WORKER_POSITION:
        return production.worker_position_choice(params, s, t, p, vt, opts, n, noise)
    if dk == DK.WORKER_FIELDS:
        return production.worker_fields_choice(s, t, p, vt, opts, n)
    if dk == DK.TRADE_MODE:
        return production.trade_mode_choice(params, s, t, p, vt, opts, n)
    if dk == DK.TRADE_STEP:
        return production.trade_step_choice(params, s, t, p, vt, opts, n)
    if dk == DK.ARCHITECT:
        return buildings.architect_choice(params, s, t, p, vt, opts, n, noise)
    if dk == DK.ARCHITECT_FIELD:
        return placement.architect_field_choice(params, s, t, p, vt, opts, n)
    if dk == DK.FOREMAN_MODE:
        return buildings.foreman_mode_choice(params, s, t, p, vt, opts, n)
    if dk == DK.BUILDING_USE:
        return buildings.building_use_choice(params, s, t, p, vt, opts, n)
    if dk == DK.MAYOR:
        return harbour.mayor_choice(params, s, t, p, vt, opts, n)
    if dk == DK.BID:
        return politics.bid_choice(params, s, t, p, vt, opts, n)
    if dk == DK.BILLS:
        return politics.bills_choice(params, s, t, p, vt, opts, n)
    if dk == DK.TAX:
        return politics.tax_choice(params, s, t, p, vt, opts, n)
    if dk == DK.DUTY:
        return politics.duty_choice(params, s, t, p, vt, opts, n)
    if dk == DK.SETUP_PIECES:
        return production.setup_pieces_choice(s, t, p, vt, opts, n)
    if dk == DK.HIDE_CARD:
        return characters.hide_card_choice(params, s, t, p, vt, opts, n)
    return 0


@njit(_nrt=False)
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the plan's choice, with the seeded noise of its `variety` (the rng
    is used only when variety > 0)."""
    noise = stack_array(MAX_OPTIONS, 0, np.float64)  # scratch on the stack (see core.jit)
    draw_noise(params[W.VARIETY] if (NOISY >> s[G.DK]) & 1 else 0.0, rng, noise, n)
    return plan_choice(params, s, t, opts, n, noise)
