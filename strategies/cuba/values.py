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

from core.common.layout import block
from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import M, SW, T
from core.cuba.state import DK, G, O, P, PH
from core.jit import njit
from strategies.common.argmax import better
from strategies.cuba.plan import W

# --- the value table: per kind, 4 capped sinks (value, capacity) and two tails --------------
S_SHIP, S_USE, S_EXTRA, S_TARGET = 0, 1, 2, 3
NSINK = 4
# one kind's entries, at vt[k * KW]
K = block("K", """
    SINKS  2 * NSINK  (value, capacity) of each sink, S_* order
    TAIL   1          value of a leftover piece that may spoil (unstored product)
    SAFE   1          value of a leftover piece that keeps (stored, goods, resources)
    NSAFE  1          how many of the held pieces keep (stored products; all others)
""", names=globals())
KW = K.SIZE
V = block("V", """
    KINDS   C.NKINDS * KW           a K block per kind
    MV      1                       VP value of $1 now
    FUT     1                       rounds after the current one
    PLAY    C.NCHARS                1.0 per character still playable this round
    TARGET  1                       building the player saves resources for, -1 none
    BUILT   1                       built_counts(s, b)[0], exact in a float64
    OWN     1                       bit mask of the building kinds the player owns
    CHAINS  1                       chain_flags()
    INPUT   2                       per good (RU, CG): open plantation fields of its factory's input
                                    product
    ORDER   C.NKINDS                per kind: sink_order()
    CACHE   3 * (C.NBUILDINGS + 1)  per building kind: cached use value (buildings.set_value)
""", names=globals())
V_SIZE = V.SIZE  # a plain int: stack_array needs the size as a literal
# chain flags, per good g (0 rum, 1 cigars): owns its café / its factory, can build them
CH_CAFE, CH_CONV, CH_CAN_CAFE, CH_CAN_CONV = 0, 2, 4, 6
CH_ALL = (1 << 8) - 1
NONE = -1
BIG = 99.0


@njit(inline="always")
def playable(s, t, b, c):
    """Whether character c can still be played this round (all of them before round 1): in
    hand, not hidden, and not the card left over once the round's plays are done (CUBA-R12)."""
    ph = s[G.PHASE]
    if ph == PH.SETUP or ph == PH.BILLS:
        return True
    return (ph == PH.ACTIONS and s[b + P.HAND + c] == 1 and s[b + P.HIDDEN] != c
            and s[b + P.NPLAYED] < t[T.MISC + M.CARDS_PLAYED])


@njit(inline="always")
def kept_card(params, s, t, b):
    """The card a plan that values its votes keeps for parliament (its best-voting card in
    hand once the hand holds more cards than are still to be played), else -1."""
    if s[G.PHASE] != PH.ACTIONS or params[W.KEEP_VOTES] < 0.5:
        return NONE
    n = 0
    best = NONE
    for c in range(C.NCHARS):
        if s[b + P.HAND + c] == 1:
            n += 1
            if best == NONE or t[T.CHAR_VOTES + c] > t[T.CHAR_VOTES + best]:
                best = c
    if n > t[T.MISC + M.CARDS_PLAYED] - s[b + P.NPLAYED]:
        return best
    return NONE


@njit(_nrt=False)
def money_value(params, s, t):
    """VP value of $1: the plan's money weight, falling as the rounds run out."""
    left = t[T.MISC + M.ROUNDS] - s[G.ROUND]
    ph = s[G.PHASE]
    if ph <= PH.ACTIONS:
        left += 1.0
    elif ph == PH.PARLIAMENT:
        left += 0.5
    elif ph == PH.STATUTES:
        left += 0.2
    return money_value_left(params, t, left)


@njit(inline="always")
def money_value_left(params, t, left):
    """money_value with `left` rounds (fractions for the phases) still to come."""
    return params[W.MONEY] * left / t[T.MISC + M.ROUNDS] + 0.01


@njit(inline="always")
def duty_value(params, t):
    """VP-equivalent of paying the duty, the tax-and-duty bonus included."""
    return (t[T.MISC + M.DUTY_VP] + t[T.MISC + M.TAX_DUTY_BONUS_VP]) * params[W.STATUTE]


