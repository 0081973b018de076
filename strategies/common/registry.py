"""A game's strategy registry: named presets and kernels -> (kernel ids, parameter rows) for
the game's compiled dispatcher.

Presets are read from the game's main file `configs/strategies/<game>.toml`, then from every
`*.toml` in the directory next to it, `configs/strategies/<game>.d/` (sorted by name; the
shipped tuned presets), then from the user's presets folders: every `*.toml` in the
directories listed in $MEEPLAB_PRESETS (separated like PATH), then in the default folder
$XDG_CONFIG_HOME/meeplab/presets (~/.config/meeplab/presets). `meeplab tune --install` writes
into the first of these user folders, never into the package. Every file holds
`[presets.<name>]` tables; a file with `game = "<game>"` is read by that game only. A name
defined twice, in one file set or across files, is an error: so a user preset never shadows a
shipped one.

A preset names a kernel and gives every parameter the kernel declares (spec.Param) a value. A
kernel without parameters is also a strategy under its own name, so `random` is always there.
Every problem in a presets file is one line: what is wrong, where, and how to fix it.
"""
from __future__ import annotations

import functools
import math
import os
import tomllib
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import numpy as np

from strategies.common import value as models
from strategies.common.spec import (  # noqa: F401 (MAX_PARAMS, RESERVED, PresetError: here too)
    MAX_INTEGER, MAX_PARAMS, RESERVED, Param, PresetError,
)

ROOT = Path(__file__).resolve().parents[2]
PRESET_KEYS = ("kernel", "description", "params")
EXTRA_ENV = "MEEPLAB_PRESETS"


def presets_path(game: str) -> Path:
    """Where a game's presets live."""
    return ROOT / "configs" / "strategies" / f"{game}.toml"


def extra_dir(path: Path) -> Path:
    """The directory of extra preset files next to a main presets file: <game>.d/."""
    return path.with_suffix(".d")


