"""Plan-driven choices about buildings: what to build, the foreman, each use."""
import numpy as np

from core.cuba.actions import (
    OT_ALT, OT_BUILD, OT_ONE, OT_ROWCOL, building_fee, can_pay_cost, payload_of, rowcol_mask,
    sel_range, tag_of, usable_building, vget, vsum,
)
from core.cuba.codes import (
    CI, CG, FT_BLACK_MARKET, FT_CHURCH, FT_CONVERT, FT_GAIN_MONEY, FT_GAIN_PIECES, FT_GAIN_VP,
    FT_LARGE_BRANCH, FT_LIGHTHOUSE, FT_RETURN_VP, FT_SELL, FT_SMALL_BRANCH, FT_STORE,
    FT_TOWN_HALL, M_ARCH_ALT_VP1, NBUILDINGS, NFIELDS, RU, T_BFEAT, T_BPARAM, T_MISC, T_SPOTS,
)
from core.cuba.state import (
    G_ARCH_ALT_N, G_CTX2, G_ROUND, G_VETO_BAN_ROUND, G_VETO_BAN_TYPE, O_BILLS, O_PILE, O_SHIP,
    O_STOCK, P_FIELD, P_LOT, P_PAWN, have, pbase,
)
from core.jit import njit
from strategies.cuba.harbour import best_load, load_value
from strategies.cuba.plan import W_ALT, W_BUILDING_VP, W_CAFE, W_KEEP_VOTES
from strategies.cuba.politics import veto_value
from strategies.cuba.values import (
    K_SAFE, K_TAIL, KW, NONE, S_USE, V_BUILT, V_CACHE, V_MV, available, build_net,
    building_context, gain_value, loss_value, pv, vector_loss,
)

NEG = -1e18


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
            h = have(s, b, k) + vget(extra, k) - vget(taken, k)
            if h <= 0:
                continue
            g = unit - pv(vt, k, h - 1, skip)
            if g > best:
                best = g
                bk = k
        if bk < 0:
            break
        taken += 1 << (3 * bk)
        total += best
    return total


@njit(_nrt=False)
def convert_plan(vt, s, b, k_from, k_to, mx, extra):
    """(pieces, gain) of the best conversion k_from -> k_to (FT_CONVERT), at most mx (-1 any),
    with the packed pieces `extra` held on top."""
    h_from = have(s, b, k_from) + vget(extra, k_from)
    h_to = have(s, b, k_to) + vget(extra, k_to)
    top = min(h_from, s[O_STOCK + k_to])
    if mx >= 0:
        top = min(top, mx)
    a = 0
    gain = 0.0
    while a < top:
        g = pv(vt, k_to, h_to + a, NONE) - pv(vt, k_from, h_from - 1 - a, S_USE)
        if g <= 0:
            break
        gain += g
        a += 1
    return a, gain


@njit(_nrt=False)
def use_value(params, s, t, p, vt, f, extra):
    """Gain of the best use of the building on field f now, with the packed pieces `extra`
    held on top (a converter used before it, the worker's yield still to come)."""
    b = pbase(p)
    k = s[b + P_FIELD + f]
    ft = t[T_BFEAT + k]
    q = T_BPARAM + 3 * k
    mv = vt[V_MV]
    if ft == FT_RETURN_VP:
        k0, k1 = sel_range(t[q])
        w = params[W_CAFE] if k0 >= RU else params[W_BUILDING_VP]
        return pick_value(vt, s, b, k0, k1, t[q + 1], t[q + 2] * w, S_USE, extra)
    if ft == FT_SELL:
        k0, k1 = sel_range(t[q])
        return pick_value(vt, s, b, k0, k1, t[q + 1], t[q + 2] * mv, NONE, extra)
    if ft == FT_CONVERT:
        return convert_plan(vt, s, b, t[q], t[q + 1], t[q + 2], extra)[1]
    if ft == FT_GAIN_VP:
        return t[q] * params[W_BUILDING_VP]
    if ft == FT_GAIN_MONEY:
        return t[q] * mv
    if ft == FT_TOWN_HALL:
        return t[q] * params[W_KEEP_VOTES]
    if ft == FT_GAIN_PIECES:
        return gain_value(vt, t[q], have(s, b, t[q]), min(t[q + 1], s[O_STOCK + t[q]]), NONE)
    if ft == FT_STORE:
        v = 0.0
        for r in range(3):
            o = (CI + r) * KW
            v += s[b + P_LOT + CI + r] * max(0.0, vt[o + K_SAFE] - vt[o + K_TAIL])
        return v
    if ft == FT_SMALL_BRANCH:
        return best_load(params, s, t, p, vt, True, t[q])
    if ft == FT_LARGE_BRANCH:
        return best_load(params, s, t, p, vt, True, 5)
    if ft == FT_CHURCH:
        best = 0.0
        for ty in range(4):
            if s[O_BILLS + ty] >= 0 and not (s[G_VETO_BAN_ROUND] == s[G_ROUND]
                                             and s[G_VETO_BAN_TYPE] == ty):
                best = max(best, veto_value(params, s, t, p, mv, ty))
        return best
    if ft == FT_BLACK_MARKET:
        best = 0.0
        for a in range(CI, CG + 1):
            if have(s, b, a) == 0:
                continue
            for c in range(CI, CG + 1):
                if (a < RU) != (c < RU) and s[O_STOCK + c] > 0:
                    best = max(best, pv(vt, c, have(s, b, c), NONE)
                               - pv(vt, a, have(s, b, a) - 1, S_USE))
        return best
    if ft == FT_LIGHTHOUSE:
        return 0.05
    return 0.0


