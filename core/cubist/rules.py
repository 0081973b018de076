"""Cubist transitions: `apply` carries out one legal option, `advance` runs the game on to the
next decision point (see actions.py for the decision model).

`tr` is the trace buffer (core.common.trace): each `log` call records an event and the state
after it; a one-row buffer records nothing.
"""
from core.common.ranking import rank_by_keys
from core.common.rng import rng_below
from core.common.stored_rng import load_stream, save_stream
from core.common.trace import log_out_of_line as log
from core.cubist import actions
from core.cubist import codes as C
from core.cubist import geometry as GEO
from core.cubist import placements as PL
from core.cubist import state as S
from core.cubist.actions import MAX_OPTIONS, OT  # MAX_OPTIONS: literal size for stack_array
from core.cubist.codes import EV, M, SW, T
from core.cubist.codes import NCELL  # a literal size for stack_array
from core.cubist.state import DK, G, O, P, PH, VOFF
from core.jit import njit, stack_array
import numpy as np

NSRC = C.NSRC  # a plain global: stack_array takes its size as a compile-time constant


# ---------------------------------------------------------------- dice movements


@njit(inline="always")
def take_src(s, b, src):
    """Remove one die from a source (warehouse value or card space, CUBIST-R25); its value."""
    v = S.src_value(s, b, src)
    if src < C.NVAL:
        s[b + P.WARE + src] -= 1
    else:
        s[b + P.CD_ON + ((src - 8) >> 1)] = 0  # CUBIST-R28: an empty card is face down
    return v


@njit(inline="always")
def put_die(s, t, b, room, cell, v):
    """A die of value v onto a work-room column."""
    at = S.room_at(b, room)
    s[at + cell] += 1
    s[at + VOFF + cell] = v
    s[b + P.ROOM_N + room] += 1
    PL.put(s, t, b, room, cell)


@njit(inline="always")
def to_supply(s, p, n):
    s[S.pbase(p) + P.SUPPLY] += n


@njit(_nrt=False)
def reveal_artist(s, tr, slot):
    """Refill an artist slot from the deck (CUBIST-R20, R21)."""
    s[O.ART + slot] = S.draw_artist(s)
    s[O.ART_OWNER + slot] = -1
    s[O.ART_NDICE + slot] = 0
    s[O.ART_VALUE + slot] = 0
    s[O.ART_TURN + slot] = 0
    log(tr, s, EV.REVEAL, -1, slot, s[O.ART + slot], s[G.ADECK_N], 0)


@njit(_nrt=False)
def release_artist(s, slot):
    """The dice on an artist card go back to their owner's supply; how many."""
    owner = s[O.ART_OWNER + slot]
    n = s[O.ART_NDICE + slot]
    if owner >= 0:
        to_supply(s, owner, n)
        s[S.pbase(owner) + P.ARTIST_DICE] -= n
    s[O.ART_OWNER + slot] = -1
    s[O.ART_NDICE + slot] = 0
    s[O.ART_VALUE + slot] = 0
    return n


@njit(_nrt=False)
def flush_if_full(s, t, tr):
    """CUBIST-R20, Q5: when every face-up artist card holds dice, all go (deck bottom or out
    of the game), their dice return to their owners, and new ones are revealed."""
    up = t[T.MISC + M.ARTISTS_FACE_UP]
    for slot in range(up):
        if s[O.ART + slot] < 0 or s[O.ART_OWNER + slot] < 0:
            return
    dice = 0
    out = t[T.SWITCHES + SW.ARTIST_FLUSH_TO]
    for slot in range(up):
        dice += release_artist(s, slot)
        if out == 0:
            S.artist_to_bottom(s, s[O.ART + slot])
        s[O.ART + slot] = -1
    log(tr, s, EV.FLUSH, -1, up, dice, out, 0)
    for slot in range(up):
        reveal_artist(s, tr, slot)


