"""Runs in this process (engine interpreted, local pool of forked workers): the result rows,
duplicate deals, the manifest, the log, resume, Ctrl-C, precision rounds, a failing shard."""
from __future__ import annotations

import json

import numpy as np
import pyarrow.compute as pc
import pytest

from sim.run import config, runner, shard, stats, store
from sim.run.seeding import deal_seeds
from tests.sim.helpers import RANDOM_MATCHUPS, run_cli, write_config

SMALL = dict(RANDOM_MATCHUPS, games=12, shard_games=8, seed=4)


@pytest.fixture
def cfg(tmp_path) -> config.Config:
    return config.load(write_config(tmp_path / "small.toml", **SMALL))


@pytest.fixture
def finished(cfg, tmp_path):
    """A complete run of the small config with 2 workers."""
    outcome = runner.run(cfg, tmp_path / "run", workers=2)
    return outcome, store.read_results(tmp_path / "run")


def test_rows_and_manifest(cfg, finished, tmp_path):
    outcome, table = finished
    run_dir = tmp_path / "run"
    # 4 players: 3 deals x 4 rotations; 3 players: 4 deals x 3 rotations
    assert outcome.games == outcome.played == 12 + 12
    assert table.num_rows == 12 * 4 + 12 * 3
    manifest = store.read_manifest(run_dir)
    assert table.column_names == manifest["columns"]
    assert manifest["status"] == "complete" and manifest["games"] == 24
    assert manifest["config"] == cfg.resolved() and manifest["config_hash"] == cfg.hash
    assert manifest["rules_data_hash"] and manifest["engine_hash"]
    assert manifest["package_version"] == store.package_version()
    assert sorted(p.name for p in (run_dir / "results").iterdir()) == sorted(
        e["file"] for e in manifest["shards"].values())
    assert set(pc.unique(table["run_id"]).to_pylist()) == {manifest["run_id"]}
    df = table.to_pandas()
    keys = ["matchup", "deal", "seating", "seat"]
    assert df[keys].equals(df[keys].sort_values(keys, ignore_index=True))
    assert (df.groupby(["matchup", "deal", "seating"])["win_share"].sum().round(9) == 1).all()


def test_duplicate_deals_share_one_seed(cfg, finished):
    df = finished[1].to_pandas()
    for m in cfg.matchups:
        rows = df[df.matchup == m.index]
        assert (rows.groupby("deal")["seed"].nunique() == 1).all()
        seeds = rows.groupby("deal")["seed"].first()
        assert seeds.tolist() == deal_seeds(4, m.key, 0, len(seeds)).tolist()
        # each seating seats the lineup rotated; seat strategies follow it
        for (seating, seat), names in rows.groupby(["seating", "seat"])["strategy"]:
            assert set(names.astype(str)) == {m.seatings[seating][seat]}


def test_worker_logs_reach_run_log(finished, tmp_path):
    log = (tmp_path / "run" / store.LOG).read_text()
    assert "ForkProcess" in log and "shard m0000-d000000000-000000002: 8 games" in log
    assert "complete: 24 games" in log


def test_resume_of_a_complete_run_plays_nothing(cfg, finished, tmp_path):
    again = runner.run(cfg, tmp_path / "run", resume=True, workers=1)
    assert again.played == 0 and again.games == 24
    assert store.read_results(tmp_path / "run").equals(finished[1])


def test_resume_adopts_renamed_shards_and_replays_missing_ones(cfg, finished, tmp_path):
    run_dir = tmp_path / "run"
    manifest = store.read_manifest(run_dir)
    ids = sorted(manifest["shards"])
    (run_dir / "results" / manifest["shards"][ids[0]]["file"]).unlink()   # never written
    del manifest["shards"][ids[1]]                # written, killed before the manifest update
    (run_dir / store.MANIFEST).write_text(json.dumps(manifest))
    (run_dir / "results" / f".{ids[2]}.parquet.tmp123").write_bytes(b"partial")
    again = runner.run(cfg, run_dir, resume=True, workers=2)
    assert again.played == manifest["shards"][ids[0]]["games"]
    assert not list((run_dir / "results").glob(".*"))
    assert store.read_results(run_dir).equals(finished[1])


