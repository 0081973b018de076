"""Cuba building features (§6.2) used through the foreman (CUBA-R19), one test per kind.

Each scenario puts the building on field 5 of the current player's plantation, plays the
foreman on it (CUBA-R19.2), checks the legal uses and the exact effect, and that VP are booked
to P_VPSRC + SRC_BUILDING + kind.
"""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from tests.cuba.helpers import choose, flat_tables
from tests.cuba.rules_scenario import (
    T, assert_ok, b_, bld, cur, drain, foreman_one, give, give_lot, lot, market, money, payloads,
    pile, place_ship, play, play_nothing, put, scenario, ship_vec, stock, stored, vec, vp,
)

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

FIELD = 5


def owner(key: str, t: np.ndarray = T) -> tuple[np.ndarray, int]:
    """A scenario whose current player owns building `key` on FIELD."""
    s = scenario(t)
    p = cur(s)
    put(s, p, bld(key), FIELD)
    return s, p


def use_options(s: np.ndarray, t: np.ndarray = T) -> list[int]:
    """Start the foreman on FIELD and return the DK_BUILDING_USE payloads."""
    play(s, t, C.FOREMAN)
    choose(s, t, A.OT.ONE_BUILDING, FIELD)
    assert s[S.G.DK] == S.DK.BUILDING_USE
    return sorted(payloads(s, t, A.OT.USE))


def vp_sources(s: np.ndarray, p: int) -> dict[str, int]:
    """Non-zero VP sources of player p, by name."""
    b = b_(p)
    return {C.SRC_NAMES[i]: int(s[b + S.P.VPSRC + i]) for i in range(C.NSRC)
            if s[b + S.P.VPSRC + i]}


def assert_building_vp(s: np.ndarray, p: int, key: str, amount: int) -> None:
    assert vp(s, p) == amount
    assert vp_sources(s, p) == ({"use_" + key: amount} if amount else {})
    assert s[b_(p) + S.P.VPSRC + C.SRC_BUILDING + bld(key)] == amount


def piece_vectors(kind: str, most: int) -> list[int]:
    return sorted(vec(**{kind: n}) for n in range(most + 1))


def harbour(s: np.ndarray) -> None:
    """Dock 1 S01 (Ci Ci Ci Su To), dock 2 S04 (Ci Ci Su Su Ru), dock 3 S07 (Ci Ci To Ru Cg)."""
    place_ship(s, C.DOCK1, 0)
    place_ship(s, C.DOCK2, 3)
    place_ship(s, C.DOCK3, 6)


# --- VP group: return pieces for VP -------------------------------------------------------------

@pytest.mark.parametrize("key,kind", [
    ("cement_factory", "St"), ("saw_mill", "Wd"), ("golf_course", "Wa"),
])
def test_CUBA_R19_return_up_to_4_resources_for_1_vp_each(key: str, kind: str) -> None:
    """§6.2 #1 Cement Factory (St), #2 Saw Mill (Wd, CUBA-Q6 default), #3 Golf Course (Wa):
    return up to 4 pieces to the stock, 1 VP each."""
    s, p = owner(key)
    k = C.KIND_SHORT.index(kind)
    give(s, p, k, 5)
    assert use_options(s) == piece_vectors(kind, 4)
    choose(s, T, A.OT.USE, vec(**{kind: 4}))
    assert lot(s, p, k) == 1 and stock(s, k) == 14
    assert_building_vp(s, p, key, 4)
    assert s[b_(p) + S.P.USED + FIELD] == 1
    assert_ok(s)


def test_CUBA_Q6_saw_mill_stone_input() -> None:
    """CUBA-Q6 sawmill_input=stone: the Saw Mill takes stone instead of wood."""
    t = flat_tables(sawmill_input="stone")
    s, p = owner("saw_mill", t)
    give_lot(s, p, Wd=2, St=2)
    assert use_options(s, t) == piece_vectors("St", 2)
    assert_ok(s, t)


def test_CUBA_R19_monastery_up_to_2_products_any_kinds() -> None:
    """§6.2 #4 Monastery: return up to 2 products of any kinds (stored ones too), 1 VP each."""
    s, p = owner("monastery")
    give_lot(s, p, Ci=1, Su=1)
    give(s, p, C.SU, 1, store=True)
    give(s, p, C.RU, 1)
    assert use_options(s) == sorted([0, vec(Ci=1), vec(Su=1), vec(Ci=1, Su=1), vec(Su=2)])
    choose(s, T, A.OT.USE, vec(Su=2))
    assert (lot(s, p, C.SU), stored(s, p, C.SU), lot(s, p, C.CI)) == (0, 0, 1)
    assert_building_vp(s, p, "monastery", 2)
    assert_ok(s)


