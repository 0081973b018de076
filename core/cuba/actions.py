"""Legal decisions of Cuba and their integer encoding.

The decision model
------------------
The engine stops at a *decision point* whenever a player must choose; `state[G_DK]` names its
kind (DK_* in state.py) and `state[G_CUR]` the player. `legal(s, t, opts)` writes every legal
option into `opts` and returns their number; a strategy returns an index into that list and
`rules.apply(s, t, opts[i], tr)` carries it out and runs the game on to the next decision.

Compound choices are split into short chains of decision points, each option of which is a
complete, legal partial choice; the chain is chosen by the same player without anything
happening in between, so every compound decision of the rules is reachable and nothing illegal
is:

- starting pieces (CUBA-R9): one option per (2 resources, 2 products) multiset;
- hidden parliament card (CUBA-V1): one option per card;
- character (CUBA-R12): one option per card in hand;
- worker (CUBA-R14): pawn position (12 options; resources are gained at once), then the set of
  activated product fields that yield (every subset the free fields plus held water allow;
  the water spent is implied by its size);
- tradeswoman (CUBA-R15/R16): market, or an alternative (one option per resource kind, one per
  lowest-priced product with stock); in the market a chain of single buys and sells ending
  with DONE, i.e. any plan of buys and sells in any order;
- architect (CUBA-R17/R18): a building kind that can be paid for, the alternative, or nothing;
  then the field;
- foreman (CUBA-R19): row+column, one building (by field), or nothing; for row+column the
  order of use; for each building with a choice, the use itself (amounts by kind, the ship and
  kind for branch offices, the bill to veto, the lighthouse card), 0 being "not used";
- mayor (CUBA-R20/R21): (dock, pieces by kind) with at least one piece, the alternative, or
  nothing;
- parliament: the bid (CUBA-R39, re-bid CUBA-R41), and the two bills (CUBA-R40); bids are
  asked in turn order but revealed together: a kernel must not read other players' pending
  bid slot (P_BID), the one piece of hidden information the state holds besides the ship pile
  order and the CUBA-V1 face-down card;
- statutes: pay the tax or not (CUBA-R43), which pieces to give as duty or not (CUBA-R44).

Option encoding: `tag << 26 | payload`. Piece vectors pack a count (0..7) per kind in 3 bits
(kind k at bit 3k); a ship choice adds the dock (1..3) at bit 24.
"""
import numpy as np

from core.cuba.codes import (
    ARCHITECT, CI, CG, EF_BUILDING_ACT, EF_DROUGHT, EF_DUTY, FIRST_PRODUCT, F_CI, F_TO, FOREMAN,
    FT_BLACK_MARKET, FT_CHURCH, FT_CONVERT, FT_LARGE_BRANCH, FT_LIGHTHOUSE, FT_RETURN_VP, FT_SELL,
    FT_SMALL_BRANCH, MAYOR, M_ARCH_ALT_VP1, M_MAX_BID, M_START_PRODUCTS, M_START_RESOURCES,
    M_WORKER_PRODUCT_FIELDS, NBUILDINGS, NCHARS, NCOLS, NFIELDS, NKINDS, NMERCH, NSTATUTES, OTHER,
    RU, SEL_ANY_GOOD, SEL_ANY_MERCH, SEL_ANY_PRODUCT, SEL_ANY_RESOURCE, SEL_RES_OR_PROD, ST,
    SW_BUILDING_WAREHOUSE_MODE, SW_TRADER_ALT_SPACES, TRADER, WA, WAREHOUSE_BUILDING, WD, WORKER,
    DUTY, BM_TRADER_RES, BM_TRADER_PROD, FT_STORE, TO, SHIP_SPOTS, T_SPOTS, T_BCOPIES, T_BCOST,
    T_BFEAT, T_BPARAM, T_MISC, T_SEFF, T_SPARAM, T_SW,
)
from core.cuba.state import (
    DK_ARCH_FIELD, DK_ARCHITECT, DK_BID, DK_BILLS, DK_BUILDING_USE, DK_CHARACTER, DK_DUTY,
    DK_FOREMAN_MODE, DK_FOREMAN_NEXT, DK_HIDE_CARD, DK_MAYOR, DK_SETUP_PIECES, DK_TAX,
    DK_TRADE_MODE, DK_TRADE_STEP, DK_WORKER_FIELDS, DK_WORKER_POS, G_ARCH_ALT_N, G_CTX0, G_CTX1,
    G_CTX2, G_CUR, G_DK, G_MAYOR_ALT_N, G_PILE_N, G_ROUND, G_VETO_BAN_ROUND, G_VETO_BAN_TYPE,
    O_ACTS, O_BILLS, O_CARGO, O_SHIP, O_MARKERS, O_MARKET, O_STOCK, P_FIELD, P_HAND, P_HIDDEN,
    P_LOT, P_MONEY, P_PAWN, P_USED, act_effect, buy_price, tiles_built, field_type, free_spots,
    have, pbase,
)
from core.jit import njit

