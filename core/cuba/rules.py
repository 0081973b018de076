"""Cuba transitions: `apply` carries out one legal option, `advance` runs the game on to the
next decision point (see actions.py for the decision model).

`tr` is the trace buffer (core.common.trace): each `log` call records an event and the state
after it; a one-row buffer records nothing.
"""
import numpy as np

from core.common import trace as common_trace
from core.common.ranking import rank_by_keys
from core.common.trace import log, no_trace  # noqa: F401 (no_trace re-exported)
from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.actions import OT
from core.cuba.codes import EV, M, SW, T
from core.cuba.state import DK, G, O, P, PH
from core.jit import njit

# ---------------------------------------------------------------- trace and ledgers


@njit(inline="always")
def add_vp(s, tr, p, src, amount):
    """Score VP at once (CUBA-R13), booked by source."""
    if amount == 0:
        return
    b = S.pbase(p)
    s[b + P.VP] += amount
    s[b + P.VPSRC + src] += amount
    log(tr, s, EV.VP, p, src, amount, 0, 0)


@njit(inline="always")
def gain_money(s, t, p, amount):
    """Money from the bank; limited only under money_limited (CUBA-Q16)."""
    if t[T.SWITCHES + SW.MONEY_LIMITED] == 1:
        amount = min(amount, s[G.BANK])
        s[G.BANK] -= amount
    s[S.pbase(p) + P.MONEY] += amount
    return amount


@njit(inline="always")
def pay_money(s, t, p, amount):
    s[S.pbase(p) + P.MONEY] -= amount
    if t[T.SWITCHES + SW.MONEY_LIMITED] == 1:
        s[G.BANK] += amount


@njit(inline="always")
def gain_pieces(s, p, k, n):
    """Take up to n pieces of kind k from the stock into the lot (CUBA-R1); return the number."""
    g = min(n, s[O.STOCK + k])
    s[O.STOCK + k] -= g
    s[S.pbase(p) + P.LOT + k] += g
    return g


@njit(inline="always")
def drop_held(s, b, k, n):
    """Remove n held pieces of kind k, unstored products first (CUBA-R26)."""
    lot = s[b + P.LOT + k]
    if lot >= n:
        s[b + P.LOT + k] = lot - n
    else:
        s[b + P.LOT + k] = 0
        s[b + P.STORED + k - C.CI] -= n - lot


@njit(_nrt=False)
def return_vector(s, b, v):
    """Give the pieces of packed vector v back to the stock."""
    for k in range(C.NKINDS):
        n = actions.vget(v, k)
        if n:
            drop_held(s, b, k, n)
            s[O.STOCK + k] += n


@njit(inline="always")
def order_player(s, i):
    """The i-th player in turn order from the start player."""
    return (s[G.START] + i) % s[G.NP]


# ---------------------------------------------------------------- harbour


@njit(_nrt=False)
def move_ship(s, src, dst):
    s[O.SHIP + dst] = s[O.SHIP + src]
    s[O.SHIP + src] = -1
    for i in range(C.SHIP_SPOTS):
        s[O.CARGO + dst * C.SHIP_SPOTS + i] = s[O.CARGO + src * C.SHIP_SPOTS + i]
        s[O.CARGO + src * C.SHIP_SPOTS + i] = 0


@njit(_nrt=False)
def depart(s, t, tr, pos):
    """A ship leaves: cargo to the stock, card to the bottom of the pile (CUBA-R36)."""
    ship = s[O.SHIP + pos]
    for i in range(C.SHIP_SPOTS):
        if s[O.CARGO + pos * C.SHIP_SPOTS + i]:
            s[O.STOCK + t[T.SHIP_SPOTS + C.SHIP_SPOTS * (ship) + i]] += 1
            s[O.CARGO + pos * C.SHIP_SPOTS + i] = 0
    s[O.PILE + s[G.PILE_N]] = ship
    s[G.PILE_N] += 1
    s[O.SHIP + pos] = -1
    s[G.SAILED] += 1
    log(tr, s, EV.SHIP_LEAVES, -1, pos, ship, 0, 0)


@njit(_nrt=False)
def draw_ship(s):
    """Top card of the pile, or -1."""
    if s[G.PILE_N] == 0:
        return -1
    card = s[O.PILE]
    for i in range(s[G.PILE_N] - 1):
        s[O.PILE + i] = s[O.PILE + i + 1]
    s[G.PILE_N] -= 1
    s[O.PILE + s[G.PILE_N]] = -1
    return card


@njit(_nrt=False)
def compact_and_refill(s):
    """Survivors keep their order and fill the lowest positions; the pile fills the rest
    lowest first (CUBA-R47 steps 4-5)."""
    dst = C.NPOS - 1
    for src in range(C.NPOS - 1, -1, -1):
        if s[O.SHIP + src] >= 0:
            if src != dst:
                move_ship(s, src, dst)
            dst -= 1
    for pos in range(C.NPOS - 1, -1, -1):
        if s[O.SHIP + pos] < 0:
            s[O.SHIP + pos] = draw_ship(s)


@njit(_nrt=False)
def ship_full(s, pos):
    for i in range(C.SHIP_SPOTS):
        if s[O.CARGO + pos * C.SHIP_SPOTS + i] == 0:
            return False
    return s[O.SHIP + pos] >= 0


@njit(_nrt=False)
def harbor_departure(s, t, tr, pos):
    """Harbor Act: a ship completed now leaves at once (CUBA-R35, CUBA-Q10)."""
    depart(s, t, tr, pos)
    if t[T.SWITCHES + SW.HARBOR_ACT_SHIFT] == 1:
        compact_and_refill(s)
    else:
        for q in range(pos - 1, -1, -1):
            move_ship(s, q, q + 1)
        s[O.SHIP + 0] = draw_ship(s)
    log(tr, s, EV.SHIPS_MOVE, -1, s[O.SHIP], s[O.SHIP + 1], s[O.SHIP + 2], s[O.SHIP + 3])


