"""Every Siberia strategy makes a legal, sensible choice at every decision point, without
changing the state (interpreted, constructed states)."""
from __future__ import annotations

import numpy as np
import pytest

from core.siberia import actions as A
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.game import GAME
from strategies.common.bound import bound
from tests.siberia.helpers import (
    card, give_resources, mine, paid, play, set_hand, set_row, start, turn_of,
)

NAMED = ("staff_first", "resource_rush", "greedy")
SIBERIA = bound(GAME)
REGISTRY = SIBERIA.registry


def ask(name: str, s: np.ndarray, t: np.ndarray, seed: int = 3) -> tuple[str, int]:
    kernels, params = REGISTRY.resolve([name])
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    n = A.legal(s, t, opts)
    before = s.copy()
    i = SIBERIA.decide(kernels[0], params[0], s, t, opts, n, np.array([seed], np.uint64))
    assert 0 <= i < n
    np.testing.assert_array_equal(before, s)
    return A.OT.keys[A.tag(opts[i])], int(A.payload(opts[i]))


@pytest.mark.parametrize("name", NAMED)
def test_a_rich_haul_is_mined_rather_than_drawing(name: str) -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    s[S.pbase(p) + S.P.WORKERS] = 3
    s[S.G.WORKERS] -= 2
    set_row(s, t, [("diamond", True, 7000), ("diamond", True, 6000), ("gold", True, 6000),
                   ("gas", False), ("gas", False), ("gas", False), ("coal", False)])
    set_hand(s, p, [card("diamond", "worker"), card("diamond", "salesman"),
                    card("coal", "worker")])
    turn_of(s, p)
    assert ask(name, s, t) == ("mine", mine("diamond", 2))


@pytest.mark.parametrize("name", NAMED)
def test_pays_with_the_pair_not_three_cards(name: str) -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gold", True)] + [("gas", False)] * 7)
    gw, gs = card("gold", "worker"), card("gold", "salesman")
    set_hand(s, p, [gw, gs, card("coal", "worker"), card("oil", "investor")])
    turn_of(s, p)
    play(s, t, "mine", mine("gold", 1))
    assert ask(name, s, t) == ("pay", paid(gw, gs))


@pytest.mark.parametrize("name", NAMED)
def test_hires_the_salesman_of_what_it_holds(name: str) -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gas", False)] * 8)  # nothing to mine
    give_resources(s, t, p, "diamond", 4)
    set_hand(s, p, [card("gas", "salesman"), card("coal", "salesman")])
    turn_of(s, p)
    assert ask(name, s, t) == ("hire_salesman", C.DIAMOND)


@pytest.mark.parametrize("name", NAMED)
def test_optional_discovery_when_leading(name: str) -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gas", True)] * 7 + [("coal", False)])
    turn_of(s, p, S.DK.DISCOVER)
    s[S.pbase(p) + S.P.WORKERS] += 2  # leading by $2000
    s[S.G.WORKERS] -= 2
    assert ask(name, s, t) == ("discover", 7)
    s[S.pbase(p) + S.P.WORKERS] -= 2
    q = (p + 1) % 3
    s[S.pbase(q) + S.P.WORKERS] += 2  # behind
    discover = REGISTRY.strategies()[name].params["discover"]
    assert ask(name, s, t)[0] == ("discover" if discover == "always" else "no_discovery")
