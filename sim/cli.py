"""The `meeplab` command line: play one game with a readable log, benchmark the engine."""
from __future__ import annotations

import io
import json
import os
import shlex
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Annotated, Any, NoReturn

import numpy as np
import typer

try:  # recent typer vendors click as typer._click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # older typer depends on click
    from click.exceptions import ClickException, UsageError

from reports.files import check_writable, write_fix, write_whole
from reports.text import plural, text_table
from sim import bench as bench_mod, limits, smoke
from sim.cli_app import App, Summary, complete_from, emit
from sim.errors import UserError, fail, one_line, user_errors
from sim.games import (
    get as get_game, listing as game_listing, names as game_names, report_sections,
)
from sim.session import Setup, column, final_summary, prepare, trace_header

app = App(help="meeplab: tournament and AI-strategy simulation lab for board games.",
          no_args_is_help=True, pretty_exceptions_enable=False)

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


def limit_thinking(setup: Setup, ms: float) -> None:
    """Give every search seat of the set-up a time limit per decision (UserError if none)."""
    from strategies.common import search

    if not 0 < ms <= limits.MAX_THINK_MS:
        raise UserError(f"--think-ms {ms:g} is out of range",
                        f"give milliseconds between 0 and {limits.MAX_THINK_MS:,}")
    mcts = setup.game.registry.kernels.index(search.KERNEL)
    seats = setup.kernels == mcts
    if not seats.any():
        raise UserError("--think-ms limits search seats, and no seat plays an mcts strategy",
                        "add one to --strategies (e.g. mcts) or leave --think-ms out")
    setup.params[seats, search.THINK_MS] = ms


def output_error(option: str, path: Path, exc: OSError) -> UserError:
    """The one-line error of a file of `play` (--trace, --html) that cannot be written."""
    what = "trace file " if option == "--trace" else ""
    return UserError(f"cannot write {what}{path} ({exc.strerror or exc})",
                     write_fix(exc, f"choose a writable path for {option}"))


def write_trace(path: Path, write: Callable[[IO[str]], None]) -> None:
    """The trace that `write` prints, written to path whole (UserError when it cannot be)."""
    text = io.StringIO()
    write(text)
    try:
        write_whole(path, text.getvalue().encode())
    except OSError as exc:
        raise output_error("--trace", path, exc) from exc


def final_table(setup: Setup, records: np.ndarray) -> list[str]:
    """Score, rank, win share, money and the VP sources anyone scored from, per seat."""
    sources = [name for name in setup.game.record_columns()
               if name.startswith("vp_") and column(setup, records, name).any()]
    shown = ["score", "rank", "win_share", "money"] + sources
    values = {name: column(setup, records, name) for name in shown}
    headers = ["seat", "strategy", "score", "rank", "win", "money"] + [
        name.removeprefix("vp_") for name in sources]
    rows = [[setup.game.trace.player_label(p, setup.game.colours), setup.seats[p]]
            + [f"{values[name][p]:.2f}" if name == "win_share" else f"{values[name][p]:.0f}"
               for name in shown]
            for p in range(len(setup.seats))]
    return text_table(headers, rows)


def seat_lines(setup: Setup) -> list[str]:
    """The log's first lines: which seat (and colour) plays which strategy."""
    label = setup.game.trace.player_label
    return ["== Seats =="] + [f"  {label(p, setup.game.colours):<12} {name}"
                              for p, name in enumerate(setup.seats)]


