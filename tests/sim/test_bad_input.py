"""Bad input and a hostile disk: absurd sizes and seeds, bad addresses and paths, a damaged
manifest, read-only and full disks. Each is one line `error: <problem>; <fix>`, exit 2, no
traceback, and nothing already written is lost or left half-written."""
from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from reports import files
from sim import store
from tests.sim.helpers import (RANDOM_MATCHUPS, ROOT, assert_one_line_error, run_cli,
                               write_config)

SMALL = dict(RANDOM_MATCHUPS, games=12, shard_games=8, seed=4)
HUGE = "1180591620717411303424"   # 2**70


@pytest.fixture
def small(tmp_path) -> Path:
    return write_config(tmp_path / "small.toml", **SMALL)


@pytest.mark.parametrize("args, problem", [
    (["--seed", "9223372036854775808"], "--seed 9223372036854775808 is too large"),
    (["--games", HUGE], f"--games {HUGE} is too large"),
    (["--scheduler", "not a url"], "--scheduler 'not a url' is not a Dask scheduler address"),
    (["--scheduler", "http://127.0.0.1:8786"], "is not a Dask scheduler address"),
    (["--scheduler", "tcp://127.0.0.1:99999"], "is not a Dask scheduler address"),
])
def test_tournament_sizes_seeds_addresses(small, tmp_path, args, problem):
    assert_one_line_error(run_cli("tournament", small, "--out", tmp_path / "run", *args),
                          problem)
    assert not (tmp_path / "run").exists()


def test_huge_games_in_the_config(tmp_path):
    path = write_config(tmp_path / "t.toml", **dict(RANDOM_MATCHUPS, games=10**12))
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                          "games = 1000000000000 is not a whole number from 1 to 999999999")


@pytest.mark.parametrize("args, problem", [
    (["play", "cuba", "--seed", "9223372036854775808"], "--seed 9223372036854775808 is too large"),
    (["bench", "cuba", "--games", HUGE], f"--games {HUGE} is too large"),
    (["sweep", "configs/sweeps/cuba-parliament.toml", "--seed", HUGE], "is too large"),
])
def test_other_commands_sizes_and_seeds(args, problem):
    assert_one_line_error(run_cli(*args), problem)


def test_report_bootstrap_too_large(tmp_path):
    assert_one_line_error(run_cli("report", tmp_path, "--bootstrap", "1000000000"),
                          "--bootstrap 1000000000 is too large")


def test_tune_presets_dir_is_a_file(tmp_path):
    target = tmp_path / "presets"
    target.write_text("not a folder")
    result = run_cli("tune", ROOT / "configs/tunes/cuba-greedy.toml", "--presets-dir", target,
                     "--out", tmp_path / "study")
    assert_one_line_error(result, f"--presets-dir {target} is a file")
    assert not (tmp_path / "study").exists() and target.read_text() == "not a folder"


def test_resume_of_a_directory_without_a_run(small, tmp_path):
    for where in (tmp_path / "missing", tmp_path):
        assert_one_line_error(run_cli("tournament", small, "--out", where, "--resume"),
                              "holds no run to resume")
    assert not (tmp_path / "missing").exists()


def test_sweep_resume_without_a_sweep(tmp_path):
    result = run_cli("sweep", ROOT / "configs/sweeps/cuba-parliament.toml", "--out",
                     tmp_path / "none", "--resume", "--games", "2")
    assert_one_line_error(result, "holds no sweep to resume")


@pytest.fixture
def finished(small, tmp_path) -> Path:
    run_dir = tmp_path / "run"
    assert run_cli("tournament", small, "--out", run_dir, "--workers", "1").exit_code == 0
    return run_dir


def test_manifest_shards_not_a_table(small, finished):
    """`"shards": "oops"`: report refuses in one line; --resume rebuilds the list from the
    shard files (each checked) and plays nothing."""
    manifest = json.loads((finished / store.MANIFEST).read_text())
    manifest["shards"] = "oops"
    (finished / store.MANIFEST).write_text(json.dumps(manifest))
    assert_one_line_error(run_cli("report", finished), "lists no shards")
    again = run_cli("tournament", small, "--out", finished, "--resume")
    assert again.exit_code == 0, again.output
    assert "this run played 0" in again.stdout
    assert len(store.read_manifest(finished)["shards"]) == 4


def test_manifest_shard_entry_not_a_table(finished):
    manifest = json.loads((finished / store.MANIFEST).read_text())
    first = sorted(manifest["shards"])[0]
    manifest["shards"][first] = 5
    (finished / store.MANIFEST).write_text(json.dumps(manifest))
    assert_one_line_error(run_cli("report", finished), f"entry of shard {first} is damaged")


# --- read-only and full disks ----------------------------------------------------------------

