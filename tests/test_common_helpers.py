"""The small helpers the games share (core.common.options, core.common.arith,
core.common.trace.jsonl_writer, core.common.game.declare), run interpreted."""
from __future__ import annotations

import io
import json

import numpy as np
import pytest

from core import games as catalogue
from core.common.arith import popcount, span_sum
from core.common.game import declare, per_seat
from core.common.options import codec, either
from core.common.trace import jsonl_writer, trace_buffer


@pytest.mark.parametrize("shift", [8, 10, 16, 26])
def test_codec_round_trips_tag_and_payload(shift: int) -> None:
    option, tag, payload = codec("test", shift)
    for t in (0, 1, 5, 19):
        for p in (0, 1, (1 << shift) - 1, 0b1010 & ((1 << shift) - 1)):
            o = option(t, p)
            assert o.dtype == np.int32 and int(o) == (t << shift) | p
            assert (int(tag(o)), int(payload(o))) == (t, p)


def test_each_game_binds_its_own_shift() -> None:
    """Every game's actions module decodes the codes it encodes, with its TAG_SHIFT."""
    from core.cuba import actions as cuba
    from core.cubist import actions as cubist
    from core.jamaica import actions as jamaica
    from core.santiago import actions as santiago
    from core.siberia import actions as siberia

    for mod, enc, tag, payload in ((cuba, cuba.enc, cuba.tag_of, cuba.payload_of),
                                   (santiago, santiago.enc, santiago.tag_of, santiago.payload_of),
                                   (cubist, cubist.option, cubist.tag, cubist.payload),
                                   (jamaica, jamaica.option, jamaica.tag, jamaica.payload),
                                   (siberia, siberia.option, siberia.tag, siberia.payload)):
        o = enc(3, (1 << mod.TAG_SHIFT) - 1)
        assert int(o) == (3 << mod.TAG_SHIFT) | ((1 << mod.TAG_SHIFT) - 1)
        assert (int(tag(o)), int(payload(o))) == (3, (1 << mod.TAG_SHIFT) - 1)


def test_either_writes_two_options() -> None:
    opts = np.full(4, -1, np.int32)
    assert either(opts, np.int32(7), np.int32(9)) == 2
    assert opts.tolist() == [7, 9, -1, -1]


def test_span_sum_and_popcount() -> None:
    s = np.arange(10, dtype=np.int32)
    assert span_sum(s, 2, 3) == 2 + 3 + 4
    assert span_sum(s, 5, 0) == 0
    assert [popcount(v) for v in (0, 1, 0b1011, (1 << 40) - 1)] == [0, 1, 3, 40]


def test_declare_derives_the_recipe_places() -> None:
    """A descriptor from declare names the files the recipe puts each part in."""
    from core.cuba import codes, tables

    curve = per_seat("VP", "players", "vp")
    g = declare("cuba", "Cuba", "CUBA", codes, tables, ("heuristic", "greedy"), curve)
    assert g.rules is tables.FILE and g.colours == codes.COLOURS and g.score_curve is curve
    assert g.kernels == ("strategies.common.random", "strategies.cuba.heuristic",
                         "strategies.cuba.greedy")
    assert (g.report, g.renderer, g.page_rules) == ("reports.games.cuba", "cuba.js", None)
    t = tables.FILE.load_tables()
    assert g.player_range(t) == (int(t.misc[codes.M.MIN_PLAYERS]),
                                 int(t.misc[codes.M.MAX_PLAYERS]))


def test_declare_keeps_a_game_player_range() -> None:
    """A game's own player_range wins over the misc table's (Siberia: the players_max switch,
    SIB-V2)."""
    from core.siberia import codes, tables

    g = catalogue.get("siberia")
    t = tables.FILE.load_tables()
    assert g.player_range(t) == (int(t.misc[codes.M.MIN_PLAYERS]),
                                 int(t.switches[codes.SW.PLAYERS_MAX]))


def test_jsonl_writer_adds_header_keys_and_one_line_per_event() -> None:
    tr = trace_buffer(4, 3)
    tr[0, 0] = 2  # two events
    write = jsonl_writer(lambda row, tables: {"code": int(row[0])},
                         lambda snap, tables, n: {"n": n},
                         lambda trace, tables, n, colours: [f"e{i}" for i in range(2)],
                         ("red",), lambda trace, tables: {"extra": 1})
    out = io.StringIO()
    write(out, {"format": "x"}, tr, None, 3, {"scores": []})
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert lines[0] == {"format": "x", "extra": 1}
    assert [x["event"]["text"] for x in lines[1:3]] == ["e0", "e1"]
    assert lines[1]["state"] == {"n": 3} and lines[-1] == {"final": {"scores": []}}
