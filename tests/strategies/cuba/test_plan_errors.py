"""The named plans' systematic errors (issue 17), each on a constructed state named after the
decision and the rule clause it is about; each was fixed in the valuation (values.py,
politics.py, ...), not with a rule for the situation."""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from tests.cuba.helpers import choose
from tests.cuba.scenario import (
    building, fresh, pb, place, play, set_act, set_bills, set_lot, set_market, set_money,
    set_ships, set_stored, to_parliament, to_statutes,
)
from tests.strategies.cuba.helpers import AR, FO, MA, TR, T, W, ask, hand


def at_market(s: np.ndarray, *cards: int) -> None:
    """Player 0 plays the tradeswoman (holding `cards` besides) and goes to the market."""
    hand(s, 0, TR, *cards)
    play(s, T, TR)
    choose(s, T, A.OT.MARKET)
    assert s[S.G.DK] == S.DK.TRADE_STEP


# ------------------------------------------------------------------ money and the tax


def test_no_rum_bought_with_spare_sugar_and_a_distillery_CUBA_R15_R19(s):
    """Three sugar and a distillery fill the rum café's three places this round (the foreman
    still to come): a rum bought for $5 would have no place in it."""
    place(s, 0, 5, "distillery")
    place(s, 0, 6, "rum_cafe")
    s[pb(0) + S.P.PAWN] = 4
    set_lot(s, 0, "Su", 3)
    set_money(s, 0, 6)
    set_market(s, "Ru", 2)  # buy price $5
    at_market(s, FO, AR)
    assert ask("factory_cafe", s, T) != ("buy", C.RU)


def test_money_kept_for_the_tax_the_plan_pays_CUBA_R43(s):
    """The plan pays the $2 tax at the statutes when it can (2 VP + the 1 VP bonus: the duty
    is payable); it does not spend the $2 on a buy worth less than that first."""
    s[S.G.ROUND] = 3
    set_stored(s, 0, "Ci", 1)  # the printed duty: 1 citrus
    set_money(s, 0, 2)
    set_market(s, "To", 6)  # buy price $1
    at_market(s, FO, AR)
    s2 = fresh(T, 4, seed=1, start=0)
    s2[S.G.ROUND] = 3
    set_stored(s2, 0, "Ci", 1)
    set_money(s2, 0, 2)
    to_statutes(s2, T)
    for name in ("money_and_laws", "factory_cafe", "builder", "shipping_rush"):
        assert ask(name, s2, T)[0] == "pay", name
        assert ask(name, s, T) != ("buy", C.TO), name   # shipping_rush: since its re-tune


@pytest.mark.parametrize("pieces, price", [(1, 6), (2, 5)])
def test_shipping_rush_keeps_the_tax_rather_than_buy_an_expensive_rum_CUBA_R27_R43(
        s, pieces, price):
    """$6 in round 3, the $2 tax with its duty payable at the statutes (2 VP + the 1 VP bonus),
    only rum at the market: a rum at $6 or $5 ships for 3 VP and leaves less than the tax, so
    shipping_rush keeps its money (the old weights, ship 3.0 against statute 1.0, bought it);
    at $4 the tax money stays and the rum may be bought."""
    s[S.G.ROUND] = 3
    set_stored(s, 0, "Ci", 1)
    set_money(s, 0, 6)
    for k in ("Ci", "Su", "To"):
        set_market(s, k, 0)
    set_market(s, "Ru", pieces)
    at_market(s, MA, AR)
    assert ask("shipping_rush", s, T) != ("buy", C.RU), price
    assert ask("shipping_rush", s, T, ship=3.0, statute=1.0, money=0.5) == ("buy", C.RU)


def test_a_cheap_tax_is_worth_its_price_to_every_plan_CUBA_R43(s):
    """$2 for 2 VP and the 1 VP bonus, money worth nothing after the last round: every plan
    pays, and keeps the money for it at the market."""
    s[S.G.ROUND] = 6
    set_stored(s, 0, "Ci", 1)
    set_money(s, 0, 2)
    to_statutes(s, T)
    for name in ("shipping_rush", "factory_cafe", "money_and_laws", "builder", "greedy"):
        assert ask(name, s, T)[0] == "pay", name


# ------------------------------------------------------------------ duty


def test_greedy_pays_a_duty_with_products_that_would_spoil_CUBA_R44_R47(s):
    """Unstored products are lost at the end of the round (CUBA-R47.1): giving two as duty
    for 2 VP costs nothing. (The tax was not paid: the 1 VP bonus is out of reach.)"""
    s[S.G.ROUND] = 2
    set_act(s, "II-6")  # 2 products, any kinds
    set_lot(s, 0, "Ci", 2)
    set_money(s, 0, 0)  # no tax paid: the duty alone
    to_statutes(s, T)
    while s[S.G.DK] == S.DK.TAX or s[S.G.CUR] != 0:
        choose(s, T, A.OT.PASS)
    assert s[S.G.DK] == S.DK.DUTY
    for name in ("greedy", "builder", "factory_cafe"):
        assert ask(name, s, T)[0] == "pay", name


# ------------------------------------------------------------------ products that spoil


