"""Jamaica transitions: `apply` carries out one legal option, `advance` runs the round on to
the next decision point (actions.py describes the decision model).

A round is a sequence of steps (state.ST) held in G.STEP: the dice, the card choices, then
each seat's card from the Captain, morning then evening, each action a load (JAM-R10) or a
move (JAM-R11) whose arrival brings combat (JAM-R15..R19), costs and shortage (JAM-R13, R14);
then the Ghost Ship's moves (JAM-V1) and the end of the round (JAM-R9, R22). A step that needs
a choice sets G.DK and stops; `apply` records the choice and `advance` goes on.

`tr` is the trace buffer (core.common.trace); a one-row buffer records nothing.

Speed: the steps and the helpers a move or a load runs through are compiled into `advance`
and into `apply` (which the play loop compiles into its step), so a decision makes no call
but to list routes and holds; what stays out of line runs a few times a round at most
(combat, the end of a round).
"""
import numpy as np

from core.common.ranking import rank_by_keys
from core.common.rng import rng_below
from core.common.stored_rng import load_stream, save_stream
from core.common.trace import log_out_of_line as log
from core.jamaica import actions
from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.actions import MAX_OPTIONS, OT
from core.jamaica.codes import EV, M, SW, T
from core.jamaica.state import DK, G, O, P, PH, ST
from core.jit import njit, stack_array

NSRC = C.NSRC  # a plain global: stack_array takes its size as a compile-time constant



@njit(inline="always")
def draw_below(s, n):
    """A uniform integer in [0, n) from the game's stream kept in the state."""
    rng = stack_array(1, 0, np.uint64)
    load_stream(s, G.RNG, rng)
    v = rng_below(rng, n)
    save_stream(s, G.RNG, rng)
    return v


@njit(inline="always")
def count(s, ship, slot, k):
    """Add k to a player's counter (the Ghost Ship keeps none)."""
    if not S.is_ghost(s, ship):
        s[S.pbase(ship) + slot] += k


# ---------------------------------------------------------------- treasures (JAM-R13, R19)


@njit(inline="always")
def to_player(s, t, c, p):
    """Treasure card c comes to player p, who looks at it (JAM-R13, R19): a power is laid face
    up and works at once (§8.4), a value or cursed card face down."""
    s[O.TOWNER + c] = p
    s[O.TFACE + c] = C.FACE_UP if t[T.TREASURE_KIND + c] == C.POWER else C.FACE_DOWN
    s[O.TSEEN + c] |= 1 << p


@njit(inline="always")
def draw_treasure(s, t, tr, ship):
    """A lair with its token: the token goes, the ship takes the top treasure card; the Ghost
    Ship's lies face down, unseen by the players (JAM-V1.3)."""
    x = s[S.pbase(ship) + P.POS]
    s[O.TOKEN + x] = 0
    if s[G.TPILE_N] == 0:
        return
    s[G.TPILE_N] -= 1
    c = s[O.TPILE + s[G.TPILE_N]]
    s[O.TPILE + s[G.TPILE_N]] = 0
    if S.is_ghost(s, ship):
        s[O.TOWNER + c] = ship
        s[O.TFACE + c] = C.FACE_DOWN_LAIR
        s[O.TSEEN + c] = 0
    else:
        to_player(s, t, c, ship)
    count(s, ship, P.LAIRS, 1)
    log(tr, s, EV.TREASURE, ship, -1 if S.face_down(s, c) else c, x, 0, 0)


@njit(_nrt=False)
def pass_card(s, t, c, to):
    """Treasure card c changes hands. A player looks at it (to_player); at the Ghost Ship it
    lies as it lay (a stolen power face up, any other card face down) and whoever knew it
    still knows it. A face-up 6th Hold takes its contents along (§8.4), of which the Ghost
    Ship keeps only doubloons (JAM-V1); a face-down one (the ghost's lair card) holds none."""
    frm = s[O.TOWNER + c]
    if S.is_ghost(s, to):
        s[O.TOWNER + c] = to
    else:
        to_player(s, t, c, to)
    if t[T.TREASURE_KIND + c] == C.POWER and t[T.TREASURE_VALUE + c] == C.SIXTH_HOLD:
        bf, bt = S.pbase(frm), S.pbase(to)
        kind = s[bf + P.HOLD_KIND + C.SIXTH]
        keep = not S.is_ghost(s, to) or kind == C.GOLD
        s[bt + P.HOLD_KIND + C.SIXTH] = kind if keep else C.EMPTY
        s[bt + P.HOLD_N + C.SIXTH] = s[bf + P.HOLD_N + C.SIXTH] if keep else 0
        s[bf + P.HOLD_KIND + C.SIXTH] = C.EMPTY
        s[bf + P.HOLD_N + C.SIXTH] = 0


