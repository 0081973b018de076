"""What the Cubist kernels share (compiled): how far a work room is on its way to a display
card (its "fit"), what a die of each value is worth to the rooms, and the simple choices of the
storage, Pascin and abandon decisions. Everything here reads only public state and the deciding
seat's own dice.

A room fits a display card when its structure lies inside the card's plan in some orientation
and position (footprint, heights at most the plan's, fixed values kept). Its fit is the best
card's worth times the share of the plan already built; a room that fits no card is dead and
worth -dead per die.
"""
import numpy as np

from core.cubist import actions
from core.cubist import codes as C
from core.cubist import geometry as GEO
from core.cubist import placements as PL
from core.cubist import state as S
from core.cubist.codes import M, SW, T
from core.cubist.codes import MAX_DISPLAY, NCELL  # literal sizes for stack_array
from core.cubist.state import DK, G, O, P, VOFF
from core.common.layout import enum
from core.jit import njit, stack_array
from strategies.common.argmax import NEG, better

# the weights row both kernels fill (plan: from its parameters; greedy: likewise)
W = enum("W", ("COMPLETE", "MUSEUM", "BIG", "DEAD", "ARTIST_GAIN", "ARTIST_FIX", "ROZANOVA",
               "BUMP", "CARD_DIE_KEEP", "ABANDON"))
NW = len(W)


SIZE = 4.0  # plan dice of a middle-sized card: `big` scales worth by (dice / SIZE) ** big


@njit
def card_worth(w, t, card):
    """What completing a card is worth to a plan: its points and museum dice, scaled by
    (plan dice / SIZE) ** big (big < 0: small cards preferred, > 0: big ones)."""
    base = (t[T.INST_POINTS + card] + w[W.MUSEUM] * t[T.INST_SPACES + card]
            * t[T.MISC + M.MUSEUM_DIE_POINTS])
    return base * (t[T.INST_DICE + card] / SIZE) ** w[W.BIG]


@njit
def inside(s, t, at, r0, c0, rows, cols, k, dr, dc):
    """Whether the room's box (r0, c0, rows, cols) lies inside orientation k of a plan at
    offset (dr, dc): every column at most the plan's height there, fixed values kept."""
    for r in range(rows):
        for c in range(cols):
            cell = (r0 + r) * C.GRID + c0 + c
            h = s[at + cell]
            if h == 0:
                continue
            pc = k * C.PLAN_CELLS + (r + dr) * C.PLAN + c + dc
            if h > t[T.INST_H + pc]:
                return False
            fix = t[T.INST_FIX + pc]
            if fix > 0 and s[at + VOFF + cell] != fix:
                return False
    return True


@njit(inline="always")
def orientations(t):
    """How many orientations a plan may take: the rotations, and their mirror images where
    the rules allow them (CUBIST-Q7)."""
    return C.NORIENT if t[T.SWITCHES + SW.ALLOW_MIRROR] == 1 else C.NORIENT // 2


@njit
def fits_box(s, t, at, r0, c0, rows, cols, card):
    """Whether the room's structure, its box (r0, c0, rows, cols), lies inside the card's plan
    somewhere (CUBIST-R23 up to what is still to build)."""
    if rows == 0:
        return True
    for o in range(orientations(t)):
        k = card * C.NORIENT + o
        pr, pc = t[T.INST_SHAPE + 2 * k], t[T.INST_SHAPE + 2 * k + 1]
        for dr in range(pr - rows + 1):
            for dc in range(pc - cols + 1):
                if inside(s, t, at, r0, c0, rows, cols, k, dr, dc):
                    return True
    return False


@njit
def display_worths(w, s, t, out):
    """card_worth of each display slot's card into out (0 for an empty slot); returns out.
    The fits below take it so that a decision computes it once."""
    for slot in range(C.MAX_DISPLAY):
        card = s[O.DISPLAY + slot]
        out[slot] = card_worth(w, t, card) if card >= 0 else 0.0
    return out


@njit
def fit(w, s, t, at, n_dice, worths):
    """The room's worth: the best display card it fits, times the share built; -dead per die
    when it fits none; 0 when empty (worths: display_worths)."""
    if n_dice == 0:
        return 0.0
    best = -w[W.DEAD] * n_dice
    r0, c0, rows, cols = GEO.bbox(s, at, n_dice)
    for slot in range(C.MAX_DISPLAY):
        card = s[O.DISPLAY + slot]
        if card < 0 or t[T.INST_DICE + card] < n_dice:
            continue
        v = worths[slot] * n_dice / t[T.INST_DICE + card]
        if v > best and fits_box(s, t, at, r0, c0, rows, cols, card):
            best = v
    return best


