"""Jamaica rules data: configs/games/jamaica.toml -> validated int32 tables (see codes.py).

The board's backward edges, each space's distance to Port Royal and the ends of every die move
are INFERRED from the forward edges here, and the card carrying each power from the treasure
cards, so the file states each fact once.
"""
from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np

from core.common import tables as common
from core.common.tables import STATUS_LABELS, i32  # noqa: F401 (re-exported)
from core.jamaica import codes as C


class JamaicaTables(NamedTuple):
    """All rules data as int32 arrays, ready for compiled code."""

    misc: np.ndarray            # int32[NMISC], indexed by codes.M
    switches: np.ndarray        # int32[NSWITCHES], indexed by codes.SW
    space_kind: np.ndarray      # int32[NSPACES]
    space_cost: np.ndarray      # int32[NSPACES]
    space_score: np.ndarray     # int32[NSPACES]: printed value, 0 before the line
    next: np.ndarray            # int32[2 * NSPACES] forward edges, -1 none
    prev: np.ndarray            # int32[2 * NSPACES] backward edges, -1 none
    togo: np.ndarray            # int32[NSPACES] fewest steps forward to Port Royal
    card_sym: np.ndarray        # int32[2 * NCARDS] morning, evening symbol per card
    die: np.ndarray             # int32[NFACES] strength per face, -1 the star
    treasure_kind: np.ndarray   # int32[NTREASURES]
    treasure_value: np.ndarray  # int32[NTREASURES] power code or points
    power_card: np.ndarray      # int32[NPOWERS] the card carrying each power (INFERRED)

    @property
    def routes(self) -> np.ndarray:
        """int32[ROUTE_TABLE]: every die move's ends (INFERRED, routes.py), found when the
        flat vector is first built: loading the rules data compiles nothing."""
        return _route_table(*(a.tobytes() for a in (self.next, self.prev, self.space_kind,
                                                    self.space_cost)))


@functools.lru_cache(maxsize=16)
def _route_table(nxt: bytes, prev: bytes, kind: bytes, cost: bytes) -> np.ndarray:
    """The route table of a board given as the bytes of its int32 tables (cached, read-only)."""
    from core.jamaica import routes   # compiled: imported on first use only

    ends = routes.table(*(np.frombuffer(b, np.int32) for b in (nxt, prev, kind, cost)))
    ends.flags.writeable = False
    return ends


DEFAULT_PATH = Path(__file__).resolve().parents[2] / "configs/games/jamaica.toml"
_TOP_LEVEL = ("misc", "board", "deck", "combat_die", "treasure", "switches")
_BOOL = (False, True)
LOAD_SYMBOLS = ("gold", "food", "gunpowder", "forward", "backward")  # codes 1..5

SWITCH_OPTIONS: dict[str, tuple[int, tuple[object, ...]]] = {
    "winner_may_pass": (C.SW.WINNER_MAY_PASS, (True, False)),
    "sabre_mode": (C.SW.SABRE_MODE, ("once_after_roll", "any_time")),
    "bank_limited": (C.SW.BANK_LIMITED, _BOOL),
    "pay_order": (C.SW.PAY_ORDER, ("smallest_first", "player_choice")),
    "blind_steal": (C.SW.BLIND_STEAL, ("random", "look")),
    "progress_measure": (C.SW.PROGRESS_MEASURE, ("fewest_spaces_shortest_route",)),
    "sixth_hold_last": (C.SW.SIXTH_HOLD_LAST, (True, False)),
    "give_cursed": (C.SW.GIVE_CURSED, ("most_negative", "player_choice")),
    "pre_line_value": (C.SW.PRE_LINE_VALUE, (-5, -2)),
    "max_rounds": (C.SW.MAX_ROUNDS, (50, 20, 100)),
    "ghost_rank_measure": (C.SW.GHOST_RANK_MEASURE, ("as_named",)),
    "ghost_die_order": (C.SW.GHOST_DIE_ORDER, ("morning_first",)),
    "ghost_ship": (C.SW.GHOST_SHIP, (True, False)),
}
# clause, question or variant id of each switch (the keys reference, tests)
SWITCH_IDS = {"winner_may_pass": "JAM-Q1", "sabre_mode": "JAM-Q2", "bank_limited": "JAM-Q3",
              "pay_order": "JAM-Q4", "blind_steal": "JAM-Q5", "progress_measure": "JAM-Q6",
              "sixth_hold_last": "JAM-Q7", "give_cursed": "JAM-Q8", "pre_line_value": "JAM-Q9",
              "max_rounds": "JAM-Q10", "ghost_rank_measure": "JAM-Q11",
              "ghost_die_order": "JAM-Q12", "ghost_ship": "JAM-V1"}
