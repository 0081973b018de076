"""Cuba transitions: `apply` carries out one legal option, `advance` runs the game on to the
next decision point (see actions.py for the decision model).

`tr` is the trace buffer (core.common.trace): each `log` call records an event and the state
after it; a one-row buffer records nothing.
"""
import numpy as np

from core.cuba.actions import (
    DOCK_SHIFT, OT_ALT, OT_BUILD, OT_LOAD, OT_MARKET, OT_ONE, OT_PASS, OT_PAY, OT_ROWCOL,
    OT_BUY, OT_SELL, VEC_MASK, building_fee, payload_of, rowcol_mask, tag_of, usable_building,
    vget, vsum, worker_free_fields, legal, MAX_OPTIONS,
)
from core.cuba.codes import (
    ARCHITECT, BM_ARCH_1, BM_MAYOR_1, BM_TRADER_PROD, BM_TRADER_RES, CG, CI, DUTY, EF_CORRUPTION,
    EF_HARBOR_ACT, EF_MARKET_DEC, EF_MARKET_INC, EF_SUB_BUILDINGS, EF_SUB_FIFTH_CARD,
    EF_SUB_KIND_HELD, EF_SUB_MONEY, EF_SUB_OPEN_PROD, EF_SUB_OPEN_RES, EF_TAX_FLAT,
    EF_TAX_PER_BUILDING, EV_ARCH_ALT, EV_BID, EV_BILLS, EV_BUILD, EV_BUY, EV_CARD, EV_DUTY,
    EV_END_BONUS, EV_GAME_END, EV_HIDE, EV_LOAD, EV_MARKET_ACT, EV_MAYOR_ALT, EV_NOTHING,
    EV_PARL_WIN, EV_PASS_BILL, EV_PHASE, EV_REMOVE_BILL, EV_ROUND, EV_SELL, EV_SETUP,
    EV_SHIP_LEAVES, EV_SHIPS_MOVE, EV_SPOIL, EV_START_PLAYER, EV_TAX, EV_TRADER_ALT, EV_USE,
    EV_VETO, EV_VOTES, EV_VP, EV_WORKER, EVW, FOREMAN, FT_BLACK_MARKET, FT_CHURCH, FT_CONVERT,
    FT_GAIN_MONEY, FT_GAIN_PIECES, FT_GAIN_VP, FT_LARGE_BRANCH, FT_LIGHTHOUSE, FT_RETURN_VP,
    FT_SELL, FT_SMALL_BRANCH, FT_STORE, FT_TOWN_HALL, F_CI, F_FO, F_LA, F_TO, MAYOR, M_ARCH_ALT_VP1,
    M_CARDS_PLAYED, M_DUTY_VP, M_END_BUILDING_VP, M_MAYOR_ALT_MONEY1, M_ROUNDS, M_TAX_DUTY_BONUS,
    M_TAX_VP, M_TRADER_ALT_PIECES, NCHARS, NFIELDS, NKINDS, NMERCH, NPOS, OTHER, PILE_CARDS,
    SHIP_SPOTS, SRC_ARCH_ALT, SRC_BUILDING, SRC_DUTY, SRC_END_BUILDINGS, SRC_SHIP, SRC_SUBSIDY,
    SRC_TAX, SRC_TAX_DUTY_BONUS, SUBSIDY, SW_BUILDING_WAREHOUSE_MODE, SW_CHURCH_VETO_TIMING,
    SW_FINAL_TIE, SW_HARBOR_ACT_BRANCHES, SW_HARBOR_ACT_SHIFT, SW_HIDDEN_PARLIAMENT_CARD,
    SW_MARKET_ACT_TIMING, SW_MONEY_LIMITED, SW_PARLIAMENT_TIE_ANCHOR, SW_TRADER_ALT_SPACES,
    SW_WAREHOUSE_IN_END_BONUS, SW_WAREHOUSE_IN_SUBSIDY, SW_WAREHOUSE_IN_TAX, TAX, TRADER, TO, WA,
    WAREHOUSE_BUILDING, WORKER, SRC_SHIP as _SRC_SHIP, T_BCOST, T_BFEAT, T_BPARAM, T_MISC, T_MLEN,
    T_SEFF, T_SPARAM, T_SPOTS, T_SW, T_VOTES,
)
from core.cuba.state import (
    DK_ARCH_FIELD, DK_ARCHITECT, DK_BID, DK_BILLS, DK_BUILDING_USE, DK_CHARACTER, DK_DUTY,
    DK_FOREMAN_MODE, DK_FOREMAN_NEXT, DK_HIDE_CARD, DK_MAYOR, DK_NONE, DK_SETUP_PIECES, DK_TAX,
    DK_TRADE_MODE, DK_TRADE_STEP, DK_WORKER_FIELDS, DK_WORKER_POS, G_ARCH_ALT_N, G_BANK,
    G_BEST4_PLAYER, G_BEST4_VOTES, G_BID_ROUND, G_CTX0, G_CTX1, G_CTX2, G_CUR, G_DK, G_MAYOR_ALT_N,
    G_NP, G_OLD_START, G_SAILED, G_PARL_WINNER, G_PHASE, G_PILE_N, G_ROUND, G_START, G_STEP, G_TIED,
    G_TURN, G_VETO_BAN_ROUND, G_VETO_BAN_TYPE, G_VETO_OWNER, G_VETOED_TYPE, O_ACT_ROUND, O_ACTS,
    O_BILLS, O_CARGO, O_MARKERS, O_MARKET, O_PILE, O_SHIP, O_STAT_PILE, O_STAT_PTR, O_STOCK, P_BID,
    P_BILLS, P_BUILT, P_FIELD, P_HAND, P_HIDDEN, P_LAST_CARD, P_FILLED, P_LOADS, P_LOT, P_MONEY,
    P_NPLAYED, P_PAID_TAX, P_PASSED, P_PARL_WINS, P_PAWN, P_SHIPPED, P_STORED, P_TOWN_HALL, P_USED,
    P_VOTES, P_VP, P_VPSRC, PH_ACTIONS, PH_BILLS, PH_END_ROUND, PH_OVER, PH_PARLIAMENT, PH_SETUP,
    PH_STATUTES, STATE_SIZE, act_effect, buy_price, field_type, have, n_buildings, pbase,
    sell_price,
)
from core.common import trace as common_trace
from core.common.ranking import rank_by_keys
from core.common.trace import log, no_trace  # noqa: F401 (no_trace re-exported)
from core.jit import njit

