"""meeplab bench --compare-to REV: the other commit checked out beside the tree, both timed
alternately, the folder removed afterwards; one-line errors for an unknown commit or no git."""
from __future__ import annotations

import json
import subprocess

import pytest

from sim.bench import compare as bench_compare
from tests.sim.helpers import run_cli


def bench_folders() -> set[str]:
    return {p.name for p in bench_compare.ROOT.parent.glob(".bench-*")}


def bench_worktrees() -> list[str]:
    """Worktrees git knows of in a .bench-* folder (other worktrees may come and go)."""
    out = subprocess.run(["git", "worktree", "list", "--porcelain"], cwd=bench_compare.ROOT,
                         capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if "/.bench-" in line]


@pytest.mark.parametrize("args, problem", [
    (["--compare-to", "no-such-commit-xyz"], "unknown commit 'no-such-commit-xyz'"),
    (["--compare-to", "HEAD", "--rounds", "0"], "--rounds 0 is too small"),
])
def test_bad_compare_input_is_one_line_and_exit_2(args, problem):
    before = bench_folders()
    result = run_cli("bench", "cuba", "--games", "2", *args)
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and problem in lines[0]
    assert bench_folders() == before


def test_without_git_the_error_says_so(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    result = run_cli("bench", "cuba", "--games", "2", "--compare-to", "HEAD")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: git is not installed; install git to compare with a commit"]


@pytest.mark.soak
@pytest.mark.compiled
def test_compare_to_head_times_both_alternately_and_cleans_up():
    """Slow: the checkout's path is new every time, so numba compiles it afresh (minutes)."""
    before = bench_folders()
    result = run_cli("bench", "siberia", "--players", "2", "--games", "3", "--rounds", "2",
                     "--compare-to", "HEAD", "--json")
    assert result.exit_code == 0, result.output
    r = json.loads(result.stdout)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=bench_compare.ROOT,
                          capture_output=True, text=True).stdout.strip()
    assert r["commit"] == head and r["rounds"] == 2
    assert len(r["here"]) == len(r["there"]) == len(r["round_ratios"]) == 2
    assert min(r["here"] + r["there"]) > 0
    assert r["ratio"] == pytest.approx(r["median_here"] / r["median_there"])
    assert len(r["cpu_round_ratios"]) == 2 and min(r["cpu_here"] + r["cpu_there"]) > 0
    assert "ratio" in bench_compare.report(r)
    assert bench_folders() == before and bench_worktrees() == []
