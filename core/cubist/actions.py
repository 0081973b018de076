"""Legal decisions of Cubist and their integer encoding.

The decision model
------------------
Play stops whenever someone has to choose: the pending kind is `state[G.DK]` (state.DK), the
chooser `state[G.CUR]`; `legal(s, t, opts)` lists the options, `rules.apply(s, t, opts[i], tr)`
plays one and everything automatic after it. A turn (CUBIST-R8..R29) is a chain of decisions
of one player:

- main (CUBIST-R8, R10..R28): before the roll (G.ROLLED 0: fewer dice in the supply than
  the roll takes), a step-3 action that frees dice (use an artist, complete or abandon an
  installation), asked while one exists; then the dice are rolled automatically. After the
  roll each option is one atomic step: place a die (from the warehouse or a
  completed card) in a work room, recruit an artist card (bumping), use an artist card with
  all of its parameters (Pascin: which die; where it goes is the next decision), complete an
  installation with a display card, abandon a room, put a card die in the museum, or end the
  turn;
- pascin: the lifted die's new position (CUBIST §6.1);
- abandon (CUBIST-R24): recruit an artist card with the abandoned dice, or send the rest to
  the supply;
- store (CUBIST-R29): which warehouse dice (up to misc.storage) stay in storage.

Hidden information: the order of the installation deck (O.IDECK from G.IDECK_PTR), of the
artist deck's cards never seen face up (the first G.ADECK_N - G.ADECK_SEEN of the ring) and the
dice stream (G.RNG). Everything else is public.

Option encoding: `tag << TAG_SHIFT | payload`. A die source `src` is 0..5 for the warehouse
dice of value src + 1, or 8 + 2k + face for the die on card space k showing its first (0) or
second (1) value (state.src_value).
"""
import numpy as np

from core.common.layout import enum
from core.common.options import codec
from core.cubist import codes as C
from core.cubist import geometry as GEO
from core.cubist import placements as PL
from core.cubist import state as S
from core.cubist.codes import M, SW, T
from core.cubist.state import DK, G, O, P, VOFF
from core.cubist.codes import NCELL, NVAL  # literal sizes for stack_array
from core.jit import njit, stack_array

MAX_OPTIONS = 2048
NSRC = 2 * C.MAX_HELD * C.MAX_SPACES  # card-die sources, two faces each (a literal size)
OT = enum("OT", ("PLACE", "RECRUIT", "USE", "COMPLETE", "ABANDON", "MUSEUM", "END", "MOVE_TO",
                 "ABANDON_RECRUIT", "ABANDON_DONE", "STORE"))
TAG_SHIFT = 16
CELL_BITS = 7         # a room cell in a payload: room << CELL_BITS | cell
CELL_MASK = (1 << CELL_BITS) - 1
SRC_SHIFT = 8         # place: src << SRC_SHIFT | room << CELL_BITS | cell
USE_SHIFT = 2         # use: slot | param << USE_SHIFT
NO_DEST = -1


option, tag, payload = codec("cubist", TAG_SHIFT)  # tag: an OT


@njit(inline="always")
def dest(x):
    """(room, cell) of a payload's low bits room << CELL_BITS | cell."""
    return (x >> CELL_BITS) & 1, x & CELL_MASK


@njit(inline="always")
def push(opts, n, o):
    """Append option o (the list is capped at MAX_OPTIONS); return the new count."""
    if n < MAX_OPTIONS:
        opts[n] = o
        return n + 1
    return n


# --- queries --------------------------------------------------------------------------------

@njit(inline="always")
def faces(s, b, k):
    """Faces a card die offers: 1 for a printed value, 2 for an a/b space."""
    return 1 if s[b + P.CD_A + k] == s[b + P.CD_B + k] else 2


@njit(inline="always")
def recruit_need(s, t, slot, me, v):
    """Dice the artist card in `slot` takes from `me` with value v (CUBIST-R17, R18, Q8), or 0
    when it cannot be recruited so."""
    card = s[O.ART + slot]
    if card < 0:
        return 0
    owner = s[O.ART_OWNER + slot]
    if owner == me and t[T.SWITCHES + SW.RESTACK_OWN_ARTIST] == 0:
        return 0
    if owner >= 0 and v < s[O.ART_VALUE + slot]:
        return 0
    return t[T.ART_DICE + card]


@njit(inline="always")
def usable(s, slot, me):
    """CUBIST-R19, R21: me has dice on the card since an earlier turn."""
    return s[O.ART + slot] >= 0 and s[O.ART_OWNER + slot] == me and \
        s[O.ART_TURN + slot] != s[G.TURN]


