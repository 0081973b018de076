"""The comparison's headline (reports/compare_headline.py): sentences written from the numbers
(a sign flip or a loss of significance changes them), the count of games that differ between
runs on the same deals, and the terminal tables fitted to the terminal's width."""
from __future__ import annotations

import pandas as pd
import pytest

from reports import compare, compare_headline as ch
from reports.runs import _derive
from reports.studies import sweep
from reports.text import text_table
from tests.reports import synth

LINEUPS = [("a", "b", "c")]
EVEN = {"a": 0.0, "b": 0.0, "c": 0.0}


def frame(strength: dict[str, float], deals: int = 120) -> pd.DataFrame:
    return _derive(synth.results(LINEUPS, deals, strength, seed=3))


def delta(diff: float, lo: float, hi: float, p: float, significant: bool,
          strategy: str = "a") -> pd.Series:
    return pd.Series({"run": "v", "players": 3, "strategy": strategy, "diff": diff,
                      "diff_lo": lo, "diff_hi": hi, "p_holm": p, "significant": significant})


def test_win_sentence_follows_the_sign_and_the_significance():
    up = ch.win_sentence(delta(0.031, 0.012, 0.050, 0.004, True))
    down = ch.win_sentence(delta(-0.031, -0.050, -0.012, 0.004, True))
    noise = ch.win_sentence(delta(-0.008, -0.020, 0.004, 0.41, False))
    assert up == "a gains 0.031 win share (+0.031 [+0.012, +0.050]), significant (Holm p 0.004)"
    assert down == ("a loses 0.031 win share (-0.031 [-0.050, -0.012]), significant "
                    "(Holm p 0.004)")
    assert noise.startswith("no strategy's win share changes significantly")
    assert "a -0.008 [-0.020, +0.004], is within noise (Holm p 0.410)" in noise


def test_strongest_prefers_significant_then_smallest_p():
    d = pd.DataFrame([delta(0.2, -0.1, 0.5, 0.3, False, "big"),
                      delta(0.05, 0.02, 0.08, 0.01, True, "sig"),
                      delta(-0.09, -0.12, -0.06, 0.001, True, "sig2")])
    assert ch.strongest(d)["strategy"] == "sig2"
    assert ch.strongest(d.iloc[:1])["strategy"] == "big"


def test_balance_sentence_says_which_way_and_when_it_is_noise():
    row = pd.Series({"value": 0.205, "diff": 0.030, "diff_lo": 0.011, "diff_hi": 0.048,
                     "significant": True})
    assert "become less even (spread 0.175 -> 0.205, +0.030 [+0.011, +0.048])" in \
        ch.balance_sentence(row, 0.175)
    more = row.copy()
    more[["value", "diff", "diff_lo", "diff_hi"]] = [0.145, -0.030, -0.048, -0.011]
    assert "become more even" in ch.balance_sentence(more, 0.175)
    flat = row.copy()
    flat[["diff_lo", "significant"]] = [-0.01, False]
    assert "changes within noise" in ch.balance_sentence(flat, 0.175)


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    return {"base": frame(EVEN), "strong_a": frame(EVEN | {"a": 4.0}),
            "weak_a": frame(EVEN | {"a": -4.0}), "same": frame(EVEN)}


def headline(frames: dict[str, pd.DataFrame]) -> list[str]:
    deltas = sweep.paired_deltas(frames)
    return ch.lines(frames, deltas, sweep.balance_intervals(frames, n_boot=200, seed=1))


def test_headline_of_synthetic_runs_names_the_changed_strategy_both_ways(frames):
    text = headline(frames)
    games = frames["base"]["game_id"].nunique()
    assert len(text) == 5
    assert text[0] == (f"{games} of {games} games played on the same deals differ between "
                       "strong_a and base in some recorded result.")
    assert text[1].startswith("strong_a vs base, 3 players: a gains ")
    assert "significant (Holm p" in text[1]
    assert text[2].startswith(f"{games} of {games} games played on the same deals differ "
                              "between weak_a and base")
    assert text[3].startswith("weak_a vs base, 3 players: a loses ")
    assert text[4] == (f"same changed no game: all {games} games played on the same deals as "
                       "base have the same result in every recorded column (scores, ranks, "
                       "breakdown), so every difference of same is exactly 0; the variant is "
                       "inert for these strategies.")
    noise = ch.sentences(sweep.paired_deltas(frames), sweep.balance_intervals(frames, n_boot=50),
                         "base")
    assert [t for t in noise if t.startswith("same vs base, 3 players: no strategy's win share "
                                             "changes significantly")]


def test_differing_games_counts_only_the_games_that_changed(frames):
    base = frames["base"]
    other = base.copy()
    first_games = base["game_id"].drop_duplicates().iloc[:3]
    hit = other["game_id"].isin(first_games) & (other["seat"] == 0)
    other.loc[hit, "money"] += 1           # a breakdown column differs, the score does not
    assert ch.differing_games(base, other) == (3, base["game_id"].nunique())
    assert ch.differing_games(base, base.assign(seed=base["seed"] + 1)) is None  # other deals
    # runs store lineups and names as categoricals, with categories of their own
    cat = base.assign(lineup=base["lineup"].astype("category"),
                      strategy=base["strategy"].astype("category"))
    wider = other.assign(lineup=pd.Categorical(other["lineup"],
                                               categories=["x"] + sorted(other["lineup"].unique())),
                         strategy=pd.Categorical(other["strategy"],
                                                 categories=["br1", "a", "b", "c"]))
    assert ch.differing_games(cat, wider) == (3, base["game_id"].nunique())


def test_compare_page_opens_with_the_headline(tmp_path, frames):
    dirs = [synth.write(tmp_path / name, frames[name].drop(
        columns=["cluster", "stratum", "game_id"])) for name in ("base", "strong_a")]
    written = compare.compare(dirs, tmp_path / "cmp")
    html = written.index.read_text()
    assert html.index('<section id="headline">') < html.index('<section id="runs">')
    assert "strong_a vs base, 3 players: a gains" in html
    assert any(line.startswith("strong_a vs base, 3 players: a gains")
               for line in written.lines)
    assert written.data["headline"][0].endswith("in some recorded result.")
    assert "<p class=\"note warn\">" not in html.split('<section id="runs">')[0]


def test_terminal_tables_fit_the_width(tmp_path, frames):
    many = {f"variant_number_{i}": frames[k] for i, k in enumerate(
        ["base", "strong_a", "weak_a", "same", "strong_a"])}
    deltas = sweep.paired_deltas(many)
    tables = {"summary": compare.side_by_side(many), "win_share_deltas": deltas,
              "balance_intervals": sweep.balance_intervals(many, n_boot=50)}
    lines = compare.terminal_lines(tables, list(many), ["a headline " * 30], width=100)
    assert max(len(line) for line in lines) <= 100
    assert sum(line.startswith("players  strategy") for line in lines) >= 2  # wrapped blocks


def test_text_table_wraps_into_blocks_that_repeat_the_key_columns():
    headers = ["key", "x" * 30, "y" * 30, "z" * 30]
    rows = [["k1", "1", "2", "3"], ["k2", "4", "5", "6"]]
    assert len(text_table(headers, rows, 1)[0]) > 80
    lines = text_table(headers, rows, 1, width=80)
    assert max(map(len, lines)) <= 80
    assert lines[0].startswith("key") and lines[4].startswith("key") and lines[3] == ""
