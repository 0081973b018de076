"""Replay pages (issue 22) from the engine's side: a game just played, a trace file, or a
results row of a tournament run played again and checked against the row's records; and the
report's telling games (each strategy's best win and worst loss)."""
from __future__ import annotations

import dataclasses
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from reports import replay as page
from reports.runs import GAME_KEY, Run, RunDataError, load_run
from sim.errors import UserError
from sim.games import get as get_game, names as game_names
from sim.options import Variant
from sim.session import Setup, final_summary, trace_header


def _user_error(exc: Exception) -> UserError:
    return UserError(str(exc))


# --- what a page draws with ---------------------------------------------------------------

def page_rules(game: str, tables: Any) -> dict[str, Any]:
    """The `rules` entry of a page of `game` played with `tables` ({} when it needs none): its
    descriptor's page_rules."""
    rules = get_game(game).page_rules
    return rules(tables) if rules is not None else {}


HEADER_FIX = ("correct the trace's first line, or write the trace again with 'meeplab play GAME "
              "--trace FILE.jsonl' (a trace of another meeplab version: replay it with that "
              "version)")


def _bad_header(source: str, problem: str) -> UserError:
    return UserError(f"{source}: its header {problem}", HEADER_FIX)


def _names(value: object, count: int) -> bool:
    return isinstance(value, list) and len(value) == count and all(
        isinstance(v, str) and v for v in value)


def trace_tables(header: dict[str, Any], source: str = "the trace") -> Any:
    """The rules tables a trace was played with, its header checked against the rules data:
    switch names and values, data overrides, the player count under them, one strategy and
    the game's colour per seat (UserError naming the first problem)."""
    game = get_game(header["game"])
    parts = {key: header.get(key) or {} for key in ("variant", "variant_data")}
    for key, value in parts.items():
        if not isinstance(value, dict):
            raise _bad_header(source, f'has a "{key}" that is not a JSON object')
    try:
        tables = game.load_tables({**parts["variant"], **parts["variant_data"]} or None)
    except UserError as exc:
        problem = exc.problem.removeprefix(f"{game.name}.toml: ")
        raise _bad_header(source, f"does not fit the {game.name} rules data ({problem})") \
            from exc
    players = header["players"]
    low, high = game.player_range(tables)
    if not low <= players <= high:
        raise _bad_header(source, f"says {players} players; {game.title} takes {low} to "
                                  f"{high} under the trace's switches")
    if not _names(header.get("strategies"), players):
        raise _bad_header(source, f'has no "strategies" list of {players} names, one per seat')
    if "colours" in header and header["colours"] != list(game.colours[:players]):
        raise _bad_header(source, f'has "colours" {header["colours"]!r}; a {players}-player '
                                  f"{game.title} trace has {list(game.colours[:players])}")
    return tables


def with_rules(trace: page.Trace, tables: Any, written_hash: str | None = None) -> page.Trace:
    """`trace` with its game's renderer, its page's rules values from `tables` (with a
    `warning` when `written_hash`, the header's for a trace read from a file, is not today's
    rules data's) and its score curve (the descriptor's `score_curve`)."""
    game = get_game(trace.header["game"])
    rules = game.page_rules(tables) if game.page_rules is not None else {}
    now = game.rules_data_hash()
    if rules and written_hash is not None and written_hash != now:
        rules["warning"] = (f"the rules data changed since this trace was written (hash "
                            f"{written_hash}, now {now}): the page draws with today's rules "
                            "values")
    curve = game.score_curve
    return dataclasses.replace(
        trace, renderer=game.renderer, rules=rules, score_label=curve.label,
        scores=curve.curve(trace.events, trace.states, trace.final, rules,
                           trace.header["players"]))


