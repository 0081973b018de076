"""Where the architect puts a building: on the field that leaves the best *home*, the pawn
position where the worker's yield and the foreman's use of the buildings in its row and
column are worth most. So producing fields stay open and buildings that work together (a
factory and its café) share a row or column."""
import numpy as np

from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import NFIELDS, T  # sizes by name (also below): stack_array literals
from core.cuba.state import G, O, P, STATE_SIZE
from core.jit import copy_into, njit, stack_array
from strategies.cuba import buildings
from strategies.cuba import production
from strategies.cuba import values
from strategies.common.argmax import NEG, better
from strategies.cuba.plan import W
from strategies.cuba.values import V, V_SIZE

TABLES = 2 * C.NFIELDS  # best_field's scratch: per pawn position, base value and gain


@njit(inline="always")
def crosses(f, g):
    """Whether fields f and g share a row or a column."""
    return f // C.NCOLS == g // C.NCOLS or f % C.NCOLS == g % C.NCOLS


@njit(_nrt=False)
def typical_round(s, b, out):
    """out = s where the player holds no merchandise and all five characters, none played: a
    round's products must come from that round's yield, and whether this round's foreman is
    still to come says nothing about a typical round."""
    copy_into(out, s)
    for i in range(C.NMERCH):
        out[b + P.LOT + C.CI + i] = 0
    for i in range(3):
        out[b + P.STORED + i] = 0
    for c in range(C.NCHARS):
        out[b + P.HAND + c] = 1
    out[b + P.NPLAYED] = 0


@njit(_nrt=False)
def field_yield(s, t, b, vt, f):
    """What an open field f adds to the worker's yield in a typical round (a product field
    only counts half: other product fields may take its place)."""
    if s[b + P.FIELD + f] >= 0:
        return 0.0
    ft = S.field_type(s, t, b, f)
    if C.F_FO <= ft <= C.F_LA:
        return values.pv(vt, ft - C.F_FO, 0, values.NONE)
    if C.F_CI <= ft <= C.F_TO:
        return 0.5 * values.pv(vt, C.CI + ft - C.F_CI, 0, values.NONE)
    return 0.0


@njit(_nrt=False)
def open_field_loss(params, s, t, b, vt, f):
    """Subsidy for open fields that covering field f gives up."""
    c = s[O.ACTS + C.SUBSIDY]
    if c < 0:
        return 0.0
    ef = t[T.STATUTE_EFFECT + c]
    ft = S.field_type(s, t, b, f)
    resource = C.F_FO <= ft <= C.F_LA
    product = C.F_CI <= ft <= C.F_TO
    if (ef == C.EF_SUB_OPEN_RES and resource) or (ef == C.EF_SUB_OPEN_PROD and product):
        return t[T.STATUTE_PARAM + 2 * c] * params[W.STATUTE] * min(2.0, vt[V.FUT] + 1.0)
    return 0.0


@njit(_nrt=False)
def architect_field_choice(params, s, t, p, vt, opts, n):
    """The field for the building chosen (DK.ARCHITECT_FIELD): the one that leaves the best home
    (the pawn position where the worker's yield and the foreman's use of the buildings of its
    row and column are worth most in a typical round), plus what the foreman still to come
    this round gains at the pawn's position, less the subsidy for open fields given up."""
    # scratch on the stack (see core.jit)
    typical = stack_array(STATE_SIZE, 0, np.int32)
    typical_round(s, S.pbase(p), typical)
    now = stack_array(STATE_SIZE, 0, np.int32)
    if vt[V.PLAY + C.FOREMAN] > 0:
        copy_into(now, s)
    return best_field(params, s, t, p, vt, opts, n, typical, now,
                      stack_array(V_SIZE, 0, np.float64), stack_array(TABLES, 0, np.float64),
                      stack_array(NFIELDS, 0, np.int64))


@njit(_nrt=False)
def best_field(params, s, t, p, vt, opts, n, typical, now, vt_own, tables, yields):
    """architect_field_choice with its scratch: typical_round(s), a copy of s (when the foreman is
    still to come), a value table, TABLES floats, NFIELDS ints."""
    b = S.pbase(p)
    k = s[G.CTX1]
    # values once the building is owned (where it stands hardly matters to them)
    f0 = actions.payload_of(opts[0])
    typical[b + P.FIELD + f0] = k
    values.value_table(params, typical, t, p, vt_own, False, values.NONE)
    typical[b + P.FIELD + f0] = values.NONE
    # per pawn position: without the building, and the foreman's gain with it in the cross
    base = tables[:C.NFIELDS]
    gain = tables[C.NFIELDS:]
    built = production.position_yields(typical, t, p, vt_own, base, yields)
    fields = buildings.usable_fields(typical, t, b)
    for pos in range(C.NFIELDS):
        m = actions.rowcol_mask(pos)
        gains = yields[pos]
        before = 0.0
        if (built >> pos) & 1:
            before = buildings.fields_value(params, typical, t, p, vt_own, fields & m, gains)
        base[pos] += before
        g = production.free_in(typical, b, m)
        gain[pos] = 0.0
        if g >= 0:
            typical[b + P.FIELD + g] = k
            more = fields | buildings.usable_bit(typical, t, b, g)
            gain[pos] = (buildings.fields_value(params, typical, t, p, vt_own, more & m, gains)
                         - before)
            typical[b + P.FIELD + g] = values.NONE
    pawn = actions.rowcol_mask(s[b + P.PAWN])
    foreman = vt[V.PLAY + C.FOREMAN] > 0
    fields = 0
    before_now = 0.0
    if foreman:  # `now` is a copy of s only then
        fields = buildings.usable_fields(now, t, b) & pawn
        before_now = buildings.fields_value(params, now, t, p, vt, fields, 0)
    best = NEG
    bi = 0
    for i in range(n):
        f = actions.payload_of(opts[i])
        lost = field_yield(typical, t, b, vt_own, f)
        home = NEG
        for pos in range(C.NFIELDS):
            v = base[pos]
            if crosses(pos, f):
                v += gain[pos] - lost
            home = max(home, v)
        v = home * max(1.0, vt[V.FUT])
        if foreman and (pawn >> f) & 1:
            now[b + P.FIELD + f] = k
            more = fields | buildings.usable_bit(now, t, b, f)
            v += buildings.fields_value(params, now, t, p, vt, more, 0) - before_now
            now[b + P.FIELD + f] = values.NONE
        v -= open_field_loss(params, s, t, b, vt, f)
        best, bi = better(v, i, best, bi)
    return bi