@app.command()
def play(game: GameArg,
         players: PlayersOpt = 4,
         strategies: StrategiesOpt = "random",
         seed: Annotated[int, typer.Option("--seed", help="Deal and decision seed (>= 0).")] = 1,
         trace: Annotated[Path | None, typer.Option(
             "--trace", help="Also write the game as JSON lines (docs/trace-format.md).",
             show_default=False)] = None,
         check: Annotated[bool, typer.Option(
             "--check", help="Run the invariant checker after every step; exit 1 on a "
                             "broken invariant.")] = False,
         variant: VariantOpt = None,
         quiet: Annotated[bool, typer.Option(
             "--quiet", help="Print only the final table, not the game log.")] = False,
         as_json: Annotated[bool, typer.Option(
             "--json", help="Print only one JSON object: the seats, the final standings and "
                            "every record column per seat.")] = False,
         think_ms: Annotated[float | None, typer.Option(
             "--think-ms", help="Time limit per decision of every search seat (mcts), in "
                                "milliseconds, on top of its iteration budget; the game then "
                                "depends on the machine's speed.", show_default=False)] = None,
         html: Annotated[Path | None, typer.Option(
             "--html", help="Also write the game as a self-contained HTML replay page (see "
                            "`meeplab replay`).", show_default=False)] = None,
         ) -> None:
    """Play one game and print its log and final table."""
    with user_errors():
        if seed < 0:
            raise UserError(f"--seed {seed} is negative", "use a seed >= 0")
        _positive("--seed", seed, 0, limits.MAX_SEED)
        setup = prepare(game, players, strategies, variant or [])
        if think_ms is not None:
            limit_thinking(setup, think_ms)
        header = trace_header(setup, seed) if trace else None
        for option, path in (("--trace", trace), ("--html", html)):
            if path is None:
                continue
            try:   # before the game, which a search seat can make long
                check_writable(path)
            except OSError as exc:
                raise output_error(option, path, exc) from exc
    g = setup.game
    result = g.play_game(setup.tables, players, seed, setup.kernels, setup.params,
                         check=check, trace=bool(trace or html) or not (quiet or as_json))
    if result.trace is not None and result.trace[0, 1]:
        typer.echo("warning: the trace buffer overflowed; the log is incomplete", err=True)
    if not (quiet or as_json):
        for line in seat_lines(setup):
            typer.echo(line)
        for line in g.trace.log_lines(result.trace, setup.tables, players, g.colours):
            typer.echo(line)
        typer.echo("")
    final = final_summary(setup, result.records, result.error)
    if trace is not None:
        with user_errors():
            write_trace(trace, lambda out: g.trace.write_jsonl(
                out, header, result.trace, setup.tables, players, final))
    if html is not None:
        from sim import replay as replay_mod

        with user_errors():
            replay_mod.write(html, replay_mod.played(setup, seed, result))
    if as_json:
        records = {name: column(setup, result.records, name) for name in g.record_columns()}
        emit(Summary({"game": g.name, "players": players, "seed": seed,
                      "strategies": list(setup.seats), **final, "records": records}), True)
    else:
        typer.echo(f"Final standings ({g.name}, seed {seed})")
        for line in final_table(setup, result.records):
            typer.echo("  " + line)
    if result.error:
        fail(f"invariant broken: {final['error']}; this is an engine bug, report it with "
             f"the command line (seed {seed})", code=1)


