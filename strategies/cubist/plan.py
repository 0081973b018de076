"""Plan kernel: a heuristic that scores every legal option with a plan's weights (values.py)
and takes the best; ending the turn scores 0, so a step is taken only while one is worth
something. Presets are plans: which cards are worth building (`big`), what a museum die and a
card die kept for it are worth, what each kind of artist and a bump are worth, when a room
that fits no display card is abandoned.

- complete: the card's worth times `complete`;
- museum die: its points times `museum`;
- place: how much the die raises its room's fit (less `card_die_keep` for a card die);
- recruit: the artist's worth (+ `bump` when it bumps) less what its dice would add to the
  rooms;
- use: what the action adds to the rooms (a gained or changed die's best placement, a removed
  or moved die's gain);
- abandon: a dead room's loss times `abandon`;
- storage, Pascin's target and the abandoned dice follow values.py.
"""
import numpy as np

from core.cubist import actions
from core.cubist import codes as C
from core.cubist import state as S
from core.cubist.actions import OT
from core.cubist.codes import M, T
from core.cubist.state import G, O, P
from core.jit import njit, stack_array
from strategies.common.argmax import NEG, better
from strategies.common.spec import Param
from strategies.cubist import values
from strategies.cubist.values import LAYS, W  # LAYS: a literal size for stack_array

KERNEL = "plan"
DESCRIPTION = ("heuristic: scores each step with the plan's weights (installations' fit, "
               "museum dice, artists, bumps) and takes the best until ending the turn is best")
PARAMS = (
    Param("complete", "weight of a completed card's worth"),
    Param("museum", "weight of a museum die's points (also in a card's worth)"),
    Param("big", "a card's worth is scaled by (plan dice / 4) ** big: negative prefers small "
                 "cards, positive big ones"),
    Param("dead", "loss per die of a room that fits no display card"),
    Param("artist_gain", "worth of recruiting Boccioni, Marc or Malevich (a die of a value)"),
    Param("artist_fix", "worth of recruiting Gris, Pascin, Fresnaye or Popova"),
    Param("rozanova", "worth of recruiting Rozanova"),
    Param("bump", "extra worth of bumping another player's dice"),
    Param("card_die_keep", "what a card die is worth kept for the museum"),
    Param("abandon", "share of a dead room's loss that abandoning it is worth"),
)
assert tuple(p.name for p in PARAMS) == W.keys


# a decision's cache (best_option): per value the worth of a die (values.best_place), per
# room its fit (values.fit, or values.fresh_room when empty), below UNSET when not yet known;
# then the display's worths (values.display_worths)
ROOM_FIT = C.NVAL
WORTHS = C.NVAL + 2
CACHE = WORTHS + C.MAX_DISPLAY  # a literal size for stack_array
UNSET = -1e17


@njit
def die_worth(w, s, t, b, v, cache, lays):
    """values.best_place of value v, computed once per decision."""
    if cache[v - 1] < UNSET:
        room_worth(w, s, t, b, 0, cache)
        room_worth(w, s, t, b, 1, cache)
        cache[v - 1] = values.best_place(w, s, t, b, v, cache[WORTHS:], lays,
                                         cache[ROOM_FIT:ROOM_FIT + 2], True)
    return cache[v - 1]


@njit
def room_worth(w, s, t, b, room, cache):
    """The room's fit now (fresh_room's worth of a first die when it is empty), once per
    decision."""
    if cache[ROOM_FIT + room] < UNSET:
        n = s[b + P.ROOM_N + room]
        worths = cache[WORTHS:]
        cache[ROOM_FIT + room] = values.fresh_room(s, t, worths) if n == 0 else \
            values.fit(w, s, t, S.room_at(b, room), n, worths)
    return cache[ROOM_FIT + room]