@njit(inline="always")
def statute_turn(s, p):
    """Player p's place in this round's statutes (CUBA-R43/R44: tax, then duty, per player in
    turn order): 0 before its tax, 1 between its tax and its duty, 2 after its duty."""
    ph = s[G.PHASE]
    if ph < PH.STATUTES:
        return 0
    if ph > PH.STATUTES:
        return 2
    np_ = s[G.NP]
    i = (p - s[G.START]) % np_
    step = s[G.STEP]
    if step <= i:
        return 0
    return 1 if step <= np_ + i else 2


@njit(inline="always")
def duty_gain(params, s, t, p):
    """VP-equivalent of paying the duty for player p: the bonus counts while p's tax is still
    to come or was paid (CUBA-R44)."""
    b = S.pbase(p)
    v = t[T.MISC + M.DUTY_VP] * params[W.STATUTE]
    if statute_turn(s, p) == 0 or s[b + P.PAID_TAX]:
        v += t[T.MISC + M.TAX_DUTY_BONUS_VP] * params[W.STATUTE]
    return v


@njit(inline="always")
def built_counts(s, b):
    """(tiles built by anyone per building kind, packed 2 bits per kind; bit mask of the
    building kinds the player at block b owns). int64 throughout: interpreted, a shift of the
    state's int32 kind would overflow from kind 16 on (compiled code widens it itself)."""
    packed = np.int64(0)
    own = np.int64(0)
    for p in range(s[G.NP]):
        pb = S.pbase(p)
        for f in range(1, C.NFIELDS):
            k = np.int64(s[pb + P.FIELD + f])
            if k >= 0:
                packed += np.int64(1) << (2 * k)
                if pb == b:
                    own |= np.int64(1) << k
    return packed, own


@njit(inline="always")
def available(t, packed, k):
    """Whether a tile of building kind k is left (packed = built_counts)."""
    return t[T.BUILDING_COPIES + k] > (packed >> (2 * k)) & 3


@njit(inline="always")
def good_of(t, k):
    """The good a café (return_vp on a good) or factory (convert to a good) of kind k serves,
    -1 for other buildings."""
    ft = t[T.BUILDING_FEATURE + k]
    if ft == C.FT_RETURN_VP and C.RU <= t[T.BUILDING_PARAM + 3 * k] <= C.CG:
        return t[T.BUILDING_PARAM + 3 * k]
    if ft == C.FT_CONVERT and C.RU <= t[T.BUILDING_PARAM + 3 * k + 1] <= C.CG:
        return t[T.BUILDING_PARAM + 3 * k + 1]
    return NONE


@njit(inline="always")
def chain_flags(t, own, packed):
    """Per good: owns its café (bit CH_CAFE + g), its factory (CH_CONV + g), can still build
    a café (CH_CAN_CAFE + g) or a factory (CH_CAN_CONV + g) for it."""
    flags = 0
    for k in range(C.NBUILDINGS):
        g = good_of(t, k)
        if g < 0:
            continue
        conv = 2 if t[T.BUILDING_FEATURE + k] == C.FT_CONVERT else 0
        if (own >> k) & 1:
            flags |= 1 << (CH_CAFE + conv + g - C.RU)
        if available(t, packed, k):
            flags |= 1 << (CH_CAN_CAFE + conv + g - C.RU)
        if flags == CH_ALL:  # nothing left to learn; the exit also keeps the loop scalar
            break
    return flags


@njit(inline="always")
def input_fields(s, t, b, vt):
    """vt[V.INPUT + g]: the open fields of the plantation at block b that yield the product a
    factory converts into good g (sugar for rum, tobacco for cigars): what a chain can run on."""
    for g in range(2):
        vt[V.INPUT + g] = 0.0
    for k in range(C.NBUILDINGS):
        if t[T.BUILDING_FEATURE + k] != C.FT_CONVERT:
            continue
        q = T.BUILDING_PARAM + 3 * k
        g = t[q + 1] - C.RU
        if 0 <= g < 2 and vt[V.INPUT + g] == 0.0:
            n = 0
            for f in range(C.NFIELDS):
                ft = S.field_type(s, t, b, f)
                if C.F_CI <= ft <= C.F_TO and C.CI + ft - C.F_CI == t[q] and s[b + P.FIELD + f] < 0:
                    n += 1
            vt[V.INPUT + g] = n


