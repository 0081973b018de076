"""Helpers the game sections of reports/games/ share: breakdown columns by prefix, labels,
a note for missing columns, and per-strategy mean cells with intervals."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from reports import fmt, stats
from reports.html import Note, Section


def suffixes(df: pd.DataFrame, prefix: str) -> list[str]:
    """Names after `prefix` of the columns that start with it, in column order."""
    return [c.removeprefix(prefix) for c in df.columns if c.startswith(prefix)]


def label(key: str) -> str:
    """'cement_factory' -> 'cement factory'."""
    return key.replace("_", " ")


def missing_note(what: str, columns: str) -> Note:
    return Note(f"{what} needs the per-seat columns {columns}, which this run does not have: "
                "re-run the tournament with an engine that records them.", warning=True)


def sections_or_note(df: pd.DataFrame, required: Sequence[str], key: str, title: str,
                     what: str, build: Callable[[], list[Section]]) -> list[Section]:
    """A game's sections, `build()`; or, when the run lacks some of the `required` per-seat
    columns, one section (`key`, `title`) whose note says what `what` needs."""
    missing = [c for c in required if c not in df]
    if missing:
        return [Section(key, title, [missing_note(what, ", ".join(missing))])]
    return build()


def long_means(df: pd.DataFrame, column: str) -> pd.DataFrame:
    """Mean of one column with interval per (players, strategy)."""
    return stats.column_means(df, [column])


def means_cells(df: pd.DataFrame, columns: dict[str, str], digits: int = 2) -> pd.DataFrame:
    """Per (players, strategy): 'mean [95%]' of each column (title -> column)."""
    long = stats.column_means(df, list(columns.values()))
    wide = {}
    for title, column in columns.items():
        t = long[long["column"] == column].set_index(["players", "strategy"])
        wide[title] = fmt.interval_column(t, stats.MEAN, digits=digits)
    index = long[long["column"] == next(iter(columns.values()))]
    return pd.DataFrame({"players": index["players"].to_numpy(),
                         "strategy": index["strategy"].to_numpy()} | wide)