# ---------------------------------------------------------------- trace and ledgers


@njit(inline="always")
def add_vp(s, tr, p, src, amount):
    """Score VP at once (CUBA-R13), booked by source."""
    if amount == 0:
        return
    b = pbase(p)
    s[b + P_VP] += amount
    s[b + P_VPSRC + src] += amount
    log(tr, s, EV_VP, p, src, amount, 0, 0)


@njit(inline="always")
def gain_money(s, t, p, amount):
    """Money from the bank; limited only under money_limited (CUBA-Q16)."""
    if t[T_SW + SW_MONEY_LIMITED] == 1:
        amount = min(amount, s[G_BANK])
        s[G_BANK] -= amount
    s[pbase(p) + P_MONEY] += amount
    return amount


@njit(inline="always")
def pay_money(s, t, p, amount):
    s[pbase(p) + P_MONEY] -= amount
    if t[T_SW + SW_MONEY_LIMITED] == 1:
        s[G_BANK] += amount


@njit(inline="always")
def gain_pieces(s, p, k, n):
    """Take up to n pieces of kind k from the stock into the lot (CUBA-R1); return the number."""
    g = min(n, s[O_STOCK + k])
    s[O_STOCK + k] -= g
    s[pbase(p) + P_LOT + k] += g
    return g


@njit(inline="always")
def drop_held(s, b, k, n):
    """Remove n held pieces of kind k, unstored products first (CUBA-R26)."""
    lot = s[b + P_LOT + k]
    if lot >= n:
        s[b + P_LOT + k] = lot - n
    else:
        s[b + P_LOT + k] = 0
        s[b + P_STORED + k - CI] -= n - lot


@njit
def return_vector(s, b, v):
    """Give the pieces of packed vector v back to the stock."""
    for k in range(NKINDS):
        n = vget(v, k)
        if n:
            drop_held(s, b, k, n)
            s[O_STOCK + k] += n


@njit(inline="always")
def order_player(s, i):
    """The i-th player in turn order from the start player."""
    return (s[G_START] + i) % s[G_NP]


# ---------------------------------------------------------------- harbour


@njit
def move_ship(s, src, dst):
    s[O_SHIP + dst] = s[O_SHIP + src]
    s[O_SHIP + src] = -1
    for i in range(SHIP_SPOTS):
        s[O_CARGO + dst * SHIP_SPOTS + i] = s[O_CARGO + src * SHIP_SPOTS + i]
        s[O_CARGO + src * SHIP_SPOTS + i] = 0


@njit
def depart(s, t, tr, pos):
    """A ship leaves: cargo to the stock, card to the bottom of the pile (CUBA-R36)."""
    ship = s[O_SHIP + pos]
    for i in range(SHIP_SPOTS):
        if s[O_CARGO + pos * SHIP_SPOTS + i]:
            s[O_STOCK + t[T_SPOTS + SHIP_SPOTS * (ship) + i]] += 1
            s[O_CARGO + pos * SHIP_SPOTS + i] = 0
    s[O_PILE + s[G_PILE_N]] = ship
    s[G_PILE_N] += 1
    s[O_SHIP + pos] = -1
    s[G_SAILED] += 1
    log(tr, s, EV_SHIP_LEAVES, -1, pos, ship, 0, 0)


@njit
def draw_ship(s):
    """Top card of the pile, or -1."""
    if s[G_PILE_N] == 0:
        return -1
    card = s[O_PILE]
    for i in range(s[G_PILE_N] - 1):
        s[O_PILE + i] = s[O_PILE + i + 1]
    s[G_PILE_N] -= 1
    s[O_PILE + s[G_PILE_N]] = -1
    return card


@njit
def compact_and_refill(s):
    """Survivors keep their order and fill the lowest positions; the pile fills the rest
    lowest first (CUBA-R47 steps 4-5)."""
    dst = NPOS - 1
    for src in range(NPOS - 1, -1, -1):
        if s[O_SHIP + src] >= 0:
            if src != dst:
                move_ship(s, src, dst)
            dst -= 1
    for pos in range(NPOS - 1, -1, -1):
        if s[O_SHIP + pos] < 0:
            s[O_SHIP + pos] = draw_ship(s)


@njit
def ship_full(s, pos):
    for i in range(SHIP_SPOTS):
        if s[O_CARGO + pos * SHIP_SPOTS + i] == 0:
            return False
    return s[O_SHIP + pos] >= 0


