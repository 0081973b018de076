"""Per-seat records: the breakdown columns add up to their totals."""
import numpy as np

from core.cuba import play as P
from core.cuba.game import GAME
from core.cuba.tables import load_tables
from strategies.common.bound import bound

play_game, resolve = bound(GAME).loop.play_game, bound(GAME).registry.resolve


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


def test_CUBA_R20_R36_ship_counters_match_the_trace():
    """ship_loads / ships_filled per seat and ships_sailed per game count the load and
    ship-leaves events (CUBA-R20 loading, CUBA-R35/R36 departures)."""
    from core.cuba import codes
    from core.common.trace import events
    tables = load_tables()
    kernels, params = resolve(["shipping_rush"] * 4)  # random players seldom fill a ship
    seen_filled = 0
    for seed in range(3):
        g = play_game(tables, 4, seed, kernels, params, check=True, trace=True)
        rows = events(g.trace)
        loads = rows[rows[:, 0] == codes.EV.LOAD]
        for p in range(4):
            assert g.records[p, P.R_LOADS] == (loads[:, 1] == p).sum()
        assert (g.records[:, P.R_SAILED] == (rows[:, 0] == codes.EV.SHIP_LEAVES).sum()).all()
        assert g.records[:, P.R_FILLED].sum() <= len(loads)
        seen_filled += g.records[:, P.R_FILLED].sum()
    assert seen_filled > 0