@njit
def room_fit(w, s, t, at, n_dice):
    """fit, with the display's worths computed here."""
    worths = stack_array(MAX_DISPLAY, 0, np.float64)
    return fit(w, s, t, at, n_dice, display_worths(w, s, t, worths))


@njit
def fresh_room(s, t, worths):
    """Worth of a first die in an empty room: the best display card's share of one die."""
    best = 0.0
    for slot in range(C.MAX_DISPLAY):
        card = s[O.DISPLAY + slot]
        if card >= 0:
            best = max(best, worths[slot] / t[T.INST_DICE + card])
    return best


@njit
def fit_with(w, s, t, at, n_dice, cell, v, worths):
    """fit of a room of n_dice > 0 dice with a die of value v placed at a cell (the state is
    left as it was)."""
    s[at + cell] += 1
    old = s[at + VOFF + cell]
    s[at + VOFF + cell] = v
    after = fit(w, s, t, at, n_dice + 1, worths)
    s[at + cell] -= 1
    s[at + VOFF + cell] = old
    return after


# --- a room's plan placements, for valuing many placements of one decision ---------------
# Per room: per display slot a count, then where the card's plan can lie around the room (an
# orientation k and the plan's top-left cell, from `inside`), so that the room's fit with one
# more die is a lookup per placement (fit_added) instead of a search (fit_with).
MAX_LAYS = C.NORIENT * C.PLAN_CELLS  # orientations x offsets: the most a card can have
SLOT_LAYS = MAX_LAYS + 1
ROOM_LAYS = C.MAX_DISPLAY * SLOT_LAYS
BUILT = 2 * ROOM_LAYS  # per room: 1 once its placements are found
LAYS = BUILT + 2       # a literal size for stack_array
PAD = C.PLAN  # a plan's top-left cell lies at most PLAN - 1 cells above or left of the room


@njit
def find_lays(s, t, at, n_dice, lays, room):
    """A room's plan placements into lays: per display slot whose card takes more than the
    room's n_dice > 0 dice, every orientation and offset whose plan holds the room (k | (top +
    PAD) << 8 | (left + PAD) << 16)."""
    r0, c0, rows, cols = GEO.bbox(s, at, n_dice)
    orients = orientations(t)
    for slot in range(C.MAX_DISPLAY):
        at_slot = room * ROOM_LAYS + slot * SLOT_LAYS
        m = 0
        card = s[O.DISPLAY + slot]
        if card >= 0 and t[T.INST_DICE + card] > n_dice:
            for o in range(orients):
                k = card * C.NORIENT + o
                pr, pc = t[T.INST_SHAPE + 2 * k], t[T.INST_SHAPE + 2 * k + 1]
                for dr in range(pr - rows + 1):
                    for dc in range(pc - cols + 1):
                        if inside(s, t, at, r0, c0, rows, cols, k, dr, dc):
                            lays[at_slot + 1 + m] = k | (r0 - dr + PAD) << 8 | \
                                (c0 - dc + PAD) << 16
                            m += 1
        lays[at_slot] = m


@njit
def holds(t, lays, at_slot, r, c, h, v):
    """Whether one of a slot's plan placements also holds a column of height h showing v at
    room cell (r, c)."""
    for i in range(lays[at_slot]):
        x = lays[at_slot + 1 + i]
        k = x & 255
        lr, lc = r - ((x >> 8) & 255) + PAD, c - (x >> 16) + PAD
        if 0 <= lr < t[T.INST_SHAPE + 2 * k] and 0 <= lc < t[T.INST_SHAPE + 2 * k + 1]:
            pc = k * C.PLAN_CELLS + lr * C.PLAN + lc
            fix = t[T.INST_FIX + pc]
            if h <= t[T.INST_H + pc] and (fix == 0 or fix == v):
                return True
    return False


@njit
def fit_added(w, s, t, b, room, cell, v, worths, lays):
    """fit_with for a room of the engine's own state (not under a look-ahead's edit) from its
    plan placements, found once per decision: the same value."""
    at = S.room_at(b, room)
    n = s[b + P.ROOM_N + room]
    if lays[BUILT + room] == 0:
        find_lays(s, t, at, n, lays, room)
        lays[BUILT + room] = 1
    n1 = n + 1
    h = s[at + cell] + 1
    r, c = cell // C.GRID, cell % C.GRID
    best = -w[W.DEAD] * n1
    for slot in range(C.MAX_DISPLAY):
        card = s[O.DISPLAY + slot]
        if card < 0 or t[T.INST_DICE + card] < n1:
            continue
        x = worths[slot] * n1 / t[T.INST_DICE + card]
        if x > best and holds(t, lays, room * ROOM_LAYS + slot * SLOT_LAYS, r, c, h, v):
            best = x
    return best


