"""Each named Santiago strategy beats random: win share >= 0.80 in 4-player games of one
against three `random`, in every seat (compiled, subprocess)."""
from __future__ import annotations

import pytest

from tests.engines import run_compiled

STRENGTH = """
    import json
    import numba
    import numpy as np
    from core.santiago.tables import load_tables
    from core.santiago.game import GAME
    from strategies.common.bound import bound

    run_batch, REGISTRY = bound(GAME).loop.run_batch, bound(GAME).registry

    GAMES = 75  # per seat: 300 games per strategy
    out = {"jit_disabled": int(numba.config.DISABLE_JIT)}
    for name in ("greedy", "refiner", "landlord", "banker"):
        shares, errors = [], 0
        for seat in range(4):
            seats = ["random"] * 4
            seats[seat] = name
            kernels, params = REGISTRY.resolve(seats)
            seeds = np.arange(GAMES, dtype=np.int64) + 7_000 + 1_000 * seat
            rec, err = run_batch(load_tables(), 4, seeds, kernels, params, check=True)
            errors += int(np.count_nonzero(err))
            shares += rec[:, seat, 2].tolist()
        out[name] = [float(np.mean(shares)), errors]
    print(json.dumps(out))
"""


@pytest.mark.compiled
def test_each_named_strategy_beats_three_random() -> None:
    out = run_compiled(STRENGTH, timeout=400)
    assert out.pop("jit_disabled") == 0
    for name, (share, errors) in out.items():
        assert errors == 0, name
        assert share >= 0.80, (name, share)
