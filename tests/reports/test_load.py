"""Reading run directories: the results frame, manifest facts, and bad input."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import reports
from reports.runs import RunDataError, assumed_in_rules, load_run, rules_data
from tests.reports import synth


@pytest.fixture
def run_dir(tmp_path):
    df = synth.results([("a", "b"), ("a", "b", "c")], 3, {"a": 1, "b": 0, "c": 0})
    return synth.write(tmp_path / "run", df)


def test_load_returns_rows_with_derived_columns(run_dir):
    df = reports.load(run_dir)
    assert len(df) == 3 * 2 * 2 + 3 * 3 * 3
    assert df["game_id"].nunique() == 3 * 2 + 3 * 3
    assert df["cluster"].nunique() == 6 and df["stratum"].nunique() == 2
    assert not isinstance(df["strategy"].dtype, pd.CategoricalDtype)
    assert set(df["strategy"]) == {"a", "b", "c"}
    assert {"score", "rank", "win_share", "vp_ship", "built_church"} <= set(df.columns)


def test_run_info_from_manifest(run_dir):
    info = load_run(run_dir).info
    assert (info.run_id, info.game, info.seed, info.config_hash) == (
        "synthetic-1234abcd", "cuba", 42, synth.MANIFEST["config_hash"])
    assert info.shards == 2
    assert "ships.S01" in info.assumed and "misc.money_supply" in info.assumed
    assert "CHANGED" in info.assumed_note  # the synthetic hash is not the rules file's


def test_assumed_values_follow_status_labels():
    data = {"misc": {"x": {"value": 1, "status": "assumed"}, "y": {"status": "seed"}},
            "market": {"rum": {"spaces_status": "assumed", "status": "seed"}},
            "ships": [{"id": "S01", "status": "assumed"}]}
    assert assumed_in_rules(data) == ["misc.x", "market.rum.spaces", "ships.S01"]
    assert rules_data("no-such-game") == {}


def test_manifest_may_list_assumed_values(tmp_path):
    df = synth.results([("a", "b")], 2, {"a": 0, "b": 0})
    path = synth.write(tmp_path / "run", df)
    manifest = json.loads((path / "manifest.json").read_text())
    manifest["assumed"] = ["ships.S01"]
    (path / "manifest.json").write_text(json.dumps(manifest))
    info = load_run(path).info
    assert info.assumed == ("ships.S01",) and info.assumed_note == "listed in the run's manifest"


@pytest.mark.parametrize("damage, message", [
    ("no_dir", "is not a directory"),
    ("no_manifest", "is not a run directory"),
    ("bad_json", "cannot be read"),
    ("not_a_run", "is not a meeplab run manifest"),
    ("no_shards", "has no finished shards"),
    ("listed_none", "says the run is complete with 15 games, but its shards hold 0"),
    ("missing_shard", "is missing"),
    ("damaged_shard", "is damaged"),
])
def test_bad_run_directories_raise_one_line_errors(tmp_path, run_dir, damage, message):
    manifest = run_dir / "manifest.json"
    shard = sorted((run_dir / "results").glob("*.parquet"))[0]
    target = run_dir
    if damage == "no_dir":
        target = tmp_path / "nowhere"
    elif damage == "no_manifest":
        manifest.unlink()
    elif damage == "bad_json":
        manifest.write_text("{not json")
    elif damage == "not_a_run":
        manifest.write_text(json.dumps({"format": "other"}))
    elif damage in ("no_shards", "listed_none"):
        data = json.loads(manifest.read_text())
        status = "running" if damage == "no_shards" else "complete"
        manifest.write_text(json.dumps(data | {"shards": {}, "status": status}))
    elif damage == "missing_shard":
        shard.unlink()
    else:
        shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 2])
    with pytest.raises(RunDataError, match=message) as info:
        reports.load(target)
    assert "\n" not in str(info.value) and "; " in str(info.value)
