"""Plan-driven choices about buildings: what to build, the foreman, each use."""
import numpy as np

from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.actions import OT
from core.cuba.codes import M, T
from core.cuba.state import G, O, P
from core.jit import njit
from strategies.cuba import harbour
from strategies.cuba import politics
from strategies.cuba import values
from strategies.common.argmax import NEG, better
from strategies.cuba.plan import W
from strategies.cuba.values import K, V


# ------------------------------------------------------------------ using buildings


@njit(_nrt=False)
def pick_value(vt, s, b, k0, k1, mx, unit, skip, extra):
    """Gain of giving up to mx pieces of kinds [k0, k1) for `unit` each, best first."""
    taken = 0
    total = 0.0
    for _ in range(mx):
        best = 0.0
        bk = -1
        for k in range(k0, k1):
            h = S.have(s, b, k) + actions.vget(extra, k) - actions.vget(taken, k)
            if h <= 0:
                continue
            g = unit - values.pv(vt, k, h - 1, skip)
            best, bk = better(g, k, best, bk)
        if bk < 0:
            break
        taken += 1 << (3 * bk)
        total += best
    return total


@njit(_nrt=False)
def convert_plan(vt, s, b, k_from, k_to, mx, extra):
    """(pieces, gain) of the best conversion k_from -> k_to (FT_CONVERT), at most mx (-1 any),
    with the packed pieces `extra` held on top."""
    h_from = S.have(s, b, k_from) + actions.vget(extra, k_from)
    h_to = S.have(s, b, k_to) + actions.vget(extra, k_to)
    top = min(h_from, s[O.STOCK + k_to])
    if mx >= 0:
        top = min(top, mx)
    a = 0
    gain = 0.0
    while a < top:
        g = (values.pv(vt, k_to, h_to + a, values.NONE)
             - values.pv(vt, k_from, h_from - 1 - a, values.S_USE))
        if g <= 0:
            break
        gain += g
        a += 1
    return a, gain


@njit(_nrt=False)
def use_value(params, s, t, p, vt, f, extra):
    """Gain of the best use of the building on field f now, with the packed pieces `extra`
    held on top (a converter used before it, the worker's yield still to come)."""
    b = S.pbase(p)
    k = s[b + P.FIELD + f]
    ft = t[T.BUILDING_FEATURE + k]
    q = T.BUILDING_PARAM + 3 * k
    mv = vt[V.MV]
    if ft == C.FT_RETURN_VP:
        k0, k1 = actions.sel_range(t[q])
        w = params[W.CAFE] if k0 >= C.RU else params[W.BUILDING_VP]
        return pick_value(vt, s, b, k0, k1, t[q + 1], t[q + 2] * w, values.S_USE, extra)
    if ft == C.FT_SELL:
        k0, k1 = actions.sel_range(t[q])
        return pick_value(vt, s, b, k0, k1, t[q + 1], t[q + 2] * mv, values.NONE, extra)
    if ft == C.FT_CONVERT:
        return convert_plan(vt, s, b, t[q], t[q + 1], t[q + 2], extra)[1]
    if ft == C.FT_GAIN_VP:
        return t[q] * params[W.BUILDING_VP]
    if ft == C.FT_GAIN_MONEY:
        return t[q] * mv
    if ft == C.FT_TOWN_HALL:
        return t[q] * params[W.KEEP_VOTES]
    if ft == C.FT_GAIN_PIECES:
        return values.gain_value(vt, t[q], S.have(s, b, t[q]), min(t[q + 1], s[O.STOCK + t[q]]),
                                 values.NONE)
    if ft == C.FT_STORE:
        v = 0.0
        for r in range(3):
            o = (C.CI + r) * values.KW
            v += s[b + P.LOT + C.CI + r] * max(0.0, vt[o + K.SAFE] - vt[o + K.TAIL])
        return v
    if ft == C.FT_SMALL_BRANCH:
        return harbour.best_load(params, s, t, p, vt, True, t[q])
    if ft == C.FT_LARGE_BRANCH:
        return harbour.best_load(params, s, t, p, vt, True, 5)
    if ft == C.FT_CHURCH:
        best = 0.0
        for ty in range(4):
            if s[O.BILLS + ty] >= 0 and not (s[G.VETO_BAN_ROUND] == s[G.ROUND]
                                             and s[G.VETO_BAN_TYPE] == ty):
                best = max(best, politics.veto_value(params, s, t, p, mv, ty))
        return best
    if ft == C.FT_BLACK_MARKET:
        best = 0.0
        for a in range(C.CI, C.CG + 1):
            if S.have(s, b, a) == 0:
                continue
            for c in range(C.CI, C.CG + 1):
                if (a < C.RU) != (c < C.RU) and s[O.STOCK + c] > 0:
                    best = max(best, values.pv(vt, c, S.have(s, b, c), values.NONE)
                               - values.pv(vt, a, S.have(s, b, a) - 1, values.S_USE))
        return best
    if ft == C.FT_LIGHTHOUSE:
        return 0.05
    return 0.0