@njit(inline="always")
def chain_supply(vt, good):
    """Goods a round a chain of `good` can serve from its own fields (a factory fed by up to
    two fields a round, 0.5 from the market without any)."""
    return min(3.0, 0.5 + 1.25 * min(vt[V.INPUT + good - C.RU], 2.0))


@njit(inline="always")
def chain(vt, bit, good):
    return (np.int64(vt[V.CHAINS]) >> (bit + good - C.RU)) & 1 == 1


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
    order = np.int64(vt[V.ORDER + k])
    rem = i
    while order:
        j = (order & 7) - 1
        order >>= 3
        if j == skip:
            continue
        bv = vt[o + 2 * j]
        tail = vt[o + K.SAFE] if rem < vt[o + K.NSAFE] else vt[o + K.TAIL]
        if bv <= tail:
            return tail
        cap = vt[o + 2 * j + 1]
        if rem < cap:
            return bv
        rem -= cap
    return vt[o + K.SAFE] if rem < vt[o + K.NSAFE] else vt[o + K.TAIL]


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
    for k in range(C.NKINDS):
        n = (v >> (3 * k)) & 7
        if n:
            tot += loss_value(vt, k, S.have(s, b, k), n, skip)
    return tot


@njit(inline="always")
def foreman_fields(s, b, p):
    """Fields whose buildings the foreman action p is carrying out can still use (0 when
    p is not in a foreman action)."""
    if s[G.CUR] != p:
        return 0
    dk = s[G.DK]
    if dk == DK.FOREMAN_MODE:
        return (1 << C.NFIELDS) - 1
    if dk == DK.FOREMAN_NEXT:
        return s[G.CTX1]
    if dk == DK.BUILDING_USE:
        return s[G.CTX1] | (1 << s[G.CTX2])
    return 0


@njit(inline="always")
def foreman_reach(s, t, b, p, vt):
    """Fields whose buildings the foreman can still use this round (CUBA-R19). With the worker
    played, the pawn's row and column are where the foreman works once they hold a usable
    building: a building elsewhere (the printed warehouse too) takes the whole action."""
    if vt[V.PLAY + C.FOREMAN] == 0:
        return foreman_fields(s, b, p)
    everything = (1 << C.NFIELDS) - 1
    if vt[V.PLAY + C.WORKER] > 0:
        return everything  # the pawn can still move anywhere
    cross = actions.rowcol_mask(s[b + P.PAWN])
    for f in range(C.NFIELDS):
        if (cross >> f) & 1 and actions.usable_building(s, t, b, f) >= 0:
            return cross
    return everything


@njit(inline="always")
def storable(s, t, b, now_fields):
    """Whether unstored products can still be kept past this round."""
    passive = t[T.SWITCHES + SW.BUILDING_WAREHOUSE_MODE] == 1
    for f in range(C.NFIELDS):
        k = s[b + P.FIELD + f]
        if k < 0 or t[T.BUILDING_FEATURE + k] != C.FT_STORE:
            continue
        if passive and k == C.WAREHOUSE_BUILDING:
            return True
        if (now_fields >> f) & 1 and s[b + P.USED + f] == 0:
            return True
    return False


@njit(_nrt=False)
def value_table(params, s, t, p, vt, target, kept):
    """Fill vt for player p in state s (see the module docstring). `target`: also pick the
    building to save resources for (the costliest part); `kept`: the card this round's
    plays leave in hand for parliament, NONE to let the plan's kept_card decide."""
    b = S.pbase(p)
    vt[:V.CACHE] = 0.0
    for k in range(C.NBUILDINGS + 1):
        vt[V.CACHE + 3 * k] = -1.0  # nothing cached (a key of -1 matches no pieces)
    vt[V.MV] = money_value(params, s, t)
    vt[V.FUT] = t[T.MISC + M.ROUNDS] - s[G.ROUND]
    for c in range(C.NCHARS):
        vt[V.PLAY + c] = 1.0 if playable(s, t, b, c) else 0.0
    if kept == NONE:
        kept = kept_card(params, s, t, b)
    if kept >= 0:
        vt[V.PLAY + kept] = 0.0
    packed, own = built_counts(s, b)
    vt[V.BUILT] = packed
    vt[V.OWN] = own
    vt[V.CHAINS] = chain_flags(t, own, packed)
    input_fields(s, t, b, vt)
    now_fields = foreman_reach(s, t, b, p, vt)
    branch_now, conv_to, conv_now = building_sinks(params, s, t, b, vt, now_fields)
    ship_sinks(params, s, t, vt, vt[V.PLAY + C.MAYOR] > 0 or branch_now)
    goods_tails(params, s, t, vt)
    product_tails(params, s, t, b, vt, conv_to, conv_now, storable(s, t, b, now_fields))
    resource_tails(params, vt)
    statute_sinks(params, s, t, p, vt)
    vt[V.TARGET] = NONE
    if target and vt[V.FUT] + vt[V.PLAY + C.ARCHITECT] > 0:
        target_sinks(params, s, t, p, vt, packed)
    for k in range(C.NKINDS):
        vt[V.ORDER + k] = sink_order(vt, k)


