"""The ladder page and tables (reports/studies/ladder.py) on constructed results frames: the
one-vs-field matrix with intervals, each rung against the one below with bounded intervals,
the headline sentences, the files written."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as hs

from reports import fmt, stats
from reports.runs import RunDataError
from reports.studies import ladder

RUNGS = ["random", "plan", "mcts"]
STRENGTH = {"random": 0.0, "plan": 1.0, "mcts": 2.0}


def results(deals: int = 30, players: int = 3, seed: int = 0,
            strength: dict[str, float] | None = None, window: bool = True) -> pd.DataFrame:
    """Games of every one-vs-field lineup and (window) one round-robin window; the stronger
    strategy scores higher more often."""
    strength = strength or STRENGTH
    rng = np.random.default_rng(seed)
    lineups = [[c] + [f] * (players - 1) for c in RUNGS for f in RUNGS if c != f]
    lineups += [RUNGS] if window else []
    return games(lineups, strength, deals, players, rng)


def games(lineups: list[list[str]], strength: dict[str, float], deals: int, players: int,
          rng: np.random.Generator) -> pd.DataFrame:
    """Every lineup's deals in all their seat rotations; a seat scores its strategy's strength
    plus normal noise and the highest score wins."""
    rows = []
    game = 0
    for index, lineup in enumerate(lineups):
        for deal in range(deals):
            for rot in range(players):
                seats = lineup[rot:] + lineup[:rot]
                score = np.array([strength[s] + rng.normal() for s in seats])
                win = (score == score.max()).astype(float)
                for seat, name in enumerate(seats):
                    rows.append({"game_id": game, "matchup": index, "stratum": str(index),
                                 "lineup": ",".join(lineup), "cluster": f"{index}/{deal}",
                                 "deal": deal, "players": players, "seat": seat,
                                 "strategy": name, "win_share": win[seat]})
                game += 1
    return pd.DataFrame(rows)


def test_matrix_has_every_pair_with_intervals_around_the_estimate():
    m = ladder.field_matrix(results(), RUNGS)
    assert len(m) == 6
    assert set(zip(m["candidate"], m["field"])) == {(c, f) for c in RUNGS for f in RUNGS
                                                     if c != f}
    assert ((m["win_lo"] <= m["win_share"]) & (m["win_share"] <= m["win_hi"])).all()
    strong = m[(m["candidate"] == "mcts") & (m["field"] == "random")].iloc[0]
    assert strong["win_lo"] > strong["fair_share"]
    weak = m[(m["candidate"] == "random") & (m["field"] == "mcts")].iloc[0]
    assert weak["win_hi"] < weak["fair_share"]


def test_two_player_lineups_take_the_candidate_from_the_lineup():
    """With two players both strategies hold one seat: the lineup's first is the candidate."""
    m = ladder.field_matrix(results(deals=6, players=2), RUNGS)
    assert set(zip(m["candidate"], m["field"])) == {(c, f) for c in RUNGS for f in RUNGS
                                                     if c != f}
    assert (m["fair_share"] == 0.5).all()


def test_each_rung_beats_the_one_below_in_the_round_robin():
    s = ladder.steps(results(deals=60), RUNGS)
    assert list(s["rung"]) == ["plan", "mcts"] and list(s["below"]) == ["random", "plan"]
    assert (s["diff"] > 0).all() and s["significant"].all()
    assert (s["p_holm"] >= s["p"]).all()
    assert ((s["diff_lo"] <= s["diff"]) & (s["diff"] <= s["diff_hi"])).all()


def test_step_intervals_stay_within_minus_one_and_one_where_a_t_interval_does_not():
    """Three deal groups, each a sole win of the upper rung: a t interval on the differences
    leaves [-1, 1]; the paired bootstrap stays inside."""
    d = np.array([1.0, 1.0, -1.0])
    _, t_lo, t_hi, _ = stats.paired_t(d)
    assert t_lo < -1 or t_hi > 1
    mean, lo, hi, p = ladder.paired_difference(d)
    assert -1 <= lo <= mean <= hi <= 1 and 0 < p <= 1


@settings(max_examples=40, deadline=None)
@given(hs.lists(hs.floats(-1, 1), min_size=2, max_size=30))
def test_paired_difference_interval_never_leaves_minus_one_one(diffs):
    mean, lo, hi, p = ladder.paired_difference(np.array(diffs))
    assert -1 <= lo <= hi <= 1 and 0 <= p <= 1
    assert lo <= mean + 1e-12 and mean - 1e-12 <= hi


