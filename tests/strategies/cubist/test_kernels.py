"""Every Cubist strategy makes a legal choice at every decision point without changing the
state, and decides the same whatever the hidden part of the state (decks, future dice)
(interpreted)."""
from __future__ import annotations

import numpy as np
import pytest

from core.cubist import actions as A
from core.cubist import state as S
from core.cubist.game import GAME
from core.cubist.hidden import sample_hidden
from strategies.common.bound import bound
from tests.cubist.helpers import play, start

NAMED = ("sculptor", "architect", "patron", "greedy")
CUBIST = bound(GAME)
REGISTRY = CUBIST.registry


@pytest.mark.parametrize("name", NAMED + ("random",))
def test_every_strategy_finishes_a_game_legally_blind_to_the_hidden_part(name: str) -> None:
    kernels, params = REGISTRY.resolve([name, "random", "random"])
    s, t = start(3, seed=21)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    seen = set()
    shuffler = np.array([99], np.uint64)
    while s[S.G.PHASE] != S.PH.OVER:
        n = A.legal(s, t, opts)
        p = s[S.G.CUR]
        i = 0
        if n > 1:
            i = CUBIST.decide(kernels[p], params[p], s, t, opts, n, np.array([p + 1], np.uint64))
            if p == 0:
                seen.add(int(s[S.G.DK]))
                before = s.copy()
                other = s.copy()
                sample_hidden(other, t, 0, shuffler)  # another truth for what seat 0 can't see
                j = CUBIST.decide(kernels[p], params[p], other, t, opts, n,
                                  np.array([p + 1], np.uint64))
                assert i == j
                np.testing.assert_array_equal(before, s)
        assert 0 <= i < n
        play(s, t, A.OT.keys[A.tag(opts[i])], int(A.payload(opts[i])))
    assert S.DK.MAIN in seen and (name == "random" or S.DK.STORE in seen)
