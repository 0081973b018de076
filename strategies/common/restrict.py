"""Restricted play: a seat forbidden one of its game's elements (core.common.elements) never
chooses an option that builds, uses or passes it, whatever its kernel.

A restricted strategy is named `<strategy>~<element>` (`greedy~building:sugar_mill`);
`resolve` gives its seat the strategy's parameter row with the restriction coded in the row's
last column (`CODE`: 1 + element + SPAN * seat; 0, as in every other row, means none). The
kernel dispatcher (strategies.common.dispatch) narrows the options through `narrower(game)`
before any kernel sees them: for the restricted seat it moves the allowed options to the front
of `opts` (in their order) and returns their number; for every other seat and row it returns
n at once. If every option is forbidden the seat decides as unrestricted (a fallback). The
search (strategies.common.search) narrows its tree's and its rollouts' options for that seat
the same way, so `mcts` plans without the element too.

The dispatcher of the play loop counts, in the restricted seat's row, its decisions (column
`DECISIONS`) and fallbacks (`FALLBACKS`); `runner(loop)` plays a batch in place so the caller
reads them back with `counts`. Kernels' own parameters never reach these columns
(registry.RESERVED).
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from core.common.game import Game
from core.common.loop import Loop, compiled_for
from core.common.trace import no_trace
from core.jit import njit
from strategies.common.registry import MAX_PARAMS, RESERVED, Registry, UnknownStrategy

SEP = "~"
SPAN = 64                 # element ids per seat in CODE
CODE, DECISIONS, FALLBACKS = MAX_PARAMS - 1, MAX_PARAMS - 2, MAX_PARAMS - 3
assert RESERVED == 4  # these three and the search's THINK_MS


def _narrow(params, s, t, opts, n):
    """Move the options the seat may choose to the front of opts[:n]; how many there are (n
    for a seat without restriction, or when every option is forbidden)."""
    last = params.shape[0] - 1   # the row's CODE column (a rollout row is a tail of a row)
    code = params[last]
    if code == 0.0:
        return n
    c = int(code) - 1
    if s[SEAT_SLOT] != c // SPAN:  # noqa: F821 (bound per game)
        return n
    bit = np.int64(1) << (c % SPAN)
    m = 0
    for i in range(n):
        o = opts[i]
        if (ELEMENTS_OF(s, t, o) & bit) == 0:  # noqa: F821
            opts[m] = o
            m += 1
    if COUNT:  # noqa: F821
        params[last - 1] += 1.0
        if m == 0:
            params[last - 2] += 1.0
    return m if m > 0 else n


@njit(_nrt=False)
def _no_elements(s, t, o):
    return np.int64(0)


@functools.cache
def narrower(game: Game, count: bool) -> Callable:
    """The compiled `narrow(params, s, t, opts, n) -> n` of the game (a no-op for a game
    without elements); `count`: tally decisions and fallbacks in the row (the play loop's
    dispatcher; not the search's look-ahead)."""
    of = game.elements.of if game.elements is not None else _no_elements
    namespace = {"ELEMENTS_OF": of, "SEAT_SLOT": game.engine.seat_slot, "COUNT": count}
    name = f"{game.name}_restrict{'_counted' if count else ''}"
    return compiled_for(_narrow, name, namespace, inline="always")


def restricted_name(strategy: str, element: str) -> str:
    """The name of `strategy` forbidden `element`."""
    return f"{strategy}{SEP}{element}"


def element_of(name: str) -> tuple[str, str | None]:
    """(strategy, element or None) of a seat's strategy name."""
    base, sep, element = name.partition(SEP)
    return base, (element if sep else None)


def resolve(game: Game, registry: Registry, seats: list[str],
            path: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """registry.resolve for seat names that may be restricted (`<strategy>~<element>`)."""
    split = [element_of(name) for name in seats]
    kernels, params = registry.resolve([base for base, _ in split], path)
    names = game.elements.names if game.elements is not None else ()
    for seat, (name, (_, element)) in enumerate(zip(seats, split)):
        if element is None:
            continue
        if element not in names:
            known = ", ".join(names) if names else f"none ({game.name} declares no elements)"
            raise UnknownStrategy(f"unknown element '{element}' in strategy '{name}' "
                                  f"(elements: {known})")
        params[seat, CODE] = 1 + names.index(element) + SPAN * seat
    return kernels, params


def runner(loop: Loop) -> Callable[..., tuple[np.ndarray, np.ndarray]]:
    """`loop.run_batch` playing on the caller's params (float64, C order) in place, so that
    `counts(params)` reads the restricted seats' tallies after the call."""
    def run_batch(tables: Any, n_players: int, seeds: np.ndarray, kernels: np.ndarray,
                  params: np.ndarray, check: bool = False) -> tuple[np.ndarray, np.ndarray]:
        if (params.dtype != np.float64 or not params.flags.c_contiguous
                or not params.flags.writeable):
            params = np.array(params, np.float64)  # a copy: its tallies are not read back
        return loop.play_batch(loop.flatten(tables), n_players, np.asarray(seeds, np.int64),
                               np.asarray(kernels, np.int32), params, check, no_trace())
    return run_batch


def counts(params: np.ndarray) -> tuple[int, int]:
    """(decisions, fallbacks) of the restricted seats of a played params matrix."""
    p = np.asarray(params)
    return int(p[:, DECISIONS].sum()), int(p[:, FALLBACKS].sum())


def is_restricted(seats: Sequence[str]) -> bool:
    """Whether any seat's strategy is restricted."""
    return any(SEP in name for name in seats)
