"""The `--resume` hint carries the options that made the run (manifest `run_options`): the
printed command completes the run as printed, after Ctrl-C and when --out holds another run."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from reports import runs
from sim.run import store
from tests.sim.helpers import RANDOM_MATCHUPS, assert_one_line_error, run_cli, write_config

OPTIONS = ["--games", "3", "--seed", "7", "--variant", "money_limited=true"]


def hinted(line: str) -> list[str]:
    """The command a message ends with, as CLI arguments (without `meeplab`)."""
    words = shlex.split(line[line.rindex("meeplab "):])
    assert words[0] == "meeplab" and words[-1] == "--resume"
    return words[1:]


@pytest.fixture
def interrupted(tmp_path, monkeypatch):
    """A tournament started with OPTIONS and stopped by Ctrl-C after its first shard."""
    path = write_config(tmp_path / "t.toml", **RANDOM_MATCHUPS, shard_games=2)
    real_add = store.RunStore.add

    def add_then_interrupt(self, entry, data):
        real_add(self, entry, data)
        raise KeyboardInterrupt
    monkeypatch.setattr(store.RunStore, "add", add_then_interrupt)
    result = run_cli("tournament", path, "--out", tmp_path / "run", "--workers", "1", *OPTIONS)
    monkeypatch.undo()
    assert result.exit_code == 130, result.output
    return path, tmp_path / "run", result.stderr.strip()


def test_interrupted_run_resumes_as_printed(interrupted):
    path, run_dir, message = interrupted
    assert re.fullmatch(r"error: interrupted \(\d shards? kept\); continue with: meeplab .*",
                        message)
    args = hinted(message)
    assert args == ["tournament", str(path), *OPTIONS, "--out", str(run_dir), "--resume"]
    assert store.read_manifest(run_dir)["run_options"] == runs.run_options(
        "tournament", 3, 7, variant=["money_limited=true"])
    result = run_cli(*args, "--workers", "1")
    assert result.exit_code == 0, result.output
    assert store.read_manifest(run_dir)["status"] == "complete"


def test_another_tournament_in_out_names_the_command_that_resumes_it(interrupted):
    path, run_dir, _ = interrupted
    result = run_cli("tournament", path, "--out", run_dir, "--seed", "9")
    assert_one_line_error(result, f"{run_dir} holds a different tournament (games, seed and "
                                  "variant differ); choose "
                                  "another --out, or resume it with: meeplab ")
    assert len(result.stderr[:result.stderr.index("meeplab ")]) - len(str(run_dir)) < 120
    result = run_cli(*hinted(result.stderr.strip()), "--workers", "1")
    assert result.exit_code == 0, result.output


def test_the_same_tournament_without_resume_prints_the_full_command(interrupted):
    path, run_dir, _ = interrupted
    result = run_cli("tournament", path, "--out", run_dir, *OPTIONS)
    assert_one_line_error(result, "already holds this tournament (interrupted, ")
    assert "done); pass --resume to complete it (meeplab tournament " in result.stderr
    assert hinted(result.stderr.strip().removesuffix(", or choose another --out")
                  .removesuffix(")")) == ["tournament", str(path), *OPTIONS, "--out",
                                          str(run_dir), "--resume"]


def test_resume_command_of_a_run_without_options():
    """Runs written before run_options, or with them damaged: the bare tournament command."""
    bare = "meeplab tournament a.toml --out r --resume"
    assert runs.resume_command(Path("r"), {"config_file": "a.toml"}) == bare
    for damaged in ([], {"command": "rm", "games": "3; rm", "top": True, "variant": [1]}):
        assert runs.resume_command(Path("r"), {"config_file": "a.toml",
                                               "run_options": damaged}) == bare
    precise = runs.run_options("restrict", precision=0.005, top=None)
    expected = "meeplab restrict 'a b.toml' --precision 0.005 --out r --resume"
    assert runs.resume_command(Path("r"), {"config_file": "a b.toml",
                                           "run_options": precise}) == expected


def test_an_interrupted_sweep_resumes_as_printed(tmp_path, monkeypatch):
    """A sweep started with --games and --seed: its hint repeats them (without, the resumed
    variants would be other tournaments)."""
    from tests.sim.test_sweep import TWO, write_sweep

    config = write_sweep(tmp_path / "sw.toml", TWO)
    real_add = store.RunStore.add

    def add_then_interrupt(self, entry, data):
        real_add(self, entry, data)
        raise KeyboardInterrupt
    monkeypatch.setattr(store.RunStore, "add", add_then_interrupt)
    out = tmp_path / "out"
    result = run_cli("sweep", config, "--out", out, "--workers", "1", "--games", "4",
                     "--seed", "6")
    monkeypatch.undo()
    assert result.exit_code == 130, result.output
    args = hinted(result.stderr.strip())
    assert args == ["sweep", str(config), "--games", "4", "--seed", "6", "--out", str(out),
                    "--resume"]
    done = run_cli(*args, "--workers", "1")
    assert done.exit_code == 0, done.output


def test_a_grown_metagame_hint_repeats_its_options():
    """`metagame --grow` continues its finished rounds when run again as given: the hint is
    that command, its options included."""
    from sim.cli.running import again_command

    again = again_command("metagame", Path("m.toml"), "--grow", 2, "--out", Path("o d"),
                          games=8, seed=None, precision="1%", variant=["a=1", "b=2"])
    assert again == ("meeplab metagame m.toml --games 8 --precision 1% --variant a=1 "
                     "--variant b=2 --grow 2 --out 'o d'")
