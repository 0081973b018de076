"""Cuba phase B characters against shared/rules/cuba.md: CUBA-R1, R14..R23, R25, R26,
CUBA-Q11 (building warehouse mode) and CUBA-Q12 (tradeswoman black-marker spaces).

Standard plantation side (all tests here), fields numbered 0..11 row by row:

     0 WH | 1 Ci | 2 Fo | 3 To
     4 Su | 5 Mo | 6 La | 7 Ci
     8 Fo | 9 To |10 Su |11 Mo
"""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.rules import end_round, no_trace
from tests.cuba.helpers import choose, flat_tables
from tests.cuba.rules_scenario import (
    T, assert_ok, b_, bld, cur, drain, fill_cargo, give, give_lot, lot, lots, market, mask,
    money, payloads, place_ship, play, play_nothing, put, scenario, seated, set_act, set_market,
    set_money, set_pawn, ship_vec, stock, stored, subsets, tags, vec, vp, vpsrc,
)

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

ALL_FIELDS = list(range(C.NFIELDS))


def worker_to(s: np.ndarray, t: np.ndarray, field: int) -> None:
    play(s, t, C.WORKER)
    choose(s, t, A.OT.POSITION, field)


def resources(s: np.ndarray, p: int) -> list[int]:
    return [lot(s, p, k) for k in (C.WD, C.ST, C.WA)]


def products(s: np.ndarray, p: int) -> list[int]:
    return [lot(s, p, k) for k in (C.CI, C.SU, C.TO)]


# ============================================================================ CUBA-R14 worker

def test_CUBA_R14_pawn_may_move_to_any_field_or_stay() -> None:
    """CUBA-R14.1: 12 positions, the current one, the warehouse and built fields included."""
    s, p = seated()
    put(s, p, bld("inn"), 5)
    play(s, T, C.WORKER)
    assert payloads(s, T, A.OT.POSITION) == ALL_FIELDS
    assert tags(s, T) == {A.OT.POSITION}
    assert_ok(s)


def test_CUBA_R14_worker_row_and_column_all_resources_then_product_fields() -> None:
    """CUBA-R14.2-5: the pawn on the lake activates row 2 (Su Mo La Ci) and column 3 (Fo, Su):
    all 3 resource fields yield at once; the 3 product fields are chosen, no field twice."""
    s, p = seated()
    worker_to(s, T, 6)
    assert s[b_(p) + S.P.PAWN] == 6
    assert resources(s, p) == [1, 1, 1]
    assert s[S.G.DK] == S.DK.WORKER_FIELDS
    # 2 free fields + the water just gained: every subset of the 3 product fields
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([4, 7, 10], 3)
    choose(s, T, A.OT.FIELDS, mask(4, 7, 10))
    assert products(s, p) == [1, 2, 0]
    assert resources(s, p) == [1, 1, 0]  # the water paid for the third field
    assert stock(s, C.WA) == 15
    assert_ok(s)


def test_CUBA_R14_warehouse_and_built_over_fields_yield_nothing() -> None:
    """CUBA-R14.3: the warehouse field and fields under buildings yield nothing."""
    s, p = seated()
    put(s, p, bld("inn"), 2)   # forest r1c3
    put(s, p, bld("hotel"), 3)  # tobacco r1c4
    worker_to(s, T, 0)
    assert resources(s, p) == [1, 0, 0]  # only the forest r3c1
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([1, 4], 2)
    choose(s, T, A.OT.FIELDS, mask(1, 4))
    assert products(s, p) == [1, 1, 0]
    assert_ok(s)


def test_CUBA_R14_pawn_on_a_building_still_activates_its_row_and_column() -> None:
    """CUBA-R14.1-3: the pawn may stand on a building; that field yields nothing."""
    s, p = seated()
    put(s, p, bld("inn"), 2)
    worker_to(s, T, 2)  # row 1: WH Ci [inn] To; column 3: La, Su
    assert resources(s, p) == [0, 0, 1]
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([1, 3, 10], 3)
    assert_ok(s)


def test_CUBA_R14_at_most_two_product_fields_without_water() -> None:
    """CUBA-R14.5: without water at most 2 of the 3 activated product fields yield."""
    s, p = seated()
    worker_to(s, T, 0)  # row 1: Ci Fo To; column 1: Su Fo
    assert resources(s, p) == [2, 0, 0]
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([1, 3, 4], 2)
    choose(s, T, A.OT.FIELDS, mask(1, 3))
    assert products(s, p) == [1, 0, 1]
    assert_ok(s)


def test_CUBA_R14_each_water_returned_buys_one_more_product_field() -> None:
    """CUBA-R14.5: one held water buys a third field; the water goes to the stock."""
    s, p = seated()
    give(s, p, C.WA, 1)
    worker_to(s, T, 0)
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([1, 3, 4], 3)
    choose(s, T, A.OT.FIELDS, mask(1, 3, 4))
    assert products(s, p) == [1, 1, 1] and lot(s, p, C.WA) == 0 and stock(s, C.WA) == 15
    assert_ok(s)