@pytest.fixture
def read_only(tmp_path):
    """A directory nobody may write into: mode 555, or immutable (chattr +i) for root."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    if shutil.which("chattr") is None or subprocess.run(
            ["chattr", "+i", folder], capture_output=True).returncode != 0:
        pytest.skip("cannot make a read-only directory here (root without chattr +i)")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", folder], check=True)


def test_read_only_out_of_tournament(small, read_only):
    assert_one_line_error(run_cli("tournament", small, "--out", read_only / "run"),
                          f"cannot write {read_only / 'run'} (")


def test_read_only_out_of_sweep(read_only):
    result = run_cli("sweep", ROOT / "configs/sweeps/cuba-parliament.toml", "--out",
                     read_only / "sweep", "--games", "2")
    assert_one_line_error(result, f"cannot use {read_only / 'sweep'}")


def test_read_only_out_of_tune(read_only):
    result = run_cli("tune", ROOT / "configs/tunes/cuba-greedy.toml", "--out",
                     read_only / "study", "--trials", "1")
    assert_one_line_error(result, f"cannot use {read_only / 'study'}")


def test_read_only_out_of_report(finished, read_only):
    assert_one_line_error(run_cli("report", finished, "--out", read_only / "report",
                                  "--bootstrap", "20"), "choose a writable directory")


def fsync_fails_for(pattern: str):
    """os.fsync raising ENOSPC for files whose name contains pattern (a disk that fills up
    while a shard is written)."""
    real = os.fsync

    def fsync(fd: int) -> None:
        if pattern in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)
    return fsync


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_full_disk_during_a_tournament(small, tmp_path, monkeypatch):
    """The first shard write fails: exit 2 in one line, the manifest says failed, no temporary
    file is left, and --resume (disk freed) completes the run."""
    run_dir = tmp_path / "run"
    monkeypatch.setattr(files.os, "fsync", fsync_fails_for(".parquet.tmp"))
    result = run_cli("tournament", small, "--out", run_dir, "--workers", "1")
    assert_one_line_error(result, "(No space left on device); free disk space")
    assert store.read_manifest(run_dir)["status"] == "failed"
    assert not [p for p in run_dir.rglob("*") if ".tmp" in p.name]
    monkeypatch.undo()
    again = run_cli("tournament", small, "--out", run_dir, "--resume")
    assert again.exit_code == 0 and store.read_manifest(run_dir)["status"] == "complete"


def test_full_disk_during_a_report(finished, monkeypatch):
    """index.html is written last and whole: a full disk leaves neither a partial page nor a
    temporary file."""
    real = os.replace

    def replace(src, dst):
        if str(dst).endswith("index.html"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(src, dst)
    monkeypatch.setattr(files.os, "replace", replace)
    result = run_cli("report", finished, "--bootstrap", "20")
    assert_one_line_error(result, "(No space left on device); free disk space")
    out = finished / "report"
    assert not (out / "index.html").exists()
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
@pytest.mark.parametrize("option", ["--trace", "--html"])
def test_full_disk_while_play_writes_its_file(tmp_path, monkeypatch, option):
    """The game's trace or replay page cannot be written whole: one line, exit 2, the file
    that was there before unchanged and no temporary file left."""
    path = tmp_path / ("game.jsonl" if option == "--trace" else "game.html")
    path.write_text("an earlier game\n")
    monkeypatch.setattr(files.os, "fsync", fsync_fails_for(f".{path.name}.tmp"))
    result = run_cli("play", "siberia", "--players", "3", "--seed", "2", "--quiet", option,
                     path)
    assert_one_line_error(result, f"{path} (No space left on device); free disk space")
    assert path.read_text() == "an earlier game\n"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.parametrize("option", ["--trace", "--html"])
def test_read_only_output_of_play_is_refused_before_the_game(read_only, option):
    result = run_cli("play", "siberia", "--players", "3", option, read_only / "g.out")
    assert_one_line_error(result, f"choose a writable path for {option}")
    assert "Final standings" not in result.stdout


@pytest.mark.parametrize("option", ["--trace", "--html"])
def test_a_folder_as_output_of_play_is_refused_before_the_game(tmp_path, option):
    result = run_cli("play", "siberia", "--players", "3", option, tmp_path)
    assert_one_line_error(result, f"{tmp_path} (Is a directory); choose a writable path for "
                                  f"{option}")
    assert "Final standings" not in result.stdout


TINY_TUNE = """mode = "strategy"
game = "siberia"
kernel = "plan"
start = "staff_first"
field = ["random"]
preset = "tiny"
trials = 40
games = 2
seed = 3
[search]
mine = [0.5, 2.0]
"""
STUDY_LIMIT = 112 * 1024  # bytes: the new study fits, 40 trials' rows do not


def _small_disk() -> None:
    """In the child: files cannot grow past STUDY_LIMIT (EFBIG, as a disk that fills up)."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (STUDY_LIMIT, resource.RLIM_INFINITY))


@pytest.mark.skipif(os.name != "posix", reason="needs RLIMIT_FSIZE")
def test_full_disk_during_a_tune(tmp_path):
    """The study database stops growing mid-run: one line, exit 2, the study intact (SQLite's
    integrity check) and a rerun on a freed disk continues it to its 40 trials."""
    import sqlite3
    import sys

    config = tmp_path / "tiny.toml"
    config.write_text(TINY_TUNE)
    args = [sys.executable, "-m", "sim.cli", "tune", str(config), "--out", str(tmp_path / "s"),
            "--workers", "1"]
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    full = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True,
                          preexec_fn=_small_disk, timeout=600)
    assert full.returncode == 2, full.stderr
    lines = full.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot write the study"), lines
    assert "run the command again" in lines[0]
    ran = full.stdout.count("\ntrial ")
    assert 0 < ran < 40
    db = tmp_path / "s" / "study.db"
    with sqlite3.connect(db) as con:
        assert con.execute("pragma integrity_check").fetchone() == ("ok",)
    again = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=600)
    assert again.returncode == 0, again.stderr
    assert "best of 40 trials" in again.stdout
