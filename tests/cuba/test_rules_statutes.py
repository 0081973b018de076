"""Phase D statutes CUBA-R43..R46 and the switches CUBA-Q1 (Market Act timing), CUBA-Q2
(warehouse in the per-building tax), CUBA-Q3 (warehouse in the building subsidy) and CUBA-Q15
(duty "2 resources or 2 products")."""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from tests.cuba.helpers import choose, flat_tables
from tests.cuba.scenario import (
    bid, fresh, lot, market, money, ok, payloads, pb, place, run_statutes, set_act, set_bills,
    set_lot, set_market, set_money, set_stored, stock, to_parliament, to_statutes, vec, vp,
    vp_from,
)

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

T = flat_tables()


def phase_d(t: np.ndarray, *card_ids: str, start: int = 0, cash: int = 10,
            rnd: int = 1, passed: int = 0) -> np.ndarray:
    """A 4-player game in round `rnd` with these acts in force (passed in round `passed`),
    everyone holding `cash` and nothing else; phase D not started yet."""
    s = fresh(t, start=start)
    s[S.G.ROUND] = rnd
    for cid in card_ids:
        set_act(s, cid, passed=passed)
    for p in range(4):
        set_money(s, p, cash)
    return s


def statutes(s: np.ndarray, t: np.ndarray, **answers) -> list[tuple[str, int, int]]:
    to_statutes(s, t)
    return run_statutes(s, t, **answers)


def duty_offers(s: np.ndarray, t: np.ndarray) -> list[int]:
    """Duty payments offered to the start player (everyone passes the tax first)."""
    to_statutes(s, t)
    while s[S.G.DK] == S.DK.TAX:
        choose(s, t, A.OT.PASS)
    assert s[S.G.DK] == S.DK.DUTY and s[S.G.CUR] == s[S.G.START]
    return sorted(payloads(s, t, A.OT.PAY))


# ------------------------------------------------------------------ CUBA-R43 / Q2


@pytest.mark.parametrize("card, amount", [("I-1", 1), ("I-2", 2), ("I-3", 3), ("I-4", 4),
                                          ("I-5", 5)])
def test_CUBA_R43_flat_tax_costs_its_amount_for_2_vp(card: str, amount: int) -> None:
    s = phase_d(T, card)
    asked = statutes(s, T, tax=(0, 2))
    assert [a for a in asked if a[0] == "tax"] == [("tax", p, amount) for p in range(4)]
    assert [money(s, p) for p in range(4)] == [10 - amount, 10, 10 - amount, 10]
    assert [vp(s, p) for p in range(4)] == [2, 0, 2, 0]
    assert vp_from(s, 0, C.SRC_TAX) == 2
    ok(s, T)


def test_CUBA_R43_printed_tax_and_turn_order() -> None:
    """The printed $2 tax; questions go tax for everyone from the start player, then duty;
    a player who cannot pay the tax is not asked."""
    s = phase_d(T, start=2)
    set_money(s, 3, 1)
    asked = statutes(s, T)
    assert asked == [("tax", 2, 2), ("tax", 0, 2), ("tax", 1, 2),
                     ("duty", 2, 0), ("duty", 3, 0), ("duty", 0, 0), ("duty", 1, 0)]
    ok(s, T)


@pytest.mark.parametrize("with_warehouse, expected", [(True, [4, 1]), (False, [3, 0])])
def test_CUBA_R43_Q2_per_building_tax(with_warehouse: bool, expected: list[int]) -> None:
    """I-6: $1 per own building; the printed warehouse counts when warehouse_in_tax."""
    t = flat_tables(warehouse_in_tax=with_warehouse)
    s = phase_d(t, "I-6")
    for field, key in ((1, "inn"), (5, "dam"), (9, "small_bank")):
        place(s, 0, field, key)
    asked = statutes(s, t, tax=(0, 1))
    costs = {p: a for kind_, p, a in asked if kind_ == "tax"}
    assert [costs[0], costs[1]] == expected
    assert [money(s, 0), money(s, 1)] == [10 - expected[0], 10 - expected[1]]
    assert [vp(s, 0), vp(s, 1)] == [2, 2]  # even a $0 tax scores
    ok(s, t)


