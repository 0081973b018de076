"""One game's session, below the command line: the checked set-up of a game (rules tables under
a variant, one strategy per seat) and the trace header and final line of a game it played.

`meeplab play`, `meeplab replay`, the replay pages and the profilers share it; nothing here
imports the CLI (tests/test_imports.py).
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from core.common.overlay import split
from sim.games import PlayableGame, get as get_game
from sim.options import Variant, check_players, parse_variants, seat_strategies

TRACE_FORMAT, TRACE_VERSION = "meeplab-trace", 1


class Setup(NamedTuple):
    """A checked game set-up."""

    game: PlayableGame
    tables: Any
    variant: Variant
    seats: list[str]
    kernels: np.ndarray
    params: np.ndarray


def prepare(game_name: str, players: int, strategies: str, variants: list[str]) -> Setup:
    """Game, rules tables under the variant, and one strategy per seat (UserError)."""
    game = get_game(game_name)
    variant = parse_variants(variants, game.name, game.switch_options)
    tables = game.load_tables(variant.values or None)
    check_players(players, game.player_range(tables))
    seats = seat_strategies(strategies, players, game)
    kernels, params = game.resolve(seats)
    return Setup(game, tables, variant, seats, kernels, params)


def column(setup: Setup, records: np.ndarray, name: str) -> np.ndarray:
    """One record column (game.record_columns() name) for every seat."""
    return records[:, setup.game.record_columns().index(name)]


def final_summary(setup: Setup, records: np.ndarray, error: int) -> dict[str, Any]:
    """The final line's content: scores, ranks, win shares, money (per seat), error name."""
    def ints(name: str) -> list[int]:
        return [int(v) for v in column(setup, records, name)]
    return {"scores": ints("score"), "ranks": ints("rank"),
            "win_shares": [float(v) for v in column(setup, records, "win_share")],
            "money": ints("money"),
            "error": setup.game.error_names[error] if error else None}


def trace_header(setup: Setup, seed: int) -> dict[str, Any]:
    """First line of a JSON-lines trace."""
    game = setup.game
    return {"format": TRACE_FORMAT, "version": TRACE_VERSION, "game": game.name,
            "players": len(setup.seats),
            "variant": game.switch_values(setup.variant.values or None),
            "variant_name": setup.variant.name,
            "variant_data": split(setup.variant.values)[1],
            "seed": seed, "strategies": setup.seats, "rules_data_hash": game.rules_data_hash(),
            "colours": list(game.colours[:len(setup.seats)])}