@njit(inline="always")
def building_sinks(params, s, t, b, vt, now_fields):
    """Sinks of the player's buildings: cafés and other VP buildings (this round if the
    foreman can still use them, else later), sales; returns (a branch office can ship this
    round, packed conversions product -> 1 + good - RU, bit per product convertible now)."""
    later = 0.85 if vt[V.FUT] > 0 else 0.0
    mv = vt[V.MV]
    branch_now = False
    conv_to = np.int64(0)
    conv_now = np.int64(0)
    for f in range(1, C.NFIELDS):
        k = s[b + P.FIELD + f]
        if k < 0:
            continue
        ft = t[T.BUILDING_FEATURE + k]
        q = T.BUILDING_PARAM + 3 * k
        now = (now_fields >> f) & 1 == 1 and s[b + P.USED + f] == 0
        avail = 1.0 if now else later
        if ft == C.FT_RETURN_VP:
            k0, k1 = actions.sel_range(t[q])
            w = params[W.CAFE] if k0 >= C.RU else params[W.BUILDING_VP]
            for kk in range(k0, k1):
                set_sink(vt, kk, S_USE, t[q + 2] * w * avail, t[q + 1])
                if k0 >= C.RU:  # goods keep: what the café cannot take now it takes later
                    o = kk * KW + K.SAFE
                    vt[o] = max(vt[o], t[q + 2] * w * later * (0.8 if now else 0.6))
        elif ft == C.FT_SELL:
            k0, k1 = actions.sel_range(t[q])
            for kk in range(k0, k1):
                vt[kk * KW + K.SAFE] = max(vt[kk * KW + K.SAFE], t[q + 2] * mv * avail)
        elif ft == C.FT_CONVERT:
            r = t[q] - C.CI
            conv_to |= (1 + t[q + 1] - C.RU) << (3 * r)
            if now:
                conv_now |= 1 << r
        elif (ft == C.FT_SMALL_BRANCH or ft == C.FT_LARGE_BRANCH) and now:
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
        if s[O.SHIP + d] < 0:
            continue
        free = actions.free_vector(s, t, d)
        for k in range(C.CI, C.CG + 1):
            if actions.vget(free, k) > 0:
                best = (best & ~(3 << (2 * k))) | (d << (2 * k))
                caps = (caps & ~(7 << (3 * k))) | (actions.vget(free, k) << (3 * k))
    for k in range(C.CI, C.CG + 1):
        d = (best >> (2 * k)) & 3
        if d > 0:
            set_sink(vt, k, S_SHIP, params[W.SHIP] * d, actions.vget(caps, k))


@njit(inline="always")
def later_ship(params, vt):
    """Value of a piece kept to ship in a later round (a dock-2 spot, uncertain)."""
    return params[W.SHIP] * 2.0 * 0.6 if vt[V.FUT] > 0 else 0.0


@njit(inline="always")
def goods_tails(params, s, t, vt):
    """Goods keep: sale, later shipping, a café still to build."""
    trader = vt[V.PLAY + C.TRADER] > 0
    for k in range(C.RU, C.CG + 1):
        o = k * KW
        sale = S.sell_price(s, t, k - C.CI) * vt[V.MV] * (1.0 if trader or vt[V.FUT] > 0 else 0.0)
        vt[o + K.SAFE] = max(vt[o + K.SAFE], sale, 0.5 * later_ship(params, vt))
        if vt[o + 2 * S_USE] == 0.0 and vt[V.FUT] > 0 and chain(vt, CH_CAN_CAFE, k):
            # worth more the more the plan wants cafés
            cafe = 2.0 * params[W.CAFE] * min(0.8, 0.25 * params[W.CAFE])
            vt[o + K.SAFE] = max(vt[o + K.SAFE], cafe)
        vt[o + K.TAIL] = vt[o + K.SAFE]
        vt[o + K.NSAFE] = BIG