@njit
def place_gain(w, s, t, b, room, cell, v, worths):
    """How much placing a die of value v at a room cell raises the room's fit."""
    at = S.room_at(b, room)
    n = s[b + P.ROOM_N + room]
    if n == 0:
        return fresh_room(s, t, worths)
    return fit_with(w, s, t, at, n, cell, v, worths) - fit(w, s, t, at, n, worths)


@njit
def best_place(w, s, t, b, v, worths, lays, bases, own):
    """The most a die of value v adds to a room now (0 when it fits nowhere usefully). own:
    the state is the engine's (its kept placements, the decision's plan placements in lays
    and the rooms' fits in bases, fresh_room's for an empty one, hold), not a look-ahead's
    edit, whose room fits are found here."""
    best = 0.0
    cells = stack_array(NCELL, 0, np.int32)
    for room in range(2):
        at = S.room_at(b, room)
        nd = s[b + P.ROOM_N + room]
        if own:
            base = bases[room]
        else:
            base = fresh_room(s, t, worths) if nd == 0 else fit(w, s, t, at, nd, worths)
        m = PL.cells(s, b, room, cells) if own else GEO.candidate_cells(s, at, nd, cells)
        for j in range(m):
            cell = cells[j]
            mask = PL.mask(s, b, room, cell) if own else GEO.room_mask(s, t, at, nd, cell)
            if (mask >> (v - 1)) & 1:
                if nd == 0:
                    best = max(best, base)
                elif own:
                    best = max(best, fit_added(w, s, t, b, room, cell, v, worths, lays) - base)
                else:
                    best = max(best, fit_with(w, s, t, at, nd, cell, v, worths) - base)
    return best


@njit
def remove_gain(w, s, t, b, room, cell, worths):
    """How much taking the top die off a column raises the room's fit (Gris)."""
    at = S.room_at(b, room)
    n = s[b + P.ROOM_N + room]
    before = fit(w, s, t, at, n, worths)
    v = actions.lift(s, at, cell)
    after = fit(w, s, t, at, n - 1, worths)
    actions.unlift(s, at, cell, v)
    return after - before


@njit
def store_choice(s, t, opts, n):
    """CUBIST-R29: keep as many dice as allowed, the values nearest the middle first (they fit
    next to more values)."""
    best = 0
    top = -1.0
    for i in range(n):
        x = actions.payload(opts[i])
        v = 0.0
        for d in (x & 7, x >> 3):
            if d > 0:
                v += 1.0 - 0.1 * abs(2 * d - 7)
        top, best = better(v, i, top, best)
    return best


@njit
def pascin_choice(w, s, t, opts, n):
    """Pascin: the position where the lifted die raises its room's fit most."""
    b = S.pbase(s[G.CUR])
    v = s[G.MOVE_V]
    worths = display_worths(w, s, t, stack_array(MAX_DISPLAY, 0, np.float64))
    best = 0
    top = NEG
    for i in range(n):
        x = actions.payload(opts[i])
        room, cell = actions.dest(x)
        g = place_gain(w, s, t, b, room, cell, v, worths)
        top, best = better(g, i, top, best)
    return best


@njit
def artist_worth(w, t, card):
    """What holding an artist card promises, by its kind."""
    kind = t[T.ART_KIND + card]
    if kind == C.ROZANOVA:
        return w[W.ROZANOVA]
    if kind == C.BOCCIONI or kind == C.MARC or kind == C.MALEVICH:
        return w[W.ARTIST_GAIN]
    return w[W.ARTIST_FIX]


@njit
def abandon_choice(w, s, t, opts, n):
    """CUBIST-R24: the artist card worth most for the abandoned dice, if any is worth it."""
    best = 0
    top = 0.0
    for i in range(1, n):
        slot = actions.payload(opts[i]) & 3
        v = artist_worth(w, t, s[O.ART + slot]) + (w[W.BUMP] if s[O.ART_OWNER + slot] >= 0
                                                   else 0.0)
        top, best = better(v, i, top, best)
    return best


@njit
def side_choice(w, s, t, opts, n):
    """The choice at a storage, Pascin or abandon decision; -1 at the main decision."""
    dk = s[G.DK]
    if dk == DK.STORE:
        return store_choice(s, t, opts, n)
    if dk == DK.PASCIN:
        return pascin_choice(w, s, t, opts, n)
    if dk == DK.ABANDON:
        return abandon_choice(w, s, t, opts, n)
    return -1


@njit
def room_dead(w, s, t, b, room):
    """Whether a non-empty room fits no display card."""
    n = s[b + P.ROOM_N + room]
    return n > 0 and room_fit(w, s, t, S.room_at(b, room), n) < 0


def weights_row(values: dict[str, float]) -> np.ndarray:
    """A W row from names (tests)."""
    w = np.zeros(NW)
    for k, v in values.items():
        w[W.keys.index(k)] = v
    return w
