"""Plan-driven shipping: the mayor's load or alternative, branch-office loads."""
from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.actions import OT
from core.cuba.codes import M, T
from core.cuba.state import G, O
from core.jit import njit
from strategies.cuba import values
from strategies.common.argmax import NEG, better
from strategies.cuba.plan import W
from strategies.cuba.values import V


@njit(_nrt=False)
def load_value(params, s, t, p, vt, x):
    """Dock VP of a load (dock << DOCK_SHIFT | pieces) less what the pieces were worth."""
    v = x & actions.VEC_MASK
    return ((x >> actions.DOCK_SHIFT) * actions.vsum(v) * params[W.SHIP]
            - values.vector_loss(vt, s, S.pbase(p), v, values.S_SHIP))


@njit(_nrt=False)
def best_load(params, s, t, p, vt, one_kind, max_pieces):
    """Estimated value of the best load onto one docked ship (all kinds, or one kind)."""
    b = S.pbase(p)
    best = 0.0
    for dock in range(1, 4):
        if s[O.SHIP + dock] < 0:
            continue
        total = 0.0
        free = actions.free_vector(s, t, dock)
        for k in range(C.CI, C.CG + 1):
            m = min(actions.vget(free, k), S.have(s, b, k), max_pieces)
            h = S.have(s, b, k)
            v = 0.0
            for j in range(m):
                g = dock * params[W.SHIP] - values.pv(vt, k, h - 1 - j, values.S_SHIP)
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
    return t[T.MISC + M.MAYOR_ALT_MONEY_FIRST + s[G.MAYOR_ALT_N]]


@njit(_nrt=False)
def mayor_value(params, s, t, p, vt):
    """Best of shipping and the open alternative (for choosing a character)."""
    v = best_load(params, s, t, p, vt, False, 5)
    if s[G.MAYOR_ALT_N] < 2:
        v = max(v, alt_money(s, t) * vt[V.MV])
    return v


@njit(_nrt=False)
def mayor_choice(params, s, t, p, vt, opts, n):
    """Ship (CUBA-R20), take the money (CUBA-R21) or do nothing."""
    best = NEG
    bi = n - 1
    for i in range(n):
        o = opts[i]
        tag = actions.tag_of(o)
        if tag == OT.LOAD:
            v = load_value(params, s, t, p, vt, actions.payload_of(o))
        elif tag == OT.ALTERNATIVE:
            v = alt_money(s, t) * vt[V.MV]
        else:
            v = 0.0
        best, bi = better(v, i, best, bi)
    return bi