def test_CUBA_R14_choosing_fewer_fields_spends_no_water() -> None:
    """CUBA-R14.5: water is only returned for fields beyond the free ones."""
    s, p = seated()
    give(s, p, C.WA, 2)
    worker_to(s, T, 0)
    choose(s, T, A.OT.FIELDS, mask(1, 4))
    assert lot(s, p, C.WA) == 2
    assert_ok(s)


def test_CUBA_R14_water_gained_by_same_activation_and_held_water_combine() -> None:
    """CUBA-R14.5: pawn on the mountain r2c2 activates 4 product fields and the lake; the new
    water plus one held water let all 4 yield."""
    s, p = seated()
    play(s, T, C.WORKER)
    x = s.copy()
    choose(x, T, A.OT.POSITION, 5)
    assert sorted(payloads(x, T, A.OT.FIELDS)) == subsets([1, 4, 7, 9], 3)
    give(s, p, C.WA, 1)
    choose(s, T, A.OT.POSITION, 5)
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([1, 4, 7, 9], 4)
    choose(s, T, A.OT.FIELDS, mask(1, 4, 7, 9))
    assert products(s, p) == [2, 1, 1]
    assert resources(s, p) == [0, 1, 0]
    assert stock(s, C.WA) == 15
    assert_ok(s)


def test_CUBA_R14_drought_act_one_product_field() -> None:
    """CUBA-R14.5 Drought Act (IV-3): only 1 product field yields, +1 per water returned."""
    s, p = seated()
    set_act(s, C.OTHER, "IV-3")
    play(s, T, C.WORKER)
    x = s.copy()
    choose(x, T, A.OT.POSITION, 0)
    assert sorted(payloads(x, T, A.OT.FIELDS)) == subsets([1, 3, 4], 1)
    give(s, p, C.WA, 1)
    choose(s, T, A.OT.POSITION, 0)
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([1, 3, 4], 2)
    choose(s, T, A.OT.FIELDS, mask(3, 4))
    assert products(s, p) == [0, 1, 1] and lot(s, p, C.WA) == 0
    assert_ok(s)


def test_CUBA_R14_no_product_field_activated_ends_the_worker() -> None:
    """CUBA-R14: with every activated product field built over, only resources are gained."""
    s, p = seated()
    for f, key in ((1, "inn"), (3, "hotel"), (4, "small_bank")):
        put(s, p, bld(key), f)
    worker_to(s, T, 0)
    assert resources(s, p) == [2, 0, 0]
    assert s[S.G.DK] == S.DK.CHARACTER and cur(s) != p
    assert_ok(s)


# ============================================================================ CUBA-R1 limited stock

def test_CUBA_R1_worker_gain_lost_when_stock_empty_partial_gain() -> None:
    """CUBA-R1: pawn on r3c3 activates two forests, the mountain r3c4 and the lake; with
    1 wood and no stone left in the stock, 1 wood is gained, the other wood and the stone
    are lost."""
    s, p = seated()
    drain(s, C.WD, leave=1)
    drain(s, C.ST)
    worker_to(s, T, 10)
    assert resources(s, p) == [1, 0, 1]
    assert stock(s, C.WD) == 0 and stock(s, C.ST) == 0
    assert_ok(s)


def test_CUBA_R1_product_field_without_stock_cannot_be_chosen() -> None:
    """CUBA-R1: an activated product field whose product the stock lacks yields nothing."""
    s = scenario()
    drain(s, C.CI)
    worker_to(s, T, 0)
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([3, 4], 2)
    assert_ok(s)


def test_CUBA_R1_market_buy_from_empty_row_needs_stock() -> None:
    """CUBA-R1 with CUBA-R29: an empty row with an empty stock cannot be bought from."""
    s, p = seated()
    set_market(s, C.CI, 0)
    drain(s, C.CI)
    play(s, T, C.TRADER)
    choose(s, T, A.OT.MARKET)
    assert C.CI not in payloads(s, T, A.OT.BUY)
    assert C.SU in payloads(s, T, A.OT.BUY)
    assert money(s, p) == 10
    assert_ok(s)


# ============================================================================ CUBA-R15 market

def trade_steps(s: np.ndarray, t: np.ndarray, steps: list[tuple[int, int]]) -> list[int]:
    """Apply (OT_BUY|OT_SELL, kind) steps at the market; return the money after each."""
    out = []
    p = cur(s)
    for tag, k in steps:
        choose(s, t, tag, k)
        out.append(money(s, p))
    return out


def test_CUBA_R15_buy_rightmost_then_stock_at_7_sell_leftmost_empty() -> None:
    """CUBA-R15/R28/R29/R30: buy $4, $5, $6, then $7 from the stock; sell back at $6, $5;
    buys and sells in any order and any number, but for buying back the piece just sold
    (CUBA-Q18, no_undo)."""
    s, p = seated()
    set_money(s, p, 30)
    play(s, T, C.TRADER)
    choose(s, T, A.OT.MARKET)
    B, SL = A.OT.BUY, A.OT.SELL
    got = trade_steps(s, T, [(B, C.CI)] * 4 + [(SL, C.CI), (SL, C.CI)])
    assert got == [26, 21, 15, 8, 14, 19]
    assert C.CI not in payloads(s, T, B)
    assert market(s, C.CI) == 2 and lot(s, p, C.CI) == 2 and stock(s, C.CI) == 14
    choose(s, T, A.OT.DONE)
    assert cur(s) != p
    assert_ok(s)


