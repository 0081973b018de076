"""Siberia's elements for restricted play (core/siberia/elements.py): each main option's hire
or mined resource, on constructed states."""
from __future__ import annotations

import numpy as np

from core.siberia import actions as A
from core.siberia import codes as C
from core.siberia import elements as E
from core.siberia import state as S
from core.siberia.game import GAME
from tests.elements import element_names
from tests.siberia.helpers import card, set_hand, set_row, start, turn_of


def names_by_option(s: np.ndarray, t: np.ndarray) -> dict[tuple[str, int], list[str]]:
    return element_names("siberia", s, t, lambda o: (A.OT.keys[A.tag(o)], int(A.payload(o))))


def test_element_names():
    assert GAME.elements.names == E.NAMES
    assert GAME.elements.groups() == ("hire", "mine")
    assert len(E.NAMES) == 1 + C.NSYM + 2 * C.NRES


def test_SIB_R11_R12_R13_each_hire_is_its_hire_kind():
    s, t = start(3)
    p = s[S.G.CUR]
    set_hand(s, p, [card("gold", "worker"), card("coal", "worker"), card("gold", "salesman"),
                    card("coal", "salesman"), card("gold", "investor"),
                    card("oil", "investor")])
    turn_of(s, p)
    got = names_by_option(s, t)
    assert got[("hire_worker", 0)] == ["hire:worker"]
    for c in range(C.NSYM):
        assert got[("hire_salesman", c)] == [f"hire:salesman_{C.SYMBOL_NAMES[c]}"]
    for r in range(C.NRES):
        assert got[("hire_investor", r)] == [f"hire:investor_{C.RES_NAMES[r]}"]
    assert [v for (tag, _), v in got.items() if tag in ("draw", "skip")] == [[]]


def test_SIB_R10_mining_is_its_resource_whatever_the_count():
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gas", True), ("gas", True), ("coal", True)] + [("oil", False)] * 5)
    set_hand(s, p, [card("gas", "worker"), card("coal", "worker"), card("gas", "salesman")])
    turn_of(s, p)
    mines = {payload: v for (tag, payload), v in names_by_option(s, t).items()
             if tag == "mine"}
    assert mines
    for payload, names in mines.items():
        assert names == [f"mine:{C.RES_NAMES[payload >> A.MINE_SHIFT]}"]
