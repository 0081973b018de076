"""The dossier's numbers and words on made-up tables: the headline's sentences follow the sign
and significance of each figure, and the course's measures follow the score curves."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from reports.studies import course
from reports.studies.dossier import Numbers, Settings, headline
from tests.reports.page_check import bare_numbers, read

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
    luck = pd.DataFrame({"candidate": ["mcts"], "field": ["builder"], "deals": [4],
                         "win_share": [top[0]], "win_deal_share": [deal[0]],
                         "win_lo": [deal[1]], "win_hi": [deal[2]], "win_note": [""],
                         "margin_deal_share": [0.3], "margin_lo": [0.2], "margin_hi": [0.4],
                         "margin_note": [""]})
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


def with_luck(win: tuple[float, float, float], margin: tuple[float, float, float],
              won: float) -> Numbers:
    """The numbers above with the top rung's luck row replaced: its win's and its score
    margin's deal shares, and its mean win share."""
    n = numbers((0.25, 0.2, 0.3), (1.0, 0.8, 1.0), (0.2, 0.1, 0.3))
    luck = pd.DataFrame({"candidate": ["mcts"], "field": ["builder"], "deals": [4],
                         "win_share": [won], "win_deal_share": [win[0]], "win_lo": [win[1]],
                         "win_hi": [win[2]], "margin_deal_share": [margin[0]],
                         "margin_lo": [margin[1]], "margin_hi": [margin[2]],
                         "win_note": [""], "margin_note": [""]})
    return replace(n, luck=luck)


def test_a_win_that_never_varies_is_labelled_and_the_headline_reads_the_margin():
    from reports.studies.dossier import luck_section

    nan = (np.nan, np.nan, np.nan)
    n = with_luck(nan, (0.2, 0.1, 0.3), won=1.0)
    last = headline(SETTINGS, n)[2]
    assert "n/a" not in last and "less than half" in last
    assert "score margin" in last and "0.200 [0.100, 0.300]" in last
    assert "won every game" in last
    table = next(i for i in luck_section(n, SETTINGS.rungs).items if hasattr(i, "frame"))
    assert "won every game" in table.frame.iloc[0, 3]
    lost = next(i for i in luck_section(with_luck(nan, nan, won=0.0), SETTINGS.rungs).items
                if hasattr(i, "frame"))
    assert "lost every game" in lost.frame.iloc[0, 3]


def test_the_seat_sentence_names_a_seat_shown_to_differ_before_a_further_one_that_is_not():
    n = numbers((0.34, 0.20, 0.48), (0.5, 0.4, 0.6), (0.2, 0.1, 0.3))
    seats = pd.concat([n.seats, pd.DataFrame({
        "seat": [2], "win_share": [0.30], "win_lo": [0.27], "win_hi": [0.33],
        "fair_share": [0.25], "advantage": [0.05]})], ignore_index=True)
    first = headline(SETTINGS, replace(n, seats=seats))[0]
    assert first.startswith("Seat 3 wins more than its fair share")


def test_the_page_links_the_jobs_pages_that_exist_and_its_tables(tmp_path):
    from reports.studies.dossier import TABLES, files_section

    (tmp_path / "restrict" / "report").mkdir(parents=True)
    (tmp_path / "restrict" / "report" / "index.html").write_text("<html></html>")
    (tmp_path / "course.csv").write_text("event\n")
    table = files_section(tmp_path).items[0]
    hrefs = list(table.links["file"])
    page = tmp_path / "page"
    assert (page / "../restrict/report/index.html").resolve().exists()
    assert {"../restrict/report/index.html", "../course.csv"} <= set(hrefs)
    assert not any("metagame" in h for h in hrefs)   # not played: no dead link
    assert {f"{name}.csv" for name in TABLES} <= set(hrefs) and "dossier.json" in hrefs


RUNGS = ("random", "greedy", "builder")


def synthetic_dossier(out: Path, failed: bool = False, seed: int = 1,
                      rungs: tuple[str, ...] = RUNGS) -> Path:
    """A dossier directory holding only a synthetic skill job of `rungs` (3 players), the
    FAILED games of tests/reports/test_excluded.py marked failed when asked."""
    from tests.reports import synth
    from tests.reports.test_excluded import fail, write

    lineups = [(c, f, f) for c in rungs for f in rungs if c != f]
    strength = {r: 2.0 * i for i, r in enumerate(rungs)}
    df = synth.results(lineups, 6, strength, seed=seed)
    df["decisions"] = 30 + df["deal"] % 3
    write(out / "skill", fail(df) if failed else df)
    return out


