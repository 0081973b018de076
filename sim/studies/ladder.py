"""The skill ladder (`meeplab ladder GAME`): every rung (random, the named presets, the search
presets last, or the rungs given) against players-1 copies of every other rung (one-vs-field),
plus a round robin of consecutive rungs, played as one tournament (shards, duplicate deals,
resume) and written as a page and tables (reports/studies/ladder.py).

The round robin plays windows of `players` consecutive rungs (every pair of neighbours shares
a window) rather than every combination, which the search rungs would make too costly; with two
players the one-vs-field pairs are already the round robin.

The tournament's config is made in memory and run like any other: the run store creates the
run directory (manifest.json), and only then is the config kept there as `ladder.toml`, a
tournament config (`meeplab tournament RUN_DIR/ladder.toml --out RUN_DIR --resume` completes
it too). `--resume` reads the ladder's settings back from the manifest.

The scaling ladder (`--scaling`) climbs the search's budget instead: its rungs are budget levels
of the `mcts` preset (`mcts@100`, strategies.common.budget), each level against players-1
copies of the level below and nothing else, on the same runs, shards and resume; its page is
reports/studies/scaling.py's. Its ladder.toml names the levels, which only the ladder knows, so the
ladder command completes it.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sim.errors import UserError
from sim.games import get as get_game
from sim.options import check_players
from sim.run import runner, store, config as config_mod
from sim.run.config import Config
from strategies.common import budget
from strategies.common.search import MAX_ITERATIONS

CONFIG = "ladder.toml"
REPORT_DIR = "report"                        # where a scaling ladder's page and table go
SEARCH = "mcts"                              # the preset whose budget the scaling ladder climbs
LEVELS = (100, 200, 400, 800, 1600, 3200)    # its default levels (iterations per decision)
MAX_LEVEL = MAX_ITERATIONS                   # the search's budget bound


@dataclass(frozen=True)
class Ladder:
    """What a ladder plays: the game, its rungs (lowest first), players, games per matchup
    and the tournament seed."""

    game: str
    rungs: tuple[str, ...]
    players: int = 4
    games: int = 20
    seed: int = 1
    scaling: bool = False   # rungs are budget levels, each against the one below only


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
    return distinct_rungs(names)


def distinct_rungs(names: list[str]) -> list[str]:
    """`--rungs` names at least two strategies, each once (UserError)."""
    if len(set(names)) != len(names):
        raise UserError("--rungs names a strategy twice", "list each rung once")
    if len(names) < 2:
        raise UserError("--rungs needs at least two strategies",
                        "give e.g. --rungs random,greedy (lowest first)")
    return names


def parse_levels(text: str) -> tuple[int, ...]:
    """`--levels 100,200,400`: at least two budgets (iterations per decision), increasing,
    each within 1..MAX_LEVEL (UserError)."""
    levels = []
    for item in (t.strip() for t in text.split(",")):
        if not item.lstrip("-").isdigit():
            raise UserError(f"--levels: '{item}' is not a whole number of iterations",
                            "give iterations lowest first, e.g. --levels 100,200,400")
        level = int(item)
        if not 1 <= level <= MAX_LEVEL:
            raise UserError(f"--levels: {level} is outside the search's budget of 1.."
                            f"{MAX_LEVEL} iterations", f"give levels from 1 to {MAX_LEVEL}")
        if levels and level <= levels[-1]:
            raise UserError(f"--levels must increase: {level} follows {levels[-1]}",
                            "list each level once, lowest first, e.g. --levels 100,200,400")
        levels.append(level)
    if len(levels) < 2:
        raise UserError("--levels needs at least two levels", "give e.g. --levels 100,200")
    return tuple(levels)


def level_rungs(game: str, levels: Sequence[int]) -> tuple[str, ...]:
    """The scaling ladder's rungs: the game's search preset at each level (UserError when the
    game has no search preset)."""
    if SEARCH not in get_game(game).strategy_names():
        raise UserError(f"{game} has no '{SEARCH}' preset to scale",
                        f"add a {SEARCH} preset to its presets file")
    return tuple(budget.level_name(SEARCH, n) for n in levels)


def given_rungs(game: str, rungs: str | None, levels: str | None) -> tuple[str, ...] | None:
    """The rungs `--rungs` or `--levels` give (None when neither is given; UserError)."""
    if levels is not None:
        return level_rungs(game, parse_levels(levels))
    return tuple(parse_rungs(game, rungs)) if rungs else None


def levels_of(ladder: Ladder) -> list[int]:
    """The iterations of a scaling ladder's rungs."""
    return [int(budget.split(name)[1] or 0) for name in ladder.rungs]


