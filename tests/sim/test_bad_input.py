"""Bad input and a hostile disk: absurd sizes and seeds, bad addresses and paths, bad job configs
and options (metagame, restrict), a damaged manifest, read-only and full disks. Each is one line `error: <problem>; <fix>`, exit 2, no
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
from sim.run import store
from tests.sim.helpers import (JOBS, RANDOM_MATCHUPS, ROOT, assert_bad_job,
                               assert_one_line_error, run_cli, write_config)

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


BAD_JOB_CONFIGS = [
    ("metagame", {"strategies": ["random"]}, "at least two strategy names"),
    ("metagame", {"strategies": ["random", "random"]}, "listed twice"),
    ("metagame", {"strategies": ["random", "nobody"]}, "unknown strategy 'nobody'"),
    ("metagame", {"players": 1}, "players = 1 is not a whole number of at least 2"),
    ("metagame", {"players": 9}, "9 players is out of range"),
    ("metagame", {"colour": "red"}, "unknown key 'colour'"),
    ("metagame", {"games": 0}, "games = 0"),
    ("metagame", {"strategies": [f"s{i}" for i in range(40)], "players": 4},
     "profiles (at most"),
    ("restrict", {"wizard": 1}, "unknown key 'wizard'"),
    ("restrict", {"strategy": "wizard"}, "strategy 'wizard' is not a strategy of cuba"),
    ("restrict", {"strategy": "random~building:saw_mill"}, "is not a strategy of cuba"),
    ("restrict", {"players": 9}, "players = 9 is not a player count of cuba"),
    ("restrict", {"players": "4"}, "players = '4' is not a player count of cuba"),
    ("restrict", {"elements": ["building:palace"]},
     "no element or group 'building:palace' in cuba"),
    ("restrict", {"elements": "building"}, "elements must be a list of element names or groups"),
    ("restrict", {"elements": []}, "elements must be a list of element names or groups"),
    ("restrict", {"game": "chess"}, "unknown game 'chess'"),
    ("restrict", {"games": 0}, "games = 0 is not a whole number"),
    ("restrict", {"format": "round-robin"}, "unknown key 'format'"),
]
BAD_JOB_OPTIONS = [
    ("metagame", ["--bootstrap", "-1"], "--bootstrap"),
    ("metagame", ["--precision", "2"], "--precision 2"),
    ("metagame", ["--workers", "0"], "--workers"),
    ("restrict", ["--games", "0"], "--games 0"),
    ("restrict", ["--seed", "-1"], "--seed -1"),
    ("restrict", ["--precision", "2"], "--precision 2 is not a half-width"),
]


@pytest.mark.parametrize("command, change, problem", BAD_JOB_CONFIGS)
def test_a_bad_job_config_is_one_line(tmp_path, command, change, problem):
    assert_bad_job(tmp_path, command, JOBS[command] | change, problem)


@pytest.mark.parametrize("command, args, problem", BAD_JOB_OPTIONS)
def test_a_bad_job_option_is_one_line(tmp_path, command, args, problem):
    assert_bad_job(tmp_path, command, JOBS[command], problem, *args)


@pytest.mark.parametrize("command", JOBS)
def test_a_missing_job_config_is_one_line(tmp_path, command):
    assert_one_line_error(run_cli(command, tmp_path / "none.toml"), "not found")


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


# --- values that do not fit where they are stored --------------------------------------------

@pytest.mark.parametrize("value", ["99999999999", "-2147483649", "[1, 99999999999]"])
def test_variant_integer_beyond_int32(value):
    assert_one_line_error(run_cli("play", "cuba", "--quiet", "--variant",
                                  f"misc.start_money={value}"),
                          "does not fit the rules tables (32-bit integers)")


def test_variant_integer_beyond_int32_in_a_config(tmp_path):
    path = write_config(tmp_path / "t.toml", variant={"misc.start_money": 2**40},
                        **RANDOM_MATCHUPS)
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                          "does not fit the rules tables")
    assert not (tmp_path / "run").exists()


MCTS = """[presets.{name}]
kernel = "mcts"
description = "a search preset with a bad budget"
[presets.{name}.params]
iterations = {iterations}
exploration = 0.7
prior = 1.0
widening = 1.0
rollout = "builder"
depth = {depth}
blend = 0.2
scale = 4
"""


@pytest.mark.parametrize("iterations, depth, problem", [
    ("nan", "40", "'iterations' = nan is not a finite number"),
    ("inf", "40", "'iterations' = inf is not a finite number"),
    ("-inf", "40", "'iterations' = -inf is not a finite number"),
    ("2.5", "40", "'iterations' = 2.5 is not a whole number"),
    ("1e12", "40", "'iterations' = 1000000000000.0 is above 1000000"),
    ("100", "0.5", "'depth' = 0.5 is not a whole number"),
])
def test_search_budget_must_be_a_finite_whole_number(tmp_path, monkeypatch, iterations, depth,
                                                     problem):
    (tmp_path / "bad.toml").write_text(MCTS.format(name="bad_budget", iterations=iterations,
                                                   depth=depth))
    monkeypatch.setenv("MEEPLAB_PRESETS", str(tmp_path))
    assert_one_line_error(run_cli("play", "cuba", "--strategies", "bad_budget"), problem)


def test_presets_file_not_utf8(tmp_path, monkeypatch):
    (tmp_path / "latin1.toml").write_bytes(
        MCTS.format(name="caf\xe9", iterations=100, depth=40).encode("latin-1"))
    monkeypatch.setenv("MEEPLAB_PRESETS", str(tmp_path))
    assert_one_line_error(run_cli("strategies", "cuba"), "latin1.toml is not UTF-8 text")


@pytest.mark.parametrize("args", [
    ["tournament", "{config}", "--out", "{out}"],
    ["sweep", "{config}", "--out", "{out}"],
    ["play", "cuba", "--variant", "{config}"],
])
def test_config_and_variant_files_not_utf8(tmp_path, args):
    config = tmp_path / "latin1.toml"
    config.write_bytes('game = "cuba"\n# caf\xe9\n'.encode("latin-1"))
    given = [a.format(config=config, out=tmp_path / "run") for a in args]
    assert_one_line_error(run_cli(*given), "is not UTF-8 text")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("text", ["", " ", "nan", "inf", "0", "50%"])
def test_precision_empty_or_invalid(small, tmp_path, text):
    assert_one_line_error(run_cli("tournament", small, "--out", tmp_path / "run",
                                  "--precision", text), "is not a half-width")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("option", ["--workers", "--dask-local"])
def test_worker_processes_are_capped_per_core(small, tmp_path, option):
    from sim import limits

    most = limits.WORKERS_PER_CORE * limits.cores()
    assert_one_line_error(run_cli("tournament", small, "--out", tmp_path / "run", option,
                                  most + 1), f"{option} {most + 1} is more than this machine "
                                             f"can use")
    assert not (tmp_path / "run").exists()


def test_other_commands_cap_workers_too():
    assert_one_line_error(run_cli("sweep", "configs/sweeps/cuba-parliament.toml", "--workers",
                                  "100000"), "is more than this machine can use")


# --- output that cannot be written, interrupts -----------------------------------------------

def _shell(command: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    return subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", ["games", "strategies cuba --json",
                                  "play siberia --players 3 --seed 2"])
def test_stdout_on_a_full_device(args):
    import sys

    done = _shell(f"{sys.executable} -m sim.cli {args} > /dev/full")
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "error: cannot write the output (No space left on device); free disk space or send "
        "the output elsewhere"]


def test_stdout_closed_early_by_its_reader():
    import sys

    done = _shell(f"{sys.executable} -m sim.cli play siberia --players 3 --seed 2 | head -1")
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1
    assert done.stderr == ""


def test_second_ctrl_c_names_what_was_kept(capsys):
    import typer

    from sim.cli.running import interrupted

    with pytest.raises(typer.Exit) as stop:
        interrupted(KeyboardInterrupt(), "meeplab tournament t.toml --resume")
    assert stop.value.exit_code == 130
    line = capsys.readouterr().err.strip()
    assert "()" not in line and line.startswith("error: interrupted (stopped at once")
    assert line.endswith("continue with: meeplab tournament t.toml --resume")


# --- damaged manifests: every reader checks them ---------------------------------------------

def edit(run_dir: Path, change) -> None:
    path = run_dir / store.MANIFEST
    path.write_text(json.dumps(change(json.loads(path.read_text()))))


def _drop_one_shard(m):
    del m["shards"][sorted(m["shards"])[1]]
    return m


DAMAGE = {
    "entry removed": (_drop_one_shard, "says the run is complete with 24 games, but its "
                                       "shards hold"),
    "config edited": (lambda m: m | {"config": m["config"] | {"seed": 5}},
                      "its config does not match its config_hash"),
    "matchups emptied": (lambda m: m | {"matchups": []},
                         "its matchups are missing or malformed"),
    "a list": (lambda m: [m], "is not a meeplab run manifest"),
    "no config": (lambda m: {k: v for k, v in m.items() if k != "config"},
                  "it has no 'config'"),
    "config a string": (lambda m: m | {"config": "oops"}, "'config' is not a table"),
    "status a number": (lambda m: m | {"status": 1}, "'status' is not a string"),
    "deal listed twice": (lambda m: m | {"shards": m["shards"] | {"copy": dict(
        next(iter(m["shards"].values())), id="copy")}}, "twice (an entry is repeated)"),
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> tuple[Path, Path]:
    """One finished run (config, run directory), copied by each test that damages it."""
    where = tmp_path_factory.mktemp("pristine")
    config = write_config(where / "small.toml", **SMALL)
    assert run_cli("tournament", config, "--out", where / "run", "--workers", "1"
                   ).exit_code == 0
    return config, where / "run"


@pytest.fixture
def copy_of(pristine, tmp_path) -> tuple[Path, Path]:
    config, run_dir = pristine
    shutil.copytree(run_dir, tmp_path / "run")
    return config, tmp_path / "run"


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("reader", ["report", "compare", "replay", "ladder"])
def test_every_reader_checks_the_manifest(copy_of, tmp_path, damage, reader):
    config, run_dir = copy_of
    change, problem = DAMAGE[damage]
    edit(run_dir, change)
    before = (run_dir / store.MANIFEST).read_bytes()
    args = {"report": ["report", run_dir, "--no-replays", "--bootstrap", "20"],
            "compare": ["compare", run_dir, run_dir, "--out", tmp_path / "cmp"],
            "replay": ["replay", run_dir, "--row", "0"],
            "ladder": ["ladder", "cuba", "--run", run_dir]}[reader]
    assert_one_line_error(run_cli(*args), problem)
    assert (run_dir / store.MANIFEST).read_bytes() == before


@pytest.mark.parametrize("damage", [d for d in DAMAGE if d not in ("entry removed",
                                                                   "deal listed twice")])
def test_resume_refuses_a_damaged_manifest(copy_of, damage):
    """Identity damage: --resume refuses in one line and changes nothing (it used to replay
    everything over an emptied matchup list and leave the manifest broken)."""
    config, run_dir = copy_of
    change, problem = DAMAGE[damage]
    edit(run_dir, change)
    files = {p: p.read_bytes() for p in run_dir.rglob("*") if p.is_file() and
             p.name != store.LOG}
    assert_one_line_error(run_cli("tournament", config, "--out", run_dir, "--resume"), problem)
    assert {p: p.read_bytes() for p in run_dir.rglob("*") if p.is_file()
            and p.name != store.LOG} == files


def test_resume_restores_a_removed_entry(copy_of):
    """The shard list is rebuilt from the shard files, which carry their entries."""
    config, run_dir = copy_of
    edit(run_dir, _drop_one_shard)
    again = run_cli("tournament", config, "--out", run_dir, "--resume")
    assert again.exit_code == 0, again.output
    assert "this run played 0" in again.stdout
    assert len(store.read_manifest(run_dir)["shards"]) == 4


def test_truncated_manifest(copy_of):
    config, run_dir = copy_of
    path = run_dir / store.MANIFEST
    path.write_bytes(path.read_bytes()[:200])
    for args in (["report", run_dir], ["tournament", config, "--out", run_dir, "--resume"]):
        assert_one_line_error(run_cli(*args), "manifest.json cannot be read")


def test_resume_refuses_matchups_that_are_not_the_configs(copy_of):
    config, run_dir = copy_of

    def swap(m):
        m["matchups"][0]["key"] = "edited"
        return m
    edit(run_dir, swap)
    assert_one_line_error(run_cli("tournament", config, "--out", run_dir, "--resume"),
                          "its matchups are not its config's")


# --- one writer per run directory ------------------------------------------------------------

HOLD = """import sys, time
from pathlib import Path
from sim.run.lock import RunLock
lock = RunLock.acquire(Path(sys.argv[1]))
print("locked", flush=True)
time.sleep(600)
"""


def test_a_second_writer_is_refused_and_a_dead_ones_lock_does_not_block(small, tmp_path):
    """Another process holds the run directory: the tournament stops in one line naming its
    pid and writes nothing; once that process is killed, the same command runs."""
    import sys

    run_dir = tmp_path / "run"
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(run_dir)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        for resume in ([], ["--resume"]):
            result = run_cli("tournament", small, "--out", run_dir, *resume)
            if resume:
                assert_one_line_error(result, "holds no run to resume")
            else:
                assert_one_line_error(result, f"{run_dir} is being written by another "
                                              f"meeplab process (pid {holder.pid})")
        assert [p.name for p in run_dir.iterdir()] == [".meeplab.lock"]
    finally:
        holder.kill()
        holder.wait()
    done = run_cli("tournament", small, "--out", run_dir, "--workers", "1")
    assert done.exit_code == 0, done.output
    assert store.read_manifest(run_dir)["status"] == "complete"


def test_resume_waits_for_no_one_but_refuses_a_live_writer(small, finished):
    """A finished run locked by another process: --resume is refused and no shard is set
    aside as damaged (a racing resume used to do that)."""
    import sys

    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(finished)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        assert_one_line_error(run_cli("tournament", small, "--out", finished, "--resume"),
                              f"(pid {holder.pid})")
        assert not list((finished / store.RESULTS).glob("*.damaged"))
    finally:
        holder.kill()
        holder.wait()
    again = run_cli("tournament", small, "--out", finished, "--resume")
    assert again.exit_code == 0 and "this run played 0" in again.stdout


def test_no_more_workers_than_shards(small, tmp_path):
    """4 shards to play: --workers 8 (allowed on two cores) starts 4 processes."""
    from sim import limits

    asked = limits.WORKERS_PER_CORE * limits.cores()
    result = run_cli("tournament", small, "--out", tmp_path / "run", "--workers", asked,
                     "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["workers"] == min(asked, 4)