@njit
def harbor_departure(s, t, tr, pos):
    """Harbor Act: a ship completed now leaves at once (CUBA-R35, CUBA-Q10)."""
    depart(s, t, tr, pos)
    if t[T_SW + SW_HARBOR_ACT_SHIFT] == 1:
        compact_and_refill(s)
    else:
        for q in range(pos - 1, -1, -1):
            move_ship(s, q, q + 1)
        s[O_SHIP + 0] = draw_ship(s)
    log(tr, s, EV_SHIPS_MOVE, -1, s[O_SHIP], s[O_SHIP + 1], s[O_SHIP + 2], s[O_SHIP + 3])


@njit
def load_ship(s, t, tr, p, dock, v, building):
    """Load packed pieces v onto the ship in dock (CUBA-R20, branch offices); dock VP each."""
    b = pbase(p)
    ship = s[O_SHIP + dock]
    total = 0
    for k in range(CI, CG + 1):
        n = vget(v, k)
        if n == 0:
            continue
        drop_held(s, b, k, n)
        for i in range(SHIP_SPOTS):
            spot = O_CARGO + dock * SHIP_SPOTS + i
            if n > 0 and t[T_SPOTS + SHIP_SPOTS * ship + i] == k and s[spot] == 0:
                s[spot] = 1
                n -= 1
        total += vget(v, k)
    s[b + P_SHIPPED] += total
    s[b + P_LOADS] += 1
    full = ship_full(s, dock)
    if full:
        s[b + P_FILLED] += 1
    log(tr, s, EV_LOAD, p, dock, v, building, 0)
    add_vp(s, tr, p, SRC_SHIP if building < 0 else SRC_BUILDING + building, dock * total)
    triggers = building < 0 or t[T_SW + SW_HARBOR_ACT_BRANCHES] == 0 or \
        t[T_BFEAT + building] == FT_LARGE_BRANCH
    if act_effect(s, t, OTHER) == EF_HARBOR_ACT and triggers and full:
        harbor_departure(s, t, tr, dock)


# ---------------------------------------------------------------- phase B: characters


@njit
def play_card(s, t, tr, p, c):
    """Play character c (CUBA-R12); track the 4th card for the start-player rule (CUBA-R24)."""
    b = pbase(p)
    s[b + P_HAND + c] = 0
    s[b + P_NPLAYED] += 1
    s[b + P_LAST_CARD] = c
    s[G_TURN] += 1
    s[G_CTX0] = c
    if s[b + P_NPLAYED] == t[T_MISC + M_CARDS_PLAYED] and t[T_VOTES + c] >= s[G_BEST4_VOTES]:
        s[G_BEST4_VOTES] = t[T_VOTES + c]
        s[G_BEST4_PLAYER] = p
    log(tr, s, EV_CARD, p, c, 0, 0, 0)
    if c == WORKER:
        s[G_DK] = DK_WORKER_POS
    elif c == TRADER:
        s[G_DK] = DK_TRADE_MODE
    elif c == ARCHITECT:
        s[G_DK] = DK_ARCHITECT
    elif c == FOREMAN:
        s[G_DK] = DK_FOREMAN_MODE
    else:
        s[G_DK] = DK_MAYOR


@njit
def worker_move(s, t, tr, p, pawn):
    """Move the pawn; every activated open resource field yields (CUBA-R14.1-4)."""
    b = pbase(p)
    s[b + P_PAWN] = pawn
    m = rowcol_mask(pawn)
    gained = 0
    has_product = False
    for f in range(NFIELDS):
        if (m >> f) & 1 == 0 or s[b + P_FIELD + f] >= 0:
            continue
        ft = field_type(s, t, b, f)
        if F_FO <= ft <= F_LA:
            k = ft - F_FO
            gained += gain_pieces(s, p, k, 1) << (3 * k)
        elif F_CI <= ft <= F_TO:
            has_product = True
    s[G_CTX1] = gained
    if has_product:
        s[G_DK] = DK_WORKER_FIELDS
    else:
        log(tr, s, EV_WORKER, p, pawn, gained, 0, 0)
        s[G_DK] = DK_NONE


@njit
def worker_fields(s, t, tr, p, mask):
    """Chosen product fields yield; water pays for those beyond the free ones (CUBA-R14.5)."""
    b = pbase(p)
    cnt = 0
    gained = s[G_CTX1]
    for f in range(NFIELDS):
        if (mask >> f) & 1:
            cnt += 1
            k = CI + field_type(s, t, b, f) - F_CI
            gained += gain_pieces(s, p, k, 1) << (3 * k)
    water = max(0, cnt - worker_free_fields(s, t))
    s[b + P_LOT + WA] -= water
    s[O_STOCK + WA] += water
    log(tr, s, EV_WORKER, p, s[b + P_PAWN], gained, water, 0)
    s[G_DK] = DK_NONE


@njit
def trader_alternative(s, t, tr, p, k):
    """A free resource, or a free lowest-priced product (CUBA-R16, CUBA-Q12)."""
    space = BM_TRADER_RES if k < CI else BM_TRADER_PROD
    if t[T_SW + SW_TRADER_ALT_SPACES] == 1:
        space = BM_TRADER_RES if s[O_MARKERS + BM_TRADER_RES] == 0 else BM_TRADER_PROD
    s[O_MARKERS + space] = 1
    gain_pieces(s, p, k, t[T_MISC + M_TRADER_ALT_PIECES])
    log(tr, s, EV_TRADER_ALT, p, k, 0, 0, 0)
    s[G_DK] = DK_NONE


