"""Whole-game properties of the Cuba engine under random play.

(a) interpreted, hypothesis: random seeds, player counts and switch combinations finish with
    the invariant checker on, and every VP is accounted for by an EV_VP trace event;
(b) compiled (subprocess, JIT on): >= 20,000 random games over 2-5 players and every switch
    value, checker on, zero errors;
(c) compiled vs interpreted: identical records (and traces) for the same seeds.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.check import check_state
from core.cuba.play import R_SCORE, R_VP
from core.cuba.tables import SWITCH_OPTIONS, flatten, load_tables
from strategies.cuba.play import play_game, run_batch
from strategies.cuba.registry import resolve

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

ROOT = Path(__file__).resolve().parents[2]
SWITCHES = st.fixed_dictionaries({name: st.sampled_from(opts)
                                  for name, (_, opts) in SWITCH_OPTIONS.items()})


# ------------------------------------------------------------------ (a) interpreted


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), n_players=st.integers(2, 5), switches=SWITCHES)
def test_random_games_finish_clean_and_vp_matches_trace(seed: int, n_players: int,
                                                         switches: dict) -> None:
    tables = load_tables(overrides=switches)
    kernels, params = resolve(["random"] * n_players)
    g = play_game(tables, n_players, seed, kernels, params, check=True, trace=True)
    assert g.error == 0
    tr = g.trace
    assert tr[0, 1] == 0, "trace overflow"
    n = tr[0, 0]
    events = tr[1:n + 1, :C.EVW]
    assert events[-1, 0] == C.EV_GAME_END
    final = tr[n, C.EVW:]
    assert final[S.G_PHASE] == S.PH_OVER and final[S.G_ROUND] == 6
    assert check_state(final, flatten(tables)) == 0
    vp_rows = events[events[:, 0] == C.EV_VP]
    for p in range(n_players):
        mine = vp_rows[vp_rows[:, 1] == p]
        assert g.records[p, R_SCORE] == mine[:, 3].sum() == final[S.pbase(p) + S.P_VP]
        for src in range(C.NSRC):
            assert g.records[p, R_VP + src] == mine[mine[:, 2] == src, 3].sum()


# ------------------------------------------------------------------ compiled (subprocess)


def run_compiled(script: str, *args: str, timeout: int = 900) -> dict:
    """Run a script with the JIT on (NUMBA_DISABLE_JIT removed); return its JSON output."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *args], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


SOAK = """
    import json
    import numba
    import numpy as np
    from core.cuba.tables import SWITCH_OPTIONS, load_tables
    from strategies.cuba.play import run_batch
    from strategies.cuba.registry import resolve

    GAMES_PER_BATCH = 180
    # the defaults, every non-default switch value on its own, then random combinations
    configs = [{}] + [{name: v} for name, (_, opts) in SWITCH_OPTIONS.items() for v in opts[1:]]
    rng = np.random.default_rng(20240607)
    configs += [{name: opts[int(rng.integers(len(opts)))]
                 for name, (_, opts) in SWITCH_OPTIONS.items()} for _ in range(8)]
    games, failures = 0, []
    for i, overrides in enumerate(configs):
        tables = load_tables(overrides=overrides)
        for n in range(2, 6):
            kernels, params = resolve(["random"] * n)
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
    covered = {(name, value) for c in out["configs"] for name, value in c.items()}
    for name, (_, opts) in SWITCH_OPTIONS.items():
        for value in opts[1:]:  # the first option is the default, in every config without it
            assert (name, value) in covered, (name, value)


RECORDS = """
    import json, sys
    import numba
    import numpy as np
    from core.cuba.tables import load_tables
    from strategies.cuba.play import play_game, run_batch
    from strategies.cuba.registry import resolve

    out = {"jit_disabled": int(numba.config.DISABLE_JIT)}
    for n in (3, 5):
        kernels, params = resolve(["random"] * n)
        rec, err = run_batch(load_tables(), n, np.arange(20, dtype=np.int64) + 500, kernels,
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
    for n in (3, 5):
        kernels, params = resolve(["random"] * n)
        rec, err = run_batch(load_tables(), n, np.arange(20, dtype=np.int64) + 500, kernels,
                             params, check=True)
        assert out[str(n)] == err.tolist() == [0] * 20
        np.testing.assert_array_equal(np.load(tmp_path / f"rec{n}.npy"), rec)
        trace = play_game(load_tables(), n, 77, kernels, params, trace=True).trace
        np.testing.assert_array_equal(np.load(tmp_path / f"trace{n}.npy"), trace)