# ---------------------------------------------------------------- loads (JAM-R10)


@njit(inline="always")
def bank_left(s, t, kind):
    """Tokens of `kind` left in the bank under bank_limited (JAM-Q3)."""
    total = t[T.MISC + M.BANK_GOLD + kind - C.GOLD]
    for q in range(s[G.NSHIPS]):
        total -= S.amount(s, q, kind)
    return total


@njit(inline="always")
def do_load(s, t, tr, h):
    """Load the pending tokens into hold h, emptying it first if needed."""
    ship = s[G.LOAD_SHIP]
    b = S.pbase(ship)
    if s[b + P.HOLD_KIND + h] != C.EMPTY:
        kind, n = s[b + P.HOLD_KIND + h], s[b + P.HOLD_N + h]
        s[b + P.HOLD_KIND + h] = C.EMPTY
        s[b + P.HOLD_N + h] = 0
        log(tr, s, EV.DUMP, ship, h, kind, n, 0)
    s[b + P.HOLD_KIND + h] = s[G.LOAD_KIND]
    s[b + P.HOLD_N + h] = s[G.LOAD_N]
    log(tr, s, EV.LOAD, ship, s[G.LOAD_KIND], s[G.LOAD_N], h, 0)
    s[G.STEP] = s[G.LOAD_NEXT]


@njit(inline="always")
def start_load(s, t, tr, ship, kind, n, after):
    """JAM-R10: n tokens of `kind` for ship into one hold; then step `after`."""
    if t[T.SWITCHES + SW.BANK_LIMITED] == 1:
        n = min(n, bank_left(s, t, kind))
    s[G.LOAD_SHIP] = ship
    s[G.LOAD_KIND] = kind
    s[G.LOAD_N] = n
    s[G.LOAD_NEXT] = after
    s[G.STEP] = after
    if n <= 0:
        return
    opts = stack_array(MAX_OPTIONS, 0, np.int32)
    m = actions.load_holds(s, t, ship, kind, opts)
    if m == 0:
        count(s, ship, P.LOADS_LOST, 1)
        log(tr, s, EV.LOAD_LOST, ship, kind, n, 0, 0)
    elif m == 1:
        do_load(s, t, tr, actions.payload(opts[0]))
    else:
        s[G.DK] = DK.HOLD
        s[G.CUR] = actions.controller(s, ship)


# ---------------------------------------------------------------- payments (JAM-R13, Q4)


@njit(inline="always")
def start_payment(s, ship, kind, n, after, event):
    """Ship pays n tokens of `kind` from its holds (step PAY), `event` is logged once they are
    paid (the state recorded with an event is the state after it); then step `after`."""
    s[G.PAY_SHIP] = ship
    s[G.PAY_KIND] = kind
    s[G.PAY_LEFT] = n
    s[G.PAY_TOTAL] = n
    s[G.PAY_NEXT] = after
    s[G.PAY_EVENT] = event
    s[G.STEP] = ST.PAY


@njit(inline="always")
def log_payment(s, t, tr):
    """The payment's event: a space's cost paid in full, a shortage, or a combat bid."""
    ship, res, n = s[G.PAY_SHIP], s[G.PAY_KIND], s[G.PAY_TOTAL]
    x = s[S.pbase(ship) + P.POS]
    if s[G.PAY_EVENT] == EV.PAY:
        log(tr, s, EV.PAY, ship, res, n, x, 0)
    elif s[G.PAY_EVENT] == EV.SHORTAGE:
        log(tr, s, EV.SHORTAGE, ship, res, n, t[T.SPACE_COST + x], 0)
    else:
        log(tr, s, EV.BID, ship, n, 0, 0, 0)