def test_CUBA_R15_sell_into_full_row_goes_to_stock() -> None:
    """CUBA-R30: a full product row takes $1 sales to the stock; a goods row (4 spaces,
    CUBA-Q5 goods_row_spaces = 4) sells at $4, $3, then $3 to the stock."""
    t4 = flat_tables(goods_row_spaces=4)
    s = scenario(t4)
    p = cur(s)
    set_money(s, p, 0)
    set_market(s, C.CI, 6)
    give_lot(s, p, Ci=1, Ru=3)
    play(s, t4, C.TRADER)
    choose(s, t4, A.OT.MARKET)
    assert payloads(s, t4, A.OT.BUY) == []  # no money
    got = trade_steps(s, t4, [(A.OT.SELL, C.CI), (A.OT.SELL, C.RU), (A.OT.SELL, C.RU),
                              (A.OT.SELL, C.RU)])
    assert got == [1, 5, 8, 11]
    assert market(s, C.CI) == 6 and market(s, C.RU) == 4
    assert stock(s, C.CI) == 15 - 3 and stock(s, C.RU) == 15 - 4
    assert_ok(s, t4)


def test_CUBA_R15_buying_needs_the_price_in_money() -> None:
    """CUBA-R15/R29: a buy is only legal when the player can pay its price."""
    s, p = seated()
    set_money(s, p, 4)
    set_market(s, C.RU, 1)  # $6
    play(s, T, C.TRADER)
    choose(s, T, A.OT.MARKET)
    assert payloads(s, T, A.OT.BUY) == [C.CI, C.SU, C.TO]
    assert_ok(s)


# ============================================================================ CUBA-R16 / R23 alternative

def trader_alts(s: np.ndarray) -> list[int]:
    """The tradeswoman's alternative payloads (kinds) for a copy of s."""
    x = s.copy()
    play(x, T, C.TRADER)
    return sorted(payloads(x, T, A.OT.ALTERNATIVE))


def test_CUBA_R16_resource_of_any_kind_covers_marker() -> None:
    """CUBA-R16(a)/R23: 1 free resource of any kind; its black-marker space is covered."""
    s, p = seated()
    assert trader_alts(s) == [C.WD, C.ST, C.WA, C.CI, C.SU, C.TO]  # all rows at $4
    play(s, T, C.TRADER)
    choose(s, T, A.OT.ALTERNATIVE, C.WA)
    assert lot(s, p, C.WA) == 1 and stock(s, C.WA) == 14 and money(s, p) == 10
    assert s[S.O.MARKERS + C.BM_TRADER_RES] == 1
    assert s[S.O.MARKERS + C.BM_TRADER_PROD] == 0
    # the next player: resource alternative blocked, product alternative still open
    assert trader_alts(s) == [C.CI, C.SU, C.TO]
    assert_ok(s)


@pytest.mark.parametrize("rows,lowest", [
    ((5, 3, 1), [C.CI]),               # $2, $4, $6
    ((2, 2, 1), [C.CI, C.SU]),         # tie at $5
    ((0, 0, 1), [C.TO]),               # empty rows count $7
    ((0, 0, 0), [C.CI, C.SU, C.TO]),   # all $7
    ((6, 6, 6), [C.CI, C.SU, C.TO]),   # all $1
])
def test_CUBA_R16_product_only_the_lowest_priced(rows: tuple[int, ...], lowest: list[int]) -> None:
    """CUBA-R16(b)/R31: only the product with the lowest buy price; an empty row counts $7;
    the player chooses among tied rows."""
    s = scenario()
    for k, n in zip((C.CI, C.SU, C.TO), rows):
        set_market(s, k, n)
    assert trader_alts(s) == [C.WD, C.ST, C.WA] + lowest
    p = cur(s)
    play(s, T, C.TRADER)
    choose(s, T, A.OT.ALTERNATIVE, lowest[-1])
    assert lot(s, p, lowest[-1]) == 1
    assert [market(s, k) for k in (C.CI, C.SU, C.TO)] == list(rows)  # taken from the stock
    assert s[S.O.MARKERS + C.BM_TRADER_PROD] == 1
    assert trader_alts(s) == [C.WD, C.ST, C.WA]
    assert_ok(s)


def test_CUBA_R16_blocked_when_the_stock_lacks_it() -> None:
    """CUBA-R16/R31/R1: no product alternative when the stock lacks the lowest-priced product
    (no fall-back to the next price); no resource alternative for a kind out of stock."""
    s = scenario()
    set_market(s, C.CI, 5)
    drain(s, C.CI)
    drain(s, C.WD)
    assert trader_alts(s) == [C.ST, C.WA]
    assert_ok(s)


def test_CUBA_R23_covered_markers_block_the_alternatives() -> None:
    """CUBA-R23: an alternative whose space is covered is unavailable."""
    s = scenario()
    s[S.O.MARKERS + C.BM_TRADER_RES] = 1
    s[S.O.MARKERS + C.BM_TRADER_PROD] = 1
    assert trader_alts(s) == []
    play(s, T, C.TRADER)
    assert tags(s, T) == {A.OT.MARKET}
    assert_ok(s)


