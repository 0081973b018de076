"""Parliament CUBA-R37..R42 and the switches CUBA-Q13 (Church veto timing) and CUBA-Q14
(which start player breaks ties)."""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from tests.cuba.helpers import choose, flat_tables, options
from tests.cuba.scenario import (
    acts, bid, bills, field_of, fresh, money, ok, payloads, pb, place, play, run_statutes,
    set_act, set_bills, set_money, statute, to_parliament,
)

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

T = flat_tables()
W, TR, AR, FO, MA = C.WORKER, C.TRADER, C.ARCHITECT, C.FOREMAN, C.MAYOR
BILLS = ("I-5", "II-3", "III-4", "IV-1")
ALL_PAIRS = [i * 4 + j for i in range(4) for j in range(i + 1, 4)]


def parliament(t: np.ndarray, fifth: list[int], start: int = 0, new_start: int | None = None,
               town_hall: dict[int, int] | None = None, corruption: bool = False,
               cash: int = 10) -> np.ndarray:
    """A game at the start of phase C: 4 players with `cash` each, this round's bills BILLS,
    `start` the start player of phase B and `new_start` the one after it (CUBA-R24)."""
    s = fresh(t, n_players=len(fifth), start=start)
    set_bills(s, *BILLS)
    for p in range(len(fifth)):
        set_money(s, p, cash)
    if corruption:
        set_act(s, "IV-6")
    to_parliament(s, t, fifth, new_start, town_hall)
    return s


def votes(s: np.ndarray) -> list[int]:
    return [int(s[pb(p) + S.P.VOTES]) for p in range(s[S.G.NP])]


def winner(s: np.ndarray) -> int:
    assert s[S.G.DK] == S.DK.BILLS
    assert s[S.G.CUR] == s[S.G.PARL_WINNER]
    return int(s[S.G.CUR])


# ------------------------------------------------------------------ CUBA-R37 / Q13


def veto_by_church(t: np.ndarray, ty: int) -> tuple[np.ndarray, int]:
    """Round 1: the start player owns the Church and vetoes this round's bill of type ty."""
    s = fresh(t)
    set_bills(s, *BILLS)
    p = int(s[S.G.CUR])
    place(s, p, 1, "church")
    play(s, t, FO)
    choose(s, t, A.OT.ONE_BUILDING, field_of(s, p, "church"))
    assert payloads(s, t, A.OT.USE) == [0, 1, 2, 3, 4]
    choose(s, t, A.OT.USE, 1 + ty)
    return s, p


def test_CUBA_R37_Q13_immediate_veto_removes_the_bill_at_once() -> None:
    s, p = veto_by_church(T, C.SUBSIDY)
    assert bills(s) == [statute("I-5"), statute("II-3"), -1, statute("IV-1")]
    assert s[S.G.VETO_OWNER] == p
    to_parliament(s, T, [MA, W, W, W])
    bid(s, T, {})
    assert winner(s) == 0
    assert payloads(s, T, A.OT.BILLS) == [0 * 4 + 1, 0 * 4 + 3, 1 * 4 + 3]
    ok(s, T)


def test_CUBA_Q13_veto_at_parliament_keeps_the_bill_through_phase_B() -> None:
    t = flat_tables(church_veto_timing="at_parliament")
    s, _ = veto_by_church(t, C.TAX)
    assert bills(s) == [statute(c) for c in BILLS]  # still on display during phase B
    to_parliament(s, t, [MA, W, W, W])
    assert bills(s) == [-1, statute("II-3"), statute("III-4"), statute("IV-1")]
    bid(s, t, {})
    assert payloads(s, t, A.OT.BILLS) == [1 * 4 + 2, 1 * 4 + 3, 2 * 4 + 3]
    ok(s, t)


