"""Every Santiago strategy plays whole games legally (checker on), and makes the sensible
choice at typical decision points."""
from __future__ import annotations

import pytest

from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.tables import load_tables
from tests.engines import interpreted_row
from tests.santiago.helpers import B, K, at_drive, choose, drive_to, give_goods
from tests.strategies.santiago.helpers import NAMED, SANTIAGO, T, pick

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
play_game, REGISTRY = SANTIAGO.loop.play_game, SANTIAGO.registry


@pytest.mark.parametrize("name", REGISTRY.names())
def test_whole_game_legal_with_the_checker(name: str) -> None:
    kernels, params = REGISTRY.resolve([name, "random", "random"])
    params[0] = interpreted_row(REGISTRY, name, params[0])  # a search on a small budget
    g = play_game(load_tables(), 3, 11, kernels, params, check=True)
    assert g.error == 0 and g.records[0, 0] > 0


@pytest.mark.parametrize("name", NAMED)
def test_delivers_at_a_high_goods_value(name: str) -> None:
    s = at_drive(T, dice=(2, 2, 2, 2, -1))
    s[S.G.VALUE] = 4
    drive_to(s, T, C.HARBOUR)
    tag, x = pick(name, s)
    assert tag == "deliver"


@pytest.mark.parametrize("name", NAMED)
def test_converts_sugar_at_the_distillery(name: str) -> None:
    s = at_drive(T)
    drive_to(s, T, K["jose"])
    choose(s, T, A.OT.MOVE, B["rum_distillery"])
    assert pick(name, s) == ("convert", 3)


@pytest.mark.parametrize("name", NAMED)
def test_zorro_victim_gives_the_least_valuable(name: str) -> None:
    s = at_drive(T, 2)
    give_goods(s, 1, C.CG, 1)
    s[S.pbase(1) + S.P.MONEY] = 8
    drive_to(s, T, K["el_zorro"])
    assert s[S.G.CUR] == 1
    assert pick(name, s) in (("give", A.GIVE_MONEY), ("give", A.GIVE_GOOD + C.CI))


@pytest.mark.parametrize("name", NAMED)
def test_never_sells_vp_for_nothing_early(name: str) -> None:
    s = at_drive(T)
    drive_to(s, T, K["pedro"])
    choose(s, T, A.OT.MOVE, B["bank"])
    assert pick(name, s)[0] != "sell_vp"


def test_refiner_drives_to_jose_when_the_distillery_is_at_yellow() -> None:
    s = at_drive(T)  # fixed layout: rum distillery on B4 (yellow), José on K2
    s[S.G.CAR] = 0
    s[S.pbase(0) + S.P.MONEY] = 5
    assert pick("refiner", s) == ("drive", K["jose"])


def test_landlord_places_markers_with_alonso() -> None:
    s = at_drive(T)
    drive_to(s, T, K["alonso"])
    assert pick("landlord", s)[0] == "marker"
