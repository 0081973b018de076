"""Santiago de Cuba rules data: configs/games/santiago.toml -> validated numpy tables (see
codes.py). Pure Python, never compiled."""
from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np

from core.common import tables as common
from core.common.tables import STATUS_LABELS, i32  # noqa: F401 (re-exported)
from core.santiago import codes as C


class SantiagoTables(NamedTuple):
    """All rules data as int32 arrays, ready to pass to compiled code."""

    misc: np.ndarray             # int32[NMISC], indexed by codes.M_*
    switches: np.ndarray         # int32[NSWITCHES], indexed by codes.SW_*
    supply: np.ndarray           # int32[NKINDS] goods per kind in the game
    start_goods: np.ndarray      # int32[NKINDS] goods per kind each player starts with
    die_faces: np.ndarray        # int32[NFACES]
    slot_colour: np.ndarray      # int32[NSLOTS] flower colour of B1..B12
    cuban_colour: np.ndarray     # int32[NCUBANS]
    cuban_action: np.ndarray     # int32[NCUBANS] CA_*
    cuban_param: np.ndarray      # int32[NCUBANS, 2]
    building_effect: np.ndarray  # int32[NBUILDINGS] BE_*
    building_param: np.ndarray   # int32[NBUILDINGS, NBPARAMS]
    fixed_cubans: np.ndarray     # int32[NCUBANS] Cuban at K1..K9 (layout = fixed)
    fixed_buildings: np.ndarray  # int32[NSLOTS] building at B1..B12 (layout = fixed)
    forbid: np.ndarray           # int32[NBUILDINGS, NCOLOURS] 1: may not lie at that flower


DEFAULT_PATH = Path(__file__).resolve().parents[2] / "configs/games/santiago.toml"
_TOP_LEVEL = ("misc", "supply", "start_goods", "dice", "board", "cubans", "buildings", "layout",
              "switches")
_BOOL = (False, True)
MIN_ACCEPTANCE = 1 / 500  # least share of random layouts the forbid rules may accept

# parameters of each Cuban action and building effect: (name, kind of value)
ACTION_PARAMS: dict[str, tuple[tuple[str, str], ...]] = {
    "gain_goods": (("kind", "kind"), ("amount", "int")),
    "gain_any_good": (("amount", "int"),),
    "gain_vp": (("vp", "int"),),
    "gain_money": (("money", "int"),),
    "pickpocket": (),
    "lawyer": (),
}
EFFECT_PARAMS: dict[str, tuple[tuple[str, str], ...]] = {
    "exchange": (("sell_rate", "int"), ("buy_rate", "int")),
    "gain_money": (("money", "int"),),
    "close_cuban": (("money", "int"),),
    "convert": (("from", "kind"), ("to", "kind"), ("max", "int")),
    "move_value": (),
    "swap": (("max", "int"),),
    "deliver": (),
    "gain_goods": (("kind", "kind"), ("amount", "int")),
    "demand": (),
    "return_vp": (("kind_a", "kind"), ("kind_b", "kind"), ("max", "int"), ("vp", "int")),
    "zero_die": (("money_per_pip", "int"),),
}
assert tuple(ACTION_PARAMS) == C.CA.keys and tuple(EFFECT_PARAMS) == C.BE.keys

# Options of each switch (an SW key); the first is the default, string options code as their
# index.
_SWITCH_VALUES: dict[str, tuple[object, ...]] = {
    "pass_harbour_advances": _BOOL[::-1],
    "building_move": ("optional", "mandatory"),
    "owner_vp_trigger": ("on_arrival", "on_use"),
    "delivery_pass_final": _BOOL[::-1],
    "wood_is_a_kind": _BOOL[::-1],
    "zorro_chooser": ("giver", "receiver"),
    "zorro_reuse_building": _BOOL,
    "alonso_claim_owned": _BOOL,
    "alonso_b_replaces_phase2": _BOOL[::-1],
    "new_ship_roller": ("active_player", "start_player", "last_deliverer"),
    "first_ship_roller": ("right_of_start", "start_player"),
    "zero_demand_reroll": _BOOL[::-1],
    "pablo_kinds": ("all6", "no_wood", "raw_only"),
    "money_limited": _BOOL,
    "end_bonus_wood": _BOOL[::-1],
    "layout": C.LAYOUT.keys,
    "final_tie": ("shared",),
}
# Switch name -> (its SW code, options).
SWITCH_OPTIONS: dict[str, tuple[int, tuple[object, ...]]] = {
    name: (C.SW.code(name), options) for name, options in _SWITCH_VALUES.items()}
