"""The dossier's numbers and words on made-up tables: the headline's sentences follow the sign
and significance of each figure, and the course's measures follow the score curves."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.studies import course
from reports.studies.dossier import Numbers, Settings, headline

SETTINGS = Settings("cuba", ("random", "greedy", "builder", "mcts"), 4, ("mcts",), ("builder",))


def numbers(seat: tuple[float, float, float], top: tuple[float, float, float],
            deal: tuple[float, float, float]) -> Numbers:
    """Two seats (the first at `seat`, the second at the fair share), the top rung's win share
    against builder, and its deal share."""
    seats = pd.DataFrame({"seat": [0, 1], "win_share": [seat[0], 0.25],
                          "win_lo": [seat[1], 0.24], "win_hi": [seat[2], 0.26],
                          "fair_share": 0.25, "advantage": [seat[0] - 0.25, 0.0]})
    matrix = pd.DataFrame({"candidate": ["mcts", "mcts"], "field": ["random", "builder"],
                           "win_share": [0.9, top[0]], "win_lo": [0.85, top[1]],
                           "win_hi": [0.95, top[2]], "fair_share": 0.25})
    luck = pd.DataFrame({"candidate": ["mcts"], "field": ["builder"],
                         "win_deal_share": [deal[0]], "win_lo": [deal[1]],
                         "win_hi": [deal[2]]})
    empty = pd.DataFrame()
    return Numbers(seats, matrix, luck, empty, empty, empty, {}, None, None)


@pytest.mark.parametrize("seat,words", [((0.30, 0.28, 0.32), "wins more than its fair share"),
                                        ((0.20, 0.18, 0.22), "wins less than its fair share"),
                                        ((0.26, 0.22, 0.30), "not shown to differ")])
def test_the_seat_sentence_flips_with_the_interval(seat, words):
    first = headline(SETTINGS, numbers(seat, (0.5, 0.4, 0.6), (0.2, 0.1, 0.3)))[0]
    assert first.startswith("Seat 1 ") and words in first


@pytest.mark.parametrize("top,words", [((0.50, 0.40, 0.60), "Skill pays:"),
                                       ((0.10, 0.05, 0.15), "Skill does not pay:"),
                                       ((0.27, 0.20, 0.34), "Skill is not shown to pay:")])
def test_the_skill_sentence_flips_with_the_top_rungs_margin_over_the_best_plan(top, words):
    lines = headline(SETTINGS, numbers((0.25, 0.2, 0.3), top, (0.2, 0.1, 0.3)))
    assert len(lines) == 3
    assert lines[1].startswith(words) and "3 copies of builder" in lines[1]


@pytest.mark.parametrize("deal,words", [((0.7, 0.6, 0.8), "decides most of it"),
                                        ((0.2, 0.1, 0.3), "less than half"),
                                        ((0.45, 0.3, 0.6), "not shown to differ from half")])
def test_the_luck_sentence_flips_around_half(deal, words):
    last = headline(SETTINGS, numbers((0.25, 0.2, 0.3), (0.5, 0.4, 0.6), deal))[2]
    assert words in last and "mcts against builder" in last


def test_lead_changes_count_changes_of_the_sole_leader_only():
    scores = np.array([[0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3]], float)
    assert course.lead_changes(scores) == 2      # P1, tie, P2, P1, tie


def test_decided_at_is_the_share_after_which_the_winner_always_leads():
    scores = np.array([[0, 0], [0, 1], [2, 1], [3, 1], [4, 1]], float)
    assert course.decided_at(scores, 0) == pytest.approx(2 / 4)   # behind at event 1
    assert course.decided_at(np.array([[1, 0], [2, 0]], float), 0) == 0.0
    assert course.decided_at(np.array([[0, 1], [0, 2], [3, 2]], float), 0) == 1.0


def test_per_game_and_summary_give_intervals_within_the_possible_range():
    rows = []
    for deal, winner in ((0, 0), (1, 1), (2, 0)):
        for event in range(4):
            for seat in range(2):
                score = event * (2 if seat == winner else 1)
                rows.append({"matchup": 0, "deal": deal, "seating": 0, "event": event, "seat": seat,
                             "strategy": "x", "score": score, "start_player": 0,
                             "rank": 1 if seat == winner else 2})
    games = course.per_game(pd.DataFrame(rows))
    assert games["start_player_won"].tolist() == [1.0, 0.0, 1.0]
    assert (games["lead_changes"] == 0).all()
    table = course.summary(games).set_index("measure")
    decided = table.loc[table.index.str.startswith("share")].iloc[0]
    assert 0.0 <= decided["lo"] <= decided["mean"] <= decided["hi"] <= 1.0


@pytest.mark.parametrize("diff,p,words", [((0.1, 0.05, 0.15), 0.01, "rises"),
                                         ((-0.1, -0.15, -0.05), 0.01, "falls"),
                                         ((0.1, -0.05, 0.25), 0.30, "is not shown to change")])
def test_the_comparisons_sentences_follow_the_paired_differences(diff, p, words):
    from reports.studies import dossier_compare

    change = {"diff": diff[0], "diff_lo": diff[1], "diff_hi": diff[2], "p_holm": p}
    seats = pd.DataFrame([{"seat": 0} | change, {"seat": 1, "diff": 0.0, "diff_lo": -0.01,
                                                 "diff_hi": 0.01, "p_holm": 1.0}])
    skill = pd.DataFrame([{"candidate": "mcts", "field": "builder"} | change])
    luck = pd.DataFrame([{"candidate": "mcts", "field": "builder"} | change])
    matrix = numbers((0.25, 0.2, 0.3), (0.5, 0.4, 0.6), (0.2, 0.1, 0.3)).matrix
    lines = dossier_compare.headline(SETTINGS, seats, skill, luck.drop(columns="p_holm"),
                                     matrix)
    assert len(lines) == 3 and all(words in line for line in lines)
    assert lines[1].startswith("The win share of mcts against builder")
