"""Game-specific report sections, from each game's own breakdown columns.

A game's report module (reports/games/<game>.py, named by the game's descriptor in
core/<game>/game.py) exposes `sections(df, rules) -> list[Section]`, where `rules` is the
game's parsed rules-data TOML ({} when unavailable) for labels. reports/ never imports core, so
whoever builds a report hands these functions in by game name (sim.games.report_sections); a
game not among them gets no extra sections.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from reports.html import Section
from reports.runs import rules_data

Sections = Callable[[pd.DataFrame, dict[str, Any]], list[Section]]


def game_sections(sections: Mapping[str, Sections], game: str,
                  df: pd.DataFrame) -> list[Section]:
    """The sections of `game` for these results (none when `sections` has none for it)."""
    make = sections.get(game)
    return make(df, rules_data(game)) if make else []