# ------------------------------------------------------------------ CUBA-R44 / Q15


@pytest.mark.parametrize("card, held, offers", [
    (None, {"Ci": 1, "Su": 3}, [vec(Ci=1)]),                     # printed duty: 1 Ci
    ("II-1", {"Ci": 2}, [vec(Ci=1)]),
    ("II-2", {"Su": 1, "Ci": 1}, [vec(Su=1)]),
    ("II-3", {"To": 1}, [vec(To=1)]),
    ("II-4", {"Wa": 2, "Wd": 1}, [vec(Wa=1)]),
    ("II-5", {"Wd": 1, "St": 2, "Ci": 2}, [vec(Wd=1, St=1), vec(St=2)]),
    ("II-6", {"Ci": 1, "To": 3, "Wd": 2}, [vec(Ci=1, To=1), vec(To=2)]),
    ("II-5", {"Wd": 1, "Ci": 1}, []),                            # 1 resource is not enough
    ("II-2", {"Ci": 3}, []),
])
def test_CUBA_R44_duty_kinds(card: str | None, held: dict[str, int], offers: list[int]) -> None:
    s = phase_d(T, *([card] if card else []))
    for name, n in held.items():
        set_lot(s, 0, name, n)
    assert duty_offers(s, T) == sorted(offers)
    ok(s, T)


def test_CUBA_R44_duty_paid_from_stored_products_too() -> None:
    """Stored products can pay (unstored first, CUBA-R26); pieces go to the stock; 2 VP."""
    s = phase_d(T, "II-6")
    set_lot(s, 0, "Su", 1)
    set_stored(s, 0, "Su", 2)
    assert duty_offers(s, T) == [vec(Su=2)]
    before = stock(s, "Su")
    choose(s, T, A.OT.PAY, vec(Su=2))
    assert lot(s, 0, "Su") == 0 and s[pb(0) + S.P.STORED + 1] == 1
    assert stock(s, "Su") == before + 2 and vp(s, 0) == 2 and vp_from(s, 0, C.SRC_DUTY) == 2
    ok(s, T)


def test_CUBA_R44_tax_and_duty_bonus() -> None:
    """Tax and duty: 2 + 2 + 1 VP; duty only or tax only: 2 VP."""
    s = phase_d(T)
    for p in range(4):
        set_lot(s, p, "Ci", 1)
    statutes(s, T, tax=(0, 1), duty={0: vec(Ci=1), 2: vec(Ci=1)})
    assert [vp(s, p) for p in range(4)] == [5, 2, 2, 0]
    assert vp_from(s, 0, C.SRC_TAX_DUTY_BONUS) == 1 and vp_from(s, 2, C.SRC_TAX_DUTY_BONUS) == 0
    ok(s, T)


@pytest.mark.parametrize("held, offers", [
    ({"Wd": 1, "St": 1, "Ci": 1, "Su": 1}, [vec(Wd=1, St=1), vec(Ci=1, Su=1)]),
    ({"Wa": 2, "To": 2}, [vec(Wa=2), vec(To=2)]),
    ({"Wd": 1, "Ci": 1}, []),  # one of each kind group is not a payment
])
def test_CUBA_Q15_one_mixed_card(held: dict[str, int], offers: list[int]) -> None:
    """duty_any_split = one_mixed: II-5 asks 2 resources or 2 products (not one of each)."""
    t = flat_tables(duty_any_split="one_mixed")
    s = phase_d(t, "II-5")
    for name, n in held.items():
        set_lot(s, 0, name, n)
    assert duty_offers(s, t) == sorted(offers)
    ok(s, t)


