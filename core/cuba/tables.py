"""Cuba rules data: configs/games/cuba.toml -> validated numpy tables (see codes.py)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np

from core.common import tables as common
from core.common.tables import STATUS_LABELS, fmt as _fmt, i32 as _i32  # noqa: F401
from core.cuba import codes as C


class CubaTables(NamedTuple):
    """All rules data as int32 arrays, ready to pass to compiled code.

    Switch effects that only change data (goods row length, saw mill input, golf course and
    hotel costs, duty split) are already applied; all switches are also kept in `switches`.
    """

    misc: np.ndarray             # int32[NMISC], indexed by codes.M
    switches: np.ndarray         # int32[NSWITCHES], indexed by codes.SW
    supply: np.ndarray           # int32[NKINDS] pieces in the game per kind
    char_votes: np.ndarray       # int32[NCHARS]
    building_cost: np.ndarray    # int32[NBUILDINGS, 3] wood, stone, water
    building_copies: np.ndarray  # int32[NBUILDINGS]
    building_feature: np.ndarray  # int32[NBUILDINGS + 1] FT_* (last row: printed warehouse)
    building_param: np.ndarray   # int32[NBUILDINGS + 1, 3]
    statute_type: np.ndarray     # int32[NSTATUTE_ROWS] TAX..OTHER
    statute_effect: np.ndarray   # int32[NSTATUTE_ROWS] EF_*
    statute_param: np.ndarray    # int32[NSTATUTE_ROWS, 2]
    pile_cards: np.ndarray       # int32[4, PILE_CARDS] statute rows in each type's pile
    ship_spots: np.ndarray       # int32[NSHIPS, SHIP_SPOTS] kind of each cargo spot
    layouts: np.ndarray          # int32[NLAYOUTS, NFIELDS] field type, row-major r1c1..r3c4
    market_len: np.ndarray       # int32[NMERCH] spaces per row
    market_top: np.ndarray       # int32[NMERCH] label of the leftmost space ($6)
    market_fill: np.ndarray      # int32[NMERCH] pieces at the start
    market_empty_buy: np.ndarray  # int32[NMERCH] price from the stock when the row is empty
    market_full_sell: np.ndarray  # int32[NMERCH] price to the stock when the row is full


# =========================================================================================
# Loader: configs/games/cuba.toml -> CubaTables
# =========================================================================================

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "configs/games/cuba.toml"
LAYOUT_NAMES = ("standard",) + C.COLOURS
MAX_COPIES = 3  # tiles per building kind: the engine counts them in 2 bits (state.tiles_built)
STATUTE_IDS = tuple(f"{roman}-{n}" for roman in ("I", "II", "III", "IV")
                    for n in range(1, C.PILE_CARDS + 1))
SHIP_IDS = tuple(f"S{n:02d}" for n in range(1, C.NSHIPS + 1))
FIELD_COUNTS = {"WH": 1, "La": 1, "Mo": 2, "Fo": 2, "Ci": 2, "Su": 2, "To": 2}
MARKET_FIELDS = ("spaces", "top_label", "start_fill", "empty_buy", "full_sell")
_TOP_LEVEL = ("misc", "supply", "characters", "buildings", "printed_warehouse", "statutes",
              "ships", "plantations", "market", "switches")
_COST_KEYS = C.KIND_NAMES[:3]
_BOOL = (False, True)

# Switch name -> (codes.SW index, options). Codes: booleans and numbers code as themselves,
# string options as their index in this tuple. For the switches applied at load (costs,
# saw mill input, goods row length, duty split) the first option is the reading the shipped
# data holds (tests/cuba/test_tables.py checks it); another option rewrites that data.
SWITCH_OPTIONS: dict[str, tuple[int, tuple[object, ...]]] = {
    "hidden_parliament_card": (C.SW.HIDDEN_PARLIAMENT_CARD, _BOOL),
    "plantation_side": (C.SW.PLANTATION_SIDE, ("standard", "individual")),
    "market_act_timing": (C.SW.MARKET_ACT_TIMING, ("every_round", "on_pass_only")),
    "warehouse_in_tax": (C.SW.WAREHOUSE_IN_TAX, _BOOL),
    "warehouse_in_subsidy": (C.SW.WAREHOUSE_IN_SUBSIDY, _BOOL),
    "warehouse_in_end_bonus": (C.SW.WAREHOUSE_IN_END_BONUS, _BOOL),
    "goods_row_spaces": (C.SW.GOODS_ROW_SPACES, (6, 4)),
    "sawmill_input": (C.SW.SAWMILL_INPUT, ("wood", "stone")),
    "golf_course_cost": (C.SW.GOLF_COURSE_COST, ("2Wa", "1Wd+1St+2Wa")),
    "hotel_cost": (C.SW.HOTEL_COST, ("2Wd+2St+1Wa", "2Wd+2St")),
    "harbor_act_branches": (C.SW.HARBOR_ACT_BRANCHES, ("both", "large_only")),
    "harbor_act_shift": (C.SW.HARBOR_ACT_SHIFT, ("above_gap", "full_compaction")),
    "building_warehouse_mode": (C.SW.BUILDING_WAREHOUSE_MODE, ("like_printed", "passive")),
    "trader_alt_spaces": (C.SW.TRADER_ALT_SPACES, ("per_option", "first_second")),
    "church_veto_timing": (C.SW.CHURCH_VETO_TIMING, ("immediate", "at_parliament")),
    "parliament_tie_anchor": (C.SW.PARLIAMENT_TIE_ANCHOR,
                              ("new_start_player", "old_start_player")),
    "duty_any_split": (C.SW.DUTY_ANY_SPLIT, ("two_cards", "one_mixed")),
    "money_limited": (C.SW.MONEY_LIMITED, _BOOL),
    "final_tie": (C.SW.FINAL_TIE, ("shared", "later_in_turn_order")),
    "market_retrade": (C.SW.MARKET_RETRADE, ("no_undo", "one_way")),
}
assert sorted(i for i, _ in SWITCH_OPTIONS.values()) == list(range(C.NSWITCHES))
assert all(C.SW.code(name) == i for name, (i, _) in SWITCH_OPTIONS.items())


class RulesDataError(common.RulesDataError):
    """A problem in the Cuba rules data or switches; the message is one line naming the fix."""


CHECK = common.Checker("cuba.toml", RulesDataError)
_err, _int, _name, _table, _list = CHECK.err, CHECK.int, CHECK.name, CHECK.table, CHECK.list
_check_keys, _entry, _named_entries, _by_id = (CHECK.check_keys, CHECK.entry,
                                               CHECK.named_entries, CHECK.by_id)
SWITCHES = common.Switches(CHECK, SWITCH_OPTIONS)
_check_switch = SWITCHES.check


# --- parameterised features and effects ---------------------------------------------------

_Parser = Callable[[str, object], int]


def _kind(path: str, value: object) -> int:
    return _name(path, value, C.KIND_NAMES, "kind")


def _selector(path: str, value: object) -> int:
    return _name(path, value, C.SELECTOR_NAMES, "selector")


def _max_or_any(path: str, value: object) -> int:
    return _int(path, value, minimum=-1)


def _divisor(path: str, value: object) -> int:
    return _int(path, value, minimum=1)


_Params = tuple[tuple[str, _Parser], ...]
FEATURE_PARAMS: dict[str, _Params] = {  # building_param[k, 0..2], see codes.FT_*
    "return_vp": (("selector", _selector), ("max", _int), ("vp", _int)),
    "sell": (("selector", _selector), ("max", _int), ("price", _int)),
    "gain_vp": (("vp", _int),),
    "gain_money": (("money", _int),),
    "convert": (("from", _kind), ("to", _kind), ("max", _max_or_any)),
    "black_market": (("max", _int),),
    "small_branch": (("pieces", _int),),
    "large_branch": (),
    "church": (),
    "town_hall": (("votes", _int),),
    "gain_pieces": (("kind", _kind), ("amount", _int)),
    "lighthouse": (),
    "store": (),
}
EFFECT_PARAMS: dict[str, _Params] = {  # statute_param[r, 0..1], see codes.EF_*
    "tax_flat": (("amount", _int),),
    "tax_per_building": (("amount", _int),),
    "duty": (("selector", _selector), ("pieces", _int)),
    "subsidy_buildings": (("vp", _int),),
    "subsidy_open_resource_fields": (("vp", _int),),
    "subsidy_open_product_fields": (("vp", _int),),
    "subsidy_kind_held": (("kind", _kind), ("cap", _int)),
    "subsidy_fifth_card": (("vp", _int),),
    "subsidy_money": (("per", _divisor), ("cap", _int)),   # VP = money // per
    "market_decrease": (("pieces", _int),),
    "market_increase": (("pieces", _int),),
    "drought": (("amount", _int),),
    "building_act": (("amount", _int),),
    "harbor_act": (),
    "corruption": (),
}
# statute type each effect belongs to, in EFFECT_KEYS order
_EFFECT_TYPE = (C.TAX,) * 2 + (C.DUTY,) + (C.SUBSIDY,) * 6 + (C.OTHER,) * 6
assert tuple(FEATURE_PARAMS) == C.FEATURE_KEYS and tuple(EFFECT_PARAMS) == C.EFFECT_KEYS
assert len(_EFFECT_TYPE) == len(C.EFFECT_KEYS)


def _coded_params(path: str, entry: dict, key: str, names: tuple[str, ...],
                  specs: dict[str, _Params], width: int, base: tuple[str, ...],
                  required_statuses: tuple[str, ...] = ()) -> tuple[int, list[int]]:
    """(code of entry[key], its parameters padded with 0 to `width`); checks the entry's keys."""
    if key not in entry:
        raise _err(f"{path} is missing key {key!r}; add it")
    code = _name(f"{path}.{key}", entry[key], names, key)
    spec = specs[names[code]]
    _entry(path, entry, base + (key,) + tuple(p for p, _ in spec), required_statuses)
    params = [parse(f"{path}.{p}", entry[p]) for p, parse in spec]
    return code, params + [0] * (width - len(params))