# clause or question id of each switch (the keys reference, tests); the first option is the default
SWITCH_IDS = {"pass_harbour_advances": "SDC-Q1", "building_move": "SDC-Q2",
              "owner_vp_trigger": "SDC-Q3", "delivery_pass_final": "SDC-Q4",
              "wood_is_a_kind": "SDC-Q5", "zorro_chooser": "SDC-Q6",
              "zorro_reuse_building": "SDC-Q7", "alonso_claim_owned": "SDC-Q8",
              "alonso_b_replaces_phase2": "SDC-Q9", "new_ship_roller": "SDC-Q10",
              "first_ship_roller": "SDC-Q11", "zero_demand_reroll": "SDC-Q12",
              "pablo_kinds": "SDC-Q13", "money_limited": "SDC-Q14", "end_bonus_wood": "SDC-Q15",
              "layout": "SDC-Q16/SDC-V1", "final_tie": "SDC-Q17"}
assert set(SWITCH_IDS) == set(SWITCH_OPTIONS) and len(SWITCH_OPTIONS) == C.NSWITCHES


class RulesDataError(common.RulesDataError):
    """A problem in the Santiago de Cuba rules data or switches; the message is one line
    naming the fix."""


CHECK = common.Checker("santiago.toml", RulesDataError)
SWITCHES = common.Switches(CHECK, SWITCH_OPTIONS)


# --- sections -> arrays -----------------------------------------------------------------------

def _misc(raw: dict) -> np.ndarray:
    values = {}
    for path, entry in CHECK.named_entries("misc", raw["misc"], C.M.keys, "misc value"):
        name = path.removeprefix("misc.")
        minimum = 0 if name in ("stop_cost", "start_vp", "start_money", "markers",
                                "value_backs") else 1
        values[name] = CHECK.int(f"{path}.value", CHECK.entry(path, entry, ("value",))["value"],
                                 minimum)
    checks = (
        ("min_players", 2 <= values["min_players"] <= values["max_players"],
         "2..max_players"),
        ("max_players", values["max_players"] <= C.MAX_PLAYERS,
         f"at most {C.MAX_PLAYERS} (engine capacity: 4 pawns)"),
        ("dice_on_ship", values["dice_on_ship"] == C.NDICE - 1,
         f"{C.NDICE - 1}: the engine leaves exactly one of the {C.NDICE} dice off (SDC-R5)"),
        ("value_max", values["value_start"] <= values["value_max"], "at least value_start"),
        ("max_drive", values["max_drive"] < C.NSTOPS, f"at most {C.NSTOPS - 1} (SDC-R7)"),
        ("markers", values["markers"] <= C.NSLOTS, f"at most {C.NSLOTS}"),
        ("max_exchange", values["max_exchange"] <= 60, "at most 60 (options are enumerated)"),
    )
    for name, ok, need in checks:
        if not ok:
            raise CHECK.err(f"misc.{name}.value is {values[name]}; it must be {need}")
    return i32([values[k] for k in C.M.keys])


def _per_kind(raw: dict, section: str) -> np.ndarray:
    return CHECK.scalars(raw, section, C.KIND_NAMES, "goods kind", "count")


def _faces(raw: dict) -> np.ndarray:
    dice = CHECK.table("dice", raw["dice"])
    CHECK.check_keys("[dice]", dice, ("faces",))
    entry = CHECK.entry("dice.faces", CHECK.table("dice.faces", dice["faces"]), ("value",))
    faces = CHECK.list("dice.faces.value", entry["value"], C.NFACES, "faces")
    for i, f in enumerate(faces):
        CHECK.int(f"dice.faces.value[{i}]", f)
        if f > 7:
            raise CHECK.err(f"dice.faces.value[{i}] is {f}; faces must be 0..7")
    if not any(faces):
        raise CHECK.err("dice.faces.value are all 0; a ship would never take goods")
    return i32(faces)


