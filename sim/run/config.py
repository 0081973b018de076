"""Tournament configs: TOML file + command-line overrides -> a validated, resolved Config.

Every problem is a UserError naming the file: `CONFIG: <problem>; <fix>`. The resolved form
(`Config.resolved()`, every key with its value or default) is what the manifest stores and
what the config hash covers, so a run directory can tell a resumed run from a different one.
"""
from __future__ import annotations

import hashlib
import json
import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.common import overlay
from sim import limits, smoke
from sim.errors import UserError
from sim.games import PlayableGame, get as get_game, names as game_names
from sim.options import option_text, parse_variants
from sim.run import schedule

DEFAULTS: dict[str, Any] = {
    "game": "cuba", "format": None, "strategies": None, "baseline": None, "matchups": None,
    "players": None, "seatings": "rotations", "games": 1000, "seed": 0, "precision": None,
    "max_games": 200_000, "shard_games": None, "variant": {}, "variant_name": None,
    "top": None, "crossed_deals": None,
}
# keys left out of a config's values (and so of its hash) while unset: run directories made
# before the key existed still resume
UNSET_DROPPED = ("top", "crossed_deals")
# crossed deals: the most deals per source (a block is deals ** sources deals per matchup)
MAX_CROSSED = 12
# default games per shard: games / 8 (several shards per matchup keep every worker busy on a
# small run) within these bounds (big shards keep the per-file cost small on a large run)
SHARD_GAMES = (500, 10_000)
# keys that only some formats use
FORMAT_KEYS = {"round-robin": {"strategies", "players"},
               "one-vs-field": {"strategies", "players", "baseline"},
               "matchups": {"matchups"}}