def doublings(names: Sequence[str], players: int) -> list[list[str]]:
    """The scaling lineups: each rung against players-1 copies of the rung below."""
    return [[upper] + [lower] * (players - 1) for lower, upper in zip(names, names[1:])]


def lineups(names: Sequence[str], players: int) -> list[list[str]]:
    """One-vs-field lineups for every ordered pair, then the round-robin windows of `players`
    consecutive rungs (none with two players: the pairs are the round robin)."""
    out = [[c] + [f] * (players - 1) for c in names for f in names if c != f]
    if players > 2:
        out += [list(names[i:i + players]) for i in range(len(names) - players + 1)]
    return out


def raw_config(ladder: Ladder) -> dict[str, Any]:
    """The ladder's tournament config values."""
    plays = doublings if ladder.scaling else lineups
    return {"game": ladder.game, "format": "matchups",
            "matchups": plays(ladder.rungs, ladder.players), "seatings": "rotations",
            "games": ladder.games, "seed": ladder.seed}


def config(ladder: Ladder, run_dir: Path) -> Config:
    """The ladder's checked tournament config, named RUN_DIR/ladder.toml."""
    levels = list(ladder.rungs) if ladder.scaling else []
    return config_mod.load(run_dir / CONFIG, raw=raw_config(ladder), names=levels)


def config_text(ladder: Ladder) -> str:
    """ladder.toml: the ladder's tournament config, with a comment saying what it is."""
    raw = raw_config(ladder)
    rows = "".join(f"    {json.dumps(lineup)},\n" for lineup in raw.pop("matchups"))
    head = "".join(f"{k} = {json.dumps(v)}\n" for k, v in raw.items())
    windows = (f"then round-robin windows of {ladder.players} consecutive rungs"
               if ladder.players > 2 else "the round robin with two players")
    what = (f"each budget level of {SEARCH} against players-1 copies of the level below "
            f"(complete it with: meeplab ladder {ladder.game} --scaling --out DIR --resume)"
            if ladder.scaling else f"one-vs-field for every pair of rungs, {windows}")
    return (f"# meeplab ladder {ladder.game}: {what}\n"
            f"# rungs, lowest first: {', '.join(ladder.rungs)}\n"
            f"{head}matchups = [\n{rows}]\n")


def of_config(values: dict[str, Any]) -> Ladder | None:
    """The ladder whose tournament config values these are (a manifest's `config`), or None
    when they are not a ladder's."""
    try:
        matchups = values["matchups"]
        names = tuple(dict.fromkeys(str(m[0]) for m in matchups))
        common = (str(values["game"]), len(matchups[0]), int(values["games"]),
                  int(values["seed"]))
        levels = (str(matchups[0][1]),) + names
        found = [ladder for ladder in (Ladder(common[0], names, *common[1:]),
                                       Ladder(common[0], levels, *common[1:], scaling=True))
                 if raw_config(ladder) == {k: values.get(k) for k in raw_config(ladder)}
                 and len(set(ladder.rungs)) == len(ladder.rungs) >= 2
                 and (not ladder.scaling or all(budget.split(n)[1] for n in ladder.rungs))]
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    plain = not any(values.get(k) for k in ("variant", "precision", "top"))
    return found[0] if found and plain else None


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
    if key == "rungs" and ladder.scaling:
        return "--levels " + ",".join(map(str, levels_of(ladder)))
    return f"--{key} {','.join(value) if key == 'rungs' else value}"


