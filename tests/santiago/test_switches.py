"""One test per open question SDC-Q1..Q17 (a switch each): the default and the alternative;
SDC-Q18 (a rules value, misc.value_backs)."""
from __future__ import annotations

import numpy as np
import pytest

from core.common.trace import no_trace, trace_buffer
from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.check import check_state
from core.santiago.rules import advance, depart, end_game
from core.santiago.tables import SWITCH_IDS, SWITCH_OPTIONS, load_raw, load_tables
from tests.santiago.helpers import (
    B, K, at_drive, choose, drive_to, flat_tables, give_goods, goods, new, pv, tags,
)

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def test_every_switch_has_a_question_id_and_its_default_first() -> None:
    raw = load_raw()
    for name, (_, opts) in SWITCH_OPTIONS.items():
        assert SWITCH_IDS[name].startswith("SDC-")
        assert raw["switches"][name] == opts[0]


def test_sdc_q7_q9_defaults_follow_the_seed() -> None:
    """Since 2026-12-01 (seed re-read): SDC-Q7 no reuse of one's own building after El Zorro,
    SDC-Q9 Alonso's building use replaces phase 2; SDC-Q10 offers last_deliverer."""
    raw = load_raw()
    assert raw["switches"]["zorro_reuse_building"] is False
    assert raw["switches"]["alonso_b_replaces_phase2"] is True
    assert SWITCH_OPTIONS["new_ship_roller"][1] == ("active_player", "start_player",
                                                    "last_deliverer")


def test_sdc_q1_pass_harbour_advances() -> None:
    t = flat_tables()
    s = at_drive(t)
    drive_to(s, t, K["pedro"], distance=3)
    assert s[S.G.VALUE] == 3


def test_sdc_q1_without_the_advance_a_drive_ends_at_the_harbour_at_the_latest() -> None:
    """SDC-Q1 = false (ASSUMED reading of SDC-R7, R12): the car may not pass the harbour, so
    every lap of the car ends with a delivery round; from the harbour any drive is open."""
    t = flat_tables(pass_harbour_advances=False)
    s = at_drive(t)
    s[S.pbase(0) + S.P.MONEY] = 20
    s[S.G.CAR] = 7
    assert [d for _, d in tags(s, t)] == [1, 2, 3]          # K8, K9, the harbour
    choose(s, t, A.OT.DRIVE, 3)
    assert s[S.G.CAR] == C.HARBOUR and s[S.G.DK] == S.DK.DELIVER and s[S.G.VALUE] == 2
    s = at_drive(t)
    s[S.pbase(0) + S.P.MONEY] = 20
    assert [d for _, d in tags(s, t)] == list(range(1, 10))  # from the harbour: K1..K9
    on = flat_tables()
    s = at_drive(on)
    s[S.pbase(0) + S.P.MONEY] = 20
    s[S.G.CAR] = 7
    assert [d for _, d in tags(s, on)] == list(range(1, 10))  # true: past it, on to K6


def test_sdc_q2_building_move_mandatory() -> None:
    t = flat_tables(building_move="mandatory")
    s = at_drive(t)
    drive_to(s, t, K["pedro"])
    assert ("stay", 0) not in tags(s, t) and len(tags(s, t)) == 3
    for slot in range(3):
        s[S.pbase(1 + slot % 3) + S.P.PAWN] = slot  # every white building taken
    assert tags(s, t) == [("stay", 0)]


def test_sdc_q3_owner_vp_on_use() -> None:
    t = flat_tables(owner_vp_trigger="on_use")
    s = at_drive(t)
    s[S.O.OWNER + B["casino"]] = 2
    s[S.pbase(2) + S.P.MARKERS] = 2
    drive_to(s, t, K["pedro"])
    choose(s, t, A.OT.MOVE, B["casino"])
    assert pv(s, 2, S.P.VP) == 2                # not on arrival
    choose(s, t, A.OT.USE)
    assert pv(s, 2, S.P.VP) == 3 and pv(s, 0, S.P.MONEY) == 5


def test_sdc_q4_pass_not_final_round_ends_after_a_round_of_passes() -> None:
    t = flat_tables(delivery_pass_final=False)
    s = at_drive(t, 2)
    drive_to(s, t, C.HARBOUR)
    choose(s, t, A.OT.PASS)                     # player 0 passes ...
    choose(s, t, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)  # player 1 delivers
    assert s[S.G.CUR] == 0                      # ... and may deliver again
    choose(s, t, A.OT.PASS)
    choose(s, t, A.OT.PASS)
    assert s[S.G.ACTIVE] == 1 and s[S.G.VALUE] == 3