@njit(_nrt=False)
def recruit(s, t, tr, me, slot, v, from_ware, from_cards, from_pending):
    """CUBIST-R17, R18: dice of value v onto the artist card in `slot`, bumping another
    player's (their dice back to their supply)."""
    b = S.pbase(me)
    owner = s[O.ART_OWNER + slot]
    if owner >= 0:
        n = release_artist(s, slot)
        if owner != me:
            s[b + P.BUMPS] += 1
            s[S.pbase(owner) + P.BUMPED] += 1
        log(tr, s, EV.BUMP, owner, slot, n, me, 0)
    s[b + P.WARE + v - 1] -= from_ware
    s[O.PENDING + v - 1] -= from_pending
    left = from_cards
    for k in range(S.card_spaces(s, b)):
        if left > 0 and s[b + P.CD_ON + k] and (s[b + P.CD_A + k] == v or
                                                 s[b + P.CD_B + k] == v):
            s[b + P.CD_ON + k] = 0
            left -= 1
    n = from_ware + from_cards + from_pending
    s[O.ART_OWNER + slot] = me
    s[O.ART_NDICE + slot] = n
    s[O.ART_VALUE + slot] = v
    s[O.ART_TURN + slot] = s[G.TURN]
    s[b + P.ARTIST_DICE] += n
    s[b + P.RECRUITS] += 1
    log(tr, s, EV.RECRUIT, me, slot, s[O.ART + slot], v | n << 4 | from_cards << 8, 0)
    flush_if_full(s, t, tr)


@njit(_nrt=False)
def gain(s, tr, me, v, kind, claimed):
    """A die from the supply into the warehouse showing v (Boccioni, Marc, Malevich,
    Rozanova)."""
    b = S.pbase(me)
    s[b + P.SUPPLY] -= 1
    s[b + P.WARE + v - 1] += 1
    log(tr, s, EV.GAIN, me, v, kind, claimed, 0)


@njit(_nrt=False)
def use_artist(s, t, tr, me, slot, param):
    """CUBIST-R21: the dice back to the supply, the card's action (§6.1), the card to the
    bottom of the deck and a new one revealed. Returns 1 when Pascin waits for the die's new
    position."""
    b = S.pbase(me)
    card = s[O.ART + slot]
    kind = t[T.ART_KIND + card]
    release_artist(s, slot)
    s[b + P.USED + kind] += 1
    if kind != C.PASCIN:
        log(tr, s, EV.USE, me, slot, card, param, 0)
    pending = 0
    if kind == C.BOCCIONI:
        gain(s, tr, me, t[T.ART_V2 + card] if param else t[T.ART_V1 + card], kind, 0)
    elif kind == C.MARC:
        gain(s, tr, me, param + 1, kind, 0)
    elif kind == C.MALEVICH:
        gain(s, tr, me, t[T.ART_V1 + card], kind, 0)
    elif kind == C.GRIS or kind == C.PASCIN:
        room, cell = actions.dest(param)
        at = S.room_at(b, room)
        v = actions.lift(s, at, cell)
        s[b + P.ROOM_N + room] -= 1
        PL.lift(s, t, b, room, cell)
        if kind == C.GRIS:
            s[b + P.SUPPLY] += 1
            log(tr, s, EV.REMOVE, me, room, cell, v, 0)
        else:  # the lifted die is off the rooms until its new position is chosen
            s[G.MOVE_V] = v
            s[G.MOVE_FROM] = room * C.NCELL + cell
            pending = 1
            log(tr, s, EV.USE, me, slot, card, param, 0)
    elif kind == C.FRESNAYE or kind == C.POPOVA:
        src, sign = param >> 1, param & 1
        step = t[T.ART_V1 + card]
        old = S.src_value(s, b, src)
        nv = old + step if sign == 0 else old - step
        if src < C.NVAL:
            s[b + P.WARE + src] -= 1
            s[b + P.WARE + nv - 1] += 1
        else:  # the card die now shows nv (an a/b space is no longer switchable)
            k = (src - 8) >> 1
            s[b + P.CD_A + k] = nv
            s[b + P.CD_B + k] = nv
        log(tr, s, EV.MODIFY, me, src, old, nv, 0)
    else:  # Rozanova (CUBIST-Q6)
        q, v = param >> 3, (param & 7) + 1
        bq = S.pbase(q)
        s[bq + P.STORE + v - 1] -= 1
        log(tr, s, EV.CLAIM, me, q, v, t[T.SWITCHES + SW.ROZANOVA], 0)
        if t[T.SWITCHES + SW.ROZANOVA] == 0:
            s[bq + P.SUPPLY] += 1
            gain(s, tr, me, v, kind, 1)
        else:  # the die itself changes hands
            s[bq + P.DICE] -= 1
            s[b + P.DICE] += 1
            s[b + P.WARE + v - 1] += 1
            log(tr, s, EV.GAIN, me, v, kind, 1, 0)
    S.artist_to_bottom(s, card)
    s[O.ART + slot] = -1
    reveal_artist(s, tr, slot)
    return pending


# ---------------------------------------------------------------- installations and museum


