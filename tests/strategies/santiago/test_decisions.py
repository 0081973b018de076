"""Decisions a club player would not get wrong, on constructed states: each test names the
decision and the rule clause it turns on (shared rules, santiago-de-cuba.md)."""
from __future__ import annotations

import pytest

from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import state as S
from tests.santiago.helpers import B, K, at_drive, choose, drive_to, give_goods
from tests.strategies.santiago.helpers import NAMED, T, pick

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def at_harbour(ships: int, dice: tuple[int, ...], held: dict[int, int], value: int = 4,
               passes: int = 0):
    """A delivery round at goods value `value` with `ships` ships gone: the deciding player
    (the active one, or the next after `passes` passes) holds `held` besides the start goods."""
    s = at_drive(T, dice=dice)
    s[S.G.SHIPS] = ships
    s[S.G.VALUE] = value
    drive_to(s, T, C.HARBOUR)
    for _ in range(passes):
        choose(s, T, A.OT.PASS)
    for k, n in held.items():
        give_goods(s, int(s[S.G.CUR]), k, n)
    assert s[S.G.DK] == S.DK.DELIVER
    return s


@pytest.mark.parametrize("name", NAMED)
@pytest.mark.parametrize("ships, dice, held, passes", [
    (2, (1, 2, 0, 0, -1), {C.CI: 1}, 0),            # mid-game, citrus wanted
    (5, (-1, 0, 0, 0, 1), {C.CG: 1, C.CI: 3}, 0),    # the last cigar fills the 6th ship
    (6, (-1, 0, 0, 0, 1), {C.CG: 1, C.SU: 5}, 0),    # ... the 7th: the game ends
    (5, (-1, 0, 0, 2, 1), {C.RU: 2}, 2),             # two rivals passed already
])
def test_delivery_step_at_goods_value_4_delivers_rather_than_passes_SDC_R13_R18(
        name: str, ships: int, dice: tuple[int, ...], held: dict[int, int],
        passes: int) -> None:
    """At the last flag the ship leaves when this delivery round ends (full, SDC-R16, or on the
    chequered flag, SDC-R18) and a pass is final (SDC-R13, SDC-Q4): a good the ship wants is
    worth the goods value now or never."""
    s = at_harbour(ships, dice, held, passes=passes)
    tag, x = pick(name, s)
    assert tag == "deliver" and (x >> A.AMOUNT_SHIFT) < C.NDICE, (tag, x)


def mark(s, slot: int, owner: int) -> None:
    """A property marker of `owner` on building slot `slot`."""
    s[S.O.OWNER + slot] = owner
    s[S.pbase(owner) + S.P.MARKERS] -= 1


@pytest.mark.parametrize("name", NAMED)
def test_pawn_move_stays_rather_than_pay_a_rival_for_nothing_SDC_R10_R11(name: str) -> None:
    """After Pedro (white) the free white buildings are the bank and the church, both marked
    by P2 and of no use now (nothing to sell, every die of a held good at its top): moving
    there only pays P2 1 VP (SDC-R11); staying is free (SDC-R10, the move is optional)."""
    s = at_drive(T, dice=(3, 3, 3, 0, -1))
    mark(s, B["bank"], 1)
    mark(s, B["church"], 1)
    s[S.pbase(2) + S.P.PAWN] = B["casino"]
    s[S.pbase(0) + S.P.MONEY] = 1
    drive_to(s, T, K["pedro"])
    assert s[S.G.DK] == S.DK.MOVE and s[S.G.CUR] == 0
    assert pick(name, s) == ("stay", 0)