def test_sdc_q5_wood_not_a_kind() -> None:
    t = flat_tables(wood_is_a_kind=False)
    s = at_drive(t)
    give_goods(s, 0, C.WD, 2)
    drive_to(s, t, C.HARBOUR)
    choose(s, t, A.OT.DELIVER, (C.WD << A.AMOUNT_SHIFT) | 2)
    assert s[S.G.CUR] == 0                      # still player 0: one dice good more
    assert all(d >> A.AMOUNT_SHIFT != C.WD for tag, d in tags(s, t) if tag == "deliver")
    choose(s, t, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)
    assert s[S.G.CUR] == 1 and pv(s, 0, S.P.VP) == 2 + 2 + 2


def _zorro(t: np.ndarray) -> np.ndarray:
    s = at_drive(t, 2)
    drive_to(s, t, K["el_zorro"])
    return s


def test_sdc_q6_zorro_giver_or_receiver_chooses() -> None:
    for chooser, who in (("giver", 1), ("receiver", 0)):
        t = flat_tables(zorro_chooser=chooser)
        s = _zorro(t)
        assert s[S.G.DK] == S.DK.ZORRO and s[S.G.CUR] == who
        # 1 peso, 1 VP or one non-wood good held (sugar, citrus, tobacco)
        assert tags(s, t) == [("give", 0), ("give", 1), ("give", 2 + C.SU),
                              ("give", 2 + C.CI), ("give", 2 + C.TO)]
        choose(s, t, A.OT.GIVE, 1)
        assert pv(s, 0, S.P.VP) == 3 and pv(s, 1, S.P.VP) == 1
        assert s[S.G.DK] == S.DK.MOVE and check_state(s, t) == 0


def test_sdc_q7_zorro_reuse_building() -> None:
    for on in (True, False):
        t = flat_tables(zorro_reuse_building=on)
        s = _zorro(t)
        s[S.pbase(0) + S.P.PAWN] = B["casino"]
        choose(s, t, A.OT.GIVE, 0)
        assert (("reuse", B["casino"]) in tags(s, t)) == on
        if on:
            choose(s, t, A.OT.REUSE)
            choose(s, t, A.OT.USE)
            assert pv(s, 0, S.P.MONEY) == 3 + 1 + 2


def test_sdc_q8_alonso_claim_owned() -> None:
    for on in (False, True):
        t = flat_tables(alonso_claim_owned=on)
        s = at_drive(t, 2)
        s[S.O.OWNER + B["cafe"]] = 1
        s[S.pbase(1) + S.P.MARKERS] = 2
        drive_to(s, t, K["alonso"])
        assert (("marker", B["cafe"]) in tags(s, t)) == on
        if on:
            choose(s, t, A.OT.MARKER, B["cafe"])
            assert s[S.O.OWNER + B["cafe"]] == 0 and pv(s, 1, S.P.MARKERS) == 3
            assert check_state(s, t) == 0


def test_sdc_q9_alonso_b_replaces_phase2() -> None:
    for replaces, dk in ((False, S.DK.MOVE), (True, S.DK.DRIVE)):
        t = flat_tables(alonso_b_replaces_phase2=replaces)
        s = at_drive(t, 2)
        s[S.O.OWNER + B["casino"]] = 0
        s[S.pbase(0) + S.P.MARKERS] = 2
        s[S.pbase(1) + S.P.PAWN] = B["casino"]  # occupied: Alonso may use it anyway
        drive_to(s, t, K["alonso"])
        choose(s, t, A.OT.OWN_USE, B["casino"])
        choose(s, t, A.OT.USE)
        assert pv(s, 0, S.P.MONEY) == 5 and pv(s, 0, S.P.PAWN) == -1
        assert s[S.G.DK] == dk


ROLLERS = ("active_player", "start_player", "last_deliverer")


def _active_is_player_1(t: np.ndarray, dice: tuple[int, ...]) -> np.ndarray:
    """Player 0 (the start player) stays at Maria: player 1 is active."""
    s = at_drive(t, 3, dice=dice)
    drive_to(s, t, K["maria"])
    choose(s, t, A.OT.STAY)
    assert s[S.G.ACTIVE] == 1 and s[S.G.START] == 0
    return s


@pytest.mark.parametrize("roller", ROLLERS)
def test_sdc_q10_sdc_r17_4_full_ship_the_active_player_rolls(roller: str) -> None:
    """SDC-R16 / SDC-R17.4: after a full ship the active player (1) rolls whatever SDC-Q10
    says, though the start player is 0 and player 2 delivered the last good."""
    t = flat_tables(new_ship_roller=roller)
    s = _active_is_player_1(t, (1, 0, 0, 0, -1))
    give_goods(s, 2, C.SU, 1)
    drive_to(s, t, C.HARBOUR)
    choose(s, t, A.OT.PASS)                                    # player 1
    choose(s, t, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)   # player 2 fills the ship
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP and s[S.G.CUR] == 1