@njit
def trade(s, t, tr, p, tag, k):
    """One market buy or sell (CUBA-R28..R30)."""
    b = pbase(p)
    r = k - CI
    if tag == OT_BUY:
        price = buy_price(s, t, r)
        from_stock = s[O_MARKET + r] == 0
        if from_stock:
            s[O_STOCK + k] -= 1
        else:
            s[O_MARKET + r] -= 1
        s[b + P_LOT + k] += 1
        pay_money(s, t, p, price)
        log(tr, s, EV_BUY, p, k, price, from_stock, 0)
    else:
        price = sell_price(s, t, r)
        to_stock = s[O_MARKET + r] >= t[T_MLEN + r]
        drop_held(s, b, k, 1)
        if to_stock:
            s[O_STOCK + k] += 1
        else:
            s[O_MARKET + r] += 1
        gain_money(s, t, p, price)
        log(tr, s, EV_SELL, p, k, price, to_stock, 0)


@njit
def build(s, t, tr, p, k, f):
    """Pay and place building k on field f (CUBA-R17)."""
    b = pbase(p)
    for i in range(3):
        s[b + P_LOT + i] -= t[T_BCOST + 3 * (k) + i]
        s[O_STOCK + i] += t[T_BCOST + 3 * (k) + i]
    fee = building_fee(s, t)
    pay_money(s, t, p, fee)
    s[b + P_FIELD + f] = k
    s[b + P_BUILT] += 1
    log(tr, s, EV_BUILD, p, k, f, fee, 0)
    s[G_DK] = DK_NONE


@njit
def architect_alternative(s, t, tr, p):
    """2 VP to the first, 1 VP to the second taker this round (CUBA-R18)."""
    i = s[G_ARCH_ALT_N]
    s[O_MARKERS + BM_ARCH_1 + i] = 1
    s[G_ARCH_ALT_N] += 1
    vp = t[T_MISC + M_ARCH_ALT_VP1 + i]
    log(tr, s, EV_ARCH_ALT, p, i + 1, vp, 0, 0)
    add_vp(s, tr, p, SRC_ARCH_ALT, vp)
    s[G_DK] = DK_NONE


@njit
def mayor_alternative(s, t, tr, p):
    """$4 to the first, $2 to the second taker this round (CUBA-R21)."""
    i = s[G_MAYOR_ALT_N]
    s[O_MARKERS + BM_MAYOR_1 + i] = 1
    s[G_MAYOR_ALT_N] += 1
    got = gain_money(s, t, p, t[T_MISC + M_MAYOR_ALT_MONEY1 + i])
    log(tr, s, EV_MAYOR_ALT, p, i + 1, got, 0, 0)
    s[G_DK] = DK_NONE


# ---------------------------------------------------------------- foreman and buildings


@njit
def foreman_continue(s, t, tr, p):
    """Use the remaining selected buildings; stop at the first one that needs a choice."""
    while s[G_CTX1] != 0:
        m = s[G_CTX1]
        if m & (m - 1):
            s[G_DK] = DK_FOREMAN_NEXT
            return
        f = 0
        while (m >> f) & 1 == 0:
            f += 1
        s[G_CTX1] = 0
        if start_use(s, t, tr, p, f):
            return
    s[G_DK] = DK_NONE


@njit
def start_use(s, t, tr, p, f):
    """Use the building on field f once this round (CUBA-R19); True if a choice is pending."""
    b = pbase(p)
    k = s[b + P_FIELD + f]
    s[b + P_USED + f] = 1
    ft = t[T_BFEAT + k]
    pb = T_BPARAM + 3 * k
    if ft == FT_GAIN_VP:
        log(tr, s, EV_USE, p, k, f, t[pb + 0], 0)
        add_vp(s, tr, p, SRC_BUILDING + k, t[pb + 0])
    elif ft == FT_GAIN_MONEY:
        log(tr, s, EV_USE, p, k, f, gain_money(s, t, p, t[pb + 0]), 0)
    elif ft == FT_TOWN_HALL:
        s[b + P_TOWN_HALL] = t[pb + 0]
        log(tr, s, EV_USE, p, k, f, t[pb + 0], 0)
    elif ft == FT_GAIN_PIECES:
        log(tr, s, EV_USE, p, k, f, gain_pieces(s, p, t[pb + 0], t[pb + 1]), 0)
    elif ft == FT_STORE:
        moved = 0
        for r in range(3):
            n = s[b + P_LOT + CI + r]
            s[b + P_STORED + r] += n
            s[b + P_LOT + CI + r] = 0
            moved |= n << (3 * (CI + r))
        log(tr, s, EV_USE, p, k, f, moved, 0)
    else:
        s[G_CTX2] = f
        s[G_DK] = DK_BUILDING_USE
        return True
    return False