@njit(inline="always")
def pay_from(s, h):
    """Take what is still owed, or all it holds, from hold h of the paying ship."""
    b = S.pbase(s[G.PAY_SHIP])
    k = min(s[G.PAY_LEFT], s[b + P.HOLD_N + h])
    s[b + P.HOLD_N + h] -= k
    if s[b + P.HOLD_N + h] == 0:
        s[b + P.HOLD_KIND + h] = C.EMPTY
    s[G.PAY_LEFT] -= k


@njit(inline="always")
def step_pay(s, t, tr):
    """Pay the next part: from the smallest hold, or the hold the player picks (JAM-Q4)."""
    if s[G.PAY_LEFT] <= 0:
        log_payment(s, t, tr)
        s[G.STEP] = s[G.PAY_NEXT]
        return
    ship = s[G.PAY_SHIP]
    if t[T.SWITCHES + SW.PAY_ORDER] == 1 and not S.is_ghost(s, ship):
        opts = stack_array(MAX_OPTIONS, 0, np.int32)
        if actions.pay_holds(s, t, ship, s[G.PAY_KIND], opts) > 1:
            s[G.DK] = DK.PAY
            s[G.CUR] = ship
            return
    pay_from(s, actions.smallest_hold(s, ship, s[G.PAY_KIND]))


# ---------------------------------------------------------------- moves (JAM-R11, R14, R21)


@njit(inline="always")
def do_route(s, t, tr, o):
    """Put the moving ship on the chosen end: a move arrives (combat, cost); a finish stops
    on Port Royal (JAM-R22)."""
    ship = s[G.MOVER]
    b = S.pbase(ship)
    x = actions.payload(o) & ((1 << actions.RACE_SHIFT) - 1)
    race = actions.payload(o) >> actions.RACE_SHIFT
    frm = s[b + P.POS]
    s[b + P.POS] = x
    s[b + P.RACE] = race
    log(tr, s, EV.FALLBACK if s[G.ROUTE_MODE] == 1 else EV.MOVE, ship, frm, x, race, 0)
    if race == C.FINISHED:
        s[G.ENDING] = 1
        log(tr, s, EV.FINISH, ship, 0, 0, 0, 0)
        s[G.STEP] = s[G.ARRIVE_NEXT]
    else:
        s[G.STEP] = ST.ARRIVE


@njit(inline="always")
def offer_route(s, t, tr):
    """The ends of the pending move or fallback: one is taken at once, several are a
    decision of the ship's controller."""
    opts = stack_array(MAX_OPTIONS, 0, np.int32)
    m = actions.route_ends(s, t, s[G.MOVER], s[G.DIR] == C.FORWARD, s[G.STEPS],
                           s[G.ROUTE_MODE] == 1, opts)
    if m == 1:
        do_route(s, t, tr, opts[0])
    else:
        s[G.DK] = DK.ROUTE
        s[G.CUR] = actions.controller(s, s[G.MOVER])


@njit(inline="always")
def start_move(s, t, tr, ship, direction, steps, after):
    """JAM-R11: ship moves exactly `steps` in `direction`; then step `after`."""
    s[G.MOVER] = ship
    s[G.DIR] = direction
    s[G.STEPS] = steps
    s[G.ROUTE_MODE] = 0
    s[G.ARRIVE_NEXT] = after
    offer_route(s, t, tr)


# ---------------------------------------------------------------- combat (JAM-R15..R20)


@njit(inline="always")
def begin_combat(s, t, tr, a, d):
    """JAM-R15: the arriving ship attacks."""
    s[G.ATTACKER] = a
    s[G.DEFENDER] = d
    s[G.ATK_POWDER] = 0
    s[G.DEF_POWDER] = 0
    s[G.ATK_FACE] = 0
    s[G.DEF_FACE] = 0
    s[G.SABRE] = 0
    s[G.WINNER] = -1
    s[G.LOSER] = -1
    count(s, a, P.ATTACKS, 1)
    log(tr, s, EV.COMBAT, a, d, s[S.pbase(a) + P.POS], 0, 0)
    s[G.STEP] = ST.BID_ATK


@njit(inline="always")
def strength(s, t, ship, face, powder):
    """JAM-R16: face + gunpowder (+2 with Lady Beth)."""
    beth = t[T.MISC + M.BETH_BONUS] if S.has_power(s, t, ship, C.BETH) else 0
    return face + powder + beth


