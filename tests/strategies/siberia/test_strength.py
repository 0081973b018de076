"""Compiled (subprocess, JIT on): the named Siberia strategies beat random and play like their
plans.

Strength: each named strategy against two `random`, 3 players, every seat rotation of the same
deals: win share (ties split) at least 0.80. Identity, in the same games: staff_first ends with
more persons (workers, salesmen, investors) than resource_rush, and resource_rush takes a
larger share of its printed resource money from gold and diamond.
"""
from __future__ import annotations

import pytest

from tests.engines import run_compiled

GAMES = 300  # per rotation: 900 games per strategy

SCRIPT = f"""
    import json
    import numba
    import numpy as np
    from core.siberia.game import GAME
    from core.siberia.play import record_columns
    from core.siberia.tables import load_tables
    from strategies.common.bound import bound

    LOOP, REGISTRY = bound(GAME).loop, bound(GAME).registry
    run_batch = LOOP.run_batch

    cols = record_columns()
    t = load_tables()
    out = {{"jit_disabled": int(numba.config.DISABLE_JIT), "strategies": {{}}}}
    for name in ("staff_first", "resource_rush", "greedy"):
        rows = []
        for rot in range(3):
            seats = ["random", "random"]
            seats.insert(rot, name)
            kernels, params = REGISTRY.resolve(seats)
            rec, err = run_batch(t, 3, np.arange({GAMES}, dtype=np.int64) + 7_000, kernels,
                                 params)
            assert not err.any()
            rows.append(rec[:, rot])
        rec = np.concatenate(rows)
        col = lambda c: rec[:, cols.index(c)]
        printed = sum(col("vp_" + k) for k in ("gas", "coal", "oil", "gold", "diamond"))
        out["strategies"][name] = {{
            "win_share": float(col("win_share").mean()),
            "persons": float((col("cards_worker") + col("cards_salesman")
                              + col("cards_investor")).mean()),
            "rich_share": float((col("vp_gold") + col("vp_diamond")).sum() / printed.sum()),
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
def test_every_named_strategy_beats_two_random(report: dict) -> None:
    for name, res in report["strategies"].items():
        assert res["win_share"] >= 0.80, (name, res)


@pytest.mark.compiled
def test_the_plans_play_like_their_names(report: dict) -> None:
    staff, rush = report["strategies"]["staff_first"], report["strategies"]["resource_rush"]
    assert staff["persons"] > rush["persons"]
    assert rush["rich_share"] > staff["rich_share"]
