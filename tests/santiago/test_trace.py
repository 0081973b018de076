"""Santiago's log and trace say what happened, with the state after each event (issue 15
item 5; docs/trace-format-santiago.md)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from core.common.trace import events, trace_buffer
from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago import trace
from core.santiago.tables import load_tables
from tests.santiago.helpers import B, K, at_drive, choose, drive_to, flat_tables, give_goods

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
T = flat_tables()
TABLES = load_tables(overrides={"layout": "fixed"})


def buffer() -> np.ndarray:
    return trace_buffer(200, S.STATE_SIZE)


def traced(tr: np.ndarray) -> list[tuple[dict, dict]]:
    """(event, public state) of each recorded event."""
    return [(trace.event_dict(row, TABLES), trace.public_state(row[C.EVW:], TABLES, 4))
            for row in events(tr)]


def log(tr: np.ndarray) -> str:
    return "\n".join(trace.log_lines(tr, TABLES, 4, ("red", "blue", "green", "yellow")))


def test_a_played_game_log_and_trace(tmp_path: Path) -> None:
    """SDC-R17, R20: a header per ship that still comes (none after the last ship), and every
    departure's state shows the goods value back at its start (but the last)."""
    path = tmp_path / "t.jsonl"
    result = CliRunner().invoke(cli.app, ["play", "santiago", "--players", "3", "--seed", "3",
                                          "--trace", str(path)])
    assert result.exit_code == 0, result.output
    ships = int(TABLES.misc[C.M.SHIPS])
    headers = [line for line in result.stdout.splitlines() if line.startswith("== Ship")]
    assert headers == [f"== Ship {n} ==" for n in range(2, ships + 1)]
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:-1]]
    departs = [line for line in lines if line["event"]["name"] == "depart"]
    assert len(departs) == ships
    start = int(TABLES.misc[C.M.VALUE_START])
    assert all(d["state"]["goods_value"] == start for d in departs[:-1])


def test_newspaper_close_and_reopen_states() -> None:
    """§8.2 newspaper: `close` shows the Cuban face down; after the `drive` that leaves it,
    `reopen` shows it face up, and the log says so."""
    s = at_drive(T, 4)
    drive_to(s, T, K["miguel"])
    choose(s, T, A.OT.MOVE, B["newspaper"])
    tr = buffer()
    choose(s, T, A.OT.CLOSE, K["maria"], tr)
    names = [(e["name"], st["closed"]) for e, st in traced(tr)]
    assert names[:3] == [("use", None), ("money", None), ("close", "K6")]
    tr = buffer()
    s[S.G.CAR] = K["maria"] - 1
    choose(s, T, A.OT.DRIVE, 2, tr)             # player 1 drives over her
    names = [(e["name"], st["closed"]) for e, st in traced(tr)]
    assert names[:3] == [("money", "K6"), ("drive", "K6"), ("reopen", None)]
    assert "the car passed K6 (maria): face up again" in log(tr)


def test_declining_alonso_is_logged() -> None:
    s = at_drive(T, 4)
    drive_to(s, T, K["alonso"])
    tr = buffer()
    choose(s, T, A.OT.NOTHING, None, tr)
    event = traced(tr)[0][0]
    assert event == {"name": "decline", "player": 0, "cuban": "alonso",
                     "raw": [C.EV.DECLINE, 0, C.CUBAN_KEYS.index("alonso"), 0, 0, 0]}
    assert "P1 (red) takes nothing from alonso" in log(tr)


def test_cafe_line_names_the_goods_handed_in() -> None:
    """§8.2 café: the `use` event and its log line say which goods were handed in."""
    s = at_drive(T, 4)
    drive_to(s, T, K["miguel"])
    choose(s, T, A.OT.MOVE, B["cafe"])
    give_goods(s, 0, C.RU, 1)
    give_goods(s, 0, C.CG, 1)
    tr = buffer()
    choose(s, T, A.OT.RETURN, (1 << A.AMOUNT_SHIFT) | 1, tr)
    (use, _), (vp, _) = traced(tr)[:2]
    assert use["returned"] == {"rum": 1, "cigars": 1} and vp["amount"] == 6
    assert "uses the cafe (B11), handing in 1 rum and 1 cigars" in log(tr)
