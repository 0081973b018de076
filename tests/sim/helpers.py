"""Shared helpers of the tournament tests: configs in tmp_path, the CLI, subprocess runs."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from tests.engines import COMPILED_TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
# only `random` is sure to be registered: matchups of random players, 4 and 3 seats
RANDOM_MATCHUPS = {"format": "matchups",
                   "matchups": [["random"] * 4, ["random"] * 3]}
# a small valid config of each job command that takes one (`meeplab metagame`, `restrict`)
JOBS = {"metagame": dict(game="siberia", strategies=["random", "greedy"], players=2, games=8,
                         seed=3),
        "restrict": dict(game="cuba", strategy="random", players=3,
                         elements=["building:saw_mill"], games=6, seed=2)}
# a short strategy tune of Cuba's heuristic plan against three random seats
CUBA_TUNE = """
mode = "strategy"
kernel = "heuristic"
start = "builder"
field = ["random", "random", "random"]
preset = "builder_tuned_test"
trials = 2
games = 4
seed = 5
[search]
money = [0.1, 1.0]
focus_a = ["none", "hotel"]
"""


def toml_value(value: Any) -> str:
    return json.dumps(value)  # strings, numbers, booleans and lists are the same in TOML


def write_config(path: Path, variant: dict[str, Any] | None = None, **keys: Any) -> Path:
    """A tournament TOML file with the given top-level keys and [variant] table."""
    lines = [f"{k} = {toml_value(v)}" for k, v in keys.items()]
    if variant:
        lines += ["[variant]"] + [f"{k} = {toml_value(v)}" for k, v in variant.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


def run_cli(*args: str | Path):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


def play_traced(tmp_path: Path, game: str, *args: str, name: str = "t.jsonl"
                ) -> tuple[Any, list[dict]]:
    """`meeplab play GAME ARGS --trace tmp_path/name` in process: (its result, the trace's
    JSON lines); the game must end without an error."""
    path = tmp_path / name
    result = run_cli("play", game, *args, "--trace", path)
    assert result.exit_code == 0, result.output
    return result, [json.loads(line) for line in path.read_text().splitlines()]


def assert_one_line_error(result, problem: str) -> None:
    """Exit 2, no traceback, one line `error: <problem>; <fix>` on stderr containing problem."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and "; " in lines[0], lines[0]
    assert problem in lines[0], lines[0]


def assert_bad_job(folder: Path, command: str, config: dict[str, Any], problem: str,
                   *args: str) -> None:
    """`meeplab COMMAND <config> --out folder/run ARGS`, its config written from `config`,
    fails in one line naming `problem` (assert_one_line_error) and writes no run."""
    path = write_config(folder / f"{command}.toml", **config)
    assert_one_line_error(run_cli(command, path, "--out", folder / "run", *args), problem)
    assert not (folder / "run").exists()


def assert_main_fails(main, args: list[str], problem: str, capsys) -> None:
    """A `python -m` tool's main(args) exits 2 printing only one line `error: <problem>; <fix>`
    on stderr, containing problem."""
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    out = capsys.readouterr()
    lines = out.err.splitlines()
    assert out.out == "" and len(lines) == 1 and lines[0].startswith("error: ")
    assert problem in lines[0] and "; " in lines[0]


def compiled_env() -> dict[str, str]:
    """The environment of a subprocess with the JIT on."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def meeplab(*args: str | Path) -> list[str]:
    """The command line of `meeplab ARGS` in a subprocess."""
    return [sys.executable, "-m", "sim.cli", *map(str, args)]


def run_compiled(*args: str | Path, timeout: float = COMPILED_TIMEOUT
                 ) -> subprocess.CompletedProcess:
    """Run `meeplab ARGS` with the JIT on; assert it succeeds."""
    done = subprocess.run(meeplab(*args), cwd=ROOT, env=compiled_env(), capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def played_reference(run_dir: Path, config_file: Path, summary: str) -> pa.Table:
    """The results of the tournament played with 2 local workers (JIT on), whose summary
    holds `summary`."""
    from sim.run import store

    done = run_compiled("tournament", config_file, "--out", run_dir, "--workers", "2")
    assert summary in done.stdout
    return store.read_results(run_dir)


def assert_same_results(run_dir: Path, reference: pa.Table, rows: int) -> None:
    """The complete run in run_dir holds the reference's `rows` results rows."""
    from sim.run import store

    table = store.read_results(run_dir)
    assert table.num_rows == reference.num_rows == rows
    assert table.equals(reference)
    assert store.read_manifest(run_dir)["status"] == "complete"
