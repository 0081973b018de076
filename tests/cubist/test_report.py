"""The Cubist report section on synthetic results with Cubist's breakdown columns."""
from __future__ import annotations

import numpy as np

from core.cubist.play import record_columns
from core.cubist.tables import load_raw
from reports.games import cubist
from reports.runs import _derive
from tests.reports.synth import results


def test_CUBIST_report_section_installations_and_artists():
    df = results([("sculptor", "architect", "patron")], deals=20,
                 strength={"sculptor": 1.0, "architect": 2.0, "patron": 0.0},
                 buildings=False)
    df = _derive(df)
    rng = np.random.default_rng(3)
    for c in record_columns()[4:]:
        df[c] = rng.integers(0, 3, len(df))
    df["first"] = (df["seat"] == 0).astype(int)
    sections = cubist.sections(df, load_raw())
    assert [s.key for s in sections] == ["cubist"]
    assert sections[0].title == "Cubist: installations and artists"
    table = cubist.installation_cards(df, load_raw())
    assert list(table["card"]) == [f"I{i:02d}" for i in range(1, 24)]
    assert table["points"].iloc[22] == 14


def test_CUBIST_report_section_says_what_is_missing():
    df = results([("a", "b", "c")], deals=4, strength={"a": 0, "b": 0, "c": 0},
                 buildings=False)
    (section,) = cubist.sections(df, {})
    assert "installations" in str(section.items[0])
