"""One test per rule clause of shared/rules/santiago-de-cuba.md (SDC-R0..R22, SDC-V1), named
with its id; the open questions SDC-Q1..Q17 are in test_switches.py, the Cubans and buildings
in test_cubans_buildings.py."""
from __future__ import annotations

import numpy as np
import pytest

from core.common.trace import no_trace
from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.check import check_state
from core.santiago.game import GAME
from core.santiago.rules import end_game, standings
from core.santiago.tables import acceptance, load_tables
from core.santiago.trace import public_state
from tests.santiago.helpers import (
    B, K, at_drive, choose, drive_to, flat_tables, give_goods, goods, new, pv, tags,
)

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
T = flat_tables()


def test_sdc_r0_two_to_four_players_same_setup() -> None:
    assert GAME.player_range(load_tables()) == (2, 4)
    for n in (2, 3, 4):
        s = new(T, n)
        for p in range(n):
            assert pv(s, p, S.P.MONEY) == 3 and pv(s, p, S.P.VP) == 2
        assert check_state(s, T) == 0


def test_sdc_r1_random_layout_is_two_permutations_from_the_seed() -> None:
    t = flatten_random = flat_tables(layout="random")
    layouts = set()
    for seed in range(30):
        s = S.new_game(t, 4, seed)
        cubans = tuple(s[S.O.CUBAN_AT + 1:S.O.CUBAN_AT + C.NSTOPS])
        buildings = tuple(S.O.view(s, "BUILDING_AT"))
        assert sorted(cubans) == list(range(C.NCUBANS))
        assert sorted(buildings) == list(range(C.NBUILDINGS))
        assert s[S.O.CUBAN_AT + C.HARBOUR] == -1
        layouts.add((cubans, buildings))
        again = S.new_game(flatten_random, 4, seed)
        assert np.array_equal(s, again)  # the same seed, the same layout
    assert len(layouts) == 30


def test_sdc_r2_markers_start_positions() -> None:
    s = S.new_game(T, 3, 5)
    assert s[S.G.CAR] == C.HARBOUR and s[S.G.SHIPS] == 0 and s[S.G.VALUE] == 2


def test_sdc_r3_player_material() -> None:
    s = S.new_game(T, 4, 5)
    for p in range(4):
        b = S.pbase(p)
        assert s[b + S.P.MONEY] == 3 and s[b + S.P.VP] == 2 and s[b + S.P.MARKERS] == 3
        assert [goods(s, p, k) for k in range(C.NKINDS)] == [1, 1, 1, 0, 0, 0]
        assert s[b + S.P.PAWN] == -1
    assert list(S.O.view(s, "BANK")) == [4, 4, 4, 8, 8, 8]


def test_sdc_r4_screens_hidden_bank_open() -> None:
    tables = load_tables()
    s = new(T, 3)
    state = public_state(s, tables, 3)
    assert "bank" in state and state["bank"]["sugar"] == 5
    # goods, pesos and VP appear only under "screens" (hidden in the game, shown for analysis)
    assert set(state["screens"][0]) == {"goods", "pesos", "vp", "vp_by_source"}
    assert not any(k in state for k in ("goods", "pesos", "vp"))
    assert "hidden information" in A.__doc__.lower()


def test_sdc_r5_right_of_start_rolls_four_dice_go_on_the_ship() -> None:
    s = new(T, 4)
    assert s[S.G.START] == 0 and s[S.G.DK] == S.DK.SHIP and s[S.G.CUR] == 3
    assert [d for _, d in tags(s, T)] == [0, 1, 2, 3, 4]
    roll = list(S.O.view(s, "ROLL"))
    if sum(roll[:4]) == 0:
        pytest.skip("this seed rolls a zero demand")
    choose(s, T, A.OT.SHIP, 4)
    assert list(S.O.view(s, "DICE")) == roll[:4] + [-1]
    assert s[S.G.DK] == S.DK.DRIVE and s[S.G.CUR] == 0


