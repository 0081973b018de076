"""Rules-data loading every game shares (pure Python, never compiled): reading and hashing the
TOML file, one-line errors, value checkers, named switches, status labels, the cached loader.

A game's tables.py binds these to its own file, error class and switch list:

    class RulesDataError(common.RulesDataError): ...
    CHECK = common.Checker("<game>.toml", RulesDataError)     # CHECK.int(path, value), ...
    SWITCHES = common.Switches(CHECK, {name: (index, options)})
    FILE = common.RulesFile(DEFAULT_PATH, RulesDataError, SWITCHES, base_tables, assemble,
                            status_entries, codes.T)

(`codes.T` is the flat vector's layout, core.common.layout.block: one field per table, named
after the tables' field in upper case.)

and then only writes what is its own: which sections exist and what they mean.
"""
from __future__ import annotations

import functools
import hashlib
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

STATUS_LABELS = ("seed", "sourced", "inferred", "assumed")


class RulesDataError(ValueError):
    """A problem in a game's rules data or switches; the message is one line naming the fix."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.splitlines()))


def show(value: object) -> str:
    """A TOML value with its kind, for messages: 'an integer (3)'."""
    kinds = {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
             list: "an array", dict: "a table"}
    return f"{kinds.get(type(value), type(value).__name__)} ({value!r})"


def fmt(value: object) -> str:
    """A switch option as written in TOML."""
    if isinstance(value, bool):
        return str(value).lower()
    return f'"{value}"' if isinstance(value, str) else str(value)


def i32(values: object) -> np.ndarray:
    """An int32 array (the tables compiled code receives)."""
    return np.array(values, dtype=np.int32)


class Checker:
    """Value checkers for one rules file: each returns the checked value or raises one
    error line prefixed with the file name."""

    def __init__(self, file_name: str, error: type[RulesDataError] = RulesDataError) -> None:
        self.file_name = file_name
        self.error = error

    def err(self, message: str) -> RulesDataError:
        return self.error(f"{self.file_name}: {message}")

    def int(self, path: str, value: object, minimum: int = 0) -> int:
        if type(value) is not int:
            raise self.err(f"{path} is {show(value)}; expected an integer >= {minimum}")
        if value < minimum:
            raise self.err(f"{path} is {value}; it must be >= {minimum}")
        return value

    def name(self, path: str, value: object, names: tuple[str, ...], what: str) -> int:
        """Index of a name in `names` (a codes.py key tuple)."""
        if not isinstance(value, str):
            raise self.err(f"{path} is {show(value)}; expected a {what} name")
        if value not in names:
            raise self.err(f"unknown {what} {value!r} at {path} (known: {', '.join(names)})")
        return names.index(value)

    def table(self, path: str, value: object) -> dict:
        if not isinstance(value, dict):
            raise self.err(f"{path} is {show(value)}; expected a table")
        return value

    def list(self, path: str, value: object, length: int, what: str) -> list:
        if not isinstance(value, list):
            raise self.err(f"{path} is {show(value)}; expected an array of {length} {what}")
        if len(value) != length:
            raise self.err(f"{path} has {len(value)} {what}; need exactly {length}")
        return value

    def check_keys(self, where: str, table: dict, required: tuple[str, ...],
                   optional: tuple[str, ...] = (), what: str = "key") -> None:
        allowed = required + optional
        for key in table:
            if key not in allowed:
                raise self.err(f"unknown {what} {key!r} in {where} (allowed: "
                               f"{', '.join(allowed)})")
        for key in required:
            if key not in table:
                raise self.err(f"{where} is missing {what} {key!r}; add it")

    def entry(self, path: str, entry: dict, fields: tuple[str, ...],
              required_statuses: tuple[str, ...] = ()) -> dict:
        """Check an entry's keys: its data fields, `status`, optional `note` and
        `<field>_status`."""
        optional = ("note",) + tuple(f"{f}_status" for f in fields
                                     if f"{f}_status" not in required_statuses)
        self.check_keys(path, entry, fields + ("status",) + required_statuses, optional)
        for key, value in entry.items():
            if key == "status" or key.endswith("_status"):
                if value not in STATUS_LABELS:
                    raise self.err(f"{path}.{key} is {value!r}; use one of "
                                   f"{', '.join(STATUS_LABELS)}")
        if not isinstance(entry.get("note", ""), str):
            raise self.err(f"{path}.note is {show(entry['note'])}; expected a string")
        return entry

    def named_entries(self, section: str, table: object, names: tuple[str, ...],
                      what: str) -> list[tuple[str, dict]]:
        """(dotted path, entry) for each of `names`, which must be exactly the section's
        keys."""
        self.check_keys(f"[{section}]", self.table(section, table), names, what=what)
        return [(f"{section}.{n}", self.table(f"{section}.{n}", table[n])) for n in names]

    def by_id(self, section: str, value: object, ids: tuple[str, ...],
              what: str) -> list[dict]:
        """An array of tables ordered by `ids`; each id exactly once."""
        entries = self.list(f"[[{section}]]", value, len(ids), what)
        found: dict[str, dict] = {}
        for i, entry in enumerate(entries):
            self.table(f"{section}[{i}]", entry)
            if "id" not in entry:
                raise self.err(f"{section}[{i}] is missing key 'id'; add it")
            self.name(f"{section}[{i}].id", entry["id"], ids, "id")
            if entry["id"] in found:
                raise self.err(f"duplicate id {entry['id']!r} in [[{section}]]; "
                               "each id must appear exactly once")
            found[entry["id"]] = entry
        return [found[i] for i in ids]

    def scalars(self, raw: dict, section: str, names: tuple[str, ...], what: str,
                field: str, minimum: int = 0) -> np.ndarray:
        """One integer `field` per named entry of a section."""
        entries = self.named_entries(section, raw[section], names, what)
        return i32([self.int(f"{p}.{field}", self.entry(p, e, (field,))[field], minimum)
                    for p, e in entries])


class Switches:
    """A game's named switches: name -> (index in the switch vector, allowed options).

    Codes: booleans and numbers code as themselves, string options as their index in the
    options tuple (a game may recode a switch after `codes`)."""

    def __init__(self, check: Checker, options: dict[str, tuple[int, tuple[object, ...]]]
                 ) -> None:
        self.check_ = check
        self.options = options
        assert sorted(i for i, _ in options.values()) == list(range(len(options)))

    def check(self, name: object, value: object, source: str) -> None:
        if name not in self.options:
            raise self.check_.err(f"unknown switch {name!r} in {source} (known: "
                                  f"{', '.join(self.options)})")
        allowed = self.options[name][1]
        if not any(type(value) is type(o) and value == o for o in allowed):
            raise self.check_.err(f"switch {name} = {fmt(value)} in {source} is not allowed "
                                  f"(options: {', '.join(fmt(o) for o in allowed)})")

    def values(self, raw: dict, overrides: dict[str, object] | None = None
               ) -> dict[str, object]:
        """The named switch values of the file's [switches], after `overrides`."""
        table = self.check_.table("switches", self.check_.table("the file", raw).get("switches"))
        self.check_.check_keys("[switches]", table, tuple(self.options), what="switch")
        for name, value in table.items():
            self.check(name, value, "[switches]")
        for name, value in (overrides or {}).items():
            self.check(name, value, "the overrides")
        return {name: (overrides or {}).get(name, table[name]) for name in self.options}

    def codes(self, values: dict[str, object]) -> np.ndarray:
        """The int32 switch vector of named values."""
        codes = [0] * len(self.options)
        for name, (index, options) in self.options.items():
            value = values[name]
            codes[index] = int(value) if isinstance(value, int) else options.index(value)
        return i32(codes)


