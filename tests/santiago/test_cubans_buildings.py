"""The 9 Cubans (§8.1, SDC-R9) and the 12 buildings (§8.2, SDC-R10) as the rules data defines
them, each test named after its Cuban or building."""
from __future__ import annotations

import pytest

from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.check import check_state
from tests.santiago.helpers import (
    B, K, at_drive, choose, drive_to, flat_tables, give_goods, goods, pv, tags,
)

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
T = flat_tables()


@pytest.mark.parametrize("cuban,kind", [("pedro", C.TO), ("jose", C.SU), ("conchita", C.CI),
                                        ("miguel", C.WD)])
def test_cuban_goods_givers(cuban: str, kind: int) -> None:
    s = at_drive(T)
    before = goods(s, 0, kind)
    drive_to(s, T, K[cuban])
    assert goods(s, 0, kind) == before + 2 and check_state(s, T) == 0


def test_cuban_gain_cut_to_the_bank() -> None:
    s = at_drive(T)
    give_goods(s, 1, C.TO, 3)                   # the bank keeps 1 tobacco
    drive_to(s, T, K["pedro"])
    assert goods(s, 0, C.TO) == 2 and s[S.O.BANK + C.TO] == 0


def test_cuban_pablo_one_good_of_a_kind_the_bank_holds() -> None:
    s = at_drive(T)
    give_goods(s, 1, C.RU, 8)
    drive_to(s, T, K["pablo"])
    assert [k for _, k in tags(s, T)] == [C.SU, C.CI, C.TO, C.CG, C.WD]
    choose(s, T, A.OT.PABLO, C.CG)
    assert goods(s, 0, C.CG) == 1 and s[S.G.DK] == S.DK.MOVE


def test_cuban_maria_two_vp_and_martinez_three_pesos() -> None:
    s = at_drive(T)
    drive_to(s, T, K["maria"])
    assert pv(s, 0, S.P.VPSRC + C.SRC.CUBAN) == 2
    s = at_drive(T)
    drive_to(s, T, K["martinez"])
    assert pv(s, 0, S.P.MONEY) == 6


def test_cuban_el_zorro_each_other_player_gives_nothing_if_empty() -> None:
    s = at_drive(T, 3)
    b2 = S.pbase(2)
    s[S.O.BANK:S.O.BANK + 3] += s[b2 + S.P.GOODS:b2 + S.P.GOODS + 3]
    s[b2 + S.P.GOODS:b2 + S.P.GOODS + 3] = 0
    s[b2 + S.P.MONEY] = 0
    s[b2 + S.P.VP] = 0
    s[b2 + S.P.VPSRC + C.SRC.START] = 0
    give_goods(s, 2, C.WD, 2)                   # wood, rum and cigars are never given (§8.1:
    give_goods(s, 2, C.RU, 1)                   # raw goods only)
    give_goods(s, 2, C.CG, 1)
    drive_to(s, T, K["el_zorro"])
    assert s[S.G.CUR] == 1
    choose(s, T, A.OT.GIVE, A.GIVE_GOOD + C.CI)
    assert goods(s, 0, C.CI) == 2 and s[S.G.DK] == S.DK.MOVE  # player 2 gives nothing
    assert check_state(s, T) == 0


def test_cuban_alonso_marker_or_own_building_or_nothing() -> None:
    s = at_drive(T)
    drive_to(s, T, K["alonso"])
    assert tags(s, T)[0] == ("nothing", 0) and len(tags(s, T)) == 1 + 12
    choose(s, T, A.OT.MARKER, B["cafe"])
    assert s[S.O.OWNER + B["cafe"]] == 0 and pv(s, 0, S.P.MARKERS) == 2
    assert s[S.G.DK] == S.DK.MOVE              # phase 2 follows (SDC-Q9 default)
    s[S.pbase(0) + S.P.MARKERS] = 0
    s[S.O.OWNER:S.O.OWNER + 12] = [0, 0, 0] + [-1] * 9
    choose(s, T, A.OT.STAY)
    s[S.G.ACTIVE] = 0
    s[S.G.CUR] = 0
    s[S.G.DK] = S.DK.DRIVE
    drive_to(s, T, K["alonso"])                 # no markers left: own buildings or nothing
    assert tags(s, T) == [("nothing", 0), ("own_use", 0), ("own_use", 1), ("own_use", 2)]


def _at(cuban: str, building: str, dice=(2, 2, 2, 2, -1), n_players: int = 4):
    s = at_drive(T, n_players, dice=dice)
    drive_to(s, T, K[cuban])
    choose(s, T, A.OT.MOVE, B[building])
    assert s[S.G.DK] == S.DK.USE
    return s


def test_building_bank_vp_for_pesos_either_way() -> None:
    s = _at("pedro", "bank")
    s[S.pbase(0) + S.P.MONEY] = 5
    assert tags(s, T) == [("no_use", 0), ("sell_vp", 1), ("sell_vp", 2), ("buy_vp", 1),
                          ("buy_vp", 2)]
    choose(s, T, A.OT.SELL_VP, 2)
    assert pv(s, 0, S.P.VP) == 0 and pv(s, 0, S.P.MONEY) == 9
    assert pv(s, 0, S.P.VPSRC + C.SRC.BANK) == -2 and pv(s, 0, S.P.USES + B["bank"]) == 1


def test_building_casino_two_pesos() -> None:
    """§8.2 casino: 2 pesos (SOURCED since 2026-12-01)."""
    s = _at("pedro", "casino")
    choose(s, T, A.OT.USE)
    assert pv(s, 0, S.P.MONEY) == 3 + 2


