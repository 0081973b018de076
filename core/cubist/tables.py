"""Cubist rules data: configs/games/cubist.toml -> validated numpy tables (see codes.py).

Plans are parsed from the reference's notation (rows separated by "/", top row first, a digit
the stack height, "." empty); each installation plan is stored in all 8 orientations (4
rotations, then the mirror image's 4) so compiled matching only compares grids (CUBIST-R16,
R23, Q7).
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np

from core.common import tables as common
from core.common.tables import STATUS_LABELS, i32  # noqa: F401 (re-exported)
from core.cubist import codes as C


class CubistTables(NamedTuple):
    """All rules data as int32 arrays, ready to pass to compiled code."""

    misc: np.ndarray          # int32[NMISC], indexed by codes.M
    switches: np.ndarray      # int32[NSWITCHES], indexed by codes.SW
    inst_dice: np.ndarray     # int32[MAX_INST] dice in the plan, 0 past the last card
    inst_points: np.ndarray   # int32[MAX_INST]
    inst_spaces: np.ndarray   # int32[MAX_INST] museum-die spaces
    inst_space_a: np.ndarray  # int32[MAX_INST * MAX_SPACES]
    inst_space_b: np.ndarray  # int32[MAX_INST * MAX_SPACES]
    inst_shape: np.ndarray    # int32[MAX_INST * NORIENT * 2] rows, columns per orientation
    inst_h: np.ndarray        # int32[MAX_INST * NORIENT * PLAN_CELLS] heights
    inst_fix: np.ndarray      # int32[MAX_INST * NORIENT * PLAN_CELLS] fixed values, 0 free
    art_n: np.ndarray         # int32[1] artist cards
    art_kind: np.ndarray      # int32[MAX_ART]
    art_dice: np.ndarray      # int32[MAX_ART]
    art_v1: np.ndarray        # int32[MAX_ART]
    art_v2: np.ndarray        # int32[MAX_ART]
    mus_n: np.ndarray         # int32[1] museum cards
    mus_players: np.ndarray   # int32[MAX_MUSEUMS]
    mus_h: np.ndarray         # int32[MAX_MUSEUMS * MCELL]
    mus_corner: np.ndarray    # int32[MAX_MUSEUMS]


DEFAULT_PATH = Path(__file__).resolve().parents[2] / "configs/games/cubist.toml"
_TOP_LEVEL = ("misc", "installations", "artists", "museums", "switches")
_BOOL = (False, True)

SWITCH_OPTIONS: dict[str, tuple[int, tuple[object, ...]]] = {
    "adjacency": (C.SW.ADJACENCY, ("strict", "lenient")),
    "end_timing": (C.SW.END_TIMING, ("finish_round", "immediate")),
    "score_unflipped_cards": (C.SW.SCORE_UNFLIPPED_CARDS, (True, False)),
    "modifier_sign": (C.SW.MODIFIER_SIGN, ("choose", "printed")),
    "artist_flush_to": (C.SW.ARTIST_FLUSH_TO, ("deck_bottom", "out_of_game")),
    "rozanova": (C.SW.ROZANOVA, ("swap_colour", "take_die")),
    "allow_mirror": (C.SW.ALLOW_MIRROR, _BOOL),
    "restack_own_artist": (C.SW.RESTACK_OWN_ARTIST, _BOOL),
    "remove_only_top": (C.SW.REMOVE_ONLY_TOP, (True, False)),
    "final_tie": (C.SW.FINAL_TIE, ("museum_then_installations", "shared")),
}
SWITCH_IDS = {name: f"CUBIST-Q{i + 1}" for i, name in enumerate(SWITCH_OPTIONS)}
assert tuple(SWITCH_OPTIONS) == C.SW.keys


class RulesDataError(common.RulesDataError):
    """A problem in the Cubist rules data or switches; the message is one line naming the
    fix."""


CHECK = common.Checker("cubist.toml", RulesDataError)
SWITCHES = common.Switches(CHECK, SWITCH_OPTIONS)


# --- plans ----------------------------------------------------------------------------------

def parse_plan(path: str, plan: object, max_rows: int, max_cols: int) -> list[list[int]]:
    """A plan string as rows of column heights (0 empty); it must be rectangular, fit
    max_rows x max_cols, have a cell in its first/last row and column, and be connected."""
    if not isinstance(plan, str) or not plan:
        raise CHECK.err(f"{path} is {common.show(plan)}; write a plan like \"11/1.\"")
    rows = plan.split("/")
    if len({len(r) for r in rows}) != 1 or any(ch not in ".123456789" for r in rows for ch in r):
        raise CHECK.err(f"{path} {plan!r} is not a plan; rows of equal length of digits and '.'")
    grid = [[0 if ch == "." else int(ch) for ch in r] for r in rows]
    if len(grid) > max_rows or len(grid[0]) > max_cols:
        raise CHECK.err(f"{path} {plan!r} is larger than {max_rows} x {max_cols} (engine "
                        "capacity)")
    cells = {(r, c) for r, row in enumerate(grid) for c, h in enumerate(row) if h}
    if not cells or {0, len(grid) - 1} - {r for r, _ in cells} or \
            {0, len(grid[0]) - 1} - {c for _, c in cells}:
        raise CHECK.err(f"{path} {plan!r} has an empty first or last row or column; trim it")
    seen, todo = set(), [min(cells)]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    if seen != cells:
        raise CHECK.err(f"{path} {plan!r} is not connected; a plan is one structure")
    return grid


def cell_ref(path: str, ref: object, grid: list[list[int]]) -> tuple[int, int]:
    """(row, column), 0-based, of a plan cell written "rXcY"."""
    try:
        assert isinstance(ref, str) and ref[0] == "r" and "c" in ref
        r, c = (int(x) - 1 for x in ref[1:].split("c"))
        assert 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c]
    except (AssertionError, ValueError, IndexError):
        raise CHECK.err(f"{path} is {common.show(ref)}; name a plan cell as \"rXcY\"") from None
    return r, c


def rotate(grid: list[list[int]]) -> list[list[int]]:
    """The grid turned 90 degrees clockwise."""
    rows, cols = len(grid), len(grid[0])
    return [[grid[rows - 1 - c][r] for c in range(rows)] for r in range(cols)]


def orientations(grid: list[list[int]]) -> list[list[list[int]]]:
    """The 4 rotations of the grid, then the 4 of its mirror image."""
    out = []
    for g in (grid, [row[::-1] for row in grid]):
        for _ in range(4):
            out.append(g)
            g = rotate(g)
    return out


def _space(path: str, value: object) -> tuple[int, int]:
    """A museum-die space "V" or "A/B" as (a, b) (b = a for a printed value)."""
    try:
        parts = [int(x) for x in str(value).split("/")] if isinstance(value, str) else []
        assert len(parts) in (1, 2) and all(1 <= v <= C.NVAL for v in parts)
    except (AssertionError, ValueError):
        raise CHECK.err(f"{path} is {common.show(value)}; write \"V\" or \"A/B\" with values "
                        "1-6") from None
    return parts[0], parts[-1]


def _installations(raw: dict) -> dict[str, np.ndarray]:
    entries = raw["installations"]
    if not isinstance(entries, list) or not 1 <= len(entries) <= C.MAX_INST:
        raise CHECK.err(f"[[installations]] must list 1..{C.MAX_INST} cards")
    n = C.MAX_INST
    out = {k: np.zeros(size, np.int32) for k, size in (
        ("inst_dice", n), ("inst_points", n), ("inst_spaces", n),
        ("inst_space_a", n * C.MAX_SPACES), ("inst_space_b", n * C.MAX_SPACES),
        ("inst_shape", n * C.NORIENT * 2), ("inst_h", n * C.NORIENT * C.PLAN_CELLS),
        ("inst_fix", n * C.NORIENT * C.PLAN_CELLS))}
    for i, entry in enumerate(entries):
        path = f"installations[{i}]"
        CHECK.table(path, entry)
        CHECK.check_keys(path, entry, ("id", "plan", "fixed", "points", "museum_dice",
                                       "status"), ("note",), what="key")
        grid = parse_plan(f"{path}.plan", entry["plan"], C.PLAN, C.PLAN)
        fixed = [[0] * len(grid[0]) for _ in grid]
        for j, spec in enumerate(entry["fixed"]):
            ref, _, value = str(spec).partition("=")
            r, c = cell_ref(f"{path}.fixed[{j}]", ref, grid)
            fixed[r][c] = CHECK.int(f"{path}.fixed[{j}] value", int(value) if value.isdigit()
                                    else value, 1)
        spaces = entry["museum_dice"]
        if not isinstance(spaces, list) or not 1 <= len(spaces) <= C.MAX_SPACES:
            raise CHECK.err(f"{path}.museum_dice must list 1..{C.MAX_SPACES} spaces")
        out["inst_dice"][i] = sum(map(sum, grid))
        out["inst_points"][i] = CHECK.int(f"{path}.points", entry["points"], 0)
        out["inst_spaces"][i] = len(spaces)
        for j, v in enumerate(spaces):
            a, b = _space(f"{path}.museum_dice[{j}]", v)
            out["inst_space_a"][i * C.MAX_SPACES + j] = a
            out["inst_space_b"][i * C.MAX_SPACES + j] = b
        for o, (g, f) in enumerate(zip(orientations(grid), orientations(fixed))):
            k = i * C.NORIENT + o
            out["inst_shape"][2 * k:2 * k + 2] = (len(g), len(g[0]))
            for r, row in enumerate(g):
                for c, h in enumerate(row):
                    out["inst_h"][k * C.PLAN_CELLS + r * C.PLAN + c] = h
                    out["inst_fix"][k * C.PLAN_CELLS + r * C.PLAN + c] = f[r][c]
    return out


def _artists(raw: dict) -> dict[str, np.ndarray]:
    entries = raw["artists"]
    if not isinstance(entries, list) or not C.MAX_ARTISTS_UP <= len(entries) <= C.MAX_ART:
        raise CHECK.err(f"[[artists]] must list {C.MAX_ARTISTS_UP}..{C.MAX_ART} cards")
    kind, dice, v1, v2 = (np.zeros(C.MAX_ART, np.int32) for _ in range(4))
    for i, entry in enumerate(entries):
        path = f"artists[{i}]"
        CHECK.table(path, entry)
        CHECK.check_keys(path, entry, ("id", "artist", "dice", "status"),
                         ("values", "step", "sign", "note"), what="key")
        name = entry.get("artist")
        if name not in C.ARTIST_NAMES:
            raise CHECK.err(f"{path}.artist is {common.show(name)}; one of "
                            f"{', '.join(C.ARTIST_NAMES)}")
        k = C.ARTIST_NAMES.index(name)
        kind[i] = k
        dice[i] = CHECK.int(f"{path}.dice", entry.get("dice"), 1)
        values = entry.get("values", [])
        need = {C.BOCCIONI: 2, C.MALEVICH: 1}.get(k, 0)
        if len(values) != need or any(not isinstance(v, int) or not 1 <= v <= C.NVAL
                                      for v in values):
            raise CHECK.err(f"{path}.values must list {need} values 1-6 for {name}")
        if need:
            v1[i], v2[i] = values[0], values[-1]
        if k in (C.FRESNAYE, C.POPOVA):
            v1[i] = CHECK.int(f"{path}.step", entry.get("step"), 1)
            sign = entry.get("sign")
            if sign not in (1, -1):
                raise CHECK.err(f"{path}.sign is {common.show(sign)}; +1 or -1")
            v2[i] = sign
    return {"art_n": i32([len(entries)]), "art_kind": kind, "art_dice": dice, "art_v1": v1,
            "art_v2": v2}


def _museums(raw: dict) -> dict[str, np.ndarray]:
    entries = raw["museums"]
    if not isinstance(entries, list) or not 1 <= len(entries) <= C.MAX_MUSEUMS:
        raise CHECK.err(f"[[museums]] must list 1..{C.MAX_MUSEUMS} cards")
    players, corner = np.zeros(C.MAX_MUSEUMS, np.int32), np.zeros(C.MAX_MUSEUMS, np.int32)
    heights = np.zeros(C.MAX_MUSEUMS * C.MCELL, np.int32)
    for i, entry in enumerate(entries):
        path = f"museums[{i}]"
        CHECK.table(path, entry)
        CHECK.check_keys(path, entry, ("id", "players", "plan", "cornerstone", "status"),
                         ("note",), what="key")
        players[i] = CHECK.int(f"{path}.players", entry["players"], 1)
        grid = parse_plan(f"{path}.plan", entry["plan"], C.MROWS, C.MCOLS)
        r, c = cell_ref(f"{path}.cornerstone", entry["cornerstone"], grid)
        corner[i] = r * C.MCOLS + c
        for rr, row in enumerate(grid):
            for cc, h in enumerate(row):
                heights[i * C.MCELL + rr * C.MCOLS + cc] = h
    return {"mus_n": i32([len(entries)]), "mus_players": players, "mus_h": heights,
            "mus_corner": corner}


def _misc(raw: dict) -> np.ndarray:
    values = {}
    for path, entry in CHECK.named_entries("misc", raw["misc"], C.M.keys, "misc value"):
        values[path.removeprefix("misc.")] = CHECK.int(
            f"{path}.value", CHECK.entry(path, entry, ("value",))["value"], 0)
    checks = (("min_players", 1 <= values["min_players"] <= values["max_players"],
               "at least 1 and at most max_players"),
              ("max_players", values["max_players"] <= C.MAX_PLAYERS,
               f"at most {C.MAX_PLAYERS} (engine capacity)"),
              ("storage", values["storage"] <= 2, "at most 2 (engine capacity)"),
              ("display", 1 <= values["display"] <= C.MAX_DISPLAY, f"1..{C.MAX_DISPLAY}"),
              ("artists_face_up", 1 <= values["artists_face_up"] <= C.MAX_ARTISTS_UP,
               f"1..{C.MAX_ARTISTS_UP}"),
              ("roll_dice", 1 <= values["roll_dice"] <= 2, "1 or 2"),
              ("start_dice", values["start_dice"] >= 4, "at least 4"),
              ("end_installations", 1 <= values["end_installations"] <= C.MAX_HELD - 2,
               f"1..{C.MAX_HELD - 2} (engine capacity)"),
              ("max_rounds", values["max_rounds"] >= 1, "at least 1"))
    for name, ok, need in checks:
        if not ok:
            raise CHECK.err(f"misc.{name}.value is {values[name]}; it must be {need}")
    return i32([values[k] for k in C.M.keys])


def _base_tables(raw: object) -> dict[str, np.ndarray]:
    """Every table except `switches`; validates."""
    CHECK.check_keys("the file", CHECK.table("the file", raw), _TOP_LEVEL, what="table")
    misc = _misc(raw)
    t = {"misc": misc, **_installations(raw), **_artists(raw), **_museums(raw)}
    for p in range(int(misc[C.M.MIN_PLAYERS]), int(misc[C.M.MAX_PLAYERS]) + 1):
        if p not in t["mus_players"][:int(t["mus_n"][0])]:
            raise CHECK.err(f"[[museums]] has no card for {p} players; add one (CUBIST-R2)")
    if int((t["inst_dice"] > 0).sum()) < misc[C.M.DISPLAY]:
        raise CHECK.err("[[installations]] has fewer cards than misc.display; add cards")
    return t


def _assemble(t: dict[str, np.ndarray], values: dict[str, object]) -> CubistTables:
    return CubistTables(switches=SWITCHES.codes(values), **t)


def _status_entries(raw: dict) -> Iterator[tuple[str, dict]]:
    """(dotted path, entry) for every entry that carries a status."""
    for name, entry in raw["misc"].items():
        yield f"misc.{name}", entry
    for section in ("installations", "artists", "museums"):
        for entry in raw[section]:
            yield f"{section}.{entry['id']}", entry


FILE = common.RulesFile(DEFAULT_PATH, RulesDataError, SWITCHES, _base_tables, _assemble,
                        _status_entries, C.T)
(load_raw, rules_data_hash, switch_values, validate, build_tables, load_tables, assumed_values,
 flatten) = FILE.api()
