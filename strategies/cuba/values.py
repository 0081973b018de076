"""What pieces, money and buildings are worth to one player under a plan (plan.py weights).

Everything is in VP-equivalents. `value_table` fills a small float vector `vt` once per
decision; `pv(vt, k, i, skip)` is then the value of the i-th piece (0-based) of kind k the
player holds: the pieces fill the best *sinks* first (ship spots this round, a building that
uses them, duty or subsidy, the resources of the target building), the rest is worth the
*tail* (sale, later use; unstored products that will spoil are worth little). `skip` leaves
out the sink an action itself uses (shipping a piece is not charged its own ship value).

Compiling: the heuristic's functions that neither allocate nor return arrays are compiled
with `_nrt=False` (see core.jit). Numba's reference counting otherwise calls into its runtime
for every array passed on, in every loop, even for unmanaged views. A function that allocates
(a scratch array, a slice copy) keeps the counting; it may still be called from one without.
Small helpers called once per table or in loops are inlined (`inline="always"`): a call
passes each array as seven words, which cost more than the helper's own work.
"""
import numpy as np

from core.cuba.actions import free_vector, sel_range, vget
from core.cuba.codes import (
    ARCHITECT, CI, CG, DUTY, EF_DUTY, EF_SUB_BUILDINGS, EF_SUB_KIND_HELD, EF_TAX_PER_BUILDING,
    FOREMAN, FT_BLACK_MARKET, FT_CHURCH, FT_CONVERT, FT_GAIN_MONEY, FT_GAIN_PIECES,
    FT_GAIN_VP, FT_LARGE_BRANCH, FT_LIGHTHOUSE, FT_RETURN_VP, FT_SELL, FT_SMALL_BRANCH,
    FT_STORE, FT_TOWN_HALL, MAYOR, M_CARDS_PLAYED, M_DUTY_VP, M_END_BUILDING_VP, M_ROUNDS,
    M_TAX_DUTY_BONUS, NBUILDINGS, NCHARS, NFIELDS, NKINDS, RU, SUBSIDY, SEL_RES_OR_PROD,
    SW_BUILDING_WAREHOUSE_MODE, T_BCOPIES, T_BCOST, T_BFEAT, T_BPARAM, T_MISC, T_SEFF,
    T_SPARAM, T_SW, T_VOTES, TAX, TO, TRADER, WA, WAREHOUSE_BUILDING, WD, WORKER,
)
from core.cuba.state import (
    DK_BUILDING_USE, DK_FOREMAN_MODE, DK_FOREMAN_NEXT, G_CTX1, G_CTX2, G_CUR, G_DK, G_NP,
    G_PHASE, G_ROUND, O_ACTS, O_SHIP, P_FIELD, P_HAND, P_HIDDEN, P_LOT, P_NPLAYED, P_STORED,
    P_USED, PH_ACTIONS, PH_BILLS, PH_PARLIAMENT, PH_SETUP, PH_STATUTES, have, pbase,
    sell_price,
)
from core.jit import njit
from strategies.cuba.plan import (
    FOCUS_A, FOCUS_B, FOCUS_BONUS, STORE, W_BUILD, W_BUILDING_VP, W_CAFE, W_KEEP_VOTES,
    W_MONEY, W_PARLIAMENT, W_RESOURCE, W_SHIP, W_STATUTE,
)

# --- the value table: per kind, 4 capped sinks (value, capacity) and two tails --------------
S_SHIP, S_USE, S_EXTRA, S_TARGET = 0, 1, 2, 3
NSINK = 4
K_TAIL = 2 * NSINK      # value of a leftover piece that may spoil (unstored product)
K_SAFE = K_TAIL + 1     # value of a leftover piece that keeps (stored, goods, resources)
K_NSAFE = K_SAFE + 1    # how many of the held pieces keep (stored products; all others)
KW = K_NSAFE + 1
V_MV = NKINDS * KW      # VP value of $1 now
V_FUT = V_MV + 1        # rounds after the current one
V_PLAY = V_FUT + 1      # 1.0 per character still playable this round
V_TARGET = V_PLAY + NCHARS  # building the player saves resources for, -1 none
V_BUILT = V_TARGET + 1      # built_counts(s, b)[0], exact in a float64
V_OWN = V_BUILT + 1         # bit mask of the building kinds the player owns
V_CHAINS = V_OWN + 1        # chain_flags()
V_ORDER = V_CHAINS + 1      # per kind: sink_order()
V_CACHE = V_ORDER + NKINDS  # per building kind: cached use value (buildings.set_value)
V_SIZE = V_CACHE + 3 * (NBUILDINGS + 1)
# chain flags, per good g (0 rum, 1 cigars): owns its café / its factory, can build them
CH_CAFE, CH_CONV, CH_CAN_CAFE, CH_CAN_CONV = 0, 2, 4, 6
CH_ALL = (1 << 8) - 1
NONE = -1
BIG = 99.0