def test_CUBA_Q12_first_second_spaces() -> None:
    """CUBA-Q12 trader_alt_spaces=first_second: any two alternatives per round, of either
    kind; the first covers space 1, the second space 2; then none."""
    t = flat_tables(trader_alt_spaces="first_second")
    s = scenario(t)
    takers = []
    for k, space in ((C.WD, C.BM_TRADER_RES), (C.ST, C.BM_TRADER_PROD)):
        takers.append(cur(s))
        play(s, t, C.TRADER)
        assert C.WD in payloads(s, t, A.OT.ALTERNATIVE) and C.CI in payloads(s, t, A.OT.ALTERNATIVE)
        choose(s, t, A.OT.ALTERNATIVE, k)
        assert s[S.O.MARKERS + space] == 1
    play(s, t, C.TRADER)
    assert payloads(s, t, A.OT.ALTERNATIVE) == []
    assert lot(s, takers[0], C.WD) == 1 and lot(s, takers[1], C.ST) == 1
    assert_ok(s, t)


def test_CUBA_Q12_per_option_default_two_resources_impossible() -> None:
    """CUBA-Q12 default per_option: each alternative once per round."""
    s = scenario()
    play(s, T, C.TRADER)
    choose(s, T, A.OT.ALTERNATIVE, C.WD)
    play(s, T, C.TRADER)
    assert sorted(payloads(s, T, A.OT.ALTERNATIVE)) == [C.CI, C.SU, C.TO]
    choose(s, T, A.OT.ALTERNATIVE, C.SU)
    play(s, T, C.TRADER)
    assert payloads(s, T, A.OT.ALTERNATIVE) == []
    assert_ok(s)


# ============================================================================ CUBA-R17 architect

def can_afford_everything(s: np.ndarray, p: int) -> None:
    for k, n in ((C.WD, 3), (C.ST, 3), (C.WA, 2)):
        give(s, p, k, n)


def test_CUBA_R17_cost_paid_to_stock_any_free_field_incl_lake_and_pawn() -> None:
    """CUBA-R17: the cost goes to the stock; any field but the warehouse and built fields,
    the lake, a mountain and the pawn's field included; the building is placed."""
    s, p = seated()
    give_lot(s, p, Wd=2, St=2)
    put(s, p, bld("inn"), 7)
    set_pawn(s, p, 5)
    play(s, T, C.ARCHITECT)
    choose(s, T, A.OT.BUILD, bld("cement_factory"))
    assert payloads(s, T, A.OT.FIELD) == [1, 2, 3, 4, 5, 6, 8, 9, 10, 11]
    choose(s, T, A.OT.FIELD, 6)  # the lake
    assert s[b_(p) + S.P.FIELD + 6] == bld("cement_factory")
    assert resources(s, p) == [1, 0, 0] and stock(s, C.WD) == 14 and stock(s, C.ST) == 15
    assert money(s, p) == 10 and s[b_(p) + S.P.BUILT] == 1
    assert_ok(s)


def test_CUBA_R17_building_on_the_pawn_field() -> None:
    """CUBA-R17: the pawn's field is allowed."""
    s, p = seated()
    give_lot(s, p, Wd=1, St=1)
    set_pawn(s, p, 5)
    play(s, T, C.ARCHITECT)
    choose(s, T, A.OT.BUILD, bld("small_bank"))
    choose(s, T, A.OT.FIELD, 5)
    assert s[b_(p) + S.P.FIELD + 5] == bld("small_bank") and s[b_(p) + S.P.PAWN] == 5
    assert_ok(s)


def test_CUBA_R17_covered_field_stops_yielding() -> None:
    """CUBA-R17: a field covered by a building no longer yields to the worker."""
    s, p = seated()
    give_lot(s, p, Wd=1, St=1)
    play(s, T, C.ARCHITECT)
    choose(s, T, A.OT.BUILD, bld("small_bank"))
    choose(s, T, A.OT.FIELD, 6)
    for _ in range(3):
        play_nothing(s, T, C.ARCHITECT)
    assert cur(s) == p
    worker_to(s, T, 6)  # lake built over: only Mo and Fo
    assert resources(s, p) == [1, 1, 0]
    assert sorted(payloads(s, T, A.OT.FIELDS)) == subsets([4, 7, 10], 2)
    assert_ok(s)


def test_CUBA_R17_building_act_costs_2_more() -> None:
    """CUBA-R17 Building Act (IV-4): also pay $2 to the stock; unaffordable without it."""
    s, p = seated()
    set_act(s, C.OTHER, "IV-4")
    give_lot(s, p, Wd=1, St=1)
    x = s.copy()
    set_money(x, p, 1)
    play(x, T, C.ARCHITECT)
    assert payloads(x, T, A.OT.BUILD) == []
    play(s, T, C.ARCHITECT)
    assert payloads(s, T, A.OT.BUILD) == [bld("small_bank"), bld("town_hall"), bld("lighthouse")]
    choose(s, T, A.OT.BUILD, bld("town_hall"))
    choose(s, T, A.OT.FIELD, 1)
    assert money(s, p) == 8 and resources(s, p) == [0, 0, 0]
    assert_ok(s)