@njit(inline="always")
def extra_kinds(t, k):
    """Packed mask of the kinds whose `extra` pieces change the use value of building k."""
    ft = t[T.BUILDING_FEATURE + k]
    q = T.BUILDING_PARAM + 3 * k
    if ft == C.FT_RETURN_VP or ft == C.FT_SELL:
        k0, k1 = actions.sel_range(t[q])
        return (1 << (3 * k1)) - (1 << (3 * k0))  # 7 << 3 * kk for each kk in [k0, k1)
    if ft == C.FT_CONVERT:
        return (7 << (3 * t[q])) | (7 << (3 * t[q + 1]))
    return 0


@njit(inline="always")
def usable_bit(s, t, b, f):
    """Field f's bit if it holds a usable building, else 0 (no branch)."""
    return np.int64(actions.usable_building(s, t, b, f) >= 0) << f


@njit(inline="always")
def next_bit(f, m):
    """One step of a walk over the set bits of a mask, lowest first: m holds the mask's bits
    above bit f (m's bit 0 stands for bit f + 1; start with f = -1 and the whole mask).
    Returns the next set bit and the bits above it in the same form; m must not be 0."""
    f += 1
    while m & 1 == 0:
        m >>= 1
        f += 1
    return f, m >> 1


@njit(inline="always")
def usable_fields(s, t, b):
    """Bit mask of the fields with a usable building."""
    fields = 0
    for f in range(C.NFIELDS):
        fields |= usable_bit(s, t, b, f)
    return fields


@njit(_nrt=False)
def set_value(params, s, t, p, vt, mask, extra):
    """fields_value of the fields of mask with a usable building."""
    return fields_value(params, s, t, p, vt, usable_fields(s, t, S.pbase(p)) & mask, extra)


@njit(inline="always")
def kind_value(params, s, t, p, vt, f, extra):
    """Use value of the (non-converter) building on field f with the packed pieces `extra`,
    kept per kind in the value table: [key, value, pieces converted] per kind from V.CACHE,
    the key -1 when none (a use value depends on the kind, not on the field it stands on)."""
    cache = vt[V.CACHE:]
    k = s[S.pbase(p) + P.FIELD + f]
    key = extra & extra_kinds(t, k)
    if cache[3 * k] != key:
        cache[3 * k] = key
        cache[3 * k + 1] = use_value(params, s, t, p, vt, f, extra)
    return cache[3 * k + 1]


@njit(inline="always")
def fields_value(params, s, t, p, vt, fields, extra):
    """Gain of the foreman using the usable buildings of `fields` (CUBA-R19), with the packed
    pieces `extra` held on top: converters first, their goods then count for the other
    buildings. Converters are cached like kind_value."""
    cache = vt[V.CACHE:]
    b = S.pbase(p)
    val = 0.0
    rest = 0  # fields of the buildings other than converters, used after them
    f = -1
    m = fields
    while m:
        f, m = next_bit(f, m)
        k = s[b + P.FIELD + f]
        if t[T.BUILDING_FEATURE + k] != C.FT_CONVERT:
            rest |= 1 << f
        else:
            key = extra & extra_kinds(t, k)
            if cache[3 * k] != key:
                q = T.BUILDING_PARAM + 3 * k
                a, g = convert_plan(vt, s, b, t[q], t[q + 1], t[q + 2], extra)
                cache[3 * k] = key
                cache[3 * k + 1] = g
                cache[3 * k + 2] = a
            val += cache[3 * k + 1]
            extra += np.int64(cache[3 * k + 2]) << (3 * t[T.BUILDING_PARAM + 3 * k + 1])
    f = -1
    while rest:
        f, rest = next_bit(f, rest)
        val += kind_value(params, s, t, p, vt, f, extra)
    return val


@njit(_nrt=False)
def foreman_value(params, s, t, p, vt):
    """Best foreman choice's gain (for choosing a character)."""
    b = S.pbase(p)
    fields = usable_fields(s, t, b)
    best = fields_value(params, s, t, p, vt, fields & actions.rowcol_mask(s[b + P.PAWN]), 0)
    f = -1
    while fields:
        f, fields = next_bit(f, fields)
        best = max(best, fields_value(params, s, t, p, vt, 1 << f, 0))
    return best


@njit(_nrt=False)
def foreman_mode_choice(params, s, t, p, vt, opts, n):
    """Row and column, one building, or nothing (CUBA-R19)."""
    b = S.pbase(p)
    fields = usable_fields(s, t, b)
    best = NEG
    bi = n - 1
    for i in range(n):
        o = opts[i]
        tag = actions.tag_of(o)
        if tag == OT.ROW_COLUMN:
            v = fields_value(params, s, t, p, vt, fields & actions.rowcol_mask(s[b + P.PAWN]), 0)
        elif tag == OT.ONE_BUILDING:
            v = fields_value(params, s, t, p, vt, fields & (1 << actions.payload_of(o)), 0)
        else:
            v = 0.0
        best, bi = better(v, i, best, bi)
    return bi


