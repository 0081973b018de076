"""Jamaica's open questions JAM-Q1..Q12 and the JAM-V1 switch: each switch value changes the
game as documented (constructed states, interpreted)."""
from __future__ import annotations

import pytest

from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.codes import SW, T
from core.jamaica.state import DK, G, P
from core.jamaica.tables import SWITCH_IDS, SWITCH_OPTIONS, load_raw, switch_values
from tests.jamaica.helpers import (
    card_of, die_face, dk, force_draws, give_treasure, last_turn, options, place, play, rows,
    set_holds, start, tracer,
)
from tests.jamaica.test_rules import FWD_FOOD, GOLD_GOLD, ghost_round


def won_fight(**switches: object):
    """Seat 0 moves onto seat 1 and wins with a 10 against a 2: the spoils are pending."""
    s, t = start(3, **switches)
    place(s, 1, 1)
    return s, t


def spoils(s, t):
    force_draws(s, [(die_face(t, 10), 6), (die_face(t, 2), 6)])
    last_turn(s, t, 0, FWD_FOOD, 1, 1)
    assert dk(s) == "spoils"


def test_every_question_is_a_switch_with_the_reference_default() -> None:
    assert sorted(SWITCH_IDS.values()) == sorted([f"JAM-Q{i}" for i in range(1, 13)] + ["JAM-V1"])
    assert switch_values(load_raw()) == {
        "winner_may_pass": True, "sabre_mode": "once_after_roll", "bank_limited": False,
        "pay_order": "smallest_first", "blind_steal": "random",
        "progress_measure": "fewest_spaces_shortest_route", "sixth_hold_last": True,
        "give_cursed": "most_negative", "pre_line_value": -5, "max_rounds": 50,
        "ghost_rank_measure": "as_named", "ghost_die_order": "morning_first",
        "ghost_ship": True}
    for name, (_, opts) in SWITCH_OPTIONS.items():
        assert switch_values(load_raw())[name] == opts[0]  # the default is listed first


@pytest.mark.parametrize("may_pass", [True, False])
def test_JAM_Q1_winner_may_pass(may_pass: bool) -> None:
    s, t = won_fight(winner_may_pass=may_pass)
    spoils(s, t)
    assert (("pass", 0) in options(s, t)) == may_pass
    s, t = won_fight(winner_may_pass=may_pass)
    set_holds(s, 1, [])
    spoils(s, t)
    assert options(s, t) == [("pass", 0)]  # nothing to take: passing is all there is


@pytest.mark.parametrize(("mode", "offers"), [("once_after_roll", 1), ("any_time", 2)])
def test_JAM_Q2_sabre_mode(mode: str, offers: int) -> None:
    s, t = won_fight(sabre_mode=mode)
    give_treasure(s, t, card_of(t, C.POWER, C.SABRE), 0)
    force_draws(s, [(die_face(t, 2), 6), (die_face(t, 4), 6), (die_face(t, 10), 6),
                    (die_face(t, 2), 6)])
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    seen = 0
    while dk(s) == "sabre":
        seen += 1
        play(s, t, "reroll", tr=tr)
    assert seen == offers
    assert len(rows(tr, "sabre")) == offers


@pytest.mark.parametrize(("limited", "loaded"), [(False, 5), (True, 4)])
def test_JAM_Q3_bank_limited(limited: bool, loaded: int) -> None:
    s, t = start(3, bank_limited=limited)
    set_holds(s, 1, [(C.GOLD, 70)])  # with seat 0's 3 and seat 2's 3: 76 of 80
    tr = tracer()
    last_turn(s, t, 0, GOLD_GOLD, 5, 6, tr)
    assert rows(tr, "load")[0][1:3] == [C.GOLD, loaded]
    if limited:
        assert S.amount(s, 0, C.GOLD) + 73 == 80


def test_JAM_Q4_pay_order_player_choice() -> None:
    s, t = start(3, pay_order="player_choice")
    set_holds(s, 0, [(C.FOOD, 1), (C.FOOD, 4), (C.GOLD, 3)])
    last_turn(s, t, 0, FWD_FOOD, 2, 1)  # sea 3 food
    assert dk(s) == "pay" and options(s, t) == [("pay", 0), ("pay", 1)]
    play(s, t, "pay", 1)
    assert S.amount(s, 0, C.FOOD) == 3  # 1 + (4 - 3) left, then 1 food loaded
    b = S.pbase(0)
    assert (s[b + P.HOLD_KIND], s[b + P.HOLD_N]) == (C.FOOD, 1)
    s, t = start(3)
    set_holds(s, 0, [(C.FOOD, 1), (C.FOOD, 4), (C.GOLD, 3)])
    last_turn(s, t, 0, FWD_FOOD, 2, 1)
    assert dk(s) != "pay"