def test_left_out_games_are_said_at_the_top_of_the_page_and_listed(tmp_path):
    from reports.studies import dossier

    out = synthetic_dossier(tmp_path / "d", failed=True)
    written = dossier.write(out, Settings("cuba", RUNGS, 3, (), ("builder",)))
    top = written.index.read_text().split('<section id="headline">')[1].split("</section>")[0]
    assert "2 games that did not end were excluded" in top
    assert len(pd.read_csv(out / "page" / "excluded.csv")) == 2


SYNTHETIC = Settings("cuba", RUNGS, 3, (), ("builder",))


def test_every_number_of_the_page_has_its_interval_or_is_an_exact_count(tmp_path):
    from reports.studies import dossier

    written = dossier.write(synthetic_dossier(tmp_path / "d"), SYNTHETIC)
    html = written.index.read_text()
    assert bare_numbers(html) == []
    assert all("[" in line for line in written.lines)


def test_the_comparison_numbers_seats_as_the_headline_does_and_gives_every_interval(tmp_path):
    from reports.studies import dossier_compare

    base = synthetic_dossier(tmp_path / "base", seed=1)
    variant = synthetic_dossier(tmp_path / "variant", seed=2)
    written = dossier_compare.write(base, variant, SYNTHETIC, variant / "compare", n_boot=50)
    html = written.index.read_text()
    assert bare_numbers(html) == []
    header, rows = read(html.split('<section id="seats">')[1]).tables[0]
    assert header[0] == "seat" and [r[0] for r in rows] == ["1", "2", "3"]
    seat = written.lines[0].split("'")[0]          # "Seat N"
    changes = pd.read_csv(variant / "compare" / "seats.csv")
    if changes["significant"].any():
        changes = changes[changes["significant"]]
    furthest = changes.loc[changes["diff"].abs().idxmax(), "seat"]
    assert seat == f"Seat {furthest + 1}"


def test_the_comparison_links_both_dossiers_and_says_which_games_it_left_out(tmp_path):
    from reports.studies import dossier, dossier_compare

    base = synthetic_dossier(tmp_path / "base", failed=True)
    variant = synthetic_dossier(tmp_path / "variant", seed=2)
    dossier.write(base, SYNTHETIC)
    dossier.write(variant, SYNTHETIC)
    out = variant / "compare"
    written = dossier_compare.write(base, variant, SYNTHETIC, out, n_boot=20)
    html = written.index.read_text()
    hrefs = re.findall(r'<a href="([^"#]+)"', html)
    assert {"../page/index.html", "../../base/page/index.html"} <= set(hrefs)
    assert all((out / h).exists() for h in hrefs), hrefs
    top = html.split('<section id="headline">')[1].split("</section>")[0]
    assert "base: 2 games that did not end were excluded" in top
    assert len(pd.read_csv(out / "excluded_base.csv")) == 2


def test_the_comparisons_seat_sentence_prefers_a_change_shown_and_an_undefined_share_is_said():
    from reports.studies import dossier_compare

    seats = pd.DataFrame({"seat": [0, 1], "diff": [0.10, 0.05], "diff_lo": [-0.05, 0.02],
                          "diff_hi": [0.25, 0.08], "p_holm": [0.30, 0.01]})
    skill = pd.DataFrame([{"candidate": "mcts", "field": "builder", "diff": 0.0,
                           "diff_lo": 0.0, "diff_hi": 0.0, "p_holm": 1.0}])
    luck = pd.DataFrame([{"candidate": "mcts", "field": "builder", "deals": 4,
                          "base": np.nan, "base_won": 1.0, "variant": np.nan,
                          "variant_won": 1.0, "diff": np.nan, "diff_lo": np.nan,
                          "diff_hi": np.nan}])
    matrix = numbers((0.25, 0.2, 0.3), (1.0, 0.8, 1.0), (0.2, 0.1, 0.3)).matrix
    lines = dossier_compare.headline(SETTINGS, seats, skill, luck, matrix)
    assert lines[0].startswith("Seat 2's win share rises")
    assert "n/a" not in lines[2] and "undefined" in lines[2] and "won every game" in lines[2]


def test_a_difference_that_rounds_to_zero_shows_no_minus_sign():
    from reports import fmt

    assert fmt.signed_interval(0.0, -5.551115123125783e-17, 0.0) == "+0.000 [+0.000, +0.000]"
    assert fmt.signed_interval(-0.0004, -0.02, 0.01) == "+0.000 [-0.020, +0.010]"