@njit(_nrt=False)
def load_ship(s, t, tr, p, dock, v, building):
    """Load packed pieces v onto the ship in dock (CUBA-R20, branch offices); dock VP each."""
    b = S.pbase(p)
    ship = s[O.SHIP + dock]
    total = 0
    for k in range(C.CI, C.CG + 1):
        n = actions.vget(v, k)
        if n == 0:
            continue
        drop_held(s, b, k, n)
        for i in range(C.SHIP_SPOTS):
            spot = O.CARGO + dock * C.SHIP_SPOTS + i
            if n > 0 and t[T.SHIP_SPOTS + C.SHIP_SPOTS * ship + i] == k and s[spot] == 0:
                s[spot] = 1
                n -= 1
        total += actions.vget(v, k)
    s[b + P.SHIPPED] += total
    s[b + P.LOADS] += 1
    full = ship_full(s, dock)
    if full:
        s[b + P.FILLED] += 1
    log(tr, s, EV.LOAD, p, dock, v, building, 0)
    add_vp(s, tr, p, C.SRC_SHIP if building < 0 else C.SRC_BUILDING + building, dock * total)
    triggers = building < 0 or t[T.SWITCHES + SW.HARBOR_ACT_BRANCHES] == 0 or \
        t[T.BUILDING_FEATURE + building] == C.FT_LARGE_BRANCH
    if S.act_effect(s, t, C.OTHER) == C.EF_HARBOR_ACT and triggers and full:
        harbor_departure(s, t, tr, dock)


# ---------------------------------------------------------------- setup


@njit(inline="always")
def apply_setup_pieces(s, t, x, tr):
    """Take the starting pieces of packed vector x (CUBA-R9)."""
    p = s[G.CUR]
    for k in range(C.NKINDS):
        gain_pieces(s, p, k, actions.vget(x, k))
    log(tr, s, EV.SETUP, p, x, 0, 0, 0)
    s[G.STEP] += 1


@njit(inline="always")
def apply_hide_card(s, t, c, tr):
    """Put character c face down for parliament (CUBA-V1)."""
    p = s[G.CUR]
    s[S.pbase(p) + P.HIDDEN] = c
    log(tr, s, EV.HIDE_CARD, p, -1, 0, 0, 0)
    s[G.STEP] += 1


# ---------------------------------------------------------------- phase B: characters


@njit(inline="always")  # one call site, once per step or more
def apply_character(s, t, c, tr):
    """Play character c (CUBA-R12); track the 4th card for the start-player rule (CUBA-R24)."""
    p = s[G.CUR]
    b = S.pbase(p)
    s[b + P.HAND + c] = 0
    s[b + P.NPLAYED] += 1
    s[b + P.LAST_CARD] = c
    s[G.TURN] += 1
    s[G.CARD] = c
    if s[b + P.NPLAYED] == t[T.MISC + M.CARDS_PLAYED] and t[T.CHAR_VOTES + c] >= s[G.BEST4_VOTES]:
        s[G.BEST4_VOTES] = t[T.CHAR_VOTES + c]
        s[G.BEST4_PLAYER] = p
    log(tr, s, EV.CARD, p, c, 0, 0, 0)
    if c == C.WORKER:
        s[G.DK] = DK.WORKER_POSITION
    elif c == C.TRADER:
        s[G.DK] = DK.TRADE_MODE
    elif c == C.ARCHITECT:
        s[G.DK] = DK.ARCHITECT
    elif c == C.FOREMAN:
        s[G.DK] = DK.FOREMAN_MODE
    else:
        s[G.DK] = DK.MAYOR


@njit(inline="always")  # one call site, once per step or more
def apply_worker_position(s, t, pawn, tr):
    """Move the pawn; every activated open resource field yields (CUBA-R14.1-4)."""
    p = s[G.CUR]
    b = S.pbase(p)
    s[b + P.PAWN] = pawn
    m = actions.rowcol_mask(pawn)
    gained = 0
    has_product = False
    for f in range(C.NFIELDS):
        if (m >> f) & 1 == 0 or s[b + P.FIELD + f] >= 0:
            continue
        ft = S.field_type(s, t, b, f)
        if C.F_FO <= ft <= C.F_LA:
            k = ft - C.F_FO
            gained += gain_pieces(s, p, k, 1) << (3 * k)
        elif C.F_CI <= ft <= C.F_TO:
            has_product = True
    s[G.WORKER_GAINS] = gained
    if has_product:
        s[G.DK] = DK.WORKER_FIELDS
    else:
        log(tr, s, EV.WORKER, p, pawn, gained, 0, 0)
        s[G.DK] = DK.NONE


@njit(inline="always")  # one call site, once per step or more
def apply_worker_fields(s, t, mask, tr):
    """Chosen product fields yield; water pays for those beyond the free ones (CUBA-R14.5)."""
    p = s[G.CUR]
    b = S.pbase(p)
    cnt = 0
    gained = s[G.WORKER_GAINS]
    for f in range(C.NFIELDS):
        if (mask >> f) & 1:
            cnt += 1
            k = C.CI + S.field_type(s, t, b, f) - C.F_CI
            gained += gain_pieces(s, p, k, 1) << (3 * k)
    water = max(0, cnt - actions.worker_free_fields(s, t))
    s[b + P.LOT + C.WA] -= water
    s[O.STOCK + C.WA] += water
    log(tr, s, EV.WORKER, p, s[b + P.PAWN], gained, water, 0)
    s[G.DK] = DK.NONE


