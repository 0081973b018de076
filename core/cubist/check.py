"""Invariant checker: every die of every colour conserved, nothing negative, work rooms
well formed (one value per column, touching columns +-1 under the strict rule), artist and
installation cards each in exactly one place, the museum within its plan, touching columns +-1
and still completable (CUBIST-R27), the counters the engine keeps up to date."""
import numpy as np

from core.common.arith import span_sum
from core.common.errors import (  # noqa: F401 (loop codes re-exported)
    ERR_ILLEGAL, ERR_STUCK, FIRST_GAME_ERROR, LOOP_ERR_NAMES, OK,
)
from core.cubist import codes as C
from core.cubist import geometry as GEO
from core.cubist import placements as PL
from core.cubist import state as S
from core.cubist.codes import M, SW, T
from core.cubist.state import G, O, P, VOFF
from core.jit import njit

ERR_DICE = FIRST_GAME_ERROR    # a player's dice do not add up
ERR_NEGATIVE = ERR_DICE + 1    # a count below zero
ERR_ROOM = ERR_DICE + 2        # a work room broken (count, values, adjacency)
ERR_ARTISTS = ERR_DICE + 3     # artist cards or the dice on them wrong
ERR_CARDS = ERR_DICE + 4       # installation cards not conserved
ERR_MUSEUM = ERR_DICE + 5      # the museum outside its plan, broken or not completable
ERR_NAMES = LOOP_ERR_NAMES + (
    "dice not conserved", "negative count", "work room broken", "artist cards wrong",
    "installation cards not conserved", "museum broken")


@njit
def check_room(s, t, b, room):
    """0 or ERR_ROOM: dice count, one value 1-6 per occupied column, +-1 neighbours (strict)."""
    at = S.room_at(b, room)
    n = 0
    strict = t[T.SWITCHES + SW.ADJACENCY] == 0
    for cell in range(C.NCELL):
        h, v = s[at + cell], s[at + VOFF + cell]
        if h < 0 or (h == 0) != (v == 0) or v < 0 or v > C.NVAL:
            return ERR_ROOM
        n += h
        if h > 0 and strict:
            r, c = cell // C.GRID, cell % C.GRID
            if c + 1 < C.GRID and s[at + cell + 1] > 0 and abs(s[at + VOFF + cell + 1] - v) != 1:
                return ERR_ROOM
            if r + 1 < C.GRID and s[at + cell + C.GRID] > 0 and \
                    abs(s[at + VOFF + cell + C.GRID] - v) != 1:
                return ERR_ROOM
    if n != s[b + P.ROOM_N + room] or not GEO.connected(s, at):
        return ERR_ROOM
    return kept_placements(s, t, b, room)


@njit
def kept_placements(s, t, b, room):
    """0 or ERR_ROOM: the placements kept for the room (core.cubist.placements) are the
    room's own, word for word."""
    at = S.room_at(b, room)
    n = s[b + P.ROOM_N + room]
    rw, fw = PL.rows_at(b, room), PL.fits_at(b, room)
    for r in range(C.GRID):
        bits = 0
        for c in range(C.GRID):
            if n > 0 and PL.reaches(s, at, r * C.GRID + c):
                bits |= 1 << c
        if s[rw + r] != bits:
            return ERR_ROOM
    for w in range(C.FIT_WORDS):
        word = 0
        for i in range(C.FIT_PER_WORD):
            cell = w * C.FIT_PER_WORD + i
            if cell < C.NCELL and n > 0 and PL.reaches(s, at, cell):
                word |= GEO.room_mask(s, t, at, n, cell) << (i * C.NVAL)
        if s[fw + w] != word:
            return ERR_ROOM
    return OK


