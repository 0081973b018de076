"""Decisions a club player would not get wrong, on constructed states: each test names the
decision and the rule clauses it turns on (shared rules, siberia.md)."""
from __future__ import annotations

import pytest

from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.check import check_state
from tests.siberia.helpers import card, set_hand, set_row, start, turn_of
from tests.strategies.siberia.test_kernels import NAMED, ask


@pytest.mark.parametrize("name", NAMED)
def test_main_action_near_the_end_spends_the_hand_rather_than_drawing_SIB_R6_R16_R17(
        name: str) -> None:
    """The deck is empty and one face-down card is left: the end comes within about a round
    (SIB-R16). Six cards in hand can no longer all be spent (one combination per turn, then
    one card drawn: SIB-R6, R8), and a card left in hand scores nothing (SIB-R17): a hire's
    certain $1000 beats drawing two more cards."""
    s, t = start(3)
    p = 1
    set_row(s, t, [("coal", False)], deck=0)
    set_hand(s, p, [card("gas", "investor"), card("coal", "investor"), card("oil", "worker"),
                    card("gold", "worker"), card("diamond", "salesman"), card("gas", "salesman")])
    for c in (C.SALESMAN, C.WORKER):  # P3 hired the salesmen that lift hires' own cards
        s[S.O.SALESMEN + c] -= 1
        s[S.pbase(2) + S.P.SALESMEN + c] += 1
    s[S.G.SALESMEN_LEFT], s[S.G.INVESTORS_LEFT] = S.supply_bits(s)
    turn_of(s, p)
    assert s[S.pbase(p) + S.P.HAND_N] == 6 and check_state(s, t) == 0
    assert ask(name, s, t)[0] in ("hire_worker", "hire_salesman", "hire_investor")
