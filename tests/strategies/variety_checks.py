"""The checks every game's `variety` tests share: a plan's opening varies with the decision
stream and only with variety, greedy stays deterministic, the same seed plays the same game."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

Opening = Callable[..., list[int]]  # opening(name, stream, variety=None) -> option codes


def assert_opening_varies_only_with_variety(opening: Opening, name: str,
                                            streams: Sequence[int]) -> None:
    assert len({tuple(opening(name, k)) for k in streams}) >= 2
    assert opening(name, 1) == opening(name, 1)
    assert len({tuple(opening(name, k, variety=0.0)) for k in streams[:3]}) == 1


def assert_greedy_deterministic(opening: Opening, streams: Sequence[int]) -> None:
    assert len({tuple(opening("greedy", k)) for k in streams[:3]}) == 1


def assert_same_seed_same_game(bound: Any, names: Sequence[str], tables: Any,
                               players: int) -> None:
    kernels, params = bound.registry.resolve(list(names))
    a, b, c = (bound.loop.play_game(tables, players, seed, kernels, params, trace=True)
               for seed in (3, 3, 4))
    assert np.array_equal(a.records, b.records) and np.array_equal(a.trace, b.trace)
    assert not np.array_equal(a.records, c.records)