def test_CUBA_Q15_one_mixed_second_card_is_one_citrus() -> None:
    t = flat_tables(duty_any_split="one_mixed")
    s = phase_d(t, "II-6")
    set_lot(s, 0, "Ci", 2)
    set_lot(s, 0, "To", 2)
    assert duty_offers(s, t) == [vec(Ci=1)]
    s2 = phase_d(T, "II-6")
    set_lot(s2, 0, "Ci", 2)
    assert duty_offers(s2, T) == [vec(Ci=2)]  # two_cards: 2 any products
    ok(s, t)


# ------------------------------------------------------------------ CUBA-R45 / Q3


def subsidy_vp(s: np.ndarray, t: np.ndarray) -> list[int]:
    statutes(s, t)
    return [vp_from(s, p, C.SRC_SUBSIDY) for p in range(4)]


@pytest.mark.parametrize("with_warehouse, expected", [(False, [3, 0, 1, 0]),
                                                      (True, [4, 1, 2, 1])])
def test_CUBA_R45_Q3_subsidy_per_building(with_warehouse: bool, expected: list[int]) -> None:
    t = flat_tables(warehouse_in_subsidy=with_warehouse)
    s = phase_d(t, "III-1")
    for field, key in ((1, "inn"), (2, "dam"), (3, "hotel")):
        place(s, 0, field, key)
    place(s, 2, 11, "church")
    assert subsidy_vp(s, t) == expected
    assert [money(s, p) for p in range(4)] == [10] * 4  # nothing to pay
    ok(s, t)


def test_CUBA_R45_subsidy_open_resource_fields() -> None:
    """Standard side: 5 resource fields (2, 5, 6, 8, 11); covered ones do not count."""
    s = phase_d(T, "III-2")
    place(s, 0, 2, "inn")        # forest
    place(s, 0, 6, "dam")        # lake
    place(s, 0, 1, "hotel")      # citrus: no effect here
    place(s, 1, 3, "small_bank")  # tobacco
    assert subsidy_vp(s, T) == [3, 5, 5, 5]
    ok(s, T)


def test_CUBA_R45_subsidy_open_product_fields() -> None:
    """Standard side: 6 product fields (1, 3, 4, 7, 9, 10)."""
    s = phase_d(T, "III-3")
    place(s, 0, 1, "inn")
    place(s, 0, 3, "dam")
    place(s, 0, 5, "hotel")  # mountain: no effect here
    assert subsidy_vp(s, T) == [4, 6, 6, 6]
    ok(s, T)


def test_CUBA_R45_subsidy_water_capped_at_7() -> None:
    s = phase_d(T, "III-4")
    set_lot(s, 0, "Wa", 9)
    set_lot(s, 1, "Wa", 3)
    set_lot(s, 2, "Wd", 4)
    assert subsidy_vp(s, T) == [7, 3, 0, 0]
    assert lot(s, 0, "Wa") == 9  # nothing is given up
    ok(s, T)


def test_CUBA_R45_subsidy_fifth_card_votes_only() -> None:
    """1 VP per vote of the 5th card: Town Hall votes and bought votes do not count."""
    s = phase_d(T, "III-5")
    set_bills(s, None, None, None, None)
    to_parliament(s, T, [C.WORKER, C.TRADER, C.ARCHITECT, C.MAYOR], town_hall={0: 2})
    bid(s, T, {0: 3})
    assert s[S.G.PHASE] == S.PH.STATUTES  # no bills: straight on to phase D
    run_statutes(s, T)
    assert [vp_from(s, p, C.SRC_SUBSIDY) for p in range(4)] == [1, 2, 3, 5]
    ok(s, T)


@pytest.mark.parametrize("cash, expected", [(2, 0), (3, 1), (8, 2), (20, 6), (21, 7), (40, 7)])
def test_CUBA_R45_subsidy_money_per_full_3_capped_at_7(cash: int, expected: int) -> None:
    s = phase_d(T, "III-6")
    set_money(s, 0, cash)
    assert subsidy_vp(s, T)[0] == expected and money(s, 0) == cash
    ok(s, T)


