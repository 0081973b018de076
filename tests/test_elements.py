"""Every game declares its elements for restricted play (core.common.elements): named
`group:key`, at most 63, and at the decisions of random games every option's mask names only
declared elements, each group being met."""
from __future__ import annotations

import numpy as np
import pytest

from core import games
from core.common.elements import MAX_ELEMENTS, Elements
from core.common.trace import trace_buffer


@pytest.mark.parametrize("name", games.names())
def test_every_game_declares_named_elements(name):
    elements = games.get(name).elements
    assert isinstance(elements, Elements)
    assert 1 <= len(elements.names) <= MAX_ELEMENTS
    assert all(n.count(":") == 1 and all(n.split(":")) for n in elements.names)


def test_select_by_name_or_group_and_refuse_unknown():
    e = games.get("cuba").elements
    assert e.select(["building:saw_mill"]) == ["building:saw_mill"]
    assert e.select(["character", "character:mayor"]) == [n for n in e.names
                                                          if n.startswith("character:")]
    with pytest.raises(KeyError):
        e.select(["palace"])


@pytest.mark.parametrize("name", games.names())
def test_random_games_meet_only_declared_elements_and_every_group(name):
    game = games.get(name)
    e, elements = game.engine, game.elements
    tables = game.rules.load_tables()
    t = game.rules.flatten(tables)
    players = min(3, game.player_range(tables)[1])
    opts = np.zeros(e.max_options, np.int32)
    tr = trace_buffer(1, e.state_size)
    seen = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        s = e.new_game(t, players, seed)
        e.advance(s, t, tr)
        while s[e.phase_slot] != e.over_phase:
            n = e.legal(s, t, opts)
            for o in opts[:n]:
                seen |= int(elements.of(s, t, o))
            e.apply(s, t, opts[rng.integers(n)], tr)
    assert seen >> len(elements.names) == 0
    met = {elements.names[i].split(":")[0] for i in range(len(elements.names)) if seen >> i & 1}
    assert met == set(elements.groups())
