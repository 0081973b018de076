"""Plan-driven choices that gain pieces: starting pieces, the worker, the tradeswoman."""
import numpy as np

from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.actions import OT
from core.cuba.codes import NFIELDS, M, T  # sizes by name (also below): stack_array literals
from core.cuba.state import O, P, STATE_SIZE
from core.jit import copy_into, njit, stack_array
from strategies.cuba import buildings
from strategies.cuba import politics
from strategies.cuba import values
from strategies.common.argmax import NEG, better
from strategies.cuba.values import V


@njit(_nrt=False)
def setup_pieces_choice(s, t, p, vt, opts, n):
    """Starting pieces (CUBA-R9): the most valuable multiset."""
    b = S.pbase(p)
    best = NEG
    bi = 0
    for i in range(n):
        v = actions.payload_of(opts[i])
        val = 0.0
        for k in range(C.NKINDS):
            c = actions.vget(v, k)
            if c:
                val += values.gain_value(vt, k, S.have(s, b, k), c, values.NONE)
        best, bi = better(val, i, best, bi)
    return bi


AHEAD = 6  # a pawn's row and column hold 6 fields: at most 6 pieces of a kind per position
YIELD_TABLE = AHEAD * (C.TO + 1)  # yield_table's size: the kinds WD..TO
# per pawn position, the fields of its row and column in ascending order
CROSS = np.array([[f for f in range(C.NFIELDS) if f // C.NCOLS == pos // C.NCOLS
                   or f % C.NCOLS == pos % C.NCOLS] for pos in range(C.NFIELDS)], np.int64)


@njit(inline="always")
def field_kind(ft):
    """Kind of piece a field of type ft yields (WD..TO), -1 for none."""
    if C.F_FO <= ft <= C.F_LA:
        return ft - C.F_FO
    if C.F_CI <= ft <= C.F_TO:
        return C.CI + ft - C.F_CI
    return values.NONE


@njit(_nrt=False)
def yield_table(s, t, b, vt, ahead, kinds):
    """kinds[f] = the kind open field f yields (-1 for none) and ahead[AHEAD * k + j] =
    pv(vt, k, have + j) for j below the open fields of kind k and AHEAD: the piece values
    position_yield adds up (the rest of ahead is left unset). Returns the fields with a
    building tile, a bit each."""
    counts = 0  # packed per kind
    tiles = 0
    for f in range(C.NFIELDS):
        kinds[f] = values.NONE
        if s[b + P.FIELD + f] >= 0:
            if f > 0:
                tiles |= 1 << f
            continue
        k = field_kind(S.field_type(s, t, b, f))
        kinds[f] = k
        if k < 0:
            continue
        j = actions.vget(counts, k)
        if j < AHEAD:
            ahead[AHEAD * k + j] = values.pv(vt, k, S.have(s, b, k) + j, values.NONE)
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
        for k in range(C.CI, C.TO + 1):
            c = actions.vget(taken, k)
            if c < actions.vget(avail, k) and c < s[O.STOCK + k]:
                v = ahead[AHEAD * k + c]
                best, bk = better(v, k, best, bk)
        if bk < 0:
            break
        if n >= free:
            if used >= water:
                break
            cost = values.pv(vt, C.WA, water - 1 - used, values.NONE)
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
        if k < C.CI:
            c = actions.vget(gained, k)
            if s[O.STOCK + k] > c:
                val += ahead[AHEAD * k + c]
                gained += 1 << (3 * k)
        else:
            avail += 1 << (3 * k)
    water = s[b + P.LOT + C.WA] + actions.vget(gained, C.WA)
    v, taken = products_value(s, b, vt, ahead, free, avail, water)
    return val + v, gained + taken


@njit(_nrt=False)
def position_yields(s, t, p, vt, val, gains):
    """What moving the pawn of player p to each position pos yields (CUBA-R14): val[pos] its
    value, gains[pos] the packed pieces. Returns the positions with a building tile in the
    row or column, a bit each (the printed warehouse does not count: the foreman can use it
    alone from anywhere)."""
    b = S.pbase(p)
    # scratch on the stack (see core.jit)
    ahead = stack_array(YIELD_TABLE, 0, np.float64)
    kinds = stack_array(NFIELDS, 0, np.int64)
    tiles = yield_table(s, t, b, vt, ahead, kinds)
    free = actions.worker_free_fields(s, t)
    built = 0
    for pos in range(C.NFIELDS):
        val[pos], gains[pos] = position_yield(s, b, vt, ahead, kinds, free, pos)
        if actions.rowcol_mask(pos) & tiles:
            built |= 1 << pos
    return built