@njit(_nrt=False)
def trader_alternative(s, t, tr, p, k):
    """A free resource, or a free lowest-priced product (CUBA-R16, CUBA-Q12)."""
    space = C.BM_TRADER_RES if k < C.CI else C.BM_TRADER_PROD
    if t[T.SWITCHES + SW.TRADER_ALT_SPACES] == 1:
        space = C.BM_TRADER_RES if s[O.MARKERS + C.BM_TRADER_RES] == 0 else C.BM_TRADER_PROD
    s[O.MARKERS + space] = 1
    gain_pieces(s, p, k, t[T.MISC + M.TRADER_ALT_PIECES])
    log(tr, s, EV.TRADER_ALT, p, k, 0, 0, 0)
    s[G.DK] = DK.NONE


@njit(inline="always")
def apply_trade_mode(s, t, o, tr):
    """The market (CUBA-R15) or a tradeswoman alternative (CUBA-R16)."""
    if actions.tag_of(o) == OT.MARKET:
        s[G.MARKET_TRADES] = 0
        s[G.DK] = DK.TRADE_STEP
    else:
        trader_alternative(s, t, tr, s[G.CUR], actions.payload_of(o))


@njit(inline="always")
def note_trade(s, t, r, sold, via_stock):
    """Record a trade of market row r's kind in this visit's G.MARKET_TRADES (CUBA-Q18)."""
    shift = actions.TRADE_BITS * r
    bits = (s[G.MARKET_TRADES] >> shift) & 15
    if t[T.SWITCHES + SW.MARKET_RETRADE] == 1:  # one_way: a direction for the whole visit
        bits |= (actions.ROW_SOLD | actions.STOCK_SOLD) if sold else (
            actions.ROW_BOUGHT | actions.STOCK_BOUGHT)
    else:  # no_undo: the previous trade with the row, the stock's direction
        bits &= actions.STOCK_SOLD | actions.STOCK_BOUGHT
        if via_stock:
            bits |= actions.STOCK_SOLD if sold else actions.STOCK_BOUGHT
        else:
            bits |= actions.ROW_SOLD if sold else actions.ROW_BOUGHT
    s[G.MARKET_TRADES] = (s[G.MARKET_TRADES] & ~(15 << shift)) | (bits << shift)


@njit(_nrt=False)
def trade(s, t, tr, p, tag, k):
    """One market buy or sell (CUBA-R28..R30), recorded for CUBA-Q18."""
    b = S.pbase(p)
    r = k - C.CI
    if tag == OT.BUY:
        price = S.buy_price(s, t, r)
        from_stock = s[O.MARKET + r] == 0
        if from_stock:
            s[O.STOCK + k] -= 1
        else:
            s[O.MARKET + r] -= 1
        s[b + P.LOT + k] += 1
        pay_money(s, t, p, price)
        log(tr, s, EV.BUY, p, k, price, from_stock, 0)
        note_trade(s, t, r, False, from_stock)
    else:
        price = S.sell_price(s, t, r)
        to_stock = s[O.MARKET + r] >= t[T.MARKET_LEN + r]
        drop_held(s, b, k, 1)
        if to_stock:
            s[O.STOCK + k] += 1
        else:
            s[O.MARKET + r] += 1
        gain_money(s, t, p, price)
        log(tr, s, EV.SELL, p, k, price, to_stock, 0)
        note_trade(s, t, r, True, to_stock)


@njit(inline="always")
def apply_trade_step(s, t, o, tr):
    """One buy or sell, after which the market visit goes on; done ends it."""
    tag = actions.tag_of(o)
    if tag == OT.BUY or tag == OT.SELL:
        trade(s, t, tr, s[G.CUR], tag, actions.payload_of(o))
        s[G.DK] = DK.TRADE_STEP


@njit(inline="always")
def apply_architect(s, t, o, tr):
    """A building kind (its field is asked next), the alternative, or nothing (CUBA-R17/R18)."""
    tag = actions.tag_of(o)
    if tag == OT.BUILD:
        s[G.ARCH_BUILDING] = actions.payload_of(o)
        s[G.DK] = DK.ARCHITECT_FIELD
    elif tag == OT.ALTERNATIVE:
        architect_alternative(s, t, tr, s[G.CUR])
    else:
        log(tr, s, EV.NOTHING, s[G.CUR], C.ARCHITECT, 0, 0, 0)


@njit(_nrt=False)
def apply_architect_field(s, t, f, tr):
    """Pay and place the building chosen (G.ARCH_BUILDING) on field f (CUBA-R17)."""
    p = s[G.CUR]
    k = s[G.ARCH_BUILDING]
    b = S.pbase(p)
    for i in range(3):
        s[b + P.LOT + i] -= t[T.BUILDING_COST + 3 * k + i]
        s[O.STOCK + i] += t[T.BUILDING_COST + 3 * k + i]
    fee = actions.building_fee(s, t)
    pay_money(s, t, p, fee)
    s[b + P.FIELD + f] = k
    s[b + P.BUILT] += 1
    log(tr, s, EV.BUILD, p, k, f, fee, 0)
    s[G.DK] = DK.NONE


@njit(inline="always")
def take_alternative(s, takers, first_marker):
    """Cover the black marker of this round's next taker of an alternative (markers from
    first_marker on, takers counted at slot `takers`); return the taker's index, 0 first."""
    i = s[takers]
    s[O.MARKERS + first_marker + i] = 1
    s[takers] += 1
    return i


