"""Commands about one game: play it with a readable log, replay it as a page, list the games
and their strategies."""
from __future__ import annotations

import io
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import IO, Annotated, Any

import numpy as np
import typer

from reports.files import check_writable, write_fix, write_whole
from reports.text import text_table
from sim import limits
from sim.cli.app import Summary, app, emit
from sim.cli.params import GameArg, PlayersOpt, StrategiesOpt, VariantOpt, positive
from sim.errors import UserError, fail, user_errors
from sim.games import get as get_game, listing as game_listing
from sim.session import Setup, column, final_summary, prepare, trace_header


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
        positive("--seed", seed, 0, limits.MAX_SEED)
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
        positive("--row", row, 0, limits.MAX_GAMES)
        trace, target = replay_mod.source(source, row)
        written = replay_mod.write(html or target, trace)
    typer.echo(f"replay: {written}")


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
