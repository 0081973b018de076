"""Reading a report page's tables back for tests: every number on a page carries its 95%
interval unless its column holds an exact count or a label (seat, games, deals, rank, a p
value, the fair share)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

# columns whose numbers are exact: counts, labels, p values and the fair share 1/players
EXACT = {"seat", "games", "deals", "deal groups", "rank", "Holm p", "p", "fair share"}
INTERVAL = re.compile(r"^[-+]?\d+(\.\d+)? \[[-+]?\d+(\.\d+)?, [-+]?\d+(\.\d+)?\]$")
NUMBER = re.compile(r"^[-+]?\d+(\.\d+)?$")


class Tables(HTMLParser):
    """Every <table> of a page as (header, rows), and every note paragraph's text."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[list[str], list[list[str]]]] = []
        self.notes: list[str] = []
        self._cell: list[str] | None = None
        self._row: list[str] = []
        self._note: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append(([], []))
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "tr":
            self._row = []
        elif tag == "p" and "note" in (dict(attrs).get("class") or ""):
            self._note = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self.tables:
            header, rows = self.tables[-1]
            if not header:
                header.extend(self._row)
            else:
                rows.append(self._row)
        elif tag == "p" and self._note is not None:
            self.notes.append("".join(self._note).strip())
            self._note = None

    def handle_data(self, data: str) -> None:
        for part in (self._cell, self._note):
            if part is not None:
                part.append(data)


def read(html: str) -> Tables:
    parser = Tables()
    parser.feed(html)
    return parser


def bare_numbers(html: str) -> list[str]:
    """'column: cell' of every number on the page's tables shown without an interval in a
    column that is not an exact one (a number followed by a '95% interval' column counts as
    having one)."""
    out = []
    for header, rows in read(html).tables:
        for row in rows:
            for i, (name, cell) in enumerate(zip(header, row)):
                paired = i + 1 < len(header) and header[i + 1] == "95% interval"
                if name in EXACT or paired or not (NUMBER.match(cell) or cell == "-"):
                    continue
                out.append(f"{name}: {cell}")
    return out
