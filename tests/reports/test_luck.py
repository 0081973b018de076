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
    share, lo, hi = luck.deal_share_interval(synthetic(deal_sd, seat_sd), n_boot=200)
    assert share == pytest.approx(truth, abs=0.03)
    assert lo < truth < hi and hi - lo < 0.1


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