def played(setup: Setup, seed: int, result: Any,
           extra: dict[str, Any] | None = None) -> page.Trace:
    """The trace of a game `play_game` just played with tracing on (`extra` header keys)."""
    if result.trace is None or result.trace[0, 1]:
        raise UserError("the game's trace buffer overflowed, the replay would be incomplete",
                        "report it with the command line: the engine's trace buffer is "
                        "too small for this game")
    g, out = setup.game, io.StringIO()
    header = trace_header(setup, seed) | (extra or {})
    g.trace.write_jsonl(out, header, result.trace, setup.tables, len(setup.seats),
                        final_summary(setup, result.records, result.error))
    return with_rules(page.parse(out.getvalue().splitlines(), game_names(), "the game's trace"),
                      setup.tables)


def from_file(path: Path) -> page.Trace:
    """The trace in a JSON-lines file (UserError when it cannot be read or drawn)."""
    try:
        trace = page.read(path, game_names())
    except page.TraceError as exc:
        raise _user_error(exc) from exc
    tables = trace_tables(trace.header, str(path))
    return with_rules(trace, tables, str(trace.header.get("rules_data_hash")))


def write(path: Path, trace: page.Trace) -> Path:
    """Write the replay page (UserError when it cannot be written)."""
    try:
        return page.write(path, trace)
    except page.TraceError as exc:
        raise _user_error(exc) from exc


# --- a results row of a run ----------------------------------------------------------------

def game_rows(df: pd.DataFrame, row: int) -> pd.DataFrame:
    """The rows (one per seat, in seat order) of the game results row `row` (its stored row
    number, the frame's index) belongs to."""
    r = df.loc[row]
    same = np.logical_and.reduce([df[k].to_numpy() == r[k] for k in GAME_KEY])
    return df[same].sort_values("seat")


def _setup(run: Run, seats: list[str]) -> Setup:
    game = get_game(run.info.game)
    overrides = dict(run.info.overrides)
    tables = game.load_tables(overrides or None)
    low, high = game.player_range(tables)
    if not low <= len(seats) <= high:   # the engine's arrays hold at most `high` seats
        raise UserError(f"the row's game has {len(seats)} seats in the results of "
                        f"{run.info.path}, but {game.name} plays {low}..{high}",
                        "the results file is damaged: replay another row, or play the run "
                        "again")
    kernels, params = game.resolve(seats)
    return Setup(game, tables, Variant(run.info.variant_id if overrides else "", overrides),
                 seats, kernels, params)


def _check_records(setup: Setup, rows: pd.DataFrame, records: np.ndarray, row: int) -> None:
    """The replayed game's records equal the run's (UserError naming the first difference)."""
    for i, name in enumerate(setup.game.record_columns()):
        if name not in rows:
            continue
        stored, now = rows[name].to_numpy(np.float64), records[:, i].astype(np.float64)
        if not np.allclose(stored, now, rtol=0, atol=1e-9):
            raise UserError(
                f"row {row}'s game played again does not match the run ({name}: run "
                f"{stored.tolist()}, now {now.tolist()})",
                "the engine, a strategy or the rules data changed since the run: replay it "
                "with the meeplab version that played it")


def replay_game(run: Run, row: int) -> page.Trace:
    """Play again the game of results row `row` (0-based, in the order the run's shards are
    read: the index of run.results) with its seed, seating, strategies and variant, and check
    its records."""
    df = run.results
    if row not in df.index:
        raise UserError(f"--row {row} is not a results row of {run.info.path} "
                        f"({len(df)} rows)", f"choose a row from 0 to {len(df) - 1}")
    if run.info.config.get("crossed_deals"):
        raise UserError(f"row {row} of {run.info.path} is a game of crossed deals "
                        "(crossed_deals), which a replay does not deal again",
                        "replay a row of a run without crossed_deals")
    rows = game_rows(df, row)
    seats = [str(s) for s in rows["strategy"]]
    setup = _setup(run, seats)
    first = rows.iloc[0]
    seed, players = int(first["seed"]), len(seats)
    result = setup.game.play_game(setup.tables, players, seed, setup.kernels, setup.params,
                                  check=False, trace=True)
    _check_records(setup, rows, result.records, row)
    source = {"run": run.info.run_id, "row": row,
              **{k: int(first[k]) for k in GAME_KEY}}
    return played(setup, seed, result, {"run_row": source})


