"""Compiled runs in subprocesses (JIT on): the result table is the same for 1 and 2 workers,
for the local pool and a local Dask cluster, after SIGKILL + --resume, and after Ctrl-C +
--resume. The first run compiles the engine when the numba cache is cold."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pytest

from sim.run import store
from tests.sim.helpers import (ROOT, assert_same_results, compiled_env, played_reference,
                               run_compiled, write_config)

pytestmark = pytest.mark.compiled("cuba")
# 2 matchups (4 and 3 players), 2 x 600 games in 50 shards of 24 games; the named plans, not
# random seats (an interrupted run holds its shards until the signal: HELD_RUN)
PLANS = ["shipping_rush", "factory_cafe", "money_and_laws", "builder"]
GAMES = 600
CONFIG = dict(format="matchups", matchups=[PLANS, PLANS[:3]], games=GAMES, shard_games=24,
              seed=11)
SHARDS = 50


@pytest.fixture(scope="module")
def config_file(tmp_path_factory) -> Path:
    return write_config(tmp_path_factory.mktemp("cfg") / "par.toml", **CONFIG)


@pytest.fixture(scope="module")
def reference(config_file, tmp_path_factory) -> pa.Table:
    """The uninterrupted run with 2 local workers."""
    return played_reference(tmp_path_factory.mktemp("ref") / "run", config_file,
                            f"par: {2 * GAMES} games in {SHARDS} shards")


def assert_same(run_dir: Path, reference: pa.Table) -> None:
    assert_same_results(run_dir, reference, GAMES * 4 + GAMES * 3)


def test_one_worker_equals_two(config_file, reference, tmp_path):
    run_compiled("tournament", config_file, "--out", tmp_path / "run", "--workers", "1")
    assert_same(tmp_path / "run", reference)


def test_dask_local_equals_local(config_file, reference, tmp_path):
    done = run_compiled("tournament", config_file, "--out", tmp_path / "run", "--dask-local", "2")
    assert "dask (tcp://" in done.stdout
    assert_same(tmp_path / "run", reference)


# `meeplab` whose run stores 3 shards, then holds the next until a Ctrl-C has arrived (wherever
# it lands), so the signal always comes mid-run however late this test's process is scheduled;
# its own Ctrl-C handler, since a pytest-xdist worker's children inherit SIGINT ignored
HELD_RUN = """
import signal, time
from sim.cli import main
from sim.run import store
add, stored, signalled = store.RunStore.add, [], []
def interrupt(signum, frame):
    signalled.append(signum)
    raise KeyboardInterrupt
def held(self, entry, data):
    while len(stored) >= 3 and not signalled:
        time.sleep(0.02)
    add(self, entry, data)
    stored.append(entry["id"])
signal.signal(signal.SIGINT, interrupt)
store.RunStore.add = held
main()
"""


def start_and_stop(config_file: Path, run_dir: Path, sig: int) -> subprocess.CompletedProcess:
    """Start a 2-worker run (HELD_RUN) in its own process group; once 3 shards exist, send sig
    to the whole group (as a terminal's Ctrl-C does) and wait for it to end."""
    args = ["tournament", str(config_file), "--out", str(run_dir), "--workers", "2"]
    proc = subprocess.Popen([sys.executable, "-c", HELD_RUN, *args],
                            cwd=ROOT, env=compiled_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 200
    while len(list((run_dir / "results").glob("*.parquet"))) < 3:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no shard finished in time"
        time.sleep(0.05)
    os.killpg(proc.pid, sig)
    out, err = proc.communicate(timeout=60)
    for _ in range(100):     # the workers go too
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("worker processes outlived the run")
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_sigkill_then_resume_equals_uninterrupted(config_file, reference, tmp_path):
    run_dir = tmp_path / "run"
    killed = start_and_stop(config_file, run_dir, signal.SIGKILL)
    assert killed.returncode == -signal.SIGKILL
    files = list((run_dir / "results").glob("*.parquet"))
    assert 3 <= len(files) < SHARDS, "the run was not killed mid-way"
    assert store.read_manifest(run_dir)["status"] == "running"
    done = run_compiled("tournament", config_file, "--out", run_dir, "--resume")
    assert "this run played" in done.stdout
    assert_same(run_dir, reference)


def test_ctrl_c_stops_cleanly_then_resume(config_file, reference, tmp_path):
    run_dir = tmp_path / "run"
    stopped = start_and_stop(config_file, run_dir, signal.SIGINT)
    assert stopped.returncode == 130, stopped.stderr
    lines = stopped.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: interrupted ("), stopped.stderr
    assert f"--out {run_dir} --resume" in lines[0]
    manifest = store.read_manifest(run_dir)
    assert manifest["status"] == "interrupted"
    files = sorted(p.name for p in (run_dir / "results").iterdir())
    assert files == sorted(e["file"] for e in manifest["shards"].values())
    assert 3 <= len(files) < SHARDS
    run_compiled("tournament", config_file, "--out", run_dir, "--resume")
    assert_same(run_dir, reference)
