"""Per-seat records: the breakdown columns add up to their totals."""
import numpy as np

from core.cuba import play as P
from core.cuba.tables import load_tables
from strategies.cuba.play import play_game
from strategies.cuba.registry import resolve


def test_record_columns_match_the_record_width():
    assert len(P.record_columns()) == P.NREC


def test_breakdowns_add_up_to_totals():
    """Score = VP by source; buildings_built = built_* columns; bills_passed = passed_*."""
    tables = load_tables()
    for seed, n in ((3, 2), (4, 4), (5, 5)):
        kernels, params = resolve(["random"] * n)
        rec = play_game(tables, n, seed, kernels, params).records
        np.testing.assert_array_equal(rec[:, P.R_VP:P.R_BUILT_KIND].sum(1), rec[:, P.R_SCORE])
        np.testing.assert_array_equal(rec[:, P.R_BUILT_KIND:P.R_PASSED].sum(1), rec[:, P.R_BUILT])
        np.testing.assert_array_equal(rec[:, P.R_PASSED:].sum(1), rec[:, P.R_BILLS])
        assert rec[:, P.R_PASSED:].sum() == 12  # 2 bills passed in each of 6 rounds
