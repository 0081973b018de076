"""Market rules CUBA-R27..R31 and the switches CUBA-Q5 (goods row length), CUBA-Q16 (money
supply) and CUBA-Q18 (trading a kind back in one visit), on constructed scenarios driven
through the tradeswoman."""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.rules import apply, no_trace
from tests.cuba.helpers import choose, flat_tables, options
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
        sell_s, sp = at_market(T, **{name: n})
        set_lot(sell_s, sp, name, 1)
        sell(sell_s, T, name)
        assert (money(sell_s, sp), market(sell_s, name)) == (30 + row[n], n + 1)
        ok(s, T)
        ok(sell_s, T)


def test_CUBA_R28_contiguous_fill_over_a_trading_sequence() -> None:
    """Sold pieces fill from the left, bought ones leave from the right: trades walk the
    labels one by one (selling and buying back in one visit: CUBA-Q18's tests)."""
    s, p = at_market(T, cash=20, Ci=3)
    set_lot(s, p, "Ci", 2)
    for delta in (3, 2):
        before = money(s, p)
        sell(s, T, "Ci")
        assert money(s, p) - before == delta
    assert market(s, "Ci") == 5 and lot(s, p, "Ci") == 0
    s, p = at_market(T, cash=20, Ci=5)
    for delta in (-2, -3, -4, -5):
        before = money(s, p)
        buy(s, T, "Ci")
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


# ------------------------------------------------------------------ CUBA-Q18 (CUBA-R15, R27..R30)

NO_UNDO = T  # market_retrade = "no_undo", the default
ONE_WAY = flat_tables(market_retrade="one_way")
BOTH = [pytest.param(NO_UNDO, id="no_undo"), pytest.param(ONE_WAY, id="one_way")]


def offered(s: np.ndarray, t: np.ndarray, tag: int, name: str) -> bool:
    return kind(name) in payloads(s, t, tag)


@pytest.mark.parametrize("t", BOTH)
def test_CUBA_Q18_R15_a_sale_is_not_bought_back_in_the_visit(t: np.ndarray) -> None:
    """The looping game of the issue: sell tobacco at $4, buy it back at $4, the exact state
    again. Under both readings the buy-back is not offered in the visit (other kinds are), and
    the next visit may buy tobacco again."""
    s, p = at_market(t, To=2)
    set_lot(s, p, "To", 1)
    sell(s, t, "To")
    assert money(s, p) == 34 and market(s, "To") == 3
    assert not offered(s, t, A.OT.BUY, "To")
    assert offered(s, t, A.OT.BUY, "Ci")
    sell_ci = at_market(t, To=2)[0]  # another kind traded between does not reopen it
    set_lot(sell_ci, sell_ci[S.G.CUR], "To", 1)
    set_lot(sell_ci, sell_ci[S.G.CUR], "Ci", 1)
    sell(sell_ci, t, "To")
    sell(sell_ci, t, "Ci")
    assert not offered(sell_ci, t, A.OT.BUY, "To")
    choose(s, t, A.OT.DONE)
    nxt = play(s, t, C.TRADER)  # the next player's visit starts afresh
    assert nxt != p
    set_money(s, nxt, 30)
    choose(s, t, A.OT.MARKET)
    assert offered(s, t, A.OT.BUY, "To")
    ok(s, t)
    ok(sell_ci, t)


@pytest.mark.parametrize("t", BOTH)
def test_CUBA_Q18_R29_R30_a_buy_is_not_sold_back_in_the_visit(t: np.ndarray) -> None:
    s, p = at_market(t, Su=3)
    buy(s, t, "Su")
    assert not offered(s, t, A.OT.SELL, "Su")
    buy(s, t, "Su")  # more of the same direction stays open
    assert lot(s, p, "Su") == 2 and not offered(s, t, A.OT.SELL, "Su")
    ok(s, t)


@pytest.mark.parametrize("t, open_", [pytest.param(NO_UNDO, True, id="no_undo"),
                                      pytest.param(ONE_WAY, False, id="one_way")])
