"""Shared helper of the games' element tests (tests/<game>/test_elements.py)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from core import games


def element_names(game: str, s: np.ndarray, t: np.ndarray,
                  key: Callable[[int], Any]) -> dict[Any, list[str]]:
    """key(option) -> the names of the elements the option builds, uses or passes, for every
    legal option of state s."""
    descriptor = games.get(game)
    opts = np.zeros(descriptor.engine.max_options, np.int32)
    n = descriptor.engine.legal(s, t, opts)
    names = descriptor.elements.names
    out = {}
    for o in opts[:n]:
        mask = int(descriptor.elements.of(s, t, o))
        out[key(int(o))] = [name for i, name in enumerate(names) if (mask >> i) & 1]
    return out
