"""Plan-driven choices that gain pieces: starting pieces, the worker, the tradeswoman."""
import numpy as np

from core.cuba.actions import (
    OT_ALT, OT_BUY, OT_SELL, building_fee, lowest_price, payload_of, rowcol_mask, tag_of,
    trader_alt_free, vget, worker_free_fields,
)
from core.cuba.codes import (
    ARCHITECT, BM_TRADER_PROD, BM_TRADER_RES, CI, F_CI, F_FO, F_LA, F_TO, FOREMAN,
    M_TRADER_ALT_PIECES, NCOLS, NFIELDS, NKINDS, NMERCH, T_BCOST, T_MISC, TO, TRADER, WA, WD,
)
from core.cuba.state import (
    O_MARKET, O_STOCK, P_FIELD, P_LOT, P_MONEY, STATE_SIZE, buy_price, field_type, have, pbase,
    sell_price,
)
from core.jit import copy_into, njit, stack_array
from strategies.cuba.buildings import set_value
from strategies.cuba.politics import money_reserve
from strategies.cuba.values import NONE, V_MV, V_PLAY, V_TARGET, gain_value, loss_value, pv

NEG = -1e18


@njit(_nrt=False)
def setup_choice(s, t, p, vt, opts, n):
    """Starting pieces (CUBA-R9): the most valuable multiset."""
    b = pbase(p)
    best = NEG
    bi = 0
    for i in range(n):
        v = payload_of(opts[i])
        val = 0.0
        for k in range(NKINDS):
            c = vget(v, k)
            if c:
                val += gain_value(vt, k, have(s, b, k), c, NONE)
        if val > best:
            best = val
            bi = i
    return bi


AHEAD = 6  # a pawn's row and column hold 6 fields: at most 6 pieces of a kind per position
YIELD_TABLE = AHEAD * (TO + 1)  # yield_table's size: the kinds WD..TO
# per pawn position, the fields of its row and column in ascending order
CROSS = np.array([[f for f in range(NFIELDS) if f // NCOLS == pos // NCOLS
                   or f % NCOLS == pos % NCOLS] for pos in range(NFIELDS)], np.int64)


@njit(inline="always")
def field_kind(ft):
    """Kind of piece a field of type ft yields (WD..TO), -1 for none."""
    if F_FO <= ft <= F_LA:
        return ft - F_FO
    if F_CI <= ft <= F_TO:
        return CI + ft - F_CI
    return NONE


@njit(_nrt=False)
def yield_table(s, t, b, vt, ahead, kinds):
    """kinds[f] = the kind open field f yields (-1 for none) and ahead[AHEAD * k + j] =
    pv(vt, k, have + j) for j below the open fields of kind k and AHEAD: the piece values
    position_yield adds up (the rest of ahead is left unset). Returns the fields with a
    building tile, a bit each."""
    counts = 0  # packed per kind
    tiles = 0
    for f in range(NFIELDS):
        kinds[f] = NONE
        if s[b + P_FIELD + f] >= 0:
            if f > 0:
                tiles |= 1 << f
            continue
        k = field_kind(field_type(s, t, b, f))
        kinds[f] = k
        if k < 0:
            continue
        j = vget(counts, k)
        if j < AHEAD:
            ahead[AHEAD * k + j] = pv(vt, k, have(s, b, k) + j, NONE)
            counts += 1 << (3 * k)
    return tiles


@njit(_nrt=False)
def products_value(s, b, vt, ahead, free, avail, water):
    """(value, packed pieces) of the best yield of open product fields, `avail` packing how
    many of each product kind the pawn activates (CUBA-R14.5): the `free` fields first, then
    one more per water worth less than the product. `ahead`: yield_table."""
    if avail == 0:
        return 0.0, 0
    taken = 0  # packed count per kind
    n = 0
    used = 0   # water spent
    total = 0.0
    while True:
        best = 0.0
        bk = -1
        for k in range(CI, TO + 1):
            c = vget(taken, k)
            if c < vget(avail, k) and c < s[O_STOCK + k]:
                v = ahead[AHEAD * k + c]
                if v > best:
                    best = v
                    bk = k
        if bk < 0:
            break
        if n >= free:
            if used >= water:
                break
            cost = pv(vt, WA, water - 1 - used, NONE)
            if best <= cost:
                break
            best -= cost
            used += 1
        taken += 1 << (3 * bk)
        n += 1
        total += best
    return total, taken