def _slot_colours(raw: dict) -> np.ndarray:
    board = CHECK.table("board", raw["board"])
    CHECK.check_keys("[board]", board, ("slot_colours",))
    entry = CHECK.entry("board.slot_colours", CHECK.table("board.slot_colours",
                                                          board["slot_colours"]), ("value",))
    names = CHECK.list("board.slot_colours.value", entry["value"], C.NSLOTS, "colours")
    colours = [CHECK.name(f"board.slot_colours.value[{i}]", v, C.FLOWER_NAMES, "flower colour")
               for i, v in enumerate(names)]
    return i32(colours)


def _params(path: str, entry: dict, spec: tuple[tuple[str, str], ...], width: int
            ) -> list[int]:
    out = []
    for name, kind in spec:
        value = entry[name]
        if kind == "kind":
            out.append(CHECK.name(f"{path}.{name}", value, C.KIND_NAMES, "goods kind"))
        else:
            out.append(CHECK.int(f"{path}.{name}", value, 1))
    return out + [0] * (width - len(out))


def _cubans(raw: dict) -> dict[str, np.ndarray]:
    colours, actions, params = [], [], []
    for path, entry in CHECK.named_entries("cubans", raw["cubans"], C.CUBAN_KEYS, "Cuban"):
        action = entry.get("action")
        CHECK.name(f"{path}.action", action, C.CA.keys, "action")
        spec = ACTION_PARAMS[action]
        CHECK.entry(path, entry, ("colour", "action") + tuple(n for n, _ in spec))
        colours.append(CHECK.name(f"{path}.colour", entry["colour"], C.FLOWER_NAMES,
                                  "flower colour"))
        actions.append(C.CA.keys.index(action))
        params.append(_params(path, entry, spec, 2))
    return {"cuban_colour": i32(colours), "cuban_action": i32(actions),
            "cuban_param": i32(params)}


def _buildings(raw: dict) -> dict[str, np.ndarray]:
    effects, params = [], []
    for path, entry in CHECK.named_entries("buildings", raw["buildings"], C.BUILDING_KEYS,
                                           "building"):
        effect = entry.get("effect")
        CHECK.name(f"{path}.effect", effect, C.BE.keys, "effect")
        spec = EFFECT_PARAMS[effect]
        CHECK.entry(path, entry, ("effect",) + tuple(n for n, _ in spec))
        effects.append(C.BE.keys.index(effect))
        row = _params(path, entry, spec, C.NBPARAMS)
        if effect == "convert" and row[0] == row[1]:
            raise CHECK.err(f"{path}: from and to are both {entry['from']}; convert into "
                            "another kind")
        params.append(row)
    return {"building_effect": i32(effects), "building_param": i32(params)}


def _permutation(path: str, value: object, names: tuple[str, ...], what: str) -> list[int]:
    items = CHECK.list(path, value, len(names), f"{what} names")
    ids = [CHECK.name(f"{path}[{i}]", v, names, what) for i, v in enumerate(items)]
    if len(set(ids)) != len(ids):
        twice = next(names[i] for i in ids if ids.count(i) > 1)
        raise CHECK.err(f"{path} names {twice!r} twice; list every {what} exactly once")
    return ids


def _forbid(raw_list: object) -> np.ndarray:
    if not isinstance(raw_list, list):
        raise CHECK.err(f"layout.forbid is {common.show(raw_list)}; expected an array of "
                        "tables {building, flower}")
    forbid = np.zeros((C.NBUILDINGS, C.NCOLOURS), np.int32)
    for i, entry in enumerate(raw_list):
        path = f"layout.forbid[{i}]"
        CHECK.table(path, entry)
        CHECK.check_keys(path, entry, ("building", "flower"), ("status", "note"))
        if entry.get("status", "assumed") not in STATUS_LABELS:
            raise CHECK.err(f"{path}.status is {entry['status']!r}; use one of "
                            f"{', '.join(STATUS_LABELS)}")
        b = CHECK.name(f"{path}.building", entry["building"], C.BUILDING_KEYS, "building")
        f = CHECK.name(f"{path}.flower", entry["flower"], C.FLOWER_NAMES, "flower colour")
        forbid[b, f] = 1
    return forbid