@app.command()
def replay(
        source: Annotated[Path, typer.Argument(
            help="A trace (meeplab play GAME --trace FILE.jsonl) or, with --row, the run "
                 "directory of 'meeplab tournament'.", show_default=False)],
        row: Annotated[int | None, typer.Option(
            "--row", help="Results row of the run (0-based: its index in "
                          "reports.load(RUN_DIR)): its game is played again from the row's "
                          "seed, seating, strategies and variant, and checked against the "
                          "row's records.",
            show_default=False)] = None,
        html: Annotated[Path | None, typer.Option(
            "--html", help="Page to write (default: the trace's name with .html; for a run, "
                           "RUN_DIR/replay-row-N.html).", show_default=False)] = None,
        ) -> None:
    """Write a game as one self-contained HTML page: its public state drawn per event, the
    event list, a slider and keys (left/right: event, up/down: round), the VP curves."""
    from sim import replay as replay_mod

    with user_errors():
        _positive("--row", row, 0, limits.MAX_GAMES)
        trace, target = replay_mod.source(source, row)
        written = replay_mod.write(html or target, trace)
    typer.echo(f"replay: {written}")


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
    --compare-to REV, the speed ratio to that commit instead (sim/bench_compare.py)."""
    with user_errors():
        _positive("--games", games)
        _positive("--rounds", rounds)
        setup = prepare(game, players, strategies, variant or [])
        if compare_to is not None:
            from sim import bench_compare

            result = bench_compare.compare(setup.game.name, setup.seats, games, compare_to,
                                           rounds, setup.variant.values)
            typer.echo(json.dumps(result) if as_json else bench_compare.report(result))
            return
        result = bench_mod.run(setup.game, setup.seats, games, setup.variant.values)
    typer.echo(json.dumps(result) if as_json else bench_mod.report(result))


def strategy_lines(entries: list[dict[str, Any]]) -> list[str]:
    """Per strategy: 'name (kernel): description', then its parameters, wrapped."""
    lines = []
    for e in entries:
        lines.append(f"{e['name']} ({e['kernel']}): {e['description']}")
        values = [f"{k}={v:g}" if isinstance(v, (int, float)) else f"{k}={v}"
                  for k, v in e["params"].items()]
        lines += textwrap.wrap(" ".join(values), 96, initial_indent="    ",
                               subsequent_indent="    ") or ["    (no parameters)"]
    return lines


@app.command()
def games() -> Summary:
    """List the games: name, title, player counts, strategies."""
    with user_errors():
        rows = game_listing()
    return Summary(rows, [f"{r['name']} ({r['title']}): {r['players'][0]}-{r['players'][1]} "
                          f"players; strategies: {', '.join(r['strategies'])}" for r in rows])


@app.command()
def strategies(game: GameArg) -> Summary:
    """List the strategies: name, kernel, one-line description and parameters."""
    with user_errors():
        entries = get_game(game).strategy_info()
    return Summary(entries, strategy_lines(entries))


ConfigArg = Annotated[Path, typer.Argument(
    help="Tournament config TOML (see configs/tournaments/).", show_default=False)]
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


def _positive(option: str, value: int | None, minimum: int = 1,
              maximum: int = limits.MAX_GAMES) -> None:
    if option in limits.WORKER_OPTIONS:
        limits.check_workers(option, value)
    limits.check_range(option, value, minimum, maximum)


ResumeOpt = Annotated[bool, typer.Option(
    "--resume", help="Complete the run in --out, skipping its finished shards.")]
SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", help="Play on a Dask cluster: its scheduler address (tcp://host:port).",
    show_default=False)]
DaskLocalOpt = Annotated[int | None, typer.Option(
    "--dask-local", help="Play on a local Dask cluster of N workers.", show_default=False)]


def _check_run_options(games: int | None, workers: int | None, seed: int | None,
                       scheduler: str | None, dask_local: int | None) -> None:
    """The checks of a tournament's run options (UserError)."""
    for option, value, minimum in (("--games", games, 1), ("--workers", workers, 1),
                                   ("--dask-local", dask_local, 1)):
        _positive(option, value, minimum)
    _positive("--seed", seed, 0, limits.MAX_SEED)
    if scheduler:
        from sim.backends.dask import check_address

        check_address(scheduler)
    if scheduler and dask_local:
        raise UserError("--scheduler and --dask-local both given", "choose one of them")
    if workers and (scheduler or dask_local):
        raise UserError("--workers applies to the local backend only",
                        "size a Dask cluster with --dask-local N or on the cluster itself")


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
        top: Annotated[int | None, typer.Option(
            "--top", help="Add deals until the K best strategies stand apart from the rest "
                          "(no interval of theirs overlaps one below them) or max_games "
                          "per matchup.",
            show_default=False)] = None,
        variant: VariantOpt = None,
        ) -> Summary:
    """Play a tournament from a config into a run directory (Parquet results, manifest)."""
    from dataclasses import replace

    from reports.runs import run_options
    from sim import config as config_mod
    from sim import runner

    with user_errors():
        _check_run_options(games, workers, seed, scheduler, dask_local)
        share = config_mod.parse_precision(precision) if precision is not None else None
        cfg = config_mod.load(config, games=games, seed=seed, variants=variant or [],
                              precision=share, top=top)
        cfg = replace(cfg, run_options=run_options("tournament", games, seed, share, top,
                                                   variant))
        run_dir = out or Path("runs") / config.stem
        try:
            outcome = runner.run(cfg, run_dir, resume=resume, workers=workers,
                                 scheduler=scheduler, dask_local=dask_local)
        except (runner.RunInterrupted, KeyboardInterrupt) as exc:
            interrupted(exc, _resume_hint(run_dir, cfg))
        except runner.ShardFailed as exc:
            fail(f"a shard failed ({exc}); see {run_dir}/run.log, finished shards are kept",
                 code=1)
    return Summary(runner.summary_data(outcome), runner.describe(outcome, cfg))


