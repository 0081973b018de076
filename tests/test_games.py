"""Every game of the catalogue (core/games.py) declares a consistent descriptor: what the loop,
sim, the reports and the tests read from it is there and agrees with the engine (interpreted;
a new game gets these checks by its line in the catalogue)."""
from __future__ import annotations

import importlib

import pytest

from core.common.errors import LOOP_ERR_NAMES
from core.common.game import Game
from core.common.option_text import OptionTexts
from core.common.records import HEAD_NAMES
from core import games as catalogue
from strategies.common.bound import bound
from strategies.common.dispatch import MAX_KERNELS

TRACE_API = ("public_state", "event_dict", "log_lines", "write_jsonl", "player_label")
GAMES = {name: catalogue.get(name) for name in catalogue.names()}


def test_names_titles_and_clause_prefixes_are_unique() -> None:
    for key, game in GAMES.items():
        assert key == game.name and game.name.isidentifier() and game.name.islower()
        assert game.title and game.clause_prefix.isupper()
    for field in ("title", "clause_prefix"):
        values = [getattr(g, field) for g in GAMES.values()]
        assert len(set(values)) == len(values), field


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_descriptor_agrees_with_its_engine(game: Game) -> None:
    assert len(game.record_columns) == game.engine.nrec
    assert game.record_columns[:len(HEAD_NAMES)] == HEAD_NAMES
    assert len(set(game.record_columns)) == len(game.record_columns)
    assert game.error_names[:len(LOOP_ERR_NAMES)] == LOOP_ERR_NAMES
    low, high = game.player_range(game.rules.load_tables())
    assert 1 <= low <= high <= min(len(game.colours), game.engine.seats)
    assert all(callable(getattr(game.trace, name)) for name in TRACE_API)
    assert callable(game.hidden)  # the sampler (core/<game>/hidden.py; tests/test_hidden.py)
    # option texts (core/<game>/option_text.py; tests/test_decision_kinds.py words them)
    assert isinstance(game.option_text, OptionTexts)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_kernels_presets_and_report_module_exist(game: Game) -> None:
    modules = bound(game).modules
    assert 1 <= len(modules) <= MAX_KERNELS
    names = [m.KERNEL for m in modules]
    assert "random" in names and len(set(names)) == len(names)
    for m in modules:
        assert m.DESCRIPTION and callable(m.choose) and isinstance(m.PARAMS, tuple)
    assert bound(game).registry.path.is_file()
    if game.report is not None:
        assert callable(importlib.import_module(game.report).sections)
