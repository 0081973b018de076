"""End of game CUBA-R48..R50 with the switches CUBA-Q4 (warehouse in the end bonus) and
CUBA-Q17 (tie after money); and the building-data switches CUBA-Q6 (saw mill input),
CUBA-Q7 (golf course cost) and CUBA-Q8 (hotel cost)."""
from __future__ import annotations

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.game import GAME
from core.cuba.rules import standings
from core.cuba.tables import load_tables
from strategies.common.bound import bound
from tests.cuba.helpers import choose, flat_tables
from tests.cuba.scenario import (
    building, cargo, finish_round, fresh, lot, ok, payloads, pb, place, play, set_cargo,
    set_lot, set_money, ships, stock, vp, vp_from,
)

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

T = flat_tables()
play_game, resolve = bound(GAME).loop.play_game, bound(GAME).registry.resolve


# ------------------------------------------------------------------ CUBA-R48


def last_round(t: np.ndarray, rnd: int = 6) -> np.ndarray:
    """Round `rnd` just before phase D: products in a lot, a full ship in dock 1, markers out."""
    s = fresh(t)
    s[S.G.ROUND] = rnd
    set_lot(s, 0, "Ci", 2)
    set_cargo(s, t, C.DOCK1, [1] * 5)
    s[S.O.MARKERS:S.O.MARKERS + C.NMARKERS] = 1
    return s


def test_CUBA_R48_game_ends_after_round_6_phase_D_without_phase_E() -> None:
    s = last_round(T)
    harbour = ships(s)
    finish_round(s, T)
    assert s[S.G.PHASE] == S.PH.OVER and s[S.G.DK] == S.DK.NONE and s[S.G.ROUND] == 6
    assert lot(s, 0, "Ci") == 2                       # no spoiling
    assert ships(s) == harbour and cargo(s, C.DOCK1) == [1] * 5  # no departures, no moves
    assert list(s[S.O.MARKERS:S.O.MARKERS + C.NMARKERS]) == [1] * C.NMARKERS
    ok(s, T)


def test_CUBA_R48_round_5_still_has_phase_E() -> None:
    s = last_round(T, rnd=5)
    finish_round(s, T)
    assert s[S.G.PHASE] == S.PH.ACTIONS and s[S.G.ROUND] == 6 and lot(s, 0, "Ci") == 0
    ok(s, T)


def test_CUBA_R10_R48_played_game_has_six_rounds_and_ends_after_phase_D() -> None:
    kernels, params = resolve(["random"] * 3)
    g = play_game(load_tables(), 3, 11, kernels, params, check=True, trace=True)
    assert g.error == 0 and g.trace[0, 1] == 0
    ev = g.trace[1:g.trace[0, 0] + 1, :6]
    rounds = [int(r[2]) for r in ev if r[0] == C.EV.ROUND]
    assert rounds == [1, 2, 3, 4, 5, 6]
    phases = [int(r[2]) for r in ev if r[0] == C.EV.PHASE]
    assert phases[-1] == S.PH.STATUTES and phases.count(S.PH.END_OF_ROUND) == 5
    assert ev[-1, 0] == C.EV.GAME_END


# ------------------------------------------------------------------ CUBA-R49 / Q4


@pytest.mark.parametrize("with_warehouse, per_player", [(False, [3, 0, 1, 0]),
                                                        (True, [4, 1, 2, 1])])
def test_CUBA_R49_Q4_two_vp_per_building(with_warehouse: bool, per_player: list[int]) -> None:
    t = flat_tables(warehouse_in_end_bonus=with_warehouse)
    s = fresh(t)
    s[S.G.ROUND] = 6
    for field, key in ((1, "inn"), (4, "cigar_factory"), (7, "cigar_factory")):
        place(s, 0, field, key)
    place(s, 2, 3, "church")
    set_money(s, 1, 60)  # money scores nothing
    finish_round(s, t)
    assert [vp_from(s, p, C.SRC_END_BUILDINGS) for p in range(4)] == [2 * n for n in per_player]
    assert [vp(s, p) for p in range(4)] == [2 * n for n in per_player]
    ok(s, t)


# ------------------------------------------------------------------ CUBA-R50 / Q17


def ranking(t: np.ndarray, vps: list[int], cash: list[int], start: int = 0):
    """(ranks, win shares) for a finished game with these VP and money."""
    s = fresh(t, n_players=len(vps), start=start)
    for p, (v, m) in enumerate(zip(vps, cash)):
        s[pb(p) + S.P.VP] = v
        s[pb(p) + S.P.VPSRC + C.SRC_SHIP] = v
        set_money(s, p, m)
    s[S.G.PHASE] = S.PH.OVER
    ok(s, t)
    rank = np.zeros(len(vps), np.int64)
    share = np.zeros(len(vps))
    standings(s, t, rank, share)
    return rank.tolist(), share.tolist()