@pytest.mark.parametrize("timing", ["immediate", "at_parliament"])
def test_CUBA_R37_next_round_the_owner_may_not_veto_that_type(timing: str) -> None:
    t = flat_tables(church_veto_timing=timing)
    s, p = veto_by_church(t, C.DUTY)
    to_parliament(s, t, [MA, W, W, W], new_start=p)
    bid(s, t, {})
    choose(s, t, A.OT.BILLS, 0 * 4 + 2)
    run_statutes(s, t)
    assert s[S.G.ROUND] == 2 and s[S.G.CUR] == p and s[S.G.VETO_OWNER] == -1
    play(s, t, FO)
    choose(s, t, A.OT.ONE_BUILDING, field_of(s, p, "church"))
    assert payloads(s, t, A.OT.USE) == [0, 1 + C.TAX, 1 + C.SUBSIDY, 1 + C.OTHER]
    s[S.G.ROUND] = 3  # the ban lasts one round only
    assert payloads(s, t, A.OT.USE) == [0, 1, 2, 3, 4]
    s[S.G.ROUND] = 2
    ok(s, t)


# ------------------------------------------------------------------ CUBA-R38


def test_CUBA_R38_base_votes_fifth_card_plus_town_hall() -> None:
    s = parliament(T, [W, MA, AR, TR], town_hall={2: 2})
    assert votes(s) == [1, 5, 5, 2]
    ok(s, T)


def test_CUBA_R38_town_hall_via_foreman_then_tile_removed() -> None:
    s = fresh(T)
    p = int(s[S.G.CUR])
    place(s, p, 5, "town_hall")
    play(s, T, FO)
    choose(s, T, A.OT.ONE_BUILDING, 5)
    assert s[pb(p) + S.P.TOWN_HALL] == 2
    fifth = [W] * 4
    to_parliament(s, T, fifth)
    assert votes(s)[p] == 1 + 2 and sorted(votes(s)) == [1, 1, 1, 3]
    bid(s, T, {})
    assert winner(s) == p
    choose(s, T, A.OT.BILLS, ALL_PAIRS[0])
    run_statutes(s, T)
    assert s[S.G.ROUND] == 2 and s[pb(p) + S.P.TOWN_HALL] == 0
    ok(s, T)


# ------------------------------------------------------------------ CUBA-R39 / R40


def test_CUBA_R39_every_bid_paid_win_or_lose() -> None:
    s = parliament(T, [W, W, W, W], start=2)
    asked = bid(s, T, {0: 3, 1: 1, 2: 0, 3: 2})
    assert asked == [2, 3, 0, 1]  # from the start player, clockwise
    assert votes(s) == [4, 2, 1, 3]
    assert [money(s, p) for p in range(4)] == [7, 9, 10, 8]
    assert winner(s) == 0
    ok(s, T)


def test_CUBA_R39_bid_options_limited_by_money() -> None:
    s = parliament(T, [W, W, W, W], cash=3)
    assert payloads(s, T, A.OT.BID) == [0, 1, 2, 3]
    ok(s, T)


def test_CUBA_R39_corruption_act_no_bidding_town_hall_counts() -> None:
    s = parliament(T, [MA, FO, W, W], town_hall={1: 2}, corruption=True)
    assert winner(s) == 1 and votes(s) == [5, 6, 1, 1]
    assert [money(s, p) for p in range(4)] == [10] * 4
    ok(s, T)


def test_CUBA_R40_winner_must_pass_exactly_two_bills() -> None:
    s = parliament(T, [MA, W, W, W])
    bid(s, T, {})
    assert winner(s) == 0
    assert payloads(s, T, A.OT.BILLS) == ALL_PAIRS
    assert {A.tag_of(o) for o in options(s, T)} == {A.OT.BILLS}  # no passing fewer or none
    ok(s, T)


def test_CUBA_R40_single_remaining_bill_is_passed_alone() -> None:
    """Edge case: with only one bill left the winner passes that one."""
    s = fresh(T)
    set_bills(s, None, "II-4", None, None)
    to_parliament(s, T, [MA, W, W, W])
    bid(s, T, {})
    assert payloads(s, T, A.OT.BILLS) == [1 * 4 + 1]
    choose(s, T, A.OT.BILLS, 1 * 4 + 1)
    assert acts(s)[C.DUTY] == statute("II-4") and bills(s) == [-1] * 4
    ok(s, T)