def test_CUBA_Q18_R30_goods_sold_to_the_stock_bought_back_from_the_full_row(
        t: np.ndarray, open_: bool) -> None:
    """A full rum row: the sale goes to the stock at $3 (CUBA-R30) and the row's $1 piece may
    be bought back under no_undo (+$2, one piece from the row to the stock: not an undo);
    one_way closes it."""
    s, p = at_market(t, Ru=6)
    set_lot(s, p, "Ru", 1)
    sell(s, t, "Ru")
    assert money(s, p) == 33 and market(s, "Ru") == 6
    assert offered(s, t, A.OT.BUY, "Ru") == open_
    if open_:
        buy(s, t, "Ru")
        assert (money(s, p), market(s, "Ru"), lot(s, p, "Ru")) == (32, 5, 1)
        assert not offered(s, t, A.OT.SELL, "Ru")  # now that would undo the buy
    ok(s, t)


def test_CUBA_Q18_R28_no_undo_the_row_is_only_the_previous_trade() -> None:
    """no_undo remembers a kind's previous trade only: filling a row, then selling to the
    stock, opens buying from the row again."""
    s, p = at_market(NO_UNDO, Ci=5)
    set_lot(s, p, "Ci", 2)
    sell(s, NO_UNDO, "Ci")  # the last space, $1
    assert not offered(s, NO_UNDO, A.OT.BUY, "Ci")
    sell(s, NO_UNDO, "Ci")  # the row is full: to the stock, $1
    assert offered(s, NO_UNDO, A.OT.BUY, "Ci")
    ok(s, NO_UNDO)


def test_CUBA_Q18_R29_R30_no_undo_the_stock_one_way_per_visit() -> None:
    """Sold to the stock at a full row, a kind is not bought from the stock at the emptied row
    in the same visit (the pair costs $4 for the same pieces)."""
    s, p = at_market(NO_UNDO, cash=60, Cg=6)
    set_lot(s, p, "Cg", 1)
    sell(s, NO_UNDO, "Cg")  # $3 from the stock
    for _ in range(6):
        buy(s, NO_UNDO, "Cg")
    assert market(s, "Cg") == 0 and stock(s, "Cg") > 0
    assert not offered(s, NO_UNDO, A.OT.BUY, "Cg")
    ok(s, NO_UNDO)


def visit(s: np.ndarray, t: np.ndarray, pick) -> int:
    """Drive a market visit by `pick(trade options, previous trade)` while a trade is offered,
    then DONE; the number of decisions it took."""
    steps, previous = 0, None
    while s[S.G.DK] == S.DK.TRADE_STEP:
        steps += 1
        trades = [o for o in options(s, t) if A.tag_of(o) != A.OT.DONE]
        o = pick(trades, previous) if trades else A.enc(A.OT.DONE, 0)
        apply(s, t, np.int32(o), no_trace())
        previous = o
        assert steps <= A.market_visit_bound(t), "the visit goes on past its bound"
    return steps


def reverse(trades: list[int], previous: int | None) -> int:
    """The trade that takes the previous one back where offered, else the first."""
    if previous is not None:
        back = A.OT.SELL if A.tag_of(previous) == A.OT.BUY else A.OT.BUY
        for o in trades:
            if A.tag_of(o) == back and A.payload_of(o) == A.payload_of(previous):
                return o
    return trades[0]


@pytest.mark.parametrize("t", BOTH)
@pytest.mark.parametrize("seed", range(6))
def test_CUBA_Q18_R15_every_visit_ends_within_its_bound(t: np.ndarray, seed: int) -> None:
    """Whatever the player picks (always a trade while there is one: the first, the last, the
    reverse of the previous one where offered, at random), a visit ends within
    market_visit_bound, rich player, random rows and lots."""
    rng = np.random.default_rng(seed)
    rows = {name: int(rng.integers(0, 7)) for name in MERCH}
    policies = {
        "first": lambda trades, _: trades[0],
        "last": lambda trades, _: trades[-1],
        "random": lambda trades, _: trades[rng.integers(len(trades))],
        "reverse": reverse,
    }
    for pick in policies.values():
        s, p = at_market(t, cash=int(rng.integers(0, 90)), **rows)
        for name in MERCH:
            set_lot(s, p, name, int(rng.integers(0, 4)))
        assert visit(s, t, pick) <= A.market_visit_bound(t)
        assert s[S.G.DK] != S.DK.TRADE_STEP
        ok(s, t)
