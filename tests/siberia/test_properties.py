"""Whole-game properties of the Siberia engine under random play.

(a) interpreted, hypothesis: random seeds, player counts and switch values finish with the
    invariant checker on, and the score events add up to the records;
(b) compiled (subprocess, JIT on): >= 20,000 random games over 2-5 players (5 under
    players_max = 5) and every switch value, checker on, zero errors;
(c) compiled vs interpreted: identical records and traces for the same seeds.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.siberia import codes as C
from core.siberia.play import R_SCORE, R_VP
from core.siberia.tables import SWITCH_OPTIONS, load_tables
from strategies.siberia.play import play_game, run_batch
from strategies.siberia.registry import REGISTRY
from tests.cuba.test_properties import run_compiled

SWITCHES = st.fixed_dictionaries({name: st.sampled_from(opts)
                                  for name, (_, opts) in SWITCH_OPTIONS.items()})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), n_players=st.integers(2, 5), switches=SWITCHES)
def test_random_games_finish_clean_and_money_matches_trace(seed: int, n_players: int,
                                                           switches: dict) -> None:
    if n_players == 5:
        switches = dict(switches, players_max=5)
    tables = load_tables(overrides=switches)
    kernels, params = REGISTRY.resolve(["random"] * n_players)
    g = play_game(tables, n_players, seed, kernels, params, check=True, trace=True)
    assert g.error == 0 and g.trace[0, 1] == 0
    rows = g.trace[1:g.trace[0, 0] + 1, :C.EVW]
    assert rows[-1, 0] == C.EV_GAME_END
    scores = rows[rows[:, 0] == C.EV_SCORE]
    for p in range(n_players):
        mine = scores[scores[:, 1] == p]
        assert g.records[p, R_SCORE] == mine[:, 3].sum()
        for src in range(C.NSRC):
            assert g.records[p, R_VP + src] == mine[mine[:, 2] == src, 3].sum()


SOAK = """
    import json
    import numba
    import numpy as np
    from core.siberia.tables import SWITCH_OPTIONS, load_tables
    from strategies.siberia.play import run_batch
    from strategies.siberia.registry import REGISTRY

    GAMES_PER_BATCH = 440
    # the defaults, every non-default switch value on its own, then random combinations
    configs = [{}] + [{name: v} for name, (_, opts) in SWITCH_OPTIONS.items() for v in opts[1:]]
    rng = np.random.default_rng(20240607)
    configs += [{name: opts[int(rng.integers(len(opts)))]
                 for name, (_, opts) in SWITCH_OPTIONS.items()} for _ in range(5)]
    games, failures = 0, []
    for i, overrides in enumerate(configs):
        five = overrides.get("players_max") == 5
        tables = load_tables(overrides=overrides)
        for n in range(2, 6 if five else 5):
            kernels, params = REGISTRY.resolve(["random"] * n)
            seeds = np.arange(GAMES_PER_BATCH, dtype=np.int64) + 1_000_000 * i + 10_000 * n
            rec, err = run_batch(tables, n, seeds, kernels, params, check=True)
            games += len(seeds)
            bad = np.flatnonzero(err)
            if bad.size:
                failures.append([overrides, n, int(seeds[bad[0]]), int(err[bad[0]]),
                                 int(bad.size)])
    print(json.dumps({"jit_disabled": int(numba.config.DISABLE_JIT), "games": games,
                      "failures": failures, "configs": configs}))
"""


@pytest.mark.compiled
def test_compiled_random_games_every_switch_no_invariant_errors() -> None:
    out = run_compiled(SOAK)
    assert out["jit_disabled"] == 0
    assert out["games"] >= 20_000
    assert out["failures"] == []
    covered = {(name, value) for cfg in out["configs"] for name, value in cfg.items()}
    for name, (_, opts) in SWITCH_OPTIONS.items():
        for value in opts[1:]:
            assert (name, value) in covered, (name, value)


RECORDS = """
    import json, sys
    import numba
    import numpy as np
    from core.siberia.tables import load_tables
    from strategies.siberia.play import play_game, run_batch
    from strategies.siberia.registry import REGISTRY

    out = {"jit_disabled": int(numba.config.DISABLE_JIT)}
    for n, seats in ((3, ["random"] * 3), (4, ["staff_first", "resource_rush", "greedy",
                                               "random"])):
        kernels, params = REGISTRY.resolve(seats)
        rec, err = run_batch(load_tables(), n, np.arange(15, dtype=np.int64) + 500, kernels,
                             params, check=True)
        np.save(f"{sys.argv[1]}/rec{n}.npy", rec)
        np.save(f"{sys.argv[1]}/trace{n}.npy",
                play_game(load_tables(), n, 77, kernels, params, trace=True).trace)
        out[str(n)] = err.tolist()
    print(json.dumps(out))
"""


@pytest.mark.compiled
def test_compiled_and_interpreted_records_identical(tmp_path: Path) -> None:
    out = run_compiled(RECORDS, str(tmp_path))
    assert out["jit_disabled"] == 0
    for n, seats in ((3, ["random"] * 3), (4, ["staff_first", "resource_rush", "greedy",
                                               "random"])):
        kernels, params = REGISTRY.resolve(seats)
        rec, err = run_batch(load_tables(), n, np.arange(15, dtype=np.int64) + 500, kernels,
                             params, check=True)
        assert out[str(n)] == err.tolist() == [0] * 15
        np.testing.assert_array_equal(np.load(tmp_path / f"rec{n}.npy"), rec)
        trace = play_game(load_tables(), n, 77, kernels, params, trace=True).trace
        np.testing.assert_array_equal(np.load(tmp_path / f"trace{n}.npy"), trace)
