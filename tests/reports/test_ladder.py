"""The ladder page and table (reports/ladder.py) on a constructed results frame: the
one-vs-field matrix with intervals, each rung against the one below, the files written."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import ladder

RUNGS = ["random", "plan", "mcts"]
STRENGTH = {"random": 0.0, "plan": 1.0, "mcts": 2.0}


def results(deals: int = 30, players: int = 3, seed: int = 0) -> pd.DataFrame:
    """Games of every one-vs-field lineup and one round-robin window; the stronger strategy
    scores higher more often."""
    rng = np.random.default_rng(seed)
    lineups = [[c] + [f] * (players - 1) for c in RUNGS for f in RUNGS if c != f] + [RUNGS]
    rows = []
    game = 0
    for lineup in lineups:
        key = f"{players}p:{','.join(lineup)}"
        for deal in range(deals):
            for rot in range(players):
                seats = lineup[rot:] + lineup[:rot]
                score = np.array([STRENGTH[s] + rng.normal() for s in seats])
                win = (score == score.max()).astype(float)
                for seat, name in enumerate(seats):
                    rows.append({"game_id": game, "matchup": key, "stratum": key,
                                 "cluster": f"{key}/{deal}", "deal": deal, "players": players,
                                 "seat": seat, "strategy": name, "win_share": win[seat]})
                game += 1
    return pd.DataFrame(rows)


def test_matrix_has_every_pair_with_intervals_around_the_estimate():
    m = ladder.field_matrix(results(), RUNGS)
    assert len(m) == 6
    assert set(zip(m["candidate"], m["field"])) == {(c, f) for c in RUNGS for f in RUNGS
                                                     if c != f}
    assert ((m["win_lo"] <= m["win_share"]) & (m["win_share"] <= m["win_hi"])).all()
    strong = m[(m["candidate"] == "mcts") & (m["field"] == "random")].iloc[0]
    assert strong["win_lo"] > strong["fair"]
    weak = m[(m["candidate"] == "random") & (m["field"] == "mcts")].iloc[0]
    assert weak["win_hi"] < weak["fair"]


def test_each_rung_beats_the_one_below_in_the_round_robin():
    s = ladder.steps(results(deals=60), RUNGS)
    assert list(s["rung"]) == ["plan", "mcts"] and list(s["below"]) == ["random", "plan"]
    assert (s["diff"] > 0).all() and s["significant"].all()
    assert (s["p_holm"] >= s["p"]).all()


def test_page_and_table_are_written(tmp_path):
    html, csv = ladder.write(results(deals=8), RUNGS, "siberia", tmp_path)
    page = html.read_text(encoding="utf-8")
    assert "One against the field" in page and "data:image/png;base64," in page
    table = pd.read_csv(csv)
    assert len(table) == 6 and {"win_lo", "win_hi"} <= set(table.columns)
