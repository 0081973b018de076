"""`meeplab restrict`: restricted play over the tournament runner.

A restrict config names a game, a strategy, a player count and the elements to test (names or
groups of the game's declared elements, core.common.elements; all by default). It becomes a
tournament of one matchup per element, `<strategy>~<element>` against players - 1 seats of
`<strategy>`, every seating rotated on the same deals (strategies.common.restrict), played by
sim.run.runner (shards, resume, backends, precision, `top`: deals added only to the elements whose
rank among the first K is not yet resolved) and analysed by reports.studies.restrict.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from core import games as catalogue
from sim.errors import UserError
from sim.games import get as get_game
from sim.run import runner, stats, config as config_mod
from sim.run.config import Config
from strategies.common.restrict import element_of, restricted_name

# the restrict config's own keys; the others are a tournament config's
OWN = ("strategy", "players", "elements")
PASSED = ("game", "games", "seed", "precision", "top", "max_games", "shard_games", "variant",
          "variant_name")
REPORT_DIR = "report"


def load(path: Path, games: int | None = None, seed: int | None = None,
         precision: float | None = None, top: int | None = None) -> Config:
    """The tournament of a restrict config (UserError naming the file on bad input)."""
    raw = config_mod.read_toml(Path(path))
    where = str(path)
    unknown = sorted(set(raw) - set(OWN) - set(PASSED))
    if unknown:
        raise UserError(f"{where}: unknown key '{unknown[0]}'",
                        f"use: {', '.join(OWN + PASSED)}")
    name = raw.get("game", config_mod.DEFAULTS["game"])
    game = get_game(name) if isinstance(name, str) else get_game(str(name))
    elements = catalogue.get(game.name).elements
    if elements is None:
        raise UserError(f"{where}: {game.name} declares no elements for restricted play",
                        "choose a game that does (Game.elements)")
    strategy = raw.get("strategy")
    if not isinstance(strategy, str) or strategy not in game.strategy_names():
        raise UserError(f"{where}: strategy {strategy!r} is not a strategy of {game.name}",
                        f"set strategy to one of: {', '.join(game.strategy_names())}")
    players = raw.get("players")
    low, high = game.player_range(game.load_tables(None))
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise UserError(f"{where}: players = {players!r} is not a player count of {game.name}",
                        f"set players to {low}..{high}")
    wanted = raw.get("elements", list(elements.groups()))
    if (not isinstance(wanted, list) or not wanted
            or not all(isinstance(w, str) for w in wanted)):
        raise UserError(f"{where}: elements must be a list of element names or groups",
                        f"write e.g. elements = [\"{elements.groups()[0]}\"]")
    try:
        chosen = elements.select(wanted)
    except KeyError as exc:
        raise UserError(f"{where}: no element or group '{exc.args[0]}' in {game.name}",
                        f"use groups {', '.join(elements.groups())} or names such as "
                        f"{elements.names[0]}") from None
    names = [restricted_name(strategy, e) for e in chosen]
    tournament = {k: raw[k] for k in PASSED if k in raw} | {
        "format": "matchups", "matchups": [[n] + [strategy] * (players - 1) for n in names]}
    return config_mod.load(path, games=games, seed=seed, precision=precision, raw=tournament,
                           names=names, top=top)


def restricted(cfg: Config) -> dict[str, tuple[str, str]]:
    """The restricted strategy names of the job -> (strategy, element)."""
    out = {}
    for m in cfg.matchups:
        base, element = element_of(m.lineup[0])
        out[m.lineup[0]] = (base, element or "")
    return out


def by_loss(cfg: Config) -> Callable[[list[stats.Interval]], list[stats.Interval]]:
    """The job's ranking for `top`: the restricted seats, the lowest win share (the largest
    loss) first; the unrestricted seats' row is not ranked."""
    names = set(restricted(cfg))
    return lambda rows: sorted((r for r in rows if r.strategy in names),
                               key=lambda r: r.win_share)


def tallies(manifest: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Per restricted strategy: its decisions and fallbacks, summed over the finished shards."""
    out: dict[str, list[int]] = {}
    for entry in manifest["shards"].values():
        counts = entry.get("restricted")
        if counts is None:
            continue
        name = manifest["matchups"][entry["matchup"]]["lineup"][0]
        total = out.setdefault(name, [0, 0])
        total[0] += counts["decisions"]
        total[1] += counts["fallbacks"]
    return {k: (v[0], v[1]) for k, v in out.items()}


def run(cfg: Config, run_dir: Path, resume: bool = False, workers: int | None = None,
        scheduler: str | None = None, dask_local: int | None = None,
        echo: Callable[[str], None] = print) -> Any:
    """Play the job into run_dir, then write its page to run_dir/report: reports.report's
    Written (RunDataError when the results cannot be read)."""
    from reports.runs import load_run, read_manifest
    from reports.studies import restrict as page

    outcome = runner.run(cfg, run_dir, resume=resume, workers=workers, scheduler=scheduler,
                         dask_local=dask_local, ranked=by_loss(cfg))
    echo(runner.describe(outcome, cfg)[0])
    if outcome.precision and "top" in outcome.precision:
        echo(runner.ranking_line(outcome.precision))
    if outcome.excluded:
        echo(f"warning: {runner.excluded_line(outcome)}")
    manifest = read_manifest(run_dir)
    return page.write(load_run(run_dir), restricted(cfg), tallies(manifest),
                      run_dir / REPORT_DIR, manifest.get("precision"))