def test_ctrl_c_keeps_finished_shards(tmp_path, monkeypatch):
    """Ctrl-C after 2 shards: no new shard starts, those in flight are kept, resume completes
    the same table."""
    cfg = config.load(write_config(tmp_path / "c.toml", **dict(SMALL, games=24,
                                                                shard_games=4)))
    real_add = store.RunStore.add

    def add_then_interrupt(self, entry, data):
        real_add(self, entry, data)
        if len(self.done) == 2:
            raise KeyboardInterrupt
    monkeypatch.setattr(store.RunStore, "add", add_then_interrupt)
    with pytest.raises(runner.RunInterrupted):
        runner.run(cfg, tmp_path / "interrupted", workers=2)
    manifest = store.read_manifest(tmp_path / "interrupted")
    assert manifest["status"] == "interrupted" and 2 <= len(manifest["shards"]) < 14
    files = sorted(p.name for p in (tmp_path / "interrupted" / "results").iterdir())
    assert files == sorted(e["file"] for e in manifest["shards"].values())
    monkeypatch.undo()
    runner.run(cfg, tmp_path / "interrupted", resume=True, workers=2)
    runner.run(cfg, tmp_path / "whole", workers=1)
    assert store.read_results(tmp_path / "interrupted").equals(
        store.read_results(tmp_path / "whole"))


def failing_play(task):
    raise ValueError("boom")


def test_failing_shard_stops_the_run(cfg, tmp_path, monkeypatch):
    monkeypatch.setattr(shard, "play", failing_play)
    with pytest.raises(runner.ShardFailed, match="ValueError: boom"):
        runner.run(cfg, tmp_path / "run", workers=2)
    assert store.read_manifest(tmp_path / "run")["status"] == "failed"


def test_precision_adds_rounds_until_met(tmp_path, monkeypatch):
    cfg = config.load(write_config(tmp_path / "p.toml", **dict(SMALL, precision=0.01)))
    widths = iter([0.012, 0.0105, 0.009])
    monkeypatch.setattr(stats, "widest", lambda rows: next(widths))
    outcome = runner.run(cfg, tmp_path / "run", workers=2)
    p = outcome.precision
    assert p["met"] and p["rounds"] == 3 and p["widest"] == 0.009
    assert runner.next_games(12, 0.012, 0.01, cfg["max_games"]) == 20   # 12 * 1.2^2 * 1.1
    assert runner.next_games(20, 0.0105, 0.01, cfg["max_games"]) == 25
    df = store.read_results(tmp_path / "run").to_pandas()
    assert df.groupby("matchup")["deal"].nunique().tolist() == [
        m.deals_for(25) for m in cfg.matchups]
    played = df.groupby("matchup")[["deal", "seating"]].value_counts().groupby("matchup").size()
    assert (p["games_per_matchup"], p["min_games_per_matchup"]) == (played.max(), played.min())


def test_precision_stops_at_the_cap(tmp_path):
    cfg = config.load(write_config(tmp_path / "p.toml", **dict(SMALL, precision=0.01,
                                                              max_games=20)))
    assert runner.next_games(12, 0.5, 0.01, 20) == 20
    assert runner.next_games(100, 0.0101, 0.01, 10**6) == 120   # at least 20% more
    outcome = runner.run(cfg, tmp_path / "run", workers=1)
    # random against itself: every deal's win shares sum to the same, the interval is 0
    assert outcome.precision["met"] and outcome.precision["rounds"] == 1


def test_cli_summary_and_resume(tmp_path):
    path = write_config(tmp_path / "small.toml", **SMALL)
    result = run_cli("tournament", path, "--out", tmp_path / "run", "--workers", "2")
    assert result.exit_code == 0, result.output
    assert "small: 24 games in 4 shards" in result.stdout and "random" in result.stdout
    assert f"results: {tmp_path / 'run' / 'results'}/" in result.stdout
    again = run_cli("tournament", path, "--out", tmp_path / "run", "--resume")
    assert again.exit_code == 0 and "this run played 0" in again.stdout


def test_variant_reaches_rows_and_manifest(tmp_path):
    path = write_config(tmp_path / "v.toml", **dict(SMALL, games=3))
    result = run_cli("tournament", path, "--out", tmp_path / "run", "--variant",
                     "money_limited=true")
    assert result.exit_code == 0, result.output
    manifest = store.read_manifest(tmp_path / "run")
    assert manifest["switches"]["money_limited"] is True
    assert manifest["variant_id"] == "money_limited=true"
    table = store.read_results(tmp_path / "run", columns=["variant"])
    assert set(pc.unique(table["variant"]).to_pylist()) == {"money_limited=true"}


def test_int16_overflow_is_an_error():
    task = {"matchup": {"index": 0, "lineup": ["random"], "seatings": [["random"]],
                        "players": 1}, "run_id": "r", "game": "cuba", "variant_id": "default",
            "start": 0, "stop": 1}
    rec = np.full((1, 1, 1, 1), 40000.0)
    with pytest.raises(OverflowError):
        shard.to_table(task, ["score"], np.zeros(1, np.int64), rec, np.zeros((1, 1)))