@njit(_nrt=False)
def position_yield(s, b, vt, ahead, kinds, free, pos):
    """(value, packed pieces) of what moving the pawn of the player at block b to pos yields
    (CUBA-R14), with `ahead` and `kinds` from yield_table, `free` = worker_free_fields."""
    val = 0.0
    gained = 0
    avail = 0
    for i in range(CROSS.shape[1]):
        k = kinds[CROSS[pos, i]]
        if k < 0:
            continue
        if k < CI:
            c = vget(gained, k)
            if s[O_STOCK + k] > c:
                val += ahead[AHEAD * k + c]
                gained += 1 << (3 * k)
        else:
            avail += 1 << (3 * k)
    v, taken = products_value(s, b, vt, ahead, free, avail, s[b + P_LOT + WA] + vget(gained, WA))
    return val + v, gained + taken


@njit(_nrt=False)
def position_yields(s, t, p, vt, val, gains):
    """What moving the pawn of player p to each position pos yields (CUBA-R14): val[pos] its
    value, gains[pos] the packed pieces. Returns the positions with a building tile in the
    row or column, a bit each (the printed warehouse does not count: the foreman can use it
    alone from anywhere)."""
    b = pbase(p)
    # scratch on the stack (see core.jit)
    ahead = stack_array(YIELD_TABLE, 0, np.float64)
    kinds = stack_array(NFIELDS, 0, np.int64)
    tiles = yield_table(s, t, b, vt, ahead, kinds)
    free = worker_free_fields(s, t)
    built = 0
    for pos in range(NFIELDS):
        val[pos], gains[pos] = position_yield(s, b, vt, ahead, kinds, free, pos)
        if rowcol_mask(pos) & tiles:
            built |= 1 << pos
    return built


@njit(inline="always")
def foreman_synergy(vt):
    """Weight of the foreman's gain in a pawn position: half, if the foreman is still to come."""
    return 0.5 if vt[V_PLAY + FOREMAN] > 0 else 0.0


@njit(_nrt=False)
def worker_value(params, s, t, p, vt):
    """Best pawn position's yield (for choosing a character; the foreman's part is left out,
    which keeps this estimate cheap)."""
    val = stack_array(NFIELDS, 0, np.float64)  # scratch on the stack (see core.jit)
    position_yields(s, t, p, vt, val, stack_array(NFIELDS, 0, np.int64))
    best = 0.0
    for pos in range(NFIELDS):
        best = max(best, val[pos])
    return best


@njit(_nrt=False)
def position_choice(params, s, t, p, vt, opts, n):
    """Pawn position (CUBA-R14): yield plus half the foreman's gain there. With the architect
    and foreman both still to come, the target building counts as built this round in the
    row or column, if the position's yield pays for it."""
    b = pbase(p)
    syn = foreman_synergy(vt)
    tgt = np.int64(vt[V_TARGET])
    plan = syn > 0 and tgt >= 0 and vt[V_PLAY + ARCHITECT] > 0
    s2 = stack_array(STATE_SIZE, 0, np.int32)  # scratch on the stack (see core.jit)
    if plan:
        copy_into(s2, s)
    # a free resource from the tradeswoman still to come may complete the cost
    spare = 1 if vt[V_PLAY + TRADER] > 0 and trader_alt_free(s, t, BM_TRADER_RES) else 0
    val = stack_array(NFIELDS, 0, np.float64)
    yields = stack_array(NFIELDS, 0, np.int64)
    built = position_yields(s, t, p, vt, val, yields)
    best = NEG
    bi = 0
    for i in range(n):
        pos = payload_of(opts[i])
        v = val[pos]
        gains = yields[pos]
        m = rowcol_mask(pos)
        gain = set_value(params, s, t, p, vt, m, gains) if (built >> pos) & 1 else 0.0
        if plan and affordable(s, t, b, tgt, gains, spare):
            g = free_in(s, b, m)
            if g >= 0:
                s2[b + P_FIELD + g] = tgt
                gain = max(gain, set_value(params, s2, t, p, vt, m, gains))
                s2[b + P_FIELD + g] = NONE
        v += syn * gain
        if v > best:
            best = v
            bi = i
    return bi


@njit(_nrt=False)
def affordable(s, t, b, k, gains, spare):
    """Whether the lot plus the packed `gains` and `spare` resources of any kind pay building
    k's resources and fee."""
    short = 0
    for r in range(3):
        short += max(0, t[T_BCOST + 3 * k + r] - s[b + P_LOT + WD + r] - vget(gains, WD + r))
    return short <= spare and s[b + P_MONEY] >= building_fee(s, t)