@njit(_nrt=False)
def architect_alternative(s, t, tr, p):
    """2 VP to the first, 1 VP to the second taker this round (CUBA-R18)."""
    i = take_alternative(s, G.ARCH_ALT_N, C.BM_ARCH_1)
    vp = t[T.MISC + M.ARCHITECT_ALT_VP_FIRST + i]
    log(tr, s, EV.ARCHITECT_ALT, p, i + 1, vp, 0, 0)
    add_vp(s, tr, p, C.SRC_ARCH_ALT, vp)
    s[G.DK] = DK.NONE


@njit(_nrt=False)
def mayor_alternative(s, t, tr, p):
    """$4 to the first, $2 to the second taker this round (CUBA-R21)."""
    i = take_alternative(s, G.MAYOR_ALT_N, C.BM_MAYOR_1)
    got = gain_money(s, t, p, t[T.MISC + M.MAYOR_ALT_MONEY_FIRST + i])
    log(tr, s, EV.MAYOR_ALT, p, i + 1, got, 0, 0)
    s[G.DK] = DK.NONE


@njit(inline="always")
def apply_mayor(s, t, o, tr):
    """Load a docked ship (CUBA-R20), the alternative (CUBA-R21), or nothing."""
    tag = actions.tag_of(o)
    x = actions.payload_of(o)
    if tag == OT.LOAD:
        load_ship(s, t, tr, s[G.CUR], x >> actions.DOCK_SHIFT, x & actions.VEC_MASK, -1)
    elif tag == OT.ALTERNATIVE:
        mayor_alternative(s, t, tr, s[G.CUR])
    else:
        log(tr, s, EV.NOTHING, s[G.CUR], C.MAYOR, 0, 0, 0)


# ---------------------------------------------------------------- foreman and buildings


@njit(inline="always")
def apply_foreman_mode(s, t, o, tr):
    """Use the buildings of the pawn's row and column, one building, or none (CUBA-R19)."""
    p = s[G.CUR]
    b = S.pbase(p)
    tag = actions.tag_of(o)
    x = actions.payload_of(o)
    if tag == OT.PASS:
        log(tr, s, EV.NOTHING, p, C.FOREMAN, 0, 0, 0)
    else:
        m = (1 << x) if tag == OT.ONE_BUILDING else actions.rowcol_mask(s[b + P.PAWN])
        sel = 0
        for f in range(C.NFIELDS):
            if (m >> f) & 1 and actions.usable_building(s, t, b, f) >= 0:
                sel |= 1 << f
        s[G.FOREMAN_FIELDS] = sel
        foreman_continue(s, t, tr, p)


@njit(inline="always")
def apply_foreman_next(s, t, f, tr):
    """Use the building on field f next of the row and column."""
    p = s[G.CUR]
    s[G.FOREMAN_FIELDS] &= ~(1 << f)
    if not start_use(s, t, tr, p, f):
        foreman_continue(s, t, tr, p)


@njit(_nrt=False)
def foreman_continue(s, t, tr, p):
    """Use the remaining selected buildings; stop at the first one that needs a choice."""
    while s[G.FOREMAN_FIELDS] != 0:
        m = s[G.FOREMAN_FIELDS]
        if m & (m - 1):
            s[G.DK] = DK.FOREMAN_NEXT
            return
        f = 0
        while (m >> f) & 1 == 0:
            f += 1
        s[G.FOREMAN_FIELDS] = 0
        if start_use(s, t, tr, p, f):
            return
    s[G.DK] = DK.NONE


@njit(_nrt=False)
def start_use(s, t, tr, p, f):
    """Use the building on field f once this round (CUBA-R19); True if a choice is pending."""
    b = S.pbase(p)
    k = s[b + P.FIELD + f]
    s[b + P.USED + f] = 1
    ft = t[T.BUILDING_FEATURE + k]
    pb = T.BUILDING_PARAM + 3 * k
    if ft == C.FT_GAIN_VP:
        log(tr, s, EV.USE, p, k, f, t[pb + 0], 0)
        add_vp(s, tr, p, C.SRC_BUILDING + k, t[pb + 0])
    elif ft == C.FT_GAIN_MONEY:
        log(tr, s, EV.USE, p, k, f, gain_money(s, t, p, t[pb + 0]), 0)
    elif ft == C.FT_TOWN_HALL:
        s[b + P.TOWN_HALL] = t[pb + 0]
        log(tr, s, EV.USE, p, k, f, t[pb + 0], 0)
    elif ft == C.FT_GAIN_PIECES:
        log(tr, s, EV.USE, p, k, f, gain_pieces(s, p, t[pb + 0], t[pb + 1]), 0)
    elif ft == C.FT_STORE:
        moved = 0
        for r in range(3):
            n = s[b + P.LOT + C.CI + r]
            s[b + P.STORED + r] += n
            s[b + P.LOT + C.CI + r] = 0
            moved |= n << (3 * (C.CI + r))
        log(tr, s, EV.USE, p, k, f, moved, 0)
    else:
        s[G.USE_FIELD] = f
        s[G.DK] = DK.BUILDING_USE
        return True
    return False


