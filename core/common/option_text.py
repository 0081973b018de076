"""Legal options as short readable texts ("ship 2 Ci + 1 Su on dock 1 (S04)", "bid $4"): the shape
every game's core/<game>/option_text.py fills in (pure Python, no numba).

An option is an int32 `tag << shift | payload` (core.common.options); a game declares, per tag
of its enumeration `OT`, how to word the payload at the decision's state: `OptionTexts` of
that table is the game's `option_text(option, s, tables) -> str`, the descriptor's
`option_text`. The texts name only what the deciding seat may see.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

# (payload, state at the decision, rules tables) -> the option's text
PayloadText = Callable[[int, np.ndarray, Any], str]


def split(option: int, shift: int) -> tuple[int, int]:
    """(tag, payload) of an option code whose payload takes the low `shift` bits."""
    option = int(option)
    return option >> shift, option & ((1 << shift) - 1)


class OptionTexts:
    """A game's `option_text(option, s, tables) -> str`: the text of each option tag's payload
    at the state `s` of the decision it is legal at; `tag(option)` names its tag."""

    def __init__(self, tags: Any, shift: int, texts: Mapping[int, PayloadText]) -> None:
        missing = [key for code, key in enumerate(tags.keys) if code not in texts]
        if missing or len(texts) != len(tags.keys):
            raise ValueError(f"option texts must cover exactly the tags {tags.keys}; "
                             f"missing: {missing}")
        self.tags, self.shift, self.texts = tags, shift, dict(texts)

    def __call__(self, option: int, s: np.ndarray, tables: Any) -> str:
        tag, payload = split(option, self.shift)
        return self.texts[tag](payload, s, tables)

    def tag(self, option: int) -> str:
        """The key of the option's tag ("load", "bid")."""
        return self.tags.keys[split(option, self.shift)[0]]


_FLAT: list[tuple[Any, np.ndarray]] = []


def flat_rules(tables: Any, flatten: Callable[[Any], np.ndarray]) -> np.ndarray:
    """`flatten(tables)`, the flat rules vector the engine's helpers read, kept for the last
    tables asked for (the texts of one decision share it)."""
    if not _FLAT or _FLAT[0][0] is not tables:
        _FLAT[:] = [(tables, flatten(tables))]
    return _FLAT[0][1]


def py(fn: Callable) -> Callable:
    """The plain Python function behind a compiled engine helper (itself when interpreted)."""
    return getattr(fn, "py_func", fn)


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th'."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
