"""configs/tournaments/cuba-round-robin.toml: the five named strategies, 4 players, balanced."""
from __future__ import annotations

from collections import Counter

import pytest

from sim.games import get as get_game
from sim.run import config, schedule
from tests.sim.helpers import ROOT

PATH = ROOT / "configs" / "tournaments" / "cuba-round-robin.toml"
NAMED = ["shipping_rush", "factory_cafe", "money_and_laws", "builder", "greedy"]


def test_default_round_robin():
    missing = [n for n in NAMED if n not in get_game("cuba").strategy_names()]
    if missing:
        pytest.skip(f"strategies not registered yet: {', '.join(missing)}")
    cfg = config.load(PATH)
    assert cfg["format"] == "round-robin" and cfg["strategies"] == NAMED
    assert cfg["players"] == [4] and cfg["seatings"] == "rotations"
    assert len(cfg.matchups) == 5 and all(len(m.seatings) == 4 for m in cfg.matchups)
    assert Counter(s for m in cfg.matchups for s in m.lineup) == {n: 4 for n in NAMED}
    counts = schedule.seat_counts(cfg.matchups)
    assert {counts[n, 4, seat] for n in NAMED for seat in range(4)} == {4}
