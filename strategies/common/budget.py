"""Budget levels of a search preset: `<preset>@<iterations>` (`mcts@400`) is the search
preset with its iteration budget set to `iterations`, everything else as the preset says.

The scaling ladder (`meeplab ladder GAME --scaling`) plays such levels against each other;
`resolve` gives their seats the preset's parameter row with the budget column replaced, so a
worker resolves a level from its name alone, like any preset.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from strategies.common import search
from strategies.common.registry import Registry, UnknownStrategy

SEP = "@"


def level_name(preset: str, iterations: int) -> str:
    """The name of `preset` at `iterations` search iterations per decision."""
    return f"{preset}{SEP}{iterations}"


def split(name: str) -> tuple[str, int | None]:
    """(preset, iterations) of a level name; (name, None) for any other name."""
    base, sep, tail = name.rpartition(SEP)
    if not sep or not tail.isdigit():
        return name, None
    return base, int(tail)


def resolver(registry: Registry, resolve: Callable[[list[str]], tuple[np.ndarray, np.ndarray]]
             ) -> Callable[[list[str]], tuple[np.ndarray, np.ndarray]]:
    """`resolve(seats)` also taking level names of the registry's search presets
    (UnknownStrategy for a level of another kernel or outside the search's budget bounds)."""
    def budgeted(seats: list[str], *args: object) -> tuple[np.ndarray, np.ndarray]:
        split_seats = [split(name) for name in seats]
        kernels, params = resolve([base for base, _ in split_seats], *args)
        for seat, (base, iterations) in enumerate(split_seats):
            if iterations is None:
                continue
            if registry.kernels[kernels[seat]] != search.KERNEL:
                raise UnknownStrategy(f"unknown strategy '{seats[seat]}' ({base} is not a "
                                      f"{search.KERNEL} preset, so it has no budget levels)")
            if not 1 <= iterations <= search.MAX_ITERATIONS:
                raise UnknownStrategy(f"unknown strategy '{seats[seat]}' (iterations out of "
                                      f"1..{search.MAX_ITERATIONS})")
            params[seat, search.ITERATIONS] = iterations
        return kernels, params
    return budgeted
