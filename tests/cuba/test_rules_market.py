"""Market rules CUBA-R27..R31 and the switches CUBA-Q5 (goods row length) and CUBA-Q16 (money
supply), on constructed scenarios driven through the tradeswoman."""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from tests.cuba.helpers import choose, flat_tables
from tests.cuba.scenario import (
    empty_stock, fresh, kind, lot, market, money, ok, payloads, play, set_lot, set_market,
    set_money, stock,
)

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

T = flat_tables()
MERCH = ("Ci", "Su", "To", "Ru", "Cg")
PRODUCTS = MERCH[:3]
GOODS = MERCH[3:]


def labels(t: np.ndarray, name: str) -> list[int]:
    """Price labels of a market row, left to right."""
    r = kind(name) - C.CI
    return [int(t[C.T.MARKET_TOP + r]) - i for i in range(int(t[C.T.MARKET_LEN + r]))]


def at_market(t: np.ndarray, cash: int = 30, **rows: int) -> tuple[np.ndarray, int]:
    """A fresh game whose current player has `cash` and has entered the market (CUBA-R15);
    market rows set from `rows` (kind short name -> pieces)."""
    s = fresh(t)
    for name, n in rows.items():
        set_market(s, name, n)
    set_money(s, s[S.G.CUR], cash)
    p = play(s, t, C.TRADER)
    choose(s, t, A.OT.MARKET)
    assert s[S.G.DK] == S.DK.TRADE_STEP
    return s, p


def buy(s: np.ndarray, t: np.ndarray, name: str) -> None:
    choose(s, t, A.OT.BUY, kind(name))


def sell(s: np.ndarray, t: np.ndarray, name: str) -> None:
    choose(s, t, A.OT.SELL, kind(name))


# ------------------------------------------------------------------ CUBA-R27 / R28


def test_CUBA_R27_row_labels() -> None:
    """Product rows $6..$1 (6 spaces); goods rows default to 6 spaces $6..$1 too (CUBA-Q5,
    since 2026-12-01), 4 spaces $6..$3 under goods_row_spaces = 4."""
    t4 = flat_tables(goods_row_spaces=4)
    for name in PRODUCTS:
        assert labels(T, name) == labels(t4, name) == [6, 5, 4, 3, 2, 1]
    for name in GOODS:
        assert labels(T, name) == [6, 5, 4, 3, 2, 1]
        assert labels(t4, name) == [6, 5, 4, 3]


@pytest.mark.parametrize("name", MERCH)
def test_CUBA_R28_buy_rightmost_label_sell_leftmost_empty(name: str) -> None:
    """For every partial fill n: buying pays the label of the rightmost occupied space,
    selling earns the label of the leftmost empty space, which is the buy price - 1."""
    row = labels(T, name)
    for n in range(1, len(row)):
        s, p = at_market(T, **{name: n})
        assert S.buy_price(s, T, kind(name) - C.CI) == row[n - 1]
        assert S.sell_price(s, T, kind(name) - C.CI) == row[n] == row[n - 1] - 1
        buy(s, T, name)
        assert (money(s, p), market(s, name), lot(s, p, name)) == (30 - row[n - 1], n - 1, 1)
        sell(s, T, name)  # back to the space it came from: the label bought for
        assert (money(s, p), market(s, name), lot(s, p, name)) == (30, n, 0)
        sell_s, sp = at_market(T, **{name: n})
        set_lot(sell_s, sp, name, 1)
        sell(sell_s, T, name)
        assert (money(sell_s, sp), market(sell_s, name)) == (30 + row[n], n + 1)
        ok(s, T)
        ok(sell_s, T)


def test_CUBA_R28_contiguous_fill_over_a_trading_sequence() -> None:
    """Sold pieces fill from the left; a sequence of trades walks the labels one by one."""
    s, p = at_market(T, cash=20, Ci=3)
    set_lot(s, p, "Ci", 2)
    steps = [(sell, 3), (sell, 2), (buy, -2), (buy, -3), (buy, -4), (buy, -5)]
    for action, delta in steps:
        before = money(s, p)
        action(s, T, "Ci")
        assert money(s, p) - before == delta
    assert market(s, "Ci") == 1 and lot(s, p, "Ci") == 4
    ok(s, T)


# ------------------------------------------------------------------ CUBA-R29 / R30


