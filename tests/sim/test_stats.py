"""Win-share intervals from per-shard sums equal the direct computation."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.run import stats


def direct(win_share, seatings, matchup_of_deal, name):
    """Stratified variance of the strategy's mean win share, computed from the rows."""
    total_y, total_n, var = 0.0, 0, 0.0
    for h in set(matchup_of_deal):
        rows = [d for d, m in enumerate(matchup_of_deal) if m == h]
        mask = np.array([[n == name for n in s] for s in seatings])
        y = np.array([win_share[d][mask].sum() for d in rows])
        total_y += y.sum()
        total_n += mask.sum() * len(rows)
        var += len(y) * y.var(ddof=1)
    return total_y / total_n, stats.Z95 * math.sqrt(var) / total_n


def test_sums_over_shards_give_the_direct_interval():
    rng = np.random.default_rng(3)
    seatings = [["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"]]
    ws = rng.random((60, 3, 3))
    matchup_of_deal = [0] * 25 + [1] * 35
    # shards: matchup 0 in two pieces, matchup 1 in three
    cuts = [(0, 0, 10), (0, 10, 25), (1, 25, 30), (1, 30, 50), (1, 50, 60)]
    rows = stats.intervals((m, stats.shard_sums(ws[a:b], seatings)) for m, a, b in cuts)
    assert [r.strategy for r in rows] == sorted("abc", key=lambda s: -next(
        x.win_share for x in rows if x.strategy == s))
    for r in rows:
        mean, half = direct(ws, seatings, matchup_of_deal, r.strategy)
        assert r.win_share == pytest.approx(mean) and r.half_width == pytest.approx(half)
        assert r.games == 60 * 3
    assert stats.widest(rows) == max(r.half_width for r in rows)


def test_one_deal_has_no_interval():
    rows = stats.intervals([(0, stats.shard_sums(np.ones((1, 1, 2)) / 2, [["a", "b"]]))])
    assert all(math.isinf(r.half_width) for r in rows) and stats.widest([]) == math.inf


def test_wilson_interval_as_in_the_report():
    """The summary's Wilson interval is the report's: effective n = n / design effect."""
    from reports.stats import wilson_interval

    share, n = 0.3, 1000
    binomial = share * (1 - share) / n
    assert stats.wilson(share, 2 * binomial, n) == pytest.approx(wilson_interval(share, n / 2))
    assert stats.wilson(share, binomial / 2, n) == pytest.approx(wilson_interval(share, n))
    assert stats.wilson(share, math.inf, n) == (0.0, 1.0)


def test_a_strategy_that_never_wins_has_a_proper_interval():
    win = np.zeros((40, 2, 2))
    win[:, 0, 0] = win[:, 1, 1] = 1.0     # "a" wins every game in either seat
    rows = {r.strategy: r for r in stats.intervals(
        [(0, stats.shard_sums(win, [["a", "b"], ["b", "a"]]))])}
    never = rows["b"]
    assert never.win_share == 0.0 and never.half_width == 0.0
    assert never.lo == 0.0 and 0.02 < never.hi < 0.1
    assert rows["a"].hi == pytest.approx(1.0) and 0.9 < rows["a"].lo < 0.98
