"""The Cubist kernels' room fits: the plan placements found once per decision value a placement
exactly as the search does (interpreted; whole games of every strategy:
tests/strategies/test_whole_games.py)."""
from __future__ import annotations

import numpy as np
import pytest

from core.cubist import actions as A
from core.cubist import state as S
from core.cubist.game import GAME
from core.cubist.state import G, P
from strategies.common.bound import bound
from strategies.cubist import values
from tests.cubist.helpers import play, start

CUBIST = bound(GAME)
REGISTRY = CUBIST.registry


@pytest.mark.parametrize("mirror", [False, True])
def test_fit_from_plan_placements_equals_the_search_at_every_placement(mirror: bool) -> None:
    """values.fit_added (the rooms' plan placements found once per decision) gives the room's
    fit with one more die exactly as values.fit_with (the search), for every placement option
    of a game of plans, and best_place from them equals best_place on an edited state."""
    kernels, params = REGISTRY.resolve(["architect", "sculptor", "patron"])
    s, t = start(3, seed=5, allow_mirror=mirror)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    checked = 0
    while s[G.PHASE] != S.PH.OVER and checked < 400:
        n = A.legal(s, t, opts)
        p = s[G.CUR]
        if s[G.DK] == S.DK.MAIN and s[G.ROLLED] == 1:
            b = S.pbase(p)
            worths = values.display_worths(params[p], s, t, np.zeros(4))
            lays = np.zeros(values.LAYS, np.int32)
            bases = np.zeros(2)
            for room in range(2):
                nd = s[b + P.ROOM_N + room]
                bases[room] = values.fresh_room(s, t, worths) if nd == 0 else \
                    values.fit(params[p], s, t, S.room_at(b, room), nd, worths)
            for o in opts[:n]:
                x = A.payload(o)
                room, cell = A.dest(x)
                nd = s[b + P.ROOM_N + room]
                if A.tag(o) == A.OT.PLACE and nd > 0:
                    v = S.src_value(s, b, x >> A.SRC_SHIFT)
                    assert values.fit_added(params[p], s, t, b, room, cell, v, worths, lays) \
                        == values.fit_with(params[p], s, t, S.room_at(b, room), nd, cell, v,
                                           worths)
                    checked += 1
            for v in range(1, 7):
                assert values.best_place(params[p], s, t, b, v, worths, lays, bases, True) == \
                    values.best_place(params[p], s, t, b, v, worths, lays, bases, False)
        i = CUBIST.decide(kernels[p], params[p], s, t, opts, n, np.array([p + 1], np.uint64))
        play(s, t, A.OT.keys[A.tag(opts[i])], int(A.payload(opts[i])))
    assert checked >= 100
