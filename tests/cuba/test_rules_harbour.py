"""Harbour and ships CUBA-R32..R36, end of round CUBA-R47, and the Harbor-Act switches
CUBA-Q9 (which branch offices trigger it) and CUBA-Q10 (how the ships shift)."""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.rules import end_round, ship_full, trace_buffer
from tests.cuba.helpers import choose, flat_tables
from tests.cuba.scenario import (
    cargo, field_of, finish_round, fresh, load, lot, ok, payloads, pile, place, play, set_act,
    set_cargo, set_lot, set_ships, set_stored, ships, stock, vp, vp_from,
)

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

T = flat_tables()
FULL, EMPTY = [1] * 5, [0] * 5
# ship cards used below (rules §6.4): index = number - 1
S01, S02, S03, S04, S05, S06 = range(6)  # S03 = To To To Ci Su, S04 = Ci Ci Su Su Ru


def harbour(t: np.ndarray, rnd: int = 2, sea: int = S01, d1: int = S02, d2: int = S03,
            d3: int = S04, harbor_act: bool = False) -> np.ndarray:
    """A fresh game in round `rnd`, phase B, with these ships and every cargo spot free."""
    s = fresh(t)
    s[S.G.ROUND] = rnd
    set_ships(s, t, sea, d1, d2, d3)
    if harbor_act:
        set_act(s, "IV-5", passed=rnd - 1)
    return s


def mayor_loads(s: np.ndarray, t: np.ndarray, **held: int) -> int:
    """The current player holds `held` and plays the mayor; returns the player."""
    p = int(s[S.G.CUR])
    for name, n in held.items():
        set_lot(s, p, name, n)
    play(s, t, C.MAYOR)
    return p


# ------------------------------------------------------------------ CUBA-R32 / R33 / R20


def test_CUBA_R32_only_docked_ships_can_be_loaded() -> None:
    """The sea ship (S01 has citrus spots) is never offered; every dock is."""
    s = harbour(T)
    mayor_loads(s, T, Ci=1)
    assert sorted(payloads(s, T, A.OT.LOAD)) == [load(1, Ci=1), load(2, Ci=1), load(3, Ci=1)]
    ok(s, T)


def test_CUBA_R32_dock_3_empty_in_round_1() -> None:
    s = fresh(T)
    assert ships(s)[C.DOCK3] == -1 and min(ships(s)[:3]) >= 0
    mayor_loads(s, T, Ci=2, Su=2, To=2, Ru=1, Cg=1)
    assert {o >> A.DOCK_SHIFT for o in payloads(s, T, A.OT.LOAD)} <= {1, 2}
    ok(s, T)


def test_CUBA_R33_R20_loading_scores_dock_vp_and_cargo_stays() -> None:
    """Mayor loads 2 Su + 1 Ci onto dock 2 (S03): 2 VP each; the cargo moves with the ship."""
    s = harbour(T, rnd=1, d3=-1)
    p = mayor_loads(s, T, Ci=1, Su=2, To=1)
    choose(s, T, A.OT.LOAD, load(2, Ci=1, Su=1))
    assert vp(s, p) == 4 and vp_from(s, p, C.SRC_SHIP) == 4
    assert lot(s, p, "Ci") == 0 and lot(s, p, "Su") == 1 and lot(s, p, "To") == 1
    assert cargo(s, C.DOCK2) == [0, 0, 0, 1, 1]  # S03 spots: To To To Ci Su
    assert not ship_full(s, C.DOCK2)
    finish_round(s, T)
    assert ships(s)[C.DOCK3] == S03 and cargo(s, C.DOCK3) == [0, 0, 0, 1, 1]
    ok(s, T)


def test_CUBA_R33_full_only_when_all_five_spots_covered() -> None:
    s = harbour(T)
    set_cargo(s, T, C.DOCK1, [1, 1, 1, 1, 0])
    assert not ship_full(s, C.DOCK1)
    set_cargo(s, T, C.DOCK1, FULL)
    assert ship_full(s, C.DOCK1)
    ok(s, T)


