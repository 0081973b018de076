"""Compiled (subprocess, JIT on): the named Jamaica strategies beat random and play like their
plans.

Strength: each named strategy against three `random`, 4 players, every seat rotation of the
same deals: win share (ties split) at least 0.6 (a fair share is 0.25). Identity, in the same
games: the pirate wins the most fights, the racer finishes its lap most often, the merchant
ends with the most doubloons, the treasure hunter loots the most lairs.
"""
from __future__ import annotations

import pytest

from tests.engines import run_compiled

GAMES = 150  # per rotation: 600 games per strategy
NAMES = ("racer", "pirate", "merchant", "treasure_hunter", "greedy")

SCRIPT = f"""
    import json
    import numba
    import numpy as np
    from core.jamaica.game import GAME
    from strategies.common.bound import bound

    LOOP, REGISTRY = bound(GAME).loop, bound(GAME).registry
    cols = GAME.record_columns
    t = GAME.rules.load_tables()
    out = {{"jit_disabled": int(numba.config.DISABLE_JIT), "strategies": {{}}}}
    for name in {NAMES!r}:
        rows = []
        for rot in range(4):
            seats = ["random"] * 3
            seats.insert(rot, name)
            kernels, params = REGISTRY.resolve(seats)
            rec, err = LOOP.run_batch(t, 4, np.arange({GAMES}, dtype=np.int64) + 9_000,
                                      kernels, params)
            assert not err.any()
            rows.append(rec[:, rot])
        rec = np.concatenate(rows)
        col = lambda c: float(rec[:, cols.index(c)].mean())
        out["strategies"][name] = {{k: col(k) for k in ("win_share", "fights_won", "laps",
                                                        "vp_doubloons", "lairs")}}
    out["signatures"] = len(LOOP.play_batch.signatures)
    print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def report() -> dict:
    return run_compiled(SCRIPT)


@pytest.mark.compiled
def test_compiled_and_one_signature_for_every_seat_mix(report: dict) -> None:
    assert report["jit_disabled"] == 0 and report["signatures"] == 1


@pytest.mark.compiled
def test_every_named_strategy_beats_three_random(report: dict) -> None:
    for name, res in report["strategies"].items():
        assert res["win_share"] >= 0.6, (name, res)


@pytest.mark.compiled
def test_the_plans_play_like_their_names(report: dict) -> None:
    plans = {k: v for k, v in report["strategies"].items() if k != "greedy"}

    def top(key: str) -> str:
        return max(plans, key=lambda name: plans[name][key])
    assert top("fights_won") == "pirate"
    assert top("laps") == "racer"
    assert top("vp_doubloons") == "merchant"
    assert top("lairs") == "treasure_hunter"