def resume_command(ladder: Ladder, run_dir: Path) -> str:
    """The command completing `ladder` in run_dir."""
    scaling = " --scaling" if ladder.scaling else ""
    return f"meeplab ladder {ladder.game}{scaling} --out {run_dir} --resume"


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
                        f"resume it with: {resume_command(ladder, run_dir)}, or choose another "
                        "--out")
    return ladder


def keep_config(ladder: Ladder, cfg: Config, run_dir: Path) -> None:
    """Write RUN_DIR/ladder.toml once the run store holds this ladder (never into a directory
    the store refused)."""
    manifest = manifest_of(run_dir)
    if manifest is not None and manifest.get("config_hash") == cfg.hash and not (
            run_dir / CONFIG).exists():
        store.write_atomic(run_dir / CONFIG, config_text(ladder).encode())


def start(game: str, given: dict[str, Any], run_dir: Path, resume: bool,
          scaling: bool = False) -> Ladder:
    """The ladder to play into run_dir (`given`: Ladder field -> value, None when not given;
    `scaling`: the budget ladder, whose default rungs are LEVELS): with --resume the one
    already there (the options given must agree with it), else GAME with the options given and
    the defaults (UserError when run_dir holds another ladder)."""
    name = get_game(game).name
    there = existing(run_dir, name, resume)
    if resume and there is not None:
        if there.scaling != scaling:
            kind = "a scaling ladder" if there.scaling else "a ladder of strategies"
            raise UserError(f"{run_dir} holds {kind}",
                            f"resume it with: {resume_command(there, run_dir)}")
        for key, value in given.items():
            if value is not None and value != getattr(there, key):
                raise UserError(f"{run_dir} holds a ladder with {_shown(there, key)}",
                                f"drop --{key} to resume it, or choose another --out")
        return there
    chosen = {k: v for k, v in given.items() if v is not None}
    default = level_rungs(name, LEVELS) if scaling else tuple(rungs(name))
    ladder = replace(Ladder(name, default, scaling=scaling), **chosen)
    g = get_game(name)
    check_players(ladder.players, g.player_range(g.load_tables(None)))
    if there is not None and there != ladder:
        differ = [k for k in given if getattr(there, k) != getattr(ladder, k)]
        raise UserError(f"{run_dir} holds another {name} ladder ("
                        + "; ".join(f"{_shown(there, k)} there, {_shown(ladder, k)} here"
                                    for k in differ) + ")",
                        f"complete it with: {resume_command(there, run_dir)}, or choose "
                        "another --out")
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


def page(run_dir: Path, game: str) -> tuple[list[str], list[tuple[str, Path]]]:
    """Write the ladder page and tables of the finished run in run_dir, a ladder's or any
    run with one-vs-field matchups of GAME, or a scaling ladder's page and table in
    RUN_DIR/report: (headline lines, [(what, path) of each file written])."""
    from reports import runs
    from reports.studies import scaling, ladder as ladder_page

    try:
        found = runs.load_run(run_dir)
        if found.info.game != game:
            raise UserError(f"{run_dir} holds a {found.info.game or 'unknown game'} run, "
                            f"not {game}",
                            f"write its page with: meeplab ladder {found.info.game} --run "
                            f"{run_dir}" if found.info.game else "give a run of " + game)
        names = rung_order(found.info.config, game,
                           list(found.results["strategy"].drop_duplicates()))
        ladder = of_config(found.info.config)
        if ladder is not None and ladder.scaling:
            html, csv, lines = scaling.write(found.results, names, levels_of(ladder), game,
                                             run_dir / REPORT_DIR, found.excluded, SEARCH)
            return lines, [("scaling page", html), ("scaling table", csv)]
        # the games left out (runs.Run.excluded, where runs.load_run counts them)
        html, csv, lines = ladder_page.write(found.results, names, game, run_dir,
                                             found.excluded)
        return lines, [("ladder page", html), ("matrix table", csv),
                       ("steps table", csv.with_name("ladder-steps.csv"))]
    except runs.RunDataError as exc:
        raise UserError(str(exc)) from exc
