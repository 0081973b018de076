"""The Jamaica valuation the kernels share (compiled): what a route end, a load, a card, a hold
and the spoils are worth to the deciding seat under a plan's weights (W), from what that seat
may see only: positions, holds, face-up powers, counts of face-down cards, its own hand.
"""
import numpy as np

from core.common.layout import enum
from core.jamaica import actions
from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.actions import MAX_OPTIONS, OT
from core.jamaica.codes import T
from core.jamaica.state import G, O, P
from core.jit import njit, stack_array
from strategies.common.argmax import NEG, better

# the weights row of a plan (strategies.jamaica.plan PARAMS, in this order)
W = enum("W", ("MOVE", "FINISH", "GOLD", "FOOD", "POWDER", "SHORTAGE", "LAIR", "FIGHT", "BID",
               "STEAL", "LEADER"))
NW = len(W)
POWER_WORTH = (3.0, 3.0, 4.0, 3.0)   # Morgan, Sabre, Lady Beth, 6th Hold, before `steal`
BLIND_WORTH = 2.0                    # a face-down card: (3+3+5+7+7-2-3-4) / 8 = 2


@njit(inline="always")
def kind_weight(w, kind):
    """What a token of `kind` kept in the holds is worth."""
    if kind == C.GOLD:
        return w[W.GOLD]
    if kind == C.FOOD:
        return w[W.FOOD]
    if kind == C.POWDER:
        return w[W.POWDER]
    return 0.0


@njit(inline="always")
def end_value(w, s, t, ship, code):
    """A route end (actions.OT.END) for ship: progress, the finish, the space's cost or the
    shortage it brings, a lair's token, and the ships met there (`fight`)."""
    p = actions.payload(code)
    y = p & ((1 << actions.RACE_SHIFT) - 1)
    race = p >> actions.RACE_SHIFT
    v = w[W.MOVE] * (S.togo(s, t, ship) - S.togo_at(t, y, race))
    if race == C.FINISHED:
        return v + w[W.FINISH]
    kind = t[T.SPACE_KIND + y]
    cost = t[T.SPACE_COST + y]
    if kind == C.PORT or kind == C.SEA:
        res = C.GOLD if kind == C.PORT else C.FOOD
        have = S.amount(s, ship, res)
        v -= kind_weight(w, res) * min(cost, have) + w[W.SHORTAGE] * max(cost - have, 0)
    elif kind == C.LAIR and s[O.TOKEN + y] == 1:
        v += w[W.LAIR]
    if y != 0:
        for q in range(s[G.NSHIPS]):
            if q != ship and s[S.pbase(q) + P.POS] == y:
                v += w[W.FIGHT]
    return v


@njit(inline="always")
def best_end(w, s, t, ship, opts, n):
    """Index of the route end among opts[:n] worth most."""
    best = 0
    top = NEG
    for i in range(n):
        v = end_value(w, s, t, ship, opts[i])
        top, best = better(v, i, top, best)
    return best


@njit(inline="always")
def dump_loss(w, s, t, ship, h):
    """What emptying hold h gives up (0 for an empty hold)."""
    b = S.pbase(ship)
    return kind_weight(w, s[b + P.HOLD_KIND + h]) * s[b + P.HOLD_N + h]


@njit(inline="always")
def load_value(w, s, t, ship, kind, n, opts):
    """A load of n tokens of `kind`: their worth less the cheapest hold it empties."""
    m = actions.load_holds(s, t, ship, kind, opts)
    if m == 0:
        return 0.0
    loss = 1e18
    for i in range(m):
        loss = min(loss, dump_loss(w, s, t, ship, actions.payload(opts[i])))
    return kind_weight(w, kind) * n - loss


@njit(inline="always")
def symbol_value(w, s, t, ship, sym, die, opts):
    """One half of a card with its die; a move leaves the ship on its best end in s."""
    if sym <= C.POWDER:
        return load_value(w, s, t, ship, sym, die, opts)
    n = actions.route_ends(s, t, ship, sym == C.FORWARD, die, False, opts)
    i = best_end(w, s, t, ship, opts, n)
    v = end_value(w, s, t, ship, opts[i])
    p = actions.payload(opts[i])
    b = S.pbase(ship)
    s[b + P.POS] = p & ((1 << actions.RACE_SHIFT) - 1)
    s[b + P.RACE] = p >> actions.RACE_SHIFT
    return v


@njit
def card_value(w, s, t, ship, card, dm, de):
    """A card played with the dice (dm, de): its morning, then its evening from where the
    morning left the ship (symbol_value moves only the ship's position and race, put back
    here)."""
    opts = stack_array(MAX_OPTIONS, 0, np.int32)
    b = S.pbase(ship)
    pos, race = s[b + P.POS], s[b + P.RACE]
    v = symbol_value(w, s, t, ship, t[T.CARD_SYM + 2 * card], dm, opts)
    if s[b + P.RACE] != C.FINISHED:
        v += symbol_value(w, s, t, ship, t[T.CARD_SYM + 2 * card + 1], de, opts)
    s[b + P.POS], s[b + P.RACE] = pos, race
    return v


@njit
def best_card(w, s, t, me, dm, de):
    """(the card of me's hand worth most with the dice (dm, de), its worth)."""
    hand = s[S.pbase(me) + P.HAND]
    best = -1
    top = NEG
    for c in range(C.NCARDS):
        if (hand >> c) & 1:
            v = card_value(w, s, t, me, c, dm, de)
            top, best = better(v, c, top, best)
    return best, top


@njit
def wealth(s, t, q):
    """A ship's visible standing: doubloons in holds, progress, face-down cards."""
    n = 0
    for c in range(C.NTREASURES):
        if s[O.TOWNER + c] == q and S.face_down(s, c):
            n += 1
    return S.amount(s, q, C.GOLD) + (t[T.TOGO + 0] - S.togo(s, t, q)) / 2.0 + BLIND_WORTH * n


@njit
def spoil_value(w, s, t, o):
    """A spoils option, to its decider: the winner's gain, or for the Ghost Ship's decider
    (JAM-V1) the loser's loss."""
    winner, loser = s[G.WINNER], s[G.LOSER]
    tag = actions.tag(o)
    x = actions.payload(o)
    if tag == OT.TAKE_HOLD:
        b = S.pbase(loser)
        kind, n = s[b + P.HOLD_KIND + x], s[b + P.HOLD_N + x]
        return (kind_weight(w, kind) + (1.0 if kind == C.GOLD else 0.0)) * n
    if tag == OT.TAKE_CARD:
        k = t[T.TREASURE_KIND + x]
        worth = POWER_WORTH[t[T.TREASURE_VALUE + x]] if k == C.POWER else \
            float(t[T.TREASURE_VALUE + x])
        return w[W.STEAL] * worth
    if tag == OT.BLIND:
        return w[W.STEAL] * BLIND_WORTH
    if tag == OT.GIVE:
        return -float(t[T.TREASURE_VALUE + x]) if not S.is_ghost(s, winner) else 0.0
    return 0.0