def test_sdc_r6_turns_clockwise_drive_then_building() -> None:
    s = at_drive(T, 3)
    seen = []
    for _ in range(4):
        seen.append(int(s[S.G.ACTIVE]))
        drive_to(s, T, K["maria"])   # a Cuban without goods: then phase 2
        assert s[S.G.DK] == S.DK.MOVE
        choose(s, T, A.OT.STAY)
    assert seen == [0, 1, 2, 0]


def test_sdc_r7_drive_first_stop_free_then_one_peso_each() -> None:
    s = at_drive(T)
    assert [d for _, d in tags(s, T)] == [1, 2, 3, 4]   # 3 pesos: up to 4 stops
    s[S.pbase(0) + S.P.MONEY] = 20
    assert [d for _, d in tags(s, T)] == list(range(1, 10))  # never back to the same stop
    choose(s, T, A.OT.DRIVE, 3)
    assert s[S.G.CAR] == 3 and pv(s, 0, S.P.MONEY) == 18


def test_sdc_r8_passing_the_harbour_moves_the_marker_flag_sends_the_ship() -> None:
    s = at_drive(T)
    drive_to(s, T, K["pedro"], distance=3)  # from K8 past H to K1
    assert s[S.G.VALUE] == 3 and goods(s, 0, C.TO) == 3
    s = at_drive(T)
    s[S.G.VALUE] = 4
    drive_to(s, T, K["pedro"], distance=2)  # to the chequered flag: departs at once
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP and s[S.G.CUR] == 0
    assert goods(s, 0, C.TO) == 1  # the turn continues only after the new ship
    s[S.O.ROLL:S.O.ROLL + C.NDICE] = [1, 1, 1, 1, 1]
    choose(s, T, A.OT.SHIP, 0)
    assert s[S.G.VALUE] == 2 and goods(s, 0, C.TO) == 3 and s[S.G.DK] == S.DK.MOVE


def test_sdc_r9_a_cuban_acts_unless_closed() -> None:
    s = at_drive(T)
    drive_to(s, T, K["pedro"])
    assert goods(s, 0, C.TO) == 3 and s[S.G.DK] == S.DK.MOVE
    s = at_drive(T)
    s[S.G.CLOSED] = K["pedro"]
    s[S.G.CLOSED_BY] = 2
    drive_to(s, T, K["pedro"])
    assert goods(s, 0, C.TO) == 1 and s[S.G.ACTIVE] == 1  # no action, no phase 2


def test_sdc_r10_phase2_free_building_of_the_cubans_colour_or_stay() -> None:
    s = at_drive(T)
    s[S.pbase(1) + S.P.PAWN] = B["casino"]      # another pawn on a white building
    drive_to(s, T, K["pedro"])                  # pedro is white: B1..B3
    assert tags(s, T) == [("move", B["bank"]), ("move", B["church"]), ("stay", 0)]
    choose(s, T, A.OT.MOVE, B["bank"])
    assert pv(s, 0, S.P.PAWN) == B["bank"] and s[S.G.DK] == S.DK.USE
    choose(s, T, A.OT.NO_USE)                   # using it is optional
    assert s[S.G.ACTIVE] == 1
    # the own pawn also blocks: next time at a white Cuban the bank is not offered
    s[S.G.ACTIVE] = 0
    s[S.G.CUR] = 0
    s[S.G.DK] = S.DK.DRIVE
    drive_to(s, T, K["maria"])
    assert ("move", B["bank"]) not in tags(s, T)


def test_sdc_r11_owner_gains_one_vp_when_another_pawn_enters() -> None:
    s = at_drive(T)
    s[S.O.OWNER + B["casino"]] = 2
    s[S.pbase(2) + S.P.MARKERS] = 2
    drive_to(s, T, K["pedro"])
    choose(s, T, A.OT.MOVE, B["casino"])
    assert pv(s, 2, S.P.VP) == 3 and pv(s, 2, S.P.VPSRC + C.SRC.OWNER) == 1
    assert check_state(s, T) == 0
    s = at_drive(T)
    s[S.O.OWNER + B["casino"]] = 0
    s[S.pbase(0) + S.P.MARKERS] = 2
    drive_to(s, T, K["pedro"])
    choose(s, T, A.OT.MOVE, B["casino"])
    assert pv(s, 0, S.P.VP) == 2  # not for the own pawn


