"""Legal options by name, for the rule tests of a game whose options carry a tag (actions.py:
an `OT` enumeration, `tag`, `payload`, `legal`, `MAX_OPTIONS`): Siberia and Jamaica."""
from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np


class NamedOptions:
    """`options` and `play` of one game's engine modules."""

    def __init__(self, actions: ModuleType, rules: ModuleType,
                 check_state: Callable[[np.ndarray, np.ndarray], int], tr: np.ndarray) -> None:
        self.actions, self.rules, self.check_state, self.tr = actions, rules, check_state, tr

    def options(self, s: np.ndarray, t: np.ndarray) -> list[tuple[str, int]]:
        """(tag name, payload) of every legal option."""
        a = self.actions
        opts = np.zeros(a.MAX_OPTIONS, np.int32)
        n = a.legal(s, t, opts)
        return [(a.OT.keys[a.tag(o)], int(a.payload(o))) for o in opts[:n]]

    def play(self, s: np.ndarray, t: np.ndarray, name: str, payload: int | None = None,
             tr: np.ndarray | None = None) -> None:
        """Apply the legal option with this tag (and payload); fails when there is none."""
        a = self.actions
        opts = np.zeros(a.MAX_OPTIONS, np.int32)
        n = a.legal(s, t, opts)
        for o in opts[:n]:
            if a.OT.keys[a.tag(o)] == name and (payload is None or a.payload(o) == payload):
                self.rules.apply(s, t, o, self.tr if tr is None else tr)
                assert self.check_state(s, t) == 0
                return
        raise AssertionError(f"no legal {name} {payload} in {self.options(s, t)}")
