"""Whole-game properties of the Cubist engine under random play.

(a) interpreted, hypothesis: random seeds, player counts and switch values finish with the
    invariant checker on, and the score events add up to the records;
(b) compiled (subprocess, JIT on): >= 20,000 random games over 2-4 players and every switch
    value, checker on, zero errors;
(c) compiled vs interpreted: identical records and traces for the same seeds.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cubist import codes as C
from core.cubist.play import R_SCORE, REC
from core.cubist.tables import SWITCH_OPTIONS, load_tables
from tests.engines import (SOAK_SIZES, assert_records_match, assert_scores_match_trace, assert_soak,
                           traced_random_game)

SWITCHES = st.fixed_dictionaries({name: st.sampled_from(opts)
                                  for name, (_, opts) in SWITCH_OPTIONS.items()})


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), n_players=st.integers(2, 4), switches=SWITCHES)
def test_random_games_finish_clean_and_points_match_trace(seed: int, n_players: int,
                                                          switches: dict) -> None:
    tables = load_tables(overrides=switches)
    g, rows, _ = traced_random_game("cubist", tables, n_players, seed)
    assert_scores_match_trace(g.records, rows, n_players, C.EV.SCORE, R_SCORE, REC.VP, C.NSRC)


@pytest.mark.compiled
@pytest.mark.parametrize("scale", SOAK_SIZES)
def test_compiled_random_games_every_switch_no_invariant_errors(scale: float) -> None:
    assert_soak("cubist", games_per_batch=420, n_random=5, scale=scale)


@pytest.mark.compiled
def test_compiled_and_interpreted_records_identical(tmp_path: Path) -> None:
    assert_records_match("cubist", [["random"] * 3, ["sculptor", "architect", "patron",
                                                     "random"]], 4, tmp_path)
