"""Santiago de Cuba transitions: `apply` carries out one legal option (through the pending
kind's `apply_<key>`, DK.keys), `advance` runs the game on to the next decision point (see
actions.py for the decision model).

The turn is a small program: G.STEP names the next automatic step (turn start, arrival at a
stop, El Zorro's victims, phase 2, the delivery round, turn end); a decision stops it, and
`apply` sets the step that follows. A departure (SDC-R17) asks the roller where to leave the
fifth die and then goes on with the step saved in G.CONT.

`tr` is the trace buffer (core.common.trace): each `log` call records an event and the state
after it; a one-row buffer records nothing.
"""
import numpy as np

from core.common.ranking import rank_by_keys
from core.common.rng import rng_below
from core.common.stored_rng import load_stream, save_stream
from core.common.trace import log
from core.jit import njit, stack_array
from core.santiago import actions
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.actions import OT
from core.santiago.codes import BE, CA, DEP, EV, M, SRC, SW, T, VAL
from core.santiago.state import DK, G, O, P, PH, ST

# ---------------------------------------------------------------- bank and ledger


@njit(_nrt=False)
def add_vp(s, tr, p, src, n):
    """Player p gains n VP (negative: loses) from source src; every change is an EV.VP event."""
    if n != 0:
        b = S.pbase(p)
        s[b + P.VP] += n
        s[b + P.VPSRC + src] += n
        log(tr, s, EV.VP, p, src, n, 0, 0)


@njit(_nrt=False)
def gain_money(s, t, tr, p, amount):
    """Player p takes `amount` pesos from the bank (cut to the bank under money_limited)."""
    got = actions.money_gain(s, t, amount)
    if got > 0:
        s[S.pbase(p) + P.MONEY] += got
        if t[T.SWITCHES + SW.MONEY_LIMITED] == 1:
            s[G.BANK_MONEY] -= got
        log(tr, s, EV.MONEY, p, got, 0, 0, 0)


@njit(_nrt=False)
def pay_money(s, t, tr, p, amount):
    """Player p pays `amount` pesos to the bank."""
    if amount > 0:
        s[S.pbase(p) + P.MONEY] -= amount
        if t[T.SWITCHES + SW.MONEY_LIMITED] == 1:
            s[G.BANK_MONEY] += amount
        log(tr, s, EV.MONEY, p, -amount, 0, 0, 0)


@njit(_nrt=False)
def take_goods(s, tr, p, k, n):
    """Player p takes up to n goods of kind k: what the bank holds."""
    got = min(n, s[O.BANK + k])
    s[O.BANK + k] -= got
    s[S.pbase(p) + P.GOODS + k] += got
    log(tr, s, EV.GOODS, p, k, got, 0, 0)


@njit(inline="always")
def return_goods(s, p, k, n):
    s[S.pbase(p) + P.GOODS + k] -= n
    s[O.BANK + k] += n


# ---------------------------------------------------------------- ships (SDC-R5, R16..R20)


