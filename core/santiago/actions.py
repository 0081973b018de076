"""Legal decisions of Santiago de Cuba and their integer encoding.

The decision model
------------------
The engine stops at a *decision point* whenever a player must choose; `state[G.DK]` names its
kind (DK in state.py) and `state[G.CUR]` the player. `legal(s, t, opts)` writes every legal
option into `opts` (through the kind's `<key>_options`, DK.keys) and returns their number
(always at least 1 while the game runs); a strategy returns an index into that list and
`rules.apply(s, t, opts[i], tr)` carries it out and runs the game on to the next decision. A
decision with one option is taken without asking the strategy.

A turn of the active player (G.ACTIVE) is a chain of decision points:

- drive (SDC-R7): one option per distance 1..misc.max_drive the player can pay for
  (misc.free_stops free, then misc.stop_cost pesos per stop). Passing the harbour moves the
  goods-value marker and may send the ship (SDC-R8); the new ship is placed before the turn
  goes on. Under `pass_harbour_advances = false` the car may not pass the harbour: a drive
  ends there at the latest (SDC-Q1);
- at a Cuban (SDC-R9): Pablo asks for the kind (those of switch pablo_kinds the bank holds);
  El Zorro asks each other player in turn, clockwise from the active player's left, what they
  give (1 peso, 1 VP or 1 raw good: sugar, tobacco, citrus; the giver decides, or the receiver under
  `zorro_chooser = receiver`; nothing to give: no question); Alonso offers a property marker
  on each building without one (or, under `alonso_claim_owned`, also on other players'
  buildings), the use of each own building, or nothing. A closed Cuban gives nothing;
- phase 2 (SDC-R10): move the pawn to a free building at a flower of the Cuban's colour, stay
  (not offered under `building_move = mandatory` when a move is possible), or after El Zorro
  under `zorro_reuse_building` use the building the pawn stands on again; then
- use (§8.2): "no use", or one option per way to use the building (amounts, kinds, dice,
  stops). The swap effect asks again for each further swap ("no use" then ends it);
- at the harbour (SDC-R12..R16): the delivery round asks each player in turn for one delivery
  step (a dice good: 1..die pieces; wood: any number) or a pass (after wood under
  `wood_is_a_kind = false`, "pass" ends the step without leaving the round).

Ship placement (SDC-R5, SDC-R17): after every roll the roller chooses which of the 5 dice stays
off the ship (one option per die). Under `zero_demand_reroll` (SDC-Q12) the ship must show
demand: the only die above 0 may not stay off, and a roll of five 0s is rolled again at once.

The harbour office moves the goods-value marker left at most misc.value_backs times per ship
(SDC-Q18).

Hidden information (SDC-R4): the other players' goods, pesos and VP (P.GOODS, P.MONEY, P.VP,
P.VPSRC of their blocks) and the deal stream (G.RNG). A kernel must not read them; the bank,
the board, the dice, the markers and the pawns are public (the goods others hold can be deduced
from the bank only as a total per kind).

Option encoding: `tag << TAG_SHIFT | payload`; payloads: a distance, a kind, a slot, a stop, an
amount, `kind << AMOUNT_SHIFT | pieces` (deliveries), `given kind << 3 | taken kind` (swaps),
`pieces of kind a << AMOUNT_SHIFT | pieces of kind b` (return for VP), `die << 1 | up` (demand).
"""
from core.common.options import codec
from core.common.layout import enum
from core.jit import njit
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.codes import BE, CA, M, SW, T
from core.santiago.state import DK, G, O, P

MAX_OPTIONS = 128

OT = enum("OT", ("SHIP", "DRIVE", "PABLO", "GIVE", "MARKER", "OWN_USE", "NOTHING", "MOVE",
                 "STAY", "REUSE", "NO_USE", "USE", "SELL_VP", "BUY_VP", "CLOSE", "CONVERT",
                 "VALUE_UP", "VALUE_DOWN", "SWAP", "DELIVER", "DEMAND", "RETURN", "ZERO", "PASS"))
