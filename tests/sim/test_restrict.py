"""`meeplab restrict`: bad configs and options are one-line errors (exit 2, nothing written);
compiled, a small job runs, resumes, and writes its page and table with the fallback tallies."""
from __future__ import annotations

import csv
import json

import pytest

from tests.sim.helpers import (
    assert_bad_job, assert_one_line_error, run_cli, run_compiled, write_config,
)

GOOD = dict(game="cuba", strategy="random", players=3, elements=["building:saw_mill"],
            games=6, seed=2)


@pytest.mark.parametrize("change, problem", [
    ({"wizard": 1}, "unknown key 'wizard'"),
    ({"strategy": "wizard"}, "strategy 'wizard' is not a strategy of cuba"),
    ({"strategy": "random~building:saw_mill"}, "is not a strategy of cuba"),
    ({"players": 9}, "players = 9 is not a player count of cuba"),
    ({"players": "4"}, "players = '4' is not a player count of cuba"),
    ({"elements": ["building:palace"]}, "no element or group 'building:palace' in cuba"),
    ({"elements": "building"}, "elements must be a list of element names or groups"),
    ({"elements": []}, "elements must be a list of element names or groups"),
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"games": 0}, "games = 0 is not a whole number"),
    ({"format": "round-robin"}, "unknown key 'format'"),
])
def test_bad_restrict_configs(tmp_path, change, problem):
    assert_bad_job(tmp_path, "restrict", GOOD | change, problem)


@pytest.mark.parametrize("args, problem", [
    (["--games", "0"], "--games 0"),
    (["--seed", "-1"], "--seed -1"),
    (["--precision", "2"], "--precision 2 is not a half-width"),
])
def test_bad_restrict_options(tmp_path, args, problem):
    assert_bad_job(tmp_path, "restrict", GOOD, problem, *args)


def test_a_missing_restrict_config(tmp_path):
    assert_one_line_error(run_cli("restrict", tmp_path / "none.toml"), "not found")


@pytest.mark.compiled("cuba")
def test_a_small_restrict_job_writes_its_ranking_and_resumes(tmp_path):
    path = write_config(tmp_path / "r.toml", **(GOOD | {"elements": ["building:saw_mill",
                                                                     "character:mayor"]}))
    run = tmp_path / "run"
    first = run_compiled("restrict", path, "--out", run, "--workers", "1", "--json")
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout.strip().splitlines()[-1])
    losses = [e["loss"] for e in summary["elements"]]
    assert losses == sorted(losses, reverse=True) and len(losses) == 2
    with open(run / "report" / "restricted.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert {r["element"] for r in rows} == {"building:saw_mill", "character:mayor"}
    assert all(int(r["games"]) == 6 and int(float(r["decisions"])) > 0 for r in rows)
    assert "Which element is strongest?" in (run / "report" / "index.html").read_text()
    manifest = json.loads((run / "manifest.json").read_text())
    assert all("restricted" in e for e in manifest["shards"].values())
    again = run_compiled("restrict", path, "--out", run, "--workers", "1", "--resume")
    assert again.returncode == 0, again.stderr
    assert "0 played" in again.stdout or "played 0" in again.stdout, again.stdout