def test_CUBA_R45_subsidy_after_tax() -> None:
    """Phase D runs I -> II -> III: the money subsidy sees the money left after the tax."""
    s = phase_d(T, "III-6", "I-3", cash=9)
    statutes(s, T, tax=(0,))
    assert vp_from(s, 0, C.SRC_SUBSIDY) == 2 and vp_from(s, 1, C.SRC_SUBSIDY) == 3
    ok(s, T)


# ------------------------------------------------------------------ CUBA-R46 / Q1

ROWS = ("Ci", "Su", "To", "Ru", "Cg")


def market_after(t: np.ndarray, card: str, rows: dict[str, int], rnd: int = 1, passed: int = 1,
                 stock_left: dict[str, int] | None = None) -> tuple[list[int], list[int]]:
    """Market rows and stock of every merchandise kind before and after phase D."""
    s = phase_d(t, card, rnd=rnd, passed=passed)
    for name, n in rows.items():
        set_market(s, name, n)
    for name, n in (stock_left or {}).items():  # parked as stored products: they don't spoil
        set_stored(s, 3, name, stock(s, name) - n)
    before = [market(s, k) for k in ROWS] + [stock(s, k) for k in ROWS]
    statutes(s, t)
    after = [market(s, k) for k in ROWS] + [stock(s, k) for k in ROWS]
    ok(s, t)
    return before, after


def diff(before: list[int], after: list[int]) -> tuple[list[int], list[int]]:
    d = [a - b for a, b in zip(after, before)]
    return d[:5], d[5:]


def test_CUBA_R46_market_decrease_edges() -> None:
    """Up to 2 of each product leave the right end of its row; goods rows untouched."""
    before, after = market_after(T, "IV-1", {"Ci": 3, "Su": 1, "To": 0, "Ru": 2, "Cg": 4})
    assert after[:5] == [1, 0, 0, 2, 4]
    assert diff(before, after) == ([-2, -1, 0, 0, 0], [2, 1, 0, 0, 0])


def test_CUBA_R46_market_increase_edges() -> None:
    """Up to 2 of each product from the stock; what does not fit or is missing stays put."""
    before, after = market_after(T, "IV-2", {"Ci": 3, "Su": 5, "To": 2, "Ru": 0},
                                 stock_left={"To": 1})
    assert after[:5] == [5, 6, 3, 0, 2]
    assert diff(before, after) == ([2, 1, 1, 0, 0], [-2, -1, -1, 0, 0])


@pytest.mark.parametrize("timing, rnd, passed, fires", [
    ("every_round", 1, 1, True),
    ("every_round", 3, 1, True),
    ("on_pass_only", 1, 1, True),
    ("on_pass_only", 3, 1, False),
    ("on_pass_only", 3, 3, True),
])
def test_CUBA_Q1_market_act_timing(timing: str, rnd: int, passed: int, fires: bool) -> None:
    t = flat_tables(market_act_timing=timing)
    _, after = market_after(t, "IV-1", {"Ci": 3, "Su": 3, "To": 3}, rnd=rnd, passed=passed)
    assert after[:3] == ([1, 1, 1] if fires else [3, 3, 3])


def test_CUBA_Q1_market_act_fires_in_the_round_it_passes() -> None:
    """Passed in this round's parliament, the Market Act acts in this round's phase D."""
    t = flat_tables(market_act_timing="on_pass_only")
    s = phase_d(t)
    set_bills(s, "I-1", None, None, "IV-2")
    to_parliament(s, t, [C.MAYOR, C.WORKER, C.WORKER, C.WORKER])
    bid(s, t, {})
    choose(s, t, A.OT.BILLS, 0 * 4 + 3)
    run_statutes(s, t)
    assert [market(s, k) for k in ROWS[:3]] == [5, 5, 5]
    ok(s, t)


@pytest.mark.parametrize("card", ["IV-3", "IV-4", "IV-5", "IV-6"])
def test_CUBA_R46_other_acts_no_phase_D_effect(card: str) -> None:
    before, after = market_after(T, card, {"Ci": 3, "Su": 3, "To": 3})
    assert before == after
