"""Siberia transitions: `apply` carries out one legal option, `advance` runs the game on to the
next decision point (see actions.py for the decision model).

`tr` is the trace buffer (core.common.trace): each `log` call records an event and the state
after it; a one-row buffer records nothing.
"""
import numpy as np

from core.common.ranking import rank_by_keys
from core.common.rng import shuffle
from core.common.stored_rng import load_stream, save_stream
from core.common.trace import log_out_of_line as log
from core.jit import njit, stack_array
from core.siberia import actions
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.actions import OT
from core.siberia.codes import EV, M, SW, T
from core.siberia.state import DK, G, O, P, PH

NSRC = C.NSRC  # a plain global: stack_array takes its size as a compile-time constant


# ---------------------------------------------------------------- action cards (SIB-R6/R7)


@njit(_nrt=False)
def reshuffle(s, tr):
    """SIB-R7: the discards become the new draw pile, shuffled with the deal stream."""
    n = 0
    for ty in range(C.NTYPES):
        for _ in range(s[O.DISCARD + ty]):
            s[O.APILE + n] = ty
            n += 1
        s[O.DISCARD + ty] = 0
    s[G.DISCARD_N] = 0
    rng = stack_array(1, 0, np.uint64)  # no allocation (see core.jit)
    load_stream(s, G.RNG, rng)
    shuffle(rng, s[O.APILE:O.APILE + n], n)
    save_stream(s, G.RNG, rng)
    s[G.APILE_N] = n
    s[G.RESHUFFLES] += 1
    log(tr, s, EV.RESHUFFLE, -1, n, 0, 0, 0)


@njit(inline="always")
def draw(s, t, tr, p, n):
    """Player p draws up to n action cards (hand limit, SIB-R7); return how many."""
    b = S.pbase(p)
    k = actions.draw_count(s, t, b, n)
    for _ in range(k):
        if s[G.APILE_N] == 0:
            reshuffle(s, tr)
        top = O.APILE + s[G.APILE_N] - 1
        S.take_card(s, b, s[top])
        s[top] = 0
        s[G.APILE_N] -= 1
    log(tr, s, EV.DRAW, p, k, 0, 0, 0)
    return k


# ---------------------------------------------------------------- the resource row


@njit(inline="always")
def check_trigger(s, t, tr, p):
    """SIB-R16: the last card is discovered once the deck is empty and nothing is face down;
    then every player (SIB-Q5: the discoverer included or not) has one more turn."""
    if s[G.FINAL_LEFT] < 0 and S.deck_left(s) == 0 and S.face_down(s, t) == 0:
        s[G.FINAL_LEFT] = s[G.NP] + t[T.SWITCHES + SW.TRIGGER_PLAYER_EXTRA_TURN]
        s[G.TRIGGER] = p
        log(tr, s, EV.END_TRIGGER, p, s[G.FINAL_LEFT] - 1, 0, 0, 0)


@njit(inline="always")
def discover(s, t, tr, p, pos):
    """SIB-R5: turn the card at row position pos face up."""
    card = s[O.ROW + pos]
    s[O.FACE + pos] = 1
    s[G.FACE_DOWN] -= 1
    s[O.FACE_UP + t[T.RES_KIND + card]] += 1
    s[G.DISCOVERED] += 1
    s[S.pbase(p) + P.DISCOVERIES] += 1
    log(tr, s, EV.DISCOVER, p, pos, t[T.RES_KIND + card], t[T.RES_VALUE + card], 0)
    check_trigger(s, t, tr, p)


@njit(inline="always")
def refill(s, t, tr):
    """SIB-R15: slide the row toward the headframe keeping order and faces (SIB-Q1 slide), or
    leave the gaps where they are (in_place); then fill it up to its size with face-down
    cards from the deck while cards remain."""
    row = t[T.MISC + M.ROW_SIZE]
    added = 0
    if t[T.SWITCHES + SW.REFILL_MODE] == 0:
        j = 0
        for i in range(row):  # branch-free (the gaps are anywhere): slot j <= i is free
            card = s[O.ROW + i]
            s[O.ROW + j] = card
            s[O.FACE + j] = s[O.FACE + i]
            j += card >= 0
        # the gaps are now at the end: fill them in order while the deck lasts
        ptr = s[G.RDECK_PTR]
        added = min(row - j, s[G.RDECK_N] - ptr)
        for i in range(j, row):
            s[O.ROW + i] = s[O.RDECK + ptr + i - j] if i < j + added else -1
            s[O.FACE + i] = 0
        s[G.RDECK_PTR] = ptr + added
    else:
        for i in range(row):
            if s[O.ROW + i] < 0 and S.deck_left(s) > 0:
                s[O.ROW + i] = s[O.RDECK + s[G.RDECK_PTR]]
                s[O.FACE + i] = 0
                s[G.RDECK_PTR] += 1
                added += 1
    s[G.FACE_DOWN] += added
    log(tr, s, EV.REFILL, -1, added, S.deck_left(s), 0, 0)


