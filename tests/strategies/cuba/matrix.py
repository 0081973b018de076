"""The one-vs-three matrix of the named Cuba plans and greedy, on fresh deals.

`python -m tests.strategies.cuba.matrix [DEALS] [BASE]` prints, for every ordered pair (A, B)
of different strategies, A's win share (ties split) with its 95% interval when A plays three
copies of B, in all four seat rotations of each deal (duplicate deals: DEALS x 4 games a
cell). Deal seeds start at BASE (default 7_000_000), away from the deals the tunes and tests
use. `--json` prints the raw numbers instead of the Markdown table.
"""
from __future__ import annotations

import json
import sys

import numpy as np

from tests.strategies.cuba.measure import cuba, interval

FIELD = ("shipping_rush", "factory_cafe", "money_and_laws", "builder", "greedy")


def cell(one: str, three: str, deals: int, base: int) -> dict[str, float]:
    """`one` against three `three`, every seat rotation of the same deals."""
    from core.cuba.play import record_columns
    from core.cuba.tables import load_tables

    bound = cuba()
    tables, columns = load_tables(), record_columns()
    ws, score = columns.index("win_share"), columns.index("score")
    shares, scores = [], []
    for seat in range(4):
        seats = [three] * 4
        seats[seat] = one
        kernels, params = bound.registry.resolve(seats)
        rec, err = bound.loop.run_batch(tables, 4, np.arange(deals) + base, kernels, params)
        assert not err.any(), f"engine errors {np.unique(err)}"
        shares.append(rec[:, seat, ws])
        scores.append(rec[:, seat, score])
    mean, half = interval(np.concatenate(shares))
    return {"games": 4 * deals, "win_share": mean, "ci95": half,
            "score": float(np.concatenate(scores).mean())}


def matrix(deals: int, base: int, field: tuple[str, ...] = FIELD) -> dict[str, dict[str, dict]]:
    """out[one][three] = cell(one, three)."""
    return {a: {b: cell(a, b, deals, base) for b in field if b != a} for a in field}


def markdown(m: dict[str, dict[str, dict]]) -> str:
    """Rows: the one; columns: the three copies; entries: win share +- 95% half-width."""
    names = list(m)
    lines = ["| one \\ three | " + " | ".join(names) + " |",
             "|---|" + "---|" * len(names)]
    for a in names:
        row = [f"{m[a][b]['win_share']:.3f} ± {m[a][b]['ci95']:.3f}" if b in m[a] else "–"
               for b in names]
        lines.append(f"| {a} | " + " | ".join(row) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 100
    start = int(args[1]) if len(args) > 1 else 7_000_000
    result = matrix(n, start)
    print(json.dumps(result, indent=1) if "--json" in sys.argv else markdown(result))
