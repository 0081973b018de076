"""Commands on tournament runs: play one, write its report, compare runs."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sim import limits, smoke
from sim.cli.app import Summary, app
from sim.cli.params import (
    CompareOutOpt, ConfigArg, DaskLocalOpt, MatchupGamesOpt, ReportOutOpt, ResumeOpt, RunOutOpt,
    SchedulerOpt, SeedOpt, TournamentPrecisionOpt, TournamentTopOpt, VariantOpt, WorkersOpt,
    check_run_options, positive,
)
from sim.cli.running import interrupted, resume_hint, write_report
from sim.errors import fail, user_errors
from sim.games import report_sections


@app.command()
def tournament(
        config: ConfigArg,
        games: MatchupGamesOpt = None,
        workers: WorkersOpt = None,
        out: RunOutOpt = None,
        seed: SeedOpt = None,
        resume: ResumeOpt = False,
        scheduler: SchedulerOpt = None,
        dask_local: DaskLocalOpt = None,
        precision: TournamentPrecisionOpt = None,
        top: TournamentTopOpt = None,
        variant: VariantOpt = None,
        ) -> Summary:
    """Play a tournament from a config into a run directory (Parquet results, manifest)."""
    from dataclasses import replace

    from reports.runs import run_options
    from sim.run import config as config_mod
    from sim.run import runner

    with user_errors():
        check_run_options(games, workers, seed, scheduler, dask_local)
        share = config_mod.parse_precision(precision)
        cfg = config_mod.load(config, games=games, seed=seed, variants=variant or [],
                              precision=share, top=top)
        cfg = replace(cfg, run_options=run_options("tournament", games, seed, share, top,
                                                   variant))
        run_dir = out or Path("runs") / config.stem
        try:
            outcome = runner.run(cfg, run_dir, resume=resume, workers=workers,
                                 scheduler=scheduler, dask_local=dask_local)
        except (runner.RunInterrupted, KeyboardInterrupt) as exc:
            interrupted(exc, resume_hint(run_dir, cfg))
        except runner.ShardFailed as exc:
            fail(f"a shard failed ({exc}); see {run_dir}/run.log, finished shards are kept",
                 code=1)
    return Summary(runner.summary_data(outcome), runner.describe(outcome, cfg))

@app.command()
def report(
        run_dir: Annotated[Path, typer.Argument(help="Run directory of 'meeplab tournament'.",
                                                show_default=False)],
        out: ReportOutOpt = None,
        bootstrap: Annotated[int | None, typer.Option(
            "--bootstrap", help="Bootstrap replicates for the rating intervals "
                                "(default: 200; at most 100000).",
            show_default=False)] = None,
        no_ratings: Annotated[bool, typer.Option(
            "--no-ratings", help="Skip the Plackett-Luce ratings and their bootstrap.")
        ] = False,
        no_replays: Annotated[bool, typer.Option(
            "--no-replays", help="Skip the replay pages of each strategy's best win and "
                                 "worst loss (report/replays/*.html; they play those games "
                                 "again).")] = False,
        ) -> Summary:
    """Write RUN_DIR/report/ (index.html, PNGs, summary.csv, replays/) and print the summary
    table."""
    from reports.report import report as write
    from sim.replay import report_replays

    with user_errors():
        positive("--bootstrap", bootstrap, 20, limits.MAX_BOOTSTRAP)
    bootstrap = smoke.cap("bootstrap", bootstrap, default=limits.MAX_BOOTSTRAP)
    return write_report(lambda: write(run_dir, out, n_boot=bootstrap,
                                       by_game=report_sections(), with_ratings=not no_ratings,
                                       replays=None if no_replays else report_replays),
                         "report")


@app.command()
def compare(
        runs: Annotated[list[Path], typer.Argument(
            help="Two or more run directories; the first is the baseline.", show_default=False)],
        out: CompareOutOpt = None,
        ) -> Summary:
    """Compare runs side by side (deltas, tests, balance indices) as HTML and PNG."""
    from reports.compare import compare as write

    return write_report(lambda: write(runs, out, by_game=report_sections()), "comparison")
