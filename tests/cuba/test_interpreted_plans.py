"""Interpreted (NUMBA_DISABLE_JIT=1, as the unit tests run) the plan strategies play the games
the compiled engine pinned in tests/golden/cuba/records.txt: the same code, the same games
(built_counts once overflowed an int32 shift interpreted and played other games)."""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

from sim.games import get
from tests.golden.playthroughs import GOLDEN


def golden_digests(name: str, seeds: int) -> list[str]:
    """The compiled records' digests of strategy `name` for seeds 0..seeds-1."""
    lines = (GOLDEN / "cuba" / "records.txt").read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"[{name}] "))
    return [line.rsplit("| ", 1)[1] for line in lines[at + 1:at + 1 + seeds]]


@pytest.mark.parametrize("name", ["builder", "shipping_rush", "factory_cafe", "money_and_laws"])
def test_interpreted_plan_games_are_the_compiled_ones(name):
    game = get("cuba")
    players = game.players
    kernels, params = game.resolve([name] * players)
    rec, err = game.run_batch(game.load_tables(None), players, np.arange(2, dtype=np.int64),
                              kernels, params, check=True)
    rec = np.ascontiguousarray(rec, np.float64)
    assert not err.any()
    assert [hashlib.sha256(r.tobytes()).hexdigest()[:12] for r in rec] == golden_digests(name, 2)