def test_CUBA_R17_without_building_act_no_fee() -> None:
    """CUBA-R17: without the Building Act no money is paid."""
    s, p = seated()
    set_money(s, p, 0)
    give(s, p, C.WA, 2)
    play(s, T, C.ARCHITECT)
    assert payloads(s, T, A.OT.BUILD) == [bld("golf_course")]
    choose(s, T, A.OT.BUILD, bld("golf_course"))
    choose(s, T, A.OT.FIELD, 11)
    assert money(s, p) == 0
    assert_ok(s)


def test_CUBA_R17_copies_limit_and_own_duplicates() -> None:
    """CUBA-R17/R3: a kind is available while tiles remain; a player may own two of a kind
    (cigar factory); a kind whose tiles are all built is gone."""
    s, p = seated()
    other = (p + 1) % 4
    can_afford_everything(s, p)
    put(s, p, bld("cigar_factory"), 1)
    put(s, other, bld("inn"), 1)
    x = s.copy()
    play(x, T, C.ARCHITECT)
    built = payloads(x, T, A.OT.BUILD)
    assert bld("cigar_factory") in built and bld("inn") not in built
    choose(x, T, A.OT.BUILD, bld("cigar_factory"))
    choose(x, T, A.OT.FIELD, 2)
    assert (x[b_(p) + S.P.FIELD:b_(p) + S.P.FIELD + C.NFIELDS] == bld("cigar_factory")).sum() == 2
    assert_ok(x)
    put(s, other, bld("cigar_factory"), 2)
    play(s, T, C.ARCHITECT)
    assert bld("cigar_factory") not in payloads(s, T, A.OT.BUILD)
    assert_ok(s)


def test_CUBA_R17_cost_must_be_held() -> None:
    """CUBA-R17: a building is only offered when its cost can be paid."""
    s, p = seated()
    give(s, p, C.WD, 1)
    give(s, p, C.ST, 1)  # cement factory needs 1 Wd + 2 St
    play(s, T, C.ARCHITECT)
    assert bld("cement_factory") not in payloads(s, T, A.OT.BUILD)
    assert bld("small_bank") in payloads(s, T, A.OT.BUILD)
    assert_ok(s)


def test_CUBA_R17_full_plantation_offers_no_building() -> None:
    """CUBA-R17: with all 11 fields built, nothing can be built (the alternative remains)."""
    s, p = seated()
    can_afford_everything(s, p)
    for f in range(1, C.NFIELDS):
        put(s, p, f - 1, f)  # 11 different kinds
    play(s, T, C.ARCHITECT)
    assert payloads(s, T, A.OT.BUILD) == [] and A.OT.ALTERNATIVE in tags(s, T)
    assert_ok(s)


# ============================================================================ CUBA-R18 / R21 alternatives

def test_CUBA_R18_architect_alternative_2_then_1_vp_then_unavailable() -> None:
    """CUBA-R18/R23: first taker 2 VP, second 1 VP, nobody else this round."""
    s = scenario()
    takers = []
    for i, gain in enumerate((2, 1)):
        takers.append(cur(s))
        play(s, T, C.ARCHITECT)
        choose(s, T, A.OT.ALTERNATIVE)
        assert vp(s, takers[-1]) == gain
        assert vpsrc(s, takers[-1], C.SRC_ARCH_ALT) == gain
        assert s[S.O.MARKERS + C.BM_ARCH_1 + i] == 1
    play(s, T, C.ARCHITECT)
    assert A.OT.ALTERNATIVE not in tags(s, T)
    assert_ok(s)


def test_CUBA_R21_mayor_alternative_4_then_2_dollars_then_unavailable() -> None:
    """CUBA-R21/R23: first taker $4, second $2, nobody else this round."""
    s = scenario()
    for i, gain in enumerate((4, 2)):
        p = cur(s)
        play(s, T, C.MAYOR)
        choose(s, T, A.OT.ALTERNATIVE)
        assert money(s, p) == 10 + gain and vp(s, p) == 0
        assert s[S.O.MARKERS + C.BM_MAYOR_1 + i] == 1
    play(s, T, C.MAYOR)
    assert A.OT.ALTERNATIVE not in tags(s, T)
    assert_ok(s)


def test_CUBA_R22_only_tradeswoman_architect_mayor_have_alternatives() -> None:
    """CUBA-R22: the worker and the foreman have no alternative."""
    s, p = seated()
    put(s, p, bld("inn"), 5)
    for c, has_alt in ((C.WORKER, False), (C.TRADER, True), (C.ARCHITECT, True),
                       (C.FOREMAN, False), (C.MAYOR, True)):
        x = s.copy()
        play(x, T, c)
        assert (A.OT.ALTERNATIVE in tags(x, T)) == has_alt, C.CHAR_NAMES[c]
        assert_ok(x)


# ============================================================================ CUBA-R19 foreman

def foreman_scenario() -> tuple[np.ndarray, int]:
    """Pawn on r2c2 (field 5): inn under the pawn, small bank in the row (7), hotel in the
    column (9), large bank elsewhere (11)."""
    s, p = seated()
    set_pawn(s, p, 5)
    for key, f in (("inn", 5), ("small_bank", 7), ("hotel", 9), ("large_bank", 11)):
        put(s, p, bld(key), f)
    return s, p