@njit(_nrt=False)
def modify_steps(s, t, card):
    """(step, signs bit 0 for +, bit 1 for -) of a Fresnaye or Popova card (CUBIST-Q4)."""
    if t[T.SWITCHES + SW.MODIFIER_SIGN] == 0:
        return t[T.ART_V1 + card], 3
    return t[T.ART_V1 + card], 1 if t[T.ART_V2 + card] > 0 else 2


@njit(_nrt=False)
def lift(s, at, cell):
    """Take the top die off a column; return its value."""
    v = s[at + VOFF + cell]
    s[at + cell] -= 1
    if s[at + cell] == 0:
        s[at + VOFF + cell] = 0
    return v


@njit(_nrt=False)
def unlift(s, at, cell, v):
    """Put a die of value v back on a column."""
    s[at + cell] += 1
    s[at + VOFF + cell] = v


@njit(_nrt=False)
def pascin_dest(s, t, b, v, frm, opts, n, write):
    """CUBIST §6.1 Pascin: positions for a lifted die of value v in one of the player's
    installations (a non-empty room), not where it came from, by CUBIST-R12..R14. Appends
    MOVE_TO options when `write`, else stops at the first; returns the count."""
    cells = stack_array(NCELL, 0, np.int32)
    for room in range(2):
        if s[b + P.ROOM_N + room] == 0:
            continue
        at = S.room_at(b, room)
        for j in range(GEO.candidate_cells(s, at, s[b + P.ROOM_N + room], cells)):
            cell = cells[j]
            if room * C.NCELL + cell == frm:
                continue
            if (GEO.room_mask(s, t, at, 1, cell) >> (v - 1)) & 1:
                if not write:
                    return 1
                n = push(opts, n, option(OT.MOVE_TO, room << CELL_BITS | cell))
    return n


@njit(_nrt=False)
def pascin_source_ok(s, t, b, room, cell):
    """Whether the top die of a column may be lifted by Pascin and has somewhere to go."""
    at = S.room_at(b, room)
    if not GEO.removable(s, t, at, cell):
        return False
    v = lift(s, at, cell)
    s[b + P.ROOM_N + room] -= 1
    ok = pascin_dest(s, t, b, v, room * C.NCELL + cell, s[O.ART:O.ART], 0, False) > 0
    s[b + P.ROOM_N + room] += 1
    unlift(s, at, cell, v)
    return ok


# --- option lists per kind ------------------------------------------------------------------

@njit(inline="always")
def place_options(s, t, b, opts, n):
    """CUBIST-R10..R14, R25: every die source on every cell where its value may go (cells in
    row order; per cell the warehouse values rising, then the card dice)."""
    ware = 0  # bit v - 1: a warehouse die of value v
    for v in range(C.NVAL):
        if s[b + P.WARE + v] > 0:
            ware |= 1 << v
    srcs = stack_array(NSRC, 0, np.int32)  # the card dice, each face a source
    m = 0
    any_value = ware
    for k in range(S.card_spaces(s, b)):
        if s[b + P.CD_ON + k]:
            for f in range(faces(s, b, k)):
                srcs[m] = S.card_die_src(k, f)
                any_value |= 1 << (S.src_value(s, b, srcs[m]) - 1)
                m += 1
    if any_value == 0:
        return n
    cells = stack_array(NCELL, 0, np.int32)
    for room in range(2):
        for j in range(PL.cells(s, b, room, cells)):
            cell = cells[j]
            mask = PL.mask(s, b, room, cell) & any_value
            if mask == 0:
                continue
            dest = room << CELL_BITS | cell
            here = mask & ware
            for v in range(C.NVAL):
                if (here >> v) & 1:
                    n = push(opts, n, option(OT.PLACE, v << SRC_SHIFT | dest))
            for i in range(m):
                if (mask >> (S.src_value(s, b, srcs[i]) - 1)) & 1:
                    n = push(opts, n, option(OT.PLACE, srcs[i] << SRC_SHIFT | dest))
    return n