@njit(_nrt=False)
def roll(s, t, tr, ship):
    """Roll the combat die for ship; store and log it."""
    face = t[T.DIE + draw_below(s, C.NFACES)]
    attacker = ship == s[G.ATTACKER]
    s[G.ATK_FACE if attacker else G.DEF_FACE] = face
    powder = s[G.ATK_POWDER if attacker else G.DEF_POWDER]
    log(tr, s, EV.ROLL, ship, face, strength(s, t, ship, face, powder) if face >= 0 else -1, 0,
        0)


@njit(_nrt=False)
def offer_sabre(s, t, bit):
    """JAM-R20 / JAM-Q2: a fighter holding Saran's Sabre may have the die just rolled (bit 1
    the attacker's, 2 the defender's) rolled again: once per battle, or once per die."""
    holder = -1
    for q in (s[G.ATTACKER], s[G.DEFENDER]):
        if not S.is_ghost(s, q) and S.has_power(s, t, q, C.SABRE):
            holder = q
    if holder < 0:
        return
    used = s[G.SABRE] & 4 if t[T.SWITCHES + SW.SABRE_MODE] == 0 else s[G.SABRE] & bit
    if used == 0:
        s[G.DK] = DK.SABRE
        s[G.CUR] = holder


@njit(inline="always")
def step_bid(s, t, tr, ship, after):
    """JAM-R16: a ship with gunpowder bids (a decision); the ghost and the empty-handed bid 0."""
    s[G.STEP] = after
    if not S.is_ghost(s, ship) and S.amount(s, ship, C.POWDER) > 0:
        s[G.DK] = DK.BID
        s[G.CUR] = ship


@njit(_nrt=False)
def step_result(s, t, tr):
    """JAM-R17, R18: a star wins at once; else the stronger wins, a tie does nothing."""
    a, d = s[G.ATTACKER], s[G.DEFENDER]
    if s[G.ATK_FACE] < 0:
        w = a
    elif s[G.DEF_FACE] < 0:
        w = d
    else:
        sa = strength(s, t, a, s[G.ATK_FACE], s[G.ATK_POWDER])
        sd = strength(s, t, d, s[G.DEF_FACE], s[G.DEF_POWDER])
        w = a if sa > sd else (d if sd > sa else -1)
    if w < 0:
        count(s, a, P.FIGHTS_TIED, 1)
        count(s, d, P.FIGHTS_TIED, 1)
        log(tr, s, EV.RESULT, -1, -1, a, d, 0)
        s[G.STEP] = ST.COST
        return
    loser = d if w == a else a
    s[G.WINNER] = w
    s[G.LOSER] = loser
    count(s, w, P.FIGHTS_WON, 1)
    count(s, loser, P.FIGHTS_LOST, 1)
    log(tr, s, EV.RESULT, w, loser, a, d, 0)
    s[G.STEP] = ST.COST
    s[G.DK] = DK.SPOILS
    s[G.CUR] = actions.spoils_decider(s, w, loser)
    if t[T.SWITCHES + SW.BLIND_STEAL] == 1:  # JAM-Q5 look: the decider sees what it may take
        for c in range(C.NTREASURES):
            if actions.stealable(s, t, c, loser) and S.face_down(s, c):
                s[O.TSEEN + c] |= 1 << s[G.CUR]


# ---------------------------------------------------------------- arrival and costs


@njit(inline="always")
def step_arrive(s, t, tr):
    """JAM-R12: on a space other than Port Royal with other ships, fight first."""
    mover = s[G.MOVER]
    x = s[S.pbase(mover) + P.POS]
    s[G.STEP] = ST.COST
    if x == 0:
        return
    other = -1
    n = 0
    for q in range(s[G.NSHIPS]):
        if q != mover and s[S.pbase(q) + P.POS] == x:
            other = q
            n += 1
    if n == 1:
        begin_combat(s, t, tr, mover, other)
    elif n > 1:
        s[G.DK] = DK.TARGET
        s[G.CUR] = actions.controller(s, mover)


