"""Plan-driven choices around the capitol: the card kept for parliament, bids, bills, the
church veto, tax and duty."""
import numpy as np

from core.cuba.actions import OT_PAY, payload_of, sel_range, tag_of
from core.cuba.codes import (
    DUTY, EF_BUILDING_ACT, EF_DROUGHT, EF_DUTY, EF_HARBOR_ACT, EF_SUB_BUILDINGS,
    EF_SUB_FIFTH_CARD, EF_SUB_KIND_HELD, EF_SUB_MONEY, EF_SUB_OPEN_PROD, EF_SUB_OPEN_RES,
    EF_TAX_FLAT, EF_TAX_PER_BUILDING, F_CI, F_FO, F_LA, F_TO, M_ROUNDS, M_TAX_DUTY_BONUS,
    M_TAX_VP, NFIELDS, OTHER, SEL_RES_OR_PROD, SUBSIDY, SW_WAREHOUSE_IN_SUBSIDY,
    SW_WAREHOUSE_IN_TAX, T_MISC, T_SEFF, T_SPARAM, T_SW, T_VOTES, TO, WA, WD, CI,
)
from core.cuba.state import (
    G_NP, G_PHASE, G_ROUND, G_TIED, O_ACTS, O_BILLS, P_FIELD, P_LAST_CARD, P_MONEY,
    P_PAID_TAX, P_VOTES, PH_STATUTES, field_type, have, n_buildings, pbase,
)
from core.cuba.rules import tax_cost
from core.jit import njit, stack_array
from strategies.cuba.plan import (
    BID_FEAR, BID_SHARE, SPITE, W_BUILD, W_CAFE, W_KEEP_VOTES, W_PARLIAMENT, W_SHIP,
    W_STATUTE,
)
from strategies.cuba.values import S_EXTRA, V_MV, duty_value, vector_loss

NEG = -1e18


@njit(_nrt=False)
def keep_value(params, s, t, c):
    """Value of keeping character c for parliament: its votes, and the fifth-card subsidy."""
    votes = t[T_VOTES + c]
    v = params[W_KEEP_VOTES] * votes
    a = s[O_ACTS + SUBSIDY]
    if a >= 0 and t[T_SEFF + a] == EF_SUB_FIFTH_CARD:
        v += t[T_SPARAM + 2 * a] * votes * params[W_STATUTE]
    return v


@njit(_nrt=False)
def duty_payable(s, t, p):
    """Whether player p holds what the duty in force demands."""
    c = s[O_ACTS + DUTY]
    if c < 0 or t[T_SEFF + c] != EF_DUTY:
        return False
    b = pbase(p)
    sel = t[T_SPARAM + 2 * c]
    cnt = t[T_SPARAM + 2 * c + 1]
    if sel == SEL_RES_OR_PROD:
        return held(s, b, WD, WA + 1) >= cnt or held(s, b, CI, TO + 1) >= cnt
    k0, k1 = sel_range(sel)
    return held(s, b, k0, k1) >= cnt


@njit(_nrt=False)
def held(s, b, k0, k1):
    n = 0
    for k in range(k0, k1):
        n += have(s, b, k)
    return n


@njit(_nrt=False)
def money_reserve(params, s, t, p):
    """Money kept back for this round's tax when the plan pays it."""
    if s[G_PHASE] > PH_STATUTES:
        return 0
    cost = tax_cost(s, t, p)
    if cost <= 0 or t[T_MISC + M_TAX_VP] * params[W_STATUTE] < cost * 0.5:
        return 0
    return cost


@njit(_nrt=False)
def open_fields(s, t, b, lo, hi):
    n = 0
    for f in range(NFIELDS):
        ft = field_type(s, t, b, f)
        if lo <= ft <= hi and s[b + P_FIELD + f] < 0:
            n += 1
    return n