@pytest.mark.parametrize("roller,who", list(zip(ROLLERS, (1, 0, 2))))
def test_sdc_q10_chequered_flag_departure(roller: str, who: int) -> None:
    """SDC-Q10 after the chequered flag (SDC-R18): the active player 1, the start player 0,
    or player 2 who delivered the ship's last good."""
    t = flat_tables(new_ship_roller=roller)
    s = _active_is_player_1(t, (2, 0, 0, 0, -1))
    give_goods(s, 2, C.SU, 1)
    s[S.G.VALUE] = 4                        # the next flag is the chequered one
    drive_to(s, t, C.HARBOUR)
    choose(s, t, A.OT.PASS)                                    # player 1
    choose(s, t, A.OT.DELIVER, (C.SU << A.AMOUNT_SHIFT) | 1)   # player 2
    while s[S.G.DK] == S.DK.DELIVER:        # everyone passes: the marker moves on
        choose(s, t, A.OT.PASS)
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP and s[S.G.CUR] == who
    assert s[S.G.LAST_DELIVERER] == -1      # the new ship has no deliverer yet


@pytest.mark.parametrize("roller,who", list(zip(ROLLERS, (1, 0, 2))))
def test_sdc_q10_building_departure(roller: str, who: int) -> None:
    """SDC-Q10 after a building empties the ship (SDC-R19, the customs office): the active
    player 1, the start player 0, or player 2 who delivered to it last."""
    t = flat_tables(new_ship_roller=roller)
    s = _active_is_player_1(t, (0, 0, 3, 0, -1))
    s[S.G.LAST_DELIVERER] = 2
    drive_to(s, t, K["miguel"])             # blue: customs office B12
    choose(s, t, A.OT.MOVE, B["customs_office"])
    choose(s, t, A.OT.ZERO, C.TO)
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP and s[S.G.CUR] == who


@pytest.mark.parametrize("roller", ROLLERS)
def test_sdc_q10_every_departure_cause(roller: str) -> None:
    """SDC-Q10 applies to flag and building departures only; a full ship, also one placed
    full under SDC-Q12 = false, is rolled by the active player (SDC-R17.4)."""
    t = flat_tables(new_ship_roller=roller)
    option = {"active_player": 1, "start_player": 0, "last_deliverer": 2}[roller]
    expect = {C.DEP.SHIP_FULL: 1, C.DEP.ZERO_DEMAND: 1,
              C.DEP.CHEQUERED_FLAG: option, C.DEP.BUILDING: option}
    for cause, who in expect.items():
        s = at_drive(t, 3)
        s[S.G.ACTIVE] = 1
        s[S.G.LAST_DELIVERER] = 2
        depart(s, t, no_trace(), cause, S.ST.TURN_END)
        assert s[S.G.DK] == S.DK.SHIP and s[S.G.ROLLER] == who, C.DEP.keys[cause]


def test_sdc_q11_first_ship_roller() -> None:
    assert new(flat_tables(), 3)[S.G.CUR] == 2
    assert new(flat_tables(first_ship_roller="start_player"), 3)[S.G.CUR] == 0


def test_sdc_q12_reroll_the_only_die_above_0_goes_on_the_ship() -> None:
    """SDC-Q12 = true (ASSUMED reading of SDC-R17.5): the roller may not leave off the only
    die above 0; with two above 0 any die may stay off."""
    t = flat_tables()
    s = new(t, 4)
    s[S.O.ROLL:S.O.ROLL + C.NDICE] = [0, 0, 2, 0, 0]
    assert [x for _, x in tags(s, t)] == [0, 1, 3, 4]
    s[S.O.ROLL:S.O.ROLL + C.NDICE] = [0, 0, 2, 0, 1]
    assert [x for _, x in tags(s, t)] == [0, 1, 2, 3, 4]
    choose(s, t, A.OT.SHIP, 4)
    assert s[S.G.SHIPS] == 0 and s[S.G.DK] == S.DK.DRIVE and s[S.O.DICE + C.TO] == 2


def test_sdc_q12_reroll_five_0s_are_rolled_again_without_a_decision() -> None:
    """SDC-Q12 = true: a roll of five 0s is rolled again at once (the trace shows each roll);
    the roller chooses only among dice that give the ship demand."""
    t = flat_tables()
    t[C.T.DIE_FACES:C.T.DIE_FACES + C.NFACES] = [0, 0, 0, 0, 0, 1]  # five 0s: 40 % a roll
    for seed in range(50):
        tr = trace_buffer(16, S.STATE_SIZE)
        s = S.new_game(t, 2, seed)
        advance(s, t, tr)
        rolls = [int(tr[i, 2]) for i in range(1, tr[0, 0] + 1) if tr[i, 0] == C.EV.ROLL]
        if len(rolls) > 1:
            break
    assert len(rolls) > 1 and rolls[-1] != 0 and not any(rolls[:-1])
    assert s[S.G.DK] == S.DK.SHIP and sum(s[S.O.ROLL:S.O.ROLL + C.NDICE]) > 0