@njit(_nrt=False)
def trigger(s, t, tr, p, reason):
    """CUBIST-R30, Q2: the end is triggered (once)."""
    if s[G.FINAL] == 1:
        return
    s[G.FINAL] = 1
    s[G.TRIGGER] = p
    immediate = t[T.SWITCHES + SW.END_TIMING] == 1
    log(tr, s, EV.END_TRIGGER, p, reason, 1 if immediate else 0, 0, 0)
    if immediate:
        end_game(s, t, tr)


@njit(_nrt=False)
def empty_room(s, b, room, pending):
    """A room's columns emptied, their dice counted per value in O.PENDING when `pending`
    (only the cells its kept placements list can hold dice), and its kept placements
    cleared; its dice count is the caller's."""
    at = S.room_at(b, room)
    cells = stack_array(NCELL, 0, np.int32)
    for j in range(PL.cells(s, b, room, cells)):
        cell = cells[j]
        if pending and s[at + cell] > 0:
            s[O.PENDING + s[at + VOFF + cell] - 1] += s[at + cell]
        s[at + cell] = 0
        s[at + VOFF + cell] = 0
    PL.clear(s, b, room)


@njit(_nrt=False)
def complete(s, t, tr, me, room, slot):
    """CUBIST-R22: the dice back to the supply, the card taken, the display refilled, a die
    from the supply on each museum-die space."""
    b = S.pbase(me)
    card = s[O.DISPLAY + slot]
    empty_room(s, b, room, False)
    s[b + P.SUPPLY] += s[b + P.ROOM_N + room]
    s[b + P.ROOM_N + room] = 0
    h = s[b + P.HELD_N]
    s[b + P.HELD + h] = card
    s[b + P.HELD_N] = h + 1
    for j in range(t[T.INST_SPACES + card]):
        k = h * C.MAX_SPACES + j
        s[b + P.CD_A + k] = t[T.INST_SPACE_A + card * C.MAX_SPACES + j]
        s[b + P.CD_B + k] = t[T.INST_SPACE_B + card * C.MAX_SPACES + j]
        s[b + P.CD_ON + k] = 1
        s[b + P.SUPPLY] -= 1
    log(tr, s, EV.COMPLETE, me, room, card, slot, 0)
    s[O.DISPLAY + slot] = S.draw_installation(s)
    log(tr, s, EV.NEW_CARD, -1, slot, s[O.DISPLAY + slot], s[G.IDECK_N] - s[G.IDECK_PTR], 0)
    if s[b + P.HELD_N] == t[T.MISC + M.END_INSTALLATIONS]:
        trigger(s, t, tr, me, 1)


@njit(_nrt=False)
def museum_die(s, t, tr, me, src, cell):
    """CUBIST-R25, R26: a card die into the museum (R27 checked by the options)."""
    b = S.pbase(me)
    v = take_src(s, b, src)
    s[O.MUS_H + cell] += 1
    s[O.MUS_V + cell] = v
    s[b + P.MUSEUM] += 1
    log(tr, s, EV.MUSEUM_DIE, me, (src - 8) >> 1, v, cell, 0)
    if GEO.museum_complete(s, t, s[G.MUSEUM]):
        trigger(s, t, tr, me, 0)


@njit(_nrt=False)
def abandon(s, t, tr, me, room):
    """CUBIST-R24: every die of the room leaves it at once; they await artist cards (the
    abandon decision) or go to the supply."""
    b = S.pbase(me)
    empty_room(s, b, room, True)
    n = s[b + P.ROOM_N + room]
    s[b + P.ROOM_N + room] = 0
    s[b + P.ABANDONS] += 1
    log(tr, s, EV.ABANDON, me, room, n, 0, 0)


@njit(_nrt=False)
def await_artists(s, t, me):
    """After an abandon or a recruit with its dice: True when an artist card can still take
    some (the abandon decision is pending), else the rest go to the supply (CUBIST-R24)."""
    if actions.abandon_recruits(s, t, s[O.PENDING:O.PENDING], 0, False) > 0:
        s[G.DK] = DK.ABANDON
        return True
    pending_to_supply(s, me)
    return False


@njit(_nrt=False)
def pending_to_supply(s, me):
    n = 0
    for v in range(C.NVAL):
        n += s[O.PENDING + v]
        s[O.PENDING + v] = 0
    to_supply(s, me, n)


# ---------------------------------------------------------------- turns


