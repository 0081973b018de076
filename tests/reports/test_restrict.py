"""Restricted play's statistic (reports/studies/restrict.py) on synthetic results with a planted
strong element: it ranks first, significant after Holm, its interval holds the planted loss;
the neutral elements are near 0 and not significant."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.studies import restrict

PLAYERS, DEALS = 4, 300
PLANTED = {"building:strong": 0.10, "building:useless": 0.25, "building:a": 0.25,
           "building:b": 0.25, "building:c": 0.25, "building:overrated": 0.30}


def synthetic(seed: int = 3) -> pd.DataFrame:
    """Restricted seats only (what the statistic reads): per element, DEALS deals in PLAYERS
    seatings, each game won by the seat with the planted probability."""
    rng = np.random.default_rng(seed)
    frames = []
    for m, (element, share) in enumerate(PLANTED.items()):
        deals = np.repeat(np.arange(DEALS), PLAYERS)
        frames.append(pd.DataFrame({
            "strategy": f"greedy~{element}", "players": PLAYERS,
            "cluster": [f"{m}/{d}" for d in deals],
            "win_share": (rng.random(deals.size) < share).astype(float)}))
    return pd.concat(frames, ignore_index=True)


def test_the_planted_strong_element_ranks_first_and_is_significant():
    names = {f"greedy~{e}": ("greedy", e) for e in PLANTED}
    tallies = {f"greedy~{e}": (1000, i) for i, e in enumerate(PLANTED)}
    t = restrict.strength(synthetic(), names, tallies)
    assert list(t.columns) == restrict.COLUMNS
    assert t["rank"].tolist() == list(range(1, len(PLANTED) + 1))
    top = t.iloc[0]
    assert top["element"] == "building:strong" and top["significant"]
    assert top["loss_lo"] < 0.25 - 0.10 < top["loss_hi"]
    assert t.iloc[-1]["element"] == "building:overrated" and t.iloc[-1]["loss"] < 0
    neutral = t[t["element"].isin(["building:useless", "building:a", "building:b",
                                   "building:c"])]
    assert neutral["loss"].abs().max() < 0.05
    assert not neutral["significant"].any()
    assert (t["p_holm"] >= t["p"]).all()
    assert t.loc[t["element"] == "building:a", "fallbacks"].item() == 2
    assert t["games"].eq(DEALS * PLAYERS).all() and t["deals"].eq(DEALS).all()


def test_the_terminal_lines_name_the_top_three_with_intervals():
    names = {f"greedy~{e}": ("greedy", e) for e in PLANTED}
    lines = restrict.lines(restrict.strength(synthetic(), names, {}))
    assert lines[1].startswith("  1. building:strong: +0.1")
    assert len(lines) == 4 and "[" in lines[2]


def test_a_loss_interval_stays_within_what_a_win_share_allows():
    # two deals, one lost and one won outright: a t interval on 1 degree of freedom is far
    # wider than the possible range [1/players - 1, 1/players]
    df = pd.DataFrame({"strategy": "greedy~x", "players": 4, "cluster": ["0/0", "0/1"],
                       "win_share": [0.0, 1.0]})
    row = restrict.strength(df, {"greedy~x": ("greedy", "building:x")}).iloc[0]
    assert row["loss_lo"] == pytest.approx(0.25 - 1.0) and row["loss_hi"] == pytest.approx(0.25)
    assert row["loss_lo"] <= row["loss"] <= row["loss_hi"]