@njit(inline="always")
def playable(s, b, c):
    """Whether character c can still be played this round (all of them before round 1)."""
    ph = s[G_PHASE]
    if ph == PH_SETUP or ph == PH_BILLS:
        return True
    return ph == PH_ACTIONS and s[b + P_HAND + c] == 1 and s[b + P_HIDDEN] != c


@njit(inline="always")
def kept_card(params, s, t, b):
    """The card a plan that values its votes keeps for parliament (its best-voting card in
    hand once the hand holds more cards than are still to be played), else -1."""
    if s[G_PHASE] != PH_ACTIONS or params[W_KEEP_VOTES] < 0.5:
        return NONE
    n = 0
    best = NONE
    for c in range(NCHARS):
        if s[b + P_HAND + c] == 1:
            n += 1
            if best == NONE or t[T_VOTES + c] > t[T_VOTES + best]:
                best = c
    if n > t[T_MISC + M_CARDS_PLAYED] - s[b + P_NPLAYED]:
        return best
    return NONE


@njit(_nrt=False)
def money_value(params, s, t):
    """VP value of $1: the plan's money weight, falling as the rounds run out."""
    nr = t[T_MISC + M_ROUNDS]
    left = nr - s[G_ROUND]
    ph = s[G_PHASE]
    if ph <= PH_ACTIONS:
        left += 1.0
    elif ph == PH_PARLIAMENT:
        left += 0.5
    elif ph == PH_STATUTES:
        left += 0.2
    return params[W_MONEY] * left / nr + 0.01


@njit(inline="always")
def duty_value(params, t):
    """VP-equivalent of paying the duty, the tax-and-duty bonus included."""
    return (t[T_MISC + M_DUTY_VP] + t[T_MISC + M_TAX_DUTY_BONUS]) * params[W_STATUTE]


@njit(inline="always")
def built_counts(s, b):
    """(tiles built by anyone per building kind, packed 2 bits per kind; bit mask of the
    building kinds the player at block b owns)."""
    packed = 0
    own = 0
    for p in range(s[G_NP]):
        pb = pbase(p)
        for f in range(1, NFIELDS):
            k = s[pb + P_FIELD + f]
            if k >= 0:
                packed += 1 << (2 * k)
                if pb == b:
                    own |= 1 << k
    return packed, own


@njit(inline="always")
def available(t, packed, k):
    """Whether a tile of building kind k is left (packed = built_counts)."""
    return t[T_BCOPIES + k] > (packed >> (2 * k)) & 3


@njit(inline="always")
def good_of(t, k):
    """The good a café (return_vp on a good) or factory (convert to a good) of kind k serves,
    -1 for other buildings."""
    ft = t[T_BFEAT + k]
    if ft == FT_RETURN_VP and RU <= t[T_BPARAM + 3 * k] <= CG:
        return t[T_BPARAM + 3 * k]
    if ft == FT_CONVERT and RU <= t[T_BPARAM + 3 * k + 1] <= CG:
        return t[T_BPARAM + 3 * k + 1]
    return NONE


@njit(inline="always")
def chain_flags(t, own, packed):
    """Per good: owns its café (bit CH_CAFE + g), its factory (CH_CONV + g), can still build
    a café (CH_CAN_CAFE + g) or a factory (CH_CAN_CONV + g) for it."""
    flags = 0
    for k in range(NBUILDINGS):
        g = good_of(t, k)
        if g < 0:
            continue
        conv = 2 if t[T_BFEAT + k] == FT_CONVERT else 0
        if (own >> k) & 1:
            flags |= 1 << (CH_CAFE + conv + g - RU)
        if available(t, packed, k):
            flags |= 1 << (CH_CAN_CAFE + conv + g - RU)
        if flags == CH_ALL:  # nothing left to learn; the exit also keeps the loop scalar
            break
    return flags