def test_CUBA_R20_load_one_ship_matching_spots_only() -> None:
    """A load fits the free spots of one ship; pieces beyond its free spots are not offered."""
    s = harbour(T)
    set_cargo(s, T, C.DOCK3, [1, 0, 0, 0, 0])  # S04: one of two Ci spots taken
    mayor_loads(s, T, Ci=3)
    offered = payloads(s, T, A.OT.LOAD)
    assert load(3, Ci=1) in offered and load(3, Ci=2) not in offered
    assert load(1, Ci=1) in offered and load(1, Ci=2) not in offered  # S02 has one Ci spot
    ok(s, T)


# ------------------------------------------------------------------ CUBA-R34


def test_CUBA_R34_round_1_no_ship_leaves_during_the_round() -> None:
    """Completing a ship in round 1 (no Harbor Act possible yet) leaves it docked; the end
    of round 1 moves every ship down and only a full ship departs."""
    s = fresh(T)
    sea, d1, d2, _ = ships(s)
    p = mayor_loads(s, T, Ci=5, Su=5, To=5, Ru=2, Cg=2)
    full_load = [o for o in payloads(s, T, A.OT.LOAD)
                 if o >> A.DOCK_SHIFT == 1 and sum(A.vget(o, k) for k in range(8)) == 5]
    choose(s, T, A.OT.LOAD, full_load[0])
    assert ships(s)[C.DOCK1] == d1 and ship_full(s, C.DOCK1) and vp(s, p) == 5
    top = pile(s)[:2]
    finish_round(s, T)
    # d1 (full) left at the end of round 1; d2 -> dock 3, sea -> dock 2, new cards below
    assert ships(s) == [top[1], top[0], sea, d2]
    assert pile(s)[-1] == d1
    ok(s, T)


def test_CUBA_R34_R47_round_1_dock_3_does_not_leave() -> None:
    """Step 3 (dock 3 leaves whatever its load) applies in rounds 2-5 only."""
    s = harbour(T, rnd=1)
    set_cargo(s, T, C.DOCK3, [1, 0, 0, 0, 0])
    n = len(pile(s))
    finish_round(s, T)
    assert ships(s) == [S01, S02, S03, S04] and cargo(s, C.DOCK3) == [1, 0, 0, 0, 0]
    assert len(pile(s)) == n
    ok(s, T)


# ------------------------------------------------------------------ CUBA-R35 / R36 / Q10


def test_CUBA_R36_departure_cargo_to_stock_card_to_pile_bottom() -> None:
    """A full ship leaving at the end of a round (S02 = Su Su Su To Ci in dock 1)."""
    s = harbour(T, rnd=2)
    set_cargo(s, T, C.DOCK1, FULL)
    before = {k: stock(s, k) for k in ("Ci", "Su", "To")}
    finish_round(s, T)
    assert {k: stock(s, k) - before[k] for k in before} == {"Ci": 1, "Su": 3, "To": 1}
    assert pile(s)[-2:] == [S02, S04] and S02 not in ships(s)
    ok(s, T)



def complete_dock2_by_mayor(s: np.ndarray, t: np.ndarray) -> int:
    """The mayor fills S03 in dock 2 (To To To Ci Su) in one load: 10 VP."""
    p = mayor_loads(s, t, To=3, Ci=1, Su=1)
    choose(s, t, A.OT.LOAD, load(2, To=3, Ci=1, Su=1))
    assert vp(s, p) == 10
    return p


@pytest.mark.parametrize("shift", ["above_gap", "full_compaction"])
def test_CUBA_R35_R36_harbor_act_departure_at_once(shift: str) -> None:
    """Under the Harbor Act the completed ship leaves at once: cargo to the stock, card to
    the bottom of the pile; ships above the gap move down one, a new card goes to sea, the
    ship below stays. With every position occupied both CUBA-Q10 readings agree."""
    t = flat_tables(harbor_act_shift=shift)
    s = harbour(t, harbor_act=True)
    set_cargo(s, t, C.DOCK1, [1, 0, 0, 0, 0])
    set_cargo(s, t, C.DOCK3, [0, 0, 0, 0, 1])
    to, ci, su = stock(s, "To"), stock(s, "Ci"), stock(s, "Su")
    top = pile(s)[0]
    complete_dock2_by_mayor(s, t)
    assert ships(s) == [top, S01, S02, S04]
    assert cargo(s, C.SEA) == EMPTY and cargo(s, C.DOCK1) == EMPTY
    assert cargo(s, C.DOCK2) == [1, 0, 0, 0, 0] and cargo(s, C.DOCK3) == [0, 0, 0, 0, 1]
    assert pile(s)[-1] == S03 and top not in pile(s)
    assert (stock(s, "To"), stock(s, "Ci"), stock(s, "Su")) == (to, ci, su)  # cargo returned
    ok(s, t)


