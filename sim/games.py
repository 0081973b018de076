"""Game registry: each game's rules-data loader, play loops, strategy registry, trace decoder.

The CLI only talks to a `Game`; a new game adds one loader function to GAMES.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from sim.errors import UserError, as_user_errors


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


def _cuba() -> Game:
    from core.cuba import check, codes, play, tables, trace
    from strategies.cuba import play as loops
    from strategies.cuba import registry

    data = as_user_errors((tables.RulesDataError,), "fix configs/games/cuba.toml")
    presets = as_user_errors((registry.PresetError,), "fix configs/strategies/cuba.toml")

    @data
    def load_tables(overrides: dict[str, object] | None) -> tables.CubaTables:
        return tables.load_tables(overrides=overrides)

    @data
    def switch_values(overrides: dict[str, object] | None) -> dict[str, object]:
        return tables.switch_values(tables.load_raw(), overrides)

    def player_range(t: tables.CubaTables) -> tuple[int, int]:
        return int(t.misc[codes.M_MIN_PLAYERS]), int(t.misc[codes.M_MAX_PLAYERS])

    return Game(
        name="cuba",
        load_tables=load_tables,
        switch_values=switch_values,
        switch_options={name: opts for name, (_, opts) in tables.SWITCH_OPTIONS.items()},
        rules_data_hash=data(tables.rules_data_hash),
        player_range=player_range,
        strategy_names=presets(registry.names),
        resolve=as_user_errors((registry.UnknownStrategy,), "see the registered names")(
            presets(registry.resolve)),
        play_game=loops.play_game,
        run_batch=loops.run_batch,
        record_columns=play.record_columns,
        error_names=check.ERR_NAMES,
        colours=codes.COLOURS,
        trace=trace,
        strategy_info=presets(registry.describe),
    )


GAMES: dict[str, Callable[[], Game]] = {"cuba": _cuba}


def get(name: str) -> Game:
    """The game called `name`; UserError if there is none."""
    if name not in GAMES:
        raise UserError(f"unknown game '{name}'", f"use one of: {', '.join(GAMES)}")
    return GAMES[name]()