@njit(inline="always")
def product_tails(params, s, t, b, vt, conv_to, conv_now, keep):
    """Products: conversion into a good (the café's room first), later use if kept past the
    round (stored, or storable now: `keep`), sale now."""
    later = 0.85 if vt[V.FUT] > 0 else 0.0
    trader = vt[V.PLAY + C.TRADER] > 0
    for r in range(3):
        k = C.CI + r
        o = k * KW
        g = (conv_to >> (3 * r)) & 7
        if g:
            good = C.RU + g - 1
            go = good * KW
            gval = max(vt[go + 2 * S_USE], vt[go + 2 * S_SHIP], vt[go + K.SAFE])
            if (conv_now >> r) & 1:
                room = max(vt[go + 2 * S_USE + 1] - S.have(s, b, good), 0.0)
                set_sink(vt, k, S_USE, gval, room)
                vt[o + K.SAFE] = max(vt[o + K.SAFE], vt[go + K.SAFE])
                # the products held fill that room once converted: a good gained on top of
                # them finds no place (a bought rum beside spare sugar and a distillery)
                vt[go + 2 * S_USE + 1] -= min(S.have(s, b, k), room)
            else:
                vt[o + K.SAFE] = max(vt[o + K.SAFE], gval * later)
        sale_now = S.sell_price(s, t, r) * vt[V.MV] if trader else 0.0
        future = 0.0
        if vt[V.FUT] > 0:
            future = max(later_ship(params, vt), S.sell_price(s, t, r) * vt[V.MV] * 0.8)
        vt[o + K.SAFE] = max(vt[o + K.SAFE], future, sale_now)
        vt[o + K.TAIL] = max(sale_now, params[W.STORE] * vt[o + K.SAFE] if keep else 0.0)
        vt[o + K.NSAFE] = s[b + P.STORED + r]


@njit(inline="always")
def resource_tails(params, vt):
    """Resources keep their building value while the architect has rounds left; water also
    buys extra product fields while the worker has."""
    build_rounds = vt[V.FUT] + vt[V.PLAY + C.ARCHITECT]
    res = params[W.RESOURCE] * (1.0 if build_rounds >= 2 else 0.7 if build_rounds == 1 else 0.0)
    for k in range(C.WD, C.WA + 1):
        o = k * KW
        vt[o + K.SAFE] = max(vt[o + K.SAFE], res)
        if k == C.WA and vt[V.FUT] + vt[V.PLAY + C.WORKER] > 0:
            vt[o + K.SAFE] = max(vt[o + K.SAFE], 0.6 * max(params[W.SHIP], params[W.CAFE], 1.0))
        vt[o + K.TAIL] = vt[o + K.SAFE]
        vt[o + K.NSAFE] = BIG


@njit(inline="always")
def statute_sinks(params, s, t, p, vt):
    """This round's statutes still to come for player p: the duty's pieces (until p's duty
    is decided), pieces a subsidy counts."""
    if s[G.PHASE] > PH.STATUTES:
        return
    c = s[O.ACTS + C.DUTY]
    if c >= 0 and t[T.STATUTE_EFFECT + c] == C.EF_DUTY and statute_turn(s, p) < 2:
        sel = t[T.STATUTE_PARAM + 2 * c]
        cnt = t[T.STATUTE_PARAM + 2 * c + 1]
        k0, k1 = actions.sel_range(sel)
        if sel == C.SEL_RES_OR_PROD:
            k0, k1 = C.WD, C.TO + 1
        for kk in range(k0, k1):
            set_sink(vt, kk, S_EXTRA, duty_gain(params, s, t, p) / cnt, cnt)
    c = s[O.ACTS + C.SUBSIDY]
    if c >= 0 and t[T.STATUTE_EFFECT + c] == C.EF_SUB_KIND_HELD:
        value = params[W.STATUTE] * min(2.0, vt[V.FUT] + 1.0)
        set_sink(vt, t[T.STATUTE_PARAM + 2 * c], S_EXTRA, value, t[T.STATUTE_PARAM + 2 * c + 1])