@njit
def finish_use(s, t, tr, p, x):
    """Carry out the chosen use x of the building on field G_CTX2 (0 = nothing).

    The 'use' event follows the pieces and money moved, so its snapshot shows them; a load,
    veto or VP event it causes comes after it.
    """
    b = pbase(p)
    f = s[G_CTX2]
    k = s[b + P_FIELD + f]
    ft = t[T_BFEAT + k]
    pb = T_BPARAM + 3 * k
    if ft == FT_RETURN_VP or ft == FT_SELL:
        return_vector(s, b, x)
        if ft == FT_SELL:
            gain_money(s, t, p, vsum(x) * t[pb + 2])
    elif ft == FT_CONVERT:
        drop_held(s, b, t[pb + 0], x)
        s[O_STOCK + t[pb + 0]] += x
        gain_pieces(s, p, t[pb + 1], x)
    elif ft == FT_BLACK_MARKET and x > 0:
        a = (x - 1) // 8
        drop_held(s, b, a, 1)
        s[O_STOCK + a] += 1
        gain_pieces(s, p, (x - 1) % 8, 1)
    elif ft == FT_LIGHTHOUSE and x > 0:
        i = x - 1
        card = s[O_PILE + i]
        for j in range(i, s[G_PILE_N] - 1):
            s[O_PILE + j] = s[O_PILE + j + 1]
        s[O_PILE + s[G_PILE_N] - 1] = s[O_SHIP + 0]
        s[O_SHIP + 0] = card
    log(tr, s, EV_USE, p, k, f, x, s[O_SHIP + 0] if ft == FT_LIGHTHOUSE else 0)
    if ft == FT_RETURN_VP:
        add_vp(s, tr, p, SRC_BUILDING + k, vsum(x) * t[pb + 2])
    elif (ft == FT_SMALL_BRANCH or ft == FT_LARGE_BRANCH) and x > 0:
        load_ship(s, t, tr, p, x >> DOCK_SHIFT, x & VEC_MASK, k)
    elif ft == FT_CHURCH and x > 0:
        ty = x - 1
        s[G_VETO_OWNER] = p
        s[G_VETO_BAN_TYPE] = ty
        s[G_VETO_BAN_ROUND] = s[G_ROUND] + 1
        if t[T_SW + SW_CHURCH_VETO_TIMING] == 0:
            c = s[O_BILLS + ty]
            s[O_BILLS + ty] = -1
            log(tr, s, EV_VETO, p, c, 0, 0, 0)
        else:
            s[G_VETOED_TYPE] = ty
    foreman_continue(s, t, tr, p)


# ---------------------------------------------------------------- phase A / round start


@njit
def begin_round(s, t, tr):
    """Phase A (CUBA-R11) and the per-round resets; then phase B."""
    s[G_PHASE] = PH_BILLS
    log(tr, s, EV_ROUND, -1, s[G_ROUND], 0, 0, 0)
    for ty in range(4):
        ptr = s[O_STAT_PTR + ty]
        if ptr < PILE_CARDS:
            s[O_BILLS + ty] = s[O_STAT_PILE + ty * PILE_CARDS + ptr]
            s[O_STAT_PTR + ty] = ptr + 1
        else:
            s[O_BILLS + ty] = -1
    log(tr, s, EV_BILLS, -1, s[O_BILLS], s[O_BILLS + 1], s[O_BILLS + 2], s[O_BILLS + 3])
    for p in range(s[G_NP]):
        b = pbase(p)
        for c in range(NCHARS):
            s[b + P_HAND + c] = 1
        for f in range(NFIELDS):
            s[b + P_USED + f] = 0
        s[b + P_HIDDEN] = -1
        s[b + P_NPLAYED] = 0
        s[b + P_LAST_CARD] = -1
        s[b + P_PAID_TAX] = 0
        s[b + P_TOWN_HALL] = 0
        s[b + P_VOTES] = 0
        s[b + P_BID] = 0
    s[G_TURN] = 0
    s[G_ARCH_ALT_N] = 0
    s[G_MAYOR_ALT_N] = 0
    s[G_BEST4_VOTES] = -1
    s[G_BEST4_PLAYER] = s[G_START]
    s[G_VETO_OWNER] = -1
    s[G_VETOED_TYPE] = -1
    s[G_PARL_WINNER] = -1
    s[G_OLD_START] = s[G_START]
    s[G_STEP] = 0
    s[G_PHASE] = PH_ACTIONS
    log(tr, s, EV_PHASE, -1, PH_ACTIONS, 0, 0, 0)


# ---------------------------------------------------------------- phase C: parliament


@njit
def begin_parliament(s, t, tr):
    """Votes of the 5th card plus the Town Hall (CUBA-R37 at_parliament, CUBA-R38)."""
    s[G_PHASE] = PH_PARLIAMENT
    log(tr, s, EV_PHASE, -1, PH_PARLIAMENT, 0, 0, 0)
    if s[G_VETOED_TYPE] >= 0:
        c = s[O_BILLS + s[G_VETOED_TYPE]]
        s[O_BILLS + s[G_VETOED_TYPE]] = -1
        s[G_VETOED_TYPE] = -1
        log(tr, s, EV_VETO, s[G_VETO_OWNER], c, 0, 0, 0)
    for p in range(s[G_NP]):
        b = pbase(p)
        c = s[b + P_HIDDEN]
        if c < 0:
            for i in range(NCHARS):
                if s[b + P_HAND + i] == 1:
                    c = i
        s[b + P_LAST_CARD] = c  # the 5th card, for the fifth-card subsidy
        s[b + P_VOTES] = t[T_VOTES + c] + s[b + P_TOWN_HALL]
        log(tr, s, EV_VOTES, p, t[T_VOTES + c], s[b + P_TOWN_HALL], 0, 0)
    s[G_STEP] = 0
    s[G_BID_ROUND] = 0
    s[G_TIED] = (1 << s[G_NP]) - 1
    if act_effect(s, t, OTHER) == EF_CORRUPTION:
        s[G_BID_ROUND] = 2  # CUBA-R39: no bidding


@njit
def top_voters(s):
    """Bit mask of the players with the most votes."""
    best = -1
    mask = 0
    for p in range(s[G_NP]):
        v = s[pbase(p) + P_VOTES]
        if v > best:
            best = v
            mask = 1 << p
        elif v == best:
            mask |= 1 << p
    return mask


