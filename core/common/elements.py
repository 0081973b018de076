"""A game's elements for restricted play: the named things an option can build, use or pass
(Cuba's buildings, characters and statute cards, ...), declared once in the game's descriptor
(`Game.elements`).

`names[e]` is element e's name, `"<group>:<key>"` with the key as the rules TOML spells it
(`building:sugar_mill`); `of(s, t, option)` is a compiled function giving the bit mask of the
elements the option builds, uses or passes in state s (bit e for element e; 0 for none).
Restricted play (strategies.common.restrict) forbids a seat every option whose mask holds
its element.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_ELEMENTS = 63  # bits of an int64 mask


@dataclass(frozen=True)
class Elements:
    """A game's elements: their names and the compiled option -> element mask."""

    names: tuple[str, ...]
    of: Callable[..., Any]  # compiled (s, t, option) -> int64 mask of element ids

    def __post_init__(self) -> None:
        if not 1 <= len(self.names) <= MAX_ELEMENTS or len(set(self.names)) != len(self.names):
            raise ValueError(f"elements: {len(self.names)} names; 1..{MAX_ELEMENTS} distinct "
                             f"names are supported")

    def groups(self) -> tuple[str, ...]:
        """The names' groups (the part before ':'), in first-seen order."""
        return tuple(dict.fromkeys(n.split(":", 1)[0] for n in self.names))

    def select(self, wanted: list[str]) -> list[str]:
        """The names matching `wanted` (each a whole name or a group); KeyError names the first
        that matches none."""
        out: list[str] = []
        for w in wanted:
            hits = [n for n in self.names if n == w or n.split(":", 1)[0] == w]
            if not hits:
                raise KeyError(w)
            out += [n for n in hits if n not in out]
        return out
