"""Game-specific report sections, from each game's own breakdown columns.

A game module exposes `sections(df, rules) -> list[Section]`, where `rules` is the game's parsed
rules-data TOML ({} when unavailable) for labels; a game without a module gets none.
"""
from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from reports.games import cuba
from reports.html import Section
from reports.load import rules_data

GAMES: dict[str, Callable[[pd.DataFrame, dict], list[Section]]] = {"cuba": cuba.sections}


def game_sections(game: str, df: pd.DataFrame) -> list[Section]:
    """The sections of `game` for these results (none for an unknown game)."""
    make = GAMES.get(game)
    return make(df, rules_data(game)) if make else []