@njit(_nrt=False)
def free_in(s, b, mask):
    """A field of mask without a building, -1 if none."""
    for f in range(1, NFIELDS):
        if (mask >> f) & 1 and s[b + P_FIELD + f] < 0:
            return f
    return NONE


@njit(_nrt=False)
def fields_choice(s, t, p, vt, opts, n):
    """Which activated product fields yield: their value less the water spent."""
    b = pbase(p)
    free = worker_free_fields(s, t)
    best = NEG
    bi = 0
    for i in range(n):
        mask = payload_of(opts[i])
        taken = 0
        cnt = 0
        val = 0.0
        for f in range(NFIELDS):
            if (mask >> f) & 1:
                k = CI + field_type(s, t, b, f) - F_CI
                val += pv(vt, k, have(s, b, k) + vget(taken, k), NONE)
                taken += 1 << (3 * k)
                cnt += 1
        if cnt > free:
            val -= loss_value(vt, WA, s[b + P_LOT + WA], cnt - free, NONE)
        if val > best:
            best = val
            bi = i
    return bi


@njit(_nrt=False)
def trade_margin(s, t, b, vt, tag, k, reserve):
    """Gain of one market buy or sell of kind k; a buy taking money below `reserve` pays
    the shortfall twice."""
    mv = vt[V_MV]
    money = s[b + P_MONEY]
    if tag == OT_BUY:
        price = buy_price(s, t, k - CI)
        short = max(0, reserve - (money - price)) - max(0, reserve - money)
        return pv(vt, k, have(s, b, k), NONE) - price * mv - short * mv
    if tag == OT_SELL:
        return sell_price(s, t, k - CI) * mv - pv(vt, k, have(s, b, k) - 1, NONE)
    return 0.0


@njit(_nrt=False)
def market_value(params, s, t, p, vt):
    """Estimated gain of a market visit: the best single trade."""
    b = pbase(p)
    reserve = money_reserve(params, s, t, p)
    best = 0.0
    for r in range(NMERCH):
        k = CI + r
        if buy_price(s, t, r) <= s[b + P_MONEY] and (s[O_MARKET + r] > 0 or s[O_STOCK + k] > 0):
            best = max(best, trade_margin(s, t, b, vt, OT_BUY, k, reserve))
        if have(s, b, k) > 0:
            best = max(best, trade_margin(s, t, b, vt, OT_SELL, k, reserve))
    return best


@njit(_nrt=False)
def alternative_value(s, t, b, vt, k):
    return gain_value(vt, k, have(s, b, k), t[T_MISC + M_TRADER_ALT_PIECES], NONE)


@njit(_nrt=False)
def trade_mode_choice(params, s, t, p, vt, opts, n):
    """Market, or a free piece (CUBA-R15/R16)."""
    b = pbase(p)
    best = NEG
    bi = 0
    for i in range(n):
        o = opts[i]
        if tag_of(o) == OT_ALT:
            v = alternative_value(s, t, b, vt, payload_of(o))
        else:
            v = market_value(params, s, t, p, vt) * 1.2
        if v > best:
            best = v
            bi = i
    return bi


@njit(_nrt=False)
def trader_value(params, s, t, p, vt):
    """Best of a market visit and the open alternatives (for choosing a character)."""
    b = pbase(p)
    best = market_value(params, s, t, p, vt) * 1.2
    if trader_alt_free(s, t, BM_TRADER_RES):
        for k in range(WD, WA + 1):
            if s[O_STOCK + k] > 0:
                best = max(best, alternative_value(s, t, b, vt, k))
    if trader_alt_free(s, t, BM_TRADER_PROD):
        lo = lowest_price(s, t)
        for r in range(3):
            if buy_price(s, t, r) == lo and s[O_STOCK + CI + r] > 0:
                best = max(best, alternative_value(s, t, b, vt, CI + r))
    return best


@njit(_nrt=False)
def trade_step_choice(params, s, t, p, vt, opts, n):
    """The best sale with a clear gain; when there is none, the best such buy; else done
    (the last option). Selling first keeps a market visit finite: a buy changes no other
    kind's sale margin, so once buying starts nothing is sold again."""
    b = pbase(p)
    reserve = money_reserve(params, s, t, p)
    for want in (OT_SELL, OT_BUY):
        best = 0.05
        bi = -1
        for i in range(n - 1):
            o = opts[i]
            if tag_of(o) == want:
                v = trade_margin(s, t, b, vt, want, payload_of(o), reserve)
                if v > best:
                    best = v
                    bi = i
        if bi >= 0:
            return bi
    return n - 1