@pytest.mark.parametrize("name", MERCH)
def test_CUBA_R29_buy_from_stock_at_7_when_row_empty(name: str) -> None:
    s, p = at_market(T, **{name: 0})
    before = stock(s, name)
    assert S.buy_price(s, T, kind(name) - C.CI) == 7
    buy(s, T, name)
    assert money(s, p) == 30 - 7
    assert stock(s, name) == before - 1 and market(s, name) == 0 and lot(s, p, name) == 1
    buy(s, T, name)  # the row stays empty: $7 again
    assert money(s, p) == 30 - 14 and lot(s, p, name) == 2
    ok(s, T)


def test_CUBA_R29_R1_no_buy_when_row_and_stock_empty() -> None:
    """An empty row with an empty stock offers nothing to buy (CUBA-R1)."""
    s, p = at_market(T, Ru=0)
    empty_stock(s, "Ru")
    assert kind("Ru") not in payloads(s, T, A.OT.BUY)
    ok(s, T)


def test_CUBA_R29_buy_needs_the_money() -> None:
    s, _ = at_market(T, cash=6, Ci=0, Su=1)
    offered = payloads(s, T, A.OT.BUY)
    assert kind("Ci") not in offered  # $7 from the stock
    assert kind("Su") in offered      # $6 label
    ok(s, T)


@pytest.mark.parametrize("name, price", [("Ci", 1), ("Su", 1), ("To", 1), ("Ru", 3), ("Cg", 3)])
def test_CUBA_R30_sell_to_stock_when_row_full(name: str, price: int) -> None:
    full = len(labels(T, name))
    s, p = at_market(T, **{name: full})
    set_lot(s, p, name, 2)
    before = stock(s, name)
    sell(s, T, name)
    sell(s, T, name)
    assert money(s, p) == 30 + 2 * price
    assert market(s, name) == full and stock(s, name) == before + 2 and lot(s, p, name) == 0
    ok(s, T)


def test_CUBA_R30_last_free_space_then_stock() -> None:
    """The last space pays its label; once the row is full the stock pays $1 / $3."""
    s, p = at_market(T, Ci=5, Ru=5)
    set_lot(s, p, "Ci", 2)
    set_lot(s, p, "Ru", 2)
    got = []
    for name in ("Ci", "Ci", "Ru", "Ru"):
        before = money(s, p)
        sell(s, T, name)
        got.append(money(s, p) - before)
    assert got == [1, 1, 1, 3]
    ok(s, T)


# ------------------------------------------------------------------ CUBA-R31


def trade_mode(t: np.ndarray, **rows: int) -> np.ndarray:
    """A fresh game at the tradeswoman's choice: market or an alternative (CUBA-R16)."""
    s = fresh(t)
    for name, n in rows.items():
        set_market(s, name, n)
    play(s, t, C.TRADER)
    assert s[S.G.DK] == S.DK.TRADE_MODE
    return s


def product_alternatives(s: np.ndarray, t: np.ndarray) -> list[str]:
    return [C.KIND_SHORT[k] for k in payloads(s, t, A.OT.ALTERNATIVE) if k >= C.CI]


def test_CUBA_R31_lowest_price_product_only() -> None:
    s = trade_mode(T, Ci=2, Su=3, To=5)  # prices $5, $4, $2
    assert product_alternatives(s, T) == ["To"]
    p = s[S.G.CUR]
    choose(s, T, A.OT.ALTERNATIVE, kind("To"))
    assert lot(s, p, "To") == 1 and market(s, "To") == 5  # from the stock, not the market
    assert s[S.O.MARKERS + C.BM_TRADER_PROD] == 1
    ok(s, T)


def test_CUBA_R31_ties_let_the_player_choose() -> None:
    s = trade_mode(T, Ci=4, Su=4, To=1)  # $3, $3, $6
    assert product_alternatives(s, T) == ["Ci", "Su"]
    ok(s, T)


def test_CUBA_R31_empty_row_counts_as_7() -> None:
    s = trade_mode(T, Ci=0, Su=1, To=1)  # $7, $6, $6
    assert product_alternatives(s, T) == ["Su", "To"]
    s = trade_mode(T, Ci=0, Su=0, To=0)  # all $7
    assert product_alternatives(s, T) == ["Ci", "Su", "To"]
    ok(s, T)


