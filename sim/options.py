"""Parsing and checking of command-line values shared by the commands (raise UserError)."""
from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from core.common import overlay

from sim.errors import UserError
from sim.games import PlayableGame


def option_text(value: object) -> str:
    """A switch value as typed on the command line: true/false, numbers, names."""
    return str(value).lower() if isinstance(value, bool) else str(value)


VARIANT_FILE_KEYS = ("game", "description", "switches", "data")
# rules data reaches compiled code as int32 tables
INT32 = (-2**31, 2**31 - 1)


class Variant(NamedTuple):
    """A parsed variant: its name ('' unless it came from files) and its flat overrides
    {switch name | dotted rules-data path: value} (see core.common.overlay)."""

    name: str
    values: dict[str, object]


def _switch_value(key: str, text: str, options: dict[str, tuple[object, ...]]) -> object:
    """The option `text` names, whatever its letter case (True, 2wa and 2Wa all match)."""
    written = [option_text(o) for o in options[key]]
    allowed = {w.lower(): o for w, o in zip(written, options[key])}
    if text.lower() not in allowed:
        raise UserError(f"variant {key}={text} is not allowed",
                        f"use one of: {', '.join(written)}")
    return allowed[text.lower()]


def _data_value(text: str) -> object:
    """A rules-data value typed on the command line: a TOML value (12, true, [1, 2],
    { wood = 1 }), or else plain text."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def _item(item: str, options: dict[str, tuple[object, ...]]) -> tuple[str, object]:
    key, sep, text = item.partition("=")
    key, text = key.strip(), text.strip()
    if not sep or not key:
        raise UserError(f"--variant '{item}' is neither KEY=VALUE nor a .toml file",
                        "write e.g. --variant money_limited=true or --variant "
                        "configs/variants/cuba-hidden-parliament.toml")
    if "." in key:
        return key, _data_value(text)
    if key not in options:
        raise UserError(f"unknown variant switch '{key}'",
                        f"use one of: {', '.join(options)} (or a dotted rules-data path)")
    return key, _switch_value(key, text, options)


def read_variant_file(path: Path, game: str,
                      options: dict[str, tuple[object, ...]]) -> dict[str, object]:
    """The flat overrides of a variant file (UserError naming the file on any problem)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise UserError(f"variant file {path} not found",
                        "check the path; ready-made variants are in configs/variants/") from exc
    except UnicodeDecodeError as exc:
        raise UserError(f"variant file {path} is not UTF-8 text (byte {exc.start}: "
                        f"{exc.reason})", "save it as UTF-8") from exc
    except OSError as exc:
        raise UserError(f"cannot read variant file {path} ({exc})", "check the file") from exc
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: malformed TOML ({exc})", "fix the syntax there") from exc
    unknown = sorted(set(raw) - set(VARIANT_FILE_KEYS))
    if unknown:
        raise UserError(f"{path}: unknown key '{unknown[0]}'",
                        f"use: {', '.join(VARIANT_FILE_KEYS)}")
    if raw.get("game") != game:
        raise UserError(f"{path}: variant is for game {raw.get('game')!r}, not {game!r}",
                        f"set game = \"{game}\" or use a {game} variant")
    values: dict[str, object] = {}
    for section in ("switches", "data"):
        if not isinstance(raw.get(section, {}), dict):
            raise UserError(f"{path}: [{section}] must be a table", f"write [{section}]")
    try:
        for key, value in raw.get("switches", {}).items():
            values |= dict([_item(f"{key}={option_text(value)}", options)])
    except UserError as exc:
        raise UserError(f"{path}: {exc.problem}", exc.fix) from exc
    return values | overlay.flatten(raw.get("data", {}))


def parse_variants(items: Sequence[str], game: str,
                   options: dict[str, tuple[object, ...]]) -> Variant:
    """['FILE.toml' | 'key=value', ...] -> Variant. Switch values are matched against the
    switch's options (booleans as true/false, numbers, names); rules-data values are read as
    TOML values; the game's loader checks that data keys exist and types match."""
    names: list[str] = []
    values: dict[str, object] = {}
    files = False
    for item in items:
        if item.strip().endswith(".toml"):
            path = Path(item.strip())
            values |= read_variant_file(path, game, options)
            names.append(path.stem)
            files = True
        else:
            key, value = _item(item, options)
            values[key] = value
            names.append(f"{key}={option_text(value)}")
    for key, value in values.items():
        _check_int32(key, value)
    # named after its files (and any extra KEY=VALUE); plain overrides name themselves
    return Variant("+".join(names) if files else "", values)


def _check_int32(key: str, value: object) -> None:
    """UserError when an integer in a rules-data value does not fit the int32 tables."""
    if isinstance(value, dict):
        for item in value.values():
            _check_int32(key, item)
    elif isinstance(value, list):
        for item in value:
            _check_int32(key, item)
    elif isinstance(value, int) and not isinstance(value, bool) and not (
            INT32[0] <= value <= INT32[1]):
        raise UserError(f"variant {key}={value} does not fit the rules tables (32-bit "
                        f"integers)", f"give a value from {INT32[0]} to {INT32[1]}")


def check_players(players: int, bounds: tuple[int, int]) -> None:
    """The player count must lie within the game's rules-data bounds."""
    lo, hi = bounds
    if not lo <= players <= hi:
        raise UserError(f"{players} players is out of range", f"use --players {lo}..{hi}")


def seat_strategies(text: str, players: int, game: PlayableGame) -> list[str]:
    """'a,b,c,d' (one per seat) or 'a' (every seat) -> one strategy name per seat (restricted
    names `<strategy>~<element>` too)."""
    names = [n.strip() for n in text.split(",")]
    for name in names:
        if not game.knows(name):
            raise UserError(f"unknown strategy '{name}'", f"use one of: "
                            f"{', '.join(game.strategy_names())} (also <name>~<element>: "
                            "forbidden an element, see meeplab restrict)")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UserError(f"{len(names)} strategies given for {players} players",
                        "give one name per seat (comma-separated) or a single name for all")
    return names