def default_user_dir() -> Path:
    """The default user presets folder: $XDG_CONFIG_HOME/meeplab/presets, where
    XDG_CONFIG_HOME defaults to ~/.config (a relative value is ignored, as XDG says)."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".config"
    return root / "meeplab" / "presets"


def user_dirs() -> list[Path]:
    """The user's presets folders: those $MEEPLAB_PRESETS lists, then the default one. The
    first is where `meeplab tune --install` writes."""
    listed = [Path(d) for d in os.environ.get(EXTRA_ENV, "").split(os.pathsep) if d]
    return list(dict.fromkeys(listed + [default_user_dir()]))


def preset_files(path: Path) -> list[Path]:
    """The main presets file, then the extra files: <game>.d/*.toml and the user's folders."""
    dirs = [extra_dir(path)] + user_dirs()
    extra = [f for d in dirs if d.is_dir() for f in sorted(d.glob("*.toml"))]
    return [path] + list(dict.fromkeys(f.resolve() for f in extra))


class UnknownStrategy(ValueError):
    """A strategy name that is not registered."""


class Strategy(NamedTuple):
    """A named strategy: kernel, one-line description, parameter values as written."""

    name: str
    kernel: str
    description: str
    params: dict[str, float | int | str]
    row: np.ndarray  # float64[MAX_PARAMS]: the kernel's parameter vector


_where = models.shown  # a path as messages show it


def _number(x: float) -> str:
    """A bound as written: whole numbers in full (2147483647, not 2.14748e+09)."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _encode(where: str, param: Param, value: object) -> float:
    """A parameter value as the kernel receives it (a number, or a choice's index)."""
    if param.choices:
        if not isinstance(value, str) or value not in param.choices:
            raise PresetError(f"{where}: parameter '{param.name}' = {value!r} is not a choice; "
                              f"use one of: {', '.join(param.choices)}")
        return float(param.choices.index(value))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PresetError(f"{where}: parameter '{param.name}' = {value!r} is not a number; "
                          f"write a number such as 1.0")
    if not math.isfinite(value):
        raise PresetError(f"{where}: parameter '{param.name}' = {value!r} is not a finite "
                          f"number; write a number such as 1.0")
    if param.integer and value != int(value):
        raise PresetError(f"{where}: parameter '{param.name}' = {value!r} is not a whole "
                          f"number; write a whole number such as {round(value)}")
    high = MAX_INTEGER if param.integer and param.high is None else param.high
    if param.low is not None and value < param.low:
        raise PresetError(f"{where}: parameter '{param.name}' = {value!r} is below "
                          f"{_number(param.low)}; write a number of at least {_number(param.low)}")
    if high is not None and value > high:
        raise PresetError(f"{where}: parameter '{param.name}' = {value!r} is above "
                          f"{_number(high)}; write a number of at most {_number(high)}")
    return float(value)


def _uses_presets(entry: object, modules: dict[str, ModuleType]) -> bool:
    """Whether a preset entry's kernel takes another strategy as a parameter."""
    kernel = entry.get("kernel") if isinstance(entry, dict) else None
    return kernel in modules and any(p.preset for p in modules[kernel].PARAMS)


def _embed(where: str, param: Param, value: object, row: np.ndarray, at: int,
           modules: dict[str, ModuleType], known: dict[str, Strategy]) -> float:
    """A `preset` parameter: the named strategy's kernel id, its row copied to row[at:]."""
    if not isinstance(value, str) or value not in known:
        raise PresetError(f"{where}: parameter '{param.name}' = {value!r} names no strategy; "
                          f"use one of: {', '.join(known)}")
    other = known[value]
    declared = modules[other.kernel].PARAMS
    if any(p.preset for p in declared) or at + len(declared) > models.VALUE_ROW:
        raise PresetError(f"{where}: parameter '{param.name}' = {value!r} cannot be embedded "
                          f"(a search preset, or too many parameters); name a preset of "
                          f"another kernel")
    row[at:at + len(declared)] = other.row[:len(declared)]
    return float(list(modules).index(other.kernel))


def _preset(path: Path, name: str, entry: object, modules: dict[str, ModuleType],
            known: dict[str, Strategy] | None = None, game: str = "") -> Strategy:
    where = f"{_where(path)}: preset '{name}'"
    if not isinstance(entry, dict):
        raise PresetError(f"{where} is not a table; write it as [presets.{name}]")
    for key in entry:
        if key not in PRESET_KEYS:
            raise PresetError(f"{where}: unknown key '{key}'; use {', '.join(PRESET_KEYS)}")
    kernel = entry.get("kernel")
    if kernel not in modules:
        problem = "has no kernel" if kernel is None else f"names unknown kernel {kernel!r}"
        raise PresetError(f"{where} {problem}; set kernel to one of: {', '.join(modules)}")
    description = entry.get("description")
    if not isinstance(description, str) or not description.strip() or "\n" in description:
        raise PresetError(f"{where} has no one-line description; add description = \"...\"")
    values = entry.get("params", {})
    if not isinstance(values, dict):
        raise PresetError(f"{where}: params is not a table; write [presets.{name}.params]")
    declared: tuple[Param, ...] = modules[kernel].PARAMS
    names = [p.name for p in declared]
    for key in values:
        if key not in names:
            known = ", ".join(names) if names else "none"
            raise PresetError(f"{where}: unknown parameter '{key}' for kernel '{kernel}'; "
                              f"its parameters are: {known}")
    row = np.zeros(MAX_PARAMS)
    for i, param in enumerate(declared):
        if param.name not in values and param.default is None:
            raise PresetError(f"{where}: parameter '{param.name}' is missing; kernel "
                              f"'{kernel}' needs all of: {', '.join(names)}")
        value = values.get(param.name, param.default)
        if param.preset:
            row[i] = _embed(where, param, value, row, len(declared), modules, known or {})
        elif param.model:
            row[i] = models.embed(where, game, value, row)
        else:
            row[i] = _encode(where, param, value)
    return Strategy(name, kernel, description.strip(), dict(values), row)


def _builtin(module: ModuleType) -> Strategy:
    return Strategy(module.KERNEL, module.KERNEL, module.DESCRIPTION, {}, np.zeros(MAX_PARAMS))


def _read(path: Path, game: str | None = None) -> dict:
    """The file's presets; none when it declares another game (`game = "..."`)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PresetError(f"cannot read {_where(path)} ({exc.strerror}); restore the presets "
                          f"file") from exc
    except UnicodeDecodeError as exc:
        raise PresetError(f"{_where(path)} is not UTF-8 text (byte {exc.start}: {exc.reason}); "
                          f"save it as UTF-8 or remove it from the presets folders") from exc
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(f"{_where(path)} is not valid TOML ({exc}); fix its syntax") from exc
    if not isinstance(raw.get("game", ""), str):
        raise PresetError(f"{_where(path)}: game = {raw['game']!r} is not a game name; write "
                          f"e.g. game = \"cuba\", or remove it (every game reads the file)")
    if game is not None and raw.get("game", game) != game:
        return {}
    presets = raw.get("presets")
    if not isinstance(presets, dict) or not presets:
        raise PresetError(f"{_where(path)} has no [presets.<name>] tables; add at least one")
    return presets


def preset_names(path: Path) -> list[str]:
    """Every preset name in a game's preset files (main file, <game>.d/, $MEEPLAB_PRESETS), in
    the registry's order, without loading a kernel (`meeplab games`); PresetError on a file
    that cannot be read or defines a name twice. A kernel without parameters is listed only
    through a preset naming it (the shipped files name `random`)."""
    seen: dict[str, Path] = {}
    for file in preset_files(path):
        for name in _read(file):
            if name in seen:
                raise PresetError(f"{_where(file)}: preset '{name}' is already defined in "
                                  f"{_where(seen[name])}; rename one of them")
            seen[name] = file
    return list(seen)


class Registry:
    """The strategies of one game: its kernel modules (their index is the kernel id the
    dispatcher switches on) and its presets file."""

    def __init__(self, game: str, modules: Sequence[ModuleType],
                 path: Path | None = None) -> None:
        self.game = game
        self.modules = tuple(modules)
        self.kernels = tuple(m.KERNEL for m in self.modules)
        self.path = path if path is not None else presets_path(game)
        for module in self.modules:
            if len(module.PARAMS) > MAX_PARAMS - RESERVED:
                raise RuntimeError(f"kernel {module.KERNEL} declares more than {MAX_PARAMS - RESERVED} "
                                   f"parameters")
        self._load = functools.lru_cache(maxsize=8)(self._load_uncached)

    def kernel_module(self, name: str) -> ModuleType:
        """The kernel module registered under `name`."""
        return self.modules[self.kernels.index(name)]

    def _load_uncached(self, files: tuple[tuple[Path, int], ...],
                       models: int = 0) -> dict[str, Strategy]:
        """The strategies of these preset files (models: the value models file's stamp, so a
        refitted model is read again)."""
        by_name = dict(zip(self.kernels, self.modules))
        entries: dict[str, tuple[Path, object]] = {}
        for path, _ in files:
            for name, entry in _read(path, self.game).items():
                if name in entries:
                    raise PresetError(f"{_where(path)}: preset '{name}' is already defined in "
                                      f"{_where(entries[name][0])}; rename one of them")
                entries[name] = (path, entry)
        plain = {name: _preset(path, name, entry, by_name, game=self.game)
                 for name, (path, entry) in entries.items() if not _uses_presets(entry, by_name)}
        for module in self.modules:
            if not module.PARAMS and module.KERNEL not in plain:
                plain[module.KERNEL] = _builtin(module)
        # presets naming other strategies (the search's rollout policy) come second
        found = {name: plain[name] if name in plain else
                 _preset(entries[name][0], name, entries[name][1], by_name, plain, self.game)
                 for name in entries}
        return {**found, **plain}

    def defined_in(self, name: str) -> Path | None:
        """The file that defines preset `name` (the main presets file for a kernel without
        parameters: a strategy under its own name), or None."""
        if name in self.kernels and not self.kernel_module(name).PARAMS:
            return self.path
        files = preset_files(self.path)
        return next((f for f in files if f.is_file() and name in self.names_in(f)), None)

    def names_in(self, file: Path) -> list[str]:
        """The presets one file defines for this game (PresetError when it is not a presets
        file)."""
        return list(_read(file, self.game))

    def shipped(self, file: Path) -> bool:
        """Whether a presets file comes with meeplab (the main file or <game>.d/)."""
        return file.resolve() == self.path.resolve() or file.resolve().parent == extra_dir(
            self.path).resolve()

    def make(self, name: str, kernel: str, description: str,
             params: dict[str, float | int | str], where: str = "") -> Strategy:
        """A strategy from values given in code (checked like a preset; PresetError)."""
        entry = {"kernel": kernel, "description": description, "params": params}
        by_name = dict(zip(self.kernels, self.modules))
        known = self.strategies() if _uses_presets(entry, by_name) else None
        return _preset(Path(where or "(generated)"), name, entry, by_name, known, self.game)

    def strategies(self, path: str | Path | None = None) -> dict[str, Strategy]:
        """Every strategy by name: the presets, and each kernel without parameters."""
        p = Path(path) if path is not None else self.path
        files = []
        for f in preset_files(p):
            try:
                files.append((f.resolve(), f.stat().st_mtime_ns))
            except OSError as exc:
                raise PresetError(f"cannot read {_where(f)} ({exc.strerror}); restore the "
                                  f"presets file") from exc
        values = models.values_path(self.game)
        return self._load(tuple(files), values.stat().st_mtime_ns if values.is_file() else 0)

    def names(self, path: str | Path | None = None) -> list[str]:
        """Registered strategy names."""
        return list(self.strategies(path))

    def resolve(self, seats: list[str],
                path: str | Path | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Kernel id and parameter row per seat for the given strategy names."""
        known = self.strategies(path)
        kernels = np.zeros(len(seats), np.int32)
        params = np.zeros((len(seats), MAX_PARAMS))
        for seat, name in enumerate(seats):
            if name not in known:
                raise UnknownStrategy(f"unknown strategy '{name}' (known: {', '.join(known)})")
            kernels[seat] = self.kernels.index(known[name].kernel)
            params[seat] = known[name].row
        return kernels, params

    def describe(self, path: str | Path | None = None) -> list[dict[str, object]]:
        """Name, kernel, description and parameter values of every strategy, for listings."""
        return [{"name": st.name, "kernel": st.kernel, "description": st.description,
                 "params": st.params} for st in self.strategies(path).values()]


def _toml_value(value: object) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(float(value)) if isinstance(value, float) else str(value)


def preset_toml(strategy: Strategy, notes: Sequence[str] = (), game: str | None = None) -> str:
    """A presets file holding one strategy, `notes` as leading comment lines; with `game`,
    read by that game only."""
    lines = [f"# {n}" for n in notes] + ([f"game = {_toml_value(game)}"] if game else [])
    lines += [f"[presets.{strategy.name}]", f"kernel = {_toml_value(strategy.kernel)}",
              f"description = {_toml_value(strategy.description)}", ""]
    if strategy.params:
        lines.append(f"[presets.{strategy.name}.params]")
        width = max(len(k) for k in strategy.params)
        lines += [f"{k:<{width}} = {_toml_value(v)}" for k, v in strategy.params.items()]
    return "\n".join(lines) + "\n"
