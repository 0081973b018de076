"""`meeplab restrict`, compiled: a small job runs, resumes, and writes its page and table with
the fallback tallies (its bad configs and options: tests/sim/test_bad_input.py)."""
from __future__ import annotations

import csv
import json

import pytest

from tests.sim.helpers import JOBS, run_compiled, write_config

GOOD = JOBS["restrict"]


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