def test_CUBA_R35_without_harbor_act_full_ship_waits_for_end_of_round() -> None:
    s = harbour(T)
    complete_dock2_by_mayor(s, T)
    assert ships(s) == [S01, S02, S03, S04] and ship_full(s, C.DOCK2)
    ok(s, T)


@pytest.mark.parametrize("shift, expect", [
    ("above_gap", lambda top: [top[0], S01, S02, -1]),
    ("full_compaction", lambda top: [top[1], top[0], S01, S02]),
])
def test_CUBA_Q10_harbor_act_shift_with_a_gap(shift: str, expect) -> None:
    """With dock 3 empty (constructed: a Harbor Act cannot be in force in round 1 of a real
    game) the readings differ: above_gap moves only the ships above the departed one and
    leaves dock 3 empty; full_compaction moves the survivors to the lowest positions and fills
    the rest from the pile, dock 1 before the sea (CUBA-R47 steps 4-5)."""
    t = flat_tables(harbor_act_shift=shift)
    s = harbour(t, d3=-1, harbor_act=True)
    top = pile(s)[:2]
    complete_dock2_by_mayor(s, t)
    assert ships(s) == expect(top)
    assert pile(s)[-1] == S03
    ok(s, t)


def test_CUBA_R35_harbor_act_departure_from_dock_1_and_dock_3() -> None:
    """Dock 1: only the sea ship moves down. Dock 3: every ship moves down one."""
    s = harbour(T, harbor_act=True)
    first, second = pile(s)[:2]
    set_cargo(s, T, C.DOCK1, [1, 1, 1, 0, 1])  # S02 = Su Su Su To Ci: To missing
    p = mayor_loads(s, T, To=1)
    choose(s, T, A.OT.LOAD, load(1, To=1))
    assert ships(s) == [first, S01, S03, S04] and vp(s, p) == 1
    set_cargo(s, T, C.DOCK3, [1, 1, 1, 1, 0])  # S04 = Ci Ci Su Su Ru: Ru missing
    q = mayor_loads(s, T, Ru=1)
    choose(s, T, A.OT.LOAD, load(3, Ru=1))
    assert ships(s) == [second, first, S01, S03] and vp(s, q) == 3
    assert pile(s)[-2:] == [S02, S04]
    ok(s, T)


# ------------------------------------------------------------------ CUBA-Q9 (branch offices)


def branch_completes_dock1(t: np.ndarray, office: str) -> np.ndarray:
    """The current player uses `office` via the foreman to load the last missing To of S02 in
    dock 1 under the Harbor Act."""
    s = harbour(t, harbor_act=True)
    set_cargo(s, t, C.DOCK1, [1, 1, 1, 0, 1])
    p = int(s[S.G.CUR])
    place(s, p, 1, office)
    set_lot(s, p, "To", 1)
    play(s, t, C.FOREMAN)
    choose(s, t, A.OT.ONE_BUILDING, field_of(s, p, office))
    choose(s, t, A.OT.USE, load(1, To=1))
    assert vp(s, p) == 1 and vp_from(s, p, C.SRC_BUILDING + C.BUILDING_KEYS.index(office)) == 1
    return s


@pytest.mark.parametrize("branches, office, leaves", [
    ("both", "small_branch_office", True),
    ("both", "large_branch_office", True),
    ("large_only", "small_branch_office", False),
    ("large_only", "large_branch_office", True),
])
def test_CUBA_Q9_which_branch_offices_trigger_the_harbor_act(branches: str, office: str,
                                                             leaves: bool) -> None:
    t = flat_tables(harbor_act_branches=branches)
    s = branch_completes_dock1(t, office)
    assert (ships(s)[C.DOCK1] != S02) == leaves
    assert ship_full(s, C.DOCK1) != leaves
    ok(s, t)


# ------------------------------------------------------------------ CUBA-R47