@njit
def reveal_bids(s, t, tr):
    """Every bid is paid, win or lose, and adds to the bidder's votes (CUBA-R39/R41)."""
    for i in range(s[G_NP]):
        p = order_player(s, i)
        if (s[G_TIED] >> p) & 1 == 0:
            continue
        b = pbase(p)
        bid = s[b + P_BID]
        pay_money(s, t, p, bid)
        s[b + P_VOTES] += bid
        s[b + P_BID] = 0
        log(tr, s, EV_BID, p, bid, s[b + P_VOTES], s[G_BID_ROUND], 0)


@njit
def parliament_step(s, t, tr):
    """Ask for the next bid, or settle the vote and ask the winner for the bills."""
    np_ = s[G_NP]
    while True:
        if s[G_BID_ROUND] < 2:
            while s[G_STEP] < np_:
                p = order_player(s, s[G_STEP])
                if (s[G_TIED] >> p) & 1:
                    s[G_CUR] = p
                    s[G_DK] = DK_BID
                    return
                s[G_STEP] += 1
            reveal_bids(s, t, tr)
        mask = top_voters(s)
        if mask & (mask - 1) and s[G_BID_ROUND] == 0:
            s[G_BID_ROUND] = 1
            s[G_TIED] = mask
            s[G_STEP] = 0
            continue
        break
    # among the tied, best votes first; then the positional rule (CUBA-R41, CUBA-Q14)
    best = -1
    for p in range(np_):
        if (mask >> p) & 1:
            best = max(best, s[pbase(p) + P_VOTES])
    tied = 0
    for p in range(np_):
        if (mask >> p) & 1 and s[pbase(p) + P_VOTES] == best:
            tied |= 1 << p
    anchor = s[G_START] if t[T_SW + SW_PARLIAMENT_TIE_ANCHOR] == 0 else s[G_OLD_START]
    winner = -1
    for i in range(np_):
        p = (anchor + i) % np_
        if (tied >> p) & 1:
            winner = p
            break
    s[G_PARL_WINNER] = winner
    s[pbase(winner) + P_PARL_WINS] += 1
    log(tr, s, EV_PARL_WIN, winner, best, 1 if tied & (tied - 1) else 0, 0, 0)
    present = 0
    for ty in range(4):
        if s[O_BILLS + ty] >= 0:
            present += 1
    s[G_STEP] = np_ + 1
    if present > 0:
        s[G_CUR] = winner
        s[G_DK] = DK_BILLS
    else:
        begin_statutes(s, t, tr)


@njit
def pass_bills(s, t, tr, p, i, j):
    """The winner passes bills i and j; the others leave the game (CUBA-R40/R42)."""
    for ty in range(4):
        c = s[O_BILLS + ty]
        if c < 0:
            continue
        if ty == i or ty == j:
            s[O_ACTS + ty] = c
            s[O_ACT_ROUND + ty] = s[G_ROUND]
            s[pbase(p) + P_BILLS] += 1
            s[pbase(p) + P_PASSED] |= 1 << c
            log(tr, s, EV_PASS_BILL, p, c, 0, 0, 0)
        else:
            log(tr, s, EV_REMOVE_BILL, -1, c, 0, 0, 0)
        s[O_BILLS + ty] = -1
    s[G_DK] = DK_NONE
    begin_statutes(s, t, tr)


# ---------------------------------------------------------------- phase D: statutes


@njit
def tax_cost(s, t, p):
    """Current tax for player p (CUBA-R43, CUBA-Q2), -1 when no tax act is in force."""
    c = s[O_ACTS + TAX]
    if c < 0:
        return -1
    ef = t[T_SEFF + c]
    if ef == EF_TAX_FLAT:
        return t[T_SPARAM + 2 * (c) + 0]
    if ef == EF_TAX_PER_BUILDING:
        n = n_buildings(s, pbase(p)) + t[T_SW + SW_WAREHOUSE_IN_TAX]
        return n * t[T_SPARAM + 2 * (c) + 0]
    return -1


@njit
def begin_statutes(s, t, tr):
    s[G_PHASE] = PH_STATUTES
    s[G_STEP] = 0
    log(tr, s, EV_PHASE, -1, PH_STATUTES, 0, 0, 0)


@njit
def statutes_step(s, t, tr):
    """Tax then duty per player in turn order, then subsidy and the other act (CUBA-R43..R46)."""
    np_ = s[G_NP]
    while s[G_STEP] < 2 * np_:
        i = s[G_STEP]
        p = order_player(s, i % np_)
        if i < np_:
            cost = tax_cost(s, t, p)
            if 0 <= cost <= s[pbase(p) + P_MONEY]:
                s[G_CUR] = p
                s[G_CTX0] = cost
                s[G_DK] = DK_TAX
                return
            if cost > 0:
                log(tr, s, EV_TAX, p, 0, cost, 0, 0)  # cannot afford it
        elif s[O_ACTS + DUTY] >= 0:
            s[G_CUR] = p
            s[G_DK] = DK_DUTY
            return
        s[G_STEP] += 1
    for p in range(np_):
        add_vp(s, tr, p, SRC_SUBSIDY, subsidy_vp(s, t, p))
    c = s[O_ACTS + OTHER]
    if c >= 0:
        ef = t[T_SEFF + c]
        fires = t[T_SW + SW_MARKET_ACT_TIMING] == 0 or s[O_ACT_ROUND + OTHER] == s[G_ROUND]
        if (ef == EF_MARKET_DEC or ef == EF_MARKET_INC) and fires:
            market_act(s, t, ef == EF_MARKET_INC, t[T_SPARAM + 2 * (c) + 0])
            log(tr, s, EV_MARKET_ACT, -1, c, 0, 0, 0)
    if s[G_ROUND] >= t[T_MISC + M_ROUNDS]:
        end_game(s, t, tr)
    else:
        end_round(s, t, tr)