@njit(inline="always")
def foreman_synergy(vt):
    """Weight of the foreman's gain in a pawn position: half, if the foreman is still to come."""
    return 0.5 if vt[V.PLAY + C.FOREMAN] > 0 else 0.0


@njit(_nrt=False)
def worker_value(params, s, t, p, vt):
    """Best pawn position's yield (for choosing a character; the foreman's part is left out,
    which keeps this estimate cheap)."""
    val = stack_array(NFIELDS, 0, np.float64)  # scratch on the stack (see core.jit)
    position_yields(s, t, p, vt, val, stack_array(NFIELDS, 0, np.int64))
    best = 0.0
    for pos in range(C.NFIELDS):
        best = max(best, val[pos])
    return best


@njit(_nrt=False)
def worker_position_choice(params, s, t, p, vt, opts, n, noise):
    """Pawn position (CUBA-R14): yield plus half the foreman's gain there. With the architect
    and foreman both still to come, the target building counts as built this round in the
    row or column, if the position's yield pays for it."""
    b = S.pbase(p)
    syn = foreman_synergy(vt)
    tgt = np.int64(vt[V.TARGET])
    plan = syn > 0 and tgt >= 0 and vt[V.PLAY + C.ARCHITECT] > 0
    s2 = stack_array(STATE_SIZE, 0, np.int32)  # scratch on the stack (see core.jit)
    if plan:
        copy_into(s2, s)
    # a free resource from the tradeswoman still to come may complete the cost
    spare = 1 if vt[V.PLAY + C.TRADER] > 0 and actions.trader_alt_free(s, t, C.BM_TRADER_RES) else 0
    val = stack_array(NFIELDS, 0, np.float64)
    yields = stack_array(NFIELDS, 0, np.int64)
    built = position_yields(s, t, p, vt, val, yields)
    best = NEG
    bi = 0
    for i in range(n):
        pos = actions.payload_of(opts[i])
        v = val[pos]
        gains = yields[pos]
        m = actions.rowcol_mask(pos)
        gain = buildings.set_value(params, s, t, p, vt, m, gains) if (built >> pos) & 1 else 0.0
        if plan and affordable(s, t, b, tgt, gains, spare):
            g = free_in(s, b, m)
            if g >= 0:
                s2[b + P.FIELD + g] = tgt
                gain = max(gain, buildings.set_value(params, s2, t, p, vt, m, gains))
                s2[b + P.FIELD + g] = values.NONE
        v += syn * gain
        best, bi = better(v + noise[i], i, best, bi)
    return bi


@njit(_nrt=False)
def affordable(s, t, b, k, gains, spare):
    """Whether the lot plus the packed `gains` and `spare` resources of any kind pay building
    k's resources and fee."""
    short = 0
    for r in range(3):
        short += max(0, t[T.BUILDING_COST + 3 * k + r] - s[b + P.LOT + C.WD + r]
                     - actions.vget(gains, C.WD + r))
    return short <= spare and s[b + P.MONEY] >= actions.building_fee(s, t)


@njit(_nrt=False)
def free_in(s, b, mask):
    """A field of mask without a building, -1 if none."""
    for f in range(1, C.NFIELDS):
        if (mask >> f) & 1 and s[b + P.FIELD + f] < 0:
            return f
    return values.NONE


@njit(_nrt=False)
def worker_fields_choice(s, t, p, vt, opts, n):
    """Which activated product fields yield: their value less the water spent."""
    b = S.pbase(p)
    free = actions.worker_free_fields(s, t)
    best = NEG
    bi = 0
    for i in range(n):
        mask = actions.payload_of(opts[i])
        taken = 0
        cnt = 0
        val = 0.0
        for f in range(C.NFIELDS):
            if (mask >> f) & 1:
                k = C.CI + S.field_type(s, t, b, f) - C.F_CI
                val += values.pv(vt, k, S.have(s, b, k) + actions.vget(taken, k), values.NONE)
                taken += 1 << (3 * k)
                cnt += 1
        if cnt > free:
            val -= values.loss_value(vt, C.WA, s[b + P.LOT + C.WA], cnt - free, values.NONE)
        best, bi = better(val, i, best, bi)
    return bi