@njit(inline="always")
def step_cost(s, t, tr):
    """JAM-R13, R14: Port Royal is free; a lair gives its treasure; a port costs doubloons, the
    sea food; a shortage pays all and falls back. The Ghost Ship pays nothing (JAM-V1)."""
    ship = s[G.MOVER]
    b = S.pbase(ship)
    x = s[b + P.POS]
    kind = t[T.SPACE_KIND + x]
    s[G.STEP] = ST.MOVE_DONE
    if kind == C.LAIR:
        if s[O.TOKEN + x] == 1:
            draw_treasure(s, t, tr, ship)
        return
    if kind == C.PORT_ROYAL or S.is_ghost(s, ship):
        return
    res = C.GOLD if kind == C.PORT else C.FOOD
    need = t[T.SPACE_COST + x]
    have = S.amount(s, ship, res)
    paid = min(need, have)
    s[b + (P.GOLD_PAID if res == C.GOLD else P.FOOD_PAID)] += paid
    if have >= need:
        start_payment(s, ship, res, need, ST.MOVE_DONE, EV.PAY)
    else:
        s[b + P.SHORTAGES] += 1
        start_payment(s, ship, res, have, ST.FALLBACK, EV.SHORTAGE)


# ---------------------------------------------------------------- the round (JAM-R6..R9)


@njit(inline="always")
def step_round_start(s, t, tr):
    """JAM-R6: the Captain rolls the two action dice and places them."""
    s[G.ROUND] += 1
    log(tr, s, EV.ROUND, s[G.CAPTAIN], s[G.ROUND], 0, 0, 0)
    s[G.DIE_M] = 1 + draw_below(s, C.DIE_MAX)
    s[G.DIE_E] = 1 + draw_below(s, C.DIE_MAX)
    s[G.CHOOSER] = 0
    s[G.STEP] = ST.CHOOSE
    if s[G.DIE_M] == s[G.DIE_E]:
        log(tr, s, EV.DICE, s[G.CAPTAIN], s[G.DIE_M], s[G.DIE_E], 0, 0)
    else:
        s[G.DK] = DK.DICE
        s[G.CUR] = s[G.CAPTAIN]


@njit(inline="always")
def seat_from_captain(s, k):
    """The k-th seat clockwise from the Captain."""
    p = s[G.CAPTAIN] + k
    return p - s[G.NP] if p >= s[G.NP] else p


@njit(inline="always")
def step_choose(s, t, tr):
    """JAM-R7: every seat, from the Captain, lays a card face down."""
    if s[G.CHOOSER] == s[G.NP]:
        s[G.TURN] = 0
        s[G.STEP] = ST.TURN
    else:
        s[G.DK] = DK.CARD
        s[G.CUR] = seat_from_captain(s, s[G.CHOOSER])


@njit(inline="always")
def step_turn(s, t, tr):
    """JAM-R8: the next seat from the Captain reveals its card; after the last, the Ghost
    Ship's moves or the end of the round."""
    if s[G.TURN] == s[G.NP]:
        s[G.GHOST_LEFT] = t[T.MISC + M.GHOST_MOVES] if s[G.GHOST] >= 0 else 0
        s[G.STEP] = ST.GHOST
        return
    p = seat_from_captain(s, s[G.TURN])
    b = S.pbase(p)
    c = s[b + P.CHOSEN]
    s[b + P.SHOWN] = c
    s[b + P.CHOSEN] = -1
    s[b + P.DISCARD] |= 1 << c
    log(tr, s, EV.REVEAL, p, c, 0, 0, 0)
    s[G.HALF] = 0
    s[G.STEP] = ST.ACTION


@njit(inline="always")
def step_action(s, t, tr):
    """JAM-R8: the card's morning symbol with the morning die, then the evening symbol with
    the evening die; a finished ship does nothing more (JAM-R22)."""
    p = seat_from_captain(s, s[G.TURN])
    b = S.pbase(p)
    s[G.STEP] = ST.ACTION_DONE
    if s[b + P.RACE] == C.FINISHED:
        return
    sym = t[T.CARD_SYM + 2 * s[b + P.SHOWN] + s[G.HALF]]
    die = s[G.DIE_E] if s[G.HALF] == 1 else s[G.DIE_M]
    if sym <= C.POWDER:
        start_load(s, t, tr, p, sym, die, ST.ACTION_DONE)
    else:
        start_move(s, t, tr, p, sym, die, ST.ACTION_DONE)


@njit(inline="always")
def step_action_done(s, t, tr):
    """Morning done: the evening; evening done: the next seat."""
    if s[G.HALF] == 0:
        s[G.HALF] = 1
        s[G.STEP] = ST.ACTION
    else:
        s[G.TURN] += 1
        s[G.STEP] = ST.TURN


