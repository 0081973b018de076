"""The rules values Jamaica's replay page draws with that a trace does not carry (the
descriptor's `page_rules`)."""
from __future__ import annotations

from typing import Any

from core.jamaica.codes import M, SW


def page_rules(tables: Any) -> dict[str, Any]:
    """JAM-R23's space values: a racing ship's value on each space (the printed value past the
    red line, else pre_line_value, JAM-Q9), a finished ship's, and any other ship's."""
    pre = int(tables.switches[SW.PRE_LINE_VALUE])
    return {"space_value": [int(v) if v > 0 else pre for v in tables.space_score],
            "finish_value": int(tables.misc[M.FINISH_SCORE]), "pre_line_value": pre}
