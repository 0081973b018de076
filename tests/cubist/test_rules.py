"""Cubist rule clauses on constructed states (interpreted), one or more tests per clause id of
../shared/rules/cubist.md (CUBIST-R0..R32, Q1..Q10)."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from core.common.trace import events
from core.cubist import actions as A
from core.cubist import codes as C
from core.cubist import geometry as GEO
from core.cubist import placements as PL
from core.cubist import rules as R
from core.cubist import state as S
from core.cubist import trace as TRC
from core.cubist.check import ERR_DICE, ERR_ROOM, check_room, check_state
from core.cubist.codes import EV, T
from core.cubist.state import DK, G, O, P
from core.cubist.tables import load_tables
from tests.cubist.helpers import (
    B0, artist_slot, build, card_index, cell, clear_warehouse, display, end_turn, give,
    options, place, play, put_on_artist, rules, start, tagged, use,
)

B1 = S.pbase(1)


def room_cells(s, room=0, p=0):
    at = S.room_at(S.pbase(p), room)
    return {int(i): (int(s[at + S.VOFF + i]), int(s[at + i])) for i in range(C.NCELL)
            if s[at + i]}


# --- setup (CUBIST-R0..R7) ------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_CUBIST_R0_R2_museum_card_for_the_player_count(n):
    tables = load_tables()
    seen = set()
    for seed in range(40):
        s = S.new_game(rules(), n, seed)
        assert tables.mus_players[s[G.MUSEUM]] == n
        seen.add(int(s[G.MUSEUM]))
    assert len(seen) == 3  # each of the three cards for n players comes up


def test_CUBIST_R0_player_range_is_2_to_4():
    from core.cubist.game import GAME
    assert GAME.player_range(load_tables()) == (2, 4)


def test_CUBIST_R1_R3_cornerstone_on_its_cell_belongs_to_nobody():
    t = rules()
    values = set()
    for seed in range(30):
        s = S.new_game(t, 3, seed)
        corner = t[T.MUS_CORNER + s[G.MUSEUM]]
        assert s[O.MUS_H + corner] == 1 and int(np.sum(s[O.MUS_H:O.MUS_H + C.MCELL])) == 1
        assert t[T.MUS_H + s[G.MUSEUM] * C.MCELL + corner] > 0
        values.add(int(s[O.MUS_V + corner]))
        assert all(s[S.pbase(p) + P.MUSEUM] == 0 for p in range(3))
    assert values == set(range(1, 7))


def test_CUBIST_R4_three_installation_cards_face_up():
    s = S.new_game(rules(), 3, 5)
    shown = s[O.DISPLAY:O.DISPLAY + 3]
    assert (shown >= 0).all() and len(set(shown)) == 3
    assert s[G.IDECK_N] - s[G.IDECK_PTR] == 20


def test_CUBIST_R5_four_artists_face_up():
    s = S.new_game(rules(), 3, 5)
    assert (s[O.ART:O.ART + 4] >= 0).all() and (s[O.ART_OWNER:O.ART_OWNER + 4] == -1).all()
    assert s[G.ADECK_N] == 21


def test_CUBIST_R6_twenty_dice_each():
    s = S.new_game(rules(), 4, 5)
    for p in range(4):
        assert s[S.pbase(p) + P.SUPPLY] == 20 == s[S.pbase(p) + P.DICE]


def test_CUBIST_R7_random_first_player_then_clockwise():
    t = rules()
    starts = {int(S.new_game(t, 4, seed)[G.START]) for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    s, t = start(3)
    order = []
    for _ in range(4):
        order.append(int(s[G.CUR]))
        clear_warehouse(s, int(s[G.CUR]))
        end_turn(s, t)
    assert order == [0, 1, 2, 0]


# --- the turn (CUBIST-R8..R10, R29) ---------------------------------------------------------

def test_CUBIST_R8_roll_two_and_storage_joins_the_warehouse():
    s, t = start()
    assert S.ware_total(s, B0) == 2 and s[B0 + P.SUPPLY] == 18
    clear_warehouse(s)
    give(s, 3, 5)
    end_turn(s, t, keep=3 | 5 << 3)
    assert s[B0 + P.STORE + 2] == 1 and s[B0 + P.STORE + 4] == 1
    for p in (1, 2):
        clear_warehouse(s, p)
        end_turn(s, t)
    assert s[G.CUR] == 0 and S.ware_total(s, B0) == 4
    assert s[B0 + P.STORE:B0 + P.STORE + 6].sum() == 0


def test_CUBIST_R8_short_supply_frees_dice_first_then_rolls_what_there_is():
    s, t = start()
    clear_warehouse(s)
    build(s, 0, {(0, 0): (3, 1), (0, 1): (4, 1)})
    s[B0 + P.ROOM_N + 1] = 0
    # move all but one supply die onto the studio's storage of a later turn: the rooms
    build(s, 1, {(0, c): (3 + c % 2, 1) for c in range(-4, 5)})
    extra = s[B0 + P.SUPPLY] - 1
    build(s, 1, {(1, c): (4 - c % 2, 1) for c in range(-4, -4 + extra)})
    assert s[B0 + P.SUPPLY] == 1 and check_state(s, t) == 0
    end_turn(s, t)
    for p in (1, 2):
        clear_warehouse(s, p)
        end_turn(s, t)
    assert s[G.DK] == DK.MAIN and s[G.ROLLED] == 0
    names = {k for k, _ in options(s, t)}
    assert names == {"abandon"}  # the only step-3 action that frees dice here
    play(s, t, "abandon", 0)
    assert s[G.DK] == DK.MAIN and s[G.ROLLED] == 1 and S.ware_total(s, B0) == 2


def test_CUBIST_R8_rolls_what_there_is_when_nothing_frees_dice():
    s, t = start()
    clear_warehouse(s)
    s[B0 + P.SUPPLY] -= 19
    s[B0 + P.DICE] -= 19  # a player down to one die (scenario)
    s[S.pbase(1) + P.DICE] += 19
    s[S.pbase(1) + P.SUPPLY] += 19
    end_turn(s, t)
    for p in (1, 2):
        clear_warehouse(s, p)
        end_turn(s, t)
    assert s[G.DK] == DK.MAIN and S.ware_total(s, B0) == 1 and s[B0 + P.SUPPLY] == 0


def test_CUBIST_R9_warehouse_unlimited_and_never_to_the_museum():
    s, t = start()
    clear_warehouse(s)
    give(s, *([1, 2, 3, 4, 5, 6] * 2))
    assert check_state(s, t) == 0
    assert tagged(s, t, "museum") == []  # only card dice enter the museum (R25)
    assert len(tagged(s, t, "place")) >= 6


def test_CUBIST_R10_assign_to_rooms_artists_or_storage():
    s, t = start()
    clear_warehouse(s)
    give(s, 4, 4)
    names = {k for k, _ in options(s, t)}
    assert {"place", "recruit", "end"} <= names
    play(s, t, "end")
    assert s[G.DK] == DK.STORE and ("store", 4 | 4 << 3) in options(s, t)


def test_CUBIST_R29_storage_keeps_two_the_rest_to_the_supply():
    s, t = start()
    clear_warehouse(s)
    give(s, 1, 2, 6)
    supply = s[B0 + P.SUPPLY]
    play(s, t, "end")
    keeps = tagged(s, t, "store")
    assert all(((x & 7) > 0) + ((x >> 3) > 0) <= 2 for x in keeps) and len(keeps) == 1 + 3 + 3
    play(s, t, "store", 2 | 6 << 3)
    assert s[B0 + P.SUPPLY] == supply + 1 and S.ware_total(s, B0) == 0
    assert s[B0 + P.STORE + 1] == 1 and s[B0 + P.STORE + 5] == 1


# --- placement (CUBIST-R11..R15, Q1) -----------------------------------------------------------

def test_CUBIST_R11_first_die_free_in_an_empty_room():
    s, t = start()
    clear_warehouse(s)
    give(s, 5)
    cells = {(x >> A.CELL_BITS & 1, x & 127) for x in tagged(s, t, "place")}
    assert cells == {(0, C.CENTRE), (1, C.CENTRE)}  # where does not matter: translation


def test_CUBIST_R12_adjacent_or_on_top_never_diagonal():
    s, t = start()
    clear_warehouse(s)
    build(s, 0, {(0, 0): (3, 1)})
    give(s, 4, 3)
    dests = {(x >> A.SRC_SHIFT, x & 127) for x in tagged(s, t, "place")
             if (x >> A.CELL_BITS) & 1 == 0}
    assert dests == {(3, cell(-1, 0)), (3, cell(1, 0)), (3, cell(0, -1)), (3, cell(0, 1)),
                     (2, cell(0, 0))}


def test_CUBIST_R11_R12_candidate_cells_are_every_cell_a_die_may_reach():
    """The listing's cells (geometry.candidate_cells: occupied columns and the empty cells
    orthogonally next to one, from the rooms' row masks) against a brute force over all 81
    cells, on random connected rooms touching every edge of the grid; occupied_cells too."""
    rng = np.random.default_rng(11)
    s, t = start()
    at = S.room_at(B0, 0)
    out = np.zeros(C.NCELL, np.int32)
    for trial in range(300):
        s[at:at + C.NCELL] = 0
        s[at + S.VOFF:at + S.VOFF + C.NCELL] = 0
        cells = {int(rng.integers(C.NCELL))}  # any start: Gris may have taken the centre
        for _ in range(int(rng.integers(0, 30))):
            r, c = divmod(sorted(cells)[int(rng.integers(len(cells)))], C.GRID)
            dr, dc = ((-1, 0), (1, 0), (0, -1), (0, 1))[int(rng.integers(4))]
            if 0 <= r + dr < C.GRID and 0 <= c + dc < C.GRID:
                cells.add((r + dr) * C.GRID + c + dc)
        empty_room = trial % 10 == 0
        n = 0
        for x in ([] if empty_room else sorted(cells)):
            h = int(rng.integers(1, 4))
            s[at + x], s[at + S.VOFF + x] = h, int(rng.integers(1, C.NVAL + 1))
            n += h
        occupied = [x for x in range(C.NCELL) if s[at + x] > 0]

        def near(x):
            r, c = divmod(x, C.GRID)
            return any(0 <= r + dr < C.GRID and 0 <= c + dc < C.GRID
                       and s[at + (r + dr) * C.GRID + c + dc] > 0
                       for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))

        want = [C.CENTRE] if n == 0 else [x for x in range(C.NCELL)
                                          if s[at + x] > 0 or near(x)]
        got = list(out[:GEO.candidate_cells(s, at, n, out)])
        assert got == want
        assert {x for x in range(C.NCELL) if GEO.room_mask(s, t, at, n, x)} <= set(got)
        assert list(out[:GEO.occupied_cells(s, at, n, out)]) == occupied


@pytest.mark.parametrize("adjacency", ["strict", "lenient"])
def test_CUBIST_R11_R14_kept_placements_follow_every_put_lift_and_clear(adjacency):
    """The placements the state keeps per room (core.cubist.placements: the cells a die may
    reach and each cell's values) equal the room's own (geometry.candidate_cells, room_mask)
    after random puts, lifts of a removable die (Gris, Pascin) and emptied rooms."""
    rng = np.random.default_rng(5)
    s, t = start(adjacency=adjacency)
    at = S.room_at(B0, 0)
    out = np.zeros(C.NCELL, np.int32)
    kept = np.zeros(C.NCELL, np.int32)
    for step in range(600):
        n = int(s[B0 + P.ROOM_N])
        got = list(kept[:PL.cells(s, B0, 0, kept)])
        assert got == list(out[:GEO.candidate_cells(s, at, n, out)])
        assert [PL.mask(s, B0, 0, x) for x in got] == [GEO.room_mask(s, t, at, n, x)
                                                       for x in got]
        assert check_room(s, t, B0, 0) == 0
        lifts = [x for x in range(C.NCELL) if GEO.removable(s, t, at, x)]
        roll = rng.random()
        if roll < 0.02:
            s[at:at + C.NCELL] = 0
            s[at + S.VOFF:at + S.VOFF + C.NCELL] = 0
            s[B0 + P.ROOM_N] = 0
            PL.clear(s, B0, 0)
        elif roll < 0.3 and lifts:
            x = lifts[int(rng.integers(len(lifts)))]
            A.lift(s, at, x)
            s[B0 + P.ROOM_N] -= 1
            PL.lift(s, t, B0, 0, x)
        else:
            places = [(x, v) for x in got for v in range(1, C.NVAL + 1)
                      if (PL.mask(s, B0, 0, x) >> (v - 1)) & 1]
            if places:
                x, v = places[int(rng.integers(len(places)))]
                R.put_die(s, t, B0, 0, x, v)
    s[PL.fits_at(B0, 0) + 3] ^= 1 << 2  # a kept mask gone stale: the checker sees it
    assert check_room(s, t, B0, 0) == ERR_ROOM


def test_CUBIST_R13_plus_or_minus_one_without_wrap():
    s, t = start()
    clear_warehouse(s)
    build(s, 0, {(0, 0): (6, 1)})
    give(s, 1, 5)
    values = {(x >> A.SRC_SHIFT) + 1 for x in tagged(s, t, "place")
              if (x >> A.CELL_BITS) & 1 == 0}
    assert values == {5}  # a 1 never goes next to a 6


def test_CUBIST_R13_Q1_strict_every_neighbour_lenient_one():
    for adjacency, ok in (("strict", False), ("lenient", True)):
        s, t = start(adjacency=adjacency)
        clear_warehouse(s)
        build(s, 0, {(0, -1): (3, 1), (1, -1): (4, 1), (1, 0): (5, 1)}, t=t)
        give(s, 4)
        # cell (0, 0) touches the 3 and the 5: a 4 fits both
        assert place(3, 0, cell(0, 0)) in tagged(s, t, "place")
        s2, t2 = start(adjacency=adjacency)
        clear_warehouse(s2)
        build(s2, 1, {(0, 0): (3, 1), (0, 2): (5, 1)}, t=t2)
        give(s2, 4, 6)
        assert place(3, 1, cell(0, 1)) in tagged(s2, t2, "place")  # 4 between 3 and 5
        assert (place(5, 1, cell(0, 1)) in tagged(s2, t2, "place")) == ok  # 6: +-1 of the 5 only


def test_CUBIST_R14_stack_only_on_an_equal_value():
    s, t = start()
    clear_warehouse(s)
    build(s, 0, {(0, 0): (4, 2)})
    give(s, 4, 5)
    on_top = {x >> A.SRC_SHIFT for x in tagged(s, t, "place") if x & 127 == cell(0, 0)
              and (x >> A.CELL_BITS) & 1 == 0}
    assert on_top == {3}
    play(s, t, "place", place(3, 0, cell(0, 0)))
    assert room_cells(s)[cell(0, 0)] == (4, 3)


def test_CUBIST_R15_touching_columns_differ_by_one_checked():
    s, t = start()
    clear_warehouse(s)
    build(s, 0, {(0, 0): (3, 2), (0, 1): (5, 1)})
    assert check_state(s, t) == ERR_ROOM
    s2, t2 = start(adjacency="lenient")
    clear_warehouse(s2)
    build(s2, 0, {(0, 0): (3, 2), (0, 1): (5, 1)}, t=t2)
    assert check_state(s2, t2) == 0


# --- matching (CUBIST-R16, R23, Q7) -------------------------------------------------------------

def orientation_columns(t, card, o):
    """A room holding orientation o of a card's plan: values alternate 3/4 like a checkerboard,
    a fixed cell showing its value (3)."""
    k = card * C.NORIENT + o
    rows, cols = t[T.INST_SHAPE + 2 * k], t[T.INST_SHAPE + 2 * k + 1]
    cells = [(r, c) for r in range(rows) for c in range(cols)
             if t[T.INST_H + k * C.PLAN_CELLS + r * C.PLAN + c]]
    fixed = [(r, c) for r, c in cells if t[T.INST_FIX + k * C.PLAN_CELLS + r * C.PLAN + c]]
    parity = (sum(fixed[0]) % 2) if fixed else 0
    out = {}
    for r, c in cells:
        pc = k * C.PLAN_CELLS + r * C.PLAN + c
        fix = t[T.INST_FIX + pc]
        out[(r - 2, c - 2)] = (fix or (3 if (r + c) % 2 == parity else 4),
                               int(t[T.INST_H + pc]))
    return out


def completes(t, card_id, columns):
    s, _ = start()
    clear_warehouse(s)
    display(s, card_id)
    build(s, 0, columns)
    return any(x == 0 for x in tagged(s, t, "complete"))


@pytest.mark.parametrize("card_id", [f"I{i:02d}" for i in range(1, 24)])
def test_CUBIST_R16_R23_every_card_matches_in_every_rotation(card_id):
    t = rules()
    card = card_index(card_id)
    for o in range(4):
        assert completes(t, card_id, orientation_columns(t, card, o)), (card_id, o)


@pytest.mark.parametrize("card_id", [f"I{i:02d}" for i in range(1, 24)])
def test_CUBIST_R16_Q7_mirror_images_only_with_allow_mirror(card_id):
    t, tm = rules(), rules(allow_mirror=True)
    card = card_index(card_id)
    rotations = [orientation_columns(t, card, o) for o in range(4)]
    mirrored = orientation_columns(t, card, 4)
    shape = {rc: h for rc, (_, h) in mirrored.items()}
    same_shape = any(shape == {rc: h for rc, (_, h) in rot.items()} for rot in rotations)
    assert completes(tm, card_id, mirrored)
    if not same_shape:
        assert not completes(t, card_id, mirrored)


def test_CUBIST_R23_extra_dice_or_wrong_fixed_value_do_not_match():
    t = rules()
    assert completes(t, "I01", {(0, 0): (3, 1), (0, 1): (4, 1), (0, 2): (3, 1)})
    assert not completes(t, "I01", {(0, 0): (3, 1), (0, 1): (4, 1), (0, 2): (3, 2)})
    assert not completes(t, "I01", {(0, 0): (3, 1), (0, 1): (4, 1), (0, 2): (3, 1),
                                    (1, 0): (4, 1)})
    good = orientation_columns(t, card_index("I11"), 0)
    assert completes(t, "I11", good)
    bad = {rc: (7 - v, h) for rc, (v, h) in good.items()}  # 3 <-> 4: the fixed cell shows 4
    assert not completes(t, "I11", bad)


# --- artists (CUBIST-R17..R21, Q8) -------------------------------------------------------------

def test_CUBIST_R17_recruit_with_exactly_the_dice_shown_all_equal():
    s, t = start()
    clear_warehouse(s)
    artist_slot(s, 0, "A18")  # Malevich, 2 dice
    give(s, 3, 3, 5)
    rec = [x for x in tagged(s, t, "recruit") if x & 3 == 0]
    assert {(x >> 2) & 7 for x in rec} == {3}
    play(s, t, "recruit", 0 | 3 << 2)
    assert s[O.ART_OWNER] == 0 and s[O.ART_NDICE] == 2 and s[O.ART_VALUE] == 3
    assert s[B0 + P.WARE + 2] == 0


def test_CUBIST_R17_Q8_own_card_takes_no_more_dice_unless_switched():
    for restack, allowed in ((False, False), (True, True)):
        s, t = start(restack_own_artist=restack)
        clear_warehouse(s)
        artist_slot(s, 0, "A18")
        put_on_artist(s, 0, 0, 2)
        give(s, 4, 4)
        assert any(x & 3 == 0 for x in tagged(s, t, "recruit")) == allowed


def test_CUBIST_R18_bump_with_an_equal_or_higher_value():
    s, t = start()
    clear_warehouse(s)
    artist_slot(s, 0, "A18")
    put_on_artist(s, 0, 1, 4)
    give(s, 3, 3, 4, 4)
    values = {(x >> 2) & 7 for x in tagged(s, t, "recruit") if x & 3 == 0}
    assert values == {4}
    supply1 = s[B1 + P.SUPPLY]
    play(s, t, "recruit", 0 | 4 << 2)
    assert s[O.ART_OWNER] == 0 and s[B1 + P.SUPPLY] == supply1 + 2
    assert s[B0 + P.BUMPS] == 1 and s[B1 + P.BUMPED] == 1


def test_CUBIST_R19_no_use_on_the_turn_of_placing():
    s, t = start()
    clear_warehouse(s)
    artist_slot(s, 0, "A18")
    give(s, 2, 2)
    play(s, t, "recruit", 0 | 2 << 2)
    assert not any(x & 3 == 0 for x in tagged(s, t, "use"))
    end_turn(s, t)
    for p in (1, 2):
        clear_warehouse(s, p)
        end_turn(s, t)
    assert any(x & 3 == 0 for x in tagged(s, t, "use"))


def test_CUBIST_R20_Q5_all_four_taken_are_flushed():
    for flush_to, back in (("deck_bottom", 4), ("out_of_game", 0)):
        s, t = start(artist_flush_to=flush_to)
        clear_warehouse(s)
        for slot in range(3):
            put_on_artist(s, slot, 1, 1)
        old = s[O.ART:O.ART + 4].copy()
        deck = s[G.ADECK_N]
        k = t[T.ART_DICE + old[3]]
        give(s, *([6] * k))
        play(s, t, "recruit", 3 | 6 << 2)
        assert (s[O.ART_OWNER:O.ART_OWNER + 4] == -1).all()
        assert s[B1 + P.ARTIST_DICE] == 0 and s[B0 + P.ARTIST_DICE] == 0
        assert s[G.ADECK_N] == deck - 4 + back
        assert not set(old) & set(s[O.ART:O.ART + 4])
        if back:  # the flushed cards are at the bottom of the deck, in slot order
            ring = [s[O.ADECK + ((s[G.ADECK_HEAD] + i) & S.RING)] for i in range(s[G.ADECK_N])]
            assert ring[-4:] == list(old)


def use_ready(card_id, v=2, **switches):
    """A state where seat 0 may use the named artist (its dice placed in an earlier turn)."""
    s, t = start(**switches)
    clear_warehouse(s)
    artist_slot(s, 0, card_id)
    put_on_artist(s, 0, 0, v)
    return s, t


def test_CUBIST_R21_use_returns_dice_then_card_to_the_bottom_and_refills():
    s, t = use_ready("A18")  # Malevich 1
    supply = s[B0 + P.SUPPLY]
    card = s[O.ART]
    play(s, t, "use", use(0, 0))
    assert s[B0 + P.SUPPLY] == supply + 2 - 1 and s[B0 + P.WARE + 0] == 1
    ring = [s[O.ADECK + ((s[G.ADECK_HEAD] + i) & S.RING)] for i in range(s[G.ADECK_N])]
    assert ring[-1] == card and s[O.ART] not in (card, -1)
    assert s[B0 + P.USED + C.MALEVICH] == 1


def test_CUBIST_artists_boccioni_two_values_marc_any_malevich_its_value():
    s, t = use_ready("A02")  # Boccioni {2, 5}
    assert tagged(s, t, "use") == [use(0, 0), use(0, 1)]
    play(s, t, "use", use(0, 1))
    assert s[B0 + P.WARE + 4] == 1
    s, t = use_ready("A04")  # Marc
    assert tagged(s, t, "use") == [use(0, v) for v in range(6)]
    s, t = use_ready("A23")  # Malevich 6
    play(s, t, "use", use(0, 0))
    assert s[B0 + P.WARE + 5] == 1


def test_CUBIST_artists_gris_removes_without_splitting():
    s, t = use_ready("A06")
    build(s, 0, {(0, -1): (3, 1), (0, 0): (4, 2), (0, 1): (3, 1)})
    params = {x >> A.USE_SHIFT for x in tagged(s, t, "use")}
    assert params == {cell(0, -1), cell(0, 0), cell(0, 1)}  # the middle: its top die only
    s[S.room_at(B0, 0) + cell(0, 0)] = 1
    s[B0 + P.ROOM_N] -= 1
    s[B0 + P.SUPPLY] += 1
    params = {x >> A.USE_SHIFT for x in tagged(s, t, "use")}
    assert params == {cell(0, -1), cell(0, 1)}  # the middle die alone would split it
    play(s, t, "use", use(0, cell(0, 1)))
    assert room_cells(s) == {cell(0, -1): (3, 1), cell(0, 0): (4, 1)}


def test_CUBIST_artists_pascin_moves_one_die_within_or_between_installations():
    s, t = use_ready("A08")
    build(s, 0, {(0, 0): (3, 1), (0, 1): (4, 1)})
    build(s, 1, {(0, 0): (5, 1)})
    play(s, t, "use", use(0, cell(0, 1)))
    assert s[G.DK] == DK.PASCIN and s[G.MOVE_V] == 4
    dests = set(tagged(s, t, "move_to"))
    assert 1 << A.CELL_BITS | cell(0, 1) in dests  # next to the 5 in the other room
    assert cell(0, 1) not in dests  # not back where it came from
    assert 0 << A.CELL_BITS | cell(1, 0) in dests
    play(s, t, "move_to", 1 << A.CELL_BITS | cell(0, -1))
    assert room_cells(s, 1) == {cell(0, -1): (4, 1), cell(0, 0): (5, 1)}
    assert s[G.DK] == DK.MAIN


@pytest.mark.parametrize("card_id,step", [("A10", 2), ("A14", 1)])
def test_CUBIST_artists_fresnaye_popova_Q4_change_a_die(card_id, step):
    s, t = use_ready(card_id)
    give(s, 3)
    params = {x >> A.USE_SHIFT for x in tagged(s, t, "use")}
    assert params == {2 << 1 | 0, 2 << 1 | 1}  # +step or -step on the warehouse 3
    play(s, t, "use", use(0, 2 << 1 | 1))
    assert s[B0 + P.WARE + 3 - step - 1] == 1
    s, t = use_ready("A12" if step == 2 else "A16", modifier_sign="printed")  # printed "-"
    give(s, 3)
    assert {x >> A.USE_SHIFT for x in tagged(s, t, "use")} == {2 << 1 | 1}


@pytest.mark.parametrize("mode", ["swap_colour", "take_die"])
def test_CUBIST_artists_rozanova_Q6_claims_from_storage(mode):
    s, t = use_ready("A24", rozanova=mode)
    s[B1 + P.SUPPLY] -= 1
    s[B1 + P.STORE + 4] = 1
    assert tagged(s, t, "use") == [use(0, 1 << 3 | 4)]
    supply1 = s[B1 + P.SUPPLY]
    play(s, t, "use", use(0, 1 << 3 | 4))
    assert s[B1 + P.STORE + 4] == 0 and s[B0 + P.WARE + 4] == 1
    if mode == "swap_colour":
        assert s[B1 + P.SUPPLY] == supply1 + 1 and s[B0 + P.DICE] == 20
    else:
        assert s[B1 + P.DICE] == 19 and s[B0 + P.DICE] == 21


# --- installations (CUBIST-R22, R24, R25, R28) -----------------------------------------------

def complete_i03(**switches):
    """Seat 0 completes I03 ("21", museum die 3/4) from room 0."""
    s, t = start(**switches)
    clear_warehouse(s)
    display(s, "I03")
    build(s, 0, {(0, 0): (3, 2), (0, 1): (4, 1)})
    return s, t


def test_CUBIST_R22_complete_returns_dice_takes_card_refills_and_adds_museum_dice():
    s, t = complete_i03()
    supply = s[B0 + P.SUPPLY]
    deck = s[G.IDECK_PTR]
    play(s, t, "complete", 0)
    assert s[B0 + P.ROOM_N] == 0 and s[B0 + P.HELD] == card_index("I03")
    assert s[G.IDECK_PTR] == deck + 1 and s[O.DISPLAY] >= 0
    assert s[B0 + P.SUPPLY] == supply + 3 - 1
    assert (s[B0 + P.CD_A], s[B0 + P.CD_B], s[B0 + P.CD_ON]) == (3, 4, 1)


def test_CUBIST_R25_card_dice_to_rooms_artists_and_alone_to_the_museum():
    s, t = complete_i03()
    play(s, t, "complete", 0)
    museum = tagged(s, t, "museum")
    assert museum and {x >> 5 for x in museum} <= {8, 9}  # card die 0, a face that fits
    assert any(x >> A.SRC_SHIFT in (8, 9) for x in tagged(s, t, "place"))
    x = museum[0]
    play(s, t, "museum", x)
    assert s[B0 + P.MUSEUM] == 1 and s[B0 + P.CD_ON] == 0


def test_CUBIST_R22_R25_card_dice_only_on_the_spaces_of_held_cards():
    """The listers read the card-die spaces of the held cards only (state.card_spaces); a die
    on a later space is a checker error."""
    s, t = complete_i03()
    play(s, t, "complete", 0)
    assert S.card_spaces(s, B0) == C.MAX_SPACES and check_state(s, t) == 0
    k = S.card_spaces(s, B0)
    s[B0 + P.CD_A + k] = s[B0 + P.CD_B + k] = 2
    s[B0 + P.CD_ON + k] = 1
    s[B0 + P.SUPPLY] -= 1
    assert check_state(s, t) == ERR_DICE


def test_CUBIST_R24_abandon_all_dice_to_artists_or_supply():
    s, t = start()
    clear_warehouse(s)
    artist_slot(s, 0, "A18")
    build(s, 0, {(0, 0): (3, 2), (0, 1): (4, 1)})
    supply = s[B0 + P.SUPPLY]
    play(s, t, "abandon", 0)
    assert s[G.DK] == DK.ABANDON and s[B0 + P.ROOM_N] == 0
    assert ("abandon_recruit", 0 | 3 << 2) in options(s, t)
    assert all(k in ("abandon_recruit", "abandon_done") for k, _ in options(s, t))
    play(s, t, "abandon_recruit", 0 | 3 << 2)
    assert s[O.ART_OWNER] == 0 and s[B0 + P.SUPPLY] == supply + 1
    assert s[G.DK] == DK.MAIN


def test_CUBIST_R28_Q3_emptied_cards_face_down_score_switch():
    for unflipped, points in ((True, 4), (False, 0)):
        s, t = complete_i03(score_unflipped_cards=unflipped)
        play(s, t, "complete", 0)
        assert S.score(s, t, 0) == points
        play(s, t, "museum", tagged(s, t, "museum")[0])
        assert S.held_card_flipped(s, B0, 0) and S.score(s, t, 0) == 4 + 2


# --- the museum (CUBIST-R26, R27) -----------------------------------------------------------

def museum_state(card_id, filled):
    """A 3-player game on museum card `card_id` with columns {cell: (value, height)}."""
    s, t = start()
    s[G.MUSEUM] = card_index(card_id, "museums")
    s[G.CORNER] = t[T.MUS_CORNER + s[G.MUSEUM]]
    s[O.MUS_H:O.MUS_H + C.MCELL] = 0
    s[O.MUS_V:O.MUS_V + C.MCELL] = 0
    for c, (v, h) in filled.items():
        s[O.MUS_H + c] = h
        s[O.MUS_V + c] = v
    return s, t


def brute_completable(s, t):
    """Whether some values 1-6 on the museum's empty plan cells make every pair of plan cells
    that touch edge to edge differ by exactly 1: every assignment tried (as numpy rows)."""
    museum = s[G.MUSEUM]
    plan = [c for c in range(C.MCELL) if t[T.MUS_H + museum * C.MCELL + c]]
    empty = [c for c in plan if s[O.MUS_H + c] == 0]
    values = np.zeros((6 ** len(empty), C.MCELL), np.int64)
    values[:] = s[O.MUS_V:O.MUS_V + C.MCELL]
    values[:, empty] = np.array(list(itertools.product(range(1, 7), repeat=len(empty))),
                                np.int64).reshape(len(values), len(empty))
    fits = np.ones(len(values), bool)
    for a in plan:
        for b in plan:
            if a < b and (b - a == C.MCOLS or (b - a == 1 and b % C.MCOLS)):
                fits &= np.abs(values[:, a] - values[:, b]) == 1
    return bool(fits.any())


def test_CUBIST_R27_completability_matches_brute_force_on_constructed_museums():
    rng = np.random.default_rng(7)
    for card_id in ("M2-2", "M2-3"):  # 8 and 9 plan cells: brute force is cheap
        checked = 0
        for _ in range(120):
            s, t = museum_state(card_id, {})
            museum = s[G.MUSEUM]
            plan = [c for c in range(C.MCELL) if t[T.MUS_H + museum * C.MCELL + c]]
            for c in rng.choice(plan, size=rng.integers(1, 4), replace=False):
                s[O.MUS_H + c] = 1
                s[O.MUS_V + c] = rng.integers(1, 7)
            if len(plan) - int((s[O.MUS_H:O.MUS_H + C.MCELL] > 0).sum()) > 6:
                continue
            assert GEO.completable(s, t, museum) == brute_completable(s, t)
            checked += 1
        assert checked > 20


def test_CUBIST_R27_a_placement_that_blocks_completion_is_illegal():
    # M2-3 "111/121/111" (cells r*6 + c): r1c1 = 1 and r1c3 = 1 leave r1c2 = 2
    s, t = museum_state("M2-3", {0: (1, 1), 2: (1, 1)})
    museum = s[G.MUSEUM]
    assert GEO.completable(s, t, museum)
    assert GEO.museum_fits(s, t, museum, 1, 2)
    assert GEO.museum_allows(s, t, museum, 1, 2)
    # first row 1 2 1, r2c1 = r2c3 = 2: still completable
    s, t = museum_state("M2-3", {0: (1, 1), 1: (2, 1), 2: (1, 1), 6: (2, 1), 8: (2, 1)})
    assert GEO.completable(s, t, museum)
    assert not GEO.museum_allows(s, t, museum, 13, 6)  # not adjacent to anything +-1
    # with r2c2 = 3, a 4 at r3c2 (cell 13) leaves r3c1 needing +-1 of 2 and of 4 (a 3): the
    # engine agrees with brute force either way
    s[O.MUS_H + 7] = 1
    s[O.MUS_V + 7] = 3
    assert GEO.museum_fits(s, t, museum, 13, 4)
    s2 = s.copy()
    s2[O.MUS_H + 13] = 1
    s2[O.MUS_V + 13] = 4
    assert GEO.completable(s2, t, museum) == brute_completable(s2, t)
    assert GEO.museum_allows(s, t, museum, 13, 4) == brute_completable(s2, t)


def test_CUBIST_R26_museum_within_the_plan_up_to_its_height():
    s, t = museum_state("M4-2", {0: (3, 1)})  # "1111/1331/1111"
    museum = s[G.MUSEUM]
    assert GEO.museum_fits(s, t, museum, 1, 4) and not GEO.museum_fits(s, t, museum, 1, 5)
    assert not GEO.museum_fits(s, t, museum, 4, 4)  # r1c5: not on the plan
    assert not GEO.museum_fits(s, t, museum, 0, 3)  # r1c1 is 1 high
    s, t = museum_state("M4-2", {7: (3, 3)})
    assert not GEO.museum_fits(s, t, museum, 7, 3)  # r2c2 is 3 high: full


# --- the end (CUBIST-R30..R32, Q2, Q10) ----------------------------------------------------------

def five_done(s, p=0):
    """p holds five completed cards (the first five of the deck), no dice on them."""
    b = S.pbase(p)
    for h in range(4):
        card = s[O.IDECK + s[G.IDECK_PTR]]
        s[G.IDECK_PTR] += 1
        s[b + P.HELD + h] = card
    s[b + P.HELD_N] = 4


def test_CUBIST_R30_Q2_five_installations_end_after_the_round():
    for timing in ("finish_round", "immediate"):
        s, t = complete_i03(end_timing=timing)
        five_done(s)
        play(s, t, "complete", 0)
        assert s[G.FINAL] == 1 and s[G.TRIGGER] == 0
        if timing == "immediate":
            assert s[G.PHASE] == S.PH.OVER
            continue
        assert s[G.PHASE] == S.PH.PLAY
        clear_warehouse(s)
        end_turn(s, t)
        for p in (1, 2):
            assert s[G.PHASE] == S.PH.PLAY
            clear_warehouse(s, p)
            end_turn(s, t)
        assert s[G.PHASE] == S.PH.OVER


def test_CUBIST_R30_museum_complete_triggers():
    s, t = complete_i03()
    # M2-2 style: fill all but one cell of the current museum with a valid assignment
    museum = s[G.MUSEUM]
    plan = [c for c in range(C.MCELL) if t[T.MUS_H + museum * C.MCELL + c]]
    corner = s[G.CORNER]
    base = s[O.MUS_V + corner]
    par = (corner // C.MCOLS + corner % C.MCOLS) % 2
    low = base if base < 6 else 5
    for c in plan:
        v = low if (c // C.MCOLS + c % C.MCOLS) % 2 == par else low + 1
        if base == 6:
            v = 6 if (c // C.MCOLS + c % C.MCOLS) % 2 == par else 5
        s[O.MUS_V + c] = v
        s[O.MUS_H + c] = t[T.MUS_H + museum * C.MCELL + c]
    last = next(c for c in plan if c != corner and t[T.MUS_H + museum * C.MCELL + c] == 1)
    need = s[O.MUS_V + last]
    s[O.MUS_H + last] = 0
    s[O.MUS_V + last] = 0
    placed = int(s[O.MUS_H:O.MUS_H + C.MCELL].sum()) - 1
    s[B0 + P.MUSEUM] = placed
    s[B0 + P.SUPPLY] -= placed
    play(s, t, "complete", 0)
    s[B0 + P.CD_A] = s[B0 + P.CD_B] = need
    play(s, t, "museum", 8 << 5 | last)
    assert s[G.FINAL] == 1 and GEO.museum_complete(s, t, museum)


def test_CUBIST_R31_points_cards_and_two_per_museum_die():
    s, t = complete_i03()
    play(s, t, "complete", 0)
    play(s, t, "museum", tagged(s, t, "museum")[0])
    out = np.zeros(C.NSRC, np.int64)
    S.points_by_source(s, t, 0, out)
    assert list(out) == [4, 2]


def test_CUBIST_R32_Q10_ties_museum_dice_then_installations():
    s, t = start(score_unflipped_cards=False)
    key, rank, share = np.zeros(3), np.zeros(3, np.int64), np.zeros(3)
    b2 = S.pbase(2)
    s[B0 + P.MUSEUM] = 2                   # 4 points
    s[B1 + P.HELD + 0] = card_index("I03")  # 4 points, no museum die
    s[B1 + P.HELD_N] = 1
    R.standings(s, t, key, rank, share)
    assert list(rank) == [1, 2, 3]          # more museum dice first
    s[B1 + P.MUSEUM] = 2
    s[B1 + P.HELD_N] = 0
    s[b2 + P.MUSEUM] = 2
    s[b2 + P.HELD + 0] = card_index("I01")  # completed but still holding its die: 0 points
    s[b2 + P.CD_ON] = 1
    s[b2 + P.HELD_N] = 1
    R.standings(s, t, key, rank, share)
    assert list(rank) == [2, 2, 1]          # then more installations
    s[b2 + P.HELD_N] = 0
    R.standings(s, t, key, rank, share)
    assert list(share) == pytest.approx([1 / 3] * 3)  # then shared
    s[b2 + P.HELD_N] = 1
    R.standings(s, rules(score_unflipped_cards=False, final_tie="shared"), key, rank, share)
    assert list(share) == pytest.approx([1 / 3] * 3)


def test_CUBIST_Q9_remove_only_top_changes_nothing_in_the_column_model():
    # every die of a column shows the same value (R14), so taking "any" die of a column is
    # taking its top die: both settings offer the same Gris and Pascin options
    for card_id in ("A06", "A08"):
        seen = []
        for top in (True, False):
            s, t = use_ready(card_id, remove_only_top=top)
            build(s, 0, {(0, -1): (3, 1), (0, 0): (4, 3), (0, 1): (3, 2)})
            seen.append(tagged(s, t, "use"))
        assert seen[0] == seen[1] and seen[0]


def test_CUBIST_trace_log_draws_rooms_and_museum():
    tr = TRC.trace_buffer(400)
    s, t = complete_i03()
    R.log(tr, s, EV.TURN, 0, 1, 1, 0, 0)
    play(s, t, "complete", 0, tr)
    lines = list(TRC.log_lines(tr, load_tables(), 3, C.COLOURS))
    assert any("completes I03" in line for line in lines)
    state = TRC.public_state(s, load_tables(), 3)
    assert state["players"][0]["completed"] == ["I03"] and state["museum"]
    s2, _ = start()
    clear_warehouse(s2)
    build(s2, 0, {(0, 0): (3, 2), (0, 1): (4, 1)})
    assert TRC.room_picture(s2, B0, 0) == ["3^2 4"]
    assert all(ev[0] in EV for ev in events(tr))