@njit(_nrt=False)
def end_game(s, t, tr):
    """SDC-R20, R21: the game ends at once; 1 VP per misc.end_goods_per_vp goods held (wood
    by switch end_bonus_wood)."""
    per = t[T.MISC + M.END_GOODS_PER_VP]
    with_wood = t[T.SWITCHES + SW.END_BONUS_WOOD] == 1
    for p in range(s[G.NP]):
        goods = S.goods_held(s, S.pbase(p), with_wood)
        log(tr, s, EV.END_BONUS, p, goods, goods // per, 0, 0)
        add_vp(s, tr, p, SRC.END_BONUS, goods // per)
    s[G.PHASE] = PH.OVER
    s[G.DK] = DK.NONE
    log(tr, s, EV.GAME_END, -1, 0, 0, 0, 0)


@njit(_nrt=False)
def roll(s, t, tr):
    """The roller rolls all 5 dice (the deal stream, kept in the state); under
    zero_demand_reroll a roll of five 0s, which no placement can give demand, is rolled again
    at once (SDC-Q12)."""
    rng = stack_array(1, 0, np.uint64)  # no allocation (see core.jit)
    load_stream(s, G.RNG, rng)
    again = True
    while again:
        packed = 0
        for k in range(C.NDICE):
            v = t[T.DIE_FACES + rng_below(rng, C.NFACES)]
            s[O.ROLL + k] = v
            packed |= v << (3 * k)
        save_stream(s, G.RNG, rng)
        log(tr, s, EV.ROLL, s[G.ROLLER], packed, 0, 0, 0)
        again = packed == 0 and t[T.SWITCHES + SW.ZERO_DEMAND_REROLL] == 1
    s[G.CUR] = s[G.ROLLER]
    s[G.DK] = DK.SHIP


@njit(_nrt=False)
def new_ship(s, t, tr, cont):
    """Roll for a new ship; after it is placed the game goes on with step `cont`."""
    s[G.CONT] = cont
    roll(s, t, tr)


@njit(_nrt=False)
def depart(s, t, tr, cause, cont):
    """SDC-R17: the ship departs. After the last ship the game ends (SDC-R20); else the value
    marker returns to its start (shown with the departure) and the roller rolls the next ship:
    after a full ship (SDC-R16, also a ship placed full under SDC-Q12 false) the active player
    (SDC-R17.4); after a flag or building departure as SDC-Q10 says (the active player, the
    start player, or who last delivered to this ship, else the active player)."""
    s[G.SHIPS] += 1
    for k in range(C.NDICE):
        s[O.DICE + k] = -1
    last = s[G.SHIPS] >= t[T.MISC + M.SHIPS]
    if not last:
        s[G.VALUE] = t[T.MISC + M.VALUE_START]
        s[G.VALUE_BACKS] = 0  # SDC-Q18: counted per ship
    log(tr, s, EV.DEPART, -1, s[G.SHIPS], cause, 0, 0)
    if last:
        end_game(s, t, tr)
        return
    full = cause == DEP.SHIP_FULL or cause == DEP.ZERO_DEMAND
    roller = 0 if full else t[T.SWITCHES + SW.NEW_SHIP_ROLLER]
    if roller == 1:
        s[G.ROLLER] = s[G.START]
    elif roller == 2 and s[G.LAST_DELIVERER] >= 0:
        s[G.ROLLER] = s[G.LAST_DELIVERER]
    else:
        s[G.ROLLER] = s[G.ACTIVE]
    s[G.LAST_DELIVERER] = -1
    new_ship(s, t, tr, cont)


@njit(_nrt=False)
def apply_ship(s, t, off, tr):
    """SDC-R5: the 4 dice other than `off` go on the ship, keeping their faces. A ship whose
    dice total 0 (only without zero_demand_reroll, SDC-Q12) is full at once and departs."""
    packed = 0
    for k in range(C.NDICE):
        s[O.DICE + k] = -1 if k == off else s[O.ROLL + k]
        packed |= (s[O.DICE + k] + 1) << (4 * k)
    log(tr, s, EV.SHIP, s[G.ROLLER], off, packed, 0, 0)
    if S.ship_full(s):
        depart(s, t, tr, DEP.ZERO_DEMAND, s[G.CONT])
        return
    s[G.STEP] = s[G.CONT]


@njit(_nrt=False)
def value_up(s, t, tr, p, cause, departure, cont):
    """The goods-value marker moves 1 flag right; on the chequered flag the ship departs at
    once (SDC-R8, R18, R19). True when it departed."""
    s[G.VALUE] += 1
    log(tr, s, EV.VALUE, p, s[G.VALUE], cause, 0, 0)
    if s[G.VALUE] > t[T.MISC + M.VALUE_MAX]:
        depart(s, t, tr, departure, cont)
        return True
    return False


# ---------------------------------------------------------------- deliveries (SDC-R13..R16)


@njit(_nrt=False)
def deliver(s, t, tr, p, k, m, office):
    """SDC-R14/R15: deliver m goods of kind k (from a delivery round, or the trading office)."""
    return_goods(s, p, k, m)
    s[S.pbase(p) + P.DELIVERED + k] += m
    s[G.LAST_DELIVERER] = p
    if k == C.WD:
        vp = m * t[T.MISC + M.WOOD_VP]
        src = SRC.WOOD
    else:
        vp = m * s[G.VALUE]
        s[O.DICE + k] -= m
        src = SRC.TRADING_OFFICE if office else SRC.DELIVERY
    log(tr, s, EV.DELIVER, p, k, m, vp, 0)
    add_vp(s, tr, p, src, vp)


@njit(_nrt=False)
def next_deliverer(s):
    """The next player clockwise who has not passed out of the delivery round."""
    np_ = s[G.NP]
    q = (s[G.DEL_PLAYER] + 1) % np_
    while (s[G.DEL_PASSED] >> q) & 1:
        q = (q + 1) % np_
    s[G.DEL_PLAYER] = q


@njit(_nrt=False)
def apply_deliver(s, t, o, tr):
    """One step of the delivery round (SDC-R13): a delivery or a pass."""
    p = s[G.CUR]
    np_ = s[G.NP]
    wood_kind = t[T.SWITCHES + SW.WOOD_IS_A_KIND] == 1
    if actions.tag_of(o) == OT.PASS:
        if s[G.WOOD_DONE] == 1:  # after wood (wood_is_a_kind = false): the step ends
            s[G.WOOD_DONE] = 0
            next_deliverer(s)
            return
        log(tr, s, EV.PASS, p, 0, 0, 0, 0)
        if t[T.SWITCHES + SW.DELIVERY_PASS_FINAL] == 1:
            s[G.DEL_PASSED] |= 1 << p
            over = s[G.DEL_PASSED] == (1 << np_) - 1
        else:
            s[G.DEL_PASSES] += 1
            over = s[G.DEL_PASSES] >= np_
        if over:  # SDC-R18: not full, the marker moves right
            log(tr, s, EV.ROUND_END, -1, 0, 0, 0, 0)
            s[G.STEP] = ST.TURN_END
            value_up(s, t, tr, -1, VAL.DELIVERY_ROUND_ENDED, DEP.CHEQUERED_FLAG, ST.TURN_END)
            return
        next_deliverer(s)
        return
    x = actions.payload_of(o)
    k = x >> actions.AMOUNT_SHIFT
    deliver(s, t, tr, p, k, x & actions.AMOUNT_MASK, False)
    s[G.DEL_PASSES] = 0
    if S.ship_full(s):  # SDC-R16
        log(tr, s, EV.ROUND_END, -1, 1, 0, 0, 0)
        s[G.STEP] = ST.TURN_END
        depart(s, t, tr, DEP.SHIP_FULL, ST.TURN_END)
        return
    if k == C.WD and not wood_kind and s[G.WOOD_DONE] == 0:
        s[G.WOOD_DONE] = 1  # the same player may still deliver one dice good
        return
    s[G.WOOD_DONE] = 0
    next_deliverer(s)


# ---------------------------------------------------------------- Cubans (SDC-R9, §8.1)


@njit(_nrt=False)
def arrive(s, t, tr):
    """The car has stopped: the harbour starts a delivery round (SDC-R12); a Cuban acts
    (SDC-R9), unless closed."""
    p = s[G.ACTIVE]
    stop = s[G.CAR]
    if stop == C.HARBOUR:
        log(tr, s, EV.HARBOUR, p, 0, 0, 0, 0)
        s[G.DEL_PLAYER] = p
        s[G.DEL_PASSED] = 0
        s[G.DEL_PASSES] = 0
        s[G.WOOD_DONE] = 0
        s[G.STEP] = ST.DELIVERY
        return
    if stop == s[G.CLOSED]:
        log(tr, s, EV.CLOSED, p, stop, 0, 0, 0)
        s[G.STEP] = ST.TURN_END
        return
    cuban = s[O.CUBAN_AT + stop]
    s[G.CUBAN] = cuban
    s[S.pbase(p) + P.VISITS + cuban] += 1
    log(tr, s, EV.CUBAN, p, cuban, stop, 0, 0)
    action = t[T.CUBAN_ACTION + cuban]
    a0 = t[T.CUBAN_PARAM + 2 * cuban]
    a1 = t[T.CUBAN_PARAM + 2 * cuban + 1]
    s[G.STEP] = ST.PHASE2
    if action == CA.GAIN_GOODS:
        take_goods(s, tr, p, a0, a1)
    elif action == CA.GAIN_VP:
        add_vp(s, tr, p, SRC.CUBAN, a0)
    elif action == CA.GAIN_MONEY:
        gain_money(s, t, tr, p, a0)
    elif action == CA.GAIN_ANY_GOOD:
        for k in range(C.NKINDS):
            if actions.pablo_allows(t, k) and s[O.BANK + k] > 0:
                s[G.CUR] = p
                s[G.DK] = DK.PABLO
                break
    elif action == CA.PICKPOCKET:
        s[G.ZORRO_NEXT] = 1
        s[G.STEP] = ST.ZORRO
    elif action == CA.LAWYER:
        s[G.CUR] = p
        s[G.DK] = DK.ALONSO


@njit(_nrt=False)
def apply_pablo(s, t, k, tr):
    """Pablo: the active player takes Pablo's amount of goods of kind k."""
    take_goods(s, tr, s[G.ACTIVE], k, t[T.CUBAN_PARAM + 2 * s[G.CUBAN]])


@njit(inline="always")
def can_give(s, v):
    """Whether victim v holds a peso, a VP or a raw good (§8.1)."""
    b = S.pbase(v)
    raw = s[b + P.GOODS + C.SU] + s[b + P.GOODS + C.TO] + s[b + P.GOODS + C.CI]
    return s[b + P.MONEY] > 0 or s[b + P.VP] > 0 or raw > 0


@njit(_nrt=False)
def zorro_next(s, t, tr):
    """El Zorro: ask the next victim who can give something; then phase 2."""
    np_ = s[G.NP]
    active = s[G.ACTIVE]
    while s[G.ZORRO_NEXT] < np_:
        v = (active + s[G.ZORRO_NEXT]) % np_
        if can_give(s, v):
            s[G.CUR] = active if t[T.SWITCHES + SW.ZORRO_CHOOSER] == 1 else v
            s[G.DK] = DK.ZORRO
            return
        log(tr, s, EV.GIVE, v, active, -1, 0, 0)
        s[G.ZORRO_NEXT] += 1
    s[G.STEP] = ST.PHASE2


@njit(_nrt=False)
def apply_zorro(s, t, what, tr):
    """The current victim gives El Zorro's visitor 1 peso, 1 VP or 1 raw good."""
    active = s[G.ACTIVE]
    v = (active + s[G.ZORRO_NEXT]) % s[G.NP]
    bv = S.pbase(v)
    ba = S.pbase(active)
    if what == actions.GIVE_MONEY:
        s[bv + P.MONEY] -= 1
        s[ba + P.MONEY] += 1
    elif what == actions.GIVE_VP:
        add_vp(s, tr, v, SRC.ZORRO, -1)
        add_vp(s, tr, active, SRC.ZORRO, 1)
    else:
        s[bv + P.GOODS + what - actions.GIVE_GOOD] -= 1
        s[ba + P.GOODS + what - actions.GIVE_GOOD] += 1
    log(tr, s, EV.GIVE, v, active, what, 0, 0)
    s[G.ZORRO_NEXT] += 1


# ---------------------------------------------------------------- buildings (SDC-R10, R11)


@njit(_nrt=False)
def start_use(s, t, slot, via):
    """Ask the active player how to use the building on `slot`."""
    building = s[O.BUILDING_AT + slot]
    s[G.USE_SLOT] = slot
    s[G.USE_VIA] = via
    s[G.USE_PAID] = 0
    swaps = t[T.BUILDING_EFFECT + building] == BE.SWAP
    s[G.USE_LEFT] = actions.bparam(t, building, 0) if swaps else 0
    s[G.CUR] = s[G.ACTIVE]
    s[G.DK] = DK.USE


@njit(inline="always")
def pay_owner(s, t, tr, slot, p):
    """SDC-R11: the owner of the building on `slot`, if another player, gains owner VP."""
    owner = s[O.OWNER + slot]
    if owner >= 0 and owner != p:
        s[S.pbase(owner) + P.OWNER_VP] += 1
        add_vp(s, tr, owner, SRC.OWNER, t[T.MISC + M.OWNER_VP])


@njit(_nrt=False)
def apply_use(s, t, o, tr):
    """Carry out use option o of the building on G.USE_SLOT (§8.2)."""
    p = s[G.ACTIVE]
    b = S.pbase(p)
    slot = s[G.USE_SLOT]
    building = s[O.BUILDING_AT + slot]
    alonso = s[G.USE_VIA] == S.USE_ALONSO
    phase2_after = t[T.SWITCHES + SW.ALONSO_B_REPLACES_PHASE2] == 0
    cont = ST.PHASE2 if alonso and phase2_after else ST.TURN_END
    tag = actions.tag_of(o)
    x = actions.payload_of(o)
    s[G.USE_SLOT] = -1
    s[G.STEP] = cont
    if tag == OT.NO_USE:
        if s[G.USE_PAID] == 0:
            log(tr, s, EV.NO_USE, p, building, slot, 0, 0)
        return
    if s[G.USE_PAID] == 0:
        s[G.USE_PAID] = 1
        s[b + P.USES + building] += 1
        if t[T.SWITCHES + SW.OWNER_VP_TRIGGER] == 1:
            pay_owner(s, t, tr, slot, p)
    if tag == OT.RETURN:  # the goods handed in are part of the use (its state shows them gone)
        return_goods(s, p, actions.bparam(t, building, 0), x >> actions.AMOUNT_SHIFT)
        return_goods(s, p, actions.bparam(t, building, 1), x & actions.AMOUNT_MASK)
    log(tr, s, EV.USE, p, building, slot, x, 0)
    if tag == OT.SELL_VP:
        add_vp(s, tr, p, SRC.BANK, -x)
        gain_money(s, t, tr, p, x * actions.bparam(t, building, 0))
        log(tr, s, EV.EXCHANGE, p, -x, x * actions.bparam(t, building, 0), 0, 0)
    elif tag == OT.BUY_VP:
        pay_money(s, t, tr, p, x * actions.bparam(t, building, 1))
        add_vp(s, tr, p, SRC.BANK, x)
        log(tr, s, EV.EXCHANGE, p, x, -x * actions.bparam(t, building, 1), 0, 0)
    elif tag == OT.USE:
        if t[T.BUILDING_EFFECT + building] == BE.GAIN_GOODS:
            take_goods(s, tr, p, actions.bparam(t, building, 0), actions.bparam(t, building, 1))
        else:
            gain_money(s, t, tr, p, actions.bparam(t, building, 0))
    elif tag == OT.CLOSE:
        gain_money(s, t, tr, p, actions.bparam(t, building, 0))
        s[G.CLOSED] = x
        s[G.CLOSED_BY] = p
        log(tr, s, EV.CLOSE, p, x, 0, 0, 0)
    elif tag == OT.CONVERT:
        src = actions.bparam(t, building, 0)
        dst = actions.bparam(t, building, 1)
        return_goods(s, p, src, x)
        s[O.BANK + dst] -= x
        s[b + P.GOODS + dst] += x
        s[b + P.CONVERTED] += x
        log(tr, s, EV.CONVERT, p, src, dst, x, 0)
    elif tag == OT.VALUE_UP:
        value_up(s, t, tr, p, VAL.BUILDING, DEP.BUILDING, cont)
    elif tag == OT.VALUE_DOWN:
        s[G.VALUE] -= 1
        s[G.VALUE_BACKS] += 1
        log(tr, s, EV.VALUE, p, s[G.VALUE], VAL.BUILDING, 0, 0)
    elif tag == OT.SWAP:
        given = x >> 3
        taken = x & 7
        return_goods(s, p, given, 1)
        s[O.BANK + taken] -= 1
        s[b + P.GOODS + taken] += 1
        log(tr, s, EV.SWAP, p, given, taken, 0, 0)
        s[G.USE_LEFT] -= 1
        if s[G.USE_LEFT] > 0:  # ask for the next swap ("no use" ends it)
            s[G.USE_SLOT] = slot
            s[G.CUR] = p
            s[G.DK] = DK.USE
    elif tag == OT.DELIVER:
        deliver(s, t, tr, p, x >> actions.AMOUNT_SHIFT, x & actions.AMOUNT_MASK, True)
        if S.ship_full(s):
            depart(s, t, tr, DEP.BUILDING, cont)
    elif tag == OT.DEMAND:
        k = x >> 1
        s[O.DICE + k] += 1 if x & 1 else -1
        log(tr, s, EV.DIE, p, k, s[O.DICE + k], 0, 0)
        if S.ship_full(s):
            depart(s, t, tr, DEP.BUILDING, cont)
    elif tag == OT.RETURN:
        pieces = (x >> actions.AMOUNT_SHIFT) + (x & actions.AMOUNT_MASK)
        add_vp(s, tr, p, SRC.CAFE, pieces * actions.bparam(t, building, 3))
    elif tag == OT.ZERO:
        pips = s[O.DICE + x]
        s[O.DICE + x] = 0
        log(tr, s, EV.DIE, p, x, 0, 0, 0)
        gain_money(s, t, tr, p, pips * actions.bparam(t, building, 0))
        if S.ship_full(s):
            depart(s, t, tr, DEP.BUILDING, cont)


@njit(_nrt=False)
def apply_move(s, t, o, tr):
    """SDC-R10: move the pawn (the owner may gain VP, SDC-R11), reuse, or stay."""
    p = s[G.ACTIVE]
    b = S.pbase(p)
    tag = actions.tag_of(o)
    if tag == OT.MOVE:
        slot = actions.payload_of(o)
        s[b + P.PAWN] = slot
        log(tr, s, EV.MOVE, p, slot, s[O.BUILDING_AT + slot], 0, 0)
        if t[T.SWITCHES + SW.OWNER_VP_TRIGGER] == 0:
            pay_owner(s, t, tr, slot, p)
        start_use(s, t, slot, S.USE_PHASE2)
    elif tag == OT.REUSE:
        log(tr, s, EV.STAY, p, s[b + P.PAWN], 1, 0, 0)
        start_use(s, t, s[b + P.PAWN], S.USE_PHASE2)
    else:
        log(tr, s, EV.STAY, p, s[b + P.PAWN], 0, 0, 0)
        s[G.STEP] = ST.TURN_END


@njit(_nrt=False)
def apply_alonso(s, t, o, tr):
    """Alonso: a property marker (SDC-Q8), the use of an own building (SDC-Q9), or nothing."""
    p = s[G.ACTIVE]
    tag = actions.tag_of(o)
    slot = actions.payload_of(o)
    s[G.STEP] = ST.PHASE2
    if tag == OT.NOTHING:
        log(tr, s, EV.DECLINE, p, s[G.CUBAN], 0, 0, 0)
    elif tag == OT.MARKER:
        prev = s[O.OWNER + slot]
        if prev >= 0:
            s[S.pbase(prev) + P.MARKERS] += 1
        s[O.OWNER + slot] = p
        s[S.pbase(p) + P.MARKERS] -= 1
        log(tr, s, EV.MARKER, p, slot, s[O.BUILDING_AT + slot], prev, 0)
    else:
        start_use(s, t, slot, S.USE_ALONSO)


# ---------------------------------------------------------------- turns


@njit(_nrt=False)
def begin_turn(s, t, tr):
    """SDC-R6: the active player's turn starts with the drive."""
    p = s[G.ACTIVE]
    log(tr, s, EV.TURN, p, s[G.TURN] + 1, 0, 0, 0)
    s[G.CUBAN] = -1
    s[G.CUR] = p
    s[G.DK] = DK.DRIVE


@njit(_nrt=False)
def apply_drive(s, t, d, tr):
    """SDC-R7, R8: drive d stops clockwise, paying for all but the free ones; a face-down
    Cuban the car leaves or drives past turns face up (§8.2 newspaper); passing the harbour
    may move the value marker (and send the ship) before the car arrives."""
    p = s[G.ACTIVE]
    cost = actions.drive_cost(t, d)
    pay_money(s, t, tr, p, cost)
    s[S.pbase(p) + P.DRIVE_PAID] += cost
    passes = s[G.CAR] + d > C.NSTOPS
    closed = s[G.CLOSED]
    passed = closed >= 0 and (closed - s[G.CAR]) % C.NSTOPS < d
    s[G.CAR] = (s[G.CAR] + d) % C.NSTOPS
    log(tr, s, EV.DRIVE, p, s[G.CAR], d, cost, 0)
    if passed:
        s[G.CLOSED] = -1
        s[G.CLOSED_BY] = -1
        log(tr, s, EV.REOPEN, -1, closed, 0, 0, 0)
    s[G.STEP] = ST.ARRIVE
    if passes and t[T.SWITCHES + SW.PASS_HARBOUR_ADVANCES] == 1:
        value_up(s, t, tr, p, VAL.PASSED_HARBOUR, DEP.CHEQUERED_FLAG, ST.ARRIVE)


@njit(_nrt=False)
def end_turn(s):
    p = s[G.ACTIVE]
    s[S.pbase(p) + P.TURNS] += 1
    s[G.TURN] += 1
    s[G.ACTIVE] = (p + 1) % s[G.NP]
    s[G.STEP] = ST.TURN_START


@njit
def standings(s, t, rank, share):
    """Ranks and win shares (SDC-R22): VP, then goods held, then pesos, then shared."""
    n = s[G.NP]
    key = np.zeros(n, np.int64)
    for p in range(n):
        b = S.pbase(p)
        key[p] = ((np.int64(s[b + P.VP]) * 1024 + S.goods_held(s, b, True)) * 65536
                  + min(s[b + P.MONEY], 65535))
    rank_by_keys(key, rank, share)


# ---------------------------------------------------------------- the state machine


@njit(_nrt=False)
def advance(s, t, tr):
    """Run automatic steps until a decision is pending or the game is over."""
    if s[G.PHASE] == PH.SETUP:
        s[G.PHASE] = PH.PLAY
        np_ = s[G.NP]
        start = s[G.START]
        log(tr, s, EV.SETUP, -1, start, s[G.LAYOUT_DRAWS], 0, 0)
        # SDC-R5 / SDC-Q11: the player to the start player's right rolls the first ship
        first = t[T.SWITCHES + SW.FIRST_SHIP_ROLLER] == 1
        s[G.ROLLER] = start if first else (start + np_ - 1) % np_
        new_ship(s, t, tr, ST.TURN_START)
    while s[G.DK] == DK.NONE and s[G.PHASE] == PH.PLAY:
        step = s[G.STEP]
        if step == ST.TURN_START:
            begin_turn(s, t, tr)
        elif step == ST.ARRIVE:
            arrive(s, t, tr)
        elif step == ST.ZORRO:
            zorro_next(s, t, tr)
        elif step == ST.PHASE2:
            s[G.CUR] = s[G.ACTIVE]
            s[G.DK] = DK.MOVE
        elif step == ST.DELIVERY:
            s[G.CUR] = s[G.DEL_PLAYER]
            s[G.DK] = DK.DELIVER
        else:
            end_turn(s)


@njit(_nrt=False)
def apply(s, t, o, tr):
    """Carry out legal option o of the pending decision, then advance the game."""
    dk = s[G.DK]
    s[G.DK] = DK.NONE
    if dk == DK.DRIVE:
        apply_drive(s, t, actions.payload_of(o), tr)
    elif dk == DK.MOVE:
        apply_move(s, t, o, tr)
    elif dk == DK.USE:
        apply_use(s, t, o, tr)
    elif dk == DK.DELIVER:
        apply_deliver(s, t, o, tr)
    elif dk == DK.SHIP:
        apply_ship(s, t, actions.payload_of(o), tr)
    elif dk == DK.PABLO:
        apply_pablo(s, t, actions.payload_of(o), tr)
    elif dk == DK.ZORRO:
        apply_zorro(s, t, actions.payload_of(o), tr)
    elif dk == DK.ALONSO:
        apply_alonso(s, t, o, tr)
    advance(s, t, tr)