def test_CUBA_R47_round_1_example() -> None:
    """End of round 1: dock 2 -> dock 3, dock 1 -> dock 2, sea -> dock 1, a new card -> sea."""
    s = fresh(T)
    sea, d1, d2, d3 = ships(s)
    assert d3 == -1
    top = pile(s)[0]
    finish_round(s, T)
    assert ships(s) == [top, sea, d1, d2]
    assert len(pile(s)) == C.NSHIPS - 4 and s[S.G.ROUND] == 2
    ok(s, T)


def test_CUBA_R47_step1_products_in_lots_spoil_stored_survive() -> None:
    s = fresh(T)
    set_lot(s, 0, "Ci", 2)
    set_lot(s, 0, "Su", 1)
    set_stored(s, 0, "Ci", 1)
    set_stored(s, 0, "To", 2)
    for name, n in (("Wd", 2), ("St", 1), ("Wa", 3), ("Ru", 1), ("Cg", 2)):
        set_lot(s, 0, name, n)
    set_lot(s, 1, "To", 3)
    before = {k: stock(s, k) for k in ("Ci", "Su", "To")}
    finish_round(s, T)
    b = S.pbase(0)
    assert [lot(s, 0, k) for k in ("Ci", "Su", "To")] == [0, 0, 0]
    assert list(s[b + S.P.STORED:b + S.P.STORED + 3]) == [1, 0, 2]
    assert [lot(s, 0, k) for k in ("Wd", "St", "Wa", "Ru", "Cg")] == [2, 1, 3, 1, 2]
    assert lot(s, 1, "To") == 0
    assert {k: stock(s, k) - before[k] for k in before} == {"Ci": 2, "Su": 1, "To": 3}
    ok(s, T)


def test_CUBA_R47_steps_2_to_5_full_ships_and_dock_3_leave_then_compaction() -> None:
    """Round 3: the full ship in dock 1 and the ship in dock 3 leave (cards to the bottom, in
    dock order); the survivors (dock 2, sea) fill docks 3 and 2; dock 1, then the sea, are
    refilled from the pile."""
    s = harbour(T, rnd=3)
    set_cargo(s, T, C.DOCK1, FULL)
    set_cargo(s, T, C.DOCK2, [0, 1, 0, 0, 0])
    set_cargo(s, T, C.DOCK3, [1, 1, 1, 1, 0])
    top = pile(s)[:2]
    finish_round(s, T)
    assert ships(s) == [top[1], top[0], S01, S03]
    assert cargo(s, C.DOCK3) == [0, 1, 0, 0, 0] and cargo(s, C.DOCK2) == EMPTY
    assert pile(s)[-2:] == [S02, S04]
    ok(s, T)


@pytest.mark.parametrize("rnd", [2, 3, 4, 5])
def test_CUBA_R47_step3_dock_3_leaves_whatever_its_load(rnd: int) -> None:
    s = harbour(T, rnd=rnd)
    top = pile(s)[0]
    finish_round(s, T)
    assert ships(s) == [top, S01, S02, S03] and pile(s)[-1] == S04
    assert s[S.G.ROUND] == rnd + 1
    ok(s, T)


def test_CUBA_R47_step6_black_markers_removed() -> None:
    s = fresh(T)
    s[S.O.MARKERS:S.O.MARKERS + C.NMARKERS] = 1
    finish_round(s, T)
    assert list(s[S.O.MARKERS:S.O.MARKERS + C.NMARKERS]) == [0] * C.NMARKERS
    assert s[S.G.ARCH_ALT_N] == 0 and s[S.G.MAYOR_ALT_N] == 0
    ok(s, T)


def test_CUBA_R47_steps_in_order() -> None:
    """The trace shows spoiling, then the departures (full ships by dock, then dock 3), then
    one ship movement, then the next round."""
    s = harbour(T, rnd=2)
    set_lot(s, 0, "Su", 1)
    set_cargo(s, T, C.DOCK2, FULL)
    tr = trace_buffer(50)
    end_round(s, T, tr)
    rows = tr[1:tr[0, 0] + 1, :6]
    seq = [(int(r[0]), int(r[2])) for r in rows if r[0] != C.EV.PHASE][:5]
    assert seq == [(C.EV.SPOIL, 1 << (3 * C.SU)), (C.EV.SHIP_LEAVES, C.DOCK2),
                   (C.EV.SHIP_LEAVES, C.DOCK3), (C.EV.SHIPS_MOVE, ships(s)[0]),
                   (C.EV.ROUND, 3)]
    ok(s, T)