def test_CUBA_R19_row_and_column_uses_all_buildings_there_in_any_order() -> None:
    """CUBA-R19.1: every building in the pawn's row and column, the one under the pawn
    included, is used, in the order the player picks; others are not; the pawn stays."""
    s, p = foreman_scenario()
    play(s, T, C.FOREMAN)
    assert sorted(payloads(s, T, A.OT.ONE_BUILDING)) == [0, 5, 7, 9, 11]
    assert A.OT.ROW_COLUMN in tags(s, T) and A.OT.ALTERNATIVE not in tags(s, T)
    choose(s, T, A.OT.ROW_COLUMN)
    assert s[S.G.DK] == S.DK.FOREMAN_NEXT
    assert sorted(payloads(s, T, A.OT.FIELD)) == [5, 7, 9]
    choose(s, T, A.OT.FIELD, 9)
    assert sorted(payloads(s, T, A.OT.FIELD)) == [5, 7]
    choose(s, T, A.OT.FIELD, 7)  # the inn is then used automatically
    assert cur(s) != p
    assert vp(s, p) == 3 and money(s, p) == 12
    assert vpsrc(s, p, C.SRC_BUILDING + bld("inn")) == 1
    assert vpsrc(s, p, C.SRC_BUILDING + bld("hotel")) == 2
    used = [int(u) for u in s[b_(p) + S.P.USED:b_(p) + S.P.USED + C.NFIELDS]]
    assert [f for f in range(C.NFIELDS) if used[f]] == [5, 7, 9]
    assert s[b_(p) + S.P.PAWN] == 5
    assert_ok(s)


def test_CUBA_R19_one_building_anywhere() -> None:
    """CUBA-R19.2: any one building, wherever it is."""
    s, p = foreman_scenario()
    play(s, T, C.FOREMAN)
    choose(s, T, A.OT.ONE_BUILDING, 11)
    assert money(s, p) == 14 and vp(s, p) == 0
    assert_ok(s)


def test_CUBA_R19_row_column_with_a_building_that_needs_a_choice() -> None:
    """CUBA-R19.1: a building needing a choice interrupts the chain, which then goes on."""
    s, p = foreman_scenario()
    put(s, p, bld("cement_factory"), 4)
    give(s, p, C.ST, 2)
    play(s, T, C.FOREMAN)
    choose(s, T, A.OT.ROW_COLUMN)
    choose(s, T, A.OT.FIELD, 4)
    assert s[S.G.DK] == S.DK.BUILDING_USE
    choose(s, T, A.OT.USE, vec(St=2))
    assert s[S.G.DK] == S.DK.FOREMAN_NEXT
    assert sorted(payloads(s, T, A.OT.FIELD)) == [5, 7, 9]
    choose(s, T, A.OT.FIELD, 5)
    choose(s, T, A.OT.FIELD, 7)
    assert vp(s, p) == 2 + 3 and money(s, p) == 12
    assert_ok(s)


def test_CUBA_R19_printed_warehouse_counts_as_a_building() -> None:
    """CUBA-R19/R26: the printed warehouse is used with the row+column (pawn r2c1)."""
    s, p = seated()
    set_pawn(s, p, 4)
    give_lot(s, p, Ci=2, To=1)
    play(s, T, C.FOREMAN)
    assert sorted(payloads(s, T, A.OT.ONE_BUILDING)) == [0]
    choose(s, T, A.OT.ROW_COLUMN)
    assert [stored(s, p, k) for k in (C.CI, C.SU, C.TO)] == [2, 0, 1]
    assert products(s, p) == [0, 0, 0]
    assert_ok(s)


def test_CUBA_R19_no_row_column_option_without_buildings_there() -> None:
    """CUBA-R19: row+column is only offered when it holds a usable building."""
    s, p = seated()
    set_pawn(s, p, 10)
    put(s, p, bld("inn"), 5)
    play(s, T, C.FOREMAN)
    assert A.OT.ROW_COLUMN not in tags(s, T)
    assert sorted(payloads(s, T, A.OT.ONE_BUILDING)) == [0, 5]
    assert_ok(s)


def test_CUBA_R19_each_building_once_per_round() -> None:
    """CUBA-R19: a building used this round is not usable again until the next round."""
    s, p = foreman_scenario()
    s[b_(p) + S.P.USED + 7] = 1
    play(s, T, C.FOREMAN)
    assert sorted(payloads(s, T, A.OT.ONE_BUILDING)) == [0, 5, 9, 11]
    choose(s, T, A.OT.ROW_COLUMN)
    assert sorted(payloads(s, T, A.OT.FIELD)) == [5, 9]
    assert_ok(s)
    end_round(s, T, no_trace())
    assert not s[b_(p) + S.P.USED:b_(p) + S.P.USED + C.NFIELDS].any()


# ============================================================================ CUBA-R20 mayor

S01, S04, S07 = 0, 3, 6  # Ci Ci Ci Su To | Ci Ci Su Su Ru | Ci Ci To Ru Cg