@pytest.mark.parametrize("key,kind", [("rum_cafe", "Ru"), ("cigar_cafe", "Cg")])
def test_CUBA_R19_cafes_up_to_3_goods_2_vp_each(key: str, kind: str) -> None:
    """§6.2 #5 Rum Café, #6 Cigar Café: return up to 3 of the good, 2 VP each."""
    s, p = owner(key)
    k = C.KIND_SHORT.index(kind)
    give(s, p, k, 4)
    assert use_options(s) == piece_vectors(kind, 3)
    choose(s, T, A.OT.USE, vec(**{kind: 3}))
    assert lot(s, p, k) == 1
    assert_building_vp(s, p, key, 6)
    assert_ok(s)


def test_CUBA_R19_cafe_used_for_nothing() -> None:
    """§6.2 'up to n' includes 0: the building is then spent for the round without effect."""
    s, p = owner("rum_cafe")
    give(s, p, C.RU, 1)
    use_options(s)
    choose(s, T, A.OT.USE, 0)
    assert lot(s, p, C.RU) == 1 and s[b_(p) + S.P.USED + FIELD] == 1
    assert_building_vp(s, p, "rum_cafe", 0)
    assert_ok(s)


def test_CUBA_R19_small_branch_office_loads_one_piece() -> None:
    """§6.2 #7 Small Branch Office: 1 merchandise piece onto one docked ship whose free spot
    fits; dock VP, booked to the building (not to mayor shipping)."""
    s, p = owner("small_branch_office")
    harbour(s)
    give_lot(s, p, Ci=2, Ru=1)
    assert use_options(s) == sorted([0, ship_vec(1, Ci=1), ship_vec(2, Ci=1), ship_vec(2, Ru=1),
                                     ship_vec(3, Ci=1), ship_vec(3, Ru=1)])
    choose(s, T, A.OT.USE, ship_vec(3, Ru=1))
    assert lot(s, p, C.RU) == 0 and s[S.O.CARGO + 3 * C.SHIP_SPOTS + 3] == 1
    assert_building_vp(s, p, "small_branch_office", 3)
    assert_ok(s)


def test_CUBA_R19_large_branch_office_any_number_of_one_kind() -> None:
    """§6.2 #8 Large Branch Office: any number of pieces of one kind onto one docked ship."""
    s, p = owner("large_branch_office")
    harbour(s)
    give_lot(s, p, Ci=3, Su=2)
    want = [0]
    for dock, caps in ((1, dict(Ci=3, Su=1)), (2, dict(Ci=2, Su=2)), (3, dict(Ci=2))):
        for kind, most in caps.items():
            want += [ship_vec(dock, **{kind: n}) for n in range(1, most + 1)]
    assert use_options(s) == sorted(want)
    choose(s, T, A.OT.USE, ship_vec(2, Su=2))
    assert lot(s, p, C.SU) == 0 and lot(s, p, C.CI) == 3
    assert_building_vp(s, p, "large_branch_office", 4)
    assert s[b_(p) + S.P.SHIPPED] == 2
    assert_ok(s)


@pytest.mark.parametrize("key,gain", [("hotel", 2), ("inn", 1)])
def test_CUBA_R19_hotel_and_inn_gain_vp(key: str, gain: int) -> None:
    """§6.2 #9 Hotel 2 VP, #10 Inn 1 VP, without a choice."""
    s, p = owner(key)
    foreman_one(s, T, FIELD)
    assert cur(s) != p
    assert_building_vp(s, p, key, gain)
    assert_ok(s)


# --- income group ----------------------------------------------------------------------------

def test_CUBA_R19_general_store_sells_one_good_for_6() -> None:
    """§6.2 #11 General Store: sell up to 1 good (Ru or Cg) to the stock for $6."""
    s, p = owner("general_store")
    give_lot(s, p, Ru=2, Cg=1, Ci=1)
    assert use_options(s) == sorted([0, vec(Ru=1), vec(Cg=1)])
    choose(s, T, A.OT.USE, vec(Cg=1))
    assert money(s, p) == 16 and lot(s, p, C.CG) == 0 and stock(s, C.CG) == 13
    assert market(s, C.CG) == 2  # the market is not involved
    assert_building_vp(s, p, "general_store", 0)
    assert_ok(s)