def test_CUBA_R31_lowest_product_out_of_stock_makes_option_b_illegal() -> None:
    """No fallback to the next-lowest row: option (b) is simply unavailable."""
    s = trade_mode(T, Ci=3, Su=3, To=6)  # To is lowest at $1
    empty_stock(s, "To")
    assert product_alternatives(s, T) == []
    assert sorted(payloads(s, T, A.OT.ALTERNATIVE)) == [C.WD, C.ST, C.WA]  # option (a) still open
    ok(s, T)


# ------------------------------------------------------------------ CUBA-Q5


def test_CUBA_Q5_goods_row_spaces_6_default() -> None:
    """goods_row_spaces = 6, the default since 2026-12-01 (the seed's "$6 to $1" for all five
    rows): Ru/Cg rows are $6..$1; a full row still sells to the stock at $3."""
    t6 = T
    for name in GOODS:
        assert labels(t6, name) == [6, 5, 4, 3, 2, 1]
    for name in PRODUCTS:
        assert labels(t6, name) == [6, 5, 4, 3, 2, 1]
    s, p = at_market(t6, Ru=4)  # would be full with 4 spaces
    set_lot(s, p, "Ru", 3)
    got = []
    for _ in range(3):
        before = money(s, p)
        sell(s, t6, "Ru")
        got.append(money(s, p) - before)
    assert got == [2, 1, 3] and market(s, "Ru") == 6
    buy(s, t6, "Ru")
    assert money(s, p) == 30 + 6 - 1  # rightmost label of a full 6-space row is $1
    ok(s, t6)


def test_CUBA_Q5_goods_row_spaces_4() -> None:
    """goods_row_spaces = 4: Ru/Cg rows are $6..$3; a full row sells to the stock at $3."""
    t4 = flat_tables(goods_row_spaces=4)
    s, p = at_market(t4, Cg=3)
    set_lot(s, p, "Cg", 2)
    sell(s, t4, "Cg")
    sell(s, t4, "Cg")
    assert money(s, p) == 30 + 3 + 3 and market(s, "Cg") == 4
    ok(s, t4)


# ------------------------------------------------------------------ CUBA-Q16


def test_CUBA_Q16_money_limited_start_money_comes_from_the_bank() -> None:
    t = flat_tables(money_limited=True)
    s = fresh(t, n_players=5)
    supply = int(t[C.T.MISC + C.M.MONEY_SUPPLY])
    assert [money(s, p) for p in range(5)] == [10] * 5
    assert s[S.G.BANK] == supply - 50
    ok(s, t)


def bank_down_to(s: np.ndarray, left: int, to: int) -> None:
    """Pay the bank out to player `to` until `left` remains (money stays conserved)."""
    set_money(s, to, money(s, to) + int(s[S.G.BANK]) - left)


@pytest.mark.parametrize("limited, paid", [(True, [4, 0]), (False, [6, 5])])
def test_CUBA_Q16_money_limited_sale_paid_only_from_the_bank(limited: bool,
                                                              paid: list[int]) -> None:
    """Under money_limited a sale pays at most what the bank holds (the piece is sold all the
    same); unlimited money ignores the bank."""
    t = flat_tables(money_limited=limited)
    s, p = at_market(t, Ci=0)
    set_lot(s, p, "Ci", 2)
    bank_down_to(s, 4, (p + 1) % s[S.G.NP])
    got = []
    for _ in paid:
        before = money(s, p)
        sell(s, t, "Ci")
        got.append(money(s, p) - before)
    assert got == paid and market(s, "Ci") == 2
    ok(s, t)


def test_CUBA_Q16_money_limited_payments_refill_the_bank() -> None:
    """Buying pays into the bank; a later mayor alternative is paid from it (CUBA-R21)."""
    t = flat_tables(money_limited=True)
    s, p = at_market(t, Su=3)
    bank_down_to(s, 0, (p + 1) % s[S.G.NP])
    buy(s, t, "Su")
    assert s[S.G.BANK] == 4 and money(s, p) == 30 - 4
    choose(s, t, A.OT.DONE)
    q = play(s, t, C.MAYOR)
    before = money(s, q)
    choose(s, t, A.OT.ALTERNATIVE)
    assert money(s, q) - before == 4 and s[S.G.BANK] == 0
    ok(s, t)
