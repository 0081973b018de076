"""A game's strategies bound to its descriptor (core.common.game.Game), once per process: its
kernel modules (`game.kernels`, imported by their dotted names; a kernel's id is its index),
the compiled dispatcher over them, its preset registry (configs/strategies/<game>.toml) and the
shared play loop bound to the game's engine and that dispatcher.

Binding compiles nothing: each compiled function compiles, or loads from numba's cache, on its
first call, once per game whatever the mix of strategies.
"""
from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple

from core import games
from core.common.game import Game
from core.common.loop import Loop, bind
from strategies.common.dispatch import dispatcher
from strategies.common.registry import Registry
from strategies.common.restrict import narrower


class Bound(NamedTuple):
    """One game's kernels, dispatcher, registry and play loop."""

    modules: tuple[ModuleType, ...]  # kernel modules; a kernel's id is its index
    decide: Callable                 # decide(kernel, params, s, t, opts, n, rng) -> option index
    registry: Registry
    loop: Loop


@functools.cache
def bound(game: Game) -> Bound:
    """The game's strategies and play loop (cached: one binding per game and process)."""
    modules = tuple(importlib.import_module(name) for name in game.kernels)
    decide = dispatcher(game.name, modules, narrower(game, count=True),
                        remake=f"{__name__}:by_name:{game.name}")
    return Bound(modules, decide, Registry(game.name, modules), bind(game, decide))


def by_name(name: str) -> Bound:
    """bound() of the game called `name` (how another process makes the same slots)."""
    return bound(games.get(name))