@njit(inline="always")
def step_ghost(s, t, tr):
    """JAM-V1: the Ghost Ship moves by the morning die, then by the evening die (JAM-Q12):
    backward when it leads, forward when it trails, else as the Captain chooses
    (JAM-Q11: JAM-R24's measure; a tie is the Captain's choice)."""
    if s[G.GHOST_LEFT] == 0:
        s[G.STEP] = ST.ROUND_END
        return
    first = s[G.GHOST_LEFT] == t[T.MISC + M.GHOST_MOVES]
    s[G.GHOST_LEFT] -= 1
    ghost = s[G.GHOST]
    s[G.MOVER] = ghost
    s[G.STEPS] = s[G.DIE_M] if first else s[G.DIE_E]
    mine = S.togo(s, t, ghost)
    ahead = 0
    behind = 0
    for p in range(s[G.NP]):
        q = S.togo(s, t, p)
        ahead += q > mine
        behind += q < mine
    if ahead == s[G.NP] or behind == s[G.NP]:
        d = C.BACKWARD if ahead == s[G.NP] else C.FORWARD
        log(tr, s, EV.GHOST_DIR, s[G.CAPTAIN], d, 0, 0, 0)
        start_move(s, t, tr, ghost, d, s[G.STEPS], ST.GHOST)
    else:
        s[G.DK] = DK.GHOST_DIR
        s[G.CUR] = s[G.CAPTAIN]


@njit(_nrt=False)
def end_game(s, t, tr):
    """JAM-R23: the face-down treasures are shown (players', then the Ghost Ship's), one
    score event per player and source; the game is over."""
    if tr.shape[0] > 1:
        for q in range(s[G.NSHIPS]):
            for c in range(C.NTREASURES):
                if s[O.TOWNER + c] == q and S.face_down(s, c):
                    log(tr, s, EV.SHOW, q, c, 0, 0, 0)
        out = stack_array(NSRC, 0, np.int64)  # score_by_source fills every entry
        for p in range(s[G.NP]):
            S.score_by_source(s, t, p, out)
            for src in range(C.NSRC):
                if out[src] != 0:
                    log(tr, s, EV.SCORE, p, src, out[src], 0, 0)
    s[G.PHASE] = PH.OVER
    s[G.DK] = DK.NONE
    log(tr, s, EV.GAME_END, -1, s[G.ROUND], 0, 0, 0)


@njit(inline="always")
def step_round_end(s, t, tr):
    """JAM-R9: hands are refilled (a deck rebuilt from the discards when empty) and the compass
    passes left; after a finish (JAM-R22) or the round cap (JAM-Q10) the game ends."""
    rng = stack_array(1, 0, np.uint64)
    load_stream(s, G.RNG, rng)
    for k in range(s[G.NP]):
        p = seat_from_captain(s, k)
        b = S.pbase(p)
        s[b + P.SHOWN] = -1
        drawn, shuffled = S.draw_cards(s, rng, p, S.hand_size(s, t, p) - s[b + P.HAND_N])
        if shuffled > 0:
            log(tr, s, EV.RESHUFFLE, p, shuffled, 0, 0, 0)
        log(tr, s, EV.DRAW, p, drawn, 0, 0, 0)
    save_stream(s, G.RNG, rng)
    if s[G.ENDING] == 1:
        log(tr, s, EV.END_TRIGGER, -1, s[G.ROUND], 0, 0, 0)
        end_game(s, t, tr)
        return
    if s[G.ROUND] >= t[T.SWITCHES + SW.MAX_ROUNDS]:
        end_game(s, t, tr)
        return
    s[G.CAPTAIN] = seat_from_captain(s, 1)
    log(tr, s, EV.COMPASS, s[G.CAPTAIN], 0, 0, 0, 0)
    s[G.STEP] = ST.ROUND_START