def test_CUBA_R50_most_vp_wins() -> None:
    assert ranking(T, [30, 42, 35, 12], [0, 0, 20, 50]) == ([3, 1, 2, 4], [0, 1, 0, 0])


def test_CUBA_R50_money_breaks_vp_ties() -> None:
    assert ranking(T, [40, 40, 38, 40], [5, 9, 30, 7]) == ([3, 1, 4, 2], [0, 1, 0, 0])


def test_CUBA_R50_Q17_shared_victory() -> None:
    rank, share = ranking(T, [40, 40, 40, 20], [6, 6, 2, 9])
    assert rank == [1, 1, 3, 4] and share == [0.5, 0.5, 0, 0]


@pytest.mark.parametrize("start, winner", [(0, 3), (1, 3), (2, 1), (3, 1)])
def test_CUBA_Q17_later_in_turn_order(start: int, winner: int) -> None:
    """Players 1 and 3 tie on VP and money; the one later in turn order (counted from the
    start player) wins outright."""
    t = flat_tables(final_tie="later_in_turn_order")
    rank, share = ranking(t, [10, 40, 20, 40], [0, 6, 9, 6], start=start)
    loser = 4 - winner
    assert rank[winner] == 1 and rank[loser] == 2 and (rank[0], rank[2]) == (4, 3)
    assert share[winner] == 1 and sum(share) == 1


# ------------------------------------------------------------------ CUBA-Q6 / Q7 / Q8


@pytest.mark.parametrize("sawmill, returned", [("wood", "Wd"), ("stone", "St")])
def test_CUBA_Q6_saw_mill_input(sawmill: str, returned: str) -> None:
    """The saw mill returns up to 4 pieces of its input kind for 1 VP each."""
    t = flat_tables(sawmill_input=sawmill)
    assert t[C.T.BUILDING_PARAM + 3 * building("saw_mill")] == C.KIND_SHORT.index(returned)
    s = fresh(t)
    p = int(s[S.G.CUR])
    place(s, p, 2, "saw_mill")
    set_lot(s, p, "Wd", 5)
    set_lot(s, p, "St", 5)
    play(s, t, C.FOREMAN)
    choose(s, t, A.OT.ONE_BUILDING, 2)
    k = C.KIND_SHORT.index(returned)
    assert payloads(s, t, A.OT.USE) == [n << (3 * k) for n in range(5)]
    before = stock(s, returned)
    choose(s, t, A.OT.USE, 4 << (3 * k))
    assert vp(s, p) == 4 and lot(s, p, returned) == 1 and stock(s, returned) == before + 4
    ok(s, t)


def can_build(t: np.ndarray, key: str, **held: int) -> bool:
    """Whether the current player holding `held` may build `key` with the architect."""
    s = fresh(t)
    p = int(s[S.G.CUR])
    for name, n in held.items():
        set_lot(s, p, name, n)
    play(s, t, C.ARCHITECT)
    ok(s, t)
    return building(key) in payloads(s, t, A.OT.BUILD)


@pytest.mark.parametrize("option, cost", [("2Wa", [0, 0, 2]), ("1Wd+1St+2Wa", [1, 1, 2])])
def test_CUBA_Q7_golf_course_cost(option: str, cost: list[int]) -> None:
    t = flat_tables(golf_course_cost=option)
    k = building("golf_course")
    assert list(t[C.T.BUILDING_COST + 3 * k:C.T.BUILDING_COST + 3 * k + 3]) == cost
    assert can_build(t, "golf_course", Wa=2) == (cost == [0, 0, 2])
    assert can_build(t, "golf_course", Wd=1, St=1, Wa=2)


@pytest.mark.parametrize("option, cost", [("2Wd+2St+1Wa", [2, 2, 1]), ("2Wd+2St", [2, 2, 0])])
def test_CUBA_Q8_hotel_cost(option: str, cost: list[int]) -> None:
    t = flat_tables(hotel_cost=option)
    k = building("hotel")
    assert list(t[C.T.BUILDING_COST + 3 * k:C.T.BUILDING_COST + 3 * k + 3]) == cost
    assert can_build(t, "hotel", Wd=2, St=2) == (cost[2] == 0)
    assert can_build(t, "hotel", Wd=2, St=2, Wa=1)


def test_CUBA_Q8_hotel_build_pays_the_cost_to_the_stock() -> None:
    t = flat_tables(hotel_cost="2Wd+2St")
    s = fresh(t)
    p = int(s[S.G.CUR])
    set_lot(s, p, "Wd", 3)
    set_lot(s, p, "St", 2)
    set_lot(s, p, "Wa", 1)
    play(s, t, C.ARCHITECT)
    choose(s, t, A.OT.BUILD, building("hotel"))
    choose(s, t, A.OT.FIELD, 6)
    assert s[pb(p) + S.P.FIELD + 6] == building("hotel")
    assert [lot(s, p, k) for k in ("Wd", "St", "Wa")] == [1, 0, 1]
    ok(s, t)
