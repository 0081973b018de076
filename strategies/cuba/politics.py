"""Plan-driven choices around the capitol: the card kept for parliament, bids, bills, the
church veto, tax and duty."""
import numpy as np

from core.cuba import actions
from core.cuba import codes as C
from core.cuba import rules
from core.cuba import state as S
from core.cuba.actions import OT
from core.cuba.codes import M, SW, T
from core.cuba.state import G, O, P
from core.jit import njit, stack_array
from strategies.cuba import values
from strategies.common.argmax import NEG, better
from strategies.cuba.plan import W
from strategies.cuba.values import V


@njit(_nrt=False)
def keep_value(params, s, t, c):
    """Value of keeping character c for parliament: its votes, and the fifth-card subsidy."""
    votes = t[T.CHAR_VOTES + c]
    v = params[W.KEEP_VOTES] * votes
    a = s[O.ACTS + C.SUBSIDY]
    if a >= 0 and t[T.STATUTE_EFFECT + a] == C.EF_SUB_FIFTH_CARD:
        v += t[T.STATUTE_PARAM + 2 * a] * votes * params[W.STATUTE]
    return v


@njit(_nrt=False)
def duty_payable(s, t, p):
    """Whether player p holds what the duty in force demands."""
    c = s[O.ACTS + C.DUTY]
    if c < 0 or t[T.STATUTE_EFFECT + c] != C.EF_DUTY:
        return False
    b = S.pbase(p)
    sel = t[T.STATUTE_PARAM + 2 * c]
    cnt = t[T.STATUTE_PARAM + 2 * c + 1]
    if sel == C.SEL_RES_OR_PROD:
        return held(s, b, C.WD, C.WA + 1) >= cnt or held(s, b, C.CI, C.TO + 1) >= cnt
    k0, k1 = actions.sel_range(sel)
    return held(s, b, k0, k1) >= cnt


@njit(_nrt=False)
def held(s, b, k0, k1):
    n = 0
    for k in range(k0, k1):
        n += S.have(s, b, k)
    return n


@njit(_nrt=False)
def tax_gain(params, s, t, p):
    """VP-equivalent of paying this round's tax: its VP, and the bonus if the duty is payable
    (CUBA-R43/R44)."""
    gain = t[T.MISC + M.TAX_VP] * params[W.STATUTE]
    if duty_payable(s, t, p):
        gain += t[T.MISC + M.TAX_DUTY_BONUS_VP] * params[W.STATUTE]
    return gain


@njit(_nrt=False)
def money_reserve(params, s, t, p):
    """(money kept back for this round's tax, what spending it would lose): the tax's cost if
    the plan will pay it at the statutes (its tax_choice there: the gain beats the money at
    that time's value), and the gain less that money's value; (0, 0.0) when it will not."""
    if values.statute_turn(s, p) > 0:
        return 0, 0.0
    cost = rules.tax_cost(s, t, p)
    if cost <= 0:
        return 0, 0.0
    mv = values.money_value_left(params, t, t[T.MISC + M.ROUNDS] - s[G.ROUND] + 0.2)
    net = tax_gain(params, s, t, p) - cost * mv
    if net <= 0.0:
        return 0, 0.0
    return cost, net


@njit(inline="always")
def reserve_loss(money, spend, reserve, stake):
    """What spending `spend` of `money` loses against the tax reserve: the tax's net gain when
    the spending leaves less than the reserve that was there."""
    if money >= reserve > money - spend:
        return stake
    return 0.0


@njit(_nrt=False)
def open_fields(s, t, b, lo, hi):
    n = 0
    for f in range(C.NFIELDS):
        ft = S.field_type(s, t, b, f)
        if lo <= ft <= hi and s[b + P.FIELD + f] < 0:
            n += 1
    return n


