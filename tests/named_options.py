"""What every game's rule tests start from: its flat rules vector under switch overrides, a dealt
game at its first decision, and the legal options by name (the game's actions module codes an
option as a tag of its `OT` enumeration and a payload)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from core import games as catalogue
from core.common.trace import no_trace


def flat_rules(game: str, **switches: object) -> np.ndarray:
    """The game's flat rules vector under switch overrides (names as in its rules data)."""
    rules = catalogue.get(game).rules
    return rules.flatten(rules.load_tables(overrides=switches or None))


def dealt(game: str, n: int = 3, seed: int = 1, **switches: object
          ) -> tuple[np.ndarray, np.ndarray]:
    """(state at the first decision, rules vector) of an n-player game dealt from `seed`."""
    t = flat_rules(game, **switches)
    e = catalogue.get(game).engine
    s = e.new_game(t, n, seed)
    e.advance(s, t, no_trace())
    return s, t


class NamedOptions:
    """One game's legal options: their codes, (tag name, payload) pairs, and applying the one
    with a tag (`play` by name, the invariants checked after; `choose` by tag code)."""

    def __init__(self, game: str, tags: Any, tag: Callable[[int], int],
                 payload: Callable[[int], int]) -> None:
        self.engine = catalogue.get(game).engine
        self.tags, self.tag, self.payload = tags, tag, payload

    def codes(self, s: np.ndarray, t: np.ndarray) -> list[int]:
        """The legal options of the pending decision."""
        opts = np.zeros(self.engine.max_options, np.int32)
        n = self.engine.legal(s, t, opts)
        return [int(o) for o in opts[:n]]

    def decode(self, o: int) -> tuple[str, int]:
        """(tag name, payload) of an option."""
        return self.tags.keys[self.tag(o)], int(self.payload(o))

    def options(self, s: np.ndarray, t: np.ndarray) -> list[tuple[str, int]]:
        """(tag name, payload) of every legal option."""
        return [self.decode(o) for o in self.codes(s, t)]

    def _apply(self, s: np.ndarray, t: np.ndarray, name: str, payload: int | None,
               tr: np.ndarray | None) -> bool:
        """Apply the first legal option with this tag name (and payload), if there is one."""
        for o in self.codes(s, t):
            if self.decode(o)[0] == name and (payload is None or self.payload(o) == payload):
                self.engine.apply(s, t, np.int32(o), no_trace() if tr is None else tr)
                return True
        return False

    def play(self, s: np.ndarray, t: np.ndarray, name: str, payload: int | None = None,
             tr: np.ndarray | None = None) -> None:
        """Apply the legal option with this tag name (and payload); fails when there is none
        or the invariants break."""
        if not self._apply(s, t, name, payload, tr):
            raise AssertionError(f"no legal {name} {payload} in {self.options(s, t)}")
        assert self.engine.check_state(s, t) == 0, self.engine.check_state(s, t)

    def choose(self, s: np.ndarray, t: np.ndarray, tag: int, payload: int | None = None,
               tr: np.ndarray | None = None) -> None:
        """Apply the legal option with this tag code (and payload); fails when there is none."""
        if not self._apply(s, t, self.tags.keys[tag], payload, tr):
            kind = self.engine.decisions.keys[s[self.engine.decision_slot]]
            raise AssertionError(f"option {self.tags.keys[tag]}:{payload} not legal at {kind}; "
                                 f"legal: {self.options(s, t)}")