def harbour(s: np.ndarray, sea: int = 14, d1: int = S01, d2: int = S04,
            d3: int | None = S07) -> None:
    place_ship(s, C.SEA, sea)
    place_ship(s, C.DOCK1, d1)
    place_ship(s, C.DOCK2, d2)
    if d3 is not None:
        place_ship(s, C.DOCK3, d3)


def test_CUBA_R20_loads_match_free_spots_on_one_docked_ship() -> None:
    """CUBA-R20: one docked ship, pieces matching its free spots, never split between ships."""
    s, p = seated()
    harbour(s)
    give_lot(s, p, Ci=4, Su=1, Ru=1)
    assert_ok(s)
    play(s, T, C.MAYOR)
    loads = payloads(s, T, A.OT.LOAD)
    want = []
    for dock, caps in ((1, dict(Ci=3, Su=1)), (2, dict(Ci=2, Su=1, Ru=1)),
                       (3, dict(Ci=2, Ru=1))):
        for ci in range(caps.get("Ci", 0) + 1):
            for su in range(caps.get("Su", 0) + 1):
                for ru in range(caps.get("Ru", 0) + 1):
                    if ci + su + ru:
                        want.append(ship_vec(dock, Ci=ci, Su=su, Ru=ru))
    assert sorted(loads) == sorted(want)
    choose(s, T, A.OT.LOAD, ship_vec(2, Ci=2, Su=1, Ru=1))
    assert vp(s, p) == 8 and vpsrc(s, p, C.SRC_SHIP) == 8
    assert lots(s, p)[C.CI:] == [2, 0, 0, 0, 0]
    cargo = [int(x) for x in s[S.O.CARGO + 2 * 5:S.O.CARGO + 3 * 5]]
    assert cargo == [1, 1, 1, 0, 1]
    assert s[b_(p) + S.P.SHIPPED] == 4
    assert_ok(s)


@pytest.mark.parametrize("dock", [1, 2, 3])
def test_CUBA_R20_dock_vp_per_piece(dock: int) -> None:
    """CUBA-R20: dock 1/2/3 score 1/2/3 VP per piece."""
    s, p = seated()
    harbour(s)
    give(s, p, C.CI, 2)
    play(s, T, C.MAYOR)
    choose(s, T, A.OT.LOAD, ship_vec(dock, Ci=2))
    assert vp(s, p) == 2 * dock
    assert_ok(s)


def test_CUBA_R20_partly_loaded_ship_only_free_spots() -> None:
    """CUBA-R20/R33: covered spots are not free."""
    s, p = seated()
    harbour(s)
    fill_cargo(s, T, C.DOCK1, 0)
    fill_cargo(s, T, C.DOCK1, 1)
    give(s, p, C.CI, 3)
    play(s, T, C.MAYOR)
    dock1 = [v for v in payloads(s, T, A.OT.LOAD) if v >> A.DOCK_SHIFT == 1]
    assert dock1 == [ship_vec(1, Ci=1)]
    assert_ok(s)


def test_CUBA_R20_never_the_sea_ship() -> None:
    """CUBA-R20/R32: only docked ships load; cigars fit only the sea ship here."""
    s, p = seated()
    harbour(s, sea=S07, d1=S01, d2=1, d3=2)  # S02, S03 hold no cigars
    give(s, p, C.CG, 2)
    play(s, T, C.MAYOR)
    assert payloads(s, T, A.OT.LOAD) == []
    assert tags(s, T) == {A.OT.ALTERNATIVE, A.OT.PASS}
    assert_ok(s)


def test_CUBA_R20_empty_dock3_in_round_1_cannot_load() -> None:
    """CUBA-R5/R20: dock 3 is empty in round 1; nothing can be loaded there."""
    s, p = seated()
    give_lot(s, p, Ci=1, Su=1, To=1)
    play(s, T, C.MAYOR)
    assert {v >> A.DOCK_SHIFT for v in payloads(s, T, A.OT.LOAD)} <= {1, 2}
    assert_ok(s)


def test_CUBA_R20_full_ship_stays_without_harbor_act() -> None:
    """CUBA-R20/R33: a ship filled by the mayor stays while no Harbor Act is in force."""
    s, p = seated()
    harbour(s)
    give_lot(s, p, Ci=3, Su=1, To=1)
    play(s, T, C.MAYOR)
    choose(s, T, A.OT.LOAD, ship_vec(1, Ci=3, Su=1, To=1))
    assert vp(s, p) == 5 and s[S.O.SHIP + 1] == S01
    assert s[S.O.CARGO + 5:S.O.CARGO + 10].all()
    assert_ok(s)


# ============================================================================ CUBA-R25 lot