@njit(_nrt=False)
def apply_building_use(s, t, x, tr):
    """Carry out the chosen use x of the building on field G.USE_FIELD (0 = nothing).

    The 'use' event follows the pieces and money moved, so its snapshot shows them; a load,
    veto or VP event it causes comes after it.
    """
    p = s[G.CUR]
    b = S.pbase(p)
    f = s[G.USE_FIELD]
    k = s[b + P.FIELD + f]
    ft = t[T.BUILDING_FEATURE + k]
    pb = T.BUILDING_PARAM + 3 * k
    if ft == C.FT_RETURN_VP or ft == C.FT_SELL:
        return_vector(s, b, x)
        if ft == C.FT_SELL:
            gain_money(s, t, p, actions.vsum(x) * t[pb + 2])
    elif ft == C.FT_CONVERT:
        drop_held(s, b, t[pb + 0], x)
        s[O.STOCK + t[pb + 0]] += x
        gain_pieces(s, p, t[pb + 1], x)
    elif ft == C.FT_BLACK_MARKET and x > 0:
        a = (x - 1) // 8
        drop_held(s, b, a, 1)
        s[O.STOCK + a] += 1
        gain_pieces(s, p, (x - 1) % 8, 1)
    elif ft == C.FT_LIGHTHOUSE and x > 0:
        i = x - 1
        card = s[O.PILE + i]
        for j in range(i, s[G.PILE_N] - 1):
            s[O.PILE + j] = s[O.PILE + j + 1]
        s[O.PILE + s[G.PILE_N] - 1] = s[O.SHIP + 0]
        s[O.SHIP + 0] = card
    elif ft == C.FT_CHURCH and x > 0:  # the veto tile is taken with the use (its state shows it)
        s[G.VETO_OWNER] = p
        s[G.VETO_BAN_TYPE] = x - 1
        s[G.VETO_BAN_ROUND] = s[G.ROUND] + 1
    log(tr, s, EV.USE, p, k, f, x, s[O.SHIP + 0] if ft == C.FT_LIGHTHOUSE else 0)
    if ft == C.FT_RETURN_VP:
        add_vp(s, tr, p, C.SRC_BUILDING + k, actions.vsum(x) * t[pb + 2])
    elif (ft == C.FT_SMALL_BRANCH or ft == C.FT_LARGE_BRANCH) and x > 0:
        load_ship(s, t, tr, p, x >> actions.DOCK_SHIFT, x & actions.VEC_MASK, k)
    elif ft == C.FT_CHURCH and x > 0:
        ty = x - 1
        if t[T.SWITCHES + SW.CHURCH_VETO_TIMING] == 0:
            c = s[O.BILLS + ty]
            s[O.BILLS + ty] = -1
            log(tr, s, EV.VETO, p, c, 0, 0, 0)
        else:
            s[G.VETOED_TYPE] = ty
    foreman_continue(s, t, tr, p)


# ---------------------------------------------------------------- phase A / round start


@njit(_nrt=False)
def begin_round(s, t, tr):
    """Phase A (CUBA-R11) and the per-round resets (before the round's event, whose state
    shows them); then phase B."""
    s[G.PHASE] = PH.BILLS
    for p in range(s[G.NP]):
        b = S.pbase(p)
        for c in range(C.NCHARS):
            s[b + P.HAND + c] = 1
        for f in range(C.NFIELDS):
            s[b + P.USED + f] = 0
        s[b + P.HIDDEN] = -1
        s[b + P.NPLAYED] = 0
        s[b + P.LAST_CARD] = -1
        s[b + P.PAID_TAX] = 0
        s[b + P.TOWN_HALL] = 0
        s[b + P.VOTES] = 0
        s[b + P.BID] = 0
    s[G.TURN] = 0
    s[G.ARCH_ALT_N] = 0
    s[G.MAYOR_ALT_N] = 0
    s[G.BEST4_VOTES] = -1
    s[G.BEST4_PLAYER] = s[G.START]
    s[G.VETO_OWNER] = -1
    s[G.VETOED_TYPE] = -1
    s[G.PARL_WINNER] = -1
    s[G.OLD_START] = s[G.START]
    s[G.STEP] = 0
    log(tr, s, EV.ROUND, -1, s[G.ROUND], 0, 0, 0)
    for ty in range(4):
        ptr = s[O.STAT_PTR + ty]
        if ptr < C.PILE_CARDS:
            s[O.BILLS + ty] = s[O.STAT_PILE + ty * C.PILE_CARDS + ptr]
            s[O.STAT_PTR + ty] = ptr + 1
        else:
            s[O.BILLS + ty] = -1
    log(tr, s, EV.BILLS, -1, s[O.BILLS], s[O.BILLS + 1], s[O.BILLS + 2], s[O.BILLS + 3])
    s[G.PHASE] = PH.ACTIONS
    log(tr, s, EV.PHASE, -1, PH.ACTIONS, 0, 0, 0)


# ---------------------------------------------------------------- phase C: parliament


@njit(_nrt=False)
def begin_parliament(s, t, tr):
    """Votes of the 5th card plus the Town Hall (CUBA-R37 at_parliament, CUBA-R38)."""
    s[G.PHASE] = PH.PARLIAMENT
    log(tr, s, EV.PHASE, -1, PH.PARLIAMENT, 0, 0, 0)
    if s[G.VETOED_TYPE] >= 0:
        c = s[O.BILLS + s[G.VETOED_TYPE]]
        s[O.BILLS + s[G.VETOED_TYPE]] = -1
        s[G.VETOED_TYPE] = -1
        log(tr, s, EV.VETO, s[G.VETO_OWNER], c, 0, 0, 0)
    for p in range(s[G.NP]):
        b = S.pbase(p)
        c = s[b + P.HIDDEN]
        if c < 0:
            for i in range(C.NCHARS):
                if s[b + P.HAND + i] == 1:
                    c = i
        s[b + P.LAST_CARD] = c  # the 5th card, for the fifth-card subsidy
        s[b + P.VOTES] = t[T.CHAR_VOTES + c] + s[b + P.TOWN_HALL]
        log(tr, s, EV.VOTES, p, t[T.CHAR_VOTES + c], s[b + P.TOWN_HALL], 0, 0)
    s[G.STEP] = 0
    s[G.BID_ROUND] = 0
    s[G.TIED] = (1 << s[G.NP]) - 1
    if S.act_effect(s, t, C.OTHER) == C.EF_CORRUPTION:
        s[G.BID_ROUND] = 2  # CUBA-R39: no bidding


