"""Cuba rules data (configs/games/cuba.toml) against the rules reference shared/rules/cuba.md."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from core.cuba import codes as c
from core.cuba.tables import (
    _LOAD_SWITCHES, DEFAULT_PATH, SWITCH_OPTIONS, CubaTables, RulesDataError, assumed_values,
    build_tables, load_raw, load_tables, rules_data_hash, switch_values, validate,
)
from tests.rules_data import Edit, RawEdits, raw_error, replace_once, text_error

RESOURCE_FIELDS = (c.F_FO, c.F_MO, c.F_LA)
PRODUCT_FIELDS = (c.F_CI, c.F_SU, c.F_TO)
LAYOUT_NAMES = ("standard",) + c.COLOURS


@pytest.fixture(scope="module")
def tables() -> CubaTables:
    return load_tables()


@pytest.fixture()
def raw() -> dict:
    return load_raw()


def building(key: str) -> int:
    return c.BUILDING_KEYS.index(key)


def statute_row(card_id: str) -> int:
    roman, n = card_id.split("-")
    return ("I", "II", "III", "IV").index(roman) * c.PILE_CARDS + int(n) - 1


# --- the default file ------------------------------------------------------------------------

def test_default_file_loads_as_int32_arrays(tables: CubaTables) -> None:
    shapes = {
        "misc": (c.NMISC,), "switches": (c.NSWITCHES,), "supply": (c.NKINDS,),
        "char_votes": (c.NCHARS,), "building_cost": (c.NBUILDINGS, 3),
        "building_copies": (c.NBUILDINGS,), "building_feature": (c.NBUILDINGS + 1,),
        "building_param": (c.NBUILDINGS + 1, 3), "statute_type": (c.NSTATUTE_ROWS,),
        "statute_effect": (c.NSTATUTE_ROWS,), "statute_param": (c.NSTATUTE_ROWS, 2),
        "pile_cards": (4, c.PILE_CARDS), "ship_spots": (c.NSHIPS, c.SHIP_SPOTS),
        "layouts": (c.NLAYOUTS, c.NFIELDS), **{f: (c.NMERCH,) for f in CubaTables._fields
                                               if f.startswith("market_")},
    }
    assert set(shapes) == set(CubaTables._fields)
    for name, array in tables._asdict().items():
        assert array.dtype == np.int32, name
        assert array.shape == shapes[name], name


def test_validate_accepts_default(raw: dict) -> None:
    validate(raw)


def test_misc_values(tables: CubaTables) -> None:
    """CUBA-R0, R9, R10, R12, R14, R18, R21, R43, R44, R49."""
    m = tables.misc
    assert (m[c.M.START_MONEY], m[c.M.ROUNDS], m[c.M.CARDS_PLAYED]) == (10, 6, 4)
    assert (m[c.M.START_RESOURCES], m[c.M.START_PRODUCTS], m[c.M.WORKER_PRODUCT_FIELDS]) \
        == (2, 2, 2)
    assert (m[c.M.TAX_VP], m[c.M.DUTY_VP], m[c.M.TAX_DUTY_BONUS_VP], m[c.M.END_BUILDING_VP]) \
        == (2, 2, 1, 2)
    assert (m[c.M.ARCHITECT_ALT_VP_FIRST], m[c.M.ARCHITECT_ALT_VP_SECOND]) == (2, 1)
    assert (m[c.M.MAYOR_ALT_MONEY_FIRST], m[c.M.MAYOR_ALT_MONEY_SECOND], m[c.M.TRADER_ALT_PIECES]) \
        == (4, 2, 1)
    assert (m[c.M.MIN_PLAYERS], m[c.M.MAX_PLAYERS]) == (2, 5)
    assert (m[c.M.MONEY_SUPPLY], m[c.M.MAX_BID]) == (85, 60)


def test_supply_and_character_votes(tables: CubaTables) -> None:
    """CUBA-R1 limited stock; §6.1 votes 1..5."""
    assert tables.supply.tolist() == [15, 15, 15, 18, 18, 18, 15, 15]
    assert tables.char_votes.tolist() == [1, 2, 3, 4, 5]


def test_buildings_spot_checks(tables: CubaTables) -> None:
    """CUBA-R3: 25 tiles of 23 kinds; §6.2 costs and features."""
    assert tables.building_cost[building("hotel")].tolist() == [2, 2, 1]
    assert tables.building_cost[building("golf_course")].tolist() == [0, 0, 2]
    assert tables.building_cost[building("large_bank")].tolist() == [2, 3, 0]
    assert tables.building_copies[building("cigar_factory")] == 2
    assert tables.building_copies[building("distillery")] == 2
    assert tables.building_copies.sum() == 25
    feature, param = tables.building_feature, tables.building_param
    assert feature[building("cement_factory")] == c.FT_RETURN_VP
    assert param[building("cement_factory")].tolist() == [c.ST, 4, 1]
    assert param[building("saw_mill")].tolist() == [c.WD, 4, 1]
    assert param[building("monastery")].tolist() == [c.SEL_ANY_PRODUCT, 2, 1]
    assert param[building("cigar_cafe")].tolist() == [c.CG, 3, 2]
    assert param[building("general_store")].tolist() == [c.SEL_ANY_GOOD, 1, 6]
    assert param[building("resource_house")].tolist() == [c.SEL_ANY_RESOURCE, 2, 2]
    assert feature[building("cigar_factory")] == c.FT_CONVERT
    assert param[building("cigar_factory")].tolist() == [c.TO, c.CG, -1]
    assert param[building("distillery")].tolist() == [c.SU, c.RU, -1]
    assert feature[building("dam")] == c.FT_GAIN_PIECES
    assert param[building("dam")].tolist() == [c.WA, 2, 0]
    assert param[building("town_hall")].tolist() == [2, 0, 0]
    assert feature[c.WAREHOUSE_BUILDING] == c.FT_STORE
    assert feature[c.PRINTED_WAREHOUSE] == c.FT_STORE
    assert feature.tolist()[:-1] == [c.FEATURE_KEYS.index(f) for f in (
        "return_vp", "return_vp", "return_vp", "return_vp", "return_vp", "return_vp",
        "small_branch", "large_branch", "gain_vp", "gain_vp", "sell", "sell", "sell",
        "gain_money", "gain_money", "convert", "convert", "black_market", "church",
        "town_hall", "gain_pieces", "lighthouse", "store")]


def test_statutes(tables: CubaTables) -> None:
    """CUBA-R6 printed acts, CUBA-R11 piles of 6, §6.3 cards."""
    assert tables.pile_cards.tolist() == [list(range(t * 6, t * 6 + 6)) for t in range(4)]
    assert tables.statute_type.tolist() == [t for t in range(4) for _ in range(6)] \
        + [c.TAX, c.DUTY]
    effect, param = tables.statute_effect, tables.statute_param
    assert (effect[c.PRINTED_TAX], param[c.PRINTED_TAX, 0]) == (c.EF_TAX_FLAT, 2)
    assert (effect[c.PRINTED_DUTY], *param[c.PRINTED_DUTY]) == (c.EF_DUTY, c.CI, 1)
    assert [param[statute_row(f"I-{n}"), 0] for n in range(1, 6)] == [1, 2, 3, 4, 5]
    assert effect[statute_row("I-6")] == c.EF_TAX_PER_BUILDING
    assert param[statute_row("II-4")].tolist() == [c.WA, 1]
    assert param[statute_row("II-5")].tolist() == [c.SEL_ANY_RESOURCE, 2]
    assert param[statute_row("II-6")].tolist() == [c.SEL_ANY_PRODUCT, 2]
    assert (effect[statute_row("III-4")], *param[statute_row("III-4")]) \
        == (c.EF_SUB_KIND_HELD, c.WA, 7)
    assert param[statute_row("III-6")].tolist() == [3, 7]
    assert effect[c.OTHER * 6:c.NSTATUTES].tolist() == list(range(c.EF_MARKET_DEC,
                                                                  c.EF_CORRUPTION + 1))
    assert param[statute_row("IV-1"), 0] == param[statute_row("IV-2"), 0] == 2


def test_ship_totals(tables: CubaTables) -> None:
    """§6.4 (ASSUMED ships): spot totals, 12 ships per product, >= 3 kinds, 0-2 goods each."""
    spots = tables.ship_spots
    totals = Counter(spots.ravel().tolist())
    assert [totals[k] for k in (c.CI, c.SU, c.TO, c.RU, c.CG)] == [20, 20, 20, 8, 7]
    assert set(totals) <= set(range(c.FIRST_PRODUCT, c.NKINDS))  # merchandise only (CUBA-R20)
    for kind in (c.CI, c.SU, c.TO):
        assert sum(kind in ship for ship in spots.tolist()) == 12
    for ship in spots.tolist():
        assert len(set(ship)) >= 3
        assert sum(k >= c.RU for k in ship) <= 2


@pytest.mark.parametrize("layout", range(c.NLAYOUTS), ids=LAYOUT_NAMES)
def test_layout_field_counts(tables: CubaTables, layout: int) -> None:
    """§6.5: 1 WH (at r1c1), 1 La, 2 Mo, 2 Fo, 2 Ci, 2 Su, 2 To."""
    fields = tables.layouts[layout].tolist()
    counts = Counter(c.FIELD_CODES[f] for f in fields)
    assert counts == {"WH": 1, "La": 1, "Mo": 2, "Fo": 2, "Ci": 2, "Su": 2, "To": 2}
    assert fields[0] == c.F_WH


def activation_profile(fields: list[int]) -> Counter:
    """(resource fields, product fields) activated over the 12 pawn positions (CUBA-R14)."""
    profile: Counter = Counter()
    for pos in range(c.NFIELDS):
        row, col = divmod(pos, c.NCOLS)
        cells = {f for f in range(c.NFIELDS) if f // c.NCOLS == row or f % c.NCOLS == col}
        active = [fields[f] for f in cells if fields[f] != c.F_WH]
        profile[(sum(f in RESOURCE_FIELDS for f in active),
                 sum(f in PRODUCT_FIELDS for f in active))] += 1
    return profile


@pytest.mark.parametrize("layout", range(c.NLAYOUTS), ids=LAYOUT_NAMES)
def test_layout_activation_profile(tables: CubaTables, layout: int) -> None:
    """§6.5 balance claim, CUBA-R14 worker activation, CUBA-V2 side choice."""
    expected = Counter({(2, 3): 5, (2, 4): 2, (3, 3): 3, (3, 2): 1, (4, 2): 1})
    assert activation_profile(tables.layouts[layout].tolist()) == expected


def test_layout_order(raw: dict, tables: CubaTables) -> None:
    """Row 0 = standard side, rows 1..5 = codes.COLOURS order (CUBA-V2)."""
    for row, name in enumerate(LAYOUT_NAMES):
        codes = [c.FIELD_CODES.index(f) for r in raw["plantations"][name]["rows"] for f in r]
        assert tables.layouts[row].tolist() == codes


def test_market(tables: CubaTables) -> None:
    """CUBA-R4 start fill, CUBA-R27 rows, CUBA-R29 $7 from stock, CUBA-R30 $1/$3 to stock."""
    assert tables.market_len.tolist() == [6, 6, 6, 6, 6]  # CUBA-Q5 default 6
    assert tables.market_top.tolist() == [6] * 5
    assert tables.market_fill.tolist() == [3, 3, 3, 2, 2]
    assert tables.market_empty_buy.tolist() == [7] * 5
    assert tables.market_full_sell.tolist() == [1, 1, 1, 3, 3]


# --- switches ---------------------------------------------------------------------------------

def test_default_switches(raw: dict, tables: CubaTables) -> None:
    """§7 reference ruleset; CUBA-V2 default is the standard side."""
    values = switch_values(raw)
    assert values["plantation_side"] == "standard"
    assert values["warehouse_in_tax"] is True
    expected = np.zeros(c.NSWITCHES, dtype=np.int32)
    expected[c.SW.WAREHOUSE_IN_TAX] = 1
    expected[c.SW.GOODS_ROW_SPACES] = 6                      # CUBA-Q5 since 2026-12-01
    expected[c.SW.HARBOR_ACT_BRANCHES] = 1                   # CUBA-Q9 large_only, idem
    assert tables.switches.tolist() == expected.tolist()


ALTERNATIVES = [(name, option) for name, (_, options) in SWITCH_OPTIONS.items()
                for option in options if option != load_raw()["switches"][name]]


@pytest.mark.parametrize(("name", "option"), ALTERNATIVES,
                         ids=[f"{n}={o}" for n, o in ALTERNATIVES])
def test_switch_override_sets_code(tables: CubaTables, name: str, option: object) -> None:
    """Every alternative of every switch is accepted and coded (CUBA-V1, V2, Q1..Q17)."""
    index, options = SWITCH_OPTIONS[name]
    switched = load_tables(overrides={name: option})
    code = int(option) if isinstance(option, int) else options.index(option)
    assert switched.switches[index] == code
    others = np.arange(c.NSWITCHES) != index
    assert (switched.switches[others] == tables.switches[others]).all()


DATA_SWITCHES: dict[str, tuple[object, Callable[[CubaTables], object], object]] = {
    # switch: (option, what changes, expected value)
    "goods_row_spaces": (4, lambda t: (t.market_len.tolist(), t.market_full_sell.tolist()),
                         ([6, 6, 6, 4, 4], [1, 1, 1, 3, 3])),
    "sawmill_input": ("stone", lambda t: t.building_param[building("saw_mill")].tolist(),
                      [c.ST, 4, 1]),
    "golf_course_cost": ("1Wd+1St+2Wa",
                         lambda t: t.building_cost[building("golf_course")].tolist(), [1, 1, 2]),
    "hotel_cost": ("2Wd+2St", lambda t: t.building_cost[building("hotel")].tolist(), [2, 2, 0]),
    "duty_any_split": ("one_mixed",
                       lambda t: (t.statute_effect[statute_row("II-5"):statute_row("II-6") + 1]
                                  .tolist(),
                                  t.statute_param[statute_row("II-5"):statute_row("II-6") + 1]
                                  .tolist()),
                       ([c.EF_DUTY, c.EF_DUTY], [[c.SEL_RES_OR_PROD, 2], [c.CI, 1]])),
}
DATA_IDS = {"goods_row_spaces": "CUBA-Q5", "sawmill_input": "CUBA-Q6",
            "golf_course_cost": "CUBA-Q7", "hotel_cost": "CUBA-Q8", "duty_any_split": "CUBA-Q15"}


def changed_fields(a: CubaTables, b: CubaTables) -> set[str]:
    return {f for f in CubaTables._fields if not np.array_equal(getattr(a, f), getattr(b, f))}


@pytest.mark.parametrize("name", list(DATA_SWITCHES), ids=[f"{DATA_IDS[n]}-{n}"
                                                           for n in DATA_SWITCHES])
def test_data_switch_changes_tables(tables: CubaTables, name: str) -> None:
    """CUBA-Q5..Q8, CUBA-Q15: switches applied to the data at load."""
    option, get, expected = DATA_SWITCHES[name]
    switched = load_tables(overrides={name: option})
    assert get(switched) == expected
    assert get(tables) != expected


@pytest.mark.parametrize("name", list(DATA_SWITCHES), ids=[f"{DATA_IDS[n]}-{n}"
                                                           for n in DATA_SWITCHES])
def test_shipped_data_holds_the_reference_option(raw: dict, tables: CubaTables,
                                                 name: str) -> None:
    """The data a load-applied switch rewrites holds its reference (first) option, which is
    also the default; a data override under that option is kept (issue 15 item 1)."""
    reference = SWITCH_OPTIONS[name][1][0]
    assert raw["switches"][name] == reference
    sw = _LOAD_SWITCHES[name]
    assert np.array_equal(sw.view(tables._asdict()), sw.encode(reference))


@pytest.mark.parametrize(("name", "option"), ALTERNATIVES,
                         ids=[f"{n}={o}" for n, o in ALTERNATIVES])
def test_only_data_switches_touch_data(tables: CubaTables, name: str, option: object) -> None:
    changed = changed_fields(tables, load_tables(overrides={name: option}))
    data = changed - {"switches"}
    assert bool(data) == (name in DATA_SWITCHES)


def test_overrides_in_build_tables_match_load_tables(raw: dict) -> None:
    overrides = {"goods_row_spaces": 4, "plantation_side": "individual"}
    built = build_tables(raw, overrides)
    assert not changed_fields(built, load_tables(overrides=overrides))


def test_load_tables_is_cached() -> None:
    assert load_tables() is load_tables(DEFAULT_PATH)
    assert load_tables(overrides={"money_limited": True}) is not load_tables()


@pytest.mark.parametrize(("overrides", "fragment"), [
    ({"goods_row_spaces": 5}, "switch goods_row_spaces = 5 in the overrides is not allowed "
                              "(options: 6, 4)"),
    ({"plantation_side": "mixed"}, 'options: "standard", "individual"'),
    ({"money_limited": 1}, "options: false, true"),
    ({"colour_blind": True}, "unknown switch 'colour_blind' in the overrides (known: "
                             "hidden_parliament_card"),
])
def test_bad_override(overrides: dict, fragment: str) -> None:
    with pytest.raises(RulesDataError) as info:
        load_tables(overrides=overrides)
    assert_one_line(info.value, fragment)


# --- metadata ---------------------------------------------------------------------------------

def test_rules_data_hash(tmp_path: Path) -> None:
    digest = rules_data_hash()
    assert len(digest) == 16 and int(digest, 16) >= 0
    assert rules_data_hash(DEFAULT_PATH) == digest
    copy_path = tmp_path / "cuba.toml"
    copy_path.write_bytes(DEFAULT_PATH.read_bytes() + b"\n# edited\n")
    assert rules_data_hash(copy_path) != digest


def test_assumed_values(raw: dict) -> None:
    """Every ASSUMED value of the reference, and only those (§1 money, §6.4, §6.5)."""
    expected = ({"misc.money_supply", "misc.max_bid"}
                | {f"ships.S{n:02d}" for n in range(1, 16)}
                | {f"plantations.{n}" for n in LAYOUT_NAMES})
    assert set(assumed_values(raw)) == expected


# --- bad data ---------------------------------------------------------------------------------

def assert_one_line(error: RulesDataError, fragment: str) -> None:
    message = str(error)
    assert "\n" not in message
    assert fragment in message, message


TEXT_CASES = {
    "unknown-key": (replace_once("[buildings.hotel]\n", '[buildings.hotel]\ncolour = "red"\n'),
                    "cuba.toml: unknown key 'colour' in buildings.hotel (allowed: copies,"),
    "negative-cost-CUBA-R17": (replace_once("cost = { wood = 2, stone = 2, water = 1 }",
                                    "cost = { wood = -1, stone = 2, water = 1 }"),
                               "buildings.hotel.cost.wood is -1; it must be >= 0"),
    "unknown-building-CUBA-R3": (replace_once("[buildings.hotel]", "[buildings.hotell]"),
                                 "unknown building 'hotell' in [buildings] (allowed: "
                                 "cement_factory,"),
    "bad-status": (replace_once('[buildings.inn]\ncopies = 1\nstatus = "seed"',
                        '[buildings.inn]\ncopies = 1\nstatus = "guess"'),
                   "buildings.inn.status is 'guess'; use one of seed, sourced, inferred, "
                   "assumed"),
    "malformed": (replace_once("rounds = { value = 6,", "rounds = { value = 6,,"),
                  "malformed TOML"),
    "bad-switch-value-CUBA-Q5": (replace_once("goods_row_spaces = 6", "goods_row_spaces = 5"),
                                 "switch goods_row_spaces = 5 in [switches] is not allowed "
                                 "(options: 6, 4)"),
    "unknown-switch": (replace_once("[switches]\n", "[switches]\ncolour_blind = true\n"),
                       "unknown switch 'colour_blind' in [switches] (allowed: "),
    "wrong-type": (replace_once("[buildings.inn]\ncopies = 1", '[buildings.inn]\ncopies = "one"'),
                   "buildings.inn.copies is a string ('one'); expected an integer"),
    "unknown-top-level": (replace_once("[switches]\n", "[extras]\nx = 1\n[switches]\n"),
                          "unknown table 'extras' in the file"),
    "unknown-field-code-CUBA-V2": (replace_once('["Mo", "Su", "Fo", "To"]]', '["Mo", "Su", "Xx", "To"]]'),
                                   "unknown field code 'Xx' at plantations.blue.rows r3c3"),
    "data-and-switch-CUBA-Q8": (lambda text: replace_once(
        'hotel_cost = "2Wd+2St+1Wa"', 'hotel_cost = "2Wd+2St"')(replace_once(
            "cost = { wood = 2, stone = 2, water = 1 }",
            "cost = { wood = 3, stone = 2, water = 1 }")(text)),
        "buildings.hotel.cost is [3, 2, 1], not switch hotel_cost's reference reading "
        '"2Wd+2St+1Wa" ([2, 2, 1]), and switch hotel_cost = "2Wd+2St" would replace it; '
        "change the data or the switch, not both"),
}


@pytest.mark.parametrize("case", list(TEXT_CASES))
def test_bad_toml_file(tmp_path: Path, case: str) -> None:
    mutate, fragment = TEXT_CASES[case]
    assert fragment in text_error("cuba", tmp_path, mutate)


def test_malformed_toml_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[misc]\nrounds = { value = 6,, status = 'seed' }\n")
    with pytest.raises(RulesDataError) as info:
        load_raw(path)
    assert_one_line(info.value, "broken.toml: malformed TOML")
    assert "line 2" in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError) as info:
        load_tables(tmp_path / "nope.toml")
    assert_one_line(info.value, "nope.toml: cannot read")


BAD_RAW = RawEdits()


@BAD_RAW.case("ships-count-CUBA-R5", "[[ships]] has 14 ships; need exactly 15")
def drop_ship(raw: dict) -> None:
    raw["ships"].pop()


@BAD_RAW.case("ship-spots", "ships.S03.spots has 4 spots; need exactly 5")
def short_ship(raw: dict) -> None:
    raw["ships"][2]["spots"].pop()


@BAD_RAW.case("ship-resource-spot-CUBA-R20", "ships.S01.spots[0] is 'wood'; cargo spots take "
                                             "merchandise only")
def resource_spot(raw: dict) -> None:
    raw["ships"][0]["spots"][0] = "wood"


@BAD_RAW.case("cards-count-CUBA-R11", "[[statutes.cards]] has 23 cards (6 per type); need "
                                      "exactly 24")
def drop_card(raw: dict) -> None:
    raw["statutes"]["cards"].pop(3)


@BAD_RAW.case("card-duplicate", "duplicate id 'I-1' in [[statutes.cards]]")
def duplicate_card(raw: dict) -> None:
    raw["statutes"]["cards"][1]["id"] = "I-1"


@BAD_RAW.case("card-type", "statutes.cards.II-2.type is 'tax'; this card must be 'duty'")
def retype_card(raw: dict) -> None:
    raw["statutes"]["cards"][7]["type"] = "tax"


@BAD_RAW.case("card-effect", "statutes.cards.I-1.effect 'drought' does not fit a tax card (use "
                             "one of: tax_flat, tax_per_building)")
def wrong_effect(raw: dict) -> None:
    raw["statutes"]["cards"][0]["effect"] = "drought"


@BAD_RAW.case("missing-building-CUBA-R3", "[buildings] is missing building 'dam'")
def drop_building(raw: dict) -> None:
    del raw["buildings"]["dam"]


@BAD_RAW.case("missing-key", "buildings.dam is missing key 'copies'")
def missing_key(raw: dict) -> None:
    del raw["buildings"]["dam"]["copies"]


@BAD_RAW.case("unknown-feature", "unknown feature 'teleport' at buildings.inn.feature (known: "
                                 "return_vp,")
def unknown_feature(raw: dict) -> None:
    raw["buildings"]["inn"]["feature"] = "teleport"


@BAD_RAW.case("unknown-selector", "unknown selector 'any_thing' at buildings.monastery.selector")
def unknown_selector(raw: dict) -> None:
    raw["buildings"]["monastery"]["selector"] = "any_thing"


@BAD_RAW.case("layout-3x4-CUBA-V2", "plantations.red.rows[1] has 3 fields; need exactly 4")
def layout_3x3(raw: dict) -> None:
    raw["plantations"]["red"]["rows"][1].pop()


@BAD_RAW.case("layout-counts-CUBA-V2", "plantations.red has 2 'La' fields; need exactly 1")
def layout_two_lakes(raw: dict) -> None:
    raw["plantations"]["red"]["rows"][2][1] = "La"  # a mountain becomes a 2nd lake


@BAD_RAW.case("layout-warehouse-CUBA-V2", "plantations.green.rows r1c1 is 'Ci'; the warehouse "
                                          "'WH' must be at r1c1")
def warehouse_moved(raw: dict) -> None:
    rows = raw["plantations"]["green"]["rows"]
    rows[0][0], rows[1][0] = rows[1][0], rows[0][0]


@BAD_RAW.case("negative-count-CUBA-R1", "supply.rum.count is -2; it must be >= 0")
def negative_supply(raw: dict) -> None:
    raw["supply"]["rum"]["count"] = -2


@BAD_RAW.case("missing-switch", "[switches] is missing switch 'final_tie'")
def missing_switch(raw: dict) -> None:
    del raw["switches"]["final_tie"]


@BAD_RAW.case("market-fill-CUBA-R4", "market.rum.start_fill is 7 but the row has only 6 spaces")
def overfilled_market(raw: dict) -> None:
    raw["market"]["rum"]["start_fill"] = 7


@pytest.mark.parametrize(("mutate", "fragment"), BAD_RAW.params())
def test_bad_raw_data(mutate: Edit, fragment: str) -> None:
    """The problem is found by validating and by building the tables alike."""
    assert fragment in raw_error("cuba", mutate, "validate")
    assert fragment in raw_error("cuba", mutate)
