"""The arguments and options several `meeplab` commands share, declared once, and their
checks."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from sim import limits
from sim.cli.app import complete_from
from sim.errors import UserError
from sim.games import names as game_names

GameArg = Annotated[str, typer.Argument(help="Game name (see `meeplab games`).",
                                         show_default=False,
                                         autocompletion=complete_from(game_names))]
VariantOpt = Annotated[list[str] | None, typer.Option(
    "--variant", help="Variant file (configs/variants/*.toml) or KEY=VALUE, KEY a switch or a "
                      "dotted rules-data path (repeatable); see docs/guide/variants.md.",
    show_default=False)]
PlayersOpt = Annotated[int, typer.Option("--players", help="Number of players.")]
StrategiesOpt = Annotated[str, typer.Option(
    "--strategies", help="Strategy per seat, comma-separated, or one name for every seat.")]



def config_arg(kind: str, folder: str) -> Any:
    """The CONFIG argument of a run command: a `kind` config TOML, shipped ones in `folder`."""
    return Annotated[Path, typer.Argument(
        help=f"{kind} config TOML (see configs/{folder}/).", show_default=False)]


ConfigArg = config_arg("Tournament", "tournaments")
SweepConfigArg = config_arg("Sweep", "sweeps")
TuneConfigArg = config_arg("Tune", "tunes")
MetagameConfigArg = config_arg("Meta-game", "metagame")
RestrictConfigArg = config_arg("Restrict", "restrict")
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", help="Local worker processes (default: all cores).", show_default=False)]


def games_opt(per: str, configs: str = "config") -> Any:
    """The --games option of a run command: games per `per`, overriding the config(s)."""
    return Annotated[int | None, typer.Option(
        "--games", help=f"Games per {per} (overrides the {configs}).", show_default=False)]


def out_opt(kind: str, default: str) -> Any:
    """The --out option of a run command: its `kind` directory, `default` when not given."""
    return Annotated[Path | None, typer.Option(
        "--out", help=f"{kind} directory (default: {default}).", show_default=False)]


def seed_opt(what: str = "Tournament seed", configs: str = "config") -> Any:
    """The --seed option of a run command, overriding the config(s)."""
    return Annotated[int | None, typer.Option(
        "--seed", help=f"{what} (overrides the {configs}).", show_default=False)]


def resume_opt(what: str, skipping: str) -> Any:
    """The --resume flag: complete the `what` in --out, skipping what is finished."""
    return Annotated[bool, typer.Option(
        "--resume", help=f"Complete the {what} in --out, skipping {skipping}.")]


def top_opt(where: str, best: str, unit: str) -> Any:
    """The --top option: add deals (`where`) until the K `best` stand apart."""
    return Annotated[int | None, typer.Option(
        "--top", help=f"Add deals{where} until the K {best} stand apart from the rest (no "
                      f"interval of theirs overlaps one below them) or max_games per {unit}.",
        show_default=False)]


def precision_opt(whose: str, example: str) -> Any:
    """The --precision option: add deals until `whose` 95% interval is within +-P."""
    return Annotated[str | None, typer.Option(
        "--precision", help=f"Add deals until {whose} 95% interval {example}.",
        show_default=False)]


MatchupGamesOpt = games_opt("matchup")
ProfileGamesOpt = games_opt("profile")
ElementGamesOpt = games_opt("element")
SweepGamesOpt = games_opt("matchup of every variant", "configs")
RunOutOpt = out_opt("Run", "runs/<config name>")
LadderOutOpt = out_opt("Run", "runs/<game>-ladder, with --scaling runs/<game>-scaling")
ReportOutOpt = out_opt("Output", "RUN_DIR/report")
CompareOutOpt = out_opt("Output", "compare-A-vs-B next to the first run")
MetagameOutOpt = out_opt("Run", "runs/metagame-<config name>")
SweepOutOpt = out_opt("Sweep", "runs/<sweep name>")
StudyOutOpt = out_opt("Study", "runs/tune-<config name>")
SeedOpt = seed_opt()
MetagameSeedOpt = seed_opt("Seed")
SweepSeedOpt = seed_opt("Tournament seed of every variant", "configs")
TournamentPrecisionOpt = precision_opt("every strategy's",
                                       "on its win share is within +-P (0.005 or 0.5%)")
MetagamePrecisionOpt = precision_opt("every profile entry's", "is within +-P (0.02 or 2%)")
RestrictPrecisionOpt = precision_opt("every restricted seat's", "is within +-P (0.005 or 0.5%)")
TournamentTopOpt = top_opt("", "best strategies", "matchup")
RestrictTopOpt = top_opt(", only to the elements that need them,", "strongest", "element")


def positive(option: str, value: int | None, minimum: int = 1,
             maximum: int = limits.MAX_GAMES) -> None:
    """UserError unless the option's value (None: not given) lies in [minimum, maximum]."""
    if option in limits.WORKER_OPTIONS:
        limits.check_workers(option, value)
    limits.check_range(option, value, minimum, maximum)


ResumeOpt = resume_opt("run", "its finished shards")
LadderResumeOpt = resume_opt("ladder", "finished shards; its settings are read from the run")
SweepResumeOpt = resume_opt("sweep", "its complete runs")
DossierResumeOpt = resume_opt("dossier", "finished shards; its settings are read from it")
SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", help="Play on a Dask cluster: its scheduler address (tcp://host:port).",
    show_default=False)]
DaskLocalOpt = Annotated[int | None, typer.Option(
    "--dask-local", help="Play on a local Dask cluster of N workers.", show_default=False)]


def check_run_options(games: int | None, workers: int | None, seed: int | None,
                       scheduler: str | None, dask_local: int | None) -> None:
    """The checks of a tournament's run options (UserError)."""
    for option, value, minimum in (("--games", games, 1), ("--workers", workers, 1),
                                   ("--dask-local", dask_local, 1)):
        positive(option, value, minimum)
    positive("--seed", seed, 0, limits.MAX_SEED)
    if scheduler:
        from sim.run.backends.dask import check_address

        check_address(scheduler)
    if scheduler and dask_local:
        raise UserError("--scheduler and --dask-local both given", "choose one of them")
    if workers and (scheduler or dask_local):
        raise UserError("--workers applies to the local backend only",
                        "size a Dask cluster with --dask-local N or on the cluster itself")
