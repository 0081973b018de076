"""The dossier's crossed deals (sim/studies/luck_sources.py): every combination of each
source's deals is played from every seat, the same seed gives the same games."""
from __future__ import annotations

import numpy as np

from sim.games import get
from sim.studies import luck_sources as job


def test_each_source_gets_distinct_seeds_fixed_by_the_seed():
    seeds = job.source_seeds(1, 3, 4)
    assert seeds.shape == (3, 4) and len(set(seeds.ravel())) == 12
    assert np.array_equal(seeds, job.source_seeds(1, 3, 4))
    assert not np.array_equal(seeds, job.source_seeds(2, 3, 4))


def test_every_crossed_deal_is_played_from_every_seat_and_repeats_exactly():
    g = get("siberia")
    tables = g.load_tables(None)
    sources = len(g.sources())
    games = job.play("siberia", 2, 5, 2, "random", ["random"], tables)
    assert len(games) == job.games(sources, 2, 2, 1) == 2 ** sources * 2
    columns = [c for c in games.columns if c.startswith(job.DEAL_COLUMN)]
    assert [c.removeprefix(job.DEAL_COLUMN) for c in columns] == list(g.sources())
    assert games.groupby(columns).size().eq(2).all()
    assert games.equals(job.play("siberia", 2, 5, 2, "random", ["random"], tables))


def test_no_job_without_deals_or_fields(tmp_path):
    assert job.write(tmp_path, "siberia", 2, 1, 0, "greedy", ["random"], None) is None
    assert job.write(tmp_path, "siberia", 2, 1, 2, "greedy", [], None) is None
    assert not (tmp_path / job.FILE).exists()
