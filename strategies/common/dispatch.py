"""One compiled entry point for a game's strategy kernels, selected by kernel id per seat.

A game lists its kernel modules once, in its descriptor (core/<game>/game.py: `kernels`), and
gets its `decide` from `dispatcher` (strategies.common.bound): kernel id i (the module's index
in that list) calls that module's `choose`.
Each module defines KERNEL, DESCRIPTION, PARAMS (spec.py) and a compiled
`choose(params, s, t, opts, n, rng) -> index`. Every mix of kernels across seats runs through one
compilation. The kernels are the compiled function's globals, not arguments: numba cannot cache
a function that receives compiled functions as values (see core.common.loop.compiled_for).
Every kernel but one compiled inline (random) is called through a core.late slot instead:
compiled apart from the play loop, only once a seat plays it, and side by side with the other
parts that compile (core.late.fill_all). `decide` fills the slots of the kernel ids it is
called with from Python, and the play loop those of its seats (with its own) before it plays.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np
from numba import types

from core.common.loop import compiled_for
from core.jit import inlined, interpreted
from core.late import Slot, fill_all, slot

MAX_KERNELS = 8
# a kernel's arguments as the play loop passes them: (params row, s, t, opts, n, rng)
ARGS = (types.float64[::1], types.int32[::1], types.int32[::1], types.int32[::1], types.int64,
        types.uint64[::1])


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


def dispatcher(game: str, modules: Sequence[ModuleType], narrow: Callable,
               remake: str | None = None) -> Callable:
    """The compiled `decide(kernel, params, s, t, opts, n, rng)` over the game's kernels, each
    seeing the options `narrow(params, s, t, opts, n) -> n` leaves it (restricted play).
    Its `late_slots(kernel_ids)` are the slots those kernels are called through; `remake`
    (core.late.fill_all) lets other processes compile them."""
    if not 1 <= len(modules) <= MAX_KERNELS:
        raise ValueError(f"{game}: {len(modules)} kernel modules; 1..{MAX_KERNELS} are supported")
    kernels = {f"K{i}": modules[i if i < len(modules) else 0].choose for i in range(MAX_KERNELS)}
    late = {} if interpreted() else {  # one slot a kernel, whichever dispatcher calls it
        i: slot(f"meeplab_{game.split('_')[0]}_kernel{i}", m.choose, ARGS, types.int64)
        for i, m in enumerate(modules) if not inlined(m.choose)}
    kernels.update({f"K{i}": s.call for i, s in late.items()})
    kernels["NARROW"] = narrow
    slots = functools.partial(_late_slots, late)
    prepare = {"_prepare": lambda ids: fill_all(slots(ids), remake)} if late else {}
    decide = compiled_for(_decide, game, kernels, inline="always", **prepare)
    decide.late_slots, decide.remake = slots, remake
    return decide


def _late_slots(late: dict[int, Slot], kernel_ids: Any) -> list[Slot]:
    """The slots of the kernels among kernel_ids that are called through one, then those
    their kernels call (`choose.calls`: the search's rollout policies)."""
    used = set(np.ravel(kernel_ids).tolist())
    slots = [s for i, s in late.items() if i in used]
    calls = [c for s in slots for c in getattr(s.fn, "calls", ())]
    return slots + [c for c in dict.fromkeys(calls) if c not in slots]
