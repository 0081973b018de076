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


def rotations(lineup: list[str], deals: int, base: int,
              variety: float | None = None) -> dict[str, float]:
    """lineup[0]'s win share (95% interval) and mean score over every seat rotation of the
    lineup on the same deals; `variety` overrides lineup[0]'s."""
    from core.cuba.play import record_columns
    from core.cuba.tables import load_tables
    from strategies.cuba.plan import W

    bound = cuba()
    tables, columns = load_tables(), record_columns()
    ws, score = columns.index("win_share"), columns.index("score")
    shares, scores = [], []
    for r in range(4):
        seats = lineup[-r:] + lineup[:-r] if r else list(lineup)
        kernels, params = bound.registry.resolve(seats)
        if variety is not None:
            params[r, W.VARIETY] = variety
        rec, err = bound.loop.run_batch(tables, 4, np.arange(deals) + base, kernels, params)
        assert not err.any(), f"engine errors {np.unique(err)}"
        shares.append(rec[:, r, ws])
        scores.append(rec[:, r, score])
    mean, half = interval(np.concatenate(shares))
    return {"games": 4 * deals, "win_share": mean, "ci95": half,
            "score": float(np.concatenate(scores).mean())}


def cell(one: str, three: str, deals: int, base: int) -> dict[str, float]:
    """`one` against three `three`, every seat rotation of the same deals."""
    return rotations([one, three, three, three], deals, base)


def variety_effect(deals: int, base: int) -> dict[str, dict[str, dict]]:
    """out[name]["preset" | "zero"]: name's rotations against its field (module docstring)."""
    out = {}
    for name in FIELD:
        field = [n for n in FIELD[:4] if n != name][:3]
        out[name] = {"field": field,
                     "preset": rotations([name] + field, deals, base),
                     "zero": rotations([name] + field, deals, base, variety=0.0)}
    return out


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
    if "--variety" in sys.argv:
        print(json.dumps(variety_effect(n, start), indent=1))
    else:
        result = matrix(n, start)
        print(json.dumps(result, indent=1) if "--json" in sys.argv else markdown(result))
