"""Jamaica rules data: the shipped file loads with the reference's facts; a bad file, a bad
switch value and a bad command-line input are one line."""
from __future__ import annotations

from pathlib import Path

import pytest

from core.jamaica import codes as C
from core.jamaica.tables import assumed_values, load_raw, load_tables
from tests.rules_data import replace_once, text_error


def test_the_board_deck_die_and_treasures_of_the_reference() -> None:
    t = load_tables()
    assert t.space_kind.tolist().count(C.PORT) == 11 and t.space_kind.tolist().count(C.SEA) == 29
    assert [x for x in range(C.NSPACES) if len([y for y in t.next[2 * x:2 * x + 2] if y >= 0])
            == 2] == [6, 19, 32]  # the forks
    assert t.space_score[41:].tolist() == list(range(2, 11)) and t.togo[0] == 32
    syms = t.card_sym.tolist()
    assert [syms.count(k) for k in (C.FORWARD, C.BACKWARD, C.GOLD, C.FOOD, C.POWDER)] \
        == [8, 2, 4, 4, 4]
    assert t.die.tolist() == [2, 4, 6, 8, 10, -1]
    assert sorted(t.treasure_value[t.treasure_kind != C.POWER].tolist()) \
        == [-4, -3, -2, 3, 3, 5, 7, 7]
    assert assumed_values(load_raw()) == []  # every Jamaica value is seed or sourced


def test_the_card_of_each_power_is_inferred_from_the_treasure_cards() -> None:
    """JAM-R1: the four power cards are among the treasures; power_card names each one's card
    (what the engine reads instead of searching the treasures)."""
    t = load_tables()
    for power in range(C.NPOWERS):
        c = t.power_card[power]
        assert t.treasure_kind[c] == C.POWER and t.treasure_value[c] == power
    assert sorted(t.power_card.tolist()) == [c for c in range(C.NTREASURES)
                                             if t.treasure_kind[c] == C.POWER]


@pytest.mark.parametrize(("old", "new", "fragment"), [
    ('{ id = 4, kind = "lair", cost = 0,', '{ id = 4, kind = "lair", cost = 2,',
     "Port Royal and lairs cost 0"),
    ('next = [7,13]', 'next = [7,13,14]', "array of 1 or 2 space ids"),
    ('faces = [2, 4, 6, 8, 10, "star"]', 'faces = [2, 4, 6, 8, 10, 12]', 'exactly one "star"'),
    ('{ id = 1, morning = "food",', '{ id = 1, morning = "rum",', "unknown symbol 'rum'"),
    ('{ id = 12, kind = "cursed", value = -4,', '{ id = 12, kind = "cursed", value = 4,',
     "a cursed one < 0"),
    ('hand_size = { value = 3,', 'hand_size = { value = 5,', "morgan_hand"),
    ("max_rounds = 50", "max_rounds = 7", "not allowed"),
])
def test_bad_rules_data_is_one_line(tmp_path: Path, old: str, new: str, fragment: str) -> None:
    assert fragment in text_error("jamaica", tmp_path, replace_once(old, new))
