"""`meeplab sweep`: one run per variant on the same deals, the comparison, resume, bad configs
(engine interpreted, `random` players, a few games)."""
from __future__ import annotations

import json

import pandas as pd
import pytest

from sim.run import store
from sim.studies import sweep
from tests.sim.helpers import ROOT, run_cli, write_config

BASE = {"format": "matchups", "matchups": [["random"] * 4], "games": 8, "shard_games": 4,
        "seed": 3}


def write_sweep(path, body: str, base: dict | None = None):
    write_config(path.parent / "base.toml", **(base or BASE))
    path.write_text(body)
    return path


TWO = """
base = "base.toml"
[variants]
default = []
face_down = ["hidden_parliament_card=true"]
"""


@pytest.fixture
def swept(tmp_path):
    config = write_sweep(tmp_path / "sw.toml", TWO)
    result = run_cli("sweep", config, "--out", tmp_path / "out", "--workers", "1")
    assert result.exit_code == 0, result.output
    return config, tmp_path / "out", result


def test_sweep_plays_every_variant_on_the_same_deals_and_compares(swept):
    _, out, result = swept
    manifests = {name: store.read_manifest(out / name) for name in ("default", "face_down")}
    assert all(m["status"] == "complete" for m in manifests.values())
    assert manifests["default"]["variant_id"] == "default"
    assert manifests["face_down"]["config"]["variant"] == {"hidden_parliament_card": True}
    seeds = [store.read_results(out / n).to_pandas()[["matchup", "deal", "seed"]]
             for n in manifests]
    assert seeds[0].equals(seeds[1])
    compare = out / "compare"
    assert (compare / "index.html").is_file()
    bal = pd.read_csv(compare / "balance_intervals.csv")
    assert set(bal["run"]) == {"default", "face_down"}
    assert {"value", "lo", "hi", "diff", "diff_lo", "diff_hi", "p_holm"} <= set(bal.columns)
    deltas = pd.read_csv(compare / "win_share_deltas.csv")
    assert list(deltas["run"]) == ["face_down"] and "significant" in deltas
    assert "paired t test" in (compare / "index.html").read_text()
    recorded = json.loads((out / sweep.SWEEP_FILE).read_text())
    assert recorded["status"] == "complete" and len(recorded["variants"]) == 2
    assert "comparison: " in result.stdout and "face_down - default" in result.stdout


def test_resume_skips_complete_runs_and_a_rerun_without_it_is_refused(swept):
    config, out, _ = swept
    again = run_cli("sweep", config, "--out", out, "--workers", "1", "--resume")
    assert again.exit_code == 0, again.output
    assert again.stdout.count("complete, skipped") == 2
    refused = run_cli("sweep", config, "--out", out)
    assert refused.exit_code == 2
    assert refused.stderr.strip().startswith("error: ") and "--resume" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


def test_grid_variants_and_files_relative_to_the_sweep(tmp_path):
    (tmp_path / "v.toml").write_text('game = "cuba"\ndescription = "d"\n'
                                     '[switches]\nmoney_limited = true\n')
    config = write_sweep(tmp_path / "sw.toml", 'base = "base.toml"\n[variants]\n'
                                               'file = ["v.toml"]\n'
                                               '[grid]\nhidden_parliament_card = [false, true]\n')
    plan = sweep.load(config)
    assert [v.name for v in plan.variants] == ["file", "hidden_parliament_card=false",
                                              "hidden_parliament_card=true"]
    assert plan.variants[0].config["variant"] == {"money_limited": True}
    assert plan.variants[1].config.variant_id == "default"
    assert len({v.config["seed"] for v in plan.variants}) == 1


def test_the_shipped_sweep_config_loads():
    plan = sweep.load(ROOT / "configs" / "sweeps" / "cuba-parliament.toml")
    assert plan.variants[0].name == "default" and len(plan.variants) >= 3
    assert plan.variants[1].config["variant"] == {"hidden_parliament_card": True}


BAD = {
    "no base": ('[variants]\na = []\nb = ["money_limited=true"]\n', "no base tournament"),
    "unknown key": ('speed = 1\n' + TWO, "unknown key 'speed'"),
    "one variant": ('base = "base.toml"\n[variants]\na = []\n', "compares at least two"),
    "bad item": ('base = "base.toml"\n[variants]\na = []\nb = ["nope=1"]\n',
                 "variant 'b': unknown variant switch 'nope'"),
    "not a list": ('base = "base.toml"\n[variants]\na = []\nb = "money_limited=true"\n',
                   "must be a list"),
    "same rules": ('base = "base.toml"\n[variants]\na = []\n'
                   'b = ["hidden_parliament_card=false"]\n', "are the same rules"),
    "bad name": ('base = "base.toml"\n[variants]\na = []\n"x/y" = ["money_limited=true"]\n',
                 "not a directory name"),
    "missing base": ('base = "gone.toml"\n[variants]\na = []\nb = ["money_limited=true"]\n',
                     "not found"),
    "bad grid": ('base = "base.toml"\n[grid]\nmoney_limited = true\n', "[grid] must be"),
    "malformed": ('base = \n', "malformed TOML"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_sweep_config_is_one_line_and_exit_2(tmp_path, case):
    body, expected = BAD[case]
    config = write_sweep(tmp_path / "sw.toml", body)
    result = run_cli("sweep", config, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "; " in lines[0]
    assert expected in lines[0]
    assert not (tmp_path / "out").exists()


def test_a_missing_sweep_config(tmp_path):
    result = run_cli("sweep", tmp_path / "gone.toml")
    assert result.exit_code == 2 and "sweep config" in result.stderr
