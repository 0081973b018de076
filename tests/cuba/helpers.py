"""Shared helpers for Cuba tests: tables, fresh states, applying options by tag."""
from __future__ import annotations

from functools import partial

import numpy as np

from core.cuba import actions as A
from core.cuba import state as S
from core.cuba.rules import advance, no_trace
from tests.named_options import NamedOptions, flat_rules


flat_tables = partial(flat_rules, "cuba")  # the flat rules vector with switch overrides
NAMED = NamedOptions("cuba", A.OT, A.tag_of, A.payload_of)
options = NAMED.codes    # the legal options of the pending decision
decode = NAMED.decode    # (tag name, payload) of an option
choose = NAMED.choose    # apply the legal option with this tag (and payload)


def started_game(t: np.ndarray, n_players: int = 4, seed: int = 1) -> np.ndarray:
    """A game past setup (everyone took 2 wood... see below), at the first character choice."""
    s = S.new_game(t, n_players, seed)
    advance(s, t, no_trace())
    while s[S.G.DK] == S.DK.SETUP_PIECES:
        # 1 wood + 1 stone, 1 citrus + 1 sugar for everyone
        v = (1 << 3 * 0) | (1 << 3 * 1) | (1 << 3 * 3) | (1 << 3 * 4)
        choose(s, t, A.OT.SETUP, v)
    return s
