"""Trace decoding: event dicts, public state, log text (core/cuba/trace.py)."""
from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest

from core.common.events import game_schema
from core.cuba import codes as c
from core.cuba import state as S
from core.cuba import trace as T
from core.cuba.actions import DOCK_SHIFT
from core.cuba.game import GAME
from core.cuba.tables import load_raw, load_tables
from sim.session import TRACE_FORMAT, TRACE_VERSION
from strategies.common.bound import bound
from tests.json_schema import Validator

play_game, resolve = bound(GAME).loop.play_game, bound(GAME).registry.resolve

N = 4


def traced(seed: int = 7, n: int = N, **overrides):
    tables = load_tables(overrides=overrides or None)
    kernels, params = resolve(["random"] * n)
    result = play_game(tables, n, seed, kernels, params, check=True, trace=True)
    assert result.error == 0
    return tables, result


@pytest.fixture(scope="module")
def game():
    return traced()


def fake_row(code: int, player: int, a: int = 0, b: int = 0, cc: int = 0, d: int = 0,
             state: np.ndarray | None = None) -> np.ndarray:
    """A trace row with the given event and a (default: empty) state snapshot."""
    row = np.zeros(c.EVW + S.STATE_SIZE, np.int32)
    row[:c.EVW] = (code, player, a, b, cc, d)
    if state is not None:
        row[c.EVW:] = state
    return row


def test_names_come_from_codes_and_tables():
    assert T.field_name(0) == "r1c1" and T.field_name(c.NFIELDS - 1) == "r3c4"
    assert T.building_key(c.PRINTED_WAREHOUSE) == "printed_warehouse"
    assert T.building_key(c.WAREHOUSE_BUILDING) == "warehouse"
    assert T.statute_id(-1) is None
    assert T.statute_id(c.PRINTED_TAX) == T.statute_id(c.PRINTED_DUTY) == "printed"
    toml_ids = [card["id"] for card in load_raw()["statutes"]["cards"]]
    assert sorted(T.statute_id(r) for r in range(c.NSTATUTES)) == sorted(toml_ids)
    assert T.ship_id(0) == load_raw()["ships"][0]["id"] and T.ship_id(-1) is None


def test_pieces_decodes_packed_vectors():
    v = (2 << 3 * c.CI) | (1 << 3 * c.TO) | (7 << 3 * c.CG)
    assert T.pieces(v) == {"citrus": 2, "tobacco": 1, "cigars": 7}
    assert T.pieces(0) == {}
    assert T.pieces_text(T.pieces(v)) == "2 Ci + 1 To + 7 Cg"
    assert T.pieces_text({}) == "nothing"


def test_statute_text_reads_the_rules_data():
    tables = load_tables()
    row = c.TAX * c.PILE_CARDS  # I-1
    amount = load_raw()["statutes"]["cards"][row]["amount"]
    assert T.statute_text(row, tables) == f"I-1 tax flat (amount={amount})"


def test_every_event_decodes(game):
    tables, result = game
    rows = T.events(result.trace)
    assert len(rows) == result.trace[0, 0] > 0
    for row in rows:
        d = T.event_dict(row, tables)
        assert d["name"] == c.EV.keys[row[0]]
        assert d["raw"] == [int(x) for x in row[:c.EVW]]
        assert d["player"] == (row[1] if row[1] >= 0 else None)
        json.dumps(d)  # plain JSON types only


def test_use_payloads_decode_by_feature():
    tables = load_tables()
    key = c.BUILDING_KEYS.index

    def use(building: str, payload: int) -> dict:
        return T.event_dict(fake_row(c.EV.USE, 0, key(building), 5, payload), tables)

    bm = use("black_market", 1 + c.SU * 8 + c.RU)
    assert (bm["feature"], bm["used"], bm["give"], bm["take"]) == ("black_market", True,
                                                                   "sugar", "rum")
    branch = use("large_branch_office", (2 << DOCK_SHIFT) | (3 << 3 * c.CI))
    assert (branch["dock"], branch["pieces"]) == (2, {"citrus": 3})
    assert use("church", 1 + c.SUBSIDY)["veto_type"] == "subsidy"
    assert use("lighthouse", 4)["pile_position"] == 3
    unused = use("cement_factory", 0)
    assert (unused["used"], unused["pieces"]) == (False, {})
    convert = use("cigar_factory", 2)
    assert (convert["count"], convert["from"], convert["to"]) == (2, "tobacco", "cigars")
    assert use("inn", 1)["used"] and use("inn", 1)["vp"] == 1


def test_public_state_conserves_pieces(game):
    tables, result = game
    for row in T.events(result.trace)[::20]:
        st = T.public_state(row[c.EVW:], tables, N)
        for k, kind in enumerate(c.KIND_NAMES):
            total = st["stock"][kind] + sum(p["lot"][kind] + p["stored"].get(kind, 0)
                                            for p in st["players"])
            total += st["market"][kind]["pieces"] if kind in st["market"] else 0
            total += sum(ship["cargo"].get(kind, {}).get("filled", 0)
                         for ship in st["harbour"].values() if ship)
            assert total == tables.supply[k]


def test_public_state_hides_secrets():
    tables, result = traced(seed=3, hidden_parliament_card=True)
    rows = T.events(result.trace)
    hide = next(i for i, r in enumerate(rows) if r[0] == c.EV.HIDE_CARD)
    s = rows[hide][c.EVW:].copy()
    p = rows[hide][1]
    before = T.public_state(s, tables, N)
    assert before["players"][p]["face_down_card"]
    assert len(before["players"][p]["hand"]) == c.NCHARS  # the face-down card is not singled out
    b = S.pbase(p)
    s[b + S.P.HIDDEN] = (s[b + S.P.HIDDEN] + 1) % c.NCHARS  # a different secret card
    s[b + S.P.BID] = 9                                       # and a secret bid
    assert T.public_state(s, tables, N) == before
    assert T.event_dict(rows[hide], tables).keys() == {"name", "player", "raw"}