def test_the_length_table_says_whose_turns_it_counts():
    from reports.studies.dossier import length_table

    rows = [{"game_id": g, "cluster": g // 2, "stratum": 0, "seat": seat, "decisions": 10,
             "turns": 5 + seat, "game_turns": 11} for g in range(6) for seat in range(2)]
    measures = length_table(pd.DataFrame(rows)).set_index("measure")["mean"]
    assert measures.to_dict() == {"decisions per game (all seats)": 20.0,
                                  "turns per game (all seats)": 11.0,
                                  "turns per seat (the seat that took most)": 6.0}


def test_skill_pays_only_if_the_top_rung_beats_the_field_it_fares_worst_against():
    s = replace(SETTINGS, plans=("builder", "cafe"))   # builder ranked strongest
    n = numbers((0.25, 0.2, 0.3), (0.6, 0.5, 0.7), (0.2, 0.1, 0.3))
    cafe = pd.DataFrame({"candidate": ["mcts"], "field": ["cafe"], "win_share": [0.3],
                         "win_lo": [0.2], "win_hi": [0.4], "fair_share": [0.25]})
    luck = pd.concat([n.luck, n.luck.assign(field="cafe", win_deal_share=0.6, win_lo=0.55,
                                            win_hi=0.65)])
    lines = headline(s, replace(n, matrix=pd.concat([n.matrix, cafe]), luck=luck))
    assert lines[1].startswith("Skill is not shown to pay") and "3 copies of cafe" in lines[1]
    assert "mcts against cafe" in lines[2] and "more than half" in lines[2]
    # greedy, below the plans, counts too; a search field (the chain of searches) does not
    weak = pd.DataFrame({"candidate": ["mcts", "mcts"], "field": ["greedy", "mcts_weak"],
                         "win_share": [0.28, 0.1], "win_lo": [0.1, 0.05],
                         "win_hi": [0.5, 0.2], "fair_share": [0.25, 0.25]})
    s = replace(s, searches=("mcts_weak", "mcts"))
    lines = headline(s, replace(n, matrix=pd.concat([n.matrix, cafe, weak]), luck=luck))
    assert "3 copies of greedy, its hardest field that neither searches nor plays at random" in lines[1]
    # a tie in win share goes to the field with the lower interval, not to the stronger plan
    tie = pd.DataFrame({"candidate": ["mcts"], "field": ["cafe"], "win_share": [0.28],
                        "win_lo": [0.2], "win_hi": [0.4], "fair_share": [0.25]})
    lines = headline(s, replace(n, matrix=pd.concat([n.matrix, tie, weak]), luck=luck))
    assert "3 copies of greedy" in lines[1]


def test_the_luck_plot_sets_each_fields_point_beside_the_others():
    from reports.studies.dossier import dodge

    shifts = dodge(9)
    assert len(set(np.round(shifts, 6))) == 9 and np.abs(shifts).max() < 0.5
    assert dodge(1).tolist() == [0.0]


def test_the_comparisons_tables_follow_the_ladder_with_ten_matchups_or_more(tmp_path):
    from reports.studies import dossier_compare

    rungs = ("random", "greedy", "builder", "cafe")    # 12 matchups: strata '0' to '11'
    s = Settings("cuba", rungs, 3, (), ("cafe", "builder"))
    base = synthetic_dossier(tmp_path / "base", rungs=rungs)
    variant = synthetic_dossier(tmp_path / "variant", seed=2, rungs=rungs)
    dossier_compare.write(base, variant, s, variant / "compare", n_boot=10)
    rank = {r: i for i, r in enumerate(rungs)}
    skill = pd.read_csv(variant / "compare" / "skill.csv")
    pairs = list(zip(skill["candidate"].map(rank), skill["field"].map(rank)))
    assert pairs == sorted(pairs)
    luck = pd.read_csv(variant / "compare" / "luck.csv")
    pairs = list(zip(luck["field"].map(rank), luck["candidate"].map(rank)))
    assert pairs == sorted(pairs)