# ------------------------------------------------------------------ CUBA-R41 / Q14


def tie_after_rebid(t: np.ndarray, start: int, new_start: int | None = None,
                    rebid: dict[int, int] | None = None) -> np.ndarray:
    """Players 1 and 3 tie on 5 + 2 votes; the re-bid (default 1 each) keeps them tied."""
    s = parliament(t, [W, MA, W, MA], start=start, new_start=new_start)
    bid(s, t, {1: 2, 3: 2})
    assert s[S.G.DK] == S.DK.BID and s[S.G.BID_ROUND] == 1
    asked = bid(s, t, rebid or {1: 1, 3: 1})
    assert sorted(asked) == [1, 3]  # only the tied players bid again
    return s


def test_CUBA_R41_rebid_of_tied_players_paid_and_added() -> None:
    s = tie_after_rebid(T, start=0, rebid={1: 1, 3: 2})
    assert votes(s) == [1, 8, 1, 9]
    assert [money(s, p) for p in range(4)] == [10, 7, 10, 6]
    assert winner(s) == 3
    ok(s, T)


@pytest.mark.parametrize("start, expected", [(0, 1), (1, 1), (2, 3), (3, 3)])
def test_CUBA_R41_still_tied_start_player_or_first_clockwise(start: int, expected: int) -> None:
    s = tie_after_rebid(T, start=start)
    assert votes(s) == [1, 8, 1, 8] and winner(s) == expected
    assert [money(s, p) for p in range(4)] == [10, 7, 10, 7]
    ok(s, T)


def test_CUBA_R41_corruption_goes_straight_to_positional_rule() -> None:
    s = parliament(T, [MA, W, MA, MA], start=0, new_start=3, corruption=True)
    assert s[S.G.BID_ROUND] == 2 and winner(s) == 3
    ok(s, T)


@pytest.mark.parametrize("anchor, expected", [("new_start_player", 3), ("old_start_player", 1)])
def test_CUBA_Q14_parliament_tie_anchor(anchor: str, expected: int) -> None:
    """Phase B started with player 0; player 2 is the new start player. Players 1 and 3 stay
    tied: from player 2 the first tied player clockwise is 3, from player 0 it is 1."""
    t = flat_tables(parliament_tie_anchor=anchor)
    s = tie_after_rebid(t, start=0, new_start=2)
    assert s[S.G.START] == 2 and s[S.G.OLD_START] == 0
    assert winner(s) == expected
    ok(s, t)


# ------------------------------------------------------------------ CUBA-R42


def test_CUBA_R42_passed_bills_replace_acts_others_removed() -> None:
    s = parliament(T, [MA, W, W, W])
    set_act(s, "IV-3")  # drought in force, replaced below
    before_ptr = list(s[S.O.STAT_PTR:S.O.STAT_PTR + 4])
    bid(s, T, {})
    choose(s, T, A.OT.BILLS, 0 * 4 + 3)
    assert acts(s) == [statute("I-5"), C.PRINTED_DUTY, -1, statute("IV-1")]
    assert list(s[S.O.ACT_ROUND:S.O.ACT_ROUND + 4:3]) == [1, 1]
    assert bills(s) == [-1, -1, -1, -1]
    assert list(s[S.O.STAT_PTR:S.O.STAT_PTR + 4]) == before_ptr  # not back in the piles
    assert s[pb(0) + S.P.BILLS] == 2 and s[pb(0) + S.P.PARL_WINS] == 1
    # in force at once: this round's phase D asks for the new $5 tax
    assert s[S.G.PHASE] == S.PH.STATUTES and s[S.G.DK] == S.DK.TAX and s[S.G.TAX_AMOUNT] == 5
    ok(s, T)