class RulesFile:
    """A game's rules file: reading, hashing, validating and converting it, the cached loader,
    its assumed values and the flat vector compiled code reads. `base_tables(raw)` validates
    everything but [switches] and returns the game's arrays by name; `assemble(arrays, switch
    values)` makes the game's tables tuple; `status_entries(raw)` yields (dotted path, entry)
    for every entry that carries a status; `flat` is the flat vector's layout (a
    core.common.layout block with one field per table, the table's name upper-cased)."""

    def __init__(self, default_path: Path, error: type[RulesDataError], switches: Switches,
                 base_tables: Callable[[object], dict[str, np.ndarray]],
                 assemble: Callable[[dict[str, np.ndarray], dict[str, object]], Any],
                 status_entries: Callable[[dict], Iterable[tuple[str, dict]]],
                 flat: Any) -> None:
        self.default_path = default_path
        self.error = error
        self.switches = switches
        self.base_tables = base_tables
        self.assemble = assemble
        self.status_entries = status_entries
        self.flat = flat
        self._cached = functools.lru_cache(maxsize=64)(self._build_file)

    def resolve(self, path: str | Path | None) -> Path:
        return self.default_path if path is None else Path(path)

    def read_bytes(self, path: Path) -> bytes:
        try:
            return path.read_bytes()
        except OSError as exc:
            raise self.error(f"{path.name}: cannot read {path} ({exc.strerror}); "
                             "check the path") from exc

    def load_raw(self, path: str | Path | None = None) -> dict:
        """Parse the rules TOML (default: the game's file) without validating it."""
        p = self.resolve(path)
        try:
            return tomllib.loads(self.read_bytes(p).decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise self.error(f"{p.name}: malformed TOML: {exc}; fix the syntax there") from exc

    def switch_values(self, raw: dict, overrides: dict[str, object] | None = None
                      ) -> dict[str, object]:
        """The named switch values of the file's [switches], after `overrides`."""
        return self.switches.values(raw, overrides)

    def validate(self, raw: dict) -> None:
        """Raise the game's error (one line) on the first problem in the raw rules data."""
        self.base_tables(raw)
        self.switches.values(raw)

    def build_tables(self, raw: dict, overrides: dict[str, object] | None = None) -> Any:
        """Validate `raw` and convert it to the game's tables, with switch `overrides`."""
        arrays = self.base_tables(raw)
        return self.assemble(arrays, self.switches.values(raw, overrides))

    def _build_file(self, path: Path, mtime_ns: int,
                    overrides: tuple[tuple[str, object], ...]) -> Any:
        return self.build_tables(self.load_raw(path), dict(overrides))

    def load_tables(self, path: str | Path | None = None,
                    overrides: dict[str, object] | None = None) -> Any:
        """Load, validate and convert the rules file. Cached: treat the arrays as
        read-only."""
        p = self.resolve(path).resolve()
        for name, value in (overrides or {}).items():
            self.switches.check(name, value, "the overrides")  # makes the key hashable too
        mtime = p.stat().st_mtime_ns if p.exists() else -1
        return self._cached(p, mtime, tuple(sorted((overrides or {}).items())))

    def rules_data_hash(self, path: str | Path | None = None) -> str:
        """First 16 hex digits of the sha256 of the rules file's bytes."""
        return hashlib.sha256(self.read_bytes(self.resolve(path))).hexdigest()[:16]

    def assumed_values(self, raw: dict) -> list[str]:
        """Dotted names of all values labelled "assumed": the entry for `status`, else
        entry.field."""
        self.validate(raw)
        return assumed_in(self.status_entries(raw))

    def flatten(self, tables: Any) -> np.ndarray:
        """All tables as one int32 vector laid out as declared (for compiled code)."""
        return flatten_layout(tables, self.flat, self.error)

    def api(self) -> tuple[Callable[..., Any], ...]:
        """The functions a game's tables module exports, in this order: load_raw,
        rules_data_hash, switch_values, validate, build_tables, load_tables, assumed_values,
        flatten."""
        return (self.load_raw, self.rules_data_hash, self.switch_values, self.validate,
                self.build_tables, self.load_tables, self.assumed_values, self.flatten)


def assumed_in(entries: Iterable[tuple[str, dict]]) -> list[str]:
    """Dotted names of the values labelled "assumed" among (path, entry) pairs: the entry for
    `status`, else entry.field for `<field>_status`."""
    names = []
    for path, entry in entries:
        for key, value in entry.items():
            if value == "assumed" and key == "status":
                names.append(path)
            elif value == "assumed" and key.endswith("_status"):
                names.append(f"{path}.{key.removesuffix('_status')}")
    return names


def flatten_layout(tables: Any, layout: Any, error: type[RulesDataError]) -> np.ndarray:
    """The tables as one int32 vector laid out by `layout`: each declared field holds the
    table of the same name (lower case), which must have exactly the field's size."""
    flat = np.empty(layout.SIZE, np.int32)
    for f in layout.fields:
        values = np.ascontiguousarray(getattr(tables, f.name.lower()), np.int32).ravel()
        if values.size != f.size:
            raise error(f"rules table {f.name.lower()} has {values.size} values; the flat "
                        f"layout declares {f.size}")
        flat[f.offset:f.offset + f.size] = values
    return flat
