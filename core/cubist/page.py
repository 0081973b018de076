"""The rules values Cubist's replay page draws with that a trace does not carry (the
descriptor's `page_rules`)."""
from __future__ import annotations

from typing import Any

import numpy as np

from core.cubist import codes as C


def page_rules(tables: Any) -> dict[str, Any]:
    """Per installation card id (CUBIST-R22/R23, rules §6.2): its plan (column heights, top row
    first, and fixed values, 0 free), points and museum-die spaces ("3/4": either); per museum
    card id, the plan rows and columns its picture shows and the cornerstone's cell, so the
    page can place (and colour by owner) each museum die event's cell."""
    from core.cubist.trace import inst_id, museum_box, museum_id   # loads the engine's state

    def grid(values: np.ndarray, k: int) -> list[list[int]]:
        rows, cols = (int(v) for v in tables.inst_shape[2 * k:2 * k + 2])
        at = k * C.PLAN_CELLS
        return [[int(values[at + r * C.PLAN + c]) for c in range(cols)] for r in range(rows)]

    cards = {}
    for i in np.flatnonzero(tables.inst_dice):
        spaces = zip(tables.inst_space_a[i * C.MAX_SPACES:][:tables.inst_spaces[i]],
                     tables.inst_space_b[i * C.MAX_SPACES:][:tables.inst_spaces[i]])
        cards[inst_id(int(i))] = {
            "plan": grid(tables.inst_h, int(i) * C.NORIENT),
            "fixed": grid(tables.inst_fix, int(i) * C.NORIENT),
            "points": int(tables.inst_points[i]),
            "museum_dice": [f"{a}" if a == b else f"{a}/{b}" for a, b in spaces]}
    museums = {}
    for m in range(int(tables.mus_n[0])):
        _, rows, cols = museum_box(m, tables)
        museums[museum_id(m)] = {"rows": rows, "cols": cols,
                                 "cornerstone": int(tables.mus_corner[m])}
    return {"installations": cards, "museums": museums, "museum_columns": C.MCOLS}