def test_no_products_bought_to_store_when_the_foreman_has_other_work_CUBA_R26_R47(s):
    """The worker has been played; the hotel and the inn stand in the pawn's row, the printed
    warehouse does not: the foreman uses the row, so bought products spoil at the end of the
    round (no ship, no duty, no building takes them)."""
    s[S.G.ROUND] = 2
    set_act(s, "II-4")  # the duty asks for water
    place(s, 0, 5, "hotel")
    place(s, 0, 7, "inn")
    s[pb(0) + S.P.PAWN] = 6
    set_money(s, 0, 12)
    set_ships(s, T, 0, -1, -1, -1)  # nothing docked
    at_market(s, FO, AR)
    for name in ("builder", "shipping_rush", "greedy"):
        tag, k = ask(name, s, T)
        assert not (tag == "buy" and C.CI <= k <= C.TO), name


def test_greedy_plays_the_foreman_for_its_branch_office_rather_than_keep_it_CUBA_R12_R19(s):
    """The last play of the round: the worker, or the foreman to ship three citrus with the
    large branch office in the pawn's row. The card not played stays in hand for parliament,
    so what the worker gains can no longer be shipped, stored or used this round."""
    s[S.G.ROUND] = 3
    place(s, 0, 7, "large_branch_office")
    s[pb(0) + S.P.PAWN] = 6
    set_ships(s, T, 0, 1, 2, 3)
    set_lot(s, 0, "Ci", 3)
    hand(s, 0, FO, W)
    s[pb(0) + S.P.NPLAYED] = 3
    assert ask("greedy", s, T) == ("card", FO)


# ------------------------------------------------------------------ bills


def test_building_act_not_passed_by_the_plan_that_builds_most_CUBA_R40_R17(s):
    """Player 0 holds the resources of two buildings, the rivals none: the Building Act
    ($2 a building) would cost it most, so it passes two other bills."""
    set_money(s, 0, 12)
    for k, n in (("Wd", 4), ("St", 4), ("Wa", 1)):
        set_lot(s, 0, k, n)
    set_bills(s, "I-1", "II-2", "III-2", "IV-4")
    to_parliament(s, T, [MA, W, TR, W])
    while s[S.G.DK] == S.DK.BID:
        choose(s, T, A.OT.BID, 0)
    assert s[S.G.DK] == S.DK.BILLS and s[S.G.CUR] == 0
    for name in ("money_and_laws", "builder"):
        x = ask(name, s, T)[1]
        assert C.OTHER not in (x // 4, x % 4), name


# ------------------------------------------------------------------ buildings and fields


def test_no_cigar_cafe_without_tobacco_to_serve_it_CUBA_R17_R19(s):
    """A plantation side without an open tobacco field in reach and no cigar factory: the
    cigar café would never be used."""
    b = pb(0)
    for f in range(C.NFIELDS):
        if S.field_type(s, T, b, f) == C.F_TO:
            s[b + S.P.FIELD + f] = building("inn")  # covered: yields nothing
    place(s, 0, 5, "distillery")
    place(s, 0, 6, "rum_cafe")
    hand(s, 0, AR, FO)
    for k in ("Wd", "St", "Wa"):
        set_lot(s, 0, k, 1)
    play(s, T, AR)
    assert ask("factory_cafe", s, T) != ("build", building("cigar_cafe"))


def test_building_not_placed_on_the_only_forest_CUBA_R17_R14(s):
    """The architect's field: covering the plantation's only open forest ends the wood supply
    every later building needs (the other fields are as good a place for the inn)."""
    b = pb(0)
    forests = [f for f in range(1, C.NFIELDS) if S.field_type(s, T, b, f) == C.F_FO]
    for f in forests[1:]:
        s[b + S.P.FIELD + f] = building("hotel")
    hand(s, 0, AR, FO)
    for k in ("Wd", "St", "Wa"):
        set_lot(s, 0, k, 1)
    play(s, T, AR)
    choose(s, T, A.OT.BUILD, building("inn"))
    assert s[S.G.DK] == S.DK.ARCHITECT_FIELD
    for name in ("builder", "factory_cafe"):
        assert ask(name, s, T) != ("field", forests[0]), name


# ------------------------------------------------------------------ factory_cafe's two chains


def two_chain_plantation(s: np.ndarray) -> None:
    """Player 0 (standard side: tobacco on r1c4 and r3c2, sugar on r2c1, r3c3 and r4c4) runs
    the rum chain, distillery and rum café, in row 2; it is round 3."""
    place(s, 0, 5, "distillery")
    place(s, 0, 6, "rum_cafe")
    s[S.G.ROUND] = 3
    hand(s, 0, AR, FO)


def test_factory_cafe_adds_the_cigar_factory_its_tobacco_fields_feed_CUBA_R17(s):
    two_chain_plantation(s)
    for k, n in (("Wd", 2), ("St", 2), ("Wa", 1)):
        set_lot(s, 0, k, n)
    play(s, T, AR)
    assert ask("factory_cafe", s, T) == ("build", building("cigar_factory"))


def test_factory_cafe_adds_the_cigar_cafe_to_its_cigar_factory_CUBA_R17(s):
    two_chain_plantation(s)
    place(s, 0, 1, "cigar_factory")
    for k in ("Wd", "St", "Wa"):
        set_lot(s, 0, k, 1)
    play(s, T, AR)
    assert ask("factory_cafe", s, T) == ("build", building("cigar_cafe"))
