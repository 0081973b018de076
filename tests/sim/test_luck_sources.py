"""The dossier's crossed deals (sim/studies/luck_sources.py): a crossed tournament of the
candidate against each field, every combination of each source's deals played from every
seat, read back as one row per game with each source's deal index."""
from __future__ import annotations

from itertools import product

import pandas as pd
import pytest

from sim.games import get
from sim.run import config, runner, store
from sim.studies import luck_sources as job
from tests.sim.helpers import assert_one_line_error, run_cli


def test_the_job_is_one_block_of_crossed_deals_per_field(tmp_path):
    cfg = job.config(tmp_path, "siberia", 3, 5, 2, "greedy", ["random", "staff_first"])
    assert [m.lineup for m in cfg.matchups] == [("greedy", "random", "random"),
                                               ("greedy", "staff_first", "staff_first")]
    block = 2 ** len(get("siberia").sources())
    assert all(m.deals_for(cfg["games"]) == block for m in cfg.matchups)
    assert cfg["crossed_deals"] == 2 and cfg["seed"] == 5


def test_every_crossed_deal_is_played_from_every_seat_and_repeats_exactly(tmp_path):
    g = get("siberia")
    sources = len(g.sources())
    path = job.write(tmp_path / "a", "siberia", 2, 5, 2, "random", ["greedy"], workers=1)
    games = pd.read_csv(path)
    assert len(games) == job.games(sources, 2, 2, 1) == 2 ** sources * 2
    columns = [c for c in games.columns if c.startswith(job.DEAL_COLUMN)]
    assert [c.removeprefix(job.DEAL_COLUMN) for c in columns] == list(g.sources())
    assert games.groupby(columns).size().eq(2).all()
    cells = list(product(range(2), repeat=sources))
    assert [tuple(r) for r in games[columns].to_numpy()[:len(cells)]] == cells
    again = job.write(tmp_path / "b", "siberia", 2, 5, 2, "random", ["greedy"], workers=2)
    assert again.read_bytes() == path.read_bytes()


def test_several_blocks_deal_every_source_afresh_and_repeat_the_first(tmp_path):
    sources = len(get("siberia").sources())
    cfg = job.config(tmp_path, "siberia", 2, 5, 2, "greedy", ["random"], blocks=3)
    assert cfg.matchups[0].deals_for(cfg["games"]) == 3 * 2 ** sources
    one = pd.read_csv(job.write(tmp_path / "one", "siberia", 2, 5, 2, "random", ["greedy"],
                                workers=1))
    two = pd.read_csv(job.write(tmp_path / "two", "siberia", 2, 5, 2, "random", ["greedy"],
                                workers=1, blocks=2))
    assert len(two) == job.games(sources, 2, 2, 1, blocks=2) == 2 * len(one)
    assert (one[job.BLOCK] == 0).all() and sorted(two[job.BLOCK].unique()) == [0, 1]
    first = two[two[job.BLOCK] == 0].reset_index(drop=True)
    pd.testing.assert_frame_equal(first, one)   # block 0 is the one-block job's
    assert set(two.loc[two[job.BLOCK] == 1, job.SEED]).isdisjoint(one[job.SEED])


def test_no_job_without_deals_or_fields(tmp_path):
    assert job.write(tmp_path, "siberia", 2, 1, 0, "greedy", ["random"]) is None
    assert job.write(tmp_path, "siberia", 2, 1, 2, "greedy", []) is None
    assert not (tmp_path / job.FILE).exists() and not (tmp_path / job.RUN).exists()


def test_an_interrupted_job_resumes_to_the_same_games(tmp_path, monkeypatch):
    real_add = store.RunStore.add

    def add_then_interrupt(self, entry, data):
        real_add(self, entry, data)
        raise KeyboardInterrupt
    args = ("siberia", 2, 5, 2, "staff_first", ["random", "greedy"])
    monkeypatch.setattr(config, "SHARD_GAMES", (4, 4))   # 8 shards of 2 deals per field
    with monkeypatch.context() as interrupted:
        interrupted.setattr(store.RunStore, "add", add_then_interrupt)
        with pytest.raises(runner.RunInterrupted):
            job.write(tmp_path / "a", *args, workers=1)
    assert len(store.read_manifest(tmp_path / "a" / job.RUN)["shards"]) < 16
    assert not (tmp_path / "a" / job.FILE).exists()
    resumed = job.write(tmp_path / "a", *args, resume=True, workers=1)
    assert resumed.read_bytes() == job.write(tmp_path / "b", *args, workers=1).read_bytes()


def test_a_crossed_row_is_not_replayed_as_a_plain_deal(tmp_path):
    job.write(tmp_path, "siberia", 2, 5, 1, "random", ["greedy"], workers=1)
    assert_one_line_error(run_cli("replay", tmp_path / job.RUN, "--row", 0,
                                  "--html", tmp_path / "r.html"), "is a game of crossed deals")
