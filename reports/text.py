"""Plain-text tables for terminal summaries (no pandas: the CLI's game log imports it)."""
from __future__ import annotations

from collections.abc import Sequence


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], left: int = 2) -> list[str]:
    """Plain-text table: the first `left` columns left-aligned, the rest right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(row: Sequence[str]) -> str:
        return "  ".join(str(x).ljust(w) if i < left else str(x).rjust(w)
                         for i, (x, w) in enumerate(zip(row, widths))).rstrip()
    return [line(headers)] + [line(r) for r in rows]
