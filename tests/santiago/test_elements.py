"""Santiago de Cuba's elements for restricted play (core/santiago/elements.py): the Cuban each
drive reaches, the building each move, use, marker or own use concerns, on constructed states
(fixed layout: Cuban i at stop i + 1, building i at slot i)."""
from __future__ import annotations

import numpy as np

from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import elements as E
from core.santiago import state as S
from core.santiago.game import GAME
from tests.elements import element_names
from tests.santiago.helpers import B, K, at_drive, choose, drive_to, flat_tables

T = flat_tables()


def names_by_option(s: np.ndarray) -> dict[tuple[str, int], list[str]]:
    return element_names("santiago", s, T, lambda o: (A.OT.keys[A.tag_of(o)], A.payload_of(o)))


def test_element_names_are_the_rules_files_keys():
    raw = GAME.rules.load_raw()
    assert [n.split(":", 1)[1] for n in E.NAMES[:C.NBUILDINGS]] == list(raw["buildings"])
    assert [n.split(":", 1)[1] for n in E.NAMES[C.NBUILDINGS:]] == list(raw["cubans"])


def test_SDC_R7_a_drive_uses_the_cuban_it_reaches_unless_closed():
    s = at_drive(T)
    s[S.pbase(0) + S.P.MONEY] = 20
    s[S.G.CAR] = K["pedro"]
    s[S.G.CLOSED] = (K["pedro"] + 2) % C.NSTOPS
    got = names_by_option(s)
    for (tag, d), names in got.items():
        stop = (K["pedro"] + d) % C.NSTOPS
        if stop == 0 or stop == s[S.G.CLOSED]:
            assert names == [], d            # the harbour, a closed Cuban
        else:
            assert names == [f"cuban:{C.CUBAN_KEYS[stop - 1]}"], d
    assert len(got) >= 3


def test_SDC_R9_R10_moves_uses_markers_and_own_uses_concern_their_building():
    s = at_drive(T)
    drive_to(s, T, K["alonso"])
    got = names_by_option(s)
    assert got[("nothing", 0)] == []
    assert got[("marker", B["cafe"])] == ["building:cafe"]
    choose(s, T, A.OT.MARKER, B["cafe"])
    moves = names_by_option(s)
    assert all(names == [f"building:{C.BUILDING_KEYS[slot]}"]
               for (tag, slot), names in moves.items() if tag == "move")
    s = at_drive(T)
    drive_to(s, T, K["pedro"])
    choose(s, T, A.OT.MOVE, B["casino"])
    assert s[S.G.DK] == S.DK.USE
    use = names_by_option(s)
    assert use[("no_use", 0)] == [] and use[("use", 0)] == ["building:casino"]