@njit(inline="always")
def chain(vt, bit, good):
    return (np.int64(vt[V_CHAINS]) >> (bit + good - RU)) & 1 == 1


@njit(inline="always")
def set_sink(vt, k, sink, value, cap):
    """Raise sink `sink` of kind k to (value, cap) if value beats what it holds."""
    o = k * KW + 2 * sink
    if value > vt[o]:
        vt[o] = value
        vt[o + 1] = cap


@njit(inline="always")
def sink_order(vt, k):
    """Kind k's open sinks (value and capacity > 0), best first, the lower index first among
    equals (the order pv fills them in): packed 3 bits each, sink index + 1."""
    o = k * KW
    order = 0
    n = 0
    for j in range(NSINK):
        v = vt[o + 2 * j]
        if v > 0 and vt[o + 2 * j + 1] > 0:
            at = 0
            while at < n and vt[o + 2 * (((order >> (3 * at)) & 7) - 1)] >= v:
                at += 1
            low = order & ((1 << (3 * at)) - 1)
            order = low | ((j + 1) << (3 * at)) | ((order >> (3 * at)) << (3 * at + 3))
            n += 1
    return order


@njit(_nrt=False)
def pv(vt, k, i, skip):
    """Value of the i-th held piece of kind k (sinks fill first, best first)."""
    o = k * KW
    order = np.int64(vt[V_ORDER + k])
    rem = i
    while order:
        j = (order & 7) - 1
        order >>= 3
        if j == skip:
            continue
        bv = vt[o + 2 * j]
        tail = vt[o + K_SAFE] if rem < vt[o + K_NSAFE] else vt[o + K_TAIL]
        if bv <= tail:
            return tail
        cap = vt[o + 2 * j + 1]
        if rem < cap:
            return bv
        rem -= cap
    return vt[o + K_SAFE] if rem < vt[o + K_NSAFE] else vt[o + K_TAIL]


@njit(inline="always")
def gain_value(vt, k, h, n, skip):
    """Value of gaining n pieces of kind k while holding h."""
    v = 0.0
    for j in range(n):
        v += pv(vt, k, h + j, skip)
    return v


@njit(inline="always")
def loss_value(vt, k, h, n, skip):
    """Value of giving up n of the h held pieces of kind k (the least valuable go first)."""
    v = 0.0
    for j in range(n):
        v += pv(vt, k, h - 1 - j, skip)
    return v


@njit(_nrt=False)
def vector_loss(vt, s, b, v, skip):
    """Value of giving up the packed piece vector v."""
    tot = 0.0
    for k in range(NKINDS):
        n = (v >> (3 * k)) & 7
        if n:
            tot += loss_value(vt, k, have(s, b, k), n, skip)
    return tot


@njit(inline="always")
def foreman_fields(s, b, p):
    """Fields whose buildings the foreman action p is carrying out can still use (0 when
    p is not in a foreman action)."""
    if s[G_CUR] != p:
        return 0
    dk = s[G_DK]
    if dk == DK_FOREMAN_MODE:
        return (1 << NFIELDS) - 1
    if dk == DK_FOREMAN_NEXT:
        return s[G_CTX1]
    if dk == DK_BUILDING_USE:
        return s[G_CTX1] | (1 << s[G_CTX2])
    return 0


@njit(inline="always")
def storable(s, t, b, now_fields):
    """Whether unstored products can still be kept past this round."""
    passive = t[T_SW + SW_BUILDING_WAREHOUSE_MODE] == 1
    for f in range(NFIELDS):
        k = s[b + P_FIELD + f]
        if k < 0 or t[T_BFEAT + k] != FT_STORE:
            continue
        if passive and k == WAREHOUSE_BUILDING:
            return True
        if (now_fields >> f) & 1 and s[b + P_USED + f] == 0:
            return True
    return False