@njit(inline="always")
def extra_kinds(t, k):
    """Packed mask of the kinds whose `extra` pieces change the use value of building k."""
    ft = t[T_BFEAT + k]
    q = T_BPARAM + 3 * k
    if ft == FT_RETURN_VP or ft == FT_SELL:
        k0, k1 = sel_range(t[q])
        return (1 << (3 * k1)) - (1 << (3 * k0))  # 7 << 3 * kk for each kk in [k0, k1)
    if ft == FT_CONVERT:
        return (7 << (3 * t[q])) | (7 << (3 * t[q + 1]))
    return 0


@njit(inline="always")
def usable_bit(s, t, b, f):
    """Field f's bit if it holds a usable building, else 0 (no branch)."""
    return np.int64(usable_building(s, t, b, f) >= 0) << f


@njit(inline="always")
def usable_fields(s, t, b):
    """Bit mask of the fields with a usable building."""
    fields = 0
    for f in range(NFIELDS):
        fields |= usable_bit(s, t, b, f)
    return fields


@njit(_nrt=False)
def set_value(params, s, t, p, vt, mask, extra):
    """fields_value of the fields of mask with a usable building."""
    return fields_value(params, s, t, p, vt, usable_fields(s, t, pbase(p)) & mask, extra)


@njit(inline="always")
def kind_value(params, s, t, p, vt, f, extra):
    """Use value of the (non-converter) building on field f with the packed pieces `extra`,
    kept per kind in the value table: [key, value, pieces converted] per kind from V_CACHE,
    the key -1 when none (a use value depends on the kind, not on the field it stands on)."""
    cache = vt[V_CACHE:]
    k = s[pbase(p) + P_FIELD + f]
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
    cache = vt[V_CACHE:]
    b = pbase(p)
    val = 0.0
    rest = 0  # fields of the buildings other than converters, used after them
    f = 0
    m = fields
    while m:
        if m & 1:
            k = s[b + P_FIELD + f]
            if t[T_BFEAT + k] != FT_CONVERT:
                rest |= 1 << f
            else:
                key = extra & extra_kinds(t, k)
                if cache[3 * k] != key:
                    q = T_BPARAM + 3 * k
                    a, g = convert_plan(vt, s, b, t[q], t[q + 1], t[q + 2], extra)
                    cache[3 * k] = key
                    cache[3 * k + 1] = g
                    cache[3 * k + 2] = a
                val += cache[3 * k + 1]
                extra += np.int64(cache[3 * k + 2]) << (3 * t[T_BPARAM + 3 * k + 1])
        m >>= 1
        f += 1
    f = 0
    while rest:
        if rest & 1:
            val += kind_value(params, s, t, p, vt, f, extra)
        rest >>= 1
        f += 1
    return val


@njit(_nrt=False)
def foreman_value(params, s, t, p, vt):
    """Best foreman choice's gain (for choosing a character)."""
    b = pbase(p)
    fields = usable_fields(s, t, b)
    best = fields_value(params, s, t, p, vt, fields & rowcol_mask(s[b + P_PAWN]), 0)
    f = 0
    while fields:
        if fields & 1:
            best = max(best, fields_value(params, s, t, p, vt, 1 << f, 0))
        fields >>= 1
        f += 1
    return best


@njit(_nrt=False)
def foreman_mode_choice(params, s, t, p, vt, opts, n):
    """Row and column, one building, or nothing (CUBA-R19)."""
    b = pbase(p)
    fields = usable_fields(s, t, b)
    best = NEG
    bi = n - 1
    for i in range(n):
        o = opts[i]
        tag = tag_of(o)
        if tag == OT_ROWCOL:
            v = fields_value(params, s, t, p, vt, fields & rowcol_mask(s[b + P_PAWN]), 0)
        elif tag == OT_ONE:
            v = fields_value(params, s, t, p, vt, fields & (1 << payload_of(o)), 0)
        else:
            v = 0.0
        if v > best:
            best = v
            bi = i
    return bi


