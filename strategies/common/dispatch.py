"""One compiled entry point for a game's strategy kernels, selected by kernel id per seat.

A game lists its kernel modules once, in its descriptor (core/<game>/game.py: `kernels`), and
gets its `decide` from `dispatcher` (strategies.common.bound): kernel id i (the module's index
in that list) calls that module's `choose`.
Each module defines KERNEL, DESCRIPTION, PARAMS (spec.py) and a compiled
`choose(params, s, t, opts, n, rng) -> index`. Every mix of kernels across seats runs through one
compilation. The kernels are the compiled function's globals, not arguments: numba cannot cache
a function that receives compiled functions as values (see core.common.loop.compiled_for).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

from core.common.loop import compiled_for

MAX_KERNELS = 8


def _decide(kernel, params, s, t, opts, n, rng):
    """Index into opts[:n] chosen by kernel id `kernel` with the seat's parameter row."""
    n = NARROW(params, s, t, opts, n)  # noqa: F821 (restricted play, strategies.common.restrict)
    if kernel == 1:
        return K1(params, s, t, opts, n, rng)  # noqa: F821 (bound per game)
    if kernel == 2:
        return K2(params, s, t, opts, n, rng)  # noqa: F821
    if kernel == 3:
        return K3(params, s, t, opts, n, rng)  # noqa: F821
    if kernel == 4:
        return K4(params, s, t, opts, n, rng)  # noqa: F821
    if kernel == 5:
        return K5(params, s, t, opts, n, rng)  # noqa: F821
    if kernel == 6:
        return K6(params, s, t, opts, n, rng)  # noqa: F821
    if kernel == 7:
        return K7(params, s, t, opts, n, rng)  # noqa: F821
    return K0(params, s, t, opts, n, rng)  # noqa: F821


def dispatcher(game: str, modules: Sequence[ModuleType], narrow: Callable) -> Callable:
    """The compiled `decide(kernel, params, s, t, opts, n, rng)` over the game's kernels, each
    seeing the options `narrow(params, s, t, opts, n) -> n` leaves it (restricted play)."""
    if not 1 <= len(modules) <= MAX_KERNELS:
        raise ValueError(f"{game}: {len(modules)} kernel modules; 1..{MAX_KERNELS} are supported")
    kernels = {f"K{i}": modules[i if i < len(modules) else 0].choose for i in range(MAX_KERNELS)}
    kernels["NARROW"] = narrow
    return compiled_for(_decide, game, kernels, inline="always")
