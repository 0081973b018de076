"""sim.bench.step_profile: per decision kind, steps, options and the time of each part of a step
(run interpreted here: the wall clock stands in for the cycle counter)."""
from __future__ import annotations

import pytest

from core import games as catalogue
from sim.bench import step_profile
from tests.sim.helpers import assert_main_fails


def test_profile_counts_every_step_by_kind_and_reports_them():
    r = step_profile.profile("siberia", 2, 2)
    keys = set(catalogue.get("siberia").engine.decisions.keys[1:])
    kinds = r["kinds"]
    assert set(kinds) - {step_profile.SETUP} <= keys and len(kinds) >= 3
    assert kinds[step_profile.SETUP]["steps_per_game"] == 1  # new game + first advance
    for name, row in kinds.items():
        assert row["timed_share"] == 1  # interpreted: no step counts as interrupted
        assert row["apply_ns"] > 0 and min(row.values()) >= 0
        if name != step_profile.SETUP:
            assert row["steps_per_game"] > 0 and row["options"] >= 1 and row["list_ns"] > 0
    text = step_profile.report(r)
    assert all(name in text for name in kinds) and "all steps" in text


@pytest.mark.parametrize("args, problem", [
    (["nogame"], "unknown game 'nogame'"),
    (["cuba", "--players", "9"], "9 players is out of range"),
    (["cuba", "--strategy", "nobody"], "unknown strategy 'nobody'"),
    (["cuba", "--games", "0"], "--games 0 is too small"),
])
def test_bad_input_is_one_line_and_exit_2(args, problem, capsys):
    assert_main_fails(step_profile.main, args, problem, capsys)
