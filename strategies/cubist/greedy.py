"""Greedy kernel: one-ply look-ahead. Each step of the main decision is carried out on a copy
of the state and the result scored from the deciding seat's point of view: points now, the
rooms' fit (values.py), the dice on completed cards kept for the museum, the own dice on
artist cards, the dice left in the warehouse, less `spite` times the best opponent's points.
Before a step that may reveal a card or lead to the roll (completing, recruiting, using an
artist, abandoning: before the roll any of them can end in it) the copy's hidden part is
redrawn with the sampler (core/cubist/hidden.py), so the look-ahead never sees the true decks
or dice. Ending the turn scores the state as it is; storage, Pascin and the abandoned dice
follow values.py.
"""
import numpy as np

from core.common.trace import EVW
from core.cubist import actions, rules
from core.cubist import state as S
from core.cubist.actions import OT
from core.cubist.codes import MAX_ARTISTS_UP, MAX_HELD, MAX_SPACES
from core.cubist.hidden import sample_hidden
from core.cubist.state import G, O, P, STATE_SIZE  # STATE_SIZE by name: a literal size
from core.jit import copy_into, njit, stack_array
from strategies.common.argmax import NEG, better
from strategies.common.spec import Param
from strategies.cubist import values
from strategies.cubist.values import NW, W

KERNEL = "greedy"
DESCRIPTION = ("one-ply look-ahead: carries out each step on a copy (hidden decks redrawn) "
               "and scores points, the rooms' fit, card and artist dice, less spite")
PARAMS = (
    Param("fit", "weight of the rooms' fit (unfinished work is worth less than a card)"),
    Param("big", "a card's worth in the rooms' fit is scaled by (plan dice / 4) ** big"),
    Param("dead", "loss per die of a room that fits no display card"),
    Param("artist", "worth of own dice on an artist card"),
    Param("card_die_keep", "worth of a die kept on a completed card for the museum"),
    Param("ware", "worth of a die left in the warehouse"),
    Param("spite", "weight of the best opponent's points, subtracted"),
)
FIT, BIG, DEAD, ARTIST, KEEP, WARE, SPITE = range(7)


@njit(inline="always")
def weights(params, w):
    """The values.py weights row of the greedy parameters."""
    w[W.COMPLETE] = 1.0
    w[W.MUSEUM] = 1.0
    w[W.BIG] = params[BIG]
    w[W.DEAD] = params[DEAD]
    w[W.ARTIST_GAIN] = params[ARTIST]
    w[W.ARTIST_FIX] = params[ARTIST]
    w[W.ROZANOVA] = params[ARTIST]
    w[W.BUMP] = 0.0
    w[W.CARD_DIE_KEEP] = params[KEEP]
    w[W.ABANDON] = 1.0


@njit
def evaluate(params, w, s, t, me):
    """The seat's position: points, rooms, kept card dice, artist dice, warehouse dice, less
    spite times the best opponent's points."""
    b = S.pbase(me)
    v = float(S.score(s, t, me))
    for room in range(2):
        v += params[FIT] * values.room_fit(w, s, t, S.room_at(b, room),
                                           s[b + P.ROOM_N + room])
    for k in range(MAX_HELD * MAX_SPACES):
        v += params[KEEP] * s[b + P.CD_ON + k]
    for slot in range(MAX_ARTISTS_UP):
        if s[O.ART + slot] >= 0 and s[O.ART_OWNER + slot] == me:
            v += values.artist_worth(w, t, s[O.ART + slot])
    v += params[WARE] * S.ware_total(s, b)
    best = 0
    for q in range(s[G.NP]):
        if q != me:
            best = max(best, S.score(s, t, q))
    return v - params[SPITE] * best


@njit
def main_choice(params, w, s, t, opts, n, rng):
    """The step whose outcome evaluates best (ending the turn: the position as it is)."""
    me = s[G.CUR]
    tr = stack_array(1, EVW, np.int32)  # a one-row trace buffer records nothing
    s2 = stack_array(STATE_SIZE, 0, np.int32)
    base = evaluate(params, w, s, t, me)
    best = 0
    top = NEG
    for i in range(n):
        o = opts[i]
        kind = actions.tag(o)
        if kind == OT.END:
            v = base
        else:
            copy_into(s2, s)
            if kind != OT.PLACE and kind != OT.MUSEUM:  # it may reveal a card or roll
                sample_hidden(s2, t, me, rng)
            rules.apply(s2, t, o, tr)
            v = evaluate(params, w, s2, t, me) + 1e-6 * (kind == OT.COMPLETE)
        top, best = better(v, i, top, best)
    return best


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the step whose outcome evaluates best."""
    w = stack_array(NW, 0, np.float64)
    weights(params, w)
    i = values.side_choice(w, s, t, opts, n)
    return i if i >= 0 else main_choice(params, w, s, t, opts, n, rng)