@njit(_nrt=False)
def end_game(s, t, tr):
    """CUBIST-R31: score events; the game is over."""
    out = stack_array(NSRC, 0, np.int64)  # points_by_source fills every entry
    for p in range(s[G.NP]):
        S.points_by_source(s, t, p, out)
        for src in range(C.NSRC):
            log(tr, s, EV.SCORE, p, src, out[src], 0, 0)
    s[G.PHASE] = PH.OVER
    s[G.DK] = DK.NONE
    log(tr, s, EV.GAME_END, -1, 0, 0, 0, 0)


@njit(_nrt=False)
def roll(s, t, tr, me):
    """CUBIST-R8: roll up to misc.roll_dice dice of the supply into the warehouse."""
    b = S.pbase(me)
    n = min(t[T.MISC + M.ROLL_DICE], s[b + P.SUPPLY])
    rng = stack_array(1, 0, np.uint64)
    load_stream(s, G.RNG, rng)
    first, second = 0, 0
    for i in range(n):
        v = rng_below(rng, C.NVAL) + 1
        s[b + P.WARE + v - 1] += 1
        s[b + P.SUPPLY] -= 1
        if i == 0:
            first = v
        else:
            second = v
    save_stream(s, G.RNG, rng)
    s[G.ROLLED] = 1
    log(tr, s, EV.ROLL, me, n, first, second, 0)


@njit(_nrt=False)
def frees_dice(s, t, me):
    """Whether a step-3 action that frees dice exists (CUBIST-R8)."""
    opts = stack_array(MAX_OPTIONS, 0, np.int32)
    return actions.preroll_options(s, t, opts) > 0


@njit(inline="always")
def resume(s, t, tr):
    """Back to the turn after an action: before the roll, free dice while the supply is short
    and an action frees some (CUBIST-R8), else roll; after it, the main decision."""
    if s[G.PHASE] == PH.OVER:
        return
    me = s[G.CUR]
    if s[G.ROLLED] == 1:
        s[G.DK] = DK.MAIN
        return
    if s[S.pbase(me) + P.SUPPLY] < t[T.MISC + M.ROLL_DICE] and frees_dice(s, t, me):
        s[G.DK] = DK.MAIN  # before the roll: only actions that free dice (actions.py)
        return
    roll(s, t, tr, me)
    s[G.DK] = DK.MAIN


@njit(_nrt=False)
def begin_turn(s, t, tr):
    """A new turn: storage dice join the warehouse (CUBIST-R8), then the roll."""
    me = s[G.CUR]
    b = S.pbase(me)
    if me == s[G.START]:
        s[G.ROUND] += 1
    s[G.TURN] += 1
    s[G.ROLLED] = 0
    s[b + P.TURNS] += 1
    for v in range(C.NVAL):
        s[b + P.WARE + v] += s[b + P.STORE + v]
        s[b + P.STORE + v] = 0
    log(tr, s, EV.TURN, me, s[G.TURN], s[G.ROUND], s[G.FINAL], 0)
    resume(s, t, tr)


@njit(_nrt=False)
def end_turn(s, t, tr):
    """The turn is over; after the round in which the end was triggered (CUBIST-R30) or the
    round limit (engine safeguard) the game ends, else the next player (clockwise)."""
    nxt = s[G.CUR] + 1
    nxt = 0 if nxt == s[G.NP] else nxt
    s[G.DK] = DK.NONE
    if nxt == s[G.START]:
        if s[G.FINAL] == 1:
            end_game(s, t, tr)
            return
        if s[G.ROUND] >= t[T.MISC + M.MAX_ROUNDS]:
            log(tr, s, EV.ROUND_LIMIT, -1, s[G.ROUND], 0, 0, 0)
            end_game(s, t, tr)
            return
    s[G.CUR] = nxt


@njit
def standings(s, t, key, rank, share):
    """Rank and win share per seat (CUBIST-R32, Q10): points, then own museum dice, then
    completed installations, then shared; or shared right after points."""
    tie_break = t[T.SWITCHES + SW.FINAL_TIE] == 0
    for p in range(s[G.NP]):
        b = S.pbase(p)
        key[p] = S.score(s, t, p)
        if tie_break:
            key[p] = (key[p] * 64 + s[b + P.MUSEUM]) * 64 + s[b + P.HELD_N]
    rank_by_keys(key, rank, share)


# ---------------------------------------------------------------- the state machine


@njit(_nrt=False)
def advance(s, t, tr):
    """Run automatic steps until a decision is pending or the game is over."""
    if s[G.PHASE] == PH.SETUP:
        s[G.PHASE] = PH.PLAY
        log(tr, s, EV.SETUP, s[G.START], s[G.MUSEUM], s[G.CORNER], s[O.MUS_V + s[G.CORNER]],
            0)
    if s[G.DK] == DK.NONE and s[G.PHASE] == PH.PLAY:
        begin_turn(s, t, tr)