@njit(inline="always")
def step(s, t, tr):
    """Run the pending step (state.ST)."""
    st = s[G.STEP]
    if st == ST.ROUND_START:
        step_round_start(s, t, tr)
    elif st == ST.CHOOSE:
        step_choose(s, t, tr)
    elif st == ST.TURN:
        step_turn(s, t, tr)
    elif st == ST.ACTION:
        step_action(s, t, tr)
    elif st == ST.ACTION_DONE:
        step_action_done(s, t, tr)
    elif st == ST.GHOST:
        step_ghost(s, t, tr)
    elif st == ST.ROUND_END:
        step_round_end(s, t, tr)
    elif st == ST.ARRIVE:
        step_arrive(s, t, tr)
    elif st == ST.BID_ATK:
        step_bid(s, t, tr, s[G.ATTACKER], ST.ROLL_ATK)
    elif st == ST.ROLL_ATK:
        roll(s, t, tr, s[G.ATTACKER])
        s[G.STEP] = ST.AFTER_ATK
        offer_sabre(s, t, 1)
    elif st == ST.AFTER_ATK:  # JAM-R17: after the attacker's star the defender does nothing
        s[G.STEP] = ST.RESULT if s[G.ATK_FACE] < 0 else ST.BID_DEF
    elif st == ST.BID_DEF:
        step_bid(s, t, tr, s[G.DEFENDER], ST.ROLL_DEF)
    elif st == ST.ROLL_DEF:
        roll(s, t, tr, s[G.DEFENDER])
        s[G.STEP] = ST.RESULT
        offer_sabre(s, t, 2)
    elif st == ST.RESULT:
        step_result(s, t, tr)
    elif st == ST.COST:
        step_cost(s, t, tr)
    elif st == ST.FALLBACK:
        s[G.ROUTE_MODE] = 1
        s[G.DIR] = C.BACKWARD
        offer_route(s, t, tr)
    elif st == ST.PAY:
        step_pay(s, t, tr)
    else:  # ST.MOVE_DONE
        s[G.STEP] = s[G.ARRIVE_NEXT]


@njit
def standings(s, t, key, rank, share):
    """JAM-R23, R24: score, then fewest spaces left to Port Royal; still tied, shared. key[p]
    receives the seats' sort keys."""
    for p in range(s[G.NP]):
        key[p] = S.score(s, t, p) * 256 - S.togo(s, t, p)
    rank_by_keys(key, rank, share)


@njit(inline="always")
def run_steps(s, t, tr):
    """Run steps until a decision is pending or the game is over (advance's body)."""
    if s[G.PHASE] == PH.SETUP:
        s[G.PHASE] = PH.PLAY
        log(tr, s, EV.SETUP, s[G.CAPTAIN], s[G.NP], 1 if s[G.GHOST] >= 0 else 0, s[G.TPILE_N],
            0)
    while s[G.DK] == DK.NONE and s[G.PHASE] == PH.PLAY:
        step(s, t, tr)


@njit(_nrt=False)
def advance(s, t, tr):
    """Run steps until a decision is pending or the game is over."""
    run_steps(s, t, tr)


# ---------------------------------------------------------------- the decisions


@njit(inline="always")
def apply_dice(s, t, o, tr):
    """JAM-R6: the Captain keeps or swaps the dice."""
    swap = actions.tag(o) == OT.SWAP
    if swap:
        s[G.DIE_M], s[G.DIE_E] = s[G.DIE_E], s[G.DIE_M]
    log(tr, s, EV.DICE, s[G.CAPTAIN], s[G.DIE_M], s[G.DIE_E], 1 if swap else 0, 0)


@njit(inline="always")
def apply_card(s, t, o, tr):
    """JAM-R7: the card leaves the hand face down."""
    p = s[G.CUR]
    b = S.pbase(p)
    c = actions.payload(o)
    s[b + P.HAND] &= ~(1 << c)
    s[b + P.HAND_N] -= 1
    s[b + P.CHOSEN] = c
    s[G.CHOOSER] += 1
    log(tr, s, EV.CHOOSE, p, 0, 0, 0, 0)


@njit(inline="always")
def apply_hold(s, t, o, tr):
    """JAM-R10: the load goes into the chosen hold."""
    do_load(s, t, tr, actions.payload(o))


@njit(inline="always")
def apply_route(s, t, o, tr):
    """JAM-R11 / R14: the chosen end."""
    do_route(s, t, tr, o)


@njit(inline="always")
def apply_ghost_dir(s, t, o, tr):
    """JAM-V1: the Captain's direction for the Ghost Ship."""
    d = actions.payload(o)
    log(tr, s, EV.GHOST_DIR, s[G.CAPTAIN], d, 1, 0, 0)
    start_move(s, t, tr, s[G.GHOST], d, s[G.STEPS], ST.GHOST)


@njit(inline="always")
def apply_target(s, t, o, tr):
    """JAM-R15: fight the chosen ship."""
    begin_combat(s, t, tr, s[G.MOVER], actions.payload(o))