def test_sdc_q12_zero_demand_without_reroll_departs() -> None:
    t = flat_tables(zero_demand_reroll=False)
    s = new(t, 4)
    s[S.O.ROLL:S.O.ROLL + C.NDICE] = [0, 0, 0, 0, 2]
    choose(s, t, A.OT.SHIP, 4)
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP


def test_sdc_q13_pablo_kinds() -> None:
    expect = {"all6": list(range(6)), "no_wood": [0, 1, 2, 3, 4], "raw_only": [0, 1, 2, 5]}
    for mode, kinds in expect.items():
        t = flat_tables(pablo_kinds=mode)
        s = at_drive(t)
        drive_to(s, t, K["pablo"])
        assert [k for _, k in tags(s, t)] == kinds
        choose(s, t, A.OT.PABLO, kinds[-1])
        assert goods(s, 0, kinds[-1]) == (2 if kinds[-1] < 3 else 1)


def test_sdc_q14_money_limited() -> None:
    t = flat_tables(money_limited=True)
    s = at_drive(t)
    assert s[S.G.BANK_MONEY] == 36 - 12
    s[S.G.BANK_MONEY] = 2
    s[S.pbase(1) + S.P.MONEY] += 22             # keep the pesos conserved
    drive_to(s, t, K["martinez"])               # 3 pesos, the bank holds 2
    assert pv(s, 0, S.P.MONEY) == 5 and s[S.G.BANK_MONEY] == 0 and check_state(s, t) == 0


def test_sdc_q15_end_bonus_without_wood() -> None:
    for on, bonus in ((True, 2), (False, 1)):
        t = flat_tables(end_bonus_wood=on)
        s = at_drive(t)
        give_goods(s, 0, C.WD, 3)
        end_game(s, t, no_trace())
        assert pv(s, 0, S.P.VPSRC + C.SRC.END_BONUS) == bonus


def test_sdc_q16_layout_rule_fixed_random_forbid() -> None:
    tables = load_tables(overrides={"layout": "fixed"})
    s = S.new_game(flat_tables(), 4, 9)
    assert list(S.O.view(s, "BUILDING_AT")) == list(tables.fixed_buildings)
    assert list(s[S.O.CUBAN_AT + 1:S.O.CUBAN_AT + 10]) == list(tables.fixed_cubans)
    r = S.new_game(flat_tables(layout="random"), 4, 9)
    assert list(S.O.view(r, "BUILDING_AT")) != list(tables.fixed_buildings)
    f = S.new_game(flat_tables(layout="forbid"), 4, 9)
    assert f[S.G.LAYOUT_OK] == 1 and check_state(f, flat_tables(layout="forbid")) == 0


def test_sdc_q17_final_tie_shared_is_the_only_option() -> None:
    assert SWITCH_OPTIONS["final_tie"][1] == ("shared",)


def test_sdc_q18_the_marker_goes_left_at_most_value_backs_times_per_ship() -> None:
    """SDC-Q18 (misc.value_backs, default 1): the harbour office moves the goods-value marker
    left once per ship; right stays open; a new ship starts the count afresh; 0: never."""
    t = flat_tables()
    assert load_raw()["misc"]["value_backs"]["value"] == 1
    s = at_drive(t)
    s[S.G.VALUE] = 4
    drive_to(s, t, K["jose"])                   # yellow: harbour office B5
    choose(s, t, A.OT.MOVE, B["harbour_office"])
    choose(s, t, A.OT.VALUE_DOWN)
    assert s[S.G.VALUE] == 3 and s[S.G.VALUE_BACKS] == 1 and check_state(s, t) == 0
    s[S.pbase(0) + S.P.PAWN] = -1               # the office is free again
    drive_to(s, t, K["martinez"])               # player 1, yellow too
    choose(s, t, A.OT.MOVE, B["harbour_office"])
    assert tags(s, t) == [("no_use", 0), ("value_up", 0)]
    depart(s, t, no_trace(), C.DEP.BUILDING, S.ST.TURN_END)
    assert s[S.G.VALUE_BACKS] == 0 and s[S.G.VALUE] == 2
    never = flat_tables()
    never[C.T.MISC + C.M.VALUE_BACKS] = 0
    s = at_drive(never)
    s[S.G.VALUE] = 3
    drive_to(s, never, K["jose"])
    choose(s, never, A.OT.MOVE, B["harbour_office"])
    assert tags(s, never) == [("no_use", 0), ("value_up", 0)]
