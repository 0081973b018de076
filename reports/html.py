"""The report document: sections of figures, tables and notes, rendered as one self-contained
HTML page (images embedded as base64 PNG, inline CSS, no network assets)."""
from __future__ import annotations

import base64
import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pandas as pd

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1180px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
h1{margin-bottom:.1em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
.sub{color:#666;margin-top:0}nav ol{columns:2;font-size:.95em}
figure{margin:1em 0}figure img{max-width:100%;height:auto;border:1px solid #eee}
figcaption{color:#555;font-size:.9em}
table{border-collapse:collapse;font-size:.85em;margin:.6em 0 1.2em}
th,td{border-bottom:1px solid #ddd;padding:.25em .6em;text-align:right}
td{white-space:nowrap}.tw{overflow-x:auto;max-width:100%}
th{background:#f4f4f4}.l{text-align:left}
tr.hl td{font-weight:600;background:#fff7d6}
.note{background:#eef4fb;border-left:4px solid #5b8fd1;padding:.5em .8em;margin:.8em 0}
.warn{background:#fdf0e6;border-left-color:#d9822b}
footer{margin-top:3em;border-top:2px solid #ccc;font-size:.88em;color:#444}
footer dt{font-weight:600;margin-top:.4em}footer dd{margin-left:1.2em}
code{background:#f4f4f4;padding:0 .2em}
"""


@dataclass(frozen=True)
class Figure:
    """A figure: written as <name>.png and embedded in the page."""

    name: str
    title: str
    png: bytes
    caption: str = ""


@dataclass(frozen=True)
class Table:
    """A table of already formatted cells; `highlight` marks rows (e.g. significant);
    `links` makes a column's cells links (column name -> one relative href per row)."""

    title: str
    frame: pd.DataFrame
    caption: str = ""
    highlight: Sequence[bool] | None = None
    links: Mapping[str, Sequence[str]] | None = None


@dataclass(frozen=True)
class Note:
    """A paragraph of plain text; `warning` draws it as a caveat."""

    text: str
    warning: bool = False


Item = Figure | Table | Note


@dataclass
class Section:
    """A titled part of the report; `key` is its anchor (and names its figures)."""

    key: str
    title: str
    items: list[Item] = field(default_factory=list)

    def figures(self) -> list[Figure]:
        return [i for i in self.items if isinstance(i, Figure)]


def esc(text: object) -> str:
    return html.escape(str(text))


def render_figure(fig: Figure) -> str:
    data = base64.b64encode(fig.png).decode("ascii")
    caption = f"<figcaption>{esc(fig.caption)}</figcaption>" if fig.caption else ""
    return (f'<figure id="fig-{esc(fig.name)}"><img alt="{esc(fig.title)}" '
            f'src="data:image/png;base64,{data}">{caption}</figure>')


NUMBER = re.compile(r"^([-+<]?\d|-$|nan$)")


def is_text(values: pd.Series) -> bool:
    """A column of words (left-aligned) rather than numbers or intervals."""
    return not all(NUMBER.match(str(v)) for v in values)


def decimals(values: pd.Series, most: int = 3) -> int:
    """The decimals a float column needs (at most `most`), so its numbers line up."""
    def need(v: float) -> int:
        text = f"{v:.{most}f}".rstrip("0")
        return len(text.split(".")[1]) if "." in text else 0
    return max([need(float(v)) for v in values if pd.notna(v)] + [0])


def cells(frame: pd.DataFrame) -> pd.DataFrame:
    """Float columns written with one number of decimals each ('-' when missing)."""
    out = frame.copy()
    for c in frame.columns:
        if pd.api.types.is_float_dtype(frame[c]):
            d = decimals(frame[c])
            out[c] = ["-" if pd.isna(v) else f"{v:.{d}f}" for v in frame[c]]
    return out


def render_table(table: Table) -> str:
    frame = cells(table.frame)
    left = [is_text(frame[c]) for c in frame.columns]
    cls = [' class="l"' if x else "" for x in left]
    head = "".join(f"<th{c}>{esc(name)}</th>" for name, c in zip(frame.columns, cls))
    marks = list(table.highlight) if table.highlight is not None else [False] * len(frame)
    links = [(table.links or {}).get(name) for name in frame.columns]

    def cell(v: object, href: Sequence[str] | None, i: int) -> str:
        return f'<a href="{esc(href[i])}">{esc(v)}</a>' if href else esc(v)
    body = "".join(
        f'<tr{" class=hl" if mark else ""}>'
        + "".join(f"<td{c}>{cell(v, href, i)}</td>" for v, c, href in zip(row, cls, links))
        + "</tr>" for i, (row, mark) in enumerate(zip(frame.itertuples(index=False), marks)))
    title = f"<h3>{esc(table.title)}</h3>" if table.title else ""
    caption = f'<p class="sub">{esc(table.caption)}</p>' if table.caption else ""
    return (f'{title}<div class="tw"><table><thead><tr>{head}</tr></thead><tbody>{body}'
            f"</tbody></table></div>{caption}")


def render_note(note: Note) -> str:
    return f'<p class="note{" warn" if note.warning else ""}">{esc(note.text)}</p>'


def render_item(item: Item) -> str:
    if isinstance(item, Figure):
        return render_figure(item)
    if isinstance(item, Table):
        return render_table(item)
    return render_note(item)


def render_footer(facts: Sequence[tuple[str, str | Sequence[str]]]) -> str:
    """A definition list; a list value becomes a comma-separated line."""
    parts = []
    for term, value in facts:
        text = value if isinstance(value, str) else ", ".join(value) or "none"
        parts.append(f"<dt>{esc(term)}</dt><dd>{esc(text)}</dd>")
    return f"<footer><dl>{''.join(parts)}</dl></footer>"


def render_page(title: str, subtitle: str, sections: Sequence[Section],
                footer: Sequence[tuple[str, str | Sequence[str]]]) -> str:
    """The whole page: title, table of contents, sections, footer."""
    toc = "".join(f'<li><a href="#{esc(s.key)}">{esc(s.title)}</a></li>' for s in sections)
    body = "".join(
        f'<section id="{esc(s.key)}"><h2>{esc(s.title)}</h2>'
        + "".join(render_item(i) for i in s.items) + "</section>" for s in sections)
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            f"<meta name=viewport content='width=device-width,initial-scale=1'>"
            f"<title>{esc(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{esc(title)}</h1><p class=sub>{esc(subtitle)}</p>"
            f"<nav><ol>{toc}</ol></nav>{body}{render_footer(footer)}</body></html>\n")