@pytest.mark.parametrize("mode", ["random", "look"])
def test_JAM_Q5_blind_steal(mode: str) -> None:
    s, t = won_fight(blind_steal=mode)
    plus7, cursed = card_of(t, C.VALUE, 7), card_of(t, C.CURSED, -2)
    give_treasure(s, t, plus7, 1)
    give_treasure(s, t, cursed, 1)
    spoils(s, t)
    cards = {p for tag, p in options(s, t) if tag == "take_card"}
    if mode == "random":
        assert ("blind", 0) in options(s, t) and cards == set()
    else:
        assert ("blind", 0) not in options(s, t) and cards == {plus7, cursed}
        play(s, t, "take_card", plus7)
        assert s[S.O.TOWNER + plus7] == 0


def test_JAM_Q6_progress_measure_fewest_spaces_by_the_shortest_route() -> None:
    assert SWITCH_OPTIONS["progress_measure"][1] == ("fewest_spaces_shortest_route",)
    s, t = start(3)
    assert t[T.TOGO + 0] == 32 and t[T.TOGO + 7] == 29 and t[T.TOGO + 13] == 25
    place(s, 0, 7)
    place(s, 1, 48, C.PRE_START)
    assert S.togo(s, t, 0) == 29 and S.togo(s, t, 1) == 2 + 32


@pytest.mark.parametrize("last", [True, False])
def test_JAM_Q7_sixth_hold_last(last: bool) -> None:
    s, t = start(3, sixth_hold_last=last)
    give_treasure(s, t, card_of(t, C.POWER, C.SIXTH_HOLD), 0)
    last_turn(s, t, 0, GOLD_GOLD, 2, 3)
    if last:
        assert s[S.pbase(0) + P.HOLD_KIND + C.SIXTH] == C.EMPTY
    else:
        assert dk(s) == "hold" and options(s, t) == [("hold", 2), ("hold", C.SIXTH)]
        play(s, t, "hold", C.SIXTH)
        assert s[S.pbase(0) + P.HOLD_N + C.SIXTH] == 2


@pytest.mark.parametrize("mode", ["most_negative", "player_choice"])
def test_JAM_Q8_give_cursed(mode: str) -> None:
    s, t = won_fight(give_cursed=mode)
    c2, c4 = card_of(t, C.CURSED, -2), card_of(t, C.CURSED, -4)
    give_treasure(s, t, c2, 0)
    give_treasure(s, t, c4, 0)
    spoils(s, t)
    gives = [p for tag, p in options(s, t) if tag == "give"]
    assert gives == ([c4] if mode == "most_negative" else [c2, c4])
    play(s, t, "give", c4)
    assert s[S.O.TOWNER + c4] == 1


@pytest.mark.parametrize("value", [-5, -2])
def test_JAM_Q9_pre_line_value(value: int) -> None:
    s, t = start(3, pre_line_value=value)
    place(s, 0, 20)
    place(s, 1, 43, C.PRE_START)
    place(s, 2, 43)
    assert S.space_value(s, t, 0) == S.space_value(s, t, 1) == value
    assert S.space_value(s, t, 2) == 4


@pytest.mark.parametrize("cap", [50, 20, 100])
def test_JAM_Q10_max_rounds(cap: int) -> None:
    s, t = start(3, max_rounds=cap)
    s[G.ROUND] = cap - 1
    last_turn(s, t, 0, GOLD_GOLD, 2, 3)
    assert s[G.PHASE] == S.PH.PLAY  # round cap - 1 ends: one more round
    s[G.ROUND] = cap
    last_turn(s, t, 0, GOLD_GOLD, 2, 3)
    assert s[G.PHASE] == S.PH.OVER


def test_JAM_Q11_ghost_rank_ties_are_the_captains_choice() -> None:
    assert SWITCH_OPTIONS["ghost_rank_measure"][1] == ("as_named",)
    s, t = start(2)
    tr = tracer()
    ghost_round(s, t, tr, (10, C.RACING), (10, C.RACING), (30, C.RACING))  # tied last
    assert dk(s) == "ghost_dir" and s[G.CUR] == s[G.CAPTAIN]
    play(s, t, "direction", C.BACKWARD, tr)
    assert rows(tr, "ghost_dir")[0][1:3] == [C.BACKWARD, 1]


def test_JAM_Q12_ghost_moves_by_the_morning_die_first() -> None:
    assert SWITCH_OPTIONS["ghost_die_order"][1] == ("morning_first",)
    s, t = start(2)
    tr = tracer()
    ghost_round(s, t, tr, (48, C.RACING), (10, C.RACING), (12, C.RACING), dm=1, de=4)
    assert [r[1:3] for r in rows(tr, "move") if r[0] == 2] == [[48, 47], [47, 43]]


def test_JAM_V1_ghost_ship_switch() -> None:
    s, t = start(2, ghost_ship=False)
    assert s[G.GHOST] == -1 and s[G.NSHIPS] == 2 and t[T.SWITCHES + SW.GHOST_SHIP] == 0
    s, t = start(3)
    assert s[G.GHOST] == -1  # the ghost sails only with 2 players
    s, t = start(2)
    assert s[G.DK] in (DK.DICE, DK.CARD) and s[G.GHOST] == 2
