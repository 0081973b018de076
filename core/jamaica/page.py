"""What Jamaica's replay page draws that a trace does not carry as such: the rules values it
draws with (the descriptor's `page_rules`) and the seats' public points (`score_curve`)."""
from __future__ import annotations

from typing import Any

from core.common.game import ScoreCurve
from core.jamaica.codes import M, SW


def page_rules(tables: Any) -> dict[str, Any]:
    """JAM-R23's space values: a racing ship's value on each space (the printed value past the
    red line, else pre_line_value, JAM-Q9), a finished ship's, and any other ship's."""
    pre = int(tables.switches[SW.PRE_LINE_VALUE])
    return {"space_value": [int(v) if v > 0 else pre for v in tables.space_score],
            "finish_value": int(tables.misc[M.FINISH_SCORE]), "pre_line_value": pre}


def _space_value(ship: dict[str, Any], rules: dict[str, Any]) -> int:
    """JAM-R23: a finished ship's value, the printed value past the red line while racing, else
    pre_line_value."""
    if ship["race"] == "finished":
        return rules["finish_value"]
    return rules["space_value"][ship["space"]] if ship["race"] == "racing" else \
        rules["pre_line_value"]


def _public_points(events: list[dict[str, Any]], states: list[dict[str, Any]],
                   rules: dict[str, Any]) -> list[list[float]]:
    """JAM-R23 as everyone sees it after each event: the space's value, the doubloons in the
    holds, and the treasure and curse points the end's `score` events have shown so far (the
    face-down cards stay secret until then)."""
    shown = [0] * max(len(s["players"]) for s in states)
    out = []
    for event, s in zip(events, states):
        if event["name"] == "score" and event["source"] in ("treasures", "curses"):
            if event["player"] is not None and event["player"] < len(shown):
                shown[event["player"]] += event["amount"]
        out.append([_space_value(ship, rules) + sum(h["tokens"] for h in ship["holds"]
                                                   if h and h["kind"] == "gold") + shown[p]
                    for p, ship in enumerate(s["players"])])
    return out


SCORE_CURVE = ScoreCurve("Public points: space + doubloons + open treasures", _public_points)
