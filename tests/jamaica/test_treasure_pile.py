"""The checker's treasure invariant for any pile size: the pile starts with misc.treasures_used
cards and each of the lairs with a token (JAM-R1, R2); a visit to a lair with its token takes
the token and, while the pile lasts, its top card (JAM-R13), so the pile always holds
max(0, tokens + used - lairs) cards."""
from __future__ import annotations

import numpy as np
import pytest

from core.jamaica import codes as C
from core.jamaica import rules as R
from core.jamaica import state as S
from core.jamaica.check import ERR_TREASURES, check_state, check_treasures
from core.jamaica.state import G, O, P
from core.jamaica.tables import build_tables, flatten, load_raw
from tests.jamaica.helpers import TR


def rules_with(used: int) -> np.ndarray:
    raw = load_raw()
    raw["misc"]["treasures_used"]["value"] = used
    return flatten(build_tables(raw))


@pytest.mark.parametrize("used", [1, 5, 9, 11])
def test_JAM_R1_R2_R13_pile_and_tokens_stay_in_step_whatever_the_pile(used):
    t = rules_with(used)
    s = S.new_game(t, 3, 1)
    R.advance(s, t, TR)
    lairs = [x for x in range(C.NSPACES) if t[C.T.SPACE_KIND + x] == C.LAIR]
    assert s[G.TPILE_N] == used and check_state(s, t) == 0
    for n, x in enumerate(lairs, 1):
        s[S.pbase(0) + P.POS] = x
        R.draw_treasure(s, t, TR, 0)
        assert s[G.TPILE_N] == max(0, used - n)
        assert check_treasures(s, t) == 0, (used, n)
    s[O.TOKEN + lairs[0]] = 1     # a token back without its card
    assert check_treasures(s, t) == (ERR_TREASURES if used > len(lairs) - 1 else 0)


def test_JAM_R13_a_pile_out_of_step_with_the_tokens_is_caught():
    t = rules_with(9)
    s = S.new_game(t, 3, 1)
    R.advance(s, t, TR)
    s[O.TOKEN + next(x for x in range(C.NSPACES) if t[C.T.SPACE_KIND + x] == C.LAIR)] = 0
    assert check_treasures(s, t) == ERR_TREASURES   # a token gone, no card drawn
