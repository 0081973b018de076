"""Compiled (subprocess, JIT on): the named Cubist strategies beat random and play like their
plans.

Strength: each named strategy against three `random`, 4 players, every seat rotation of the
same deals: win share (ties split) at least 0.75 (a fair share is 0.25). Identity, in the same
games: the sculptor completes more installations than the architect, whose cards are bigger
(more points per installation); the patron recruits and bumps more than either.
"""
from __future__ import annotations

import pytest

from tests.engines import run_compiled

GAMES = 60  # per rotation: 240 games per strategy
NAMED = ("sculptor", "architect", "patron", "greedy")

SCRIPT = f"""
    import json
    import numba
    import numpy as np
    from core.cubist.game import GAME
    from core.cubist.play import record_columns
    from core.cubist.tables import load_tables
    from strategies.common.bound import bound

    LOOP, REGISTRY = bound(GAME).loop, bound(GAME).registry
    cols = record_columns()
    t = load_tables()
    out = {{"jit_disabled": int(numba.config.DISABLE_JIT), "strategies": {{}}}}
    for name in {NAMED!r}:
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
        col = lambda c: rec[:, cols.index(c)]
        done = col("installations")
        out["strategies"][name] = {{
            "win_share": float(col("win_share").mean()),
            "installations": float(done.mean()),
            "points_per_card": float(col("vp_cards").sum() / max(done.sum(), 1)),
            "recruits": float(col("recruits").mean()),
            "rounds": float(col("rounds").mean()),
            "museum_dice": float(col("museum_dice").mean()),
            "bumps": float(col("bumps").mean()),
        }}
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
        assert res["win_share"] >= 0.75, (name, res)


@pytest.mark.compiled
def test_the_plans_play_like_their_names(report: dict) -> None:
    r = report["strategies"]
    assert r["sculptor"]["rounds"] < r["architect"]["rounds"]
    assert r["architect"]["points_per_card"] > r["sculptor"]["points_per_card"]
    assert r["architect"]["museum_dice"] > r["sculptor"]["museum_dice"]
    assert r["patron"]["recruits"] > max(r["sculptor"]["recruits"], r["architect"]["recruits"])
    assert r["patron"]["bumps"] > max(r["sculptor"]["bumps"], r["architect"]["bumps"])