@njit
def use_value(w, s, t, b, slot, param, cache, lays):
    """What using the artist card in `slot` with `param` adds (values.py)."""
    card = s[O.ART + slot]
    kind = t[T.ART_KIND + card]
    if kind == C.BOCCIONI:
        v = t[T.ART_V2 + card] if param else t[T.ART_V1 + card]
        return die_worth(w, s, t, b, v, cache, lays)
    if kind == C.MARC:
        return die_worth(w, s, t, b, param + 1, cache, lays)
    if kind == C.MALEVICH:
        return die_worth(w, s, t, b, t[T.ART_V1 + card], cache, lays)
    if kind == C.GRIS or kind == C.PASCIN:
        room, cell = actions.dest(param)
        g = values.remove_gain(w, s, t, b, room, cell, cache[WORTHS:])
        if kind == C.PASCIN:
            at = S.room_at(b, room)
            v = actions.lift(s, at, cell)
            s[b + P.ROOM_N + room] -= 1
            g += values.best_place(w, s, t, b, v, cache[WORTHS:], lays, cache, False)
            s[b + P.ROOM_N + room] += 1
            actions.unlift(s, at, cell, v)
        return g
    if kind == C.FRESNAYE or kind == C.POPOVA:
        src, sign = param >> 1, param & 1
        if src >= C.NVAL:
            return 0.05
        old = src + 1
        nv = old + t[T.ART_V1 + card] if sign == 0 else old - t[T.ART_V1 + card]
        return die_worth(w, s, t, b, nv, cache, lays) - die_worth(w, s, t, b, old, cache, lays)
    return die_worth(w, s, t, b, (param & 7) + 1, cache, lays)


@njit
def option_value(w, s, t, b, me, o, cache, lays):
    """The plan's worth of main (or preroll) option o; ending the turn is 0."""
    kind = actions.tag(o)
    x = actions.payload(o)
    if kind == OT.COMPLETE:
        return 1000.0 + w[W.COMPLETE] * cache[WORTHS + (x >> 1)]
    if kind == OT.MUSEUM:
        return w[W.MUSEUM] * t[T.MISC + M.MUSEUM_DIE_POINTS]
    if kind == OT.PLACE:
        src = x >> actions.SRC_SHIFT
        room, cell = actions.dest(x)
        n = s[b + P.ROOM_N + room]
        g = room_worth(w, s, t, b, room, cache) if n == 0 else \
            values.fit_added(w, s, t, b, room, cell, S.src_value(s, b, src), cache[WORTHS:],
                             lays) - room_worth(w, s, t, b, room, cache)
        return g - w[W.CARD_DIE_KEEP] if src >= 8 else g
    if kind == OT.RECRUIT:
        slot, v, c = x & 3, (x >> 2) & 7, x >> 5
        card = s[O.ART + slot]
        k = t[T.ART_DICE + card]
        worth = values.artist_worth(w, t, card)
        if s[O.ART_OWNER + slot] >= 0 and s[O.ART_OWNER + slot] != me:
            worth += w[W.BUMP]
        return worth - (k - c) * die_worth(w, s, t, b, v, cache, lays) - c * w[W.CARD_DIE_KEEP]
    if kind == OT.USE:
        return 0.1 + use_value(w, s, t, b, x & 3, x >> actions.USE_SHIFT, cache, lays)
    if kind == OT.ABANDON:
        n = s[b + P.ROOM_N + x]
        return -w[W.ABANDON] * room_worth(w, s, t, b, x, cache) - 0.01 * n
    return 0.0


@njit
def best_option(w, s, t, opts, n):
    """Index of the option of highest worth (the first among equals)."""
    me = s[G.CUR]
    b = S.pbase(me)
    cache = stack_array(CACHE, 0, np.float64)
    for i in range(WORTHS):
        cache[i] = -1e18
    lays = stack_array(LAYS, 0, np.int32)  # the rooms' plan placements, found once
    lays[values.BUILT] = 0
    lays[values.BUILT + 1] = 0
    values.display_worths(w, s, t, cache[WORTHS:])
    best = 0
    top = NEG
    for i in range(n):
        v = option_value(w, s, t, b, me, opts[i], cache, lays)
        top, best = better(v, i, top, best)
    return best


@njit
def decide(w, s, t, opts, n):
    """The plan's choice at any decision, given its weights row w."""
    i = values.side_choice(w, s, t, opts, n)
    return i if i >= 0 else best_option(w, s, t, opts, n)


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n] of the option the plan values most (params is a W row)."""
    return decide(params, s, t, opts, n)