@njit
def check_players(s, t, np_):
    """Each player's dice add up; counts are not negative; rooms are well formed."""
    total = 0
    for p in range(np_):
        b = S.pbase(p)
        n = s[b + P.SUPPLY] + s[b + P.ARTIST_DICE] + s[b + P.MUSEUM]
        if s[b + P.SUPPLY] < 0 or s[b + P.ARTIST_DICE] < 0 or s[b + P.HELD_N] > C.MAX_HELD:
            return ERR_NEGATIVE
        for v in range(C.NVAL):
            if s[b + P.WARE + v] < 0 or s[b + P.STORE + v] < 0:
                return ERR_NEGATIVE
            n += s[b + P.WARE + v] + s[b + P.STORE + v]
        stored = span_sum(s, b + P.STORE, C.NVAL)
        if stored > t[T.MISC + M.STORAGE]:
            return ERR_DICE
        for room in range(2):
            err = check_room(s, t, b, room)
            if err != OK:
                return err
            n += s[b + P.ROOM_N + room]
        for k in range(C.MAX_HELD * C.MAX_SPACES):
            n += s[b + P.CD_ON + k]
            if s[b + P.CD_ON + k] and k >= S.card_spaces(s, b):
                return ERR_DICE  # a die on a card not held
        if p == s[G.CUR]:
            n += 1 if s[G.MOVE_V] > 0 else 0
            for v in range(C.NVAL):
                n += s[O.PENDING + v]
        if n != s[b + P.DICE]:
            return ERR_DICE
        total += s[b + P.DICE]
    if total != np_ * t[T.MISC + M.START_DICE]:
        return ERR_DICE
    return OK


@njit
def check_artists(s, t, np_):
    """Each artist card at most once among the face-up slots and the deck (all of them unless
    flushed out of the game), and the dice on the cards match each player's count."""
    seen = np.zeros(C.MAX_ART, np.int64)
    on = np.zeros(C.MAX_PLAYERS, np.int64)
    count = 0
    for slot in range(C.MAX_ARTISTS_UP):
        card = s[O.ART + slot]
        owner = s[O.ART_OWNER + slot]
        if card >= 0:
            seen[card] += 1
            count += 1
            if owner >= 0:
                if owner >= np_ or s[O.ART_NDICE + slot] != t[T.ART_DICE + card] or \
                        not 1 <= s[O.ART_VALUE + slot] <= C.NVAL:
                    return ERR_ARTISTS
                on[owner] += s[O.ART_NDICE + slot]
        elif owner >= 0:
            return ERR_ARTISTS
    for i in range(s[G.ADECK_N]):
        card = s[O.ADECK + ((s[G.ADECK_HEAD] + i) & S.RING)]
        if card < 0:
            return ERR_ARTISTS
        seen[card] += 1
        count += 1
    for i in range(C.MAX_ART):
        if seen[i] > 1:
            return ERR_ARTISTS
    if count > t[T.ART_N] or (t[T.SWITCHES + SW.ARTIST_FLUSH_TO] == 0 and count != t[T.ART_N]):
        return ERR_ARTISTS
    for p in range(np_):
        if on[p] != s[S.pbase(p) + P.ARTIST_DICE]:
            return ERR_ARTISTS
    return OK


@njit
def check_cards(s, t, np_):
    """Each installation card exactly once: display, deck or a player's completed cards."""
    seen = np.zeros(C.MAX_INST, np.int64)
    for slot in range(C.MAX_DISPLAY):
        if s[O.DISPLAY + slot] >= 0:
            seen[s[O.DISPLAY + slot]] += 1
    for i in range(s[G.IDECK_PTR], s[G.IDECK_N]):
        seen[s[O.IDECK + i]] += 1
    for p in range(np_):
        b = S.pbase(p)
        for h in range(s[b + P.HELD_N]):
            seen[s[b + P.HELD + h]] += 1
    for i in range(C.MAX_INST):
        if seen[i] != (1 if t[T.INST_DICE + i] > 0 else 0):
            return ERR_CARDS
    return OK


@njit
def check_museum(s, t, np_):
    """Columns within the plan, one value each, the dice counted (own dice + the
    cornerstone), and the museum completable (CUBIST-R27, which also checks touching
    columns)."""
    museum = s[G.MUSEUM]
    dice = 0
    for cell in range(C.MCELL):
        h, v = s[O.MUS_H + cell], s[O.MUS_V + cell]
        if h < 0 or h > GEO.plan_height(t, museum, cell) or (h == 0) != (v == 0):
            return ERR_MUSEUM
        dice += h
    own = 1
    for p in range(np_):
        own += s[S.pbase(p) + P.MUSEUM]
    if dice != own or s[O.MUS_H + s[G.CORNER]] == 0:
        return ERR_MUSEUM
    if not GEO.completable(s, t, museum):
        return ERR_MUSEUM
    return OK


@njit
def check_state(s, t):
    """0 when every invariant holds, else the first broken one's ERR_ code."""
    np_ = s[G.NP]
    return (check_players(s, t, np_)
            or check_artists(s, t, np_)
            or check_cards(s, t, np_)
            or check_museum(s, t, np_))