def from_row(run_dir: Path, row: int) -> page.Trace:
    """`replay_game` of the run in `run_dir` (UserError on bad input)."""
    try:
        run = load_run(run_dir, keep_failed=True)   # any stored row, a failed game's too
    except RunDataError as exc:
        raise _user_error(exc) from exc
    return replay_game(run, row)


def source(path: Path, row: int | None) -> tuple[page.Trace, Path]:
    """`meeplab replay`'s game and default page: a trace file, or with `row` a results row of
    the run directory `path` (UserError on bad input)."""
    if row is None:
        if path.is_dir():
            raise UserError(f"{path} is a directory",
                            "give a trace file, or a run directory with --row N")
        return from_file(path), path.with_suffix(".html")
    if not path.is_dir():
        raise UserError(f"--row needs a run directory, {path} is not one",
                        "give the directory of a run written by 'meeplab tournament'")
    return from_row(path, row), path / f"replay-row-{row}.html"


# --- the report's telling games ------------------------------------------------------------

@dataclass(frozen=True)
class Telling:
    """One telling game of a strategy: which, why, and its row."""

    strategy: str
    kind: str           # "best win" or "worst loss"
    row: int
    margin: float       # the seat's score minus the best other seat's score
    players: int
    seed: int


def margins(df: pd.DataFrame) -> pd.Series:
    """Per results row: its score minus the best score of the other seats of its game."""
    keys = [df[k] for k in GAME_KEY]
    grouped = df["score"].groupby(keys, sort=False)
    top = grouped.transform("max")
    top_count = df["score"].eq(top).groupby(keys, sort=False).transform("sum")
    second = df["score"].where(df["score"] < top).groupby(keys, sort=False).transform("max")
    best_other = top.where((df["score"] < top) | (top_count > 1), second.fillna(top))
    return df["score"] - best_other


def telling_games(df: pd.DataFrame) -> list[Telling]:
    """Per strategy, its best win (largest margin among its sole wins) and its worst loss
    (most negative margin among its games it did not win); ties: the first row."""
    valid = df[df["error"] == 0] if "error" in df else df
    margin = margins(valid)
    out = []
    for strategy in sorted(valid["strategy"].unique()):
        mine = valid["strategy"] == strategy
        for kind, pick, won in (("best win", "idxmax", True), ("worst loss", "idxmin", False)):
            chosen = margin[mine & ((valid["win_share"] >= 1) == won)]
            if chosen.empty:
                continue
            label = getattr(chosen, pick)()
            row = int(label)
            out.append(Telling(strategy, kind, row, float(chosen[label]),
                               int(df.at[label, "players"]), int(df.at[label, "seed"])))
    return out


def report_replays(run: Run, folder: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Write the telling games' pages into `folder` (reports.report.ReplayMaker): one dict
    per page written, and why any game has no page."""
    folder.mkdir(parents=True, exist_ok=True)
    games: list[dict[str, Any]] = []
    missing: dict[str, list[str]] = {}   # problem -> the games it left out
    for t in telling_games(run.results):
        name = f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', t.strategy)}-{t.kind.replace(' ', '-')}.html"
        try:
            write(folder / name, replay_game(run, t.row))
        except UserError as exc:
            missing.setdefault(str(exc), []).append(f"{t.strategy}'s {t.kind} (row {t.row})")
            continue
        games.append({"strategy": t.strategy, "which": t.kind, "margin": t.margin,
                      "players": t.players, "seed": t.seed, "row": t.row, "file": name})
    return games, [f"No replay of {', '.join(left)}: {problem}"
                   for problem, left in missing.items()]