@njit(_nrt=False)
def top_voters(s):
    """Bit mask of the players with the most votes."""
    best = -1
    mask = 0
    for p in range(s[G.NP]):
        v = s[S.pbase(p) + P.VOTES]
        if v > best:
            best = v
            mask = 1 << p
        elif v == best:
            mask |= 1 << p
    return mask


@njit(_nrt=False)
def reveal_bids(s, t, tr):
    """Every bid is paid, win or lose, and adds to the bidder's votes (CUBA-R39/R41)."""
    for i in range(s[G.NP]):
        p = order_player(s, i)
        if (s[G.TIED] >> p) & 1 == 0:
            continue
        b = S.pbase(p)
        bid = s[b + P.BID]
        pay_money(s, t, p, bid)
        s[b + P.VOTES] += bid
        s[b + P.BID] = 0
        log(tr, s, EV.BID, p, bid, s[b + P.VOTES], s[G.BID_ROUND], 0)


@njit(inline="always")  # one call site, once per step or more
def parliament_step(s, t, tr):
    """Ask for the next bid, or settle the vote and ask the winner for the bills."""
    np_ = s[G.NP]
    while True:
        if s[G.BID_ROUND] < 2:
            while s[G.STEP] < np_:
                p = order_player(s, s[G.STEP])
                if (s[G.TIED] >> p) & 1:
                    s[G.CUR] = p
                    s[G.DK] = DK.BID
                    return
                s[G.STEP] += 1
            reveal_bids(s, t, tr)
        mask = top_voters(s)
        if mask & (mask - 1) and s[G.BID_ROUND] == 0:
            s[G.BID_ROUND] = 1
            s[G.TIED] = mask
            s[G.STEP] = 0
            continue
        break
    # among the tied, best votes first; then the positional rule (CUBA-R41, CUBA-Q14)
    best = -1
    for p in range(np_):
        if (mask >> p) & 1:
            best = max(best, s[S.pbase(p) + P.VOTES])
    tied = 0
    for p in range(np_):
        if (mask >> p) & 1 and s[S.pbase(p) + P.VOTES] == best:
            tied |= 1 << p
    anchor = s[G.START] if t[T.SWITCHES + SW.PARLIAMENT_TIE_ANCHOR] == 0 else s[G.OLD_START]
    winner = -1
    for i in range(np_):
        p = (anchor + i) % np_
        if (tied >> p) & 1:
            winner = p
            break
    s[G.PARL_WINNER] = winner
    s[S.pbase(winner) + P.PARL_WINS] += 1
    log(tr, s, EV.PARLIAMENT_WIN, winner, best, 1 if tied & (tied - 1) else 0, 0, 0)
    present = 0
    for ty in range(4):
        if s[O.BILLS + ty] >= 0:
            present += 1
    s[G.STEP] = np_ + 1
    if present > 0:
        s[G.CUR] = winner
        s[G.DK] = DK.BILLS
    else:
        begin_statutes(s, t, tr)


@njit(inline="always")
def apply_bid(s, t, x, tr):
    """A secret bid of $x, revealed when every bidder has bid (CUBA-R39/R41)."""
    s[S.pbase(s[G.CUR]) + P.BID] = x
    s[G.STEP] += 1


@njit(_nrt=False)
def apply_bills(s, t, x, tr):
    """The winner passes the bills of types x // 4 and x % 4; the others leave the game
    (CUBA-R40/R42)."""
    p = s[G.CUR]
    i = x // 4
    j = x % 4
    for ty in range(4):
        c = s[O.BILLS + ty]
        if c < 0:
            continue
        s[O.BILLS + ty] = -1  # before the event: its state is the one after it
        if ty == i or ty == j:
            s[O.ACTS + ty] = c
            s[O.ACT_ROUND + ty] = s[G.ROUND]
            s[S.pbase(p) + P.BILLS] += 1
            s[S.pbase(p) + P.PASSED] |= 1 << c
            log(tr, s, EV.PASS_BILL, p, c, 0, 0, 0)
        else:
            log(tr, s, EV.REMOVE_BILL, -1, c, 0, 0, 0)
    s[G.DK] = DK.NONE
    begin_statutes(s, t, tr)


# ---------------------------------------------------------------- phase D: statutes


@njit(_nrt=False)
def tax_cost(s, t, p):
    """Current tax for player p (CUBA-R43, CUBA-Q2), -1 when no tax act is in force."""
    c = s[O.ACTS + C.TAX]
    if c < 0:
        return -1
    ef = t[T.STATUTE_EFFECT + c]
    if ef == C.EF_TAX_FLAT:
        return t[T.STATUTE_PARAM + 2 * (c) + 0]
    if ef == C.EF_TAX_PER_BUILDING:
        n = S.n_buildings(s, S.pbase(p)) + t[T.SWITCHES + SW.WAREHOUSE_IN_TAX]
        return n * t[T.STATUTE_PARAM + 2 * (c) + 0]
    return -1


@njit(_nrt=False)
def begin_statutes(s, t, tr):
    s[G.PHASE] = PH.STATUTES
    s[G.STEP] = 0
    log(tr, s, EV.PHASE, -1, PH.STATUTES, 0, 0, 0)


@njit(inline="always")
def apply_tax(s, t, o, tr):
    """Pay the tax G.TAX_AMOUNT for its VP, or not (CUBA-R43)."""
    p = s[G.CUR]
    paid = actions.tag_of(o) == OT.PAY
    if paid:
        pay_money(s, t, p, s[G.TAX_AMOUNT])
        s[S.pbase(p) + P.PAID_TAX] = 1
    log(tr, s, EV.TAX, p, 1 if paid else 0, s[G.TAX_AMOUNT], 1, 0)
    if paid:
        add_vp(s, tr, p, C.SRC_TAX, t[T.MISC + M.TAX_VP])
    s[G.STEP] += 1


