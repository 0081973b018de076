"""Where the architect puts a building: on the field that leaves the best *home*, the pawn
position where the worker's yield and the foreman's use of the buildings in its row and
column are worth most. So producing fields stay open and buildings that work together (a
factory and its café) share a row or column."""
import numpy as np

from core.cuba.actions import payload_of, rowcol_mask
from core.cuba.codes import (
    CI, EF_SUB_OPEN_PROD, EF_SUB_OPEN_RES, FOREMAN, F_CI, F_FO, F_LA, F_TO, NCOLS, NFIELDS,
    NMERCH, SUBSIDY, T_SEFF, T_SPARAM,
)
from core.cuba.state import (
    G_CTX1, O_ACTS, P_FIELD, P_LOT, P_PAWN, P_STORED, STATE_SIZE, field_type, pbase,
)
from core.jit import copy_into, njit, stack_array
from strategies.cuba.plan import W_STATUTE
from strategies.cuba.production import free_in, position_yields
from strategies.cuba.buildings import fields_value, usable_bit, usable_fields
from strategies.cuba.values import NONE, V_FUT, V_PLAY, V_SIZE, pv, value_table

NEG = -1e18
TABLES = 2 * NFIELDS  # best_field's scratch: per pawn position, base value and gain


@njit(inline="always")
def crosses(f, g):
    """Whether fields f and g share a row or a column."""
    return f // NCOLS == g // NCOLS or f % NCOLS == g % NCOLS


@njit(_nrt=False)
def typical_round(s, b, out):
    """out = s where the player holds no merchandise: a round's products must come from that
    round's yield."""
    copy_into(out, s)
    for i in range(NMERCH):
        out[b + P_LOT + CI + i] = 0
    for i in range(3):
        out[b + P_STORED + i] = 0


@njit(_nrt=False)
def field_yield(s, t, b, vt, f):
    """What an open field f adds to the worker's yield in a typical round (a product field
    only counts half: other product fields may take its place)."""
    if s[b + P_FIELD + f] >= 0:
        return 0.0
    ft = field_type(s, t, b, f)
    if F_FO <= ft <= F_LA:
        return pv(vt, ft - F_FO, 0, NONE)
    if F_CI <= ft <= F_TO:
        return 0.5 * pv(vt, CI + ft - F_CI, 0, NONE)
    return 0.0


@njit(_nrt=False)
def open_field_loss(params, s, t, b, vt, f):
    """Subsidy for open fields that covering field f gives up."""
    c = s[O_ACTS + SUBSIDY]
    if c < 0:
        return 0.0
    ef = t[T_SEFF + c]
    ft = field_type(s, t, b, f)
    resource = F_FO <= ft <= F_LA
    product = F_CI <= ft <= F_TO
    if (ef == EF_SUB_OPEN_RES and resource) or (ef == EF_SUB_OPEN_PROD and product):
        return t[T_SPARAM + 2 * c] * params[W_STATUTE] * min(2.0, vt[V_FUT] + 1.0)
    return 0.0


@njit(_nrt=False)
def field_choice(params, s, t, p, vt, opts, n):
    """The field for the building chosen (DK_ARCH_FIELD): the one that leaves the best home
    (the pawn position where the worker's yield and the foreman's use of the buildings of its
    row and column are worth most in a typical round), plus what the foreman still to come
    this round gains at the pawn's position, less the subsidy for open fields given up."""
    # scratch on the stack (see core.jit)
    typical = stack_array(STATE_SIZE, 0, np.int32)
    typical_round(s, pbase(p), typical)
    now = stack_array(STATE_SIZE, 0, np.int32)
    if vt[V_PLAY + FOREMAN] > 0:
        copy_into(now, s)
    return best_field(params, s, t, p, vt, opts, n, typical, now,
                      stack_array(V_SIZE, 0, np.float64), stack_array(TABLES, 0, np.float64),
                      stack_array(NFIELDS, 0, np.int64))


@njit(_nrt=False)
def best_field(params, s, t, p, vt, opts, n, typical, now, vt_own, tables, yields):
    """field_choice with its scratch: typical_round(s), a copy of s (when the foreman is
    still to come), a value table, TABLES floats, NFIELDS ints."""
    b = pbase(p)
    k = s[G_CTX1]
    # values once the building is owned (where it stands hardly matters to them)
    f0 = payload_of(opts[0])
    typical[b + P_FIELD + f0] = k
    value_table(params, typical, t, p, vt_own, False, NONE)
    typical[b + P_FIELD + f0] = NONE
    # per pawn position: without the building, and the foreman's gain with it in the cross
    base = tables[:NFIELDS]
    gain = tables[NFIELDS:]
    built = position_yields(typical, t, p, vt_own, base, yields)
    fields = usable_fields(typical, t, b)
    for pos in range(NFIELDS):
        m = rowcol_mask(pos)
        gains = yields[pos]
        before = 0.0
        if (built >> pos) & 1:
            before = fields_value(params, typical, t, p, vt_own, fields & m, gains)
        base[pos] += before
        g = free_in(typical, b, m)
        gain[pos] = 0.0
        if g >= 0:
            typical[b + P_FIELD + g] = k
            more = fields | usable_bit(typical, t, b, g)
            gain[pos] = fields_value(params, typical, t, p, vt_own, more & m, gains) - before
            typical[b + P_FIELD + g] = NONE
    pawn = rowcol_mask(s[b + P_PAWN])
    foreman = vt[V_PLAY + FOREMAN] > 0
    fields = 0
    before_now = 0.0
    if foreman:  # `now` is a copy of s only then
        fields = usable_fields(now, t, b) & pawn
        before_now = fields_value(params, now, t, p, vt, fields, 0)
    best = NEG
    bi = 0
    for i in range(n):
        f = payload_of(opts[i])
        lost = field_yield(typical, t, b, vt_own, f)
        home = NEG
        for pos in range(NFIELDS):
            v = base[pos]
            if crosses(pos, f):
                v += gain[pos] - lost
            home = max(home, v)
        v = home * max(1.0, vt[V_FUT])
        if foreman and (pawn >> f) & 1:
            now[b + P_FIELD + f] = k
            more = fields | usable_bit(now, t, b, f)
            v += fields_value(params, now, t, p, vt, more, 0) - before_now
            now[b + P_FIELD + f] = NONE
        v -= open_field_loss(params, s, t, b, vt, f)
        if v > best:
            best = v
            bi = i
    return bi