def test_a_deal_share_without_interval_says_why_and_the_headline_takes_one_with_an_interval():
    from reports.studies.dossier import luck_section

    n = with_luck((0.0, np.nan, np.nan), (0.1, 0.0, 0.4), won=0.75)
    note = "the deals' mean results are all equal"
    n = replace(n, luck=n.luck.assign(win_note=note, margin_note=""))
    last = headline(SETTINGS, n)[2]
    assert "score margin" in last and "0.100 [0.000, 0.400]" in last and note in last
    table = next(i for i in luck_section(n, SETTINGS.rungs).items if hasattr(i, "frame"))
    assert table.frame.iloc[0, 3] == f"0.000 (no interval: {note})"
    alone = replace(n, luck=n.luck.assign(margin_deal_share=0.0, margin_lo=np.nan,
                                          margin_hi=np.nan, margin_note=note))
    last = headline(SETTINGS, alone)[2]
    assert "[" not in last and "0.000, with no interval" in last and note in last


def test_the_comparisons_deal_share_without_interval_says_why():
    from reports.studies import dossier_compare

    note = "each deal gave one result in every seating"
    luck = pd.DataFrame([{"candidate": "mcts", "field": "builder", "deals": 4, "base": 1.0,
                          "base_lo": np.nan, "base_hi": np.nan, "base_won": 0.5,
                          "base_note": note, "variant": 0.2, "variant_lo": 0.0,
                          "variant_hi": 0.7, "variant_won": 0.5, "variant_note": "",
                          "diff": -0.8, "diff_lo": -1.0, "diff_hi": -0.3}])
    shown = dossier_compare.cells(luck, ["candidate", "field", "deals"]).iloc[0]
    assert shown["base [95%]"] == f"1.000 (no interval: {note})"
    assert shown["variant [95%]"] == "0.200 [0.000, 0.700]"


def crossed_games(out: Path, deals: int = 3, ship: float = 1.0, seed: int = 2,
                  blocks: int | None = None, sources: tuple[str, ...] = ("ship pile",
                                                                         "statute piles")
                  ) -> Path:
    """A synthetic luck_sources.csv of builder against random and greedy (the ship pile's
    effect `ship` times the field's spread): the ship pile decides much of the margin, the
    statute piles little. With `blocks`, each row's block and its cell's seed (the cell's
    number: the same deals in every table given blocks)."""
    rng = np.random.default_rng(seed)
    rows = []
    for block in range(blocks or 1):
        for field, spread in (("random", 1.0), ("greedy", 3.0)):
            pile, statutes = rng.normal(0, ship * spread, deals), rng.normal(0, 0.2, deals)
            for i in range(deals):
                for j in range(deals):
                    for r in range(3):
                        margin = pile[i] + statutes[j] + rng.normal()
                        cell = {} if blocks is None else {"block": block,
                                                          "seed": (block * deals + i) * deals + j}
                        rows.append({"candidate": "builder", "field": field, "rotation": r,
                                     f"deal:{sources[0]}": i, f"deal:{sources[1]}": j} | cell
                                    | {"win_share": float(margin > 0), "margin": margin})
    pd.DataFrame(rows).to_csv(out / "luck_sources.csv", index=False)
    return out


SOURCED = replace(SYNTHETIC, sources=("ship pile", "statute piles"), n_boot=40)


def test_the_page_shows_each_sources_share_per_field_with_its_interval(tmp_path):
    from reports.studies import dossier

    out = crossed_games(synthetic_dossier(tmp_path / "d"))
    written = dossier.write(out, SOURCED)
    html = written.index.read_text()
    section = html.split('<section id="sources">')[1].split("</section>")[0]
    assert "Luck by source of randomness" in section and "ship pile" in section
    assert bare_numbers(html) == []
    table = pd.read_csv(out / "page" / "luck_sources.csv")
    assert list(table["field"].unique()) == ["random", "greedy"]   # lowest rung first
    assert set(table["part"]) >= {"ship pile", "statute piles"}
    assert "luck_sources" in written.data
    again = dossier.write(out, SOURCED)   # the same games give the same table
    assert again.data["luck_sources"] == written.data["luck_sources"]


def test_a_game_with_one_source_says_so_and_an_unplayed_job_says_why(tmp_path):
    from reports.studies import dossier

    out = synthetic_dossier(tmp_path / "d")
    one = dossier.write(out, replace(SYNTHETIC, sources=("deck",))).index.read_text()
    assert "has one source of randomness (deck)" in one
    skipped = dossier.write(out, SOURCED).index.read_text()
    assert "Not measured (--luck-deals 0" in skipped and "ship pile" in skipped