def test_event_text_has_round_phase_and_player(game):
    tables, result = game
    rows = T.events(result.trace)
    first = T.event_text(rows[0], tables, c.COLOURS)
    seat = rows[0][1]
    assert first.startswith("R1 setup") and f"P{seat + 1} ({c.COLOURS[seat]}) takes " in first
    card = next(r for r in rows if r[0] == c.EV.CARD)
    assert f"plays the {c.CHAR_NAMES[card[2]]}" in T.event_text(card, tables, c.COLOURS)


def test_log_lines_keep_every_vp(game):
    """The VP shown in the log (attached '+N VP' and 'scores N VP') add up to the scores."""
    tables, result = game
    lines = list(T.log_lines(result.trace, tables, N, c.COLOURS))
    assert lines[0] == "== Setup ==" and "== Round 6 ==" in lines
    assert sum(line.startswith("-- actions") for line in lines) == 6
    for p in range(N):
        label = T.player_label(p, c.COLOURS)
        mine = [line for line in lines if line.strip().startswith(label)]
        vp = sum(int(n) for line in mine for n in re.findall(r"\+(\d+) VP", line))
        vp += sum(int(n) for line in mine for n in re.findall(r"scores (\d+) VP", line))
        assert vp == result.records[p, 0]


def test_write_jsonl_to_a_stream(game):
    tables, result = game
    out = io.StringIO()
    T.write_jsonl(out, {"format": "x"}, result.trace, tables, N, {"scores": []})
    lines = out.getvalue().splitlines()
    assert len(lines) == result.trace[0, 0] + 2
    assert json.loads(lines[0]) == {"format": "x"} and json.loads(lines[-1]) == {
        "final": {"scores": []}}
    assert json.loads(lines[1])["i"] == 1


@pytest.fixture(scope="module")
def schema():
    return Validator(game_schema(GAME, TRACE_FORMAT, TRACE_VERSION))


def test_schema_lists_every_event_and_field(schema):
    branches = schema.root["$defs"]["event"]["oneOf"]
    assert [b["properties"]["name"]["const"] for b in branches] == list(c.EV.keys)
    for branch, (name, always, maybe, *_) in zip(branches, T.EVENTS.rows()):
        assert set(always + maybe) | {"name", "player", "raw", "text"} == set(
            branch["properties"]), name


@pytest.mark.parametrize("overrides", [{}, {"hidden_parliament_card": True,
                                             "church_veto_timing": "at_parliament",
                                             "money_limited": True,
                                             "plantation_side": "individual"}])
def test_events_of_many_games_match_the_schema(schema, overrides):
    event_schema = schema.root["$defs"]["event"]
    for seed in range(4):
        n = 2 + seed
        tables, result = traced(seed, n, **overrides)
        rows = T.events(result.trace)
        for i, row in enumerate(rows):
            assert schema.errors(T.event_dict(row, tables), event_schema) == [], (seed, i)
        for i in range(0, len(rows), 60):
            line = {"i": i + 1, "event": T.event_dict(rows[i], tables),
                    "state": T.public_state(rows[i][c.EVW:], tables, n)}
            assert schema.errors(line) == [], (seed, i)
        assert list(T.log_lines(result.trace, tables, n, c.COLOURS))


def _events_and_states(tables, result, n):
    rows = T.events(result.trace)
    return [(T.event_dict(r, tables), T.public_state(r[c.EVW:], tables, n)) for r in rows]


@pytest.mark.parametrize("timing", ["immediate", "at_parliament"])
def test_bill_and_church_states_are_after_their_event(timing):
    """Issue 15 item 3: a `pass_bill`/`remove_bill` state no longer shows the card among the
    bills (CUBA-R40, R42); a church's `use` already shows its veto holder (CUBA-R37, Q13)."""
    bills = churches = 0
    for seed in range(6):
        tables, result = traced(seed, N, church_veto_timing=timing)
        for e, state in _events_and_states(tables, result, N):
            if e["name"] in ("pass_bill", "remove_bill"):
                bills += 1
                assert e["statute"] not in state["bills"].values()
                assert (e["statute"] in state["acts"].values()) == (e["name"] == "pass_bill")
            if e["name"] == "use" and e["feature"] == "church" and e["used"]:
                churches += 1
                assert state["veto_holder"] == e["player"]
    assert bills and churches


def test_tax_events_say_whether_the_player_could_pay():
    """CUBA-R43: every player owing a tax gets a `tax` event; the log line says whether the
    player paid, chose not to pay or could not pay."""
    seen = set()
    for seed in range(6):
        tables, result = traced(seed, N)
        lines = [line for line in T.log_lines(result.trace, tables, N, c.COLOURS)
                 if re.search(r"(pays \$\d+|pay the \$\d+) tax", line)]
        taxes = [e for e, _ in _events_and_states(tables, result, N) if e["name"] == "tax"]
        assert len(lines) == len(taxes)
        for e, line in zip(taxes, lines):
            assert not (e["paid"] and not e["could_pay"])
            kind = "paid" if e["paid"] else "chose" if e["could_pay"] else "could not"
            seen.add(kind)
            expected = {"paid": f"pays ${e['amount']} tax",
                        "chose": f"chooses not to pay the ${e['amount']} tax",
                        "could not": f"cannot pay the ${e['amount']} tax"}[kind]
            assert expected in line, line
    assert seen == {"paid", "chose", "could not"}
