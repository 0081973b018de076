"""Luck by source (reports/studies/luck_sources.py): the crossed random-effects decomposition
recovers known variance components, its intervals cover them, and it is deterministic; several
blocks of crossed deals pool their estimates, one block keeps the one-block numbers."""
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
    share = ls.shares(y[None])
    assert share.sum() == pytest.approx(1.0)
    assert share[0] > share[1] > share[2]


def test_the_intervals_cover_the_true_shares_and_repeat_exactly() -> None:
    y = synthetic((12, 12), 4, [1.0, 0.25], 0.0, 1.0, seed=3)
    truth = np.array([1.0, 0.25, 0.0, 1.0]) / 2.25
    share, low, high = ls.shares_interval(y[None], n_boot=300)
    assert ((low <= truth + 1e-9) & (truth - 1e-9 <= high))[:2].all()
    again = ls.shares_interval(y[None], n_boot=300)
    assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip((share, low, high), again))


def test_a_result_that_never_varies_has_no_share() -> None:
    share, low, high = ls.shares_interval(np.ones((1, 3, 3, 4)), n_boot=50)
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


def crossed_rows(y: np.ndarray, block: int | None = None) -> list[dict]:
    """The table's raw rows of y[a, b, rotation] (win: above the median result)."""
    cut = np.median(y)
    return [{"candidate": "greedy", "field": "random", "a": i, "b": j, "rotation": r,
             "win_share": float(y[i, j, r] > cut), "margin": y[i, j, r]}
            | ({} if block is None else {ls.BLOCK: block})
            for i in range(y.shape[0]) for j in range(y.shape[1]) for r in range(y.shape[2])]


# the table of one block of crossed_rows(synthetic((3, 4), 2, [1.0, 0.25], 0.2, 0.5, seed=7))
# with n_boot=50 before several blocks were read: (share, lo, hi) per result and part
ONE_BLOCK = [
    [0.5208333333333334, 0.0, 0.9812500000000002], [0.0, 0.0, 0.3333333333333333],
    [0.22916666666666669, 0.0, 0.5280000000000001], [0.25, 0.0, 0.8485714285714286],
    [0.8698883405021929, 0.0, 0.9583003547509414], [0.0, 0.0, 0.757484446759364],
    [0.07450368888429415, 0.0, 0.7062167865028139],
    [0.055607970613512935, 0.020507568863707713, 0.8421775278803878]]


@pytest.mark.parametrize("block", [None, 0])
def test_one_block_gives_the_one_block_numbers_exactly(block) -> None:
    y = synthetic((3, 4), 2, [1.0, 0.25], 0.2, 0.5, seed=7)
    t = ls.table(pd.DataFrame(crossed_rows(y - np.median(y), block)), ["x", "y"], ["a", "b"],
                 n_boot=50)
    assert t[["share", "lo", "hi"]].to_numpy().tolist() == ONE_BLOCK


def test_several_blocks_average_their_components() -> None:
    blocks = np.stack([synthetic((6, 6), 3, [2.0, 0.5], 0.0, 1.0, seed=s) for s in range(30)])
    comp, within = ls.mean_components(blocks)
    assert comp[(0,)] == pytest.approx(2.0, rel=0.25)
    assert comp[(1,)] == pytest.approx(0.5, rel=0.25)
    assert abs(comp[(0, 1)]) < 0.1 and within == pytest.approx(1.0, rel=0.1)
    each = [ls.components(b)[0][(0,)] for b in blocks]
    assert comp[(0,)] == pytest.approx(np.mean(each))
    share, low, high = ls.shares_interval(blocks, n_boot=200)
    truth = np.array([2.0, 0.5, 0.0, 1.0]) / 3.5
    assert ((low <= truth + 1e-9) & (truth - 1e-9 <= high))[:2].all()
    # more blocks, narrower intervals: the bootstrap redraws within every block
    _, low1, high1 = ls.shares_interval(blocks[:1], n_boot=200)
    assert (high - low)[0] < (high1 - low1)[0]


def test_the_table_reads_several_blocks() -> None:
    rows = [r for b in range(3) for r in crossed_rows(
        synthetic((3, 3), 2, [1.0, 0.0], 0.0, 0.5, seed=b), b)]
    t = ls.table(pd.DataFrame(rows), ["x", "y"], ["a", "b"], n_boot=20)
    assert (t["games"] == 54).all()
    with pytest.raises(ValueError, match="incomplete"):
        ls.factorial(pd.DataFrame(rows[:-1]), ["a", "b"], "margin")