TAG_SHIFT = 10
AMOUNT_SHIFT = 6  # deliveries: kind << 6 | pieces; return: a << 6 | b
AMOUNT_MASK = (1 << AMOUNT_SHIFT) - 1
GIVE_MONEY, GIVE_VP, GIVE_GOOD = 0, 1, 2  # give payload: 0 peso, 1 VP, 2 + kind


enc, tag_of, payload_of = codec("santiago", TAG_SHIFT)


# --- queries ---------------------------------------------------------------------------------

@njit(inline="always")
def bparam(t, building, i):
    """Parameter i of a building's effect."""
    return t[T.BUILDING_PARAM + building * C.NBPARAMS + i]


@njit(inline="always")
def drive_cost(t, d):
    """Pesos for driving d stops (SDC-R7)."""
    return max(0, d - t[T.MISC + M.FREE_STOPS]) * t[T.MISC + M.STOP_COST]


@njit(inline="always")
def money_gain(s, t, amount):
    """Pesos a gain of `amount` gives: all, or what the bank holds (money_limited)."""
    if t[T.SWITCHES + SW.MONEY_LIMITED] == 1:
        return min(amount, s[G.BANK_MONEY])
    return amount


@njit(inline="always")
def max_face(t):
    """The highest face of a demand die (the church's upper bound)."""
    m = 0
    for i in range(C.NFACES):
        m = max(m, t[T.DIE_FACES + i])
    return m


@njit(inline="always")
def pablo_allows(t, k):
    """SDC-Q13: whether Pablo gives kind k (all6, no_wood, raw_only: Su, Ci, To, Wd)."""
    mode = t[T.SWITCHES + SW.PABLO_KINDS]
    if mode == 1:
        return k != C.WD
    if mode == 2:
        return k == C.SU or k == C.CI or k == C.TO or k == C.WD
    return True


@njit(inline="always")
def cuban_colour(t, cuban):
    return t[T.CUBAN_COLOUR + cuban]


# --- option lists ----------------------------------------------------------------------------

@njit(_nrt=False)
def append_deliveries(s, t, b, opts, n, wood_ok):
    """Append one option per legal delivery of the player at block b (SDC-R14, R15)."""
    for k in range(C.NDICE):
        most = min(s[O.DICE + k], s[b + P.GOODS + k])
        for m in range(1, most + 1):
            opts[n] = enc(OT.DELIVER, (k << AMOUNT_SHIFT) | m)
            n += 1
    if wood_ok:
        for m in range(1, min(s[b + P.GOODS + C.WD], AMOUNT_MASK) + 1):
            opts[n] = enc(OT.DELIVER, (C.WD << AMOUNT_SHIFT) | m)
            n += 1
    return n


@njit(_nrt=False)
def ship_options(s, t, opts):
    """SDC-R5: which of the rolled dice stays off the ship; under zero_demand_reroll not the
    only die above 0 (SDC-Q12: the placed dice may not total 0 when the roll allows demand)."""
    rolled = 0
    for k in range(C.NDICE):
        rolled += s[O.ROLL + k] > 0
    lone = t[T.SWITCHES + SW.ZERO_DEMAND_REROLL] == 1 and rolled == 1
    n = 0
    for k in range(C.NDICE):
        if not (lone and s[O.ROLL + k] > 0):
            opts[n] = enc(OT.SHIP, k)
            n += 1
    return n


@njit(inline="always")
def longest_drive(s, t):
    """SDC-R7: the most stops one drive may go; under pass_harbour_advances = false no drive
    passes the harbour (SDC-Q1: it ends there at the latest)."""
    most = t[T.MISC + M.MAX_DRIVE]
    if t[T.SWITCHES + SW.PASS_HARBOUR_ADVANCES] == 0 and s[G.CAR] != C.HARBOUR:
        most = min(most, C.NSTOPS - s[G.CAR])
    return most


@njit(_nrt=False)
def drive_options(s, t, opts):
    """SDC-R7: one option per distance the player can pay for (SDC-Q1)."""
    b = S.pbase(s[G.CUR])
    n = 0
    for d in range(1, longest_drive(s, t) + 1):
        if drive_cost(t, d) <= s[b + P.MONEY]:
            opts[n] = enc(OT.DRIVE, d)
            n += 1
    return n