def acceptance(forbid: np.ndarray, slot_colour: np.ndarray) -> float:
    """Share of uniformly random building layouts that honour `forbid` (exact: a count of
    the colour assignments over slot-colour capacities)."""
    capacity = tuple(int((slot_colour == f).sum()) for f in range(C.NCOLOURS))

    @functools.lru_cache(maxsize=None)
    def count(b: int, left: tuple[int, ...], allowed_only: bool) -> int:
        if b == C.NBUILDINGS:
            return 1
        total = 0
        for f in range(C.NCOLOURS):
            if left[f] and not (allowed_only and forbid[b, f]):
                nxt = left[:f] + (left[f] - 1,) + left[f + 1:]
                total += left[f] * count(b + 1, nxt, allowed_only)
        return total
    return count(0, capacity, True) / count(0, capacity, False)


def _layout(raw: dict, slot_colour: np.ndarray) -> dict[str, np.ndarray]:
    layout = CHECK.table("layout", raw["layout"])
    CHECK.check_keys("[layout]", layout, ("fixed", "forbid"))
    fixed = CHECK.entry("layout.fixed", CHECK.table("layout.fixed", layout["fixed"]),
                        ("cubans", "buildings"))
    forbid = _forbid(layout["forbid"])
    share = acceptance(forbid, slot_colour)
    if share < MIN_ACCEPTANCE:
        raise CHECK.err(f"layout.forbid accepts {share:.2e} of random layouts (none or fewer "
                        f"than 1 in {round(1 / MIN_ACCEPTANCE)}); forbid fewer pairs")
    return {"fixed_cubans": i32(_permutation("layout.fixed.cubans", fixed["cubans"],
                                             C.CUBAN_KEYS, "Cuban")),
            "fixed_buildings": i32(_permutation("layout.fixed.buildings", fixed["buildings"],
                                                C.BUILDING_KEYS, "building")),
            "forbid": forbid}


def _base_tables(raw: object) -> dict[str, np.ndarray]:
    """Every table except `switches`; validates."""
    CHECK.check_keys("the file", CHECK.table("the file", raw), _TOP_LEVEL, what="table")
    misc = _misc(raw)
    supply = _per_kind(raw, "supply")
    start = _per_kind(raw, "start_goods")
    most = int(misc[C.M.MAX_PLAYERS])
    for k, name in enumerate(C.KIND_NAMES):
        if start[k] * most > supply[k]:
            raise CHECK.err(f"start_goods.{name}.count is {start[k]}: {most} players need "
                            f"{start[k] * most}, more than supply.{name}.count ({supply[k]})")
        if supply[k] > 60:
            raise CHECK.err(f"supply.{name}.count is {supply[k]}; at most 60")
    if misc[C.M.START_MONEY] * most > misc[C.M.MONEY_SUPPLY]:
        raise CHECK.err(f"misc.money_supply.value is {misc[C.M.MONEY_SUPPLY]}, less than "
                        f"{most} players' start money")
    slot_colour = _slot_colours(raw)
    return {"misc": misc, "supply": supply, "start_goods": start, "die_faces": _faces(raw),
            "slot_colour": slot_colour, **_cubans(raw), **_buildings(raw),
            **_layout(raw, slot_colour)}


# --- public API -------------------------------------------------------------------------------

def _assemble(t: dict[str, np.ndarray], values: dict[str, object]) -> SantiagoTables:
    return SantiagoTables(switches=SWITCHES.codes(values), **t)


def _status_entries(raw: dict) -> Iterator[tuple[str, dict]]:
    """(dotted path, entry) for every entry that carries a status."""
    for section in ("misc", "supply", "start_goods", "dice", "board", "cubans", "buildings"):
        for name, entry in raw[section].items():
            yield f"{section}.{name}", entry
    yield "layout.fixed", raw["layout"]["fixed"]
    for i, entry in enumerate(raw["layout"]["forbid"]):
        yield f"layout.forbid.{i}", entry


FILE = common.RulesFile(DEFAULT_PATH, RulesDataError, SWITCHES, _base_tables, _assemble,
                        _status_entries, C.T)
(load_raw, rules_data_hash, switch_values, validate, build_tables, load_tables, assumed_values,
 flatten) = FILE.api()
