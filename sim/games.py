"""Game registry: each game's rules-data loader, play loops, strategy registry, trace decoder.

The CLI only talks to a `Game`. A game is found by its package strategies/<game>/game.py; the
rest (rules loader, compiled loop, registry, records, trace decoder) comes from the layout every
core/<game>/ and strategies/<game>/ share, so nothing here changes when a game is added.
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


def _bind(name: str) -> Game:
    """A Game from the packages core/<name>/ and strategies/<name>/ by their shared layout
    (tables, check, trace, play; dispatch, registry, play) and strategies/<name>/game.py (its
    COLOURS and player_range); errors turned into one-line UserErrors."""
    from core.common.overlay import OverlayError
    from strategies.common.registry import PresetError, UnknownStrategy
    from strategies.common.variants import loaders

    def module(package: str, part: str) -> ModuleType:
        return importlib.import_module(f"{package}.{name}.{part}")

    tables, check, records = (module("core", m) for m in ("tables", "check", "play"))
    loops, spec = module("strategies", "play"), module("strategies", "game")
    registry = module("strategies", "registry").REGISTRY
    load_tables, switch_values = loaders(tables)
    data = as_user_errors((tables.RulesDataError, OverlayError), f"fix configs/games/{name}.toml")
    presets = as_user_errors((PresetError,), f"fix configs/strategies/{name}.toml")
    return Game(
        name=name,
        load_tables=data(load_tables),
        switch_values=data(switch_values),
        switch_options={key: opts for key, (_, opts) in tables.SWITCH_OPTIONS.items()},
        rules_data_hash=data(tables.rules_data_hash),
        player_range=spec.player_range,
        strategy_names=presets(registry.names),
        resolve=as_user_errors((UnknownStrategy,), "see the registered names")(
            presets(registry.resolve)),
        play_game=loops.play_game,
        run_batch=loops.run_batch,
        record_columns=records.record_columns,
        error_names=check.ERR_NAMES,
        colours=spec.COLOURS,
        trace=module("core", "trace"),
        strategy_info=presets(registry.describe),
    )


def names() -> list[str]:
    """Every game: each strategies/<game>/ package with a game.py."""
    return sorted(p.parent.name for p in STRATEGIES.glob("*/game.py"))


def get(name: str) -> Game:
    """The game called `name`; UserError if there is none."""
    if name not in names():
        raise UserError(f"unknown game '{name}'", f"use one of: {', '.join(names())}")
    return _bind(name)
