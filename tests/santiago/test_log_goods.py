"""Santiago's log says why a seat takes no goods: the bank (8 cubes of each kind, SDC-R4) has
none of the kind left."""
from __future__ import annotations

from core.common.trace import events, trace_buffer
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago import trace
from core.santiago.rules import take_goods
from core.santiago.tables import load_tables
from tests.santiago.helpers import at_drive, flat_tables, give_goods

TOBACCO = C.KIND_NAMES.index("tobacco")


def clauses(taken: int, left: int) -> list[str]:
    """The log clause of seat 0 asking for `taken` tobacco with `left` in the bank."""
    s = at_drive(flat_tables(), 4)
    give_goods(s, 1, TOBACCO, int(s[S.O.BANK + TOBACCO]) - left)
    tr = trace_buffer(10, S.STATE_SIZE)
    take_goods(s, tr, 0, TOBACCO, taken)
    tables = load_tables(overrides={"layout": "fixed"})
    return [trace.clause(row, tables) for row in events(tr)]


def test_SDC_R4_an_empty_bank_is_named_when_no_tobacco_is_taken():
    assert clauses(2, 0) == ["takes no tobacco: the bank has none left"]
    assert clauses(2, 1) == ["takes 1 tobacco"]
    assert clauses(0, 3) == ["takes no tobacco"]