@njit(_nrt=False)
def value_table(params, s, t, p, vt, target, kept):
    """Fill vt for player p in state s (see the module docstring). `target`: also pick the
    building to save resources for (the costliest part); `kept`: the card this round's
    plays leave in hand for parliament, NONE to let the plan's kept_card decide."""
    b = pbase(p)
    vt[:V_CACHE] = 0.0
    for k in range(NBUILDINGS + 1):
        vt[V_CACHE + 3 * k] = -1.0  # nothing cached (a key of -1 matches no pieces)
    vt[V_MV] = money_value(params, s, t)
    vt[V_FUT] = t[T_MISC + M_ROUNDS] - s[G_ROUND]
    for c in range(NCHARS):
        vt[V_PLAY + c] = 1.0 if playable(s, b, c) else 0.0
    if kept == NONE:
        kept = kept_card(params, s, t, b)
    if kept >= 0:
        vt[V_PLAY + kept] = 0.0
    packed, own = built_counts(s, b)
    vt[V_BUILT] = packed
    vt[V_OWN] = own
    vt[V_CHAINS] = chain_flags(t, own, packed)
    now_fields = (1 << NFIELDS) - 1 if vt[V_PLAY + FOREMAN] > 0 else foreman_fields(s, b, p)
    branch_now, conv_to, conv_now = building_sinks(params, s, t, b, vt, now_fields)
    ship_sinks(params, s, t, vt, vt[V_PLAY + MAYOR] > 0 or branch_now)
    goods_tails(params, s, t, vt)
    product_tails(params, s, t, b, vt, conv_to, conv_now, storable(s, t, b, now_fields))
    resource_tails(params, vt)
    statute_sinks(params, s, t, vt)
    vt[V_TARGET] = NONE
    if target and vt[V_FUT] + vt[V_PLAY + ARCHITECT] > 0:
        target_sinks(params, s, t, p, vt, packed)
    for k in range(NKINDS):
        vt[V_ORDER + k] = sink_order(vt, k)


@njit(inline="always")
def building_sinks(params, s, t, b, vt, now_fields):
    """Sinks of the player's buildings: cafés and other VP buildings (this round if the
    foreman can still use them, else later), sales; returns (a branch office can ship this
    round, packed conversions product -> 1 + good - RU, bit per product convertible now)."""
    later = 0.85 if vt[V_FUT] > 0 else 0.0
    mv = vt[V_MV]
    branch_now = False
    conv_to = np.int64(0)
    conv_now = np.int64(0)
    for f in range(1, NFIELDS):
        k = s[b + P_FIELD + f]
        if k < 0:
            continue
        ft = t[T_BFEAT + k]
        q = T_BPARAM + 3 * k
        now = (now_fields >> f) & 1 == 1 and s[b + P_USED + f] == 0
        avail = 1.0 if now else later
        if ft == FT_RETURN_VP:
            k0, k1 = sel_range(t[q])
            w = params[W_CAFE] if k0 >= RU else params[W_BUILDING_VP]
            for kk in range(k0, k1):
                set_sink(vt, kk, S_USE, t[q + 2] * w * avail, t[q + 1])
                if k0 >= RU:  # goods keep: what the café cannot take now it takes later
                    o = kk * KW + K_SAFE
                    vt[o] = max(vt[o], t[q + 2] * w * later * (0.8 if now else 0.6))
        elif ft == FT_SELL:
            k0, k1 = sel_range(t[q])
            for kk in range(k0, k1):
                vt[kk * KW + K_SAFE] = max(vt[kk * KW + K_SAFE], t[q + 2] * mv * avail)
        elif ft == FT_CONVERT:
            r = t[q] - CI
            conv_to |= (1 + t[q + 1] - RU) << (3 * r)
            if now:
                conv_now |= 1 << r
        elif (ft == FT_SMALL_BRANCH or ft == FT_LARGE_BRANCH) and now:
            branch_now = True
    return branch_now, conv_to, conv_now


@njit(inline="always")
def ship_sinks(params, s, t, vt, ship_now):
    """Merchandise that can ship this round: the free spots of the best dock for its kind."""
    if not ship_now:
        return
    best = np.int64(0)   # best dock per kind, 2 bits each
    caps = np.int64(0)   # its free spots per kind, 3 bits each
    for d in range(1, 4):
        if s[O_SHIP + d] < 0:
            continue
        free = free_vector(s, t, d)
        for k in range(CI, CG + 1):
            if vget(free, k) > 0:
                best = (best & ~(3 << (2 * k))) | (d << (2 * k))
                caps = (caps & ~(7 << (3 * k))) | (vget(free, k) << (3 * k))
    for k in range(CI, CG + 1):
        d = (best >> (2 * k)) & 3
        if d > 0:
            set_sink(vt, k, S_SHIP, params[W_SHIP] * d, vget(caps, k))


