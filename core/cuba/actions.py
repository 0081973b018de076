"""Legal decisions of Cuba and their integer encoding.

The decision model
------------------
The engine stops at a *decision point* whenever a player must choose; `state[G.DK]` names its
kind (DK in state.py) and `state[G.CUR]` the player. `legal(s, t, opts)` writes every legal
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
  with DONE, i.e. any plan of buys and sells in any order, except trades that take a kind back
  (`market_retrade`, CUBA-Q18): under `no_undo` a trade may not reverse the same kind's
  previous trade with the row (the piece would go back to the space it just left at the same
  price: the state before it, exactly), nor may a kind sold to the stock be bought from the
  stock in the same visit or the other way round; under `one_way` a kind bought in a visit may
  not be sold in it, nor the other way round. Either way a visit ends: under `no_undo` a kind
  takes at most 2 row lengths plus its supply of trades, under `one_way` at most its supply
  (`market_visit_bound`);
- architect (CUBA-R17/R18): a building kind that can be paid for, the alternative, or nothing;
  then the field;
- foreman (CUBA-R19): row+column, one building (by field), or nothing; for row+column the
  order of use; for each building with a choice, the use itself (amounts by kind, the ship and
  kind for branch offices, the bill to veto, the lighthouse card), 0 being "not used";
- mayor (CUBA-R20/R21): (dock, pieces by kind) with at least one piece, the alternative, or
  nothing;
- parliament: the bid (CUBA-R39, re-bid CUBA-R41), and the two bills (CUBA-R40); bids are
  asked in turn order but revealed together: a kernel must not read other players' pending
  bid slot (P.BID), the one piece of hidden information the state holds besides the ship pile
  order and the CUBA-V1 face-down card;
- statutes: pay the tax or not (CUBA-R43), which pieces to give as duty or not (CUBA-R44).

Option encoding: `tag << 26 | payload`. Piece vectors pack a count (0..7) per kind in 3 bits
(kind k at bit 3k); a ship choice adds the dock (1..3) at bit 24.
"""
import numpy as np

from core.common.layout import enum
from core.common.options import codec, either
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import M, SW, T
from core.cuba.state import DK, G, O, P
from core.jit import njit, stack_array

MAX_OPTIONS = 512

# option tags: what an option's payload means
OT = enum("OT", ("PASS", "CARD", "POSITION", "FIELDS", "MARKET", "ALTERNATIVE", "BUY", "SELL",
                 "DONE", "BUILD", "FIELD", "ROW_COLUMN", "ONE_BUILDING", "USE", "LOAD", "BID",
                 "BILLS", "PAY", "SETUP", "HIDE"))
TAG_SHIFT = 26
DOCK_SHIFT = 24
VEC_MASK = (1 << DOCK_SHIFT) - 1


enc, tag_of, payload_of = codec("cuba", TAG_SHIFT)


@njit(inline="always")
def vget(v, k):
    """Count of kind k in a packed piece vector."""
    return (v >> (3 * k)) & 7


@njit(_nrt=False)
def vsum(v):
    n = 0
    for k in range(C.NKINDS):
        n += vget(v, k)
    return n


@njit(_nrt=False)
def sel_range(sel):
    """Kinds [k0, k1) covered by a piece selector (a single kind or a group)."""
    if sel < C.NKINDS:
        return sel, sel + 1
    if sel == C.SEL_ANY_RESOURCE:
        return C.WD, C.WA + 1
    if sel == C.SEL_ANY_PRODUCT:
        return C.CI, C.TO + 1
    if sel == C.SEL_ANY_GOOD:
        return C.RU, C.CG + 1
    if sel == C.SEL_ANY_MERCH:
        return C.CI, C.CG + 1
    return C.WD, C.TO + 1  # SEL_RES_OR_PROD, further restricted by its caller


@njit(_nrt=False)
def enum_vectors(opts, n, tag, high, k0, k1, caps, lo, hi):
    """Append every packed piece vector over kinds [k0, k1) with v[k] <= caps[k] (caps packed
    the same way) and lo <= sum <= hi, as options (tag, high | vector), counting up with kind k0
    fastest. The sum is kept as the vector changes, and a kind is not raised once the sum has
    reached hi (every vector after it until the next carry would exceed hi)."""
    v = 0
    tot = 0
    while True:
        if lo <= tot <= hi and n < MAX_OPTIONS:
            opts[n] = enc(tag, high | v)
            n += 1
        k = k0
        while k < k1:
            if vget(v, k) < vget(caps, k) and tot < hi:
                v += 1 << (3 * k)
                tot += 1
                break
            tot -= vget(v, k)
            v &= ~(7 << (3 * k))
            k += 1
        if k == k1:
            return n