@njit(inline="always")
def mine(s, t, tr, p, k, m):
    """SIB-R10: take the first m face-up cards of kind k from the headframe end (other kinds
    and face-down cards are passed over), then refill (SIB-R15)."""
    b = S.pbase(p)
    value = 0
    taken = 0
    for i in range(t[T.MISC + M.ROW_SIZE]):  # branch-free: the row's order is random
        card = s[O.ROW + i]
        # a card id below 0 (an empty slot) reads a harmless slot before T.RES_KIND
        take = (card >= 0) & (s[O.FACE + i] == 1) & (t[T.RES_KIND + card] == k) & (taken < m)
        value += t[T.RES_VALUE + card] * take
        s[O.ROW + i] = -1 if take else card
        s[O.FACE + i] = 0 if take else s[O.FACE + i]
        taken += take
    s[O.FACE_UP + k] -= taken
    s[b + P.RES_N + k] += taken
    s[b + P.RES_V + k] += value
    s[b + P.MINES] += 1
    log(tr, s, EV.MINE, p, k, taken, value, 0)
    refill(s, t, tr)


# ---------------------------------------------------------------- combinations (SIB-R8/R9)


@njit(inline="always")
def begin_payment(s, t, p, o):
    """Set up the payment of main option o (an action); True when nothing is to pay (the
    investor saves every card)."""
    b = S.pbase(p)
    x = actions.action_symbol(o)
    s[G.ACTION] = o
    s[G.SYMBOL] = x
    s[G.PAID_N] = 0
    s[G.PAID] = 0
    all_x, any_form, _ = actions.payment_sizes(s, t, b, x)
    return all_x <= 0 or any_form == 0


@njit(inline="always")
def pay(s, t, p, o):
    """Pay the cards of pay option o to the discards (SIB-R8)."""
    b = S.pbase(p)
    cards = actions.payload(o)
    s[G.PAID] = cards
    for q in range(C.MAX_PAID):  # branch-free: a slot of 0 pays nothing
        ty1 = (cards >> (q * actions.CARD_BITS)) & actions.CARD_MASK
        one = 1 if ty1 > 0 else 0
        ty = ty1 - one
        S.give_cards(s, b, ty, one)
        s[O.DISCARD + ty] += one
        s[G.DISCARD_N] += one
        s[G.PAID_N] += one


@njit(inline="always")
def resolve_action(s, t, tr, p):
    """Carry out the paid action (SIB-R10..R13) and clear the payment slots."""
    b = S.pbase(p)
    o = s[G.ACTION]
    kind = actions.tag(o)
    x = actions.payload(o)
    log(tr, s, EV.PLAY, p, s[G.SYMBOL], s[G.PAID_N], s[G.PAID], 0)
    if kind == OT.MINE:
        mine(s, t, tr, p, x >> actions.MINE_SHIFT, x & actions.MINE_MASK)
    elif kind == OT.HIRE_WORKER:
        s[G.WORKERS] -= 1
        s[b + P.WORKERS] += 1
        log(tr, s, EV.HIRE_WORKER, p, s[b + P.WORKERS], 0, 0, 0)
    elif kind == OT.HIRE_SALESMAN:
        S.take_supply(s, O.SALESMEN, G.SALESMEN_LEFT, x)
        s[b + P.SALESMEN + x] += 1
        log(tr, s, EV.HIRE_SALESMAN, p, x, 0, 0, 0)
    else:
        S.take_supply(s, O.INVESTORS, G.INVESTORS_LEFT, x)
        s[b + P.INVESTORS + x] += 1
        log(tr, s, EV.HIRE_INVESTOR, p, x, 0, 0, 0)
    s[G.ACTION] = 0
    s[G.SYMBOL] = 0


# ---------------------------------------------------------------- turns and the end


@njit(inline="always")
def begin_turn(s, t, tr):
    """A turn starts with discovery when a card is face down (SIB-R5), else with SIB-R6."""
    p = s[G.CUR]
    log(tr, s, EV.TURN, p, s[G.TURN] + 1, s[G.FINAL_LEFT], 0, 0)
    s[G.DK] = DK.DISCOVER if S.face_down(s, t) > 0 else DK.MAIN


@njit(_nrt=False)
def end_game(s, t, tr):
    """SIB-R17: every card is counted; one score event per player and source."""
    if tr.shape[0] > 1:  # the score events only matter to a trace
        out = stack_array(NSRC, 0, np.int64)
        for p in range(s[G.NP]):
            S.money_by_source(s, t, p, out)
            for src in range(C.NSRC):
                if out[src] != 0:
                    log(tr, s, EV.SCORE, p, src, out[src], 0, 0)
    s[G.PHASE] = PH.OVER
    s[G.DK] = DK.NONE
    log(tr, s, EV.GAME_END, -1, 0, 0, 0, 0)