@app.command()
def ladder(game: GameArg,
           games: Annotated[int | None, typer.Option(
               "--games", help="Games per matchup, whole seat rotations (default 20).",
               show_default=False)] = None,
           players: Annotated[int | None, typer.Option(
               "--players", help="Number of players (default 4).", show_default=False)] = None,
           rungs: Annotated[str | None, typer.Option(
               "--rungs", help="The rungs, lowest first, comma-separated (default: random, "
                               "the named presets, then the search presets).",
               show_default=False)] = None,
           workers: WorkersOpt = None,
           seed: Annotated[int | None, typer.Option(
               "--seed", help="Tournament seed (>= 0, default 1).", show_default=False)] = None,
           out: Annotated[Path | None, typer.Option(
               "--out", help="Run directory (default: runs/<game>-ladder, with --scaling "
                             "runs/<game>-scaling).",
               show_default=False)] = None,
           resume: Annotated[bool, typer.Option(
               "--resume", help="Complete the ladder in --out, skipping finished shards; its "
                                "settings are read from the run.")] = False,
           run: Annotated[Path | None, typer.Option(
               "--run", help="Play nothing: write the page and tables of this finished run "
                             "(a ladder's, or e.g. a configs/tournaments/*-mcts-strength.toml "
                             "run).", show_default=False)] = None,
           scaling: Annotated[bool, typer.Option(
               "--scaling", help="Climb the search's budget instead: each level of mcts "
                                 "against players-1 copies of the level below (page and "
                                 "report/scaling.csv in --out).")] = False,
           levels: Annotated[str | None, typer.Option(
               "--levels", help="With --scaling: iterations per decision, lowest first, "
                                "comma-separated (default 100,200,400,800,1600,3200).",
               show_default=False)] = None,
           ) -> None:
    """Play the skill ladder (one-vs-field matrix and round robin), or with --scaling the
    search's budget doublings, and write its page."""
    from sim import ladder as ladder_mod
    from sim import runner

    given = {"games": games, "players": players, "seed": seed, "rungs": rungs}
    with user_errors():
        if scaling and rungs:
            raise UserError("--rungs does not apply to --scaling (its rungs are budget levels)",
                            "give the levels with --levels, e.g. --levels 100,200,400")
        if levels is not None and not scaling:
            raise UserError("--levels applies to the scaling ladder only",
                            "add --scaling, or give strategies with --rungs")
        for option, value, minimum, maximum in (
                ("--games", games, 1, limits.MAX_GAMES), ("--seed", seed, 0, limits.MAX_SEED),
                ("--workers", workers, 1, limits.MAX_GAMES),
                ("--players", players, 2, limits.MAX_GAMES)):
            _positive(option, value, minimum, maximum)
        name = get_game(game).name
        if run is not None:
            extra = [f"--{k}" for k, v in given.items() if v is not None] + [
                o for o, v in (("--out", out), ("--resume", resume), ("--workers", workers),
                               ("--scaling", scaling), ("--levels", levels)) if v]
            if extra:
                raise UserError(f"--run writes the page of a finished run and plays nothing, "
                                f"so {', '.join(extra)} does not apply",
                                f"drop {', '.join(extra)}, or drop --run to play a ladder")
            lines, written = ladder_mod.page(run, name)
        else:
            given["rungs"] = ladder_mod.given_rungs(name, rungs, levels)
            run_dir = out or Path("runs") / f"{name}-{'scaling' if scaling else 'ladder'}"
            chosen = ladder_mod.start(name, given, run_dir, resume, scaling)
            try:
                outcome = ladder_mod.run(chosen, run_dir, resume, workers)
            except (runner.RunInterrupted, KeyboardInterrupt) as exc:
                fail(f"interrupted ({exc or 'before the first shard'}); complete the ladder "
                     f"with: {ladder_mod.resume_command(chosen, run_dir)}", code=130)
            except runner.ShardFailed as exc:
                fail(f"a shard failed ({exc}); see {run_dir}/run.log, finished shards are "
                     f"kept", code=1)
            typer.echo(f"{name} ladder: {outcome.games} games, {outcome.played} played now in "
                       f"{outcome.seconds:.1f} s")
            lines, written = ladder_mod.page(run_dir, name)
    for line in lines:
        typer.echo(line)
    for what, path in written:
        typer.echo(f"{what}: {path}")


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
    from sim import tournament_bench

    with user_errors():
        for option, value in (("--games", games), ("--workers", workers),
                              ("--scaling-games", scaling_games)):
            _positive(option, value)
        result = tournament_bench.run(config, games, workers, scaling_games or games // 4 or 1)
    typer.echo(json.dumps(result) if as_json else tournament_bench.report(result))


def _write_report(make: Callable[[], Any], what: str) -> Summary:
    """Run a report writer: its terminal summary and where it wrote (bad input: exit 2)."""
    from reports.runs import RunDataError

    with user_errors():
        try:
            written = make()
        except RunDataError as exc:
            raise UserError(str(exc)) from exc
    return Summary(written.data | {"index": written.index},
                   written.lines + [f"{what}: {written.index}"])


@app.command()
def report(
        run_dir: Annotated[Path, typer.Argument(help="Run directory of 'meeplab tournament'.",
                                                show_default=False)],
        out: Annotated[Path | None, typer.Option(
            "--out", help="Output directory (default: RUN_DIR/report).",
            show_default=False)] = None,
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
        _positive("--bootstrap", bootstrap, 20, limits.MAX_BOOTSTRAP)
    bootstrap = smoke.cap("bootstrap", bootstrap, default=limits.MAX_BOOTSTRAP)
    return _write_report(lambda: write(run_dir, out, n_boot=bootstrap,
                                       by_game=report_sections(), with_ratings=not no_ratings,
                                       replays=None if no_replays else report_replays),
                         "report")


@app.command()
def compare(
        runs: Annotated[list[Path], typer.Argument(
            help="Two or more run directories; the first is the baseline.", show_default=False)],
        out: Annotated[Path | None, typer.Option(
            "--out", help="Output directory (default: compare-A-vs-B next to the first run).",
            show_default=False)] = None,
        ) -> Summary:
    """Compare runs side by side (deltas, tests, balance indices) as HTML and PNG."""
    from reports.compare import compare as write

    return _write_report(lambda: write(runs, out, by_game=report_sections()), "comparison")


def interrupted(exc: BaseException, again: str) -> NoReturn:
    """Exit 130 after Ctrl-C/SIGTERM: what was kept (a run's 'N shards kept'; a bare second
    Ctrl-C stops at once, keeping the shards finished so far) and how to continue."""
    kept = str(exc) or "stopped at once, the finished shards are kept"
    fail(f"interrupted ({kept}); continue with: {again}", code=130)


def _again(command: str, config: Path, *tail: str | Path, **options: Any) -> str:
    """The command line that continues a stopped command as printed: `meeplab COMMAND CONFIG`,
    the options given (`--key value`; None, 0 and [] left out; a list repeated), then tail."""
    words = ["meeplab", command, str(config)]
    for key, value in options.items():
        for item in value if isinstance(value, list) else [value]:
            if item is not None and item != 0:
                words += [f"--{key}", str(item)]
    return shlex.join(words + [str(w) for w in tail])


def _resume_hint(run_dir: Path, cfg: Any) -> str:
    """The command that completes the run of cfg (a Config) in run_dir, options included."""
    from reports.runs import resume_command

    return resume_command(run_dir, {"config_file": cfg.path, "run_options": cfg.run_options})


@contextmanager
def _stoppable(again: str, log: str) -> Iterator[None]:
    """Ctrl-C/SIGTERM: exit 130 saying how to continue (`again`); a failed shard: exit 1."""
    from sim import runner

    try:
        yield
    except (runner.RunInterrupted, KeyboardInterrupt) as exc:
        interrupted(exc, again)
    except runner.ShardFailed as exc:
        fail(f"a shard failed ({exc}); see {log}, finished shards are kept", code=1)


@app.command()
def sweep(
        config: Annotated[Path, typer.Argument(
            help="Sweep config TOML (see configs/sweeps/).", show_default=False)],
        games: SweepGamesOpt = None,
        workers: WorkersOpt = None,
        out: SweepOutOpt = None,
        seed: SweepSeedOpt = None,
        resume: Annotated[bool, typer.Option(
            "--resume", help="Complete the sweep in --out, skipping its complete runs.")
        ] = False,
        grow: Annotated[int, typer.Option(
            "--grow", help="Meta-game base: first grow each variant's population by up to K "
                           "best responses tuned under its rules (the base's grow table).")
        ] = 0,
        ) -> None:
    """Play a tournament per rule variant on the same deals, then compare them."""
    from sim import sweep as sweep_mod

    with user_errors():
        for option, value, minimum in (("--games", games, 1), ("--workers", workers, 1)):
            _positive(option, value, minimum)
        _positive("--seed", seed, 0, limits.MAX_SEED)
        _positive("--grow", grow, 0, 100)
        grow = smoke.cap("rounds", grow) or 0
        plan = sweep_mod.load(config, games=games, seed=seed)
        where = out or Path("runs") / config.stem
        again = _again("sweep", config, "--out", where, "--resume", games=games, seed=seed,
                       grow=grow)
        with _stoppable(again, f"{where}/<variant>/run.log"):
            dirs = sweep_mod.run(plan, where, resume=resume, workers=workers, echo=typer.echo,
                                 grow_rounds=grow)
    emit(_write_report(lambda: sweep_mod.compare(plan, dirs, where), "comparison"), False)


@app.command()
def tune(
        config: Annotated[Path, typer.Argument(
            help="Tune config TOML (see configs/tunes/).", show_default=False)],
        trials: Annotated[int | None, typer.Option(
            "--trials", help="Complete trials the study should reach (overrides the config; "
                             "a rerun continues the study).", show_default=False)] = None,
        games: Annotated[int | None, typer.Option(
            "--games", help="Games per trial (overrides the config).",
            show_default=False)] = None,
        preset: Annotated[str | None, typer.Option(
            "--preset", help="Name of the tuned preset (strategy mode; overrides the "
                             "config).", show_default=False)] = None,
        skill_games: Annotated[int | None, typer.Option(
            "--skill-games", help="Games per matchup of the skill job (a tune with several "
                                  "objectives; overrides its [skill] games).",
            show_default=False)] = None,
        workers: WorkersOpt = None,
        out: StudyOutOpt = None,
        install: Annotated[bool, typer.Option(
            "--install", help="Install the tuned preset into your presets folder: the "
                              "first directory of $MEEPLAB_PRESETS, else "
                              "$XDG_CONFIG_HOME/meeplab/presets (~/.config/meeplab/presets).")
        ] = False,
        presets_dir: Annotated[Path | None, typer.Option(
            "--presets-dir", help="Install the tuned preset here instead (implies "
                                  "--install).", show_default=False)] = None,
        force: Annotated[bool, typer.Option(
            "--force", help="Replace an installed preset of the same name (a shipped one "
                            "never), and write the best trial even when it is the start "
                            "preset's own values.")] = False,
        dossiers: Annotated[bool, typer.Option(
            "--dossiers", help="A tune with several objectives: also play the design "
                               "dossier of the base rules and of each rule set on the front "
                               "(DIR/dossiers/; costly, resumable), linked from the front "
                               "page.")] = False,
        ) -> None:
    """Search a strategy's parameters or a fair rule variant with Optuna (resumable); with
    several objectives, the Pareto front of rule sets that keep the skill gap."""
    from sim import pareto
    from sim import tune as tune_mod
    from sim.lock import RunLock

    install = install or presets_dir is not None
    with user_errors():
        _positive("--trials", trials)
        _positive("--games", games)
        _positive("--skill-games", skill_games)
        _positive("--workers", workers)
        plan = tune_mod.load(config, trials, games=games, preset=preset,
                             skill_games=skill_games)
        where = out or Path("runs") / f"tune-{config.stem}"
        if plan["mode"] == "strategy":
            tune_mod.presets_target(plan, presets_dir, install, where, force)
        if dossiers and plan.pareto is None:
            raise UserError("--dossiers applies to a tune with several objectives",
                            "drop --dossiers, or add objectives and a [skill] table")
        lock = RunLock.acquire(where)   # one process per study: a second gets one line
        try:
            typer.echo(f"{config.stem}: {plan['mode']} tune, "
                       f"{tune_mod.games_per_trial(plan)} games per trial, study "
                       f"{where / tune_mod.STUDY_FILE}")
            with tune_mod.storage_errors(where):
                again = f"meeplab tune {config} --out {where}" + " --dossiers" * dossiers
                with _stoppable(again, "the trial's output"):
                    study = tune_mod.optimise(plan, where, workers=workers, echo=typer.echo)
                lines = tune_mod.write_best(plan, study, where, presets_dir, install, force)
                if dossiers:
                    with _stoppable(again, f"{where}/dossiers/*/*/run.log"):
                        pareto.play_dossiers(plan, study, where, workers,
                                             lambda line: typer.echo(line, err=True))
                    lines = tune_mod.write_best(plan, study, where, presets_dir, install,
                                                force)
        finally:
            lock.release()
    for line in lines:
        typer.echo(line)


# --- meta-game (issue 18) ---------------------------------------------------------------------

@app.command()
def metagame(
        config: Annotated[Path, typer.Argument(
            help="Meta-game config TOML (see configs/metagame/).", show_default=False)],
        games: ProfileGamesOpt = None,
        workers: WorkersOpt = None,
        out: MetagameOutOpt = None,
        seed: MetagameSeedOpt = None,
        resume: ResumeOpt = False,
        scheduler: SchedulerOpt = None,
        dask_local: DaskLocalOpt = None,
        precision: MetagamePrecisionOpt = None,
        variant: VariantOpt = None,
        bootstrap: Annotated[int, typer.Option(
            "--bootstrap", help="Bootstrap replicates over deals for the intervals.")] = 200,
        grow: Annotated[int, typer.Option(
            "--grow", help="Add up to K best responses to the population (the config's grow "
                           "table; OUT/round-<r>/, OUT/grow.csv).")] = 0,
        ) -> Summary:
    """Play every profile of a population of strategies and solve the empirical meta-game:
    equilibrium mix, regrets, α-Rank, verdict (RUN_DIR/metagame/index.html and CSV)."""
    from dataclasses import replace

    from reports import metagame as page
    from reports.runs import RunDataError, run_options
    from sim import config as config_mod
    from sim import metagame as meta_mod

    with user_errors():
        _check_run_options(games, workers, seed, scheduler, dask_local)
        _positive("--bootstrap", bootstrap, 0, limits.MAX_BOOTSTRAP)
        bootstrap, grow = smoke.cap("bootstrap", bootstrap) or 0, smoke.cap("rounds", grow) or 0
        share = config_mod.parse_precision(precision) if precision is not None else None
        meta = meta_mod.load(config, games=games, seed=seed, variants=variant or [],
                             precision=share)
        run_dir = out or Path("runs") / f"metagame-{config.stem}"
        if grow:
            again = _again("metagame", config, "--grow", grow, "--out", run_dir, games=games,
                           seed=seed, precision=precision, variant=variant)
            return _grow(meta, grow, run_dir, workers, bootstrap, scheduler or dask_local, again)
        meta = replace(meta, config=replace(meta.config, run_options=run_options(
            "metagame", games, seed, share, variant=variant)))
        with _stoppable(_resume_hint(run_dir, meta.config), f"{run_dir}/run.log"):
            outcome = meta_mod.run(meta, run_dir, resume=resume, workers=workers,
                                   scheduler=scheduler, dask_local=dask_local)
        try:
            written = page.write(run_dir, n_boot=bootstrap)
        except RunDataError as exc:
            raise UserError(str(exc)) from exc
    head = (f"{config.stem}: {plural(len(meta.config.matchups), 'profile')}, "
            f"{plural(outcome.games, 'game')}, this run played {outcome.played} in "
            f"{outcome.seconds:.1f} s")
    if outcome.precision:
        p = outcome.precision
        head += (f"; precision +-{p['target']:g} per entry "
                 f"{'reached' if p['met'] else 'not reached (max_games hit)'}, widest "
                 f"+-{p['widest']:.4f}, up to {plural(p['games_per_matchup'], 'game')} per "
                 "profile")
    return Summary(written.data | {"games": outcome.games, "seconds": outcome.seconds,
                                   "precision": outcome.precision,
                                   "index": str(written.index)},
                   [head] + written.lines + [f"meta-game report: {written.index}"])


def _grow(meta: Any, rounds: int, out: Path, workers: int | None, bootstrap: int,
          remote: object, again: str) -> Summary:
    """`metagame --grow K` (sim/grow.py); reruns (`again`, the command as given) continue the
    finished rounds."""
    from sim import grow as grow_mod

    _positive("--grow", rounds, 1, 100)
    if remote:
        raise UserError("--grow plays on the local backend only",
                        "drop --scheduler / --dask-local (the best responses are local "
                        "preset files)")
    settings = grow_mod.settings(meta)
    with _stoppable(again, f"{out}/round-*/run.log"):
        rows = grow_mod.run(meta, settings, rounds, out, workers, bootstrap, echo=typer.echo)
    return Summary({"trajectory": rows}, [f"trajectory: {out / grow_mod.TRAJECTORY}"])


# --- restricted play (issue 18) ------------------------------------------------------------

@app.command()
def restrict(
        config: Annotated[Path, typer.Argument(
            help="Restrict config TOML (see configs/restrict/).", show_default=False)],
        games: ElementGamesOpt = None,
        workers: WorkersOpt = None,
        out: RunOutOpt = None,
        seed: SeedOpt = None,
        resume: ResumeOpt = False,
        precision: RestrictPrecisionOpt = None,
        top: Annotated[int | None, typer.Option(
            "--top", help="Add deals, only to the elements that need them, until the K "
                          "strongest stand apart from the rest (no interval of theirs "
                          "overlaps one below them) or max_games per element.",
            show_default=False)] = None,
        ) -> Summary:
    """Restricted play: what a seat loses when forbidden each element (building, card, ...)."""
    from dataclasses import replace

    from reports.runs import run_options
    from sim import config as config_mod
    from sim import restrict as restrict_mod

    with user_errors():
        _check_run_options(games, workers, seed, None, None)
        share = config_mod.parse_precision(precision) if precision is not None else None
        cfg = restrict_mod.load(config, games=games, seed=seed, precision=share, top=top)
        cfg = replace(cfg, run_options=run_options("restrict", games, seed, share, top))
        where = out or Path("runs") / config.stem
        with _stoppable(_resume_hint(where, cfg), f"{where}/run.log"):
            return _write_report(lambda: restrict_mod.run(cfg, where, resume, workers,
                                                          echo=typer.echo), "restricted play")


@app.command()
def findings(
        names: Annotated[list[str] | None, typer.Argument(
            help="Studies to run (configs/findings/NAME.toml; default: all).",
            show_default=False)] = None,
        scale: Annotated[float, typer.Option(
            "--scale", help="Fraction of each study's full game counts.")] = 1.0,
        out: Annotated[Path, typer.Option("--out", help="Where the pages go.")] = Path(
            "docs/findings"),
        runs: Annotated[Path, typer.Option("--runs", help="Where the studies' runs go.")] = Path(
            "runs/findings"),
        pages_only: Annotated[bool, typer.Option(
            "--pages-only", help="Play nothing: write the pages from the finished runs.")
        ] = False,
        ) -> None:
    """Run the findings studies (configs/findings/) and write their pages with the numbers,
    the commit, the date and the commands to reproduce them."""
    from sim import findings as findings_mod

    with user_errors():
        findings_mod.main(names, scale, out, runs, pages_only, echo=typer.echo)



# --- design dossier -------------------------------------------------------------------------

@app.command()
def dossier(
        game: GameArg,
        variant: VariantOpt = None,
        games: Annotated[int | None, typer.Option(
            "--games", help="Games per matchup, profile and element, whole seat rotations "
                            "(default 20).", show_default=False)] = None,
        players: Annotated[int | None, typer.Option(
            "--players", help="Number of players (default 4, or the game's nearest).",
            show_default=False)] = None,
        rungs: Annotated[str | None, typer.Option(
            "--rungs", help="The skill ladder, lowest first, comma-separated; presets or "
                            "search budget levels such as mcts@200 (default: random, greedy, "
                            "the plans, the search presets).", show_default=False)] = None,
        course: Annotated[int | None, typer.Option(
            "--course", help="Games played again with the trace on for the game's course "
                             "(default 12).", show_default=False)] = None,
        seed: Annotated[int | None, typer.Option(
            "--seed", help="Seed of every job (>= 0, default 1).", show_default=False)] = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Dossier directory (default: runs/<game>-dossier); must be empty "
                          "unless --resume.", show_default=False)] = None,
        resume: Annotated[bool, typer.Option(
            "--resume", help="Complete the dossier in --out, skipping finished shards; its "
                             "settings are read from it.")] = False,
        precision: Annotated[str | None, typer.Option(
            "--precision", help="Add deals to the skill ladder until every strategy's 95% "
                                "interval is within +-P (0.02 or 2%).",
            show_default=False)] = None,
        workers: WorkersOpt = None,
        scheduler: SchedulerOpt = None,
        dask_local: DaskLocalOpt = None,
        base: Annotated[Path | None, typer.Option(
            "--base", help="Also compare with the dossier in this directory (the base rules, "
                           "same game and settings): paired differences on the same deals "
                           "(OUT/compare/).", show_default=False)] = None,
        ) -> Summary:
    """A game's design dossier on duplicate deals: seat advantage, the skill gradient, luck,
    the strongest elements, the meta-game and the game's course, with a headline
    (OUT/page/index.html, CSV and JSON)."""
    from sim import config as config_mod
    from sim import dossier as dossier_mod

    with user_errors():
        _check_run_options(games, workers, seed, scheduler, dask_local)
        dossier_mod.checked_options(games, players, seed, course)
        name = get_game(game).name
        share = config_mod.parse_precision(precision) if precision is not None else None
        given = {"rungs": tuple(dossier_mod.parse_rungs(name, rungs)) if rungs else None,
                 "players": players, "games": games, "seed": seed, "course": course,
                 "variants": tuple(dossier_mod.absolute(variant)) if variant else None, "precision": share}
        where = out or Path("runs") / f"{name}-dossier"
        if base is not None:
            dossier_mod.check_base(base, name)
        plan = dossier_mod.start(name, given, where, resume)
        again = f"meeplab dossier {name} --out {shlex.quote(str(where))} --resume"
        with _stoppable(again, f"{where}/*/run.log"):
            dossier_mod.play(plan, where, resume, workers, scheduler, dask_local,
                             echo=lambda line: typer.echo(line, err=True))   # progress
        written = dossier_mod.page(plan, where)
        lines = written.lines + [f"dossier: {written.index}"]
        data = written.data | {"index": str(written.index)}
        if base is not None:
            compared = dossier_mod.compare(base, where)
            lines += compared.lines + [f"comparison: {compared.index}"]
            data["comparison"] = compared.data | {"index": str(compared.index)}
    return Summary(data, lines)