assert set(SWITCH_IDS) == set(SWITCH_OPTIONS)
assert tuple(SWITCH_OPTIONS) == C.SW.keys


class RulesDataError(common.RulesDataError):
    """A problem in the Jamaica rules data or switches; one line naming the fix."""


CHECK = common.Checker("jamaica.toml", RulesDataError)
SWITCHES = common.Switches(CHECK, SWITCH_OPTIONS)


def _misc(raw: dict) -> np.ndarray:
    values = {}
    for path, entry in CHECK.named_entries("misc", raw["misc"], C.M.keys, "misc value"):
        values[path.removeprefix("misc.")] = CHECK.int(
            f"{path}.value", CHECK.entry(path, entry, ("value",))["value"], 1)
    if not 2 <= values["min_players"] <= values["max_players"] <= C.MAX_PLAYERS:
        raise CHECK.err(f"misc.min_players..max_players must lie within 2..{C.MAX_PLAYERS}")
    if not values["hand_size"] <= values["morgan_hand"] <= C.MAX_HAND:
        raise CHECK.err(f"misc.morgan_hand.value must be hand_size..{C.MAX_HAND}")
    if values["holds"] != C.SIXTH:
        raise CHECK.err(f"misc.holds.value is {values['holds']}; the engine has {C.SIXTH} "
                        "holds and the 6th Hold")
    if values["treasures_used"] > C.NTREASURES - 1:
        raise CHECK.err(f"misc.treasures_used.value must be at most {C.NTREASURES - 1} "
                        "(the Ghost Ship keeps Lady Beth)")
    return i32([values[k] for k in C.M.keys])


def _entries(raw_file: dict, section: str, key: str, n: int) -> list[tuple[str, dict]]:
    """The array `key` of table `section`: n tables with ids first..first + n - 1 in order."""
    raw = CHECK.table(section, raw_file.get(section))
    CHECK.check_keys(f"[{section}]", raw, (key,))
    items = CHECK.list(f"{section}.{key}", raw[key], n, "entries")
    first = 0 if section == "board" else 1
    out = []
    for i, e in enumerate(items):
        path = f"{section}.{key}[{i}]"
        CHECK.table(path, e)
        if e.get("id") != i + first:
            raise CHECK.err(f"{path}.id is {e.get('id')!r}; ids run {first}..{first + n - 1} "
                            "in order")
        out.append((path, e))
    return out


def _board(raw: dict) -> dict[str, np.ndarray]:
    kind, cost, score, nxt = [], [], [], []
    for path, e in _entries(raw, "board", "spaces", C.NSPACES):
        CHECK.entry(path, e, ("id", "kind", "cost", "score", "next"))
        kind.append(CHECK.name(f"{path}.kind", e["kind"], C.SPACE_KINDS, "space kind"))
        cost.append(CHECK.int(f"{path}.cost", e["cost"]))
        s = e["score"]
        if s == "before_line" or s == "finish":
            score.append(0)
        else:
            score.append(CHECK.int(f"{path}.score", s, 1))
        edges = e["next"]
        if not isinstance(edges, list) or not 1 <= len(edges) <= 2:
            raise CHECK.err(f"{path}.next must be an array of 1 or 2 space ids")
        nxt.append([CHECK.int(f"{path}.next[{j}]", v) for j, v in enumerate(edges)])
        if any(v >= C.NSPACES for v in nxt[-1]):
            raise CHECK.err(f"{path}.next names a space past {C.NSPACES - 1}")
        if (kind[-1] in (C.PORT_ROYAL, C.LAIR)) != (cost[-1] == 0):
            raise CHECK.err(f"{path}: Port Royal and lairs cost 0, other spaces more")
    if kind[0] != C.PORT_ROYAL or kind.count(C.PORT_ROYAL) != 1:
        raise CHECK.err("board.spaces: space 0, and only it, is port_royal")
    prev: list[list[int]] = [[] for _ in range(C.NSPACES)]
    for a, edges in enumerate(nxt):
        for b in edges:
            prev[b].append(a)
    if any(not 1 <= len(p) <= 2 for p in prev):
        raise CHECK.err("board.spaces: every space needs 1 or 2 incoming edges")
    togo = [0] * C.NSPACES  # breadth-first search backward from Port Royal
    seen = {0}
    queue = deque([0])
    while queue:
        x = queue.popleft()
        for y in prev[x]:
            if y not in seen:
                seen.add(y)
                togo[y] = togo[x] + 1
                queue.append(y)
    if len(seen) != C.NSPACES:
        raise CHECK.err("board.spaces: every space must lead to Port Royal")
    togo[0] = 1 + min(togo[y] for y in nxt[0])
    pad = [v for e in nxt for v in (e + [-1])[:2]]
    back = [v for p in prev for v in (p + [-1])[:2]]
    return {"space_kind": i32(kind), "space_cost": i32(cost), "space_score": i32(score),
            "next": i32(pad), "prev": i32(back), "togo": i32(togo)}