@njit(_nrt=False)
def holding_caps(s, b, k0, k1, limit):
    """Packed caps: pieces held of each kind in [k0, k1), at most limit (and 7)."""
    caps = 0
    for k in range(k0, k1):
        caps |= min(S.have(s, b, k), limit, 7) << (3 * k)
    return caps


ROW_MASK = (1 << C.NCOLS) - 1  # the fields of row 0
COL_MASK = sum(1 << (C.NCOLS * r) for r in range(C.NFIELDS // C.NCOLS))  # the fields of column 0


@njit(inline="always")
def rowcol_mask(pawn):
    """Bit mask of the 6 fields in the pawn's row and column."""
    return (ROW_MASK << (C.NCOLS * (pawn // C.NCOLS))) | (COL_MASK << (pawn % C.NCOLS))


@njit(inline="always")
def worker_free_fields(s, t):
    """Product fields the worker yields without water: 2, or the Drought Act's 1."""
    if S.act_effect(s, t, C.OTHER) == C.EF_DROUGHT:
        return t[T.STATUTE_PARAM + 2 * (s[O.ACTS + C.OTHER]) + 0]
    return t[T.MISC + M.WORKER_PRODUCT_FIELDS]


@njit(inline="always")
def building_fee(s, t):
    """Extra money the architect pays under the Building Act."""
    if S.act_effect(s, t, C.OTHER) == C.EF_BUILDING_ACT:
        return t[T.STATUTE_PARAM + 2 * (s[O.ACTS + C.OTHER]) + 0]
    return 0


@njit(inline="always")
def can_pay_cost(s, t, b, k, fee):
    c = T.BUILDING_COST + 3 * k
    return (s[b + P.LOT + C.WD] >= t[c] and s[b + P.LOT + C.ST] >= t[c + 1]
            and s[b + P.LOT + C.WA] >= t[c + 2] and s[b + P.MONEY] >= fee)


@njit(inline="always")
def usable_building(s, t, b, f):
    """Kind of the usable (built, unused this round) building on field f, or -1."""
    k = s[b + P.FIELD + f]
    if k < 0 or s[b + P.USED + f] == 1:
        return -1
    if k == C.WAREHOUSE_BUILDING and t[T.SWITCHES + SW.BUILDING_WAREHOUSE_MODE] == 1:
        return -1
    return k


@njit(inline="always")
def trader_alt_free(s, t, space):
    """Whether a tradeswoman alternative is open (CUBA-R16, CUBA-Q12)."""
    if t[T.SWITCHES + SW.TRADER_ALT_SPACES] == 1:
        return s[O.MARKERS + C.BM_TRADER_RES] == 0 or s[O.MARKERS + C.BM_TRADER_PROD] == 0
    return s[O.MARKERS + space] == 0


@njit(inline="always")
def lowest_price(s, t):
    """Lowest current product price (CUBA-R31); an empty row counts as its stock price."""
    lo = 1 << 20
    for r in range(3):
        lo = min(lo, S.buy_price(s, t, r))
    return lo


@njit(inline="always")
def free_vector(s, t, pos):
    """Free cargo spots of the ship at pos, packed by kind (3 bits per kind)."""
    ship = s[O.SHIP + pos]
    v = 0
    for i in range(C.SHIP_SPOTS):
        if s[O.CARGO + pos * C.SHIP_SPOTS + i] == 0:
            v += 1 << (3 * t[T.SHIP_SPOTS + C.SHIP_SPOTS * ship + i])
    return v


@njit(_nrt=False)
def ship_options(s, t, opts, n, tag, b, kinds_lo, kinds_hi, max_total, one_kind):
    """Loads onto each docked ship: vectors of held pieces fitting its free spots."""
    for dock in range(1, 4):
        if s[O.SHIP + dock] < 0:
            continue
        free = free_vector(s, t, dock)
        if one_kind:
            for k in range(kinds_lo, kinds_hi):
                m = min(vget(free, k), S.have(s, b, k), max_total)
                for c in range(1, m + 1):
                    if n < MAX_OPTIONS:
                        opts[n] = enc(tag, (dock << DOCK_SHIFT) | (c << (3 * k)))
                        n += 1
        else:
            caps = 0
            for k in range(kinds_lo, kinds_hi):
                caps |= min(vget(free, k), S.have(s, b, k), 7) << (3 * k)
            n = enum_vectors(opts, n, tag, dock << DOCK_SHIFT, kinds_lo, kinds_hi, caps, 1,
                             max_total)
    return n


@njit(inline="always")
def alternative_or_nothing(opts, n, taken):
    """After the n options in opts, the character's alternative (CUBA-R18/R21: while fewer than
    2 players took it this round), then 'nothing'; returns the new count."""
    if taken < 2:
        opts[n] = enc(OT.ALTERNATIVE, 0)
        n += 1
    opts[n] = enc(OT.PASS, 0)
    return n + 1


# --- one function per decision kind: <key>_options(s, t, opts) -> n ----------------------------


@njit(_nrt=False)
def setup_pieces_options(s, t, opts):
    """Starting pieces (CUBA-R9): every resource multiset with every product multiset."""
    caps = 0
    nr = t[T.MISC + M.START_RESOURCES]
    npr = t[T.MISC + M.START_PRODUCTS]
    for k in range(C.TO + 1):
        caps |= min(s[O.STOCK + k], nr if k < C.CI else npr, 7) << (3 * k)
    res = stack_array(MAX_OPTIONS, 0, np.int32)  # scratch without the runtime (core.jit)
    nres = enum_vectors(res, 0, 0, 0, C.WD, C.WA + 1, caps, nr, nr)
    prod = stack_array(MAX_OPTIONS, 0, np.int32)
    nprod = enum_vectors(prod, 0, 0, 0, C.CI, C.TO + 1, caps, npr, npr)
    n = 0
    for i in range(nres):
        for j in range(nprod):
            opts[n] = enc(OT.SETUP, res[i] | prod[j])
            n += 1
    return n


@njit(inline="always")
def hand_options(s, opts, tag):
    """One option (tag, card) per character card in hand but the face-down one."""
    b = S.pbase(s[G.CUR])
    n = 0
    for c in range(C.NCHARS):
        if s[b + P.HAND + c] == 1 and s[b + P.HIDDEN] != c:
            opts[n] = enc(tag, c)
            n += 1
    return n


@njit(inline="always")
def hide_card_options(s, t, opts):
    """CUBA-V1: each card in hand (none is face down yet)."""
    return hand_options(s, opts, OT.HIDE)


@njit(inline="always")
def character_options(s, t, opts):
    """CUBA-R12: each card in hand but the face-down one."""
    return hand_options(s, opts, OT.CARD)


@njit(inline="always")
def worker_position_options(s, t, opts):
    """CUBA-R14.1: every field."""
    for f in range(C.NFIELDS):
        opts[f] = enc(OT.POSITION, f)
    return C.NFIELDS


NFIELDS = C.NFIELDS  # plain globals: stack_array takes its size as a compile-time constant
ROWCOL_SUBSETS = 1 << (C.NROWS + C.NCOLS - 1)  # subsets of a row and column's fields
LANES = 0x888  # the guard bits of the three product kinds' 4-bit lanes


@njit(inline="always")  # one call site (legal)
def worker_fields_options(s, t, opts):
    """Subsets of activated open product fields the worker may take (CUBA-R14.5), in the order
    of their subset numbers. A subset's size, pieces and fields are its subset without the
    highest member's plus that member's; the stock is checked for the three product kinds at
    once (4-bit lanes of min(stock, 7) + 8: a lane keeps its guard bit 8 after subtracting
    the pieces needed exactly when the stock suffices)."""
    b = S.pbase(s[G.CUR])
    unit = stack_array(NFIELDS, 0, np.int64)  # a member's product kind: 1 in its lane
    bit = stack_array(NFIELDS, 0, np.int64)   # its field's bit
    nf = 0
    m = rowcol_mask(s[b + P.PAWN])
    for f in range(C.NFIELDS):
        if (m >> f) & 1 and s[b + P.FIELD + f] < 0:
            ft = S.field_type(s, t, b, f)
            if C.F_CI <= ft <= C.F_TO:
                unit[nf] = 1 << (4 * (ft - C.F_CI))
                bit[nf] = 1 << f
                nf += 1
    stock = 0
    for k in range(C.CI, C.TO + 1):
        stock |= (min(s[O.STOCK + k], 7) + 8) << (4 * (k - C.CI))
    allowed = worker_free_fields(s, t) + s[b + P.LOT + C.WA]
    size = stack_array(ROWCOL_SUBSETS, 0, np.int64)
    need = stack_array(ROWCOL_SUBSETS, 0, np.int64)
    mask = stack_array(ROWCOL_SUBSETS, 0, np.int64)
    size[0] = 0
    need[0] = 0
    mask[0] = 0
    opts[0] = enc(OT.FIELDS, 0)
    n = 1 if allowed >= 0 else 0
    for j in range(nf):  # subsets 2**j .. 2**(j+1) - 1: member j and a subset r of those before
        top = 1 << j
        for r in range(top):
            sub = top + r
            size[sub] = size[r] + 1
            need[sub] = need[r] + unit[j]
            mask[sub] = mask[r] | bit[j]
            opts[n] = enc(OT.FIELDS, mask[sub])  # written always, counted when legal
            n += (size[sub] <= allowed) & (((stock - need[sub]) & LANES) == LANES)
    return n


@njit(inline="always")
def trade_mode_options(s, t, opts):
    """CUBA-R15/R16: the market, a free resource, a free lowest-priced product."""
    opts[0] = enc(OT.MARKET, 0)
    n = 1
    if trader_alt_free(s, t, C.BM_TRADER_RES):
        for k in range(C.WD, C.WA + 1):
            if s[O.STOCK + k] > 0:
                opts[n] = enc(OT.ALTERNATIVE, k)
                n += 1
    if trader_alt_free(s, t, C.BM_TRADER_PROD):
        lo = lowest_price(s, t)
        for r in range(3):
            if S.buy_price(s, t, r) == lo and s[O.STOCK + C.CI + r] > 0:
                opts[n] = enc(OT.ALTERNATIVE, C.CI + r)
                n += 1
    return n


# This market visit's trades of one kind (G.MARKET_TRADES, TRADE_BITS bits a kind, CUBA-Q18).
# no_undo: ROW_SOLD / ROW_BOUGHT mark the kind's previous trade when it went through the row,
# STOCK_SOLD / STOCK_BOUGHT a trade with the stock this visit; one_way: a sale sets both *_SOLD
# bits, a buy both *_BOUGHT bits. A buy is blocked by ROW_SOLD (from the row) or STOCK_SOLD
# (from the stock), a sale by ROW_BOUGHT (to the row) or STOCK_BOUGHT (to the stock).
TRADE_BITS = 4
ROW_SOLD, ROW_BOUGHT, STOCK_SOLD, STOCK_BOUGHT = 1, 2, 4, 8


@njit(inline="always")
def retrade_blocked(s, t, r, sell):
    """Whether a sale (sell) or buy of market row r's kind would take back a trade of this
    market visit (CUBA-Q18)."""
    bits = (s[G.MARKET_TRADES] >> (TRADE_BITS * r)) & 15
    if sell:
        via_stock = s[O.MARKET + r] >= t[T.MARKET_LEN + r]
        return (bits & (STOCK_BOUGHT if via_stock else ROW_BOUGHT)) != 0
    via_stock = s[O.MARKET + r] == 0
    return (bits & (STOCK_SOLD if via_stock else ROW_SOLD)) != 0


@njit(inline="always")
def trade_step_options(s, t, opts):
    """CUBA-R27..R30: one buy or sell that takes back no trade of this visit (CUBA-Q18), then
    done (last)."""
    b = S.pbase(s[G.CUR])
    money = s[b + P.MONEY]
    n = 0
    for r in range(C.NMERCH):
        k = C.CI + r
        if (S.buy_price(s, t, r) <= money and (s[O.MARKET + r] > 0 or s[O.STOCK + k] > 0)
                and not retrade_blocked(s, t, r, False)):
            opts[n] = enc(OT.BUY, k)
            n += 1
        if S.have(s, b, k) > 0 and not retrade_blocked(s, t, r, True):
            opts[n] = enc(OT.SELL, k)
            n += 1
    opts[n] = enc(OT.DONE, 0)
    return n + 1


@njit
def market_visit_bound(t):
    """Most decisions one market visit can take (CUBA-Q18), DONE included. Under no_undo a
    kind's trades with the row change direction only through trades with the stock, at a full
    or an empty row, and the stock takes one direction per visit: at most a row's length of
    trades each way and its supply with the stock. Under one_way a kind moves one way, each
    trade one of its pieces."""
    n = 1
    for r in range(C.NMERCH):
        n += 2 * t[T.MARKET_LEN + r] + t[T.SUPPLY + C.CI + r]
    return n


@njit(inline="always")
def architect_options(s, t, opts):
    """CUBA-R17/R18: a building kind left and paid for (with a free field), the alternative,
    nothing (last)."""
    b = S.pbase(s[G.CUR])
    fee = building_fee(s, t)
    free_field = False
    for f in range(1, C.NFIELDS):
        if s[b + P.FIELD + f] < 0:
            free_field = True
    n = 0
    if free_field:
        built = S.tiles_built(s)
        for k in range(C.NBUILDINGS):
            left = t[T.BUILDING_COPIES + k] > (built >> (2 * k)) & 3
            if left and can_pay_cost(s, t, b, k, fee):
                opts[n] = enc(OT.BUILD, k)
                n += 1
    return alternative_or_nothing(opts, n, s[G.ARCH_ALT_N])


@njit(inline="always")
def architect_field_options(s, t, opts):
    """CUBA-R17: every free field."""
    b = S.pbase(s[G.CUR])
    n = 0
    for f in range(1, C.NFIELDS):
        if s[b + P.FIELD + f] < 0:
            opts[n] = enc(OT.FIELD, f)
            n += 1
    return n


@njit(inline="always")
def foreman_mode_options(s, t, opts):
    """CUBA-R19: each usable building alone, the pawn's row and column, nothing (last)."""
    b = S.pbase(s[G.CUR])
    m = rowcol_mask(s[b + P.PAWN])
    any_rc = False
    n = 0
    for f in range(C.NFIELDS):
        if usable_building(s, t, b, f) >= 0:
            if (m >> f) & 1:
                any_rc = True
            opts[n] = enc(OT.ONE_BUILDING, f)
            n += 1
    if any_rc:
        opts[n] = enc(OT.ROW_COLUMN, 0)
        n += 1
    opts[n] = enc(OT.PASS, 0)
    return n + 1


@njit(inline="always")
def foreman_next_options(s, t, opts):
    """CUBA-R19: each field of the row and column still to use."""
    m = s[G.FOREMAN_FIELDS]
    n = 0
    for f in range(C.NFIELDS):
        if (m >> f) & 1:
            opts[n] = enc(OT.FIELD, f)
            n += 1
    return n


@njit(_nrt=False)
def building_use_options(s, t, opts):
    """Ways to use the building on field G.USE_FIELD; payload 0 always means 'not used'."""
    b = S.pbase(s[G.CUR])
    k = s[b + P.FIELD + s[G.USE_FIELD]]
    ft = t[T.BUILDING_FEATURE + k]
    pb = T.BUILDING_PARAM + 3 * k
    n = 0
    if ft == C.FT_RETURN_VP or ft == C.FT_SELL:
        k0, k1 = sel_range(t[pb + 0])
        caps = holding_caps(s, b, k0, k1, t[pb + 1])
        n = enum_vectors(opts, 0, OT.USE, 0, k0, k1, caps, 0, t[pb + 1])
    elif ft == C.FT_CONVERT:
        m = min(S.have(s, b, t[pb + 0]), s[O.STOCK + t[pb + 1]])
        if t[pb + 2] >= 0:
            m = min(m, t[pb + 2])
        for a in range(m + 1):
            opts[n] = enc(OT.USE, a)
            n += 1
    elif ft == C.FT_BLACK_MARKET:
        opts[n] = enc(OT.USE, 0)
        n += 1
        for a in range(C.CI, C.CG + 1):
            if S.have(s, b, a) == 0:
                continue
            for c in range(C.CI, C.CG + 1):
                if (a < C.RU) != (c < C.RU) and s[O.STOCK + c] > 0:
                    opts[n] = enc(OT.USE, 1 + a * 8 + c)
                    n += 1
    elif ft == C.FT_SMALL_BRANCH or ft == C.FT_LARGE_BRANCH:
        opts[n] = enc(OT.USE, 0)
        n = ship_options(s, t, opts, 1, OT.USE, b, C.CI, C.CG + 1,
                         t[pb + 0] if ft == C.FT_SMALL_BRANCH else 5, True)
    elif ft == C.FT_CHURCH:
        opts[n] = enc(OT.USE, 0)
        n += 1
        for ty in range(4):
            banned = s[G.VETO_BAN_ROUND] == s[G.ROUND] and s[G.VETO_BAN_TYPE] == ty
            if s[O.BILLS + ty] >= 0 and not banned:
                opts[n] = enc(OT.USE, 1 + ty)
                n += 1
    elif ft == C.FT_LIGHTHOUSE:
        opts[n] = enc(OT.USE, 0)
        n += 1
        for i in range(s[G.PILE_N]):
            opts[n] = enc(OT.USE, 1 + i)
            n += 1
    else:
        opts[n] = enc(OT.USE, 0)
        n += 1
    return n


@njit(inline="always")
def mayor_options(s, t, opts):
    """CUBA-R20/R21: (dock, pieces by kind) loads, the alternative, nothing (last)."""
    n = ship_options(s, t, opts, 0, OT.LOAD, S.pbase(s[G.CUR]), C.CI, C.CG + 1, 5, False)
    return alternative_or_nothing(opts, n, s[G.MAYOR_ALT_N])


@njit(inline="always")
def bid_options(s, t, opts):
    """CUBA-R39/R41: $0 up to the money held, at most M.MAX_BID."""
    top = min(s[S.pbase(s[G.CUR]) + P.MONEY], t[T.MISC + M.MAX_BID])
    n = 0
    for a in range(top + 1):
        opts[n] = enc(OT.BID, a)
        n += 1
    return n


@njit(inline="always")
def bills_options(s, t, opts):
    """CUBA-R40: two of this round's bills (i * 4 + j by type), one if there is only one."""
    present = 0
    for ty in range(4):
        if s[O.BILLS + ty] >= 0:
            present += 1
    n = 0
    for i in range(4):
        for j in range(i, 4):
            if s[O.BILLS + i] >= 0 and s[O.BILLS + j] >= 0:
                if i != j or present < 2:
                    opts[n] = enc(OT.BILLS, i * 4 + j)
                    n += 1
    return n


@njit(inline="always")
def tax_options(s, t, opts):
    """CUBA-R43: pay, or not."""
    return either(opts, enc(OT.PAY, 0), enc(OT.PASS, 0))


@njit(_nrt=False)
def duty_options(s, t, opts):
    """Ways to pay the duty in force (CUBA-R44), then not paying."""
    b = S.pbase(s[G.CUR])
    c = s[O.ACTS + C.DUTY]
    n = 0
    if c >= 0 and t[T.STATUTE_EFFECT + c] == C.EF_DUTY:
        sel = t[T.STATUTE_PARAM + 2 * c + 0]
        cnt = t[T.STATUTE_PARAM + 2 * c + 1]
        if sel == C.SEL_RES_OR_PROD:
            caps = holding_caps(s, b, C.WD, C.WA + 1, cnt)
            n = enum_vectors(opts, n, OT.PAY, 0, C.WD, C.WA + 1, caps, cnt, cnt)
            caps = holding_caps(s, b, C.CI, C.TO + 1, cnt)
            n = enum_vectors(opts, n, OT.PAY, 0, C.CI, C.TO + 1, caps, cnt, cnt)
        else:
            k0, k1 = sel_range(sel)
            caps = holding_caps(s, b, k0, k1, cnt)
            n = enum_vectors(opts, n, OT.PAY, 0, k0, k1, caps, cnt, cnt)
    opts[n] = enc(OT.PASS, 0)
    return n + 1


@njit(_nrt=False)
def legal(s, t, opts):
    """Write the legal options of the pending decision into opts; return their number."""
    dk = s[G.DK]
    if dk == DK.SETUP_PIECES:
        return setup_pieces_options(s, t, opts)
    if dk == DK.HIDE_CARD:
        return hide_card_options(s, t, opts)
    if dk == DK.CHARACTER:
        return character_options(s, t, opts)
    if dk == DK.WORKER_POSITION:
        return worker_position_options(s, t, opts)
    if dk == DK.WORKER_FIELDS:
        return worker_fields_options(s, t, opts)
    if dk == DK.TRADE_MODE:
        return trade_mode_options(s, t, opts)
    if dk == DK.TRADE_STEP:
        return trade_step_options(s, t, opts)
    if dk == DK.ARCHITECT:
        return architect_options(s, t, opts)
    if dk == DK.ARCHITECT_FIELD:
        return architect_field_options(s, t, opts)
    if dk == DK.FOREMAN_MODE:
        return foreman_mode_options(s, t, opts)
    if dk == DK.FOREMAN_NEXT:
        return foreman_next_options(s, t, opts)
    if dk == DK.BUILDING_USE:
        return building_use_options(s, t, opts)
    if dk == DK.MAYOR:
        return mayor_options(s, t, opts)
    if dk == DK.BID:
        return bid_options(s, t, opts)
    if dk == DK.BILLS:
        return bills_options(s, t, opts)
    if dk == DK.TAX:
        return tax_options(s, t, opts)
    if dk == DK.DUTY:
        return duty_options(s, t, opts)
    return 0
