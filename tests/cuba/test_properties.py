"""Whole-game properties of the Cuba engine under random play.

(a) interpreted, hypothesis: random seeds, player counts and switch combinations finish with
    the invariant checker on, and every VP is accounted for by an EV_VP trace event;
(b) compiled (subprocess, JIT on): >= 20,000 random games over 2-5 players and every switch
    value, checker on, zero errors;
(c) compiled vs interpreted: identical records (and traces) for the same seeds.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.check import check_state
from core.cuba.play import R_SCORE, R_VP
from core.cuba.tables import SWITCH_OPTIONS, flatten, load_tables
from tests.engines import SOAK_SIZES, assert_records_match, assert_soak, traced_random_game

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

SWITCHES = st.fixed_dictionaries({name: st.sampled_from(opts)
                                  for name, (_, opts) in SWITCH_OPTIONS.items()})


# ------------------------------------------------------------------ (a) interpreted


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), n_players=st.integers(2, 5), switches=SWITCHES)
def test_random_games_finish_clean_and_vp_matches_trace(seed: int, n_players: int,
                                                         switches: dict) -> None:
    tables = load_tables(overrides=switches)
    g, events, final = traced_random_game("cuba", tables, n_players, seed)
    assert final[S.G.PHASE] == S.PH.OVER and final[S.G.ROUND] == 6
    assert check_state(final, flatten(tables)) == 0
    vp_rows = events[events[:, 0] == C.EV.VP]
    for p in range(n_players):
        mine = vp_rows[vp_rows[:, 1] == p]
        assert g.records[p, R_SCORE] == mine[:, 3].sum() == final[S.pbase(p) + S.P.VP]
        for src in range(C.NSRC):
            assert g.records[p, R_VP + src] == mine[mine[:, 2] == src, 3].sum()


# ------------------------------------------------------------------ compiled (subprocess)


@pytest.mark.compiled
@pytest.mark.parametrize("scale", SOAK_SIZES)
def test_compiled_random_games_every_switch_no_invariant_errors(scale: float) -> None:
    assert_soak("cuba", games_per_batch=180, n_random=8, scale=scale)


@pytest.mark.compiled
def test_compiled_and_interpreted_records_identical(tmp_path: Path) -> None:
    assert_records_match("cuba", [["random"] * 3, ["random"] * 5], 20, tmp_path)


@pytest.mark.compiled
def test_compiled_and_interpreted_plan_strategies_identical(tmp_path: Path) -> None:
    """The plan strategies' values (strategies/cuba/values.py: built_counts packs building
    kinds up to bit 45) agree compiled and interpreted (NUMBA_DISABLE_JIT=1)."""
    assert_records_match("cuba", [["builder", "shipping_rush", "factory_cafe",
                                   "money_and_laws"]], 4, tmp_path)
