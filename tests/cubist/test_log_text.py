"""The Cubist log names what a player sees: cells as "r2c3" (a room's or the museum plan's row
and column, as the rules data writes them), artists by name with their card, installations
with their points, a card's die by its card; never a raw cell or card index."""
from __future__ import annotations

from core.common.trace import events
from core.cubist import codes as C
from core.cubist import rules as R
from core.cubist import trace as TRC
from core.cubist.codes import EV
from core.cubist.state import P
from core.cubist.tables import load_tables
from tests.cubist.helpers import B0, start

A07, I05, I09 = 6, 4, 8   # card indices of the default rules data


def sentences(*logged: tuple[int, int, int, int, int]) -> list[str]:
    """The log clauses of events (code, a, b, c, d) by seat 0, whose first held card is I05."""
    s, _ = start()
    s[B0 + P.HELD], s[B0 + P.HELD_N] = I05, 1
    tr = TRC.trace_buffer(20)
    for code, a, b, c, d in logged:
        R.log(tr, s, code, 0, a, b, c, d)
    return [TRC.clause(row, load_tables()) for row in events(tr)]


def test_CUBIST_R3_R26_museum_cells_are_named_by_row_and_column():
    cornerstone, placed = 2 * C.MCOLS, 1 * C.MCOLS + 2
    setup, museum = sentences((EV.SETUP, 0, cornerstone, 5, 0), (EV.MUSEUM_DIE, 1, 4, placed, 0))
    assert setup.endswith("cornerstone 5 at r3c1")
    assert museum == "puts a 4 into the museum at r2c3"


def test_CUBIST_R21_artists_by_name_and_room_cells_by_row_and_column():
    recruit, use, remove = sentences((EV.RECRUIT, 0, A07, 5 | 2 << 4, 0),
                                     (EV.USE, 0, A07, 0, 0),
                                     (EV.REMOVE, 1, 4 * C.GRID + 5, 3, 0))
    assert recruit == "recruits Gris (A07, slot 1) with 2 x 5"
    assert use == "uses Gris (A07, slot 1)"
    assert remove == "removes a 3 from room 2 r5c6"


def test_CUBIST_R22_R25_installations_with_points_and_card_dice_by_card():
    complete, reveal, card_die, warehouse = sentences(
        (EV.COMPLETE, 0, I09, 0, 0), (EV.NEW_CARD, 1, I05, 12, 0),
        (EV.MODIFY, 8 + 2 * 1, 2, 4, 0), (EV.MODIFY, 2, 3, 5, 0))
    assert complete == "completes I09 (6 points) in room 1"
    assert reveal == "installation I05 (4 points) revealed (12 in the deck)"
    assert card_die == "turns the die on I05 from 2 to 4"
    assert warehouse == "turns a 3 in the warehouse to 5"