@njit(inline="always")
def recruit_options(s, t, me, b, opts, n):
    """CUBIST-R17, R18, R25: (slot, value, card dice used) for every artist card the
    warehouse and card dice can take."""
    have = stack_array(NVAL, 0, np.int32)  # card dice that can show each value
    for v in range(C.NVAL):
        have[v] = 0
    for k in range(S.card_spaces(s, b)):
        if s[b + P.CD_ON + k]:
            a, c = s[b + P.CD_A + k], s[b + P.CD_B + k]
            have[a - 1] += 1
            if c != a:
                have[c - 1] += 1
    most = 0  # the most dice of one value
    for v in range(C.NVAL):
        most = max(most, s[b + P.WARE + v] + have[v])
    if most == 0:
        return n  # every artist card takes at least one die
    for slot in range(C.MAX_ARTISTS_UP):
        if recruit_need(s, t, slot, me, C.NVAL) == 0:
            continue  # no value can take it (recruit_need: the highest value is the least bound)
        k = t[T.ART_DICE + s[O.ART + slot]]
        if most < k:
            continue
        low = s[O.ART_VALUE + slot] if s[O.ART_OWNER + slot] >= 0 else 1
        for v in range(low, C.NVAL + 1):
            w = s[b + P.WARE + v - 1]
            if w + have[v - 1] < k:
                continue
            cd = min(have[v - 1], k)
            for c in range(cd + 1):
                if w + c >= k:
                    n = push(opts, n, option(OT.RECRUIT, slot | v << 2 | c << 5))
    return n


@njit(_nrt=False)
def use_param(opts, n, slot, param):
    return push(opts, n, option(OT.USE, slot | param << USE_SHIFT))


@njit(inline="always")
def use_options(s, t, me, b, opts, n):
    """CUBIST-R21, §6.1: each usable artist card with every choice its action allows."""
    for slot in range(C.MAX_ARTISTS_UP):
        if not usable(s, slot, me):
            continue
        card = s[O.ART + slot]
        kind = t[T.ART_KIND + card]
        if kind == C.BOCCIONI:
            n = use_param(opts, n, slot, 0)
            if t[T.ART_V2 + card] != t[T.ART_V1 + card]:
                n = use_param(opts, n, slot, 1)
        elif kind == C.MARC:
            for v in range(C.NVAL):
                n = use_param(opts, n, slot, v)
        elif kind == C.MALEVICH:
            n = use_param(opts, n, slot, 0)
        elif kind == C.GRIS or kind == C.PASCIN:
            cells = stack_array(NCELL, 0, np.int32)
            for room in range(2):
                at = S.room_at(b, room)
                for j in range(GEO.occupied_cells(s, at, s[b + P.ROOM_N + room], cells)):
                    cell = cells[j]
                    ok = GEO.removable(s, t, at, cell) if kind == C.GRIS else \
                        pascin_source_ok(s, t, b, room, cell)
                    if ok:
                        n = use_param(opts, n, slot, room << CELL_BITS | cell)
        elif kind == C.FRESNAYE or kind == C.POPOVA:
            step, signs = modify_steps(s, t, card)
            for src in range(8 + 2 * S.card_spaces(s, b)):
                if src < C.NVAL:
                    if s[b + P.WARE + src] == 0:
                        continue
                elif src < 8:
                    continue
                else:
                    k = (src - 8) >> 1
                    if s[b + P.CD_ON + k] == 0 or (src & 1) >= faces(s, b, k):
                        continue
                v = S.src_value(s, b, src)
                for sign in range(2):
                    nv = v + step if sign == 0 else v - step
                    if (signs >> sign) & 1 and 1 <= nv <= C.NVAL:
                        n = use_param(opts, n, slot, src << 1 | sign)
        else:  # Rozanova: a die from an opponent's storage
            for q in range(s[G.NP]):
                if q == me:
                    continue
                bq = S.pbase(q)
                for v in range(C.NVAL):
                    if s[bq + P.STORE + v] > 0:
                        n = use_param(opts, n, slot, q << 3 | v)
    return n


@njit(inline="always")
def complete_options(s, t, b, opts, n):
    """CUBIST-R22, R23: (room, display slot) for each installation that matches a card."""
    if s[b + P.HELD_N] >= C.MAX_HELD:
        return n  # engine capacity (misc.end_installations keeps well below it)
    for room in range(2):
        nd = s[b + P.ROOM_N + room]
        if nd == 0:
            continue
        at = S.room_at(b, room)
        for slot in range(C.MAX_DISPLAY):
            card = s[O.DISPLAY + slot]  # the dice count first: no call for most cards
            if card >= 0 and t[T.INST_DICE + card] == nd and GEO.matches(s, t, at, nd, card):
                n = push(opts, n, option(OT.COMPLETE, room | slot << 1))
    return n


@njit(inline="always")
def abandon_room_options(s, b, opts, n):
    """CUBIST-R24: each non-empty work room."""
    for room in range(2):
        if s[b + P.ROOM_N + room] > 0:
            n = push(opts, n, option(OT.ABANDON, room))
    return n


