"""The skill ladder (`meeplab ladder GAME`): every rung (random, the named presets, the search
presets last, or the rungs given) against players-1 copies of every other rung (one-vs-field),
plus a round robin of consecutive rungs, played as one tournament (shards, duplicate deals,
resume) and written as a page and tables (reports/ladder.py).

The round robin plays windows of `players` consecutive rungs (every pair of neighbours shares
a window) rather than every combination, which the search rungs would make too costly; with two
players the one-vs-field pairs are already the round robin.

The tournament's config is made in memory and run like any other: the run store creates the
run directory (manifest.json), and only then is the config kept there as `ladder.toml`, a
tournament config (`meeplab tournament RUN_DIR/ladder.toml --out RUN_DIR --resume` completes
it too). `--resume` reads the ladder's settings back from the manifest.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sim import config as config_mod
from sim import runner, store
from sim.config import Config
from sim.errors import UserError
from sim.games import get as get_game
from sim.options import check_players

CONFIG = "ladder.toml"


@dataclass(frozen=True)
class Ladder:
    """What a ladder plays: the game, its rungs (lowest first), players, games per matchup
    and the tournament seed."""

    game: str
    rungs: tuple[str, ...]
    players: int = 4
    games: int = 20
    seed: int = 1


def rungs(game: str) -> list[str]:
    """The default rungs, lowest first: random, the other presets in registry order, then the
    search presets (those whose kernel takes a rollout preset)."""
    registry = get_game(game).registry
    known = registry.strategies()

    def searches(name: str) -> bool:
        return any(p.preset for p in registry.kernel_module(known[name].kernel).PARAMS)
    names = [n for n in known if n != "random"]
    return ["random"] + [n for n in names if not searches(n)] + [n for n in names if searches(n)]


def parse_rungs(game: str, text: str) -> list[str]:
    """`--rungs a,b,c`: at least two distinct strategies of the game, lowest first
    (UserError)."""
    g = get_game(game)
    names = [n.strip() for n in text.split(",")]
    for name in names:
        if not g.knows(name):
            raise UserError(f"--rungs: unknown strategy '{name}' for {g.name}",
                            f"use names from: {', '.join(rungs(g.name))}")
    if len(set(names)) != len(names):
        raise UserError("--rungs names a strategy twice", "list each rung once")
    if len(names) < 2:
        raise UserError("--rungs needs at least two strategies",
                        "give e.g. --rungs random,greedy (lowest first)")
    return names


def lineups(names: Sequence[str], players: int) -> list[list[str]]:
    """One-vs-field lineups for every ordered pair, then the round-robin windows of `players`
    consecutive rungs (none with two players: the pairs are the round robin)."""
    out = [[c] + [f] * (players - 1) for c in names for f in names if c != f]
    if players > 2:
        out += [list(names[i:i + players]) for i in range(len(names) - players + 1)]
    return out


def raw_config(ladder: Ladder) -> dict[str, Any]:
    """The ladder's tournament config values."""
    return {"game": ladder.game, "format": "matchups",
            "matchups": lineups(ladder.rungs, ladder.players), "seatings": "rotations",
            "games": ladder.games, "seed": ladder.seed}


def config(ladder: Ladder, run_dir: Path) -> Config:
    """The ladder's checked tournament config, named RUN_DIR/ladder.toml."""
    return config_mod.load(run_dir / CONFIG, raw=raw_config(ladder))


def config_text(ladder: Ladder) -> str:
    """ladder.toml: the ladder's tournament config, with a comment saying what it is."""
    raw = raw_config(ladder)
    rows = "".join(f"    {json.dumps(lineup)},\n" for lineup in raw.pop("matchups"))
    head = "".join(f"{k} = {json.dumps(v)}\n" for k, v in raw.items())
    windows = (f"then round-robin windows of {ladder.players} consecutive rungs"
               if ladder.players > 2 else "the round robin with two players")
    return (f"# meeplab ladder {ladder.game}: one-vs-field for every pair of rungs, {windows}\n"
            f"# rungs, lowest first: {', '.join(ladder.rungs)}\n"
            f"{head}matchups = [\n{rows}]\n")


def of_config(values: dict[str, Any]) -> Ladder | None:
    """The ladder whose tournament config values these are (a manifest's `config`), or None
    when they are not a ladder's."""
    try:
        matchups = values["matchups"]
        names = tuple(dict.fromkeys(str(m[0]) for m in matchups))
        ladder = Ladder(str(values["game"]), names, len(matchups[0]), int(values["games"]),
                        int(values["seed"]))
        if raw_config(ladder) != {k: values.get(k) for k in raw_config(ladder)}:
            return None
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    plain = not any(values.get(k) for k in ("variant", "precision", "top"))
    return ladder if len(names) >= 2 and plain else None


def manifest_of(run_dir: Path) -> dict[str, Any] | None:
    """The run directory's manifest, None when it has none (UserError when unreadable)."""
    path = run_dir / store.MANIFEST
    if not path.is_file():
        return None
    try:
        manifest = store.read_manifest(run_dir)
        if not isinstance(manifest, dict) or manifest.get("format") != store.FORMAT:
            raise ValueError("not a meeplab run manifest")
    except (OSError, ValueError) as exc:
        raise UserError(f"cannot read {path} ({exc})",
                        "choose another --out or delete that directory") from exc
    return manifest