def test_CUBA_R19_product_house_sells_one_product_for_4() -> None:
    """§6.2 #12 Product House: sell up to 1 product to the stock for $4."""
    s, p = owner("product_house")
    give(s, p, C.CI, 1)
    give(s, p, C.TO, 2, store=True)
    give(s, p, C.RU, 1)
    assert use_options(s) == sorted([0, vec(Ci=1), vec(To=1)])
    choose(s, T, A.OT.USE, vec(To=1))
    assert money(s, p) == 14 and stored(s, p, C.TO) == 1
    assert_ok(s)


def test_CUBA_R19_resource_house_sells_up_to_2_resources_for_2_each() -> None:
    """§6.2 #13 Resource House: sell up to 2 resources to the stock, $2 each."""
    s, p = owner("resource_house")
    give_lot(s, p, Wd=2, Wa=1)
    assert use_options(s) == sorted([0, vec(Wd=1), vec(Wd=2), vec(Wa=1), vec(Wd=1, Wa=1)])
    choose(s, T, A.OT.USE, vec(Wd=1, Wa=1))
    assert money(s, p) == 14 and lot(s, p, C.WD) == 1 and lot(s, p, C.WA) == 0
    assert_ok(s)


@pytest.mark.parametrize("key,gain", [("small_bank", 2), ("large_bank", 4)])
def test_CUBA_R19_banks_gain_money(key: str, gain: int) -> None:
    """§6.2 #14 Small Bank $2, #15 Large Bank $4."""
    s, p = owner(key)
    foreman_one(s, T, FIELD)
    assert money(s, p) == 10 + gain and vp(s, p) == 0
    assert_ok(s)


# --- factories -------------------------------------------------------------------------------

@pytest.mark.parametrize("key,src,dst", [("cigar_factory", C.TO, C.CG),
                                         ("distillery", C.SU, C.RU)])
def test_CUBA_R19_factories_convert_any_number(key: str, src: int, dst: int) -> None:
    """§6.2 #16 Cigar Factory To -> Cg, #17 Distillery Su -> Ru: any number, 1:1, stored
    inputs included (unstored spent first)."""
    s, p = owner(key)
    give(s, p, src, 4)
    give(s, p, src, 2, store=True)
    assert use_options(s) == list(range(7))
    choose(s, T, A.OT.USE, 5)
    assert (lot(s, p, src), stored(s, p, src), lot(s, p, dst)) == (0, 1, 5)
    assert stock(s, src) == 18 - 3 - 1 and stock(s, dst) == 13 - 5
    assert_ok(s)


def test_CUBA_R1_factory_output_limited_by_stock() -> None:
    """CUBA-R1 with §6.2 #16: no more conversions than the stock has cigars."""
    s, p = owner("cigar_factory")
    give(s, p, C.TO, 4)
    drain(s, C.CG, leave=2)
    assert use_options(s) == [0, 1, 2]
    assert_ok(s)


def test_CUBA_R19_black_market_one_piece_either_direction() -> None:
    """§6.2 #18 Black Market: 1 product -> 1 good or 1 good -> 1 product, kinds free."""
    s, p = owner("black_market")
    give_lot(s, p, Ci=1, Ru=1)
    code = lambda a, c: 1 + a * 8 + c  # noqa: E731
    assert use_options(s) == sorted([0, code(C.CI, C.RU), code(C.CI, C.CG), code(C.RU, C.CI),
                                     code(C.RU, C.SU), code(C.RU, C.TO)])
    x = s.copy()
    choose(x, T, A.OT.USE, code(C.RU, C.TO))
    assert (lot(x, p, C.RU), lot(x, p, C.TO), lot(x, p, C.CI)) == (0, 1, 1)
    assert_ok(x)
    choose(s, T, A.OT.USE, code(C.CI, C.CG))
    assert (lot(s, p, C.CI), lot(s, p, C.CG), lot(s, p, C.RU)) == (0, 1, 1)
    assert_ok(s)


# --- power group -------------------------------------------------------------------------------

