"""Cuba's elements for restricted play (core/cuba/elements.py): which buildings, characters,
alternatives and statute cards each option builds, uses or passes, on constructed states."""
from __future__ import annotations

import numpy as np

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import elements as E
from core.cuba import state as S
from core.cuba.game import GAME
from tests.cuba.helpers import choose
from tests.cuba.rules_scenario import T, b_, bld, cur, give, play, put, scenario, set_pawn
from tests.elements import element_names


def names_of(s: np.ndarray, o: int) -> list[str]:
    """The names of the elements option o builds, uses or passes in s."""
    mask = int(E.elements_of(s, T, np.int32(o)))
    return [n for i, n in enumerate(E.NAMES) if (mask >> i) & 1]


def by_tag(s: np.ndarray) -> dict[tuple[str, int], list[str]]:
    """(tag, payload) -> element names, for every legal option of s."""
    return element_names("cuba", s, T, lambda o: (A.OT.keys[A.tag_of(o)], A.payload_of(o)))


def test_element_names_are_the_rules_files_keys():
    raw = GAME.rules.load_raw()
    buildings = [n.split(":", 1)[1] for n in E.NAMES if n.startswith("building:")]
    statutes = [n.split(":", 1)[1] for n in E.NAMES if n.startswith("statute:")]
    assert buildings == list(raw["buildings"])[:C.NBUILDINGS]
    assert statutes == [c["id"] for c in raw["statutes"]["cards"]]
    assert GAME.elements.names == E.NAMES
    assert GAME.elements.groups() == ("building", "character", "alternative", "statute")


def test_CUBA_R12_a_character_card_plays_that_character():
    s = scenario()
    got = by_tag(s)
    assert got == {("card", c): [f"character:{C.CHAR_NAMES[c]}"] for c in range(C.NCHARS)}


def test_CUBA_R17_R18_the_architect_builds_the_kind_chosen_or_takes_the_alternative():
    s = scenario()
    p = cur(s)
    for k in (C.WD, C.ST, C.WA):
        give(s, p, k, 3)
    play(s, T, C.ARCHITECT)
    got = by_tag(s)
    built = {payload: names for (tag, payload), names in got.items() if tag == "build"}
    assert len(built) >= 2
    assert all(names == [f"building:{C.BUILDING_KEYS[k]}"] for k, names in built.items())
    assert got[("alternative", 0)] == ["alternative:architect"]
    assert got[("pass", 0)] == []
    k = next(iter(built))
    choose(s, T, A.OT.BUILD, k)
    assert all(names == [] for names in by_tag(s).values())  # the field: nothing more built


def test_CUBA_R19_the_foreman_uses_the_buildings_of_its_choice():
    s = scenario()
    p = cur(s)
    put(s, p, bld("cement_factory"), 5)
    put(s, p, bld("saw_mill"), 7)
    set_pawn(s, p, 5)
    play(s, T, C.FOREMAN)
    got = by_tag(s)
    assert got[("one_building", 5)] == ["building:cement_factory"]
    assert got[("one_building", 7)] == ["building:saw_mill"]
    assert got[("one_building", 0)] == []  # the printed warehouse is no element
    rc = A.rowcol_mask(s[b_(p) + S.P.PAWN])
    expected = sorted(f"building:{k}" for f, k in ((5, "cement_factory"), (7, "saw_mill"))
                      if (rc >> f) & 1)
    assert sorted(got[("row_column", 0)]) == expected and expected
    assert got[("pass", 0)] == []
    choose(s, T, A.OT.ONE_BUILDING, 5)
    assert s[S.G.DK] == S.DK.BUILDING_USE
    use = by_tag(s)
    assert use[("use", 0)] == []  # not used
    assert all(names == ["building:cement_factory"] for (_, a), names in use.items() if a)


def test_CUBA_R16_R21_the_tradeswoman_and_mayor_alternatives():
    s = scenario()
    play(s, T, C.TRADER)
    got = by_tag(s)
    assert got[("market", 0)] == []
    alts = [names for (tag, _), names in got.items() if tag == "alternative"]
    assert alts and all(names == ["alternative:tradeswoman"] for names in alts)
    s = scenario()
    play(s, T, C.MAYOR)
    got = by_tag(s)
    assert got[("alternative", 0)] == ["alternative:mayor"]
    assert all(names == [] for (tag, _), names in got.items() if tag == "load")


def test_CUBA_R40_passing_two_bills_passes_both_statute_cards():
    s = scenario()
    s[S.O.BILLS:S.O.BILLS + 4] = [0, 7, -1, 20]
    s[S.G.DK] = S.DK.BILLS
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    n = A.bills_options(s, T, opts)
    ids = E.NAMES[E.FIRST_STATUTE:]
    got = {A.payload_of(o): names_of(s, o) for o in opts[:n]}
    assert got == {0 * 4 + 1: [ids[0], ids[7]], 0 * 4 + 3: [ids[0], ids[20]],
                   1 * 4 + 3: [ids[7], ids[20]]}