@njit(inline="always")
def use_order(ft):
    """Converters first, then loads, VP and sales, gains, and storing last."""
    if ft == FT_CONVERT or ft == FT_BLACK_MARKET:
        return 0
    if ft == FT_SMALL_BRANCH or ft == FT_LARGE_BRANCH:
        return 1
    if ft == FT_RETURN_VP or ft == FT_SELL:
        return 2
    if ft == FT_STORE:
        return 4
    return 3


@njit(_nrt=False)
def foreman_next_choice(s, t, p, opts, n):
    b = pbase(p)
    best = 99
    bi = 0
    for i in range(n):
        r = use_order(t[T_BFEAT + s[b + P_FIELD + payload_of(opts[i])]])
        if r < best:
            best = r
            bi = i
    return bi


@njit(_nrt=False)
def use_option_value(params, s, t, p, vt, k, x):
    """Gain of use x of building kind k (DK_BUILDING_USE; 0 = not used)."""
    b = pbase(p)
    ft = t[T_BFEAT + k]
    q = T_BPARAM + 3 * k
    mv = vt[V_MV]
    if ft == FT_RETURN_VP:
        w = params[W_CAFE] if t[q] >= RU and t[q] <= CG else params[W_BUILDING_VP]
        return vsum(x) * t[q + 2] * w - vector_loss(vt, s, b, x, S_USE)
    if ft == FT_SELL:
        return vsum(x) * t[q + 2] * mv - vector_loss(vt, s, b, x, NONE)
    if ft == FT_CONVERT:
        return (gain_value(vt, t[q + 1], have(s, b, t[q + 1]), x, NONE)
                - loss_value(vt, t[q], have(s, b, t[q]), x, S_USE))
    if x == 0:
        return 0.0
    if ft == FT_BLACK_MARKET:
        a = (x - 1) // 8
        c = (x - 1) % 8
        return pv(vt, c, have(s, b, c), NONE) - pv(vt, a, have(s, b, a) - 1, S_USE)
    if ft == FT_SMALL_BRANCH or ft == FT_LARGE_BRANCH:
        return load_value(params, s, t, p, vt, x)
    if ft == FT_CHURCH:
        return veto_value(params, s, t, p, mv, x - 1)
    if ft == FT_LIGHTHOUSE:
        return ship_match(s, t, b, s[O_PILE + x - 1]) - ship_match(s, t, b, s[O_SHIP])
    return 0.0


@njit(_nrt=False)
def ship_match(s, t, b, ship):
    """How many of a ship's spots fit merchandise the player holds."""
    if ship < 0:
        return 0.0
    n = 0.0
    for i in range(5):
        if have(s, b, t[T_SPOTS + 5 * ship + i]) > 0:
            n += 0.1
    return n


@njit(_nrt=False)
def building_use_choice(params, s, t, p, vt, opts, n):
    b = pbase(p)
    k = s[b + P_FIELD + s[G_CTX2]]
    best = NEG
    bi = 0
    for i in range(n):
        v = use_option_value(params, s, t, p, vt, k, payload_of(opts[i]))
        if v > best:
            best = v
            bi = i
    return bi


# ------------------------------------------------------------------ the architect


@njit(_nrt=False)
def alt_vp(s, t):
    return t[T_MISC + M_ARCH_ALT_VP1 + s[G_ARCH_ALT_N]]


@njit(_nrt=False)
def architect_choice(params, s, t, p, vt, opts, n):
    """A building worth more than its cost (CUBA-R17), the alternative VP, or nothing."""
    fee = building_fee(s, t)
    ctx = building_context(params, s, t, vt)
    best = NEG
    bi = n - 1
    for i in range(n):
        o = opts[i]
        tag = tag_of(o)
        if tag == OT_BUILD:
            v = build_net(params, s, t, p, vt, payload_of(o), fee, ctx)
        elif tag == OT_ALT:
            v = alt_vp(s, t) * params[W_ALT]
        else:
            v = 0.0
        if v > best:
            best = v
            bi = i
    return bi


@njit(_nrt=False)
def architect_value(params, s, t, p, vt):
    """Best architect choice's gain (for choosing a character)."""
    b = pbase(p)
    best = 0.0
    if s[G_ARCH_ALT_N] < 2:
        best = alt_vp(s, t) * params[W_ALT]
    free = False
    for f in range(1, NFIELDS):
        if s[b + P_FIELD + f] < 0:
            free = True
    if not free:
        return best
    fee = building_fee(s, t)
    ctx = building_context(params, s, t, vt)
    packed = np.int64(vt[V_BUILT])
    for k in range(NBUILDINGS):
        if available(t, packed, k) and can_pay_cost(s, t, b, k, fee):
            best = max(best, build_net(params, s, t, p, vt, k, fee, ctx))
    return best
