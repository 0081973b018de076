"""Plain-text tables and wording for terminal summaries (no pandas: the CLI's game log imports
it)."""
from __future__ import annotations

import shutil
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

# how the excluded-games sentence names the games of an error, by the error's name (any other:
# "with an engine error (<name>)")
REASON_PHRASES = {"game did not end": "that did not end"}

DEFAULT_WIDTH = 100   # columns when the terminal's width is unknown (output piped or captured)


def terminal_width() -> int:
    """The terminal's width in columns ($COLUMNS, then the terminal), else DEFAULT_WIDTH."""
    return shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns


def _widths(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    return [max(len(str(x)) for x in col) for col in zip(headers, *rows)]


def _block(headers: Sequence[str], rows: Sequence[Sequence[str]], left: int) -> list[str]:
    widths = _widths(headers, rows)

    def line(row: Sequence[str]) -> str:
        return "  ".join(str(x).ljust(w) if i < left else str(x).rjust(w)
                         for i, (x, w) in enumerate(zip(row, widths))).rstrip()
    return [line(headers)] + [line(r) for r in rows]


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 shard', '2 shards', '0 shards' (`many`: an irregular plural, e.g. 'matches')."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def excluded_sentence(reasons: dict[str, int], games: int, deal_groups: int, see: str) -> str:
    """The one sentence every summary and page shows about games left out: `reasons` (error
    name -> failed games), `games` left out in all in `deal_groups` deal groups, where to see
    them ('' when no game was left out)."""
    if not reasons:
        return ""
    failed = sum(reasons.values())
    parts = [plural(n, "game") + " " + REASON_PHRASES.get(name, f"with an engine error ({name})")
             for name, n in reasons.items()]
    text = " and ".join(parts) + (" was" if failed == 1 else " were") + " excluded"
    others = games - failed
    if others > 0:
        groups = (("its" if failed == 1 else "their") + " deal group" if deal_groups == 1
                  else f"their {plural(deal_groups, 'deal group')}")
        text += (f", with the {plural(others, 'other game')} of {groups} (a deal counts in "
                 "all its seatings or not at all)")
    return f"{text}; see {see}"
def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], left: int = 2,
               width: int | None = None) -> list[str]:
    """Plain-text table: the first `left` columns left-aligned, the rest right-aligned. Given
    `width`, a table wider than that is wrapped: the other columns go into successive blocks
    that each fit, every block repeating the first `left` columns, blocks separated by a blank
    line."""
    widths = _widths(headers, rows)
    if width is None or sum(widths) + 2 * (len(widths) - 1) <= width:
        return _block(headers, rows, left)
    key = sum(widths[:left]) + 2 * left
    blocks: list[list[int]] = [[]]
    used = key
    for i in range(left, len(headers)):
        if blocks[-1] and used + widths[i] > width:
            blocks.append([])
            used = key
        blocks[-1].append(i)
        used += widths[i] + 2
    out: list[str] = []
    for cols in blocks:
        pick = list(range(left)) + cols
        if out:
            out.append("")
        out += _block([headers[i] for i in pick], [[r[i] for i in pick] for r in rows], left)
    return out


def wrap(lines: Sequence[str], width: int) -> list[str]:
    """Each line wrapped to `width`, continuation lines indented by two spaces."""
    out: list[str] = []
    for line in lines:
        out += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
    return out


def markdown_cell(text: Any) -> str:
    """text fit for one Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


def markdown_table(header: Iterable[str], rows: Iterable[Iterable[Any]]) -> list[str]:
    """A Markdown table."""
    head = list(header)
    return ([f"| {' | '.join(head)} |", "|" + "---|" * len(head)]
            + [f"| {' | '.join(markdown_cell(c) for c in row)} |" for row in rows])
