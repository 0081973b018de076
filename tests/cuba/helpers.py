"""Shared helpers for Cuba tests: tables, fresh states, applying options by tag."""
from __future__ import annotations

import numpy as np

from core.cuba import actions as A
from core.cuba import state as S
from core.cuba.rules import advance, apply, no_trace
from core.cuba.tables import flatten, load_tables


def flat_tables(**overrides) -> np.ndarray:
    """Flat rules vector with switch overrides (names as in configs/games/cuba.toml)."""
    return flatten(load_tables(overrides=overrides or None))


def options(s: np.ndarray, t: np.ndarray) -> list[int]:
    """Legal options of the pending decision."""
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    n = A.legal(s, t, opts)
    return [int(o) for o in opts[:n]]


def decode(o: int) -> tuple[str, int]:
    """(tag name, payload) of an option."""
    return A.OT.keys[A.tag_of(o)], A.payload_of(o)


def choose(s: np.ndarray, t: np.ndarray, tag: int, payload: int | None = None) -> None:
    """Apply the legal option with this tag (and payload); fail if it is not legal."""
    for o in options(s, t):
        if A.tag_of(o) == tag and (payload is None or A.payload_of(o) == payload):
            apply(s, t, np.int32(o), no_trace())
            return
    raise AssertionError(f"option {A.OT.key(tag)}:{payload} not legal at "
                         f"{S.DK.key(s[S.G.DK])}; legal: {[decode(o) for o in options(s, t)]}")


def started_game(t: np.ndarray, n_players: int = 4, seed: int = 1) -> np.ndarray:
    """A game past setup (everyone took 2 wood... see below), at the first character choice."""
    s = S.new_game(t, n_players, seed)
    advance(s, t, no_trace())
    while s[S.G.DK] == S.DK.SETUP_PIECES:
        # 1 wood + 1 stone, 1 citrus + 1 sugar for everyone
        v = (1 << 3 * 0) | (1 << 3 * 1) | (1 << 3 * 3) | (1 << 3 * 4)
        choose(s, t, A.OT.SETUP, v)
    return s