@njit(_nrt=False)
def target_sinks(params, s, t, p, vt, packed):
    """The target: the building worth most for its cost among those left. Its resources are
    worth a bonus, the more the fewer are missing; the last one, with the architect still to
    come this round, builds it now."""
    b = S.pbase(p)
    best = 0.0
    k = NONE  # kept out of vt in the loop: a store to vt would make it reload vt's entries
    ctx = building_context(params, s, t, vt)
    rw = max(params[W.RESOURCE], 0.5)
    for kk in range(C.NBUILDINGS):
        if not available(t, packed, kk):
            continue
        c = T.BUILDING_COST + 3 * kk
        cost = t[c] + t[c + 1] + t[c + 2]
        v = context_value(params, t, vt, kk, ctx) - 0.8 * cost * rw
        best, k = better(v, kk, best, k)
    vt[V.TARGET] = k
    if k < 0:
        return
    missing = 0
    for r in range(3):
        missing += max(0, t[T.BUILDING_COST + 3 * k + r] - s[b + P.LOT + C.WD + r])
    if missing == 1 and vt[V.PLAY + C.ARCHITECT] > 0:
        bonus = min(8.0, 0.3 * best)
    else:
        bonus = min(3.0, 0.3 * best / max(missing, 1))
        if vt[V.PLAY + C.ARCHITECT] == 0:
            bonus *= 0.5
    for r in range(3):
        if t[T.BUILDING_COST + 3 * k + r] > 0:
            o = (C.WD + r) * KW
            set_sink(vt, C.WD + r, S_TARGET, vt[o + K.SAFE] + bonus, t[T.BUILDING_COST + 3 * k + r])


@njit(inline="always")
def use_potential(params, s, t, p, vt, k):
    """Value of the uses a tile of building kind k owned by p has to come (foreman rounds)."""
    uses = vt[V.FUT] + vt[V.PLAY + C.FOREMAN]
    return per_use(params, t, vt, k, vt[V.MV], np.int64(vt[V.CHAINS])) * uses * 0.8


@njit(inline="always")
def per_use(params, t, vt, k, mv, chains):
    """Value of one use of a tile of building kind k (mv: vt[V.MV], chains: vt[V.CHAINS])."""
    ft = t[T.BUILDING_FEATURE + k]
    q = T.BUILDING_PARAM + 3 * k
    per = 0.0
    if ft == C.FT_RETURN_VP:
        k0, k1 = actions.sel_range(t[q])
        mx = t[q + 1]
        if k0 >= C.RU:  # a café: how many goods will it get?
            supply = 0.5  # bought or from the black market
            if (chains >> (CH_CONV + k0 - C.RU)) & 1:
                supply = chain_supply(vt, k0)
            elif (chains >> (CH_CAN_CONV + k0 - C.RU)) & 1:
                supply = max(supply, 0.4 * chain_supply(vt, k0))
            per = t[q + 2] * min(mx, supply) * params[W.CAFE]
        elif k0 >= C.CI:
            per = t[q + 2] * min(mx, 1.0) * params[W.BUILDING_VP]
        else:
            per = min(mx, 1.5) * (t[q + 2] * params[W.BUILDING_VP] - 0.5 * params[W.RESOURCE])
    elif ft == C.FT_GAIN_VP:
        per = t[q] * params[W.BUILDING_VP]
    elif ft == C.FT_GAIN_MONEY:
        per = t[q] * mv
    elif ft == C.FT_SELL:
        per = t[q + 1] * t[q + 2] * mv * 0.4
    elif ft == C.FT_CONVERT:
        good = t[q + 1]
        cafe = 0.0
        if (chains >> (CH_CAFE + good - C.RU)) & 1:
            cafe = 1.0
        elif (chains >> (CH_CAN_CAFE + good - C.RU)) & 1:
            cafe = 0.6
        per = (chain_supply(vt, good) - 0.5) * 2.0 * params[W.CAFE] * cafe + 2.0 * mv
    elif ft == C.FT_BLACK_MARKET:
        per = 0.3 + 0.5 * params[W.CAFE]
    elif ft == C.FT_SMALL_BRANCH:
        per = t[q] * 2.0 * params[W.SHIP] * 0.8
    elif ft == C.FT_LARGE_BRANCH:
        per = 2.0 * 2.0 * params[W.SHIP] * 0.8
    elif ft == C.FT_CHURCH:
        per = 0.25 * params[W.PARLIAMENT]
    elif ft == C.FT_TOWN_HALL:
        per = t[q] * params[W.KEEP_VOTES] * 0.7
    elif ft == C.FT_GAIN_PIECES:
        per = t[q + 1] * vt[t[q] * KW + K.SAFE]
    elif ft == C.FT_LIGHTHOUSE:
        per = 0.25 * params[W.SHIP]
    elif ft == C.FT_STORE:
        per = 0.8 * params[W.STORE] * max(params[W.SHIP], params[W.CAFE])
    return per