def _deck(raw: dict) -> np.ndarray:
    syms = []
    for path, e in _entries(raw, "deck", "cards", C.NCARDS):
        CHECK.entry(path, e, ("id", "morning", "evening"))
        for half in ("morning", "evening"):
            syms.append(1 + CHECK.name(f"{path}.{half}", e[half], LOAD_SYMBOLS, "symbol"))
    return i32(syms)


def _die(raw: dict) -> np.ndarray:
    e = CHECK.entry("combat_die", CHECK.table("combat_die", raw["combat_die"]), ("faces",))
    faces = CHECK.list("combat_die.faces", e["faces"], C.NFACES, "faces")
    out = [-1 if f == "star" else CHECK.int(f"combat_die.faces[{i}]", f, 1)
           for i, f in enumerate(faces)]
    if out.count(-1) != 1:
        raise CHECK.err('combat_die.faces needs exactly one "star"')
    return i32(out)


def _treasures(raw: dict) -> dict[str, np.ndarray]:
    kind, value = [], []
    for path, e in _entries(raw, "treasure", "cards", C.NTREASURES):
        k = CHECK.name(f"{path}.kind", e.get("kind"), C.TREASURE_KINDS, "treasure kind")
        if k == C.POWER:
            CHECK.entry(path, e, ("id", "kind", "power"))
            v = CHECK.name(f"{path}.power", e["power"], C.POWER_NAMES, "power")
        else:
            CHECK.entry(path, e, ("id", "kind", "value"))
            v = e["value"]
            if type(v) is not int or (v <= 0 if k == C.VALUE else v >= 0):
                raise CHECK.err(f"{path}.value is {v!r}; a value card is > 0, a cursed one "
                                "< 0")
        kind.append(k)
        value.append(v)
    powers = sorted(v for k, v in zip(kind, value) if k == C.POWER)
    if powers != list(range(C.NPOWERS)):
        raise CHECK.err("treasure.cards: each of the 4 powers exactly once")
    power_card = [next(c for c, (k, v) in enumerate(zip(kind, value)) if k == C.POWER and v == p)
                  for p in range(C.NPOWERS)]
    return {"treasure_kind": i32(kind), "treasure_value": i32(value),
            "power_card": i32(power_card)}


def _base_tables(raw: object) -> dict[str, np.ndarray]:
    """Every table except `switches`; validates."""
    CHECK.check_keys("the file", CHECK.table("the file", raw), _TOP_LEVEL, what="table")
    return {"misc": _misc(raw), **_board(raw), "card_sym": _deck(raw),
            "die": _die(raw), **_treasures(raw)}


def _assemble(t: dict[str, np.ndarray], values: dict[str, object]) -> JamaicaTables:
    return JamaicaTables(switches=SWITCHES.codes(values), **t)


def _status_entries(raw: dict) -> Iterator[tuple[str, dict]]:
    """(dotted path, entry) for every entry that carries a status."""
    for name, entry in raw["misc"].items():
        yield f"misc.{name}", entry
    for section, key in (("board", "spaces"), ("deck", "cards"), ("treasure", "cards")):
        for i, entry in enumerate(raw[section][key]):
            yield f"{section}.{key}[{i}]", entry
    yield "combat_die", raw["combat_die"]


FILE = common.RulesFile(DEFAULT_PATH, RulesDataError, SWITCHES, _base_tables, _assemble,
                        _status_entries, C.T)
(load_raw, rules_data_hash, switch_values, validate, build_tables, load_tables, assumed_values,
 flatten) = FILE.api()
