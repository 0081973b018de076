"""Luck by source (reports/studies/luck_sources.py): the crossed random-effects decomposition
recovers known variance components, its intervals cover them, and it is deterministic."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.studies import luck_sources as ls


def synthetic(levels: tuple[int, ...], n: int, var: list[float], inter: float, within: float,
              seed: int = 1) -> np.ndarray:
    """y[l_1, ..., l_K, rotation] with source k's effect of variance var[k], an interaction of
    the first two sources of variance `inter` and noise of variance `within`."""
    rng = np.random.default_rng(seed)
    y = rng.normal(0, np.sqrt(within), (*levels, n))
    for k, v in enumerate(var):
        shape = [1] * (len(levels) + 1)
        shape[k] = levels[k]
        y += rng.normal(0, np.sqrt(v), levels[k]).reshape(shape)
    y += rng.normal(0, np.sqrt(inter), levels[:2])[(...,) + (None,) * (len(levels) - 1)]
    return y


def test_the_components_of_a_known_crossed_design_are_recovered() -> None:
    y = synthetic((40, 40, 6), 4, [2.0, 0.5, 0.0], 0.3, 1.0)
    comp, within = ls.components(y)
    assert comp[(0,)] == pytest.approx(2.0, rel=0.5)
    assert comp[(1,)] == pytest.approx(0.5, rel=0.5)
    assert abs(comp[(2,)]) < 0.1
    assert comp[(0, 1)] == pytest.approx(0.3, rel=0.4)
    assert abs(comp[(0, 1, 2)]) < 0.1
    assert within == pytest.approx(1.0, rel=0.1)
    share = ls.shares(y)
    assert share.sum() == pytest.approx(1.0)
    assert share[0] > share[1] > share[2]


def test_the_intervals_cover_the_true_shares_and_repeat_exactly() -> None:
    y = synthetic((12, 12), 4, [1.0, 0.25], 0.0, 1.0, seed=3)
    truth = np.array([1.0, 0.25, 0.0, 1.0]) / 2.25
    share, low, high = ls.shares_interval(y, n_boot=300)
    assert ((low <= truth + 1e-9) & (truth - 1e-9 <= high))[:2].all()
    again = ls.shares_interval(y, n_boot=300)
    assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip((share, low, high), again))


def test_a_result_that_never_varies_has_no_share() -> None:
    share, low, high = ls.shares_interval(np.ones((3, 3, 4)), n_boot=50)
    assert np.isnan(share).all() and np.isnan(low).all()


def test_the_table_reads_the_crossed_games_by_source() -> None:
    y = synthetic((4, 3), 2, [1.0, 0.0], 0.0, 0.5, seed=5)
    rows = [{"candidate": "greedy", "field": "random", "a": i, "b": j, "rotation": r,
             "win_share": float(y[i, j, r] > 0), "margin": y[i, j, r]}
            for i in range(4) for j in range(3) for r in range(2)]
    t = ls.table(pd.DataFrame(rows), ["ship pile", "statute piles"], ["a", "b"], n_boot=20)
    assert list(t["part"].unique()) == ["ship pile", "statute piles", ls.INTERACTIONS, ls.WITHIN]
    assert set(t["result"]) == {"win", "margin"} and (t["games"] == 24).all()
    margin = t[t["result"] == "margin"].set_index("part")["share"]
    assert margin.sum() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="incomplete"):
        ls.factorial(pd.DataFrame(rows[:-1]), ["a", "b"], "margin")