# --- sections -> arrays -----------------------------------------------------------------------

def _scalars(raw: dict, section: str, names: tuple[str, ...], what: str,
             field: str, minimum: int = 0) -> np.ndarray:
    """One integer `field` per named entry of a section."""
    return CHECK.scalars(raw, section, names, what, field, minimum)


def _cost(path: str, value: object) -> list[int]:
    cost = _table(path, value)
    _check_keys(path, cost, _COST_KEYS)
    return [_int(f"{path}.{k}", cost[k]) for k in _COST_KEYS]


def _buildings(raw: dict) -> dict[str, np.ndarray]:
    cost, copies, feature, param = [], [], [], []
    for path, entry in _named_entries("buildings", raw["buildings"], C.BUILDING_KEYS,
                                      "building"):
        code, params = _coded_params(path, entry, "feature", C.FEATURE_KEYS, FEATURE_PARAMS, 3,
                                     ("copies", "cost"), ("cost_status", "feature_status"))
        feature.append(code)
        param.append(params)
        cost.append(_cost(f"{path}.cost", entry["cost"]))
        copies.append(_int(f"{path}.copies", entry["copies"]))
        if copies[-1] > MAX_COPIES:
            raise _err(f"{path}.copies is {copies[-1]}; the engine supports at most {MAX_COPIES}")
    printed = _table("printed_warehouse", raw["printed_warehouse"])
    code, params = _coded_params("printed_warehouse", printed, "feature", C.FEATURE_KEYS,
                                 FEATURE_PARAMS, 3, ())
    return {"building_cost": _i32(cost), "building_copies": _i32(copies),
            "building_feature": _i32(feature + [code]), "building_param": _i32(param + [params])}