@njit(_nrt=False)
def subsidy_for(s, t, q, c):
    """VP statute card c (a subsidy) would give player q now (CUBA-R45)."""
    b = S.pbase(q)
    ef = t[T.STATUTE_EFFECT + c]
    a0 = t[T.STATUTE_PARAM + 2 * c]
    a1 = t[T.STATUTE_PARAM + 2 * c + 1]
    if ef == C.EF_SUB_BUILDINGS:
        return a0 * (S.n_buildings(s, b) + t[T.SWITCHES + SW.WAREHOUSE_IN_SUBSIDY])
    if ef == C.EF_SUB_OPEN_RES:
        return a0 * open_fields(s, t, b, C.F_FO, C.F_LA)
    if ef == C.EF_SUB_OPEN_PROD:
        return a0 * open_fields(s, t, b, C.F_CI, C.F_TO)
    if ef == C.EF_SUB_KIND_HELD:
        return min(S.have(s, b, a0), a1)
    if ef == C.EF_SUB_FIFTH_CARD:
        card = s[b + P.LAST_CARD]
        return a0 * (t[T.CHAR_VOTES + card] if card >= 0 else 3)
    if ef == C.EF_SUB_MONEY:
        return min(s[b + P.MONEY] // a0, a1)
    return 0


@njit(_nrt=False)
def act_value(params, s, t, q, c, mv):
    """Value for player q of statute c being in force, per statutes phase (-1: no act)."""
    if c < 0:
        return 0.0
    ef = t[T.STATUTE_EFFECT + c]
    a0 = t[T.STATUTE_PARAM + 2 * c]
    b = S.pbase(q)
    tax_vp = t[T.MISC + M.TAX_VP] * params[W.STATUTE]
    if ef == C.EF_TAX_FLAT or ef == C.EF_TAX_PER_BUILDING:
        cost = a0
        if ef == C.EF_TAX_PER_BUILDING:
            cost *= S.n_buildings(s, b) + t[T.SWITCHES + SW.WAREHOUSE_IN_TAX]
        if cost > s[b + P.MONEY]:
            return 0.0  # cannot pay it
        return max(0.0, tax_vp - cost * mv)
    if ef == C.EF_DUTY:
        sel = t[T.STATUTE_PARAM + 2 * c]
        cnt = t[T.STATUTE_PARAM + 2 * c + 1]
        k0, k1 = actions.sel_range(sel)
        if sel == C.SEL_RES_OR_PROD:
            k0, k1 = C.WD, C.TO + 1
        n = held(s, b, k0, k1)
        return values.duty_value(params, t) * (1.0 if n >= cnt else 0.5) - 0.3 * cnt
    if C.EF_SUB_BUILDINGS <= ef <= C.EF_SUB_MONEY:
        return subsidy_for(s, t, q, c) * params[W.STATUTE]
    if ef == C.EF_DROUGHT:
        return -0.5 * max(params[W.SHIP], params[W.CAFE], 1.0)
    if ef == C.EF_BUILDING_ACT:
        return -a0 * mv * params[W.BUILD]
    if ef == C.EF_HARBOR_ACT:
        return 0.3 * params[W.SHIP]
    return 0.0


@njit(_nrt=False)
def bill_value(params, s, t, q, ty, mv):
    """Value for player q of passing this round's bill of type ty instead of the act now."""
    c = s[O.BILLS + ty]
    if c < 0:
        return 0.0
    fut = t[T.MISC + M.ROUNDS] - s[G.ROUND]
    rounds = min(2.0, fut + (0.0 if ty == C.OTHER else 1.0))
    now = act_value(params, s, t, q, s[O.ACTS + ty], mv)
    return (act_value(params, s, t, q, c, mv) - now) * rounds


@njit(_nrt=False)
def bill_scores(params, s, t, p, mv, out):
    """out[ty] = bill_score(..., ty) per bill type."""
    for ty in range(4):
        out[ty] = bill_score(params, s, t, p, mv, ty)


@njit(_nrt=False)
def bill_score(params, s, t, p, mv, ty):
    """Own gain of this round's bill of type ty less `spite` times the opponents' mean gain."""
    np_ = s[G.NP]
    mine = bill_value(params, s, t, p, ty, mv)
    opp = 0.0
    for q in range(np_):
        if q != p:
            opp += bill_value(params, s, t, q, ty, mv)
    return mine - params[W.SPITE] * opp / max(np_ - 1, 1)


@njit(_nrt=False)
def bills_choice(params, s, t, p, vt, opts, n):
    """The two bills to pass (CUBA-R40)."""
    sc = stack_array(4, 0, np.float64)  # scratch on the stack (see core.jit)
    bill_scores(params, s, t, p, vt[V.MV], sc)
    best = NEG
    bi = 0
    for i in range(n):
        x = actions.payload_of(opts[i])
        i0 = x // 4
        i1 = x % 4
        v = sc[i0] + (sc[i1] if i1 != i0 else 0.0)
        best, bi = better(v, i, best, bi)
    return bi


@njit(_nrt=False)
def bills_worth(params, s, t, p, mv):
    """What choosing the bills is worth to p: the two best scores (for bidding)."""
    a = NEG
    b2 = NEG
    for ty in range(4):
        if s[O.BILLS + ty] < 0:
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
    b = S.pbase(p)
    mv = vt[V.MV]
    money = s[b + P.MONEY]
    mine = s[b + P.VOTES]
    tied = s[G.TIED]
    need = 0.0
    for q in range(s[G.NP]):
        if q == p or (tied >> q) & 1 == 0:
            continue
        bq = S.pbase(q)
        need = max(need, s[bq + P.VOTES] + params[W.BID_FEAR] * s[bq + P.MONEY] - mine + 1.0)
    if need <= 0.0:
        return 0
    worth = params[W.PARLIAMENT] + bills_worth(params, s, t, p, mv)
    limit = min(params[W.BID_SHARE] * money, worth / max(mv, 1e-6))
    bid = int(np.ceil(need - 1e-9))
    reserve, stake = money_reserve(params, s, t, p)
    if reserve_loss(money, bid, reserve, stake) > worth - bid * mv:
        return 0
    if bid > limit or bid > n - 1:
        return 0
    return bid


@njit(_nrt=False)
def tax_choice(params, s, t, p, vt, opts, n):
    """Pay the tax (CUBA-R43) when its VP, and the bonus if the duty follows, beat the money."""
    pay = tax_gain(params, s, t, p) > rules.tax_cost(s, t, p) * vt[V.MV]
    for i in range(n):
        if (actions.tag_of(opts[i]) == OT.PAY) == pay:
            return i
    return n - 1


@njit(_nrt=False)
def duty_choice(params, s, t, p, vt, opts, n):
    """The cheapest way to pay the duty (CUBA-R44) if it beats its VP, else not (last)."""
    b = S.pbase(p)
    gain = values.duty_gain(params, s, t, p)
    best = 0.0
    bi = n - 1
    for i in range(n - 1):
        v = gain - values.vector_loss(vt, s, b, actions.payload_of(opts[i]), values.S_EXTRA)
        best, bi = better(v, i, best, bi)
    return bi
