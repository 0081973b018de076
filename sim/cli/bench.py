"""Benchmark commands: the compiled engine of one game, and a whole tournament."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from sim.bench import engine as bench_mod
from sim.cli.app import app
from sim.cli.params import GameArg, PlayersOpt, StrategiesOpt, VariantOpt, WorkersOpt, positive
from sim.errors import user_errors
from sim.session import prepare


@app.command()
def bench(game: GameArg,
          strategies: StrategiesOpt = "random",
          games: Annotated[int, typer.Option("--games", help="Compiled games to time.")] = 200000,
          players: PlayersOpt = 4,
          as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
          variant: VariantOpt = None,
          compare_to: Annotated[str | None, typer.Option(
              "--compare-to", help="A commit to time against, alternately in one run "
                                   "(checked out beside this tree, then removed).")] = None,
          rounds: Annotated[int, typer.Option(
              "--rounds", help="Alternated rounds with --compare-to.")] = 6,
          ) -> None:
    """Time the compiled engine: compile, games/s per core, JIT speedup, cached start; with
    --compare-to REV, the speed ratio to that commit instead (sim/bench/compare.py)."""
    with user_errors():
        positive("--games", games)
        positive("--rounds", rounds)
        setup = prepare(game, players, strategies, variant or [])
        if compare_to is not None:
            from sim.bench import compare as bench_compare

            result = bench_compare.compare(setup.game.name, setup.seats, games, compare_to,
                                           rounds, setup.variant.values)
            typer.echo(json.dumps(result) if as_json else bench_compare.report(result))
            return
        result = bench_mod.run(setup.game, setup.seats, games, setup.variant.values)
    typer.echo(json.dumps(result) if as_json else bench_mod.report(result))

@app.command("bench-tournament")
def bench_tournament(
        config: Annotated[Path, typer.Argument(help="Tournament config TOML.")] = Path(
            "configs/tournaments/cuba-round-robin.toml"),
        games: Annotated[int, typer.Option(
            "--games", help="Games in all (split evenly over the matchups).")] = 1_000_000,
        workers: WorkersOpt = None,
        scaling_games: Annotated[int | None, typer.Option(
            "--scaling-games", help="Games of each 1-worker / all-workers run "
                                    "(default: --games / 4).", show_default=False)] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
        ) -> None:
    """End-to-end tournament benchmark: games/s, per core, worker scaling, peak memory."""
    from sim.bench import tournament as tournament_bench

    with user_errors():
        for option, value in (("--games", games), ("--workers", workers),
                              ("--scaling-games", scaling_games)):
            positive(option, value)
        result = tournament_bench.run(config, games, workers, scaling_games or games // 4 or 1)
    typer.echo(json.dumps(result) if as_json else tournament_bench.report(result))
