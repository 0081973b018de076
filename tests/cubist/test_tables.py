"""Cubist rules data: the reference's tables as revised on 2026-12-01 (§6.1-§6.3), statuses,
switch defaults, and one-line errors for bad data."""
from __future__ import annotations


import pytest

from core.cubist import codes as C
from core.cubist import tables as TB
from tests.rules_data import raw_error


def test_CUBIST_tables_match_the_reference_totals():
    t = TB.load_tables()
    assert int(t.inst_dice.sum()) == 113 and int(t.inst_spaces.sum()) == 34
    assert set(t.inst_spaces[:23]) == {1, 2}  # one or two museum dice per card (SOURCED)
    assert int(t.art_n[0]) == 25 and int(t.mus_n[0]) == 9
    kinds = [C.ARTIST_NAMES[k] for k in t.art_kind[:25]]
    assert [kinds.count(a) for a in C.ARTIST_NAMES] == [3, 2, 2, 2, 4, 4, 6, 2]
    assert sorted(t.mus_players[:9]) == [2, 2, 2, 3, 3, 3, 4, 4, 4]


def test_CUBIST_revised_cards_I21_to_I23():
    raw = TB.load_raw()
    cards = {e["id"]: e for e in raw["installations"]}
    assert (cards["I21"]["plan"], cards["I21"]["points"], cards["I21"]["museum_dice"]) == \
        ("1221/.11.", 10, ["1/3", "5"])
    assert (cards["I22"]["plan"], cards["I22"]["points"]) == ("121/212", 12)
    assert (cards["I23"]["plan"], cards["I23"]["points"], cards["I23"]["museum_dice"]) == \
        ("41/14", 14, ["1/4", "3/6"])


def test_CUBIST_every_value_has_a_status_and_switches_default_as_the_reference():
    raw = TB.load_raw()
    for section in ("installations", "artists", "museums"):
        assert all(e["status"] in TB.STATUS_LABELS for e in raw[section])
    assert all(e["status"] in TB.STATUS_LABELS for e in raw["misc"].values())
    assert TB.switch_values(raw) == {
        "adjacency": "strict", "end_timing": "finish_round", "score_unflipped_cards": True,
        "modifier_sign": "choose", "artist_flush_to": "deck_bottom", "rozanova": "swap_colour",
        "allow_mirror": False, "restack_own_artist": False, "remove_only_top": True,
        "final_tie": "museum_then_installations"}
    assert set(TB.SWITCH_IDS.values()) == {f"CUBIST-Q{i}" for i in range(1, 11)}


def test_CUBIST_orientations_are_rotations_then_mirrors():
    grid = TB.parse_plan("p", "11./.11", 5, 5)
    o = TB.orientations(grid)
    assert o[0] == [[1, 1, 0], [0, 1, 1]] and o[1] == [[0, 1], [1, 1], [1, 0]]
    assert o[4] == [[0, 1, 1], [1, 1, 0]]


@pytest.mark.parametrize("edit,needle", [
    (lambda r: r["installations"][0].update(plan="1.1"), "not connected"),
    (lambda r: r["installations"][0].update(plan="111111"), "larger than"),
    (lambda r: r["installations"][0].update(museum_dice=["7"]), "values 1-6"),
    (lambda r: r["artists"][0].update(artist="picasso"), "one of boccioni"),
    (lambda r: r["museums"][0].update(cornerstone="r2c2"), "plan cell"),
    (lambda r: r["misc"]["storage"].update(value=3), "storage"),
    (lambda r: r["switches"].update(adjacency="loose"), "not allowed"),
])
def test_CUBIST_bad_rules_data_one_line_error(edit, needle):
    assert needle in raw_error("cubist", edit)