@njit(inline="always")
def step3(s, t, tr, o):
    """A step-3 action or a step-2 placement of the main or preroll decision."""
    me = s[G.CUR]
    b = S.pbase(me)
    kind = actions.tag(o)
    x = actions.payload(o)
    if kind == OT.PLACE:
        src = x >> actions.SRC_SHIFT
        room, cell = actions.dest(x)
        v = take_src(s, b, src)
        put_die(s, t, b, room, cell, v)
        log(tr, s, EV.PLACE, me, room, cell, v | (1 if src >= 8 else 0) << 4, 0)
    elif kind == OT.RECRUIT:
        slot, v, c = x & 3, (x >> 2) & 7, x >> 5
        k = t[T.ART_DICE + s[O.ART + slot]]
        recruit(s, t, tr, me, slot, v, k - c, c, 0)
    elif kind == OT.USE:
        if use_artist(s, t, tr, me, x & 3, x >> actions.USE_SHIFT):
            s[G.DK] = DK.PASCIN
            return
    elif kind == OT.COMPLETE:
        complete(s, t, tr, me, x & 1, x >> 1)
    elif kind == OT.ABANDON:
        abandon(s, t, tr, me, x)
        if await_artists(s, t, me):
            return
    elif kind == OT.MUSEUM:
        museum_die(s, t, tr, me, x >> 5, x & 31)
    resume(s, t, tr)


@njit(inline="always")
def apply_main(s, t, o, tr):
    """CUBIST-R8, R10..R28: one step, or the end of the turn (to the storage decision)."""
    if actions.tag(o) != OT.END:
        step3(s, t, tr, o)
        return
    if S.ware_total(s, S.pbase(s[G.CUR])) > 0:
        s[G.DK] = DK.STORE
    else:
        log(tr, s, EV.STORE, s[G.CUR], 0, 0, 0, 0)
        end_turn(s, t, tr)


@njit(_nrt=False)
def apply_pascin(s, t, o, tr):
    """CUBIST §6.1 Pascin: the lifted die at its new position."""
    me = s[G.CUR]
    room, cell = actions.dest(actions.payload(o))
    put_die(s, t, S.pbase(me), room, cell, s[G.MOVE_V])
    log(tr, s, EV.MOVE, me, s[G.MOVE_FROM], room * C.NCELL + cell, s[G.MOVE_V], 0)
    s[G.MOVE_V] = 0
    s[G.MOVE_FROM] = 0
    resume(s, t, tr)


@njit(_nrt=False)
def apply_abandon(s, t, o, tr):
    """CUBIST-R24: an artist card for abandoned dice, or the rest to the supply."""
    me = s[G.CUR]
    if actions.tag(o) == OT.ABANDON_RECRUIT:
        x = actions.payload(o)
        slot, v = x & 3, x >> 2
        recruit(s, t, tr, me, slot, v, 0, 0, t[T.ART_DICE + s[O.ART + slot]])
        if await_artists(s, t, me):
            return
    else:
        pending_to_supply(s, me)
    resume(s, t, tr)


@njit(_nrt=False)
def apply_store(s, t, o, tr):
    """CUBIST-R29: the kept dice to storage, the rest of the warehouse to the supply."""
    me = s[G.CUR]
    b = S.pbase(me)
    x = actions.payload(o)
    a, c = x & 7, x >> 3
    for v in (a, c):
        if v > 0:
            s[b + P.WARE + v - 1] -= 1
            s[b + P.STORE + v - 1] += 1
    rest = S.ware_total(s, b)
    for v in range(C.NVAL):
        s[b + P.WARE + v] = 0
    s[b + P.SUPPLY] += rest
    log(tr, s, EV.STORE, me, a, c, rest, 0)
    end_turn(s, t, tr)


@njit(_nrt=False)
def apply(s, t, o, tr):
    """Carry out legal option o of the pending decision, then advance the game."""
    dk = s[G.DK]
    s[G.DK] = DK.NONE
    if dk == DK.MAIN:
        apply_main(s, t, o, tr)
    elif dk == DK.PASCIN:
        apply_pascin(s, t, o, tr)
    elif dk == DK.ABANDON:
        apply_abandon(s, t, o, tr)
    elif dk == DK.STORE:
        apply_store(s, t, o, tr)
    advance(s, t, tr)