@njit(inline="always")
def later_ship(params, vt):
    """Value of a piece kept to ship in a later round (a dock-2 spot, uncertain)."""
    return params[W_SHIP] * 2.0 * 0.6 if vt[V_FUT] > 0 else 0.0


@njit(inline="always")
def goods_tails(params, s, t, vt):
    """Goods keep: sale, later shipping, a café still to build."""
    trader = vt[V_PLAY + TRADER] > 0
    for k in range(RU, CG + 1):
        o = k * KW
        sale = sell_price(s, t, k - CI) * vt[V_MV] * (1.0 if trader or vt[V_FUT] > 0 else 0.0)
        vt[o + K_SAFE] = max(vt[o + K_SAFE], sale, 0.5 * later_ship(params, vt))
        if vt[o + 2 * S_USE] == 0.0 and vt[V_FUT] > 0 and chain(vt, CH_CAN_CAFE, k):
            # worth more the more the plan wants cafés
            cafe = 2.0 * params[W_CAFE] * min(0.8, 0.25 * params[W_CAFE])
            vt[o + K_SAFE] = max(vt[o + K_SAFE], cafe)
        vt[o + K_TAIL] = vt[o + K_SAFE]
        vt[o + K_NSAFE] = BIG


@njit(inline="always")
def product_tails(params, s, t, b, vt, conv_to, conv_now, keep):
    """Products: conversion into a good (the café's room first), later use if kept past the
    round (stored, or storable now: `keep`), sale now."""
    later = 0.85 if vt[V_FUT] > 0 else 0.0
    trader = vt[V_PLAY + TRADER] > 0
    for r in range(3):
        k = CI + r
        o = k * KW
        g = (conv_to >> (3 * r)) & 7
        if g:
            good = RU + g - 1
            go = good * KW
            gval = max(vt[go + 2 * S_USE], vt[go + 2 * S_SHIP], vt[go + K_SAFE])
            if (conv_now >> r) & 1:
                set_sink(vt, k, S_USE, gval, max(vt[go + 2 * S_USE + 1] - have(s, b, good), 0.0))
                vt[o + K_SAFE] = max(vt[o + K_SAFE], vt[go + K_SAFE])
            else:
                vt[o + K_SAFE] = max(vt[o + K_SAFE], gval * later)
        sale_now = sell_price(s, t, r) * vt[V_MV] if trader else 0.0
        future = 0.0
        if vt[V_FUT] > 0:
            future = max(later_ship(params, vt), sell_price(s, t, r) * vt[V_MV] * 0.8)
        vt[o + K_SAFE] = max(vt[o + K_SAFE], future, sale_now)
        vt[o + K_TAIL] = max(sale_now, params[STORE] * vt[o + K_SAFE] if keep else 0.0)
        vt[o + K_NSAFE] = s[b + P_STORED + r]


@njit(inline="always")
def resource_tails(params, vt):
    """Resources keep their building value while the architect has rounds left; water also
    buys extra product fields while the worker has."""
    build_rounds = vt[V_FUT] + vt[V_PLAY + ARCHITECT]
    res = params[W_RESOURCE] * (1.0 if build_rounds >= 2 else 0.7 if build_rounds == 1 else 0.0)
    for k in range(WD, WA + 1):
        o = k * KW
        vt[o + K_SAFE] = max(vt[o + K_SAFE], res)
        if k == WA and vt[V_FUT] + vt[V_PLAY + WORKER] > 0:
            vt[o + K_SAFE] = max(vt[o + K_SAFE], 0.6 * max(params[W_SHIP], params[W_CAFE], 1.0))
        vt[o + K_TAIL] = vt[o + K_SAFE]
        vt[o + K_NSAFE] = BIG