@njit(inline="always")
def apply_duty(s, t, o, tr):
    """Give the pieces of the option as duty for its VP, and the bonus after the tax, or
    not (CUBA-R44)."""
    p = s[G.CUR]
    b = S.pbase(p)
    x = actions.payload_of(o)
    paid = actions.tag_of(o) == OT.PAY
    if paid:
        return_vector(s, b, x)
    log(tr, s, EV.DUTY, p, 1 if paid else 0, x, 0, 0)
    if paid:
        add_vp(s, tr, p, C.SRC_DUTY, t[T.MISC + M.DUTY_VP])
        if s[b + P.PAID_TAX]:
            add_vp(s, tr, p, C.SRC_TAX_DUTY_BONUS, t[T.MISC + M.TAX_DUTY_BONUS_VP])
    s[G.STEP] += 1


@njit(inline="always")  # one call site, once per step or more
def statutes_step(s, t, tr):
    """Tax then duty per player in turn order, then subsidy and the other act (CUBA-R43..R46)."""
    np_ = s[G.NP]
    while s[G.STEP] < 2 * np_:
        i = s[G.STEP]
        p = order_player(s, i % np_)
        if i < np_:
            cost = tax_cost(s, t, p)
            if 0 <= cost <= s[S.pbase(p) + P.MONEY]:
                s[G.CUR] = p
                s[G.TAX_AMOUNT] = cost
                s[G.DK] = DK.TAX
                return
            if cost > 0:
                log(tr, s, EV.TAX, p, 0, cost, 0, 0)  # could not pay
        elif s[O.ACTS + C.DUTY] >= 0:
            s[G.CUR] = p
            s[G.DK] = DK.DUTY
            return
        s[G.STEP] += 1
    for p in range(np_):
        add_vp(s, tr, p, C.SRC_SUBSIDY, subsidy_vp(s, t, p))
    c = s[O.ACTS + C.OTHER]
    if c >= 0:
        ef = t[T.STATUTE_EFFECT + c]
        fires = t[T.SWITCHES + SW.MARKET_ACT_TIMING] == 0 or s[O.ACT_ROUND + C.OTHER] == s[G.ROUND]
        if (ef == C.EF_MARKET_DEC or ef == C.EF_MARKET_INC) and fires:
            market_act(s, t, ef == C.EF_MARKET_INC, t[T.STATUTE_PARAM + 2 * (c) + 0])
            log(tr, s, EV.MARKET_ACT, -1, c, 0, 0, 0)
    if s[G.ROUND] >= t[T.MISC + M.ROUNDS]:
        end_game(s, t, tr)
    else:
        end_round(s, t, tr)


