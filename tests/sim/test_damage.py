"""Damaged runs: a shard truncated, bit-flipped or deleted, a hand-edited manifest. `report`
refuses in one line naming the shard and how to replay it; `--resume` plays the shard again
and ends with the same results and summary as the untouched run."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sim.run import store
from tests.sim.helpers import RANDOM_MATCHUPS, assert_one_line_error, run_cli, write_config


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple[Path, Path, str]:
    """A finished run (config, run directory, its printed summary)."""
    root = tmp_path_factory.mktemp("damage")
    config = write_config(root / "small.toml", **dict(RANDOM_MATCHUPS, games=12, shard_games=4,
                                                      seed=5))
    done = run_cli("tournament", config, "--out", root / "run", "--workers", "1")
    assert done.exit_code == 0, done.output
    return config, root / "run", summary(done.stdout)


def summary(stdout: str) -> str:
    """The win-share table of the tournament's output (without timings and paths)."""
    return "\n".join(line for line in stdout.splitlines() if line.startswith("  "))


@pytest.fixture
def run_dir(reference, tmp_path) -> Path:
    return Path(shutil.copytree(reference[1], tmp_path / "run"))


def shard_file(run_dir: Path, index: int = 1) -> Path:
    manifest = store.read_manifest(run_dir)
    return run_dir / "results" / manifest["shards"][sorted(manifest["shards"])[index]]["file"]


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def bit_flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))


DAMAGE = {"truncate": truncate, "bit-flip": bit_flip, "delete": Path.unlink}


@pytest.mark.parametrize("damage", DAMAGE)
def test_report_refuses_a_damaged_shard(reference, run_dir, damage):
    path = shard_file(run_dir)
    DAMAGE[damage](path)
    result = run_cli("report", run_dir, "--bootstrap", "20")
    assert_one_line_error(result, f"shard {path}")
    assert f"--out {run_dir} --resume" in result.stderr
    assert not (run_dir / "report").exists()


@pytest.mark.parametrize("damage", DAMAGE)
def test_resume_replays_a_damaged_shard(reference, run_dir, damage):
    config, original, printed = reference
    path = shard_file(run_dir)
    games = store.read_manifest(run_dir)["shards"][path.stem]["games"]
    DAMAGE[damage](path)
    again = run_cli("tournament", config, "--out", run_dir, "--resume")
    assert again.exit_code == 0, again.output
    assert f"1 shard of {run_dir} is missing or damaged ({path.stem}); playing it again" \
        in again.stderr
    assert "1 listed shard missing or damaged, played again" in (run_dir / store.LOG).read_text()
    assert f"this run played {games} " in again.stdout
    assert summary(again.stdout) == printed
    assert store.read_results(run_dir).equals(store.read_results(original))
    assert path.read_bytes() == (original / "results" / path.name).read_bytes()
    if damage != "delete":
        assert path.with_name(path.name + ".damaged").is_file()   # kept aside, not lost
    assert run_cli("report", run_dir, "--bootstrap", "20").exit_code == 0


def edit_manifest(run_dir: Path, edit) -> None:
    manifest = json.loads((run_dir / store.MANIFEST).read_text())
    edit(manifest)
    (run_dir / store.MANIFEST).write_text(json.dumps(manifest))


def test_hand_edited_sums_do_not_reach_the_summary(reference, run_dir):
    """Win-share sums edited in the manifest: --resume prints the summary of the data."""
    config, _, printed = reference

    def inflate(manifest):
        for entry in manifest["shards"].values():
            for sums in entry["sums"].values():
                sums[1] *= 3
        manifest["win_shares"] = []
    edit_manifest(run_dir, inflate)
    again = run_cli("tournament", config, "--out", run_dir, "--resume")
    assert again.exit_code == 0 and "this run played 0 " in again.stdout
    assert summary(again.stdout) == printed


@pytest.mark.parametrize("field, value", [("rows", 7), ("sha256", "0" * 64)])
def test_hand_edited_shard_entry(reference, run_dir, field, value):
    """A row count or hash that disagrees with the file: report refuses, resume replays."""
    config, original, printed = reference
    key = shard_file(run_dir).stem
    edit_manifest(run_dir, lambda m: m["shards"][key].update({field: value}))
    assert_one_line_error(run_cli("report", run_dir, "--bootstrap", "20"), key)
    again = run_cli("tournament", config, "--out", run_dir, "--resume")
    assert again.exit_code == 0 and summary(again.stdout) == printed
    assert "1 shard of" in again.stderr
    assert store.read_results(run_dir).equals(store.read_results(original))
