"""core.common.layout: declared layouts, enumerations and decision kinds, interpreted and
compiled alike."""
import numpy as np
import pytest

from core.common.layout import Decision, block, decisions, enum, table
from tests.engines import run_compiled

G = block("G", (("NP", 1, "players"), ("CTX", 3)), aliases={"GAINS": "CTX"})
O = block("O", (("MARKET", 5), ("PILE", 2)), start=G.SIZE)
EV = enum("EV", ("ROUND", "BUY"), start=0)
DK = decisions("DK", (Decision("SETUP", "X-R1", "starting pieces"),
                      Decision("BID", "X-R2", "the bid", ("secret", "in_turn")),
                      Decision("MOVE", "X-R3", "a move", ("in_turn",))))


def test_offsets_follow_the_declaration() -> None:
    assert (G.NP, G.CTX, G.GAINS, G.SIZE) == (0, 1, 1, 4)
    assert (O.MARKET, O.PILE, O.SIZE) == (4, 9, 11)
    assert O.names() == ("MARKET", "PILE")
    assert G.field("GAINS").size == 3 and G.field("NP").doc == "players"
    s = np.arange(O.SIZE)
    assert O.view(s, "PILE").tolist() == [9, 10]
    assert O.view(s, "MARKET", base=1).tolist() == [5, 6, 7, 8, 9]


def test_enumerations_and_decision_kinds() -> None:
    assert (EV.ROUND, EV.BUY) == (0, 1) and EV.key(EV.BUY) == "buy" and EV.code("round") == 0
    assert (DK.NONE, DK.SETUP, DK.BID, DK.MOVE) == (0, 1, 2, 3)
    assert DK.keys == ("none", "setup", "bid", "move")
    assert DK.mask("secret") == 1 << DK.BID
    assert DK.mask("in_turn") == (1 << DK.BID) | (1 << DK.MOVE)
    assert DK.with_prop("in_turn") == ("BID", "MOVE")
    with pytest.raises(ValueError):
        DK.mask("nothing")


def test_a_text_table_declares_the_same_fields() -> None:
    extra = (("X", 2, "two"),)
    text = block("P", """
        NP      1             players
        CTX     len(extra)   one
                              doc
        *extra
        RING    SIZE * 2 + 1
    """, start=4, names={"extra": extra, "SIZE": 3})
    tuples = block("P", (("NP", 1, "players"), ("CTX", 1, "one doc"), ("X", 2, "two"),
                         ("RING", 7, "")), start=4)
    assert text == tuples and text.fields == tuples.fields


@pytest.mark.parametrize("text", ["NP", "NP  eval('1')", "NP  MISSING", "NP  np.MISSING",
                                  "  doc\nNP  1"])
def test_bad_table_lines_are_refused(text) -> None:
    with pytest.raises(ValueError):
        table(text + "\n", {"np": np})


@pytest.mark.parametrize("fields, aliases", [
    ((("NP", 1), ("NP", 2)), None),       # declared twice
    ((("np", 1),), None),                 # not upper case
    ((("NP", 1),), {"X": "MISSING"}),     # alias of no field
])
def test_bad_declarations_are_refused(fields, aliases) -> None:
    with pytest.raises(ValueError):
        block("B", fields, aliases=aliases)


@pytest.mark.compiled
def test_compiled_code_reads_the_offsets_as_constants() -> None:
    out = run_compiled("""
        import json
        import numpy as np
        from numba import njit
        from core.jit import stack_array
        from tests.test_layout import DK, G, O

        SECRET = DK.mask("secret")

        @njit
        def f(s, dk):
            a = stack_array(7, 0, np.int32)
            a[0] = s[G.GAINS] + s[O.PILE + 1]
            return a[0] + (100 if (SECRET >> dk) & 1 else 0)

        s = np.arange(20, dtype=np.int32)
        print(json.dumps([int(f(s, DK.BID)), int(f(s, DK.MOVE))]))
    """)
    assert out == [111, 11]