@njit(_nrt=False)
def subsidy_vp(s, t, p):
    """VP from the subsidy in force (CUBA-R45, CUBA-Q3)."""
    c = s[O.ACTS + C.SUBSIDY]
    if c < 0:
        return 0
    b = S.pbase(p)
    ef = t[T.STATUTE_EFFECT + c]
    a0 = t[T.STATUTE_PARAM + 2 * (c) + 0]
    a1 = t[T.STATUTE_PARAM + 2 * (c) + 1]
    if ef == C.EF_SUB_BUILDINGS:
        return a0 * (S.n_buildings(s, b) + t[T.SWITCHES + SW.WAREHOUSE_IN_SUBSIDY])
    if ef == C.EF_SUB_OPEN_RES or ef == C.EF_SUB_OPEN_PROD:
        lo = C.F_FO if ef == C.EF_SUB_OPEN_RES else C.F_CI
        hi = C.F_LA if ef == C.EF_SUB_OPEN_RES else C.F_TO
        n = 0
        for f in range(C.NFIELDS):
            ft = S.field_type(s, t, b, f)
            if lo <= ft <= hi and s[b + P.FIELD + f] < 0:
                n += 1
        return a0 * n
    if ef == C.EF_SUB_KIND_HELD:
        return min(S.have(s, b, a0), a1)
    if ef == C.EF_SUB_FIFTH_CARD:
        return a0 * t[T.CHAR_VOTES + s[b + P.LAST_CARD]]
    if ef == C.EF_SUB_MONEY:
        return min(s[b + P.MONEY] // a0, a1)
    return 0


@njit(_nrt=False)
def market_act(s, t, increase, amount):
    """Market Act: remove from the right end or add at the left end of each product row."""
    for r in range(3):
        if increase:
            n = min(amount, t[T.MARKET_LEN + r] - s[O.MARKET + r], s[O.STOCK + C.CI + r])
            s[O.MARKET + r] += n
            s[O.STOCK + C.CI + r] -= n
        else:
            n = min(amount, s[O.MARKET + r])
            s[O.MARKET + r] -= n
            s[O.STOCK + C.CI + r] += n


# ---------------------------------------------------------------- phase E and the end


@njit(_nrt=False)
def end_round(s, t, tr):
    """CUBA-R47: spoil, departures, ships move down, docks refill, markers reset."""
    s[G.PHASE] = PH.END_OF_ROUND
    log(tr, s, EV.PHASE, -1, PH.END_OF_ROUND, 0, 0, 0)
    passive = t[T.SWITCHES + SW.BUILDING_WAREHOUSE_MODE] == 1
    for p in range(s[G.NP]):
        b = S.pbase(p)
        if passive and owns(s, b, C.WAREHOUSE_BUILDING):
            continue
        lost = 0
        for r in range(3):
            n = s[b + P.LOT + C.CI + r]
            s[O.STOCK + C.CI + r] += n
            s[b + P.LOT + C.CI + r] = 0
            lost |= n << (3 * (C.CI + r))
        if lost:
            log(tr, s, EV.SPOIL, p, lost, 0, 0, 0)
    for pos in range(1, C.NPOS):
        if ship_full(s, pos):
            depart(s, t, tr, pos)
    if s[G.ROUND] >= 2 and s[O.SHIP + 3] >= 0:
        depart(s, t, tr, 3)
    compact_and_refill(s)
    log(tr, s, EV.SHIPS_MOVE, -1, s[O.SHIP], s[O.SHIP + 1], s[O.SHIP + 2], s[O.SHIP + 3])
    for i in range(6):
        s[O.MARKERS + i] = 0
    s[G.ROUND] += 1
    begin_round(s, t, tr)


@njit(_nrt=False)
def owns(s, b, k):
    for f in range(1, C.NFIELDS):
        if s[b + P.FIELD + f] == k:
            return True
    return False


@njit(_nrt=False)
def end_game(s, t, tr):
    """CUBA-R48/R49: after round 6 phase D, 2 VP per own building."""
    for p in range(s[G.NP]):
        n = S.n_buildings(s, S.pbase(p)) + t[T.SWITCHES + SW.WAREHOUSE_IN_END_BONUS]
        log(tr, s, EV.END_BONUS, p, n, 0, 0, 0)
        add_vp(s, tr, p, C.SRC_END_BUILDINGS, n * t[T.MISC + M.END_BUILDING_VP])
    s[G.PHASE] = PH.OVER
    s[G.DK] = DK.NONE
    log(tr, s, EV.GAME_END, -1, 0, 0, 0, 0)


@njit
def standings(s, t, rank, share):
    """Ranks and win shares (CUBA-R50, CUBA-Q17): VP, then money, then shared or later seat."""
    np_ = s[G.NP]
    key = np.zeros(np_, np.int64)
    for p in range(np_):
        b = S.pbase(p)
        later = 0
        if t[T.SWITCHES + SW.FINAL_TIE] == 1:
            later = (p - s[G.START]) % np_
        key[p] = (s[b + P.VP] * 100000 + s[b + P.MONEY]) * 8 + later
    rank_by_keys(key, rank, share)


# ---------------------------------------------------------------- the state machine


@njit(inline="always")  # compiled into apply: no call per step
def advance(s, t, tr):
    """Run automatic steps until a decision is pending or the game is over."""
    while s[G.DK] == DK.NONE and s[G.PHASE] != PH.OVER:
        ph = s[G.PHASE]
        np_ = s[G.NP]
        if ph == PH.SETUP:
            if s[G.STEP] < np_:
                s[G.CUR] = order_player(s, s[G.STEP])
                s[G.DK] = DK.SETUP_PIECES
            else:
                begin_round(s, t, tr)
        elif ph == PH.ACTIONS:
            if t[T.SWITCHES + SW.HIDDEN_PARLIAMENT_CARD] == 1 and s[G.STEP] < np_:
                s[G.CUR] = order_player(s, s[G.STEP])
                s[G.DK] = DK.HIDE_CARD
            elif s[G.TURN] < np_ * t[T.MISC + M.CARDS_PLAYED]:
                s[G.CUR] = order_player(s, s[G.TURN] % np_)
                s[G.DK] = DK.CHARACTER
            else:
                s[G.START] = s[G.BEST4_PLAYER]
                log(tr, s, EV.START_PLAYER, s[G.START], 0, 0, 0, 0)
                begin_parliament(s, t, tr)
        elif ph == PH.PARLIAMENT:
            parliament_step(s, t, tr)
        elif ph == PH.STATUTES:
            statutes_step(s, t, tr)


@njit(_nrt=False)
def apply(s, t, o, tr):
    """Carry out legal option o of the pending decision, then advance the game."""
    dk = s[G.DK]
    x = actions.payload_of(o)
    s[G.DK] = DK.NONE
    if dk == DK.SETUP_PIECES:
        apply_setup_pieces(s, t, x, tr)
    elif dk == DK.HIDE_CARD:
        apply_hide_card(s, t, x, tr)
    elif dk == DK.CHARACTER:
        apply_character(s, t, x, tr)
    elif dk == DK.WORKER_POSITION:
        apply_worker_position(s, t, x, tr)
    elif dk == DK.WORKER_FIELDS:
        apply_worker_fields(s, t, x, tr)
    elif dk == DK.TRADE_MODE:
        apply_trade_mode(s, t, o, tr)
    elif dk == DK.TRADE_STEP:
        apply_trade_step(s, t, o, tr)
    elif dk == DK.ARCHITECT:
        apply_architect(s, t, o, tr)
    elif dk == DK.ARCHITECT_FIELD:
        apply_architect_field(s, t, x, tr)
    elif dk == DK.FOREMAN_MODE:
        apply_foreman_mode(s, t, o, tr)
    elif dk == DK.FOREMAN_NEXT:
        apply_foreman_next(s, t, x, tr)
    elif dk == DK.BUILDING_USE:
        apply_building_use(s, t, x, tr)
    elif dk == DK.MAYOR:
        apply_mayor(s, t, o, tr)
    elif dk == DK.BID:
        apply_bid(s, t, x, tr)
    elif dk == DK.BILLS:
        apply_bills(s, t, x, tr)
    elif dk == DK.TAX:
        apply_tax(s, t, o, tr)
    elif dk == DK.DUTY:
        apply_duty(s, t, o, tr)
    advance(s, t, tr)


def trace_buffer(max_events: int = 4000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Cuba state snapshots."""
    return common_trace.trace_buffer(max_events, S.STATE_SIZE)
