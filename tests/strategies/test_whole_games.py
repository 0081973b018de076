"""Every Cubist and Siberia strategy plays a whole game in seat 0 against random (interpreted):
a legal choice at each of its decisions, the same whatever the hidden part of the state (redrawn
by the game's sampler), the state left as it was, the invariants kept after every move, and the
decision kinds its strategy should meet met."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from core import games as catalogue
from core.common.trace import no_trace
from strategies.common.bound import bound
from tests.cubist.helpers import start as cubist_start
from tests.named_options import dealt


@dataclass(frozen=True)
class Case:
    """One game's strategies and the decision kinds seat 0 meets with them."""

    named: tuple[str, ...]          # its strategies besides random
    every: frozenset[str]           # kinds every strategy meets
    plans: frozenset[str]           # kinds every strategy but random meets
    only: bool                      # no other kinds


CASES = {
    "cubist": Case(("sculptor", "architect", "patron", "greedy"), frozenset({"main"}),
                   frozenset({"store"}), only=False),
    "siberia": Case(("staff_first", "resource_rush", "greedy"),
                    frozenset({"discover", "main", "pay"}), frozenset(), only=True),
}
DEALS = {"cubist": lambda: cubist_start(3, seed=21),  # seat 0 moves first
         "siberia": lambda: dealt("siberia", 3, seed=21)}


@pytest.mark.parametrize("game, name", [(g, n) for g, case in CASES.items()
                                        for n in case.named + ("random",)])
def test_every_strategy_finishes_a_game_legally_blind_to_the_hidden_part(game: str,
                                                                          name: str) -> None:
    descriptor, case = catalogue.get(game), CASES[game]
    e, strategies = descriptor.engine, bound(descriptor)
    kernels, params = strategies.registry.resolve([name, "random", "random"])
    s, t = DEALS[game]()
    opts = np.zeros(e.max_options, np.int32)
    seen = set()
    rngs = np.array([[1], [2], [3]], np.uint64)
    while s[e.phase_slot] != e.over_phase:
        n = e.legal(s, t, opts)
        p = s[e.seat_slot]
        i = 0
        if n > 1:
            if p == 0:
                seen.add(e.decisions.keys[s[e.decision_slot]])
                other = s.copy()  # another truth for what seat 0 cannot see
                descriptor.hidden(other, t, 0, np.array([99], np.uint64))
                j = strategies.decide(kernels[p], params[p], other, t, opts, n, rngs[p].copy())
            before = s.copy()
            i = strategies.decide(kernels[p], params[p], s, t, opts, n, rngs[p])
            np.testing.assert_array_equal(before, s)
            assert 0 <= i < n and (p != 0 or i == j)
        e.apply(s, t, opts[i], no_trace())
        assert e.check_state(s, t) == 0
    assert case.every <= seen and (name == "random" or case.plans <= seen)
    assert not case.only or seen == case.every, seen
