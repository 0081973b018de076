"""Game registry: each game's rules-data loader, play loops, strategy registry, trace decoder.

The CLI only talks to a `Game`. A game is found by its package strategies/<game>/game.py,
which names its rules loader, compiled loop, registry, records and trace decoder; nothing here
changes when a game is added.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from sim.errors import UserError, as_user_errors

STRATEGIES = Path(__file__).resolve().parents[1] / "strategies"


@dataclass(frozen=True)
class Game:
    """Everything the CLI needs from one game."""

    name: str
    load_tables: Callable[[dict[str, object] | None], Any]    # switch overrides -> tables
    switch_values: Callable[[dict[str, object] | None], dict[str, object]]
    switch_options: dict[str, tuple[object, ...]]             # switch name -> allowed values
    rules_data_hash: Callable[[], str]
    player_range: Callable[[Any], tuple[int, int]]            # tables -> (min, max)
    strategy_names: Callable[[], list[str]]
    resolve: Callable[[list[str]], tuple[np.ndarray, np.ndarray]]  # seat names -> kernels, params
    # (tables, n_players, seed, kernels, params, check=, trace=) -> GameResult(records, error,
    # trace)
    play_game: Callable[..., Any]
    # (tables, n_players, seeds, kernels, params, check=) -> (records[g, seat, col], errors[g])
    run_batch: Callable[..., tuple[np.ndarray, np.ndarray]]
    record_columns: Callable[[], list[str]]
    error_names: tuple[str, ...]                              # invariant-checker error names
    colours: tuple[str, ...]                                  # seat colours
    trace: ModuleType                                         # public_state, event_dict, ...
    # name, kernel, description, params of every strategy, for `meeplab strategies`
    strategy_info: Callable[[], list[dict[str, object]]]


def _bind(name: str, module: ModuleType) -> Game:
    """A Game from strategies/<name>/game.py, its errors turned into one-line UserErrors."""
    from strategies.common.registry import PresetError, UnknownStrategy

    registry = module.REGISTRY
    data = as_user_errors(module.RULES_ERRORS, f"fix configs/games/{name}.toml")
    presets = as_user_errors((PresetError,), f"fix configs/strategies/{name}.toml")
    return Game(
        name=name,
        load_tables=data(module.load_tables),
        switch_values=data(module.switch_values),
        switch_options=module.SWITCH_OPTIONS,
        rules_data_hash=data(module.rules_data_hash),
        player_range=module.player_range,
        strategy_names=presets(registry.names),
        resolve=as_user_errors((UnknownStrategy,), "see the registered names")(
            presets(registry.resolve)),
        play_game=module.play_game,
        run_batch=module.run_batch,
        record_columns=module.record_columns,
        error_names=module.ERROR_NAMES,
        colours=module.COLOURS,
        trace=module.TRACE,
        strategy_info=presets(registry.describe),
    )


def names() -> list[str]:
    """Every game: each strategies/<game>/ package with a game.py."""
    return sorted(p.parent.name for p in STRATEGIES.glob("*/game.py"))


def get(name: str) -> Game:
    """The game called `name`; UserError if there is none."""
    if name not in names():
        raise UserError(f"unknown game '{name}'", f"use one of: {', '.join(names())}")
    return _bind(name, importlib.import_module(f"strategies.{name}.game"))