def test_sign_flip_test_is_exact_for_few_deal_groups():
    """Two deal groups both won by the upper rung: 2 of the 4 sign flips are as extreme, so
    p = 0.5 (a paired t test on identical differences would claim p = 0)."""
    assert ladder.paired_difference(np.array([1.0, 1.0]))[3] == pytest.approx(0.5)
    assert np.isnan(ladder.paired_difference(np.array([1.0]))[1])


def test_steps_on_few_extreme_deal_groups_are_bounded():
    s = ladder.steps(results(deals=3, strength={"random": 0.0, "plan": 9.0, "mcts": 18.0}),
                     RUNGS)
    assert ((s["diff_lo"] >= -1) & (s["diff_hi"] <= 1)).all()


def test_headline_names_the_strongest_rung_with_its_interval_and_the_steps():
    df = results(deals=60)
    matrix, s = ladder.field_matrix(df, RUNGS), ladder.steps(df, RUNGS)
    lines = ladder.headline(matrix, s)
    worst = matrix[matrix["candidate"] == "mcts"].sort_values("win_share").iloc[0]
    assert lines[0].startswith("Strongest rung: mcts, with a mean win share of ")
    assert fmt.interval(*worst[list(stats.WIN)]) in lines[0]
    assert f"(against {worst['field']})" in lines[0]
    assert "above the fair share 0.33 against every field" in lines[0]
    least = s.sort_values("diff").iloc[0]
    assert lines[1].startswith("The order holds at 2 of 2 steps")
    assert fmt.signed_interval(*least[list(stats.DIFF)]) in lines[1]
    assert "Out of order" not in lines[1]


def test_headline_says_when_a_rung_loses_to_the_one_below():
    upside_down = {"random": 0.0, "plan": 2.0, "mcts": 1.0}
    df = results(deals=80, strength=upside_down)
    lines = ladder.headline(ladder.field_matrix(df, RUNGS), ladder.steps(df, RUNGS))
    assert lines[0].startswith("Strongest rung: plan")
    assert "Out of order: mcts loses to plan." in lines[1]


def test_headline_without_round_robin_windows_says_the_steps_are_not_measured():
    df = results(deals=10, window=False)
    lines = ladder.headline(ladder.field_matrix(df, RUNGS), ladder.steps(df, RUNGS))
    assert "no round-robin windows" in lines[1]


def test_page_and_tables_are_written_with_readable_columns(tmp_path):
    html, csv, lines = ladder.write(results(deals=8), RUNGS, "siberia", tmp_path)
    page = html.read_text(encoding="utf-8")
    assert "Headline" in page and lines[0] in page.replace("&#x27;", "'")
    assert "One against the field" in page and "data:image/png;base64," in page
    for column in ("win share", "95% interval", "fair share", "Holm-adjusted p",
                   "difference in win share", "deal groups"):
        assert f">{column}<" in page
    for raw in ("win_lo", "p_holm", "diff_hi"):
        assert raw not in page
    table = pd.read_csv(csv)
    assert len(table) == 6 and list(table.columns) == list(ladder.MATRIX_COLUMNS)
    steps = pd.read_csv(tmp_path / "ladder-steps.csv")
    assert list(steps.columns) == list(ladder.STEP_COLUMNS) and len(steps) == 2


def test_a_run_without_one_vs_field_matchups_has_no_page(tmp_path):
    df = results(deals=4)
    window = df[df["lineup"] == ",".join(RUNGS)]
    with pytest.raises(RunDataError, match="no one-vs-field matchups"):
        ladder.write(window, RUNGS, "siberia", tmp_path)
    assert not (tmp_path / "ladder.html").exists()


class Left:
    """Games a run left out, as reports.runs.Excluded reports them."""

    def __bool__(self) -> bool:
        return True

    def notice(self, see: str) -> str:
        return f"2 games that did not end were excluded; see {see}."

    def table(self) -> pd.DataFrame:
        return pd.DataFrame({"game_id": [3, 4], "reason": ["step cap", "step cap"]})


def test_games_left_out_are_counted_in_the_headline_and_listed(tmp_path):
    html, _, lines = ladder.write(results(deals=4), RUNGS, "siberia", tmp_path, Left())
    assert lines[-1] == "2 games that did not end were excluded; see excluded.csv."
    assert lines[-1] in html.read_text(encoding="utf-8")
    assert len(pd.read_csv(tmp_path / "excluded.csv")) == 2