@njit(inline="always")
def museum_options(s, t, b, opts, n):
    """CUBIST-R25..R27: each card die (each face of an a/b die) on each museum cell it may
    take."""
    museum = s[G.MUSEUM]
    want = 0
    for k in range(S.card_spaces(s, b)):
        if s[b + P.CD_ON + k]:
            want |= 1 << (s[b + P.CD_A + k] - 1) | 1 << (s[b + P.CD_B + k] - 1)
    if want == 0:
        return n
    cells = stack_array(NVAL, 0, np.int64)  # per value the cells it may take
    for v in range(C.NVAL):
        cells[v] = 0
    for cell in range(C.MCELL):
        fits = GEO.museum_mask(s, t, museum, cell) & want
        for v in range(C.NVAL):
            if (fits >> v) & 1 and GEO.stays_completable(s, t, museum, cell, v + 1):
                cells[v] |= 1 << cell
    for k in range(S.card_spaces(s, b)):
        if s[b + P.CD_ON + k] == 0:
            continue
        for f in range(faces(s, b, k)):
            src = S.card_die_src(k, f)
            bits = cells[S.src_value(s, b, src) - 1]
            for cell in range(C.MCELL):
                if (bits >> cell) & 1:
                    n = push(opts, n, option(OT.MUSEUM, src << 5 | cell))
    return n


@njit(_nrt=False)
def preroll_options(s, t, opts):
    """CUBIST-R8: the step-3 actions that free dice (artists, completing, abandoning)."""
    me = s[G.CUR]
    b = S.pbase(me)
    n = use_options(s, t, me, b, opts, 0)
    n = complete_options(s, t, b, opts, n)
    return abandon_room_options(s, b, opts, n)


@njit(_nrt=False)
def main_options(s, t, opts):
    """CUBIST-R10..R28: end the turn first, then every step the player may take; before the
    roll (CUBIST-R8) only the step-3 actions that free dice."""
    if s[G.ROLLED] == 0:
        return preroll_options(s, t, opts)
    me = s[G.CUR]
    b = S.pbase(me)
    n = push(opts, 0, option(OT.END, 0))
    n = complete_options(s, t, b, opts, n)
    n = museum_options(s, t, b, opts, n)
    n = place_options(s, t, b, opts, n)
    n = recruit_options(s, t, me, b, opts, n)
    n = use_options(s, t, me, b, opts, n)
    return abandon_room_options(s, b, opts, n)


@njit(_nrt=False)
def pascin_options(s, t, opts):
    """CUBIST §6.1 Pascin: where the lifted die goes."""
    b = S.pbase(s[G.CUR])
    return pascin_dest(s, t, b, s[G.MOVE_V], s[G.MOVE_FROM], opts, 0, True)


@njit(_nrt=False)
def abandon_recruits(s, t, opts, n, write):
    """CUBIST-R24: artist cards the abandoned dice can recruit (slot, value), appended when
    `write`, else only counted up to the first."""
    me = s[G.CUR]
    for slot in range(C.MAX_ARTISTS_UP):
        for v in range(1, C.NVAL + 1):
            k = recruit_need(s, t, slot, me, v)
            if k > 0 and s[O.PENDING + v - 1] >= k:
                if not write:
                    return 1
                n = push(opts, n, option(OT.ABANDON_RECRUIT, slot | v << 2))
    return n


@njit(_nrt=False)
def abandon_options(s, t, opts):
    """CUBIST-R24: the rest to the supply, or an artist card for some of them."""
    n = push(opts, 0, option(OT.ABANDON_DONE, 0))
    return abandon_recruits(s, t, opts, n, True)


@njit(_nrt=False)
def store_options(s, t, opts):
    """CUBIST-R29: keep nothing, one die, or two (values a <= b) of the warehouse."""
    b = S.pbase(s[G.CUR])
    cap = t[T.MISC + M.STORAGE]
    n = push(opts, 0, option(OT.STORE, 0))
    if cap == 0:
        return n
    for v in range(1, C.NVAL + 1):
        if s[b + P.WARE + v - 1] == 0:
            continue
        n = push(opts, n, option(OT.STORE, v))
        if cap < 2:
            continue
        for w in range(v, C.NVAL + 1):
            if s[b + P.WARE + w - 1] >= (2 if w == v else 1):
                n = push(opts, n, option(OT.STORE, v | w << 3))
    return n


@njit(_nrt=False)
def legal(s, t, opts):
    """Write the legal options of the pending decision into opts; return their number."""
    dk = s[G.DK]
    if dk == DK.MAIN:
        return main_options(s, t, opts)
    if dk == DK.PASCIN:
        return pascin_options(s, t, opts)
    if dk == DK.ABANDON:
        return abandon_options(s, t, opts)
    if dk == DK.STORE:
        return store_options(s, t, opts)
    return 0