def test_the_comparison_shows_each_sources_share_change_with_a_paired_interval(tmp_path):
    from reports.studies import dossier_compare, luck_sources

    base = crossed_games(synthetic_dossier(tmp_path / "base"), ship=0.3, blocks=2)
    variant = crossed_games(synthetic_dossier(tmp_path / "variant", seed=2), ship=3.0, seed=3,
                            blocks=2)
    out = variant / "compare"
    written = dossier_compare.write(base, variant, SOURCED, out, n_boot=60)
    html = written.index.read_text()
    assert bare_numbers(html) == []
    section = html.split('<section id="sources">')[1].split("</section>")[0]
    assert "Luck by source of randomness" in section and "redraws each source" in section
    t = pd.read_csv(out / "luck_sources.csv")
    parts = ["ship pile", "statute piles", luck_sources.INTERACTIONS, luck_sources.WITHIN]
    assert list(t["field"].unique()) == ["random", "greedy"]   # lowest rung first
    assert list(t["part"].unique()) == parts and len(t) == 2 * 2 * 4
    assert t["paired"].all() and (t["games"] == 2 * 9 * 3).all()
    assert t[["base_lo", "variant_lo", "diff_lo", "diff_hi"]].notna().all().all()
    assert np.allclose(t["diff"], t["variant"] - t["base"])
    ship = t[(t["part"] == "ship pile") & (t["result"] == "margin")]
    assert (ship["diff_lo"] > 0).all()   # the variant's ship pile decides far more
    first = section.split("<p")[1]   # the section's first note names the change shown
    assert "the ship pile&#x27;s share of the variance of builder" in first and "rises" in first
    assert written.data["notes"][0].startswith("Luck by source: the ship pile")
    assert len(written.lines) <= 3 and written.data["luck_sources"]


def test_the_comparisons_bootstrap_is_paired_only_on_the_same_crossed_deals(tmp_path):
    from reports.studies import luck_sources_change as change

    base = crossed_games(tmp_path, blocks=1)
    b = pd.read_csv(base / "luck_sources.csv")
    assert change.paired(b, b.assign(margin=b["margin"] + 1), ["deal:ship pile"])
    assert not change.paired(b, b.assign(seed=b["seed"] + 1), ["deal:ship pile"])
    assert not change.paired(b.drop(columns="seed"), b, ["deal:ship pile"])
    t, notes = change.changes(b, b.assign(seed=b["seed"] + 1), n_boot=30)
    assert not t["paired"].any() and "on its own" in notes[0]
    t, notes = change.changes(b, b, n_boot=30)
    assert t["paired"].all() and "alike in both" in notes[0]
    assert (t["diff"] == 0).all() and (t["diff_lo"] == 0).all()   # the same deals redrawn
    t, notes = change.changes(b, b.assign(candidate="mcts"), n_boot=30)
    assert t.empty and "met no field in both runs (base: builder; variant: mcts)" in notes[0]


def test_paired_redraws_give_a_narrower_interval_than_independent_ones():
    from reports.studies import luck_sources as ls
    from tests.reports.test_luck_sources import synthetic

    base = synthetic((6, 6), 3, [1.0, 0.3], 0.0, 1.0, seed=4)[None]
    variant = base + np.random.default_rng(9).normal(0, 0.1, base.shape)
    d, lo, hi = ls.shares_difference(base, variant, True, n_boot=200)
    _, lo_i, hi_i = ls.shares_difference(base, variant, False, n_boot=200)
    assert np.allclose(d, ls.shares(variant) - ls.shares(base))
    assert (hi - lo)[0] < (hi_i - lo_i)[0] / 3


def test_a_variant_that_changes_the_sources_is_said_not_compared(tmp_path):
    from reports.studies import dossier_compare

    base = crossed_games(synthetic_dossier(tmp_path / "base"))
    variant = crossed_games(synthetic_dossier(tmp_path / "variant", seed=2),
                            sources=("ship pile", "dice"))
    written = dossier_compare.write(base, variant, SOURCED, variant / "compare", n_boot=20)
    section = written.index.read_text().split('<section id="sources">')[1]
    assert "changes the game&#x27;s sources of randomness (base: ship pile, statute piles; " \
           "variant: ship pile, dice)" in section
    assert written.data["luck_sources"] == []
    unplayed = synthetic_dossier(tmp_path / "none")
    page = dossier_compare.write(base, unplayed, SOURCED, tmp_path / "cmp", n_boot=20)
    assert "not played in both dossiers" in page.index.read_text()