@njit
def subsidy_vp(s, t, p):
    """VP from the subsidy in force (CUBA-R45, CUBA-Q3)."""
    c = s[O_ACTS + SUBSIDY]
    if c < 0:
        return 0
    b = pbase(p)
    ef = t[T_SEFF + c]
    a0 = t[T_SPARAM + 2 * (c) + 0]
    a1 = t[T_SPARAM + 2 * (c) + 1]
    if ef == EF_SUB_BUILDINGS:
        return a0 * (n_buildings(s, b) + t[T_SW + SW_WAREHOUSE_IN_SUBSIDY])
    if ef == EF_SUB_OPEN_RES or ef == EF_SUB_OPEN_PROD:
        lo = F_FO if ef == EF_SUB_OPEN_RES else F_CI
        hi = F_LA if ef == EF_SUB_OPEN_RES else F_TO
        n = 0
        for f in range(NFIELDS):
            ft = field_type(s, t, b, f)
            if lo <= ft <= hi and s[b + P_FIELD + f] < 0:
                n += 1
        return a0 * n
    if ef == EF_SUB_KIND_HELD:
        return min(have(s, b, a0), a1)
    if ef == EF_SUB_FIFTH_CARD:
        return a0 * t[T_VOTES + s[b + P_LAST_CARD]]
    if ef == EF_SUB_MONEY:
        return min(s[b + P_MONEY] // a0, a1)
    return 0


@njit
def market_act(s, t, increase, amount):
    """Market Act: remove from the right end or add at the left end of each product row."""
    for r in range(3):
        if increase:
            n = min(amount, t[T_MLEN + r] - s[O_MARKET + r], s[O_STOCK + CI + r])
            s[O_MARKET + r] += n
            s[O_STOCK + CI + r] -= n
        else:
            n = min(amount, s[O_MARKET + r])
            s[O_MARKET + r] -= n
            s[O_STOCK + CI + r] += n


# ---------------------------------------------------------------- phase E and the end


@njit
def end_round(s, t, tr):
    """CUBA-R47: spoil, departures, ships move down, docks refill, markers reset."""
    s[G_PHASE] = PH_END_ROUND
    log(tr, s, EV_PHASE, -1, PH_END_ROUND, 0, 0, 0)
    passive = t[T_SW + SW_BUILDING_WAREHOUSE_MODE] == 1
    for p in range(s[G_NP]):
        b = pbase(p)
        if passive and owns(s, b, WAREHOUSE_BUILDING):
            continue
        lost = 0
        for r in range(3):
            n = s[b + P_LOT + CI + r]
            s[O_STOCK + CI + r] += n
            s[b + P_LOT + CI + r] = 0
            lost |= n << (3 * (CI + r))
        if lost:
            log(tr, s, EV_SPOIL, p, lost, 0, 0, 0)
    for pos in range(1, NPOS):
        if ship_full(s, pos):
            depart(s, t, tr, pos)
    if s[G_ROUND] >= 2 and s[O_SHIP + 3] >= 0:
        depart(s, t, tr, 3)
    compact_and_refill(s)
    log(tr, s, EV_SHIPS_MOVE, -1, s[O_SHIP], s[O_SHIP + 1], s[O_SHIP + 2], s[O_SHIP + 3])
    for i in range(6):
        s[O_MARKERS + i] = 0
    s[G_ROUND] += 1
    begin_round(s, t, tr)


@njit
def owns(s, b, k):
    for f in range(1, NFIELDS):
        if s[b + P_FIELD + f] == k:
            return True
    return False


@njit
def end_game(s, t, tr):
    """CUBA-R48/R49: after round 6 phase D, 2 VP per own building."""
    for p in range(s[G_NP]):
        n = n_buildings(s, pbase(p)) + t[T_SW + SW_WAREHOUSE_IN_END_BONUS]
        log(tr, s, EV_END_BONUS, p, n, 0, 0, 0)
        add_vp(s, tr, p, SRC_END_BUILDINGS, n * t[T_MISC + M_END_BUILDING_VP])
    s[G_PHASE] = PH_OVER
    s[G_DK] = DK_NONE
    log(tr, s, EV_GAME_END, -1, 0, 0, 0, 0)


@njit
def standings(s, t, rank, share):
    """Ranks and win shares (CUBA-R50, CUBA-Q17): VP, then money, then shared or later seat."""
    np_ = s[G_NP]
    key = np.zeros(np_, np.int64)
    for p in range(np_):
        b = pbase(p)
        later = 0
        if t[T_SW + SW_FINAL_TIE] == 1:
            later = (p - s[G_START]) % np_
        key[p] = (s[b + P_VP] * 100000 + s[b + P_MONEY]) * 8 + later
    rank_by_keys(key, rank, share)


# ---------------------------------------------------------------- the state machine


@njit
def advance(s, t, tr):
    """Run automatic steps until a decision is pending or the game is over."""
    while s[G_DK] == DK_NONE and s[G_PHASE] != PH_OVER:
        ph = s[G_PHASE]
        np_ = s[G_NP]
        if ph == PH_SETUP:
            if s[G_STEP] < np_:
                s[G_CUR] = order_player(s, s[G_STEP])
                s[G_DK] = DK_SETUP_PIECES
            else:
                begin_round(s, t, tr)
        elif ph == PH_ACTIONS:
            if t[T_SW + SW_HIDDEN_PARLIAMENT_CARD] == 1 and s[G_STEP] < np_:
                s[G_CUR] = order_player(s, s[G_STEP])
                s[G_DK] = DK_HIDE_CARD
            elif s[G_TURN] < np_ * t[T_MISC + M_CARDS_PLAYED]:
                s[G_CUR] = order_player(s, s[G_TURN] % np_)
                s[G_DK] = DK_CHARACTER
            else:
                s[G_START] = s[G_BEST4_PLAYER]
                log(tr, s, EV_START_PLAYER, s[G_START], 0, 0, 0, 0)
                begin_parliament(s, t, tr)
        elif ph == PH_PARLIAMENT:
            parliament_step(s, t, tr)
        elif ph == PH_STATUTES:
            statutes_step(s, t, tr)


@njit
def apply(s, t, o, tr):
    """Carry out legal option o of the pending decision, then advance the game."""
    dk = s[G_DK]
    p = s[G_CUR]
    b = pbase(p)
    tag = tag_of(o)
    x = payload_of(o)
    s[G_DK] = DK_NONE
    if dk == DK_SETUP_PIECES:
        for k in range(NKINDS):
            gain_pieces(s, p, k, vget(x, k))
        log(tr, s, EV_SETUP, p, x, 0, 0, 0)
        s[G_STEP] += 1
    elif dk == DK_HIDE_CARD:
        s[b + P_HIDDEN] = x
        log(tr, s, EV_HIDE, p, -1, 0, 0, 0)
        s[G_STEP] += 1
    elif dk == DK_CHARACTER:
        play_card(s, t, tr, p, x)
    elif dk == DK_WORKER_POS:
        worker_move(s, t, tr, p, x)
    elif dk == DK_WORKER_FIELDS:
        worker_fields(s, t, tr, p, x)
    elif dk == DK_TRADE_MODE:
        if tag == OT_MARKET:
            s[G_DK] = DK_TRADE_STEP
        else:
            trader_alternative(s, t, tr, p, x)
    elif dk == DK_TRADE_STEP:
        if tag == OT_BUY or tag == OT_SELL:
            trade(s, t, tr, p, tag, x)
            s[G_DK] = DK_TRADE_STEP
    elif dk == DK_ARCHITECT:
        if tag == OT_BUILD:
            s[G_CTX1] = x
            s[G_DK] = DK_ARCH_FIELD
        elif tag == OT_ALT:
            architect_alternative(s, t, tr, p)
        else:
            log(tr, s, EV_NOTHING, p, ARCHITECT, 0, 0, 0)
    elif dk == DK_ARCH_FIELD:
        build(s, t, tr, p, s[G_CTX1], x)
    elif dk == DK_FOREMAN_MODE:
        if tag == OT_PASS:
            log(tr, s, EV_NOTHING, p, FOREMAN, 0, 0, 0)
        else:
            m = (1 << x) if tag == OT_ONE else rowcol_mask(s[b + P_PAWN])
            sel = 0
            for f in range(NFIELDS):
                if (m >> f) & 1 and usable_building(s, t, b, f) >= 0:
                    sel |= 1 << f
            s[G_CTX1] = sel
            foreman_continue(s, t, tr, p)
    elif dk == DK_FOREMAN_NEXT:
        s[G_CTX1] &= ~(1 << x)
        if not start_use(s, t, tr, p, x):
            foreman_continue(s, t, tr, p)
    elif dk == DK_BUILDING_USE:
        finish_use(s, t, tr, p, x)
    elif dk == DK_MAYOR:
        if tag == OT_LOAD:
            load_ship(s, t, tr, p, x >> DOCK_SHIFT, x & VEC_MASK, -1)
        elif tag == OT_ALT:
            mayor_alternative(s, t, tr, p)
        else:
            log(tr, s, EV_NOTHING, p, MAYOR, 0, 0, 0)
    elif dk == DK_BID:
        s[b + P_BID] = x
        s[G_STEP] += 1
    elif dk == DK_BILLS:
        pass_bills(s, t, tr, p, x // 4, x % 4)
    elif dk == DK_TAX:
        paid = tag == OT_PAY
        if paid:
            pay_money(s, t, p, s[G_CTX0])
            s[b + P_PAID_TAX] = 1
        log(tr, s, EV_TAX, p, 1 if paid else 0, s[G_CTX0], 0, 0)
        if paid:
            add_vp(s, tr, p, SRC_TAX, t[T_MISC + M_TAX_VP])
        s[G_STEP] += 1
    elif dk == DK_DUTY:
        paid = tag == OT_PAY
        if paid:
            return_vector(s, b, x)
        log(tr, s, EV_DUTY, p, 1 if paid else 0, x, 0, 0)
        if paid:
            add_vp(s, tr, p, SRC_DUTY, t[T_MISC + M_DUTY_VP])
            if s[b + P_PAID_TAX]:
                add_vp(s, tr, p, SRC_TAX_DUTY_BONUS, t[T_MISC + M_TAX_DUTY_BONUS])
        s[G_STEP] += 1
    advance(s, t, tr)


def trace_buffer(max_events: int = 4000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Cuba state snapshots."""
    return common_trace.trace_buffer(max_events, STATE_SIZE)
