"""Jamaica's elements for restricted play (core/jamaica/elements.py): the action card each
card option lays and the power treasure each spoils option takes, on constructed states."""
from __future__ import annotations

import numpy as np

from core.jamaica import actions as A
from core.jamaica import codes as C
from core.jamaica import elements as E
from core.jamaica import state as S
from core.jamaica.game import GAME
from core.jamaica.state import G, P
from tests.elements import element_names
from tests.jamaica.helpers import options, play, start
from tests.jamaica.test_rules import (
    FWD_FOOD, card_of, die_face, dk, fight, force_draws, give_treasure, last_turn,
)


def names_of(s: np.ndarray, t: np.ndarray) -> dict[tuple[str, int], list[str]]:
    return element_names("jamaica", s, t, lambda o: (A.OT.keys[A.tag(o)], int(A.payload(o))))


def test_element_names_follow_the_rules_file():
    raw = GAME.rules.load_raw()
    assert [f"card:{c['id']}" for c in raw["deck"]["cards"]] == list(E.NAMES[:C.NCARDS])
    powers = [c["power"] for c in raw["treasure"]["cards"] if c["kind"] == "power"]
    assert sorted(f"power:{p}" for p in powers) == sorted(E.NAMES[C.NCARDS:])


def test_JAM_R7_a_card_option_lays_that_card():
    s, t = start(4, 2)
    if dk(s) == "dice":
        play(s, t, "keep")
    assert dk(s) == "card"
    hand = s[S.pbase(s[G.CUR]) + P.HAND]
    got = names_of(s, t)
    assert got == {("card", c): [f"card:{c + 1}"] for c in range(C.NCARDS) if (hand >> c) & 1}


def test_JAM_R19_taking_a_power_treasure_takes_that_power_and_nothing_else_does():
    s, t = fight()
    give_treasure(s, t, card_of(t, C.POWER, C.MORGAN), 1)
    give_treasure(s, t, card_of(t, C.VALUE, 7), 1)
    force_draws(s, [(die_face(t, 10), 6), (die_face(t, 2), 6)])
    last_turn(s, t, 0, FWD_FOOD, 1, 1)
    assert dk(s) == "spoils" and ("blind", 0) in options(s, t)
    got = names_of(s, t)
    assert got[("take_card", card_of(t, C.POWER, C.MORGAN))] == ["power:morgans_map"]
    assert all(names == [] for key, names in got.items()
               if key != ("take_card", card_of(t, C.POWER, C.MORGAN)))