@njit(inline="always")
def statute_sinks(params, s, t, vt):
    """This round's statutes still to come: the duty's pieces, pieces a subsidy counts."""
    if s[G_PHASE] > PH_STATUTES:
        return
    c = s[O_ACTS + DUTY]
    if c >= 0 and t[T_SEFF + c] == EF_DUTY:
        sel = t[T_SPARAM + 2 * c]
        cnt = t[T_SPARAM + 2 * c + 1]
        k0, k1 = sel_range(sel)
        if sel == SEL_RES_OR_PROD:
            k0, k1 = WD, TO + 1
        for kk in range(k0, k1):
            set_sink(vt, kk, S_EXTRA, duty_value(params, t) / cnt, cnt)
    c = s[O_ACTS + SUBSIDY]
    if c >= 0 and t[T_SEFF + c] == EF_SUB_KIND_HELD:
        value = params[W_STATUTE] * min(2.0, vt[V_FUT] + 1.0)
        set_sink(vt, t[T_SPARAM + 2 * c], S_EXTRA, value, t[T_SPARAM + 2 * c + 1])


@njit(_nrt=False)
def target_sinks(params, s, t, p, vt, packed):
    """The target: the building worth most for its cost among those left. Its resources are
    worth a bonus, the more the fewer are missing; the last one, with the architect still to
    come this round, builds it now."""
    b = pbase(p)
    best = 0.0
    k = NONE  # kept out of vt in the loop: a store to vt would make it reload vt's entries
    ctx = building_context(params, s, t, vt)
    rw = max(params[W_RESOURCE], 0.5)
    for kk in range(NBUILDINGS):
        if not available(t, packed, kk):
            continue
        cost = t[T_BCOST + 3 * kk] + t[T_BCOST + 3 * kk + 1] + t[T_BCOST + 3 * kk + 2]
        v = context_value(params, t, vt, kk, ctx) - 0.8 * cost * rw
        if v > best:
            best = v
            k = kk
    vt[V_TARGET] = k
    if k < 0:
        return
    missing = 0
    for r in range(3):
        missing += max(0, t[T_BCOST + 3 * k + r] - s[b + P_LOT + WD + r])
    if missing == 1 and vt[V_PLAY + ARCHITECT] > 0:
        bonus = min(8.0, 0.3 * best)
    else:
        bonus = min(3.0, 0.3 * best / max(missing, 1))
        if vt[V_PLAY + ARCHITECT] == 0:
            bonus *= 0.5
    for r in range(3):
        if t[T_BCOST + 3 * k + r] > 0:
            o = (WD + r) * KW
            set_sink(vt, WD + r, S_TARGET, vt[o + K_SAFE] + bonus, t[T_BCOST + 3 * k + r])


@njit(inline="always")
def use_potential(params, s, t, p, vt, k):
    """Value of the uses a tile of building kind k owned by p has to come (foreman rounds)."""
    uses = vt[V_FUT] + vt[V_PLAY + FOREMAN]
    return per_use(params, t, vt, k, vt[V_MV], np.int64(vt[V_CHAINS])) * uses * 0.8


@njit(inline="always")
def per_use(params, t, vt, k, mv, chains):
    """Value of one use of a tile of building kind k (mv: vt[V_MV], chains: vt[V_CHAINS])."""
    ft = t[T_BFEAT + k]
    q = T_BPARAM + 3 * k
    per = 0.0
    if ft == FT_RETURN_VP:
        k0, k1 = sel_range(t[q])
        mx = t[q + 1]
        if k0 >= RU:  # a café: how many goods will it get?
            supply = 0.7
            if (chains >> (CH_CONV + k0 - RU)) & 1:
                supply = 3.0
            elif (chains >> (CH_CAN_CONV + k0 - RU)) & 1:
                supply = 1.2
            per = t[q + 2] * min(mx, supply) * params[W_CAFE]
        elif k0 >= CI:
            per = t[q + 2] * min(mx, 1.0) * params[W_BUILDING_VP]
        else:
            per = min(mx, 1.5) * (t[q + 2] * params[W_BUILDING_VP] - 0.5 * params[W_RESOURCE])
    elif ft == FT_GAIN_VP:
        per = t[q] * params[W_BUILDING_VP]
    elif ft == FT_GAIN_MONEY:
        per = t[q] * mv
    elif ft == FT_SELL:
        per = t[q + 1] * t[q + 2] * mv * 0.4
    elif ft == FT_CONVERT:
        good = t[q + 1]
        cafe = 0.0
        if (chains >> (CH_CAFE + good - RU)) & 1:
            cafe = 1.0
        elif (chains >> (CH_CAN_CAFE + good - RU)) & 1:
            cafe = 0.6
        per = 2.5 * 2.0 * params[W_CAFE] * cafe + 2.0 * mv
    elif ft == FT_BLACK_MARKET:
        per = 0.3 + 0.5 * params[W_CAFE]
    elif ft == FT_SMALL_BRANCH:
        per = t[q] * 2.0 * params[W_SHIP] * 0.8
    elif ft == FT_LARGE_BRANCH:
        per = 2.0 * 2.0 * params[W_SHIP] * 0.8
    elif ft == FT_CHURCH:
        per = 0.25 * params[W_PARLIAMENT]
    elif ft == FT_TOWN_HALL:
        per = t[q] * params[W_KEEP_VOTES] * 0.7
    elif ft == FT_GAIN_PIECES:
        per = t[q + 1] * vt[t[q] * KW + K_SAFE]
    elif ft == FT_LIGHTHOUSE:
        per = 0.25 * params[W_SHIP]
    elif ft == FT_STORE:
        per = 0.8 * params[STORE] * max(params[W_SHIP], params[W_CAFE])
    return per