@njit(inline="always")
def apply_bid(s, t, o, tr):
    """JAM-R16: the bid gunpowder is spent from the holds, whatever the result."""
    ship = s[G.CUR]
    k = actions.payload(o)
    s[G.ATK_POWDER if ship == s[G.ATTACKER] else G.DEF_POWDER] = k
    s[S.pbase(ship) + P.POWDER_SPENT] += k
    start_payment(s, ship, C.POWDER, k, s[G.STEP], EV.BID)


@njit(inline="always")
def apply_sabre(s, t, o, tr):
    """JAM-R20: the die just rolled is rolled again; the second result stands."""
    if actions.tag(o) != OT.REROLL:
        return
    attacker_die = s[G.STEP] == ST.AFTER_ATK
    ship = s[G.ATTACKER] if attacker_die else s[G.DEFENDER]
    s[G.SABRE] |= (1 if attacker_die else 2) | 4
    log(tr, s, EV.SABRE, s[G.CUR], ship, 0, 0, 0)
    roll(s, t, tr, ship)


@njit(inline="always")
def apply_spoils(s, t, o, tr):
    """JAM-R19: the winner's spoils; the Ghost Ship keeps only doubloons (JAM-V1)."""
    w, l = s[G.WINNER], s[G.LOSER]
    kind = actions.tag(o)
    x = actions.payload(o)
    bl = S.pbase(l)
    if kind == OT.TAKE_HOLD:
        res, n = s[bl + P.HOLD_KIND + x], s[bl + P.HOLD_N + x]
        s[bl + P.HOLD_KIND + x] = C.EMPTY
        s[bl + P.HOLD_N + x] = 0
        count(s, w, P.HOLDS_TAKEN, 1)
        log(tr, s, EV.TAKE_HOLD, w, l, res, n, 0)
        if not S.is_ghost(s, w) or res == C.GOLD:
            start_load(s, t, tr, w, res, n, ST.COST)
    elif kind == OT.TAKE_CARD or kind == OT.BLIND:
        if kind == OT.BLIND:  # JAM-R19 (b), JAM-Q5 random: one face-down card at random
            n = 0
            for c in range(C.NTREASURES):
                if actions.stealable(s, t, c, l) and S.face_down(s, c):
                    n += 1
            k = draw_below(s, n)
            for c in range(C.NTREASURES):
                if actions.stealable(s, t, c, l) and S.face_down(s, c):
                    if k == 0:
                        x = c
                    k -= 1
        pass_card(s, t, x, w)
        count(s, w, P.STOLEN, 1)
        log(tr, s, EV.TAKE_CARD, w, l, -1 if S.face_down(s, x) else x,
            1 if kind == OT.BLIND else 0, 0)
    elif kind == OT.GIVE:
        pass_card(s, t, x, l)
        count(s, w, P.CURSES_GIVEN, 1)
        log(tr, s, EV.GIVE_CURSED, w, l, 0, 0, 0)
    else:
        log(tr, s, EV.PASS, w, 0, 0, 0, 0)


@njit(inline="always")
def apply_pay(s, t, o, tr):
    """JAM-Q4 player_choice: the chosen hold pays the next part."""
    pay_from(s, actions.payload(o))


@njit(_nrt=False)
def apply(s, t, o, tr):
    """Carry out legal option o of the pending decision, then advance the game."""
    dk = s[G.DK]
    s[G.DK] = DK.NONE
    if dk == DK.CARD:
        apply_card(s, t, o, tr)
    elif dk == DK.DICE:
        apply_dice(s, t, o, tr)
    elif dk == DK.ROUTE:
        apply_route(s, t, o, tr)
    elif dk == DK.HOLD:
        apply_hold(s, t, o, tr)
    elif dk == DK.BID:
        apply_bid(s, t, o, tr)
    elif dk == DK.SPOILS:
        apply_spoils(s, t, o, tr)
    elif dk == DK.TARGET:
        apply_target(s, t, o, tr)
    elif dk == DK.SABRE:
        apply_sabre(s, t, o, tr)
    elif dk == DK.GHOST_DIR:
        apply_ghost_dir(s, t, o, tr)
    elif dk == DK.PAY:
        apply_pay(s, t, o, tr)
    run_steps(s, t, tr)