def test_CUBA_R25_lot_usable_wherever_the_pawn_stands() -> None:
    """CUBA-R25: lot pieces build, feed buildings and ship whatever the pawn's field."""
    s, p = seated()
    set_pawn(s, p, 11)
    harbour(s)
    give_lot(s, p, Wd=1, St=1, Wa=1, Ru=2)
    play(s, T, C.ARCHITECT)
    choose(s, T, A.OT.BUILD, bld("rum_cafe"))
    choose(s, T, A.OT.FIELD, 1)  # far from the pawn
    for _ in range(3):
        play_nothing(s, T, C.ARCHITECT)
    play(s, T, C.FOREMAN)
    choose(s, T, A.OT.ONE_BUILDING, 1)
    choose(s, T, A.OT.USE, vec(Ru=1))
    for _ in range(3):
        play_nothing(s, T, C.FOREMAN)
    play(s, T, C.MAYOR)
    choose(s, T, A.OT.LOAD, ship_vec(2, Ru=1))
    assert vpsrc(s, p, C.SRC_BUILDING + bld("rum_cafe")) == 2
    assert vpsrc(s, p, C.SRC_SHIP) == 2
    assert lot(s, p, C.RU) == 0
    assert_ok(s)


# ============================================================================ CUBA-R26 warehouse

def test_CUBA_R26_warehouse_stores_all_products_held_no_limit() -> None:
    """CUBA-R26: using the printed warehouse stores every product held (no capacity limit);
    goods and resources are untouched; already stored products stay stored."""
    s, p = seated()
    give_lot(s, p, Ci=7, Su=5)
    give(s, p, C.TO, 1, store=True)
    give_lot(s, p, Ru=2, Wd=1)
    play(s, T, C.FOREMAN)
    choose(s, T, A.OT.ONE_BUILDING, 0)
    assert [stored(s, p, k) for k in (C.CI, C.SU, C.TO)] == [7, 5, 1]
    assert products(s, p) == [0, 0, 0]
    assert lot(s, p, C.RU) == 2 and lot(s, p, C.WD) == 1
    assert_ok(s)


def test_CUBA_R26_stored_products_survive_the_end_of_round() -> None:
    """CUBA-R26/R47.1: unstored products are lost at the end of the round, stored ones stay
    without reactivation."""
    s, p = seated()
    give(s, p, C.CI, 2, store=True)
    give_lot(s, p, Ci=3, Ru=1)
    end_round(s, T, no_trace())
    assert stored(s, p, C.CI) == 2 and lot(s, p, C.CI) == 0 and lot(s, p, C.RU) == 1
    end_round(s, T, no_trace())
    assert stored(s, p, C.CI) == 2
    assert_ok(s)


def test_CUBA_R26_unstored_products_are_spent_first() -> None:
    """CUBA-R26: selling, shipping and building inputs take unstored pieces first."""
    s, p = seated()
    harbour(s)
    give(s, p, C.CI, 2, store=True)
    give(s, p, C.CI, 1)
    play(s, T, C.TRADER)
    choose(s, T, A.OT.MARKET)
    choose(s, T, A.OT.SELL, C.CI)
    assert (lot(s, p, C.CI), stored(s, p, C.CI)) == (0, 2)
    choose(s, T, A.OT.SELL, C.CI)
    assert (lot(s, p, C.CI), stored(s, p, C.CI)) == (0, 1)
    choose(s, T, A.OT.DONE)
    for _ in range(3):
        play_nothing(s, T, C.TRADER)
    give(s, p, C.CI, 1)
    play(s, T, C.MAYOR)
    choose(s, T, A.OT.LOAD, ship_vec(1, Ci=1))
    assert (lot(s, p, C.CI), stored(s, p, C.CI)) == (0, 1)
    assert_ok(s)


# ============================================================================ CUBA-Q11 building warehouse

def test_CUBA_Q11_like_printed_building_warehouse_stores() -> None:
    """CUBA-Q11 like_printed (default): the Warehouse building stores all products when used
    and is a second store position for the row+column."""
    s, p = seated()
    put(s, p, C.WAREHOUSE_BUILDING, 7)
    set_pawn(s, p, 3)  # row 1 holds the printed warehouse, column 4 the building
    give(s, p, C.SU, 2)
    x = s.copy()
    play(x, T, C.FOREMAN)
    choose(x, T, A.OT.ONE_BUILDING, 7)
    assert stored(x, p, C.SU) == 2 and lot(x, p, C.SU) == 0
    assert_ok(x)
    play(s, T, C.FOREMAN)
    choose(s, T, A.OT.ROW_COLUMN)
    assert sorted(payloads(s, T, A.OT.FIELD)) == [0, 7]
    choose(s, T, A.OT.FIELD, 7)
    assert stored(s, p, C.SU) == 2 and cur(s) != p
    assert_ok(s)


def test_CUBA_Q11_passive_building_warehouse_keeps_products_without_use() -> None:
    """CUBA-Q11 passive: the Warehouse building cannot be used; its owner's products are
    never lost at the end of the round."""
    t = flat_tables(building_warehouse_mode="passive")
    s = scenario(t)
    p = cur(s)
    other = (p + 1) % 4
    put(s, p, C.WAREHOUSE_BUILDING, 7)
    give(s, p, C.SU, 2)
    give(s, other, C.SU, 2)
    play(s, t, C.FOREMAN)
    assert sorted(payloads(s, t, A.OT.ONE_BUILDING)) == [0]
    choose(s, t, A.OT.PASS)
    end_round(s, t, no_trace())
    assert lot(s, p, C.SU) == 2 and lot(s, other, C.SU) == 0
    assert_ok(s, t)
