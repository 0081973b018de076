"""Bad rules data, for every game's tables tests: the one-line error its rules file raises when
its default data is edited, parsed or as TOML text."""
from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core import games as catalogue

Edit = Callable[[dict], object]


def _one_line(info: pytest.ExceptionInfo) -> str:
    message = str(info.value)
    assert "\n" not in message, message
    return message


def raw_error(game: str, edit: Callable[[dict], object], step: str = "build_tables") -> str:
    """The message of the game's rules-data error that `step` (build_tables or validate)
    raises on a copy of its default data edited in place by `edit`; it must be one line."""
    rules = catalogue.get(game).rules
    raw = copy.deepcopy(rules.load_raw())
    edit(raw)
    with pytest.raises(rules.error) as info:
        getattr(rules, step)(raw)
    return _one_line(info)


def text_error(game: str, folder: Path, edit: Callable[[str], str]) -> str:
    """The message of the game's rules-data error that loading a copy of its rules file, its
    text changed by `edit`, raises; it must be one line."""
    rules = catalogue.get(game).rules
    path = folder / rules.default_path.name
    path.write_text(edit(rules.default_path.read_text()))
    with pytest.raises(rules.error) as info:
        rules.load_tables(path)
    return _one_line(info)


def replace_once(old: str, new: str) -> Callable[[str], str]:
    """A text edit: `old`, which must stand exactly once, replaced by `new`."""
    def apply(text: str) -> str:
        assert text.count(old) == 1, old
        return text.replace(old, new)
    return apply


class RawEdits:
    """A tables test's bad-data cases, each declared on its edit of the default data:
    `@cases.case(id, fragment)` above the edit, `cases.params()` to parametrise over them."""

    def __init__(self) -> None:
        self._params: list[Any] = []

    def case(self, case_id: str, fragment: str) -> Callable[[Edit], Edit]:
        """Register the decorated edit under case_id; its error must contain fragment."""
        def register(edit: Edit) -> Edit:
            self._params.append(pytest.param(edit, fragment, id=case_id))
            return edit
        return register

    def params(self) -> list[Any]:
        """(edit, fragment) pytest params, in declaration order."""
        return list(self._params)