@njit(_nrt=False)
def subsidy_for(s, t, q, c):
    """VP statute card c (a subsidy) would give player q now (CUBA-R45)."""
    b = pbase(q)
    ef = t[T_SEFF + c]
    a0 = t[T_SPARAM + 2 * c]
    a1 = t[T_SPARAM + 2 * c + 1]
    if ef == EF_SUB_BUILDINGS:
        return a0 * (n_buildings(s, b) + t[T_SW + SW_WAREHOUSE_IN_SUBSIDY])
    if ef == EF_SUB_OPEN_RES:
        return a0 * open_fields(s, t, b, F_FO, F_LA)
    if ef == EF_SUB_OPEN_PROD:
        return a0 * open_fields(s, t, b, F_CI, F_TO)
    if ef == EF_SUB_KIND_HELD:
        return min(have(s, b, a0), a1)
    if ef == EF_SUB_FIFTH_CARD:
        card = s[b + P_LAST_CARD]
        return a0 * (t[T_VOTES + card] if card >= 0 else 3)
    if ef == EF_SUB_MONEY:
        return min(s[b + P_MONEY] // a0, a1)
    return 0


@njit(_nrt=False)
def act_value(params, s, t, q, c, mv):
    """Value for player q of statute c being in force, per statutes phase (-1: no act)."""
    if c < 0:
        return 0.0
    ef = t[T_SEFF + c]
    a0 = t[T_SPARAM + 2 * c]
    b = pbase(q)
    tax_vp = t[T_MISC + M_TAX_VP] * params[W_STATUTE]
    if ef == EF_TAX_FLAT or ef == EF_TAX_PER_BUILDING:
        cost = a0
        if ef == EF_TAX_PER_BUILDING:
            cost *= n_buildings(s, b) + t[T_SW + SW_WAREHOUSE_IN_TAX]
        if cost > s[b + P_MONEY]:
            return 0.0  # cannot pay it
        return max(0.0, tax_vp - cost * mv)
    if ef == EF_DUTY:
        sel = t[T_SPARAM + 2 * c]
        cnt = t[T_SPARAM + 2 * c + 1]
        k0, k1 = sel_range(sel)
        if sel == SEL_RES_OR_PROD:
            k0, k1 = WD, TO + 1
        n = held(s, b, k0, k1)
        return duty_value(params, t) * (1.0 if n >= cnt else 0.5) - 0.3 * cnt
    if EF_SUB_BUILDINGS <= ef <= EF_SUB_MONEY:
        return subsidy_for(s, t, q, c) * params[W_STATUTE]
    if ef == EF_DROUGHT:
        return -0.5 * max(params[W_SHIP], params[W_CAFE], 1.0)
    if ef == EF_BUILDING_ACT:
        return -a0 * mv * params[W_BUILD]
    if ef == EF_HARBOR_ACT:
        return 0.3 * params[W_SHIP]
    return 0.0


@njit(_nrt=False)
def bill_value(params, s, t, q, ty, mv):
    """Value for player q of passing this round's bill of type ty instead of the act now."""
    c = s[O_BILLS + ty]
    if c < 0:
        return 0.0
    fut = t[T_MISC + M_ROUNDS] - s[G_ROUND]
    rounds = min(2.0, fut + (0.0 if ty == OTHER else 1.0))
    now = act_value(params, s, t, q, s[O_ACTS + ty], mv)
    return (act_value(params, s, t, q, c, mv) - now) * rounds


@njit(_nrt=False)
def bill_scores(params, s, t, p, mv, out):
    """out[ty] = bill_score(..., ty) per bill type."""
    for ty in range(4):
        out[ty] = bill_score(params, s, t, p, mv, ty)


@njit(_nrt=False)
def bill_score(params, s, t, p, mv, ty):
    """Own gain of this round's bill of type ty less `spite` times the opponents' mean gain."""
    np_ = s[G_NP]
    mine = bill_value(params, s, t, p, ty, mv)
    opp = 0.0
    for q in range(np_):
        if q != p:
            opp += bill_value(params, s, t, q, ty, mv)
    return mine - params[SPITE] * opp / max(np_ - 1, 1)


@njit(_nrt=False)
def bills_choice(params, s, t, p, vt, opts, n):
    """The two bills to pass (CUBA-R40)."""
    sc = stack_array(4, 0, np.float64)  # scratch on the stack (see core.jit)
    bill_scores(params, s, t, p, vt[V_MV], sc)
    best = NEG
    bi = 0
    for i in range(n):
        x = payload_of(opts[i])
        i0 = x // 4
        i1 = x % 4
        v = sc[i0] + (sc[i1] if i1 != i0 else 0.0)
        if v > best:
            best = v
            bi = i
    return bi


@njit(_nrt=False)
def bills_worth(params, s, t, p, mv):
    """What choosing the bills is worth to p: the two best scores (for bidding)."""
    a = NEG
    b2 = NEG
    for ty in range(4):
        if s[O_BILLS + ty] < 0:
            continue
        sc = bill_score(params, s, t, p, mv, ty)
        if sc > a:
            b2 = a
            a = sc
        elif sc > b2:
            b2 = sc
    tot = max(a, 0.0) + max(b2, 0.0)
    return tot


@njit(_nrt=False)
def veto_value(params, s, t, p, mv, ty):
    """Expected gain of vetoing this round's bill of type ty (CUBA-R37)."""
    return -0.5 * bill_score(params, s, t, p, mv, ty)


@njit(_nrt=False)
def bid_choice(params, s, t, p, vt, opts, n):
    """Secret bid (CUBA-R39/R41): enough to beat each rival's votes plus the share of their
    money we fear they bid, if winning is worth it; else nothing. Reads no pending bid."""
    b = pbase(p)
    mv = vt[V_MV]
    money = s[b + P_MONEY]
    mine = s[b + P_VOTES]
    tied = s[G_TIED]
    need = 0.0
    for q in range(s[G_NP]):
        if q == p or (tied >> q) & 1 == 0:
            continue
        bq = pbase(q)
        need = max(need, s[bq + P_VOTES] + params[BID_FEAR] * s[bq + P_MONEY] - mine + 1.0)
    if need <= 0.0:
        return 0
    worth = params[W_PARLIAMENT] + bills_worth(params, s, t, p, mv)
    limit = min(params[BID_SHARE] * money, worth / max(mv, 1e-6))
    bid = int(np.ceil(need - 1e-9))
    if bid > limit or bid > n - 1:
        return 0
    return bid


@njit(_nrt=False)
def tax_choice(params, s, t, p, vt, opts, n):
    """Pay the tax (CUBA-R43) when its VP, and the bonus if the duty follows, beat the money."""
    cost = tax_cost(s, t, p)
    gain = t[T_MISC + M_TAX_VP] * params[W_STATUTE]
    if duty_payable(s, t, p):
        gain += t[T_MISC + M_TAX_DUTY_BONUS] * params[W_STATUTE]
    pay = gain > cost * vt[V_MV]
    for i in range(n):
        if (tag_of(opts[i]) == OT_PAY) == pay:
            return i
    return n - 1


@njit(_nrt=False)
def duty_choice(params, s, t, p, vt, opts, n):
    """The cheapest way to pay the duty (CUBA-R44) if it beats its VP, else not (last)."""
    b = pbase(p)
    gain = duty_value(params, t)
    if not s[b + P_PAID_TAX]:
        gain -= t[T_MISC + M_TAX_DUTY_BONUS] * params[W_STATUTE]
    best = 0.0
    bi = n - 1
    for i in range(n - 1):
        v = gain - vector_loss(vt, s, b, payload_of(opts[i]), S_EXTRA)
        if v > best:
            best = v
            bi = i
    return bi