def _shown(ladder: Ladder, key: str) -> str:
    value = getattr(ladder, key)
    return f"--{key} {','.join(value) if key == 'rungs' else value}"


def existing(run_dir: Path, game: str, resume: bool) -> Ladder | None:
    """The ladder run_dir holds, None when it holds no run (UserError when it holds
    something else: another game's ladder, a tournament that is not a ladder)."""
    manifest = manifest_of(run_dir)
    if manifest is None:
        return None
    ladder = of_config(manifest.get("config") or {})
    if ladder is None:
        fix = (f"complete it with: meeplab tournament {manifest.get('config_file') or 'CONFIG'}"
               f" --out {run_dir} --resume" if resume else "choose another --out")
        raise UserError(f"{run_dir} holds a tournament that is not a ladder", fix)
    if ladder.game != game:
        raise UserError(f"{run_dir} holds a {ladder.game} ladder, not {game}",
                        f"resume it with: meeplab ladder {ladder.game} --out {run_dir} "
                        "--resume, or choose another --out")
    return ladder


def keep_config(ladder: Ladder, cfg: Config, run_dir: Path) -> None:
    """Write RUN_DIR/ladder.toml once the run store holds this ladder (never into a directory
    the store refused)."""
    manifest = manifest_of(run_dir)
    if manifest is not None and manifest.get("config_hash") == cfg.hash and not (
            run_dir / CONFIG).exists():
        store.write_atomic(run_dir / CONFIG, config_text(ladder).encode())


def start(game: str, given: dict[str, Any], run_dir: Path, resume: bool) -> Ladder:
    """The ladder to play into run_dir (`given`: Ladder field -> value, None when not given):
    with --resume the one already there (the options given must agree with it), else GAME
    with the options given and the defaults (UserError when run_dir holds another ladder)."""
    name = get_game(game).name
    there = existing(run_dir, name, resume)
    if resume and there is not None:
        for key, value in given.items():
            if value is not None and value != getattr(there, key):
                raise UserError(f"{run_dir} holds a ladder with {_shown(there, key)}",
                                f"drop --{key} to resume it, or choose another --out")
        return there
    chosen = {k: v for k, v in given.items() if v is not None}
    ladder = replace(Ladder(name, tuple(rungs(name))), **chosen)
    g = get_game(name)
    check_players(ladder.players, g.player_range(g.load_tables(None)))
    if there is not None and there != ladder:
        differ = [k for k in given if getattr(there, k) != getattr(ladder, k)]
        raise UserError(f"{run_dir} holds another {name} ladder ("
                        + "; ".join(f"{_shown(there, k)} there, {_shown(ladder, k)} here"
                                    for k in differ) + ")",
                        f"complete it with: meeplab ladder {name} --out {run_dir} --resume, "
                        "or choose another --out")
    return ladder


def run(ladder: Ladder, run_dir: Path, resume: bool, workers: int | None) -> runner.Outcome:
    """Play the ladder into run_dir (or complete it, with resume); ladder.toml is kept there
    once the run store has made the directory a run, also when the run is interrupted."""
    cfg = config(ladder, run_dir)
    try:
        outcome = runner.run(cfg, run_dir, resume=resume, workers=workers)
    except BaseException:
        try:
            keep_config(ladder, cfg, run_dir)
        except UserError:
            pass   # the run's own error is the one to show
        raise
    keep_config(ladder, cfg, run_dir)
    return outcome


def rung_order(values: dict[str, Any], game: str, played: Sequence[str]) -> list[str]:
    """Rungs of a finished run (`values`: its config), lowest first: a ladder's own, else the
    played strategies in the game's ladder order (others after them, in the order played)."""
    ladder = of_config(values)
    if ladder is not None:
        return list(ladder.rungs)
    order = {name: i for i, name in enumerate(rungs(game))}
    return sorted(dict.fromkeys(played), key=lambda n: order.get(n, len(order)))


def page(run_dir: Path, game: str) -> tuple[Path, Path, list[str]]:
    """Write the ladder page and tables of the finished run in run_dir, a ladder's or any
    run with one-vs-field matchups of GAME: (page, matrix table, headline lines)."""
    from reports import ladder as ladder_page
    from reports import runs

    try:
        found = runs.load_run(run_dir)
        if found.info.game != game:
            raise UserError(f"{run_dir} holds a {found.info.game or 'unknown game'} run, "
                            f"not {game}",
                            f"write its page with: meeplab ladder {found.info.game} --run "
                            f"{run_dir}" if found.info.game else "give a run of " + game)
        names = rung_order(found.info.config, game,
                           list(found.results["strategy"].drop_duplicates()))
        # the games left out (runs.Run.excluded, where runs.load_run counts them)
        return ladder_page.write(found.results, names, game, run_dir,
                                 found.excluded)
    except runs.RunDataError as exc:
        raise UserError(str(exc)) from exc
