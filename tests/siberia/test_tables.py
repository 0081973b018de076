"""Siberia rules data (configs/games/siberia.toml) against shared/rules/siberia.md §6-§8."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from core.siberia import codes as C
from core.siberia.tables import (
    DEFAULT_PATH, SWITCH_IDS, SWITCH_OPTIONS, RulesDataError, SiberiaTables, assumed_values,
    flatten, load_raw, load_tables, rules_data_hash, switch_values, validate,
)
from tests.rules_data import Edit, RawEdits, raw_error


@pytest.fixture(scope="module")
def tables() -> SiberiaTables:
    return load_tables()


def test_default_file_loads_and_flattens(tables: SiberiaTables) -> None:
    for name, array in tables._asdict().items():
        assert array.dtype == np.int32, name
    assert flatten(tables).size == C.T.SIZE
    validate(load_raw())


def test_misc_values_SIB_R1_R2_R3_R5_R6_R7_R8_R9_R17(tables: SiberiaTables) -> None:
    m = dict(zip(C.M.keys, tables.misc.tolist()))
    assert m == {"money_unit": 1000, "min_players": 2, "row_size": 8, "face_up_start": 3,
                 "start_workers": 1, "start_hand": 5, "hand_limit": 8, "draw_cards": 2,
                 "play_draw": 1, "discovery_threshold": 3, "combo_match": 2, "combo_any": 2,
                 "investor_saves": 1, "person_value": 1, "worker_supply": 10,
                 "stalemate_rounds": 1}


def test_resource_cards_6_1(tables: SiberiaTables) -> None:
    """36 cards: counts and value sums per kind as §6.1 (money in thousands)."""
    assert tables.res_count.tolist() == [10, 8, 7, 6, 5]
    n = int(tables.res_count.sum())
    kinds, values = tables.res_kind[:n], tables.res_value[:n]
    assert [int(values[kinds == k].sum()) for k in range(5)] == [19, 24, 29, 30, 27]
    assert (tables.res_kind[n:] == -1).all() and (tables.res_value[n:] == 0).all()


def test_action_deck_6_2_and_salesmen_6_3(tables: SiberiaTables) -> None:
    assert tables.action_count.tolist() == [4] * 15 and tables.action_count.sum() == 60
    assert tables.salesman_count.tolist() == [1] * 8
    assert tables.salesman_value.tolist() == [4, 5, 6, 7, 8, 2, 3, 4]
    assert tables.investor_count.tolist() == [1] * 5


def test_switch_defaults_SIB_Q1_to_Q9_V1_V2() -> None:
    assert switch_values(load_raw()) == {
        "worker_cap": 5, "investor_two_any": True, "refill_mode": "slide",
        "mine_max_forced": False, "trigger_player_extra_turn": True, "discover_any": True,
        "final_tie": "resources_then_hand", "players_max": 4,
        "force_discovery_when_deck_empty": True}
    assert set(SWITCH_IDS) == set(SWITCH_OPTIONS)
    ids = {q for v in SWITCH_IDS.values() for q in v.removeprefix("SIB-").split("/")}
    assert ids == {f"Q{i}" for i in range(1, 10)} | {"V1", "V2"}


@pytest.mark.parametrize(("name", "option"), [(n, o) for n, (_, opts) in SWITCH_OPTIONS.items()
                                              for o in opts])
def test_every_switch_option_loads(name: str, option: object) -> None:
    t = load_tables(overrides={name: option})
    index = SWITCH_OPTIONS[name][0]
    if option == "none":
        expected = 0  # worker_cap: no cap
    elif isinstance(option, str):
        expected = SWITCH_OPTIONS[name][1].index(option)
    else:
        expected = int(option)
    assert t.switches[index] == expected


def test_assumed_values_are_the_reference_assumptions() -> None:
    assert set(assumed_values(load_raw())) == {f"resources.{k}.values" for k in C.RES_NAMES} | {
        f"actions.{k}" for k in C.RES_NAMES} | {"misc.stalemate_rounds"}


def test_rules_data_hash_and_cache(tmp_path: Path) -> None:
    assert len(rules_data_hash()) == 16
    assert load_tables() is load_tables(DEFAULT_PATH)
    copy_path = tmp_path / "siberia.toml"
    copy_path.write_bytes(DEFAULT_PATH.read_bytes() + b"\n# edited\n")
    assert rules_data_hash(copy_path) != rules_data_hash()


BAD_RAW = RawEdits()


@BAD_RAW.case("range-6.1", "resources.gas.values[0] is 9000; it must lie within range [1000, 3000]")
def _values_out_of_range(raw: dict) -> None:
    raw["resources"]["gas"]["values"][0] = 9000


@BAD_RAW.case("count-6.1", "resources.coal.values has 7 values (one per card: count); need "
                           "exactly 8")
def _values_count(raw: dict) -> None:
    raw["resources"]["coal"]["values"].pop()


@BAD_RAW.case("unit", "salesmen.gold.value is 7500; money values must be multiples of "
                      "misc.money_unit (1000)")
def _not_a_multiple(raw: dict) -> None:
    raw["salesmen"]["gold"]["value"] = 7500


@BAD_RAW.case("category-6.3", "unknown salesman category 'uranium' in [salesmen]")
def _unknown_category(raw: dict) -> None:
    raw["salesmen"]["uranium"] = {"count": 1, "value": 1000, "status": "seed"}


@BAD_RAW.case("status", "investors.gas.status is 'guess'; use one of seed, sourced, inferred, "
                        "assumed")
def _bad_status(raw: dict) -> None:
    raw["investors"]["gas"]["status"] = "guess"


@BAD_RAW.case("capacity-R1", "misc.row_size.value is 13; it must be at most 12")
def _row_too_long(raw: dict) -> None:
    raw["misc"]["row_size"]["value"] = 13


@BAD_RAW.case("deal-R3", "[actions] has 5 cards, too few to deal 5 to 4 players")
def _too_few_actions(raw: dict) -> None:
    for k in C.RES_NAMES:
        raw["actions"][k].update(worker=1, salesman=0, investor=0)


@BAD_RAW.case("switch-V1", "switch worker_cap = 6 in [switches] is not allowed (options: 5, "
                           "\"none\")")
def _bad_switch(raw: dict) -> None:
    raw["switches"]["worker_cap"] = 6


@pytest.mark.parametrize(("mutate", "fragment"), BAD_RAW.params())
def test_bad_rules_data_is_one_line(mutate: Edit, fragment: str) -> None:
    message = raw_error("siberia", mutate)
    assert message.startswith("siberia.toml: ") and fragment in message, message


def test_bad_override() -> None:
    with pytest.raises(RulesDataError, match="switch refill_mode = \"sideways\" in the "
                                             "overrides is not allowed"):
        load_tables(overrides={"refill_mode": "sideways"})
