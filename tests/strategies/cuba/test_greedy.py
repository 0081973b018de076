"""The greedy kernel: one-ply look-ahead on constructed states, and secret bids."""
from __future__ import annotations

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from tests.cuba.helpers import choose
from tests.cuba.scenario import (
    fresh, pb, play, set_act, set_bills, set_lot, set_money, set_ships, to_parliament,
    to_statutes, vec,
)
from tests.strategies.cuba.helpers import T, ask, hand


def test_greedy_ships_where_the_look_ahead_scores_most():
    s = fresh(T, 4, seed=1, start=0)
    hand(s, 0, C.MAYOR, C.ARCHITECT)
    set_ships(s, T, 0, 2, -1, 0)  # dock 3: S01 (Ci Ci Ci Su To)
    set_lot(s, 0, "Ci", 2)
    set_lot(s, 0, "To", 1)
    play(s, T, C.MAYOR)
    assert ask("greedy", s, T) == ("load", (3 << A.DOCK_SHIFT) | vec(Ci=2, To=1))


def test_greedy_pays_a_cheap_tax():
    s = fresh(T, 4, seed=1, start=0)
    set_act(s, "I-1")
    set_money(s, 0, 10)
    to_statutes(s, T)
    assert ask("greedy", s, T)[0] == "pay"


def test_greedy_character_choice_finishes_the_turn_in_look_ahead():
    """With an affordable plan building and the architect in hand, building beats the alternatives
    that leave the pieces idle."""
    s = fresh(T, 4, seed=1, start=0)
    hand(s, 0, C.ARCHITECT, C.TRADER)
    for k, n in (("Wd", 2), ("St", 2), ("Wa", 1)):
        set_lot(s, 0, k, n)
    assert ask("greedy", s, T) == ("card", C.ARCHITECT)


def test_greedy_bids_are_secret():
    s = fresh(T, 4, seed=1, start=1)
    set_bills(s, "I-1", "II-4", "III-5", "IV-2")
    to_parliament(s, T, [C.ARCHITECT, C.MAYOR, C.WORKER, C.WORKER])
    choose(s, T, A.OT.BID, 0)  # player 1 bids first
    assert s[S.G.CUR] == 2
    bids = set()
    for secret in (0, 60):
        s[pb(1) + S.P.BID] = secret
        bids.add(ask("greedy", s, T))
    assert len(bids) == 1