def _statutes(raw: dict) -> dict[str, np.ndarray]:
    statutes = _table("statutes", raw["statutes"])
    _check_keys("[statutes]", statutes, ("printed_tax", "printed_duty", "cards"))
    cards = _by_id("statutes.cards", statutes["cards"], STATUTE_IDS, "cards (6 per type)")
    rows = [(f"statutes.cards.{i}", e, r // C.PILE_CARDS, ("id", "type"))
            for r, (i, e) in enumerate(zip(STATUTE_IDS, cards))]
    rows += [(f"statutes.{n}", _table(f"statutes.{n}", statutes[n]), t, ("type",))
             for n, t in (("printed_tax", C.TAX), ("printed_duty", C.DUTY))]
    types, effects, params = [], [], []
    for path, entry, expected, base in rows:
        effect, param = _coded_params(path, entry, "effect", C.EFFECT_KEYS, EFFECT_PARAMS, 2,
                                      base)
        stype = _name(f"{path}.type", entry["type"], C.STATUTE_TYPES, "statute type")
        if stype != expected:
            raise _err(f"{path}.type is {entry['type']!r}; this card must be "
                       f"{C.STATUTE_TYPES[expected]!r}")
        if _EFFECT_TYPE[effect] != stype:
            allowed = [k for k, t in zip(C.EFFECT_KEYS, _EFFECT_TYPE) if t == stype]
            raise _err(f"{path}.effect {entry['effect']!r} does not fit a {entry['type']} "
                       f"card (use one of: {', '.join(allowed)})")
        types.append(stype)
        effects.append(effect)
        params.append(param)
    piles = np.arange(C.NSTATUTES, dtype=np.int32).reshape(4, C.PILE_CARDS)
    return {"statute_type": _i32(types), "statute_effect": _i32(effects),
            "statute_param": _i32(params), "pile_cards": piles}


def _ships(raw: dict) -> np.ndarray:
    spots = []
    for ident, entry in zip(SHIP_IDS, _by_id("ships", raw["ships"], SHIP_IDS, "ships")):
        path = f"ships.{ident}"
        _entry(path, entry, ("id", "spots"))
        kinds = [_kind(f"{path}.spots[{i}]", v)
                 for i, v in enumerate(_list(f"{path}.spots", entry["spots"],
                                             C.SHIP_SPOTS, "spots"))]
        for i, k in enumerate(kinds):
            if k < C.FIRST_PRODUCT:
                raise _err(f"{path}.spots[{i}] is {C.KIND_NAMES[k]!r}; cargo spots take "
                           f"merchandise only ({', '.join(C.KIND_NAMES[C.FIRST_PRODUCT:])})")
        spots.append(kinds)
    return _i32(spots)


def _layout(path: str, entry: dict) -> list[int]:
    rows = _list(f"{path}.rows", _entry(path, entry, ("rows",))["rows"], C.NROWS, "rows")
    cells = [_name(f"{path}.rows r{r + 1}c{col + 1}", v, C.FIELD_CODES, "field code")
             for r, row in enumerate(rows)
             for col, v in enumerate(_list(f"{path}.rows[{r}]", row, C.NCOLS, "fields"))]
    for code, need in FIELD_COUNTS.items():
        have = cells.count(C.FIELD_CODES.index(code))
        if have != need:
            wanted = ", ".join(f"{n} {k}" for k, n in FIELD_COUNTS.items())
            raise _err(f"{path} has {have} {code!r} fields; need exactly {need} ({wanted})")
    if cells[0] != C.F_WH:
        raise _err(f"{path}.rows r1c1 is {C.FIELD_CODES[cells[0]]!r}; "
                   "the warehouse 'WH' must be at r1c1")
    return cells


def _layouts(raw: dict) -> np.ndarray:
    entries = _named_entries("plantations", raw["plantations"], LAYOUT_NAMES, "plantation")
    return _i32([_layout(p, e) for p, e in entries])


def _market(raw: dict) -> dict[str, np.ndarray]:
    rows = []
    for path, entry in _named_entries("market", raw["market"],
                                      C.KIND_NAMES[C.FIRST_PRODUCT:], "market row"):
        _entry(path, entry, MARKET_FIELDS)
        row = dict(zip(MARKET_FIELDS, (_int(f"{path}.{f}", entry[f]) for f in MARKET_FIELDS)))
        if not 1 <= row["spaces"] <= row["top_label"]:
            raise _err(f"{path}.spaces is {row['spaces']}; it must be 1..top_label "
                       f"({row['top_label']}) so every label is >= $1")
        if row["start_fill"] > row["spaces"]:
            raise _err(f"{path}.start_fill is {row['start_fill']} but the row has only "
                       f"{row['spaces']} spaces")
        rows.append([row[f] for f in MARKET_FIELDS])
    names = ("market_len", "market_top", "market_fill", "market_empty_buy", "market_full_sell")
    return {n: col.copy() for n, col in zip(names, _i32(rows).T)}


# --- switches -------------------------------------------------------------------------------

def _parse_cost(text: str) -> list[int]:
    """'2Wd+2St+1Wa' -> [2, 2, 1] (wood, stone, water)."""
    cost = [0, 0, 0]
    for term in text.split("+"):
        cost[C.KIND_SHORT.index(term[-2:])] += int(term[:-2])
    return cost


_SAW_MILL, _GOLF, _HOTEL = (C.BUILDING_KEYS.index(k) for k in ("saw_mill", "golf_course", "hotel"))
_DUTY_ANY_ROWS = slice(C.DUTY * C.PILE_CARDS + 4, C.DUTY * C.PILE_CARDS + 6)  # II-5, II-6
_DUTY_SPLIT = {"two_cards": [[C.SEL_ANY_RESOURCE, 2], [C.SEL_ANY_PRODUCT, 2]],
               "one_mixed": [[C.SEL_RES_OR_PROD, 2], [C.CI, 1]]}  # II-6 -> a 2nd "1 citrus"


class _LoadSwitch(NamedTuple):
    """A switch applied at load: the data it rewrites and that data for each option."""

    where: str                                      # dotted name, for messages
    view: Callable[[dict[str, np.ndarray]], np.ndarray]  # writable view into the tables
    encode: Callable[[object], object]              # option -> data


_LOAD_SWITCHES = {
    "goods_row_spaces": _LoadSwitch("market.rum/cigars.spaces",
                                    lambda t: t["market_len"][C.RU - C.FIRST_PRODUCT:],
                                    lambda v: [v, v]),
    "sawmill_input": _LoadSwitch("buildings.saw_mill.selector",
                                 lambda t: t["building_param"][_SAW_MILL, :1],
                                 lambda v: [C.KIND_NAMES.index(v)]),
    "golf_course_cost": _LoadSwitch("buildings.golf_course.cost",
                                    lambda t: t["building_cost"][_GOLF], _parse_cost),
    "hotel_cost": _LoadSwitch("buildings.hotel.cost",
                              lambda t: t["building_cost"][_HOTEL], _parse_cost),
    "duty_any_split": _LoadSwitch("statutes.cards.II-5/II-6 (selector, pieces)",
                                  lambda t: t["statute_param"][_DUTY_ANY_ROWS],
                                  _DUTY_SPLIT.__getitem__),
}


def _apply_switch_data(t: dict[str, np.ndarray], values: dict[str, object]) -> None:
    """Each load-applied switch set to another option than its reference (first) one rewrites
    its data. The data may itself be overridden (a custom cost, say) under the reference
    option; a data override and a switch that both change the same value contradict."""
    for name, sw in _LOAD_SWITCHES.items():
        reference = SWITCH_OPTIONS[name][1][0]
        if values[name] == reference:
            continue
        have = sw.view(t)
        if not np.array_equal(have, sw.encode(reference)):
            raise _err(f"{sw.where} is {have.tolist()}, not switch {name}'s reference reading "
                       f"{_fmt(reference)} ({sw.encode(reference)}), and switch {name} = "
                       f"{_fmt(values[name])} would replace it; change the data or the switch, "
                       "not both")
        sw.view(t)[...] = sw.encode(values[name])


# --- public API -------------------------------------------------------------------------------

def _check_sizes(misc: np.ndarray) -> None:
    """The misc values that index the engine's per-player and per-card arrays: players within
    the state's seats (CUBA-R0), cards played per round within the hand (CUBA-R12)."""
    low, high = int(misc[C.M.MIN_PLAYERS]), int(misc[C.M.MAX_PLAYERS])
    if not 2 <= low <= high <= C.SEATS:
        raise _err(f"misc.min_players..max_players is {low}..{high}; it must lie within "
                   f"2..{C.SEATS} (engine capacity)")
    if not 1 <= misc[C.M.CARDS_PLAYED] <= C.NCHARS:
        raise _err(f"misc.cards_played.value is {misc[C.M.CARDS_PLAYED]}; it must be "
                   f"1..{C.NCHARS} (a hand holds {C.NCHARS} characters)")


def _base_tables(raw: object) -> dict[str, np.ndarray]:
    """Every table except `switches`, as in the file (no switch applied); validates."""
    _check_keys("the file", _table("the file", raw), _TOP_LEVEL, what="table")
    misc = _scalars(raw, "misc", C.M.keys, "misc value", "value")
    _check_sizes(misc)
    t = {"misc": misc,
         "supply": _scalars(raw, "supply", C.KIND_NAMES, "kind", "count"),
         "char_votes": _scalars(raw, "characters", C.CHAR_NAMES, "character", "votes", 1),
         **_buildings(raw), **_statutes(raw), "ship_spots": _ships(raw),
         "layouts": _layouts(raw), **_market(raw)}
    return t


def _assemble(t: dict[str, np.ndarray], values: dict[str, object]) -> CubaTables:
    _apply_switch_data(t, values)
    return CubaTables(switches=SWITCHES.codes(values), **t)


def _status_entries(raw: dict) -> Iterator[tuple[str, dict]]:
    """(dotted path, entry) for every entry that carries a status."""
    for section in ("misc", "supply", "characters", "buildings", "plantations", "market"):
        for name, entry in raw[section].items():
            yield f"{section}.{name}", entry
    yield "printed_warehouse", raw["printed_warehouse"]
    for name in ("printed_tax", "printed_duty"):
        yield f"statutes.{name}", raw["statutes"][name]
    for card in raw["statutes"]["cards"]:
        yield f"statutes.cards.{card['id']}", card
    for ship in raw["ships"]:
        yield f"ships.{ship['id']}", ship


FILE = common.RulesFile(DEFAULT_PATH, RulesDataError, SWITCHES, _base_tables, _assemble,
                        _status_entries, C.T)
(load_raw, rules_data_hash, switch_values, validate, build_tables, load_tables, assumed_values,
 flatten) = FILE.api()