@njit(inline="always")
def use_order(ft):
    """Converters first, then loads, VP and sales, gains, and storing last."""
    if ft == C.FT_CONVERT or ft == C.FT_BLACK_MARKET:
        return 0
    if ft == C.FT_SMALL_BRANCH or ft == C.FT_LARGE_BRANCH:
        return 1
    if ft == C.FT_RETURN_VP or ft == C.FT_SELL:
        return 2
    if ft == C.FT_STORE:
        return 4
    return 3


@njit(_nrt=False)
def foreman_next_choice(s, t, p, opts, n):
    b = S.pbase(p)
    best = -99
    bi = 0
    for i in range(n):  # the lowest use order first
        r = use_order(t[T.BUILDING_FEATURE + s[b + P.FIELD + actions.payload_of(opts[i])]])
        best, bi = better(-r, i, best, bi)
    return bi


@njit(_nrt=False)
def use_option_value(params, s, t, p, vt, k, x):
    """Gain of use x of building kind k (DK.BUILDING_USE; 0 = not used)."""
    b = S.pbase(p)
    ft = t[T.BUILDING_FEATURE + k]
    q = T.BUILDING_PARAM + 3 * k
    mv = vt[V.MV]
    if ft == C.FT_RETURN_VP:
        w = params[W.CAFE] if t[q] >= C.RU and t[q] <= C.CG else params[W.BUILDING_VP]
        return actions.vsum(x) * t[q + 2] * w - values.vector_loss(vt, s, b, x, values.S_USE)
    if ft == C.FT_SELL:
        return actions.vsum(x) * t[q + 2] * mv - values.vector_loss(vt, s, b, x, values.NONE)
    if ft == C.FT_CONVERT:
        return (values.gain_value(vt, t[q + 1], S.have(s, b, t[q + 1]), x, values.NONE)
                - values.loss_value(vt, t[q], S.have(s, b, t[q]), x, values.S_USE))
    if x == 0:
        return 0.0
    if ft == C.FT_BLACK_MARKET:
        a = (x - 1) // 8
        c = (x - 1) % 8
        return (values.pv(vt, c, S.have(s, b, c), values.NONE)
                - values.pv(vt, a, S.have(s, b, a) - 1, values.S_USE))
    if ft == C.FT_SMALL_BRANCH or ft == C.FT_LARGE_BRANCH:
        return harbour.load_value(params, s, t, p, vt, x)
    if ft == C.FT_CHURCH:
        return politics.veto_value(params, s, t, p, mv, x - 1)
    if ft == C.FT_LIGHTHOUSE:
        return ship_match(s, t, b, s[O.PILE + x - 1]) - ship_match(s, t, b, s[O.SHIP])
    return 0.0


@njit(_nrt=False)
def ship_match(s, t, b, ship):
    """How many of a ship's spots fit merchandise the player holds."""
    if ship < 0:
        return 0.0
    n = 0.0
    for i in range(5):
        if S.have(s, b, t[T.SHIP_SPOTS + 5 * ship + i]) > 0:
            n += 0.1
    return n


@njit(_nrt=False)
def building_use_choice(params, s, t, p, vt, opts, n):
    b = S.pbase(p)
    k = s[b + P.FIELD + s[G.CTX2]]
    best = NEG
    bi = 0
    for i in range(n):
        v = use_option_value(params, s, t, p, vt, k, actions.payload_of(opts[i]))
        best, bi = better(v, i, best, bi)
    return bi


# ------------------------------------------------------------------ the architect


@njit(_nrt=False)
def alt_vp(s, t):
    return t[T.MISC + M.ARCHITECT_ALT_VP_FIRST + s[G.ARCH_ALT_N]]


@njit(_nrt=False)
def architect_choice(params, s, t, p, vt, opts, n, noise):
    """A building worth more than its cost (CUBA-R17), the alternative VP, or nothing."""
    fee = actions.building_fee(s, t)
    ctx = values.building_context(params, s, t, vt)
    best = NEG
    bi = n - 1
    for i in range(n):
        o = opts[i]
        tag = actions.tag_of(o)
        if tag == OT.BUILD:
            v = values.build_net(params, s, t, p, vt, actions.payload_of(o), fee, ctx)
        elif tag == OT.ALTERNATIVE:
            v = alt_vp(s, t) * params[W.ALTERNATIVE]
        else:
            v = 0.0
        best, bi = better(v + noise[i], i, best, bi)
    return bi


@njit(_nrt=False)
def architect_value(params, s, t, p, vt):
    """Best architect choice's gain (for choosing a character)."""
    b = S.pbase(p)
    best = 0.0
    if s[G.ARCH_ALT_N] < 2:
        best = alt_vp(s, t) * params[W.ALTERNATIVE]
    free = False
    for f in range(1, C.NFIELDS):
        if s[b + P.FIELD + f] < 0:
            free = True
    if not free:
        return best
    fee = actions.building_fee(s, t)
    ctx = values.building_context(params, s, t, vt)
    packed = np.int64(vt[V.BUILT])
    for k in range(C.NBUILDINGS):
        if values.available(t, packed, k) and actions.can_pay_cost(s, t, b, k, fee):
            best = max(best, values.build_net(params, s, t, p, vt, k, fee, ctx))
    return best