def test_sdc_r12_harbour_starts_a_delivery_round_no_cuban() -> None:
    s = at_drive(T)
    drive_to(s, T, C.HARBOUR)
    assert s[S.G.DK] == S.DK.DELIVER and s[S.G.CUR] == 0 and s[S.G.CUBAN] == -1
    assert goods(s, 0, C.TO) == 1


def test_sdc_r13_delivery_round_clockwise_one_kind_pass_is_final() -> None:
    s = at_drive(T, 3)
    drive_to(s, T, C.HARBOUR)
    # one kind per step: sugar 1 (die 2, holding 1), citrus 1, tobacco 1, or pass
    assert tags(s, T) == [("pass", 0), ("deliver", 1), ("deliver", 65), ("deliver", 129)]
    choose(s, T, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)
    assert s[S.G.CUR] == 1
    choose(s, T, A.OT.PASS)
    assert s[S.G.CUR] == 2
    choose(s, T, A.OT.PASS)
    assert s[S.G.CUR] == 0                      # round and round, clockwise
    choose(s, T, A.OT.PASS)
    assert s[S.G.ACTIVE] == 1 and s[S.G.DK] == S.DK.DRIVE  # all passed: the round ends


def test_sdc_r14_deliver_up_to_the_die_for_pieces_times_value() -> None:
    s = at_drive(T, dice=(3, 0, 2, 2, -1))
    give_goods(s, 0, C.SU, 3)
    s[S.G.VALUE] = 3
    drive_to(s, T, C.HARBOUR)
    delivered = [d for tag, d in tags(s, T) if tag == "deliver"]
    assert (C.CI << A.AMOUNT_SHIFT) | 1 not in delivered       # die 0: no citrus
    assert (C.SU << A.AMOUNT_SHIFT) | 3 in delivered and (C.SU << A.AMOUNT_SHIFT) | 4 not in delivered
    choose(s, T, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 3)
    assert pv(s, 0, S.P.VP) == 2 + 9 and s[S.O.DICE + C.SU] == 0 and goods(s, 0, C.SU) == 1
    assert s[S.O.BANK + C.SU] == 4 - 3 + 3 and check_state(s, T) == 0


def test_sdc_r15_wood_any_number_one_vp_each_no_die() -> None:
    s = at_drive(T)
    give_goods(s, 0, C.WD, 5)
    drive_to(s, T, C.HARBOUR)
    assert [d & A.AMOUNT_MASK for tag, d in tags(s, T)
            if tag == "deliver" and d >> A.AMOUNT_SHIFT == C.WD] == [1, 2, 3, 4, 5]
    dice = S.O.view(s, "DICE").copy()
    choose(s, T, A.OT.DELIVER, (C.WD << A.AMOUNT_SHIFT) | 5)
    assert pv(s, 0, S.P.VPSRC + C.SRC.WOOD) == 5 and np.array_equal(
        dice, S.O.view(s, "DICE"))
    assert s[S.G.CUR] == 1  # wood was the step's one kind