@njit(inline="always")
def end_turn(s, t, tr):
    """The turn is over: the game ends after the last final turn (SIB-R16), else the next
    player (clockwise) begins."""
    s[S.pbase(s[G.CUR]) + P.TURNS] += 1
    s[G.TURN] += 1
    if s[G.FINAL_LEFT] > 0:
        s[G.FINAL_LEFT] -= 1
        if s[G.FINAL_LEFT] == 0:
            end_game(s, t, tr)
            return
    nxt = s[G.CUR] + 1  # clockwise, without a division
    s[G.CUR] = 0 if nxt == s[G.NP] else nxt
    s[G.DK] = DK.NONE


@njit(_nrt=False)
def stalemate(s, t, tr, p):
    """Engine safeguard (ASSUMED, misc.stalemate_rounds): when every player has skipped for
    that many rounds in a row, nothing can change any more (full hands that pay for nothing);
    the game ends and is scored as usual."""
    s[S.pbase(p) + P.TURNS] += 1
    s[G.TURN] += 1
    log(tr, s, EV.STALEMATE, p, s[G.SKIP_RUN], 0, 0, 0)
    end_game(s, t, tr)


@njit
def standings(s, t, key, rank, share):
    """Rank and win share per seat into rank[p], share[p] (SIB-R18, SIB-Q7): money, then most
    resource cards, then fewest action cards in hand, then shared; or shared right after money.
    key[p] receives the seats' sort keys (exact in float64 too)."""
    tie_break = t[T.SWITCHES + SW.FINAL_TIE] == 0
    for p in range(s[G.NP]):
        b = S.pbase(p)
        key[p] = S.money(s, t, p)
        if tie_break:
            key[p] = (key[p] * 1024 + S.resource_cards(s, b)) * 1024 + 1023 - s[b + P.HAND_N]
    rank_by_keys(key, rank, share)


# ---------------------------------------------------------------- the state machine


@njit(inline="always")
def advance(s, t, tr):
    """Run automatic steps until a decision is pending or the game is over."""
    if s[G.PHASE] == PH.SETUP:
        s[G.PHASE] = PH.PLAY
        log(tr, s, EV.SETUP, s[G.START], t[T.MISC + M.ROW_SIZE], t[T.MISC + M.FACE_UP_START],
            t[T.MISC + M.START_HAND], 0)
    if s[G.DK] == DK.NONE and s[G.PHASE] == PH.PLAY:
        begin_turn(s, t, tr)


@njit(inline="always")
def finish_combination(s, t, tr, p):
    """The combination is paid: the action, then draw (SIB-R6), then the turn ends."""
    resolve_action(s, t, tr, p)
    draw(s, t, tr, p, t[T.MISC + M.PLAY_DRAW])
    end_turn(s, t, tr)


@njit(inline="always")
def apply_discover(s, t, o, tr):
    """SIB-R5: turn the chosen card, or none; then the main decision."""
    p = s[G.CUR]
    if actions.tag(o) == OT.DISCOVER:
        discover(s, t, tr, p, actions.payload(o))
    else:
        log(tr, s, EV.NO_DISCOVERY, p, 0, 0, 0, 0)
    s[G.DK] = DK.MAIN


@njit(inline="always")
def apply_main(s, t, o, tr):
    """SIB-R6: draw, skip, or start paying for an action."""
    p = s[G.CUR]
    kind = actions.tag(o)
    b = S.pbase(p)
    if kind == OT.SKIP:
        s[b + P.SKIPS] += 1
        s[G.SKIP_RUN] += 1
        log(tr, s, EV.SKIP, p, 0, 0, 0, 0)
        if s[G.SKIP_RUN] >= s[G.NP] * t[T.MISC + M.STALEMATE_ROUNDS]:
            stalemate(s, t, tr, p)
        else:
            end_turn(s, t, tr)
        return
    s[G.SKIP_RUN] = 0
    if kind == OT.DRAW:
        s[b + P.DRAWS] += 1
        draw(s, t, tr, p, t[T.MISC + M.DRAW_CARDS])
        end_turn(s, t, tr)
    elif begin_payment(s, t, p, o):
        finish_combination(s, t, tr, p)
    else:
        s[G.DK] = DK.PAY


@njit(inline="always")
def apply_pay(s, t, o, tr):
    """SIB-R8/R9: pay the chosen cards, then the action."""
    p = s[G.CUR]
    pay(s, t, p, o)
    finish_combination(s, t, tr, p)


@njit(inline="always")
def apply(s, t, o, tr):
    """Carry out legal option o of the pending decision, then advance the game."""
    dk = s[G.DK]
    s[G.DK] = DK.NONE
    if dk == DK.DISCOVER:
        apply_discover(s, t, o, tr)
    elif dk == DK.MAIN:
        apply_main(s, t, o, tr)
    elif dk == DK.PAY:
        apply_pay(s, t, o, tr)
    advance(s, t, tr)