def test_building_newspaper_a_peso_and_a_cuban_face_down_until_the_car_passes_it() -> None:
    """§8.2 newspaper (SOURCED since 2026-12-01), SDC-R9: 1 peso; the Cuban (not the car's
    stop) gives no action and no building while face down; the car leaving or driving past
    the stop turns it face up, stopping there does not."""
    s = _at("miguel", "newspaper", n_players=3)
    stops = [x for tag, x in tags(s, T) if tag == "close"]
    assert stops == [k for k in range(1, C.NSTOPS) if k != K["miguel"]]
    money = pv(s, 0, S.P.MONEY)
    choose(s, T, A.OT.CLOSE, K["maria"])
    assert pv(s, 0, S.P.MONEY) == money + 1 and s[S.G.CLOSED] == K["maria"]
    drive_to(s, T, K["maria"])                  # player 1 finds her face down
    assert pv(s, 1, S.P.VP) == 2 and s[S.G.ACTIVE] == 2 and s[S.G.CLOSED] == K["maria"]
    choose(s, T, A.OT.DRIVE, 1)                 # player 2 drives on: the car leaves her
    assert s[S.G.CLOSED] == -1
    s = _at("miguel", "newspaper", n_players=3)
    choose(s, T, A.OT.CLOSE, K["maria"])
    s[S.G.CAR] = K["martinez"] - 3
    choose(s, T, A.OT.DRIVE, 3)                 # player 1 drives over her to Martinez
    assert s[S.G.CLOSED] == -1 and s[S.G.CUBAN] == C.CUBAN_KEYS.index("martinez")


def test_building_rum_distillery_up_to_three_sugar() -> None:
    s = _at("jose", "rum_distillery")           # José (yellow) feeds it: the SDC-V1 pair
    assert [x for tag, x in tags(s, T) if tag == "convert"] == [1, 2, 3]
    choose(s, T, A.OT.CONVERT, 3)
    assert goods(s, 0, C.SU) == 0 and goods(s, 0, C.RU) == 3 and check_state(s, T) == 0


def test_building_cigar_factory_up_to_three_tobacco() -> None:
    s = _at("jose", "cigar_factory")
    choose(s, T, A.OT.CONVERT, 1)
    assert goods(s, 0, C.TO) == 0 and goods(s, 0, C.CG) == 1


def test_building_harbour_office_marker_right_or_left() -> None:
    s = _at("jose", "harbour_office")
    assert tags(s, T) == [("no_use", 0), ("value_up", 0)]  # never below 2
    choose(s, T, A.OT.VALUE_UP)
    assert s[S.G.VALUE] == 3
    s = _at("jose", "harbour_office")
    s[S.G.VALUE] = 4
    choose(s, T, A.OT.VALUE_UP)                 # the chequered flag: the ship departs
    assert s[S.G.SHIPS] == 1 and s[S.G.DK] == S.DK.SHIP


def test_building_black_market_one_swap() -> None:
    """§8.2 black market: one good for one of any other kind (SOURCED since 2026-12-01)."""
    s = _at("conchita", "black_market")
    assert ("swap", (C.CI << 3) | C.WD) in tags(s, T)  # wood included
    choose(s, T, A.OT.SWAP, (C.CI << 3) | C.RU)
    assert goods(s, 0, C.CI) == 2 and goods(s, 0, C.RU) == 1
    assert s[S.G.ACTIVE] == 1 and check_state(s, T) == 0  # no second swap


def test_building_trading_office_one_delivery_step() -> None:
    s = _at("conchita", "trading_office")
    choose(s, T, A.OT.DELIVER, (C.CI << A.AMOUNT_SHIFT) | 2)
    assert pv(s, 0, S.P.VPSRC + C.SRC.TRADING_OFFICE) == 4 and s[S.O.DICE + C.CI] == 0
    assert s[S.G.VALUE] == 2 and s[S.G.ACTIVE] == 1  # no round, the marker stays


def test_building_sawmill_two_wood() -> None:
    s = _at("conchita", "sawmill")
    choose(s, T, A.OT.USE)
    assert goods(s, 0, C.WD) == 2


def test_building_church_one_die_up_or_down() -> None:
    """§8.2 church: the seed's "influence demand" (ASSUMED mapping since 2026-12-01)."""
    s = _at("pedro", "church", dice=(3, 0, 1, 2, -1))
    assert [x for tag, x in tags(s, T) if tag == "demand"] == [0, 3, 5, 4, 7, 6]
    choose(s, T, A.OT.DEMAND, (C.CI << 1) | 1)
    assert s[S.O.DICE + C.CI] == 1


def test_building_cafe_rum_and_cigars_for_three_vp_each() -> None:
    s = _at("miguel", "cafe")
    give_goods(s, 0, C.RU, 1)
    give_goods(s, 0, C.CG, 2)
    returns = [x for tag, x in tags(s, T) if tag == "return"]
    assert (1 << A.AMOUNT_SHIFT) | 1 in returns and 2 in returns and len(returns) == 4
    choose(s, T, A.OT.RETURN, (1 << A.AMOUNT_SHIFT) | 1)
    assert pv(s, 0, S.P.VPSRC + C.SRC.CAFE) == 6 and goods(s, 0, C.CG) == 1


def test_building_customs_office_die_to_zero_peso_per_pip() -> None:
    s = _at("miguel", "customs_office", dice=(3, 0, 1, 2, -1))
    choose(s, T, A.OT.ZERO, C.SU)
    assert s[S.O.DICE + C.SU] == 0 and pv(s, 0, S.P.MONEY) == 6