@dataclass(frozen=True)
class Config:
    """A checked tournament: its resolved values and the matchups they make."""

    path: str
    values: dict[str, Any]
    matchups: tuple[schedule.Matchup, ...] = field(compare=False)
    # the command and options that made it (reports.runs.run_options), for the resume hint
    run_options: dict[str, Any] | None = field(default=None, compare=False)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def resolved(self) -> dict[str, Any]:
        """Every config key with its value (JSON-ready); the run's identity."""
        return json.loads(json.dumps(self.values))

    @property
    def hash(self) -> str:
        """First 16 hex digits of the sha256 of the canonical resolved config."""
        text = json.dumps(self.values, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def variant_id(self) -> str:
        """The variant's name, else its overrides as 'key=value,...' (sorted), else
        'default'."""
        v = self.values["variant"]
        return (self.values["variant_name"] if v and self.values["variant_name"]
                else ",".join(f"{k}={option_text(v[k])}" for k in sorted(v)) or "default")


class _Checker:
    """Raises UserError prefixed with the config's path."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, problem: str, fix: str) -> UserError:
        return UserError(f"{self.path}: {problem}", fix)

    def integer(self, key: str, value: Any, minimum: int,
                maximum: int = limits.MAX_GAMES) -> int:
        if (isinstance(value, bool) or not isinstance(value, int)
                or not minimum <= value <= maximum):
            raise self.fail(f"{key} = {value!r} is not a whole number from {minimum} to "
                            f"{maximum}", f"set {key} to a whole number from {minimum} to "
                                          f"{maximum}")
        return value

    def names(self, key: str, value: Any, known: Sequence[str]) -> list[str]:
        if not isinstance(value, list) or not value or not all(isinstance(v, str)
                                                               for v in value):
            raise self.fail(f"{key} must be a non-empty list of strategy names",
                            f'write e.g. {key} = ["random", "random"]')
        for name in value:
            self.known(name, known)
        return list(value)

    def known(self, name: Any, known: Sequence[str]) -> str:
        if name not in known:
            raise self.fail(f"unknown strategy '{name}'", f"use one of: {', '.join(known)}")
        return name

    def choice(self, key: str, value: Any, options: Sequence[str]) -> str:
        if value not in options:
            raise self.fail(f"unknown {key} '{value}'", f"use one of: {', '.join(options)}")
        return value


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file (UserError when missing, unreadable or not TOML)."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError as exc:
        raise UserError(f"tournament config {path} not found",
                        "check the path; ready-made configs are in configs/tournaments/"
                        ) from exc
    except UnicodeDecodeError as exc:
        raise not_utf8(path, exc) from exc
    except OSError as exc:
        raise UserError(f"cannot read tournament config {path} ({exc})",
                        "check the file") from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: malformed TOML ({exc})", "fix the syntax there") from exc


def not_utf8(path: Path, exc: UnicodeDecodeError) -> UserError:
    """The error of a file that is not UTF-8 text (TOML files must be)."""
    return UserError(f"{path} is not UTF-8 text (byte {exc.start}: {exc.reason})",
                     "save it as UTF-8")


def parse_precision(text: str | None) -> float | None:
    """'0.005' or '0.5%' -> 0.005 (UserError unless 0 < P < 0.5); None (not given) -> None."""
    if text is None:
        return None
    text = text.strip()
    try:
        value = float(text.removesuffix("%")) / (100 if text.endswith("%") else 1)
    except ValueError:
        value = math.nan
    if not 0 < value < 0.5:
        raise UserError(f"--precision {text or repr(text)} is not a half-width between 0 "
                        "and 0.5",
                        "give it as a fraction (0.005) or a percentage (0.5%)")
    return value


def player_bounds(game: PlayableGame, variant: dict[str, Any] | None) -> tuple[int, int]:
    """The fewest and most players of `game` under a variant's overrides (its rules data,
    which keeps them within the engine's seats)."""
    return game.player_range(game.load_tables(variant or None))


def _players(check: _Checker, value: Any, bounds: tuple[int, int]) -> list[int]:
    items = value if isinstance(value, list) else [value]
    lo, hi = bounds
    for n in items:
        check.integer("players", n, 1)
        if not lo <= n <= hi:
            raise check.fail(f"{n} players is out of range", f"use players {lo}..{hi}")
    if not items or len(set(items)) != len(items):
        raise check.fail("players must list each player count once", "e.g. players = [3, 4]")
    return items


def _variant(check: _Checker, game: PlayableGame, v: dict[str, Any], cli: Sequence[str]) -> None:
    """Resolve v["variant"] (a table of KEY = VALUE, or a list of variant files and
    'KEY=VALUE' strings), then --variant, into flat overrides minus the switches that equal
    the rules data's defaults; v["variant_name"] is the label (given, or from the files)."""
    items = variant_items(v["variant"], Path(check.path))
    if items is None:
        raise check.fail("variant must be a table of KEY = VALUE or a list of variant files",
                         'write e.g. [variant] money_limited = true, or variant = '
                         '["configs/variants/cuba-hidden-parliament.toml"]')
    try:
        parse_variants(items, game.name, game.switch_options)
    except UserError as exc:
        raise check.fail(f"[variant]: {exc.problem}", exc.fix) from exc
    both = parse_variants([*items, *cli], game.name, game.switch_options)
    v["variant"] = overrides(game, both.values)
    label = both.name
    if v["variant_name"] is not None and not isinstance(v["variant_name"], str):
        raise check.fail("variant_name must be text", 'write e.g. variant_name = "cheap-banks"')
    v["variant_name"] = v["variant_name"] or label or None


def variant_items(table: Any, config: Path) -> list[str] | None:
    """A config's `variant` value as --variant items: a table of KEY = VALUE (nested tables
    give dotted keys), or a list of variant files (relative to the config) and 'KEY=VALUE'
    strings; None when it is neither."""
    if isinstance(table, dict):
        return [f"{k}={_toml_text(x)}" for k, x in overlay.flatten(table).items()]
    if isinstance(table, list) and all(isinstance(x, str) for x in table):
        return [str(config.parent / x) if x.endswith(".toml") and not Path(x).exists() else x
                for x in table]
    return None


def overrides(game: PlayableGame, values: dict[str, Any]) -> dict[str, Any]:
    """A variant's values without the switches that equal the rules data's defaults, sorted."""
    defaults = game.switch_values(None)
    return {k: x for k, x in sorted(values.items()) if k not in defaults or defaults[k] != x}


def _toml_text(value: object) -> str:
    """A value as it would be typed after KEY= (strings bare, the rest as TOML)."""
    if isinstance(value, str):
        return value
    return option_text(value) if isinstance(value, bool) else json.dumps(value)


def _lineups(check: _Checker, v: dict[str, Any], known: list[str],
             bounds: tuple[int, int]) -> list[tuple[str, ...]]:
    """Validate the format's keys and return its lineups."""
    fmt = v["format"]
    for key in set().union(*FORMAT_KEYS.values()) - FORMAT_KEYS[fmt]:
        if v[key] is not None:
            raise check.fail(f"'{key}' does not apply to format {fmt}", f"remove '{key}'")
    if fmt == "matchups":
        if not isinstance(v["matchups"], list) or not v["matchups"]:
            raise check.fail("matchups must be a list of lineups",
                             'write e.g. matchups = [["random", "random"]]')
        for lineup in v["matchups"]:
            check.names("matchups", lineup, known)
            _players(check, len(lineup), bounds)
        return schedule.lineups(fmt, (), matchups=v["matchups"])
    for key in FORMAT_KEYS[fmt]:
        if v[key] is None:
            raise check.fail(f"format {fmt} needs '{key}'", f"add {key} = ...")
    v["strategies"] = check.names("strategies", v["strategies"], known)
    if len(set(v["strategies"])) != len(v["strategies"]):
        raise check.fail("a strategy is listed twice in strategies", "list each name once")
    v["players"] = _players(check, v["players"], bounds)
    if fmt == "one-vs-field":
        check.known(v["baseline"], known)
        if v["strategies"] == [v["baseline"]]:
            raise check.fail("the only strategy is the baseline", "add other strategies")
    elif len(v["strategies"]) < max(v["players"]):
        raise check.fail(f"round-robin of {max(v['players'])} players needs at least as many "
                         f"strategies ({len(v['strategies'])} given)",
                         "add strategies or lower players")
    return schedule.lineups(fmt, v["players"], v["strategies"], v["baseline"])


def _crossed_block(check: _Checker, game: PlayableGame, v: dict[str, Any]) -> int:
    """Deals per block: crossed_deals ** sources in a crossed run, else 1."""
    if v["crossed_deals"] is None:
        return 1
    per_source = check.integer("crossed_deals", v["crossed_deals"], 1, MAX_CROSSED)
    sources = game.sources()
    if len(sources) < 2:
        raise check.fail(f"crossed_deals needs two or more sources of randomness; {game.name} "
                         f"has {len(sources)} ({', '.join(sources)})",
                         "remove crossed_deals (the game's one source is the whole deal)")
    return per_source ** len(sources)


def restricted_names(v: dict[str, Any], game: PlayableGame, known: Sequence[str]) -> list[str]:
    """The config's restricted strategy names (`<strategy>~<element>`, as `meeplab restrict`
    plays them) whose strategy is known and whose element the game declares."""
    from strategies.common.restrict import SEP

    lists = [v["strategies"]] + (v["matchups"] if isinstance(v["matchups"], list) else [])
    used = [v["baseline"]] + [n for x in lists if isinstance(x, list) for n in x]
    return list(dict.fromkeys(n for n in used if isinstance(n, str) and SEP in n
                              and game.knows(n, known)))


def load(path: str | Path, games: int | None = None, seed: int | None = None,
         precision: float | None = None, variants: Sequence[str] = (),
         raw: dict[str, Any] | None = None, names: Sequence[str] = (),
         top: int | None = None) -> Config:
    """Read and check a tournament config; command-line values override the file's. `raw`:
    the config's values when they do not come from the file (a job derived from another
    config: `meeplab metagame`, `meeplab restrict`), `path` names it; `names`: strategy
    names known besides the game's presets."""
    raw = read_toml(Path(path)) if raw is None else raw
    check = _Checker(str(path))
    unknown = sorted(set(raw) - set(DEFAULTS))
    if unknown:
        raise check.fail(f"unknown key '{unknown[0]}'", f"use: {', '.join(DEFAULTS)}")
    v = DEFAULTS | raw
    overrides = {"games": games, "seed": seed, "precision": precision, "top": top}
    v |= {k: x for k, x in overrides.items() if x is not None}
    game = get_game(check.choice("game", v["game"], tuple(game_names())))
    if v["format"] is None:
        raise check.fail("no format given", f"add e.g. format = \"round-robin\" (or "
                                            f"{', '.join(schedule.FORMATS[1:])})")
    check.choice("format", v["format"], schedule.FORMATS)
    check.choice("seatings", v["seatings"], schedule.SEATINGS)
    for key, minimum in (("games", 1), ("max_games", 1)):
        check.integer(key, v[key], minimum)
        v[key] = smoke.cap(key, v[key])
    check.integer("seed", v["seed"], 0, limits.MAX_SEED)
    if v["shard_games"] is None:
        v["shard_games"] = min(max(math.ceil(v["games"] / 8), SHARD_GAMES[0]), SHARD_GAMES[1])
    check.integer("shard_games", v["shard_games"], 1)
    if v["precision"] is not None:
        p = v["precision"]
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 < p < 0.5:
            raise check.fail(f"precision = {p!r} is not a half-width between 0 and 0.5",
                             "write e.g. precision = 0.005 (+-0.5 percentage points)")
        v["precision"] = float(p)
    if v["top"] is not None:
        check.integer("top", v["top"], 1, limits.MAX_TOP)
        if v["precision"] is not None:
            raise check.fail("precision and top are both set",
                             "keep one: precision (every interval within +-P) or top (the "
                             "first K ranked apart)")
    if v["precision"] is not None or v["top"] is not None:
        if v["max_games"] < v["games"]:
            raise check.fail(f"max_games {v['max_games']} is below games {v['games']}",
                             "raise max_games (the cap on games per matchup)")
    _variant(check, game, v, variants)
    bounds = player_bounds(game, v["variant"])
    known = game.strategy_names() + list(names)
    lineup_list = _lineups(check, v, known + restricted_names(v, game, known), bounds)
    matchups = schedule.build(lineup_list, v["seatings"], _crossed_block(check, game, v))
    keys = [m.key for m in matchups]
    if len(set(keys)) != len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise check.fail(f"matchup {dup} is listed twice", "list each lineup once")
    for key in UNSET_DROPPED:
        if v[key] is None:
            del v[key]
    return Config(str(path), v, tuple(matchups))