MAX_OPTIONS = 512

OT_PASS, OT_CARD, OT_POS, OT_FIELDS, OT_MARKET, OT_ALT, OT_BUY, OT_SELL, OT_DONE = range(9)
OT_BUILD, OT_FIELD, OT_ROWCOL, OT_ONE, OT_USE, OT_LOAD, OT_BID, OT_BILLS, OT_PAY = range(9, 18)
OT_SETUP, OT_HIDE = 18, 19
OPTION_TAGS = ("pass", "card", "position", "fields", "market", "alternative", "buy", "sell",
               "done", "build", "field", "row_column", "one_building", "use", "load", "bid",
               "bills", "pay", "setup", "hide")
TAG_SHIFT = 26
PAYLOAD_MASK = (1 << TAG_SHIFT) - 1
DOCK_SHIFT = 24
VEC_MASK = (1 << DOCK_SHIFT) - 1


@njit(inline="always")
def enc(tag, payload):
    """Option code for (tag, payload)."""
    return np.int32((tag << TAG_SHIFT) | payload)


@njit(inline="always")
def tag_of(o):
    return o >> TAG_SHIFT


@njit(inline="always")
def payload_of(o):
    return o & PAYLOAD_MASK


@njit(inline="always")
def vget(v, k):
    """Count of kind k in a packed piece vector."""
    return (v >> (3 * k)) & 7


@njit
def vsum(v):
    n = 0
    for k in range(NKINDS):
        n += vget(v, k)
    return n


@njit
def sel_range(sel):
    """Kinds [k0, k1) covered by a piece selector (a single kind or a group)."""
    if sel < NKINDS:
        return sel, sel + 1
    if sel == SEL_ANY_RESOURCE:
        return WD, WA + 1
    if sel == SEL_ANY_PRODUCT:
        return CI, TO + 1
    if sel == SEL_ANY_GOOD:
        return RU, CG + 1
    if sel == SEL_ANY_MERCH:
        return CI, CG + 1
    return WD, TO + 1  # SEL_RES_OR_PROD, further restricted by its caller


@njit
def enum_vectors(opts, n, tag, high, k0, k1, caps, lo, hi):
    """Append every packed piece vector over kinds [k0, k1) with v[k] <= caps[k] (caps packed
    the same way) and lo <= sum <= hi, as options (tag, high | vector)."""
    v = 0
    while True:
        tot = 0
        for k in range(k0, k1):
            tot += vget(v, k)
        if lo <= tot <= hi and n < MAX_OPTIONS:
            opts[n] = enc(tag, high | v)
            n += 1
        k = k0
        while k < k1:
            if vget(v, k) < vget(caps, k):
                v += 1 << (3 * k)
                break
            v &= ~(7 << (3 * k))
            k += 1
        if k == k1:
            return n


@njit
def holding_caps(s, b, k0, k1, limit):
    """Packed caps: pieces held of each kind in [k0, k1), at most limit (and 7)."""
    caps = 0
    for k in range(k0, k1):
        caps |= min(have(s, b, k), limit, 7) << (3 * k)
    return caps