def test_CUBA_R19_church_vetoes_a_current_bill() -> None:
    """§6.2 #19 Church (CUBA-R37, immediate): remove one current bill at once; the owner
    holds the veto tile and may not veto that type next round."""
    s, p = owner("church")
    bills = [int(x) for x in s[S.O.BILLS:S.O.BILLS + 4]]
    assert min(bills) >= 0
    assert use_options(s) == [0, 1, 2, 3, 4]
    choose(s, T, A.OT.USE, 1 + C.SUBSIDY)
    assert [int(x) for x in s[S.O.BILLS:S.O.BILLS + 4]] == \
        [bills[0], bills[1], -1, bills[3]]
    assert s[S.G.VETO_OWNER] == p
    assert (s[S.G.VETO_BAN_TYPE], s[S.G.VETO_BAN_ROUND]) == (C.SUBSIDY, s[S.G.ROUND] + 1)
    assert_ok(s)


def test_CUBA_R19_church_banned_type_the_round_after() -> None:
    """CUBA-R37: in the round after a veto the owner cannot veto a bill of that type."""
    s, p = owner("church")
    s[S.G.VETO_BAN_TYPE] = C.DUTY
    s[S.G.VETO_BAN_ROUND] = s[S.G.ROUND]
    assert use_options(s) == [0, 1 + C.TAX, 1 + C.SUBSIDY, 1 + C.OTHER]
    assert_ok(s)


def test_CUBA_R19_town_hall_adds_2_votes_in_this_parliament() -> None:
    """§6.2 #20 Town Hall (CUBA-R38): +2 votes in this round's parliament."""
    s, p = owner("town_hall")
    foreman_one(s, T, FIELD)
    assert s[b_(p) + S.P.TOWN_HALL] == 2
    while s[S.G.PHASE] == S.PH.ACTIONS:
        q = cur(s)
        cards = payloads(s, T, A.OT.CARD)
        play_nothing(s, T, cards[-1] if q != p else cards[0])
    fifth = [c for c in range(C.NCHARS) if s[b_(p) + S.P.HAND + c]]
    assert s[b_(p) + S.P.VOTES] == T[C.T.CHAR_VOTES + fifth[0]] + 2
    assert_ok(s)


@pytest.mark.parametrize("left,gain", [(15, 2), (1, 1), (0, 0)])
def test_CUBA_R19_dam_gains_2_water(left: int, gain: int) -> None:
    """§6.2 #21 Dam: gain 2 water (CUBA-R1: only what the stock holds)."""
    s, p = owner("dam")
    drain(s, C.WA, leave=left, sink=(p + 1) % 4)
    foreman_one(s, T, FIELD)
    assert lot(s, p, C.WA) == gain
    assert_ok(s)


def test_CUBA_R19_lighthouse_any_pile_card_to_sea_old_sea_ship_to_bottom() -> None:
    """§6.2 #22 Lighthouse: take any pile card (order kept) as the sea ship; the old sea ship
    goes to the bottom of the pile."""
    s, p = owner("lighthouse")
    before = pile(s)
    sea = int(s[S.O.SHIP + C.SEA])
    docks = [int(x) for x in s[S.O.SHIP + 1:S.O.SHIP + 4]]
    assert use_options(s) == list(range(len(before) + 1))
    choose(s, T, A.OT.USE, 1 + 4)
    assert s[S.O.SHIP + C.SEA] == before[4]
    assert pile(s) == before[:4] + before[5:] + [sea]
    assert [int(x) for x in s[S.O.SHIP + 1:S.O.SHIP + 4]] == docks
    assert_ok(s)


def test_CUBA_R19_warehouse_building_stores_products() -> None:
    """§6.2 #23 Warehouse (CUBA-Q11 like_printed): stores all products held now."""
    s, p = owner("warehouse")
    give_lot(s, p, Ci=2, To=3, Cg=1)
    foreman_one(s, T, FIELD)
    assert [stored(s, p, k) for k in (C.CI, C.SU, C.TO)] == [2, 0, 3]
    assert [lot(s, p, k) for k in (C.CI, C.TO, C.CG)] == [0, 0, 1]
    assert_ok(s)


def test_CUBA_R19_every_building_kind_has_a_test() -> None:
    """Bookkeeping: the tests above cover all 23 kinds."""
    covered = {"cement_factory", "saw_mill", "golf_course", "monastery", "rum_cafe",
               "cigar_cafe", "small_branch_office", "large_branch_office", "hotel", "inn",
               "general_store", "product_house", "resource_house", "small_bank", "large_bank",
               "cigar_factory", "distillery", "black_market", "church", "town_hall", "dam",
               "lighthouse", "warehouse"}
    assert covered == set(C.BUILDING_KEYS)