@njit(_nrt=False)
def pablo_options(s, t, opts):
    """Pablo: one kind of good of the switch pablo_kinds that the bank holds (SDC-Q13)."""
    n = 0
    for k in range(C.NKINDS):
        if pablo_allows(t, k) and s[O.BANK + k] > 0:
            opts[n] = enc(OT.PABLO, k)
            n += 1
    return n


@njit(_nrt=False)
def zorro_options(s, t, opts):
    """El Zorro: what the current victim can give (SDC-Q6 decides who chooses)."""
    victim = (s[G.ACTIVE] + s[G.ZORRO_NEXT]) % s[G.NP]
    b = S.pbase(victim)
    n = 0
    if s[b + P.MONEY] > 0:
        opts[n] = enc(OT.GIVE, GIVE_MONEY)
        n += 1
    if s[b + P.VP] > 0:
        opts[n] = enc(OT.GIVE, GIVE_VP)
        n += 1
    for k in range(C.NKINDS):
        if S.raw_good(k) and s[b + P.GOODS + k] > 0:
            opts[n] = enc(OT.GIVE, GIVE_GOOD + k)
            n += 1
    return n


@njit(_nrt=False)
def alonso_options(s, t, opts):
    """Alonso: nothing, a property marker (SDC-Q8) or the use of an own building (SDC-Q9)."""
    p = s[G.CUR]
    b = S.pbase(p)
    opts[0] = enc(OT.NOTHING, 0)
    n = 1
    claim = t[T.SWITCHES + SW.ALONSO_CLAIM_OWNED] == 1
    for slot in range(C.NSLOTS):
        owner = s[O.OWNER + slot]
        if s[b + P.MARKERS] > 0 and (owner < 0 or (claim and owner != p)):
            opts[n] = enc(OT.MARKER, slot)
            n += 1
        if owner == p:
            opts[n] = enc(OT.OWN_USE, slot)
            n += 1
    return n


@njit(_nrt=False)
def move_options(s, t, opts):
    """SDC-R10 (SDC-Q2, SDC-Q7): free buildings at the Cuban's flower colour, stay, reuse."""
    p = s[G.CUR]
    cuban = s[G.CUBAN]
    colour = cuban_colour(t, cuban)
    n = 0
    for slot in range(C.NSLOTS):
        if S.slot_colour(t, slot) == colour and S.pawn_at(s, slot) < 0:
            opts[n] = enc(OT.MOVE, slot)
            n += 1
    pawn = s[S.pbase(p) + P.PAWN]
    if (t[T.CUBAN_ACTION + cuban] == CA.PICKPOCKET and t[T.SWITCHES + SW.ZORRO_REUSE_BUILDING] == 1
            and pawn >= 0):
        opts[n] = enc(OT.REUSE, pawn)
        n += 1
    if n == 0 or t[T.SWITCHES + SW.BUILDING_MOVE] == 0 or (n == 1 and tag_of(opts[0]) == OT.REUSE):
        opts[n] = enc(OT.STAY, 0)
        n += 1
    return n


