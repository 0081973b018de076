"""Game-specific report sections, from each game's own breakdown columns.

A game's module reports/games/<game>.py exposes `sections(df, rules) -> list[Section]`, where
`rules` is the game's parsed rules-data TOML ({} when unavailable) for labels; it is found by
name, and a game without a module gets no extra sections.
"""
from __future__ import annotations

import importlib
from pathlib import Path

import pandas as pd

from reports.html import Section
from reports.load import rules_data


def game_sections(game: str, df: pd.DataFrame) -> list[Section]:
    """The sections of `game` for these results (none for a game without a module)."""
    if not (Path(__file__).parent / f"{game}.py").is_file():
        return []
    module = importlib.import_module(f"reports.games.{game}")
    return module.sections(df, rules_data(game))