@njit(_nrt=False)
def trade_margin(s, t, b, vt, tag, k, reserve, stake):
    """Gain of one market buy or sell of kind k; a buy taking money below the tax `reserve`
    also loses the tax's `stake` (politics.money_reserve)."""
    mv = vt[V.MV]
    money = s[b + P.MONEY]
    if tag == OT.BUY:
        price = S.buy_price(s, t, k - C.CI)
        return (values.pv(vt, k, S.have(s, b, k), values.NONE) - price * mv
                - politics.reserve_loss(money, price, reserve, stake))
    if tag == OT.SELL:
        return (S.sell_price(s, t, k - C.CI) * mv
                - values.pv(vt, k, S.have(s, b, k) - 1, values.NONE))
    return 0.0


@njit(_nrt=False)
def market_value(params, s, t, p, vt):
    """Estimated gain of a market visit: the best single trade."""
    b = S.pbase(p)
    reserve, stake = politics.money_reserve(params, s, t, p)
    best = 0.0
    for r in range(C.NMERCH):
        k = C.CI + r
        if S.buy_price(s, t, r) <= s[b + P.MONEY] and (s[O.MARKET + r] > 0 or s[O.STOCK + k] > 0):
            best = max(best, trade_margin(s, t, b, vt, OT.BUY, k, reserve, stake))
        if S.have(s, b, k) > 0:
            best = max(best, trade_margin(s, t, b, vt, OT.SELL, k, reserve, stake))
    return best


@njit(_nrt=False)
def alternative_value(s, t, b, vt, k):
    return values.gain_value(vt, k, S.have(s, b, k), t[T.MISC + M.TRADER_ALT_PIECES], values.NONE)


@njit(_nrt=False)
def trade_mode_choice(params, s, t, p, vt, opts, n):
    """Market, or a free piece (CUBA-R15/R16)."""
    b = S.pbase(p)
    best = NEG
    bi = 0
    for i in range(n):
        o = opts[i]
        if actions.tag_of(o) == OT.ALTERNATIVE:
            v = alternative_value(s, t, b, vt, actions.payload_of(o))
        else:
            v = market_value(params, s, t, p, vt) * 1.2
        best, bi = better(v, i, best, bi)
    return bi


@njit(_nrt=False)
def trader_value(params, s, t, p, vt):
    """Best of a market visit and the open alternatives (for choosing a character)."""
    b = S.pbase(p)
    best = market_value(params, s, t, p, vt) * 1.2
    if actions.trader_alt_free(s, t, C.BM_TRADER_RES):
        for k in range(C.WD, C.WA + 1):
            if s[O.STOCK + k] > 0:
                best = max(best, alternative_value(s, t, b, vt, k))
    if actions.trader_alt_free(s, t, C.BM_TRADER_PROD):
        lo = actions.lowest_price(s, t)
        for r in range(3):
            if S.buy_price(s, t, r) == lo and s[O.STOCK + C.CI + r] > 0:
                best = max(best, alternative_value(s, t, b, vt, C.CI + r))
    return best


@njit(_nrt=False)
def trade_step_choice(params, s, t, p, vt, opts, n):
    """The best sale with a clear gain; when there is none, the best such buy; else done
    (the last option). Selling first keeps a market visit finite: a buy changes no other
    kind's sale margin, so once buying starts nothing is sold again."""
    b = S.pbase(p)
    reserve, stake = politics.money_reserve(params, s, t, p)
    for want in (OT.SELL, OT.BUY):
        best = 0.05
        bi = -1
        for i in range(n - 1):
            o = opts[i]
            if actions.tag_of(o) == want:
                v = trade_margin(s, t, b, vt, want, actions.payload_of(o), reserve, stake)
                best, bi = better(v, i, best, bi)
        if bi >= 0:
            return bi
    return n - 1