@njit(_nrt=False)
def building_context(params, s, t, vt):
    """The parts of building_value shared by every kind: (end bonus value, subsidy per
    building or 0, tax per building or 0, a subsidy per building is in force, a tax per
    building is in force, owns a café, owns a factory, uses to come)."""
    end = t[T.MISC + M.END_BUILDING_VP] * params[W.BUILD]
    statute_rounds = min(2.0, vt[V.FUT] + 1.0)
    c = s[O.ACTS + C.SUBSIDY]
    sub = c >= 0 and t[T.STATUTE_EFFECT + c] == C.EF_SUB_BUILDINGS
    subv = t[T.STATUTE_PARAM + 2 * c] * params[W.STATUTE] * statute_rounds if sub else 0.0
    c = s[O.ACTS + C.TAX]
    tax = c >= 0 and t[T.STATUTE_EFFECT + c] == C.EF_TAX_PER_BUILDING
    taxv = t[T.STATUTE_PARAM + 2 * c] * vt[V.MV] * statute_rounds if tax else 0.0
    chains = np.int64(vt[V.CHAINS])
    cafe = ((chains >> CH_CAFE) | (chains >> (CH_CAFE + 1))) & 1 == 1
    conv = ((chains >> CH_CONV) | (chains >> (CH_CONV + 1))) & 1 == 1
    return end, subv, taxv, sub, tax, cafe, conv, vt[V.FUT] + vt[V.PLAY + C.FOREMAN]


@njit(_nrt=False)
def building_value(params, s, t, p, vt, k):
    """Value of owning a new tile of building kind k: its uses to come, the end bonus,
    per-building statutes and the plan's focus."""
    return context_value(params, t, vt, k, building_context(params, s, t, vt))


@njit(inline="always")
def context_value(params, t, vt, k, ctx):
    """building_value with its shared parts `ctx` (building_context) computed once."""
    end, subv, taxv, sub, tax, cafe, conv, uses = ctx
    chains = np.int64(vt[V.CHAINS])
    up = per_use(params, t, vt, k, vt[V.MV], chains) * uses * 0.8
    if (np.int64(vt[V.OWN]) >> k) & 1:  # a second tile adds its end bonus, hardly any use
        return 0.2 * up + end
    ft = t[T.BUILDING_FEATURE + k]
    share = 1.0
    # a second café or a second factory: a second production chain, which shares the one
    # foreman action a round with the first (in the same row or column) if its own fields
    # can feed it
    good = good_of(t, k)
    if (ft == C.FT_RETURN_VP or ft == C.FT_CONVERT) and good >= 0:
        if conv if ft == C.FT_CONVERT else cafe:
            share = 0.3 + 0.15 * min(vt[V.INPUT + good - C.RU], 2.0)
    v = share * up + end
    if sub:
        v += subv
    if tax:
        v -= taxv
    if k + 1 == params[W.FOCUS_A] or k + 1 == params[W.FOCUS_B]:
        v += params[W.FOCUS_BONUS]
    return v


@njit(inline="always")
def cost_value(s, t, b, vt, k, skip):
    """Value of the resources building kind k costs."""
    v = 0.0
    for r in range(3):
        n = t[T.BUILDING_COST + 3 * k + r]
        if n:
            v += loss_value(vt, C.WD + r, s[b + P.LOT + C.WD + r], n, skip)
    return v


@njit(inline="always")
def build_net(params, s, t, p, vt, k, fee, ctx):
    """Net value of building kind k now: its value less its cost and fee (ctx:
    building_context)."""
    skip = S_TARGET if k == vt[V.TARGET] else NONE
    return (context_value(params, t, vt, k, ctx) - cost_value(s, t, S.pbase(p), vt, k, skip)
            - fee * vt[V.MV])
