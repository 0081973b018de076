"""The deal's share of the variance (reports/studies/luck.py) on synthetic deals with a known
answer."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.studies import luck


def synthetic(deal_sd: float, seat_sd: float, deals: int = 4000, seats: int = 4,
              seed: int = 3) -> np.ndarray:
    """y[deal, rotation] = deal effect + independent seat noise."""
    rng = np.random.default_rng(seed)
    return (rng.normal(0, deal_sd, (deals, 1)) + rng.normal(0, seat_sd, (deals, seats)))


@pytest.mark.parametrize("deal_sd,seat_sd", [(1.0, 1.0), (2.0, 1.0), (1.0, 3.0)])
def test_share_recovers_the_known_intraclass_correlation(deal_sd, seat_sd):
    truth = deal_sd ** 2 / (deal_sd ** 2 + seat_sd ** 2)
    share, lo, hi = luck.deal_share_interval(synthetic(deal_sd, seat_sd))
    assert share == pytest.approx(truth, abs=0.03)
    assert lo < truth < hi and hi - lo < 0.1


def wins(deals: int, seats: int, share: float, rng: np.random.Generator) -> np.ndarray:
    """y[deal, rotation] of wins (0 or 1) whose deal share is `share`: each deal's win
    chance drawn from Beta(a, a) with 1 / (2a + 1) = share."""
    a = 0.5 * (1 / share - 1)
    chance = rng.beta(a, a, deals)
    return (rng.random((deals, seats)) < chance[:, None]).astype(float)


@pytest.mark.parametrize("deals,seats", [(4, 3), (5, 4)])
def test_the_interval_keeps_its_coverage_with_a_dossiers_few_deals(deals, seats):
    rng = np.random.default_rng(5)
    covered = []
    for _ in range(300):
        share, lo, hi = luck.deal_share_interval(wins(deals, seats, 0.2, rng))
        if not np.isnan(share):
            covered.append(lo <= 0.2 <= hi)
    assert np.mean(covered) >= 0.85   # a percentile bootstrap over the deals: about 0.72


def test_no_deal_effect_gives_a_share_near_zero_and_a_pure_deal_one():
    assert luck.deal_share(synthetic(0.0, 1.0)) < 0.02
    y = np.repeat(np.arange(10.0)[:, None], 3, axis=1)   # every rotation of a deal alike
    assert luck.deal_share(y) == 1.0


def test_too_few_deals_or_no_variance_give_nan():
    assert np.isnan(luck.deal_share(np.ones((1, 4))))
    assert np.isnan(luck.deal_share(np.ones((5, 4))))
    share, lo, hi = luck.deal_share_interval(np.ones((1, 3)))
    assert np.isnan([share, lo, hi]).all()


def test_seat_table_keeps_the_deals_played_in_every_seating():
    rows = pd.DataFrame({"deal": [0, 0, 1, 1, 2], "seating": [0, 1, 0, 1, 0],
                         "win_share": [1.0, 0.0, 0.5, 0.5, 1.0]})
    assert luck.seat_table(rows, "win_share").tolist() == [[1.0, 0.0], [0.5, 0.5]]


def test_a_share_from_degenerate_deals_has_no_interval_and_says_why():
    alike_deals = np.array([[1.0, 0.0, 1.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0], [1.0, 0.0, 1.0]])
    share, lo, hi = luck.deal_share_interval(alike_deals)   # every deal 2 wins of 3
    assert share == 0.0 and np.isnan([lo, hi]).all()
    assert luck.no_interval(alike_deals) == "the deals' mean results are all equal"
    alike_seats = np.repeat(np.array([[1.0], [0.0], [1.0], [1.0]]), 3, axis=1)
    share, lo, hi = luck.deal_share_interval(alike_seats)
    assert share == 1.0 and np.isnan([lo, hi]).all()
    assert luck.no_interval(alike_seats) == "each deal gave one result in every seating"
    assert luck.no_interval(synthetic(1.0, 1.0, deals=20)) == ""