def test_sdc_r16_full_ship_ends_the_round_and_departs() -> None:
    s = at_drive(T, dice=(1, 0, 0, 0, -1))
    drive_to(s, T, C.HARBOUR)
    choose(s, T, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP and s[S.G.CUR] == 0
    s[S.O.ROLL:S.O.ROLL + C.NDICE] = [1, 1, 1, 1, 1]
    choose(s, T, A.OT.SHIP, 4)
    assert s[S.G.ACTIVE] == 1 and s[S.G.DK] == S.DK.DRIVE  # nobody else delivers


def test_sdc_r17_departure_value_back_active_player_rolls_demand_placed() -> None:
    s = at_drive(T, dice=(1, 0, 0, 0, -1))
    s[S.G.VALUE] = 4
    drive_to(s, T, C.HARBOUR)
    choose(s, T, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)
    assert pv(s, 0, S.P.VP) == 2 + 4
    assert s[S.G.SHIPS] == 1 and s[S.G.VALUE] == 2 and s[S.G.ROLLER] == 0
    s[S.O.ROLL:S.O.ROLL + C.NDICE] = [0, 0, 0, 0, 3]
    assert [x for _, x in tags(s, T)] == [0, 1, 2, 3]  # SDC-R17.5, SDC-Q12: the 3 goes on
    choose(s, T, A.OT.SHIP, 0)
    assert s[S.G.DK] == S.DK.DRIVE and s[S.O.DICE + C.CG] == 3 and s[S.G.SHIPS] == 1


def test_sdc_r18_everyone_passed_ship_not_full_marker_moves() -> None:
    s = at_drive(T, 2)
    drive_to(s, T, C.HARBOUR)
    choose(s, T, A.OT.PASS)
    choose(s, T, A.OT.PASS)
    assert s[S.G.VALUE] == 3 and s[S.G.SHIPS] == 0
    s = at_drive(T, 2)
    s[S.G.VALUE] = 4
    drive_to(s, T, C.HARBOUR)
    choose(s, T, A.OT.PASS)
    choose(s, T, A.OT.PASS)
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP


def test_sdc_r19_building_empties_the_ship_departs_at_once() -> None:
    s = at_drive(T, dice=(0, 0, 3, 0, -1))
    drive_to(s, T, K["miguel"])                 # blue: customs office B12
    choose(s, T, A.OT.MOVE, B["customs_office"])
    choose(s, T, A.OT.ZERO, C.TO)
    assert pv(s, 0, S.P.MONEY) == 6 and s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP


def test_sdc_r20_game_ends_at_once_after_the_seventh_ship() -> None:
    s = at_drive(T, dice=(1, 0, 0, 0, -1))
    s[S.G.SHIPS] = 6
    drive_to(s, T, C.HARBOUR)
    choose(s, T, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)
    assert s[S.G.PHASE] == S.PH.OVER and s[S.G.SHIPS] == 7 and s[S.G.DK] == S.DK.NONE
    assert check_state(s, T) == 0


def test_sdc_r21_one_vp_per_three_goods_wood_included() -> None:
    s = at_drive(T)
    give_goods(s, 0, C.WD, 4)                   # 3 start goods + 4 wood = 7: 2 VP
    give_goods(s, 1, C.RU, 2)                   # 5 goods: 1 VP
    end_game(s, T, no_trace())
    assert pv(s, 0, S.P.VPSRC + C.SRC.END_BONUS) == 2
    assert pv(s, 1, S.P.VPSRC + C.SRC.END_BONUS) == 1
    assert pv(s, 2, S.P.VPSRC + C.SRC.END_BONUS) == 1


def test_sdc_r22_ties_most_goods_then_pesos_then_shared() -> None:
    s = at_drive(T)
    for p in range(4):
        s[S.pbase(p) + S.P.VP] = 10
    give_goods(s, 1, C.WD, 1)                   # player 1: most goods
    s[S.pbase(2) + S.P.MONEY] = 5               # player 2: more pesos than 0 and 3
    rank = np.zeros(4, np.int64)
    share = np.zeros(4)
    standings(s, T, rank, share)
    assert list(rank) == [3, 1, 2, 3] and list(share) == [0, 1, 0, 0]
    s[S.pbase(1) + S.P.GOODS + C.WD] -= 1
    s[S.pbase(2) + S.P.MONEY] = 3
    standings(s, T, rank, share)
    assert list(share) == [0.25] * 4            # shared


def test_sdc_v1_forbid_layouts_honour_the_advice_at_the_reference_rate() -> None:
    t = flat_tables(layout="forbid")
    tables = load_tables(overrides={"layout": "forbid"})
    assert acceptance(tables.forbid, tables.slot_colour) == pytest.approx(75 / 132)
    draws = []
    for seed in range(300):
        s = S.new_game(t, 4, seed)
        colour = {int(s[S.O.BUILDING_AT + i]): int(tables.slot_colour[i]) for i in range(12)}
        assert colour[B["rum_distillery"]] != C.YELLOW and colour[B["cigar_factory"]] != C.WHITE
        assert s[S.G.LAYOUT_OK] == 1
        draws.append(int(s[S.G.LAYOUT_DRAWS]))
    assert 1 / np.mean(draws) == pytest.approx(75 / 132, abs=0.08)

