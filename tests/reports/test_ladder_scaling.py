"""The scaling ladder's page and table (reports/studies/scaling.py): each level against the
level below on constructed results frames, the CSV columns, the headline from constructed
numbers (every doubling gains, the gain vanishing, no gain at all), the files written."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.runs import RunDataError
from reports.studies import scaling
from tests.reports.test_ladder import games

LEVELS = [100, 200, 400, 800]
RUNGS = [f"mcts@{n}" for n in LEVELS]


def results(strength: list[float], deals: int = 40, players: int = 4,
            seed: int = 0) -> pd.DataFrame:
    """Games of each level (strength[i]) in one seat against players-1 copies of the level
    below, in every seat rotation of each deal."""
    lineups = [[upper] + [lower] * (players - 1) for lower, upper in zip(RUNGS, RUNGS[1:])]
    return games(lineups, dict(zip(RUNGS, strength)), deals, players,
                 np.random.default_rng(seed))


def rows(win: list[tuple[float, float, float]], levels: list[int] = LEVELS,
         players: int = 4) -> pd.DataFrame:
    """A scaling table from constructed (win share, low, high) per step."""
    fair = 1 / players
    out = [{"level": hi, "below": lo, "players": players, "games": 40, "deals": 10,
            "win_share": w, "win_lo": a, "win_hi": b, "fair_share": fair, "gain": w - fair,
            "gain_lo": a - fair, "gain_hi": b - fair, "shown": a > fair}
           for (lo, hi), (w, a, b) in zip(zip(levels, levels[1:]), win)]
    return pd.DataFrame(out, columns=list(scaling.COLUMNS))


def test_the_table_has_one_row_per_step_with_the_documented_columns():
    t = scaling.table(results([0.0, 1.5, 3.0, 3.0]), RUNGS, LEVELS)
    assert list(t.columns) == list(scaling.COLUMNS)
    assert list(zip(t["below"], t["level"])) == [(100, 200), (200, 400), (400, 800)]
    assert (t["games"] == 160).all() and (t["deals"] == 40).all()
    assert ((t["win_lo"] <= t["win_share"]) & (t["win_share"] <= t["win_hi"])).all()
    assert np.allclose(t["gain"], t["win_share"] - 0.25)
    assert np.allclose(t["gain_lo"], t["win_lo"] - 0.25)
    assert list(t["shown"]) == [True, True, False]   # equal strength: not shown


def test_headline_when_every_doubling_gains():
    lines = scaling.headline(rows([(0.5, 0.4, 0.6), (0.45, 0.35, 0.55), (0.4, 0.3, 0.5)]))
    assert lines[0] == ("Each doubling of mcts's budget gains up to 800 iterations, the "
                        "highest level played: every level wins against 3 copies of the "
                        "level below with its 95% interval above the fair share 0.25.")
    assert lines[1] == ("Gain over the fair share per doubling: 200 over 100 +0.250 "
                        "[+0.150, +0.350], 400 over 200 +0.200 [+0.100, +0.300], 800 over "
                        "400 +0.150 [+0.050, +0.250].")


def test_headline_where_the_gain_vanishes():
    """The first doubling whose interval includes the fair share ends the gain; a later one
    shown again is named."""
    levels = [100, 200, 400, 800, 1600]
    lines = scaling.headline(rows([(0.5, 0.4, 0.6), (0.3, 0.2, 0.4), (0.26, 0.24, 0.28),
                                   (0.4, 0.3, 0.5)], levels))
    assert lines[0] == ("Each doubling of mcts's budget gains up to 200 iterations (its 95% "
                        "interval above the fair share 0.25 against 3 copies of the level "
                        "below); beyond, not shown: 400 over 200 iterations wins 0.300 "
                        "[0.200, 0.400]. Shown again higher up: 1600 over 800.")


def test_headline_when_no_doubling_gains_and_for_steps_that_are_not_doublings():
    lines = scaling.headline(rows([(0.55, 0.45, 0.65)], [100, 300], players=2))
    assert lines[0] == ("No step of mcts's budget is shown to gain: 300 over 100 iterations "
                        "wins 0.550 [0.450, 0.650] against one copy of the level below, its "
                        "95% interval not above the fair share 0.50.")


def test_write_makes_the_page_and_the_csv(tmp_path):
    out = tmp_path / "report"
    html, csv, lines = scaling.write(results([0.0, 1.5, 3.0, 3.0], deals=6), RUNGS, LEVELS,
                                     "siberia", out)
    assert (html, csv) == (out / "scaling.html", out / "scaling.csv")
    page = html.read_text(encoding="utf-8")
    assert lines[0] in page.replace("&#x27;", "'") and "Methods" in page
    t = pd.read_csv(csv)
    assert list(t.columns) == list(scaling.COLUMNS) and len(t) == 3


def test_a_run_without_the_steps_has_no_page(tmp_path):
    with pytest.raises(RunDataError):
        scaling.write(results([0.0, 1.0, 2.0, 3.0], deals=2), ["a", "b"], [1, 2], "siberia",
                      tmp_path)
