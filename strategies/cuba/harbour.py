"""Plan-driven shipping: the mayor's load or alternative, branch-office loads."""
from core.cuba.actions import (
    DOCK_SHIFT, OT_ALT, OT_LOAD, VEC_MASK, free_vector, payload_of, tag_of, vget, vsum,
)
from core.cuba.codes import CI, CG, M_MAYOR_ALT_MONEY1, T_MISC
from core.cuba.state import G_MAYOR_ALT_N, O_SHIP, have, pbase
from core.jit import njit
from strategies.cuba.plan import W_SHIP
from strategies.cuba.values import S_SHIP, V_MV, pv, vector_loss

NEG = -1e18


@njit(_nrt=False)
def load_value(params, s, t, p, vt, x):
    """Dock VP of a load (dock << DOCK_SHIFT | pieces) less what the pieces were worth."""
    v = x & VEC_MASK
    return ((x >> DOCK_SHIFT) * vsum(v) * params[W_SHIP]
            - vector_loss(vt, s, pbase(p), v, S_SHIP))


@njit(_nrt=False)
def best_load(params, s, t, p, vt, one_kind, max_pieces):
    """Estimated value of the best load onto one docked ship (all kinds, or one kind)."""
    b = pbase(p)
    best = 0.0
    for dock in range(1, 4):
        if s[O_SHIP + dock] < 0:
            continue
        total = 0.0
        free = free_vector(s, t, dock)
        for k in range(CI, CG + 1):
            m = min(vget(free, k), have(s, b, k), max_pieces)
            h = have(s, b, k)
            v = 0.0
            for j in range(m):
                g = dock * params[W_SHIP] - pv(vt, k, h - 1 - j, S_SHIP)
                if g <= 0:
                    break
                v += g
            if one_kind:
                best = max(best, v)
            else:
                total += v
        best = max(best, total)
    return best


@njit(_nrt=False)
def alt_money(s, t):
    return t[T_MISC + M_MAYOR_ALT_MONEY1 + s[G_MAYOR_ALT_N]]


@njit(_nrt=False)
def mayor_value(params, s, t, p, vt):
    """Best of shipping and the open alternative (for choosing a character)."""
    v = best_load(params, s, t, p, vt, False, 5)
    if s[G_MAYOR_ALT_N] < 2:
        v = max(v, alt_money(s, t) * vt[V_MV])
    return v


@njit(_nrt=False)
def mayor_choice(params, s, t, p, vt, opts, n):
    """Ship (CUBA-R20), take the money (CUBA-R21) or do nothing."""
    best = NEG
    bi = n - 1
    for i in range(n):
        o = opts[i]
        tag = tag_of(o)
        if tag == OT_LOAD:
            v = load_value(params, s, t, p, vt, payload_of(o))
        elif tag == OT_ALT:
            v = alt_money(s, t) * vt[V_MV]
        else:
            v = 0.0
        if v > best:
            best = v
            bi = i
    return bi