ROW_MASK = (1 << NCOLS) - 1  # the fields of row 0
COL_MASK = sum(1 << (NCOLS * r) for r in range(NFIELDS // NCOLS))  # the fields of column 0


@njit(inline="always")
def rowcol_mask(pawn):
    """Bit mask of the 6 fields in the pawn's row and column."""
    return (ROW_MASK << (NCOLS * (pawn // NCOLS))) | (COL_MASK << (pawn % NCOLS))


@njit(inline="always")
def worker_free_fields(s, t):
    """Product fields the worker yields without water: 2, or the Drought Act's 1."""
    if act_effect(s, t, OTHER) == EF_DROUGHT:
        return t[T_SPARAM + 2 * (s[O_ACTS + OTHER]) + 0]
    return t[T_MISC + M_WORKER_PRODUCT_FIELDS]


@njit(inline="always")
def building_fee(s, t):
    """Extra money the architect pays under the Building Act."""
    if act_effect(s, t, OTHER) == EF_BUILDING_ACT:
        return t[T_SPARAM + 2 * (s[O_ACTS + OTHER]) + 0]
    return 0


@njit(inline="always")
def can_pay_cost(s, t, b, k, fee):
    c = T_BCOST + 3 * k
    return (s[b + P_LOT + WD] >= t[c] and s[b + P_LOT + ST] >= t[c + 1]
            and s[b + P_LOT + WA] >= t[c + 2] and s[b + P_MONEY] >= fee)


@njit(inline="always")
def usable_building(s, t, b, f):
    """Kind of the usable (built, unused this round) building on field f, or -1."""
    k = s[b + P_FIELD + f]
    if k < 0 or s[b + P_USED + f] == 1:
        return -1
    if k == WAREHOUSE_BUILDING and t[T_SW + SW_BUILDING_WAREHOUSE_MODE] == 1:
        return -1
    return k


@njit(inline="always")
def trader_alt_free(s, t, space):
    """Whether a tradeswoman alternative is open (CUBA-R16, CUBA-Q12)."""
    if t[T_SW + SW_TRADER_ALT_SPACES] == 1:
        return s[O_MARKERS + BM_TRADER_RES] == 0 or s[O_MARKERS + BM_TRADER_PROD] == 0
    return s[O_MARKERS + space] == 0


@njit(inline="always")
def lowest_price(s, t):
    """Lowest current product price (CUBA-R31); an empty row counts as its stock price."""
    lo = 1 << 20
    for r in range(3):
        lo = min(lo, buy_price(s, t, r))
    return lo


@njit(inline="always")
def free_vector(s, t, pos):
    """Free cargo spots of the ship at pos, packed by kind (3 bits per kind)."""
    ship = s[O_SHIP + pos]
    v = 0
    for i in range(SHIP_SPOTS):
        if s[O_CARGO + pos * SHIP_SPOTS + i] == 0:
            v += 1 << (3 * t[T_SPOTS + SHIP_SPOTS * ship + i])
    return v


@njit
def ship_options(s, t, opts, n, tag, b, kinds_lo, kinds_hi, max_total, one_kind):
    """Loads onto each docked ship: vectors of held pieces fitting its free spots."""
    for dock in range(1, 4):
        if s[O_SHIP + dock] < 0:
            continue
        free = free_vector(s, t, dock)
        if one_kind:
            for k in range(kinds_lo, kinds_hi):
                m = min(vget(free, k), have(s, b, k), max_total)
                for c in range(1, m + 1):
                    if n < MAX_OPTIONS:
                        opts[n] = enc(tag, (dock << DOCK_SHIFT) | (c << (3 * k)))
                        n += 1
        else:
            caps = 0
            for k in range(kinds_lo, kinds_hi):
                caps |= min(vget(free, k), have(s, b, k), 7) << (3 * k)
            n = enum_vectors(opts, n, tag, dock << DOCK_SHIFT, kinds_lo, kinds_hi, caps, 1,
                             max_total)
    return n


@njit
def setup_options(s, t, opts):
    """Starting pieces (CUBA-R9): every resource multiset with every product multiset."""
    caps = 0
    nr = t[T_MISC + M_START_RESOURCES]
    npr = t[T_MISC + M_START_PRODUCTS]
    for k in range(TO + 1):
        caps |= min(s[O_STOCK + k], nr if k < CI else npr, 7) << (3 * k)
    res = np.zeros(MAX_OPTIONS, np.int32)
    nres = enum_vectors(res, 0, 0, 0, WD, WA + 1, caps, nr, nr)
    prod = np.zeros(MAX_OPTIONS, np.int32)
    nprod = enum_vectors(prod, 0, 0, 0, CI, TO + 1, caps, npr, npr)
    n = 0
    for i in range(nres):
        for j in range(nprod):
            opts[n] = enc(OT_SETUP, res[i] | prod[j])
            n += 1
    return n


@njit
def legal(s, t, opts):
    """Write the legal options of the pending decision into opts; return their number."""
    dk = s[G_DK]
    p = s[G_CUR]
    b = pbase(p)
    n = 0
    if dk == DK_SETUP_PIECES:
        n = setup_options(s, t, opts)
    elif dk == DK_HIDE_CARD:
        for c in range(NCHARS):
            if s[b + P_HAND + c] == 1:
                opts[n] = enc(OT_HIDE, c)
                n += 1
    elif dk == DK_CHARACTER:
        for c in range(NCHARS):
            if s[b + P_HAND + c] == 1 and s[b + P_HIDDEN] != c:
                opts[n] = enc(OT_CARD, c)
                n += 1
    elif dk == DK_WORKER_POS:
        for f in range(NFIELDS):
            opts[n] = enc(OT_POS, f)
            n += 1
    elif dk == DK_WORKER_FIELDS:
        n = worker_field_options(s, t, b, opts)
    elif dk == DK_TRADE_MODE:
        opts[n] = enc(OT_MARKET, 0)
        n += 1
        if trader_alt_free(s, t, BM_TRADER_RES):
            for k in range(WD, WA + 1):
                if s[O_STOCK + k] > 0:
                    opts[n] = enc(OT_ALT, k)
                    n += 1
        if trader_alt_free(s, t, BM_TRADER_PROD):
            lo = lowest_price(s, t)
            for r in range(3):
                if buy_price(s, t, r) == lo and s[O_STOCK + CI + r] > 0:
                    opts[n] = enc(OT_ALT, CI + r)
                    n += 1
    elif dk == DK_TRADE_STEP:
        money = s[b + P_MONEY]
        for r in range(NMERCH):
            k = CI + r
            if buy_price(s, t, r) <= money and (s[O_MARKET + r] > 0 or s[O_STOCK + k] > 0):
                opts[n] = enc(OT_BUY, k)
                n += 1
            if have(s, b, k) > 0:
                opts[n] = enc(OT_SELL, k)
                n += 1
        opts[n] = enc(OT_DONE, 0)
        n += 1
    elif dk == DK_ARCHITECT:
        fee = building_fee(s, t)
        free_field = False
        for f in range(1, NFIELDS):
            if s[b + P_FIELD + f] < 0:
                free_field = True
        if free_field:
            built = tiles_built(s)
            for k in range(NBUILDINGS):
                if t[T_BCOPIES + k] > (built >> (2 * k)) & 3 and can_pay_cost(s, t, b, k, fee):
                    opts[n] = enc(OT_BUILD, k)
                    n += 1
        if s[G_ARCH_ALT_N] < 2:
            opts[n] = enc(OT_ALT, 0)
            n += 1
        opts[n] = enc(OT_PASS, 0)
        n += 1
    elif dk == DK_ARCH_FIELD:
        for f in range(1, NFIELDS):
            if s[b + P_FIELD + f] < 0:
                opts[n] = enc(OT_FIELD, f)
                n += 1
    elif dk == DK_FOREMAN_MODE:
        m = rowcol_mask(s[b + P_PAWN])
        any_rc = False
        for f in range(NFIELDS):
            if usable_building(s, t, b, f) >= 0:
                if (m >> f) & 1:
                    any_rc = True
                opts[n] = enc(OT_ONE, f)
                n += 1
        if any_rc:
            opts[n] = enc(OT_ROWCOL, 0)
            n += 1
        opts[n] = enc(OT_PASS, 0)
        n += 1
    elif dk == DK_FOREMAN_NEXT:
        m = s[G_CTX1]
        for f in range(NFIELDS):
            if (m >> f) & 1:
                opts[n] = enc(OT_FIELD, f)
                n += 1
    elif dk == DK_BUILDING_USE:
        n = building_use_options(s, t, b, s[G_CTX2], opts)
    elif dk == DK_MAYOR:
        n = ship_options(s, t, opts, 0, OT_LOAD, b, CI, CG + 1, 5, False)
        if s[G_MAYOR_ALT_N] < 2:
            opts[n] = enc(OT_ALT, 0)
            n += 1
        opts[n] = enc(OT_PASS, 0)
        n += 1
    elif dk == DK_BID:
        top = min(s[b + P_MONEY], t[T_MISC + M_MAX_BID])
        for a in range(top + 1):
            opts[n] = enc(OT_BID, a)
            n += 1
    elif dk == DK_BILLS:
        present = 0
        for ty in range(4):
            if s[O_BILLS + ty] >= 0:
                present += 1
        for i in range(4):
            for j in range(i, 4):
                if s[O_BILLS + i] >= 0 and s[O_BILLS + j] >= 0:
                    if i != j or present < 2:
                        opts[n] = enc(OT_BILLS, i * 4 + j)
                        n += 1
    elif dk == DK_TAX:
        opts[n] = enc(OT_PAY, 0)
        opts[n + 1] = enc(OT_PASS, 0)
        n += 2
    elif dk == DK_DUTY:
        n = duty_options(s, t, b, opts)
    return n


@njit
def worker_field_options(s, t, b, opts):
    """Subsets of activated open product fields the worker may take (CUBA-R14.5)."""
    fields = 0  # up to 6 field numbers, 4 bits each
    kinds = 0   # their product kinds, 3 bits each
    nf = 0
    m = rowcol_mask(s[b + P_PAWN])
    for f in range(NFIELDS):
        if (m >> f) & 1 and s[b + P_FIELD + f] < 0:
            ft = field_type(s, t, b, f)
            if F_CI <= ft <= F_TO:
                fields |= f << (4 * nf)
                kinds |= (CI + ft - F_CI) << (3 * nf)
                nf += 1
    allowed = worker_free_fields(s, t) + s[b + P_LOT + WA]
    n = 0
    for sub in range(1 << nf):
        cnt = 0
        need = 0  # packed pieces needed by kind
        mask = 0
        for i in range(nf):
            if (sub >> i) & 1:
                cnt += 1
                need += 1 << (3 * ((kinds >> (3 * i)) & 7))
                mask |= 1 << ((fields >> (4 * i)) & 15)
        if cnt > allowed:
            continue
        ok = True
        for k in range(CI, TO + 1):
            if vget(need, k) > s[O_STOCK + k]:
                ok = False
        if ok:
            opts[n] = enc(OT_FIELDS, mask)
            n += 1
    return n


@njit
def building_use_options(s, t, b, f, opts):
    """Ways to use the building on field f; payload 0 always means 'not used'."""
    k = s[b + P_FIELD + f]
    ft = t[T_BFEAT + k]
    pb = T_BPARAM + 3 * k
    n = 0
    if ft == FT_RETURN_VP or ft == FT_SELL:
        k0, k1 = sel_range(t[pb + 0])
        caps = holding_caps(s, b, k0, k1, t[pb + 1])
        n = enum_vectors(opts, 0, OT_USE, 0, k0, k1, caps, 0, t[pb + 1])
    elif ft == FT_CONVERT:
        m = min(have(s, b, t[pb + 0]), s[O_STOCK + t[pb + 1]])
        if t[pb + 2] >= 0:
            m = min(m, t[pb + 2])
        for a in range(m + 1):
            opts[n] = enc(OT_USE, a)
            n += 1
    elif ft == FT_BLACK_MARKET:
        opts[n] = enc(OT_USE, 0)
        n += 1
        for a in range(CI, CG + 1):
            if have(s, b, a) == 0:
                continue
            for c in range(CI, CG + 1):
                if (a < RU) != (c < RU) and s[O_STOCK + c] > 0:
                    opts[n] = enc(OT_USE, 1 + a * 8 + c)
                    n += 1
    elif ft == FT_SMALL_BRANCH or ft == FT_LARGE_BRANCH:
        opts[n] = enc(OT_USE, 0)
        n = ship_options(s, t, opts, 1, OT_USE, b, CI, CG + 1,
                         t[pb + 0] if ft == FT_SMALL_BRANCH else 5, True)
    elif ft == FT_CHURCH:
        opts[n] = enc(OT_USE, 0)
        n += 1
        for ty in range(4):
            banned = s[G_VETO_BAN_ROUND] == s[G_ROUND] and s[G_VETO_BAN_TYPE] == ty
            if s[O_BILLS + ty] >= 0 and not banned:
                opts[n] = enc(OT_USE, 1 + ty)
                n += 1
    elif ft == FT_LIGHTHOUSE:
        opts[n] = enc(OT_USE, 0)
        n += 1
        for i in range(s[G_PILE_N]):
            opts[n] = enc(OT_USE, 1 + i)
            n += 1
    else:
        opts[n] = enc(OT_USE, 0)
        n += 1
    return n


@njit
def duty_options(s, t, b, opts):
    """Ways to pay the duty in force (CUBA-R44), then not paying."""
    c = s[O_ACTS + DUTY]
    n = 0
    if c >= 0 and t[T_SEFF + c] == EF_DUTY:
        sel = t[T_SPARAM + 2 * (c) + 0]
        cnt = t[T_SPARAM + 2 * (c) + 1]
        if sel == SEL_RES_OR_PROD:
            caps = holding_caps(s, b, WD, WA + 1, cnt)
            n = enum_vectors(opts, n, OT_PAY, 0, WD, WA + 1, caps, cnt, cnt)
            caps = holding_caps(s, b, CI, TO + 1, cnt)
            n = enum_vectors(opts, n, OT_PAY, 0, CI, TO + 1, caps, cnt, cnt)
        else:
            k0, k1 = sel_range(sel)
            caps = holding_caps(s, b, k0, k1, cnt)
            n = enum_vectors(opts, n, OT_PAY, 0, k0, k1, caps, cnt, cnt)
    opts[n] = enc(OT_PASS, 0)
    return n + 1