def _silence_stdout() -> None:
    """Point stdout at /dev/null: output that cannot be written (a closed pipe, a full
    device) must not fail again in the interpreter's last flush."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main() -> None:
    """Console entry point: run the app; parser errors are one line too, and so is output
    that cannot be written (a full device); a reader that closes the pipe early
    (`meeplab games | head -1`) ends the command quietly with exit code 1 (as click does)."""
    command = typer.main.get_command(app)
    try:
        code = command.main(args=sys.argv[1:] or ["--help"], prog_name="meeplab",
                            standalone_mode=False)
        sys.stdout.flush()
    except UsageError as exc:
        path = exc.ctx.command_path if exc.ctx else "meeplab"
        message = one_line(exc.format_message()).rstrip(".")
        typer.echo(f"error: {message}; see '{path} --help'", err=True)
        code = 2
    except ClickException as exc:
        typer.echo(f"error: {one_line(exc.format_message())}", err=True)
        code = exc.exit_code
    except BrokenPipeError:
        _silence_stdout()
        code = 1
    except OSError as exc:   # the commands' own files are UserErrors: this is stdout
        _silence_stdout()
        typer.echo(f"error: cannot write the output ({exc.strerror or exc}); free disk "
                   f"space or send the output elsewhere", err=True)
        code = 2
    try:
        sys.stdout.flush()
    except OSError:
        _silence_stdout()
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
