"""Cubist's elements for restricted play (core/cubist/elements.py): the artist kind each
recruit or use option concerns, on constructed states."""
from __future__ import annotations

import numpy as np

from core.cubist import actions as A
from core.cubist import codes as C
from core.cubist import elements as E
from core.cubist.game import GAME
from tests.cubist.helpers import artist_slot, clear_warehouse, give, start
from tests.cubist.test_rules import use_ready
from tests.elements import element_names


def names_of(s: np.ndarray, t: np.ndarray) -> dict[tuple[str, int], list[str]]:
    return element_names("cubist", s, t, lambda o: (A.OT.keys[A.tag(o)], int(A.payload(o))))


def test_element_names_are_the_rules_files_artist_kinds():
    raw = GAME.rules.load_raw()
    kinds = {a["artist"] for a in raw["artists"]}
    assert set(E.NAMES) == {f"artist:{k}" for k in kinds}
    assert GAME.elements.groups() == ("artist",)


def test_CUBIST_R17_recruiting_concerns_the_artist_of_the_slot():
    s, t = start()
    clear_warehouse(s)
    artist_slot(s, 0, "A18")  # Malevich, 2 dice
    give(s, 3, 3, 5)
    got = names_of(s, t)
    recruits = [names for (tag, x), names in got.items() if tag == "recruit" and x & 3 == 0]
    assert recruits and all(names == ["artist:malevich"] for names in recruits)
    assert all(names == [] for (tag, _), names in got.items() if tag in ("place", "end"))


def test_CUBIST_R21_using_concerns_the_artist_used():
    s, t = use_ready("A02")  # Boccioni
    uses = [names for (tag, x), names in names_of(s, t).items() if tag == "use"]
    assert len(uses) == 2 and all(names == ["artist:boccioni"] for names in uses)
    assert C.ARTIST_NAMES.index("boccioni") == C.BOCCIONI
