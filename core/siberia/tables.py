"""Siberia rules data: configs/games/siberia.toml -> validated numpy tables (see codes.py).

The file's money values are full amounts; the tables hold them in units of misc.money_unit
(every value must be a multiple), so compiled code, records and reports count in thousands.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np

from core.common import tables as common
from core.common.tables import STATUS_LABELS, i32  # noqa: F401 (re-exported)
from core.siberia import codes as C


class SiberiaTables(NamedTuple):
    """All rules data as int32 arrays, ready to pass to compiled code (money in units)."""

    misc: np.ndarray            # int32[NMISC], indexed by codes.M
    switches: np.ndarray        # int32[NSWITCHES], indexed by codes.SW
    res_count: np.ndarray       # int32[NRES] resource cards per kind
    res_kind: np.ndarray        # int32[MAX_RES_CARDS] kind of card id i, -1 past the last
    res_value: np.ndarray       # int32[MAX_RES_CARDS] printed value of card id i
    action_count: np.ndarray    # int32[NTYPES] action cards per type (resource * 3 + person)
    salesman_count: np.ndarray  # int32[NSYM] salesman cards per category
    salesman_value: np.ndarray  # int32[NSYM] value per card of a category with its salesman
    investor_count: np.ndarray  # int32[NRES] investor cards per resource kind


DEFAULT_PATH = Path(__file__).resolve().parents[2] / "configs/games/siberia.toml"
_TOP_LEVEL = ("misc", "resources", "actions", "salesmen", "investors", "switches")
_BOOL = (False, True)
_MONEY_MISC = ("person_value",)  # misc values that are money

# Switch name (a codes.SW key) -> (its index, options); worker_cap codes "none" as 0 (no cap).
SWITCH_OPTIONS: dict[str, tuple[int, tuple[object, ...]]] = {
    "worker_cap": (C.SW.WORKER_CAP, (5, "none")),
    "investor_two_any": (C.SW.INVESTOR_TWO_ANY, _BOOL),
    "refill_mode": (C.SW.REFILL_MODE, ("slide", "in_place")),
    "mine_max_forced": (C.SW.MINE_MAX_FORCED, _BOOL),
    "trigger_player_extra_turn": (C.SW.TRIGGER_PLAYER_EXTRA_TURN, _BOOL),
    "discover_any": (C.SW.DISCOVER_ANY, _BOOL),
    "final_tie": (C.SW.FINAL_TIE, ("resources_then_hand", "shared")),
    "players_max": (C.SW.PLAYERS_MAX, (4, 5)),
    "force_discovery_when_deck_empty": (C.SW.FORCE_DISCOVERY_WHEN_DECK_EMPTY, _BOOL),
}
# clause or question id of each switch (the keys reference, tests)
SWITCH_IDS = {"worker_cap": "SIB-V1/Q4", "investor_two_any": "SIB-Q2",
              "refill_mode": "SIB-Q1", "mine_max_forced": "SIB-Q3",
              "trigger_player_extra_turn": "SIB-Q5", "discover_any": "SIB-Q6",
              "final_tie": "SIB-Q7", "players_max": "SIB-V2/Q8",
              "force_discovery_when_deck_empty": "SIB-Q9"}
assert set(SWITCH_IDS) == set(SWITCH_OPTIONS)
assert tuple(SWITCH_OPTIONS) == C.SW.keys == tuple(C.SW.key(i) for i, _ in SWITCH_OPTIONS.values())


class RulesDataError(common.RulesDataError):
    """A problem in the Siberia rules data or switches; the message is one line naming the
    fix."""


CHECK = common.Checker("siberia.toml", RulesDataError)
SWITCHES = common.Switches(CHECK, SWITCH_OPTIONS)


# --- sections -> arrays -----------------------------------------------------------------------

def _money(path: str, value: object, unit: int) -> int:
    """A money value in units; it must be a positive multiple of the unit."""
    v = CHECK.int(path, value, 1)
    if v % unit:
        raise CHECK.err(f"{path} is {v}; money values must be multiples of misc.money_unit "
                        f"({unit})")
    return v // unit


def _misc(raw: dict) -> np.ndarray:
    entries = CHECK.named_entries("misc", raw["misc"], C.M.keys, "misc value")
    values = {}
    for path, entry in entries:
        name = path.removeprefix("misc.")
        minimum = 1 if name not in ("face_up_start", "start_workers", "play_draw") else 0
        values[name] = CHECK.int(f"{path}.value", CHECK.entry(path, entry, ("value",))["value"],
                                 minimum)
    unit = values["money_unit"]
    for name in _MONEY_MISC:
        values[name] = _money(f"misc.{name}.value", values[name], unit)
    checks = (
        ("row_size", values["row_size"] <= C.MAX_ROW, f"at most {C.MAX_ROW} (engine capacity)"),
        ("face_up_start", values["face_up_start"] <= values["row_size"], "at most row_size"),
        ("start_hand", values["start_hand"] <= values["hand_limit"], "at most hand_limit"),
        ("combo_any", values["combo_any"] + 1 <= C.MAX_PAID,
         f"at most {C.MAX_PAID - 1} (engine capacity)"),
        ("combo_match", values["combo_match"] <= C.MAX_PAID, f"at most {C.MAX_PAID}"),
        ("investor_saves", values["investor_saves"] <= values["combo_match"],
         "at most combo_match"),
    )
    for name, ok, need in checks:
        if not ok:
            raise CHECK.err(f"misc.{name}.value is {values[name]}; it must be {need}")
    return i32([values[k] for k in C.M.keys])


def _resources(raw: dict, unit: int) -> dict[str, np.ndarray]:
    counts, kinds, values = [], [], []
    for k, (path, entry) in enumerate(CHECK.named_entries("resources", raw["resources"],
                                                          C.RES_NAMES, "resource kind")):
        CHECK.entry(path, entry, ("count", "range", "values"))
        n = CHECK.int(f"{path}.count", entry["count"], 1)
        lo, hi = (_money(f"{path}.range[{i}]", v, unit) for i, v in
                  enumerate(CHECK.list(f"{path}.range", entry["range"], 2, "values")))
        cards = [_money(f"{path}.values[{i}]", v, unit)
                 for i, v in enumerate(CHECK.list(f"{path}.values", entry["values"], n,
                                                  "values (one per card: count)"))]
        for i, v in enumerate(cards):
            if not lo <= v <= hi:
                raise CHECK.err(f"{path}.values[{i}] is {v * unit}; it must lie within "
                                f"range [{lo * unit}, {hi * unit}]")
        counts.append(n)
        kinds += [k] * n
        values += cards
    if len(kinds) > C.MAX_RES_CARDS:
        raise CHECK.err(f"[resources] has {len(kinds)} cards; the engine holds at most "
                        f"{C.MAX_RES_CARDS}")
    pad = C.MAX_RES_CARDS - len(kinds)
    return {"res_count": i32(counts), "res_kind": i32(kinds + [-1] * pad),
            "res_value": i32(values + [0] * pad)}


def _actions(raw: dict) -> np.ndarray:
    counts = []
    for path, entry in CHECK.named_entries("actions", raw["actions"], C.RES_NAMES,
                                           "resource symbol"):
        CHECK.entry(path, entry, C.PERSON_NAMES)
        counts += [CHECK.int(f"{path}.{q}", entry[q]) for q in C.PERSON_NAMES]
    if not 0 < sum(counts) <= C.MAX_ACTION_CARDS:
        raise CHECK.err(f"[actions] has {sum(counts)} cards; need 1..{C.MAX_ACTION_CARDS}")
    return i32(counts)


def _salesmen(raw: dict, unit: int) -> dict[str, np.ndarray]:
    counts, values = [], []
    for path, entry in CHECK.named_entries("salesmen", raw["salesmen"], C.SYMBOL_NAMES,
                                           "salesman category"):
        CHECK.entry(path, entry, ("count", "value"))
        counts.append(CHECK.int(f"{path}.count", entry["count"]))
        values.append(_money(f"{path}.value", entry["value"], unit))
    return {"salesman_count": i32(counts), "salesman_value": i32(values)}


def _base_tables(raw: object) -> dict[str, np.ndarray]:
    """Every table except `switches`; validates."""
    CHECK.check_keys("the file", CHECK.table("the file", raw), _TOP_LEVEL, what="table")
    misc = _misc(raw)
    unit = int(misc[C.M.MONEY_UNIT])
    t = {"misc": misc, **_resources(raw, unit), "action_count": _actions(raw),
         **_salesmen(raw, unit),
         "investor_count": CHECK.scalars(raw, "investors", C.RES_NAMES, "resource kind",
                                         "count")}
    deck = int(t["action_count"].sum())
    options = SWITCH_OPTIONS["players_max"][1]
    if misc[C.M.MIN_PLAYERS] > min(options):   # SIB-R0: the fewest players within the most
        raise CHECK.err(f"misc.min_players.value is {misc[C.M.MIN_PLAYERS]}; it must be at most "
                        f"{min(options)} (switch players_max)")
    for players in options:
        if players * int(misc[C.M.START_HAND]) > deck:
            raise CHECK.err(f"[actions] has {deck} cards, too few to deal "
                            f"{misc[C.M.START_HAND]} to {players} players")
        if players * int(misc[C.M.START_WORKERS]) > int(misc[C.M.WORKER_SUPPLY]):
            raise CHECK.err(f"misc.worker_supply.value is {misc[C.M.WORKER_SUPPLY]}, too few "
                            f"for {misc[C.M.START_WORKERS]} each of {max(options)} players")
    if misc[C.M.ROW_SIZE] > int(t["res_count"].sum()):
        raise CHECK.err("[resources] has fewer cards than misc.row_size; add cards")
    return t


# --- public API -------------------------------------------------------------------------------

def _assemble(t: dict[str, np.ndarray], values: dict[str, object]) -> SiberiaTables:
    codes = SWITCHES.codes(values)
    if values["worker_cap"] == "none":
        codes[C.SW.WORKER_CAP] = 0  # no cap
    return SiberiaTables(switches=codes, **t)


def _status_entries(raw: dict) -> Iterator[tuple[str, dict]]:
    """(dotted path, entry) for every entry that carries a status."""
    for section in ("misc", "resources", "actions", "salesmen", "investors"):
        for name, entry in raw[section].items():
            yield f"{section}.{name}", entry


FILE = common.RulesFile(DEFAULT_PATH, RulesDataError, SWITCHES, _base_tables, _assemble,
                        _status_entries, C.T)
(load_raw, rules_data_hash, switch_values, validate, build_tables, load_tables, assumed_values,
 flatten) = FILE.api()


def money(units: int, tables: SiberiaTables) -> int:
    """An amount in money units as full money ($)."""
    return int(units) * int(tables.misc[C.M.MONEY_UNIT])