@njit(_nrt=False)
def use_options(s, t, opts):
    """'no use', then every way to use the building on G.USE_SLOT (§8.2)."""
    p = s[G.CUR]
    b = S.pbase(p)
    building = s[O.BUILDING_AT + s[G.USE_SLOT]]
    effect = t[T.BUILDING_EFFECT + building]
    opts[0] = enc(OT.NO_USE, 0)
    n = 1
    if effect == BE.EXCHANGE:
        cap = t[T.MISC + M.MAX_EXCHANGE]
        sell, buy = bparam(t, building, 0), bparam(t, building, 1)
        for m in range(1, min(cap, s[b + P.VP]) + 1):
            if money_gain(s, t, m * sell) == m * sell:
                opts[n] = enc(OT.SELL_VP, m)
                n += 1
        for m in range(1, min(cap, s[b + P.MONEY] // buy) + 1):
            opts[n] = enc(OT.BUY_VP, m)
            n += 1
    elif effect == BE.GAIN_MONEY:
        if money_gain(s, t, bparam(t, building, 0)) > 0:
            opts[n] = enc(OT.USE, 0)
            n += 1
    elif effect == BE.GAIN_GOODS:
        if s[O.BANK + bparam(t, building, 0)] > 0:
            opts[n] = enc(OT.USE, 0)
            n += 1
    elif effect == BE.CLOSE_CUBAN:
        for stop in range(1, C.NSTOPS):
            if stop != s[G.CAR]:
                opts[n] = enc(OT.CLOSE, stop)
                n += 1
    elif effect == BE.CONVERT:
        src, dst = bparam(t, building, 0), bparam(t, building, 1)
        most = min(bparam(t, building, 2), s[b + P.GOODS + src], s[O.BANK + dst])
        for m in range(1, most + 1):
            opts[n] = enc(OT.CONVERT, m)
            n += 1
    elif effect == BE.MOVE_VALUE:
        opts[n] = enc(OT.VALUE_UP, 0)
        n += 1
        if (s[G.VALUE] > t[T.MISC + M.VALUE_START]
                and s[G.VALUE_BACKS] < t[T.MISC + M.VALUE_BACKS]):  # SDC-Q18
            opts[n] = enc(OT.VALUE_DOWN, 0)
            n += 1
    elif effect == BE.SWAP:
        if s[G.USE_LEFT] > 0:
            for a in range(C.NKINDS):
                if s[b + P.GOODS + a] > 0:
                    for k in range(C.NKINDS):
                        if k != a and s[O.BANK + k] > 0:
                            opts[n] = enc(OT.SWAP, (a << 3) | k)
                            n += 1
    elif effect == BE.DELIVER:
        n = append_deliveries(s, t, b, opts, n, True)
    elif effect == BE.DEMAND:
        top = max_face(t)
        for k in range(C.NDICE):
            v = s[O.DICE + k]
            if v >= 0:
                if v < top:
                    opts[n] = enc(OT.DEMAND, (k << 1) | 1)
                    n += 1
                if v > 0:
                    opts[n] = enc(OT.DEMAND, k << 1)
                    n += 1
    elif effect == BE.RETURN_VP:
        ka, kb, most = bparam(t, building, 0), bparam(t, building, 1), bparam(t, building, 2)
        for x in range(min(most, s[b + P.GOODS + ka]) + 1):
            for y in range(min(most - x, s[b + P.GOODS + kb]) + 1):
                if x + y > 0:
                    opts[n] = enc(OT.RETURN, (x << AMOUNT_SHIFT) | y)
                    n += 1
    elif effect == BE.ZERO_DIE:
        for k in range(C.NDICE):
            if s[O.DICE + k] > 0:
                opts[n] = enc(OT.ZERO, k)
                n += 1
    return n


@njit(_nrt=False)
def deliver_options(s, t, opts):
    """'pass', then every delivery step (SDC-R13..R15; after wood under wood_is_a_kind =
    false, dice goods only)."""
    b = S.pbase(s[G.CUR])
    wood_ok = t[T.SWITCHES + SW.WOOD_IS_A_KIND] == 1 or s[G.WOOD_DONE] == 0
    opts[0] = enc(OT.PASS, 0)
    return append_deliveries(s, t, b, opts, 1, wood_ok)


@njit(_nrt=False)
def legal(s, t, opts):
    """Write the legal options of the pending decision into opts; return their number."""
    dk = s[G.DK]
    if dk == DK.DRIVE:
        return drive_options(s, t, opts)
    if dk == DK.MOVE:
        return move_options(s, t, opts)
    if dk == DK.USE:
        return use_options(s, t, opts)
    if dk == DK.DELIVER:
        return deliver_options(s, t, opts)
    if dk == DK.SHIP:
        return ship_options(s, t, opts)
    if dk == DK.PABLO:
        return pablo_options(s, t, opts)
    if dk == DK.ZORRO:
        return zorro_options(s, t, opts)
    if dk == DK.ALONSO:
        return alonso_options(s, t, opts)
    return 0