@njit(_nrt=False)
def building_context(params, s, t, vt):
    """The parts of building_value shared by every kind: (end bonus value, subsidy per
    building or 0, tax per building or 0, a subsidy per building is in force, a tax per
    building is in force, owns a café, owns a factory, uses to come)."""
    end = t[T_MISC + M_END_BUILDING_VP] * params[W_BUILD]
    statute_rounds = min(2.0, vt[V_FUT] + 1.0)
    c = s[O_ACTS + SUBSIDY]
    sub = c >= 0 and t[T_SEFF + c] == EF_SUB_BUILDINGS
    subv = t[T_SPARAM + 2 * c] * params[W_STATUTE] * statute_rounds if sub else 0.0
    c = s[O_ACTS + TAX]
    tax = c >= 0 and t[T_SEFF + c] == EF_TAX_PER_BUILDING
    taxv = t[T_SPARAM + 2 * c] * vt[V_MV] * statute_rounds if tax else 0.0
    chains = np.int64(vt[V_CHAINS])
    cafe = ((chains >> CH_CAFE) | (chains >> (CH_CAFE + 1))) & 1 == 1
    conv = ((chains >> CH_CONV) | (chains >> (CH_CONV + 1))) & 1 == 1
    return end, subv, taxv, sub, tax, cafe, conv, vt[V_FUT] + vt[V_PLAY + FOREMAN]


@njit(_nrt=False)
def building_value(params, s, t, p, vt, k):
    """Value of owning a new tile of building kind k: its uses to come, the end bonus,
    per-building statutes and the plan's focus."""
    return context_value(params, t, vt, k, building_context(params, s, t, vt))


@njit(inline="always")
def context_value(params, t, vt, k, ctx):
    """building_value with its shared parts `ctx` (building_context) computed once."""
    end, subv, taxv, sub, tax, cafe, conv, uses = ctx
    chains = np.int64(vt[V_CHAINS])
    up = per_use(params, t, vt, k, vt[V_MV], chains) * uses * 0.8
    if (np.int64(vt[V_OWN]) >> k) & 1:  # a second tile adds its end bonus, hardly any use
        return 0.2 * up + end
    ft = t[T_BFEAT + k]
    share = 1.0
    # a second café or a second factory: a second production chain that competes with the
    # first for the one foreman action a round
    if (ft == FT_RETURN_VP or ft == FT_CONVERT) and good_of(t, k) >= 0:
        if conv if ft == FT_CONVERT else cafe:
            share = 0.3
    v = share * up + end
    if sub:
        v += subv
    if tax:
        v -= taxv
    if k + 1 == params[FOCUS_A] or k + 1 == params[FOCUS_B]:
        v += params[FOCUS_BONUS]
    return v


@njit(inline="always")
def cost_value(s, t, b, vt, k, skip):
    """Value of the resources building kind k costs."""
    v = 0.0
    for r in range(3):
        n = t[T_BCOST + 3 * k + r]
        if n:
            v += loss_value(vt, WD + r, s[b + P_LOT + WD + r], n, skip)
    return v


@njit(inline="always")
def build_net(params, s, t, p, vt, k, fee, ctx):
    """Net value of building kind k now: its value less its cost and fee (ctx:
    building_context)."""
    skip = S_TARGET if k == vt[V_TARGET] else NONE
    return (context_value(params, t, vt, k, ctx) - cost_value(s, t, pbase(p), vt, k, skip)
            - fee * vt[V_MV])
