"""Crossed tournaments (`crossed_deals`: luck by source): deal d's block and each source's deal
index, whole blocks per matchup, the source seeds (the same for every matchup), the config's
one-line errors; compiled (Cuba, a subprocess): the same table for 1 and 2 workers and a local
Dask cluster, after SIGKILL + --resume, and precision rounds of whole blocks."""
from __future__ import annotations

import dataclasses
import signal
from itertools import product
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

from sim.run import config, schedule, seeding, store
from tests.sim.helpers import (RANDOM_MATCHUPS, assert_one_line_error, assert_same_results,
                               played_reference, run_cli, run_compiled, write_config)

# Cuba's 3 sources, 2 deals each: blocks of 8 crossed deals; 3 seatings; shards of 2 deals
CROSSED = dict(game="cuba", format="matchups", crossed_deals=2, games=1, shard_games=6, seed=3,
               matchups=[["builder", "random", "random"], ["builder", "greedy", "greedy"]])
BLOCK, SHARDS = 8, 8


def test_a_deal_maps_to_its_block_and_each_sources_deal_in_product_order():
    blocks, index = schedule.crossed_cells(np.arange(2 * 12), 2, 3)
    assert blocks.tolist() == [0] * 8 + [1] * 8 + [2] * 8
    assert [tuple(r) for r in index] == list(product(range(2), repeat=3)) * 3
    _, index = schedule.crossed_cells(np.array([5, 9 + 7]), 3, 2)
    assert index.tolist() == [[1, 2], [2, 1]]


def test_a_crossed_matchup_plays_whole_blocks():
    m = schedule.build([["a", "b", "b"]], "rotations", block=BLOCK)[0]
    assert [m.deals_for(g) for g in (1, 24, 25, 49)] == [8, 8, 16, 24]
    assert schedule.build([["a", "b"]], "rotations")[0].deals_for(5) == 3


def test_each_block_deals_every_source_from_its_own_seeds():
    seats, dealt = seeding.crossed_seeds(7, 2, 3, np.arange(16))
    first, second = (seeding.source_seeds(7, 3, 2, b) for b in (0, 1))
    assert not set(first.ravel()) & set(second.ravel()) and len(set(first.ravel())) == 6
    for d, cell in enumerate(product(range(2), repeat=3)):
        assert dealt[d].tolist() == [first[k, c] for k, c in enumerate(cell)]
        assert dealt[8 + d].tolist() == [second[k, c] for k, c in enumerate(cell)]
    assert seats.tolist() == ([first[0, 0] + 1 + c for c in range(8)]
                              + [second[0, 0] + 1 + c for c in range(8)])
    again = seeding.crossed_seeds(7, 2, 3, np.arange(5, 12))
    assert np.array_equal(again[1], dealt[5:12]) and np.array_equal(again[0], seats[5:12])


def test_crossed_configs_resolve_and_keep_plain_identities(tmp_path):
    crossed = config.load(write_config(tmp_path / "c.toml", **CROSSED))
    assert crossed["crossed_deals"] == 2 and all(m.block == BLOCK for m in crossed.matchups)
    plain = write_config(tmp_path / "p.toml", **RANDOM_MATCHUPS)
    assert "crossed_deals" not in config.load(plain).values
    assert config.load(plain).matchups[0].block == 1


@pytest.mark.parametrize("value, problem", [
    (0, "crossed_deals = 0 is not a whole number from 1 to 12"),
    (13, "crossed_deals = 13 is not a whole number from 1 to 12"),
    ("crossed", "crossed_deals = 'crossed' is not a whole number"),
])
def test_bad_crossed_deals_is_one_line(tmp_path, value, problem):
    path = write_config(tmp_path / "bad.toml", **dict(CROSSED, crossed_deals=value))
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"), problem)
    assert not (tmp_path / "run").exists()


def test_a_game_of_one_source_cannot_cross(tmp_path, monkeypatch):
    from sim import games

    real = games.get("cuba")
    monkeypatch.setattr(config, "get_game", lambda name: dataclasses.replace(
        real, sources=lambda: ("the deal",)))
    path = write_config(tmp_path / "bad.toml", **CROSSED)
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                          "crossed_deals needs two or more sources of randomness; cuba has 1")


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Path, pa.Table]:
    """The crossed config and its uninterrupted run's results (2 local workers)."""
    folder = tmp_path_factory.mktemp("crossed")
    path = write_config(folder / "crossed.toml", **CROSSED)
    return path, played_reference(folder / "run", path,
                                  f"crossed: {2 * BLOCK * 3} games in {SHARDS} shards")


@pytest.fixture(scope="module")
def config_file(played) -> Path:
    return played[0]


@pytest.fixture(scope="module")
def reference(played) -> pa.Table:
    return played[1]


def assert_same(run_dir: Path, reference: pa.Table) -> None:
    assert_same_results(run_dir, reference, 2 * BLOCK * 3 * 3)


@pytest.mark.compiled("cuba")
def test_every_seating_of_a_deal_shares_its_seat_seed(reference):
    df = reference.to_pandas()
    seats, _ = seeding.crossed_seeds(3, 2, 3, np.arange(BLOCK))
    for _, rows in df.groupby("matchup"):
        by_deal = rows.groupby("deal")["seed"]
        assert (by_deal.nunique() == 1).all() and by_deal.first().tolist() == seats.tolist()
    assert (df["error"] == 0).all()


@pytest.mark.compiled("cuba")
def test_one_worker_and_dask_equal_two_workers(config_file, reference, tmp_path):
    run_compiled("tournament", config_file, "--out", tmp_path / "one", "--workers", "1")
    assert_same(tmp_path / "one", reference)
    done = run_compiled("tournament", config_file, "--out", tmp_path / "dask", "--dask-local",
                        "2")
    assert "dask (tcp://" in done.stdout
    assert_same(tmp_path / "dask", reference)


@pytest.mark.compiled("cuba")
def test_sigkill_then_resume_equals_uninterrupted(config_file, reference, tmp_path):
    from tests.sim.test_parallel import start_and_stop

    run_dir = tmp_path / "run"
    killed = start_and_stop(config_file, run_dir, signal.SIGKILL)
    assert killed.returncode == -signal.SIGKILL
    assert 3 <= len(list((run_dir / "results").glob("*.parquet"))) < SHARDS
    run_compiled("tournament", config_file, "--out", run_dir, "--resume")
    assert_same(run_dir, reference)


@pytest.mark.compiled("cuba")
def test_precision_adds_whole_blocks_of_fresh_deals(reference, tmp_path):
    path = write_config(tmp_path / "p.toml", **dict(CROSSED, precision=0.001,
                                                    max_games=2 * BLOCK * 3 + 1))
    run_compiled("tournament", path, "--out", tmp_path / "run", "--workers", "2")
    manifest = store.read_manifest(tmp_path / "run")
    assert not manifest["precision"]["met"] and manifest["precision"]["rounds"] == 2
    df = store.read_results(tmp_path / "run").to_pandas()
    assert df.groupby("matchup")["deal"].nunique().tolist() == [3 * BLOCK] * 2
    first = df[df["deal"] < BLOCK].reset_index(drop=True)
    assert first.drop(columns="run_id").equals(
        reference.to_pandas().drop(columns="run_id"))
