"""Statistics of runs that share their deals (reports/studies/sweep.py), on synthetic results with
known effects: paired differences, balance indices with bootstrap intervals."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports import stats
from reports.runs import _derive
from reports.studies import sweep
from tests.reports import synth

LINEUPS = [("a", "b", "c")]
EVEN = {"a": 0.0, "b": 0.0, "c": 0.0}


def frame(strength: dict[str, float], deals: int = 150, seed: int = 3) -> pd.DataFrame:
    """Synthetic rows with the derived columns (cluster, stratum, game_id)."""
    return _derive(synth.results(LINEUPS, deals, strength, seed=seed))


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    # the same seed: the same luck in every deal (common deals); only a's strength changes
    return {"base": frame(EVEN), "strong_a": frame(EVEN | {"a": 4.0})}


def test_runs_with_the_same_seeds_share_their_deals(frames):
    assert sweep.common_deals(frames)
    other = frames["strong_a"].assign(seed=frames["strong_a"]["seed"] + 1)
    assert not sweep.common_deals({"base": frames["base"], "other": other})


def test_paired_deltas_find_the_changed_strategy(frames):
    d = sweep.paired_deltas(frames).set_index("strategy")
    assert d.loc["a", "diff"] > 0.1 and d.loc["a", "significant"]
    assert d.loc["b", "diff"] < 0 and (d["diff_lo"] <= d["diff"]).all()
    assert "p_holm" in d.columns
    # pairing removes the shared luck: a narrower interval than independent runs
    independent = stats.run_deltas(frames).set_index("strategy")
    assert (d.loc["a", "diff_hi"] - d.loc["a", "diff_lo"]
            < independent.loc["a", "diff_hi"] - independent.loc["a", "diff_lo"])


def test_balance_intervals_cover_the_estimate_and_flag_the_change(frames):
    b = sweep.balance_intervals(frames, n_boot=300, seed=1)
    assert set(b["index"]) == set(sweep.INDICES) and set(b["run"]) == set(frames)
    assert ((b["lo"] <= b["value"] + 1e-12) & (b["value"] <= b["hi"] + 1e-12)).all()
    base = b[b["run"] == "base"]
    assert base["diff"].isna().all()
    changed = b[b["run"] == "strong_a"].set_index("index")
    assert (changed["diff"] > 0).all() and changed["significant"].all()
    point = stats.balance_indices(stats.strategy_summary(frames["strong_a"])).iloc[0]
    for index in sweep.INDICES:
        assert changed.loc[index, "value"] == pytest.approx(point[index])


def test_vectorised_indices_match_the_report_functions():
    shares = np.array([[0.5, 0.3, 0.2], [1 / 3] * 3])
    got = sweep.indices(shares)
    assert got["gini"][0] == pytest.approx(stats.gini(shares[0]))
    assert got["spread_sd"][0] == pytest.approx(np.std(shares[0], ddof=1))
    assert got["max_minus_min"][1] == pytest.approx(0) and got["gini"][1] == pytest.approx(0)
