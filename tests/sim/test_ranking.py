"""`top = K`: deals are added only where the first K of a ranking still overlap a row below
them (sim.run.ranking),
the key's checks, and a compiled restrict job that stops on it and resumes to the same table."""
from __future__ import annotations

import json

import pytest

from reports import stopping
from reports.stopping import ranking_note
from sim.run import ranking, config as config_mod
from sim.run.runner import ranking_line
from sim.run.stats import Interval
from sim.studies import restrict as restrict_mod
from tests.sim.helpers import assert_one_line_error, run_cli, run_compiled, write_config

ELEMENTS = ["building:dam", "building:saw_mill", "building:hotel", "building:church"]
JOB = dict(game="cuba", strategy="random", players=3, elements=ELEMENTS, games=12, seed=4)


def row(name: str, share: float, half: float) -> Interval:
    return Interval(name, 1000, share, half, share - half, share + half)


def restricted(element: str) -> str:
    return f"random~{element}"


def job(tmp_path, **change):
    return restrict_mod.load(write_config(tmp_path / "r.toml", **(JOB | change)))


def test_only_pairs_across_the_line_below_the_first_k_are_open():
    ranked = [row("a", 0.10, 0.01), row("b", 0.15, 0.03), row("c", 0.17, 0.01),
              row("d", 0.30, 0.01), row("e", 0.30, 0.0), row("f", 0.30, 0.0)]
    assert ranking.overlapping(ranked, 1) == []
    assert ranking.overlapping(ranked, 2) == [("b", "c")]
    # b and c are both among the first three: a tie, not an open pair
    assert ranking.overlapping(ranked, 3) == []
    assert ranking.tied(ranked, 3) == [("b", "c")]
    # d overlaps f; e and f tie exactly with no spread: not an overlap
    assert ranking.overlapping(ranked, 5) == [("d", "f")]
    assert ranking.tied(ranked, 5) == [("b", "c"), ("d", "e")]
    assert ranking.targets(ranked, 2) == pytest.approx({"b": 0.01, "c": 0.01})


def test_next_round_grows_only_the_open_elements_within_its_bounds(tmp_path):
    cfg = job(tmp_path, max_games=100)
    names = [restricted(e) for e in ELEMENTS]
    stops = [12, 12, 12, 12]
    # the dam stands apart; the saw mill and the hotel overlap (gap 0.01: each to 0.005,
    # from 0.02 is 16x, held to 4x); the church is last and apart; the unrestricted row is
    # not ranked
    rows = [row(names[0], 0.10, 0.02), row(names[1], 0.20, 0.02), row(names[2], 0.21, 0.02),
            row(names[3], 0.40, 0.02), row("random", 0.30, 0.001)]
    order = restrict_mod.by_loss(cfg)
    grown, report = ranking.next_stops(cfg, rows, stops, 2, order)
    index = {m.lineup[0]: m.index for m in cfg.matchups}
    assert grown[index[names[0]]] == 12 and grown[index[names[3]]] == 12
    assert grown[index[names[1]]] == grown[index[names[2]]] == 48
    assert report == {"top": 2, "met": False, "ranking": names[:2],
                      "overlapping": [[names[1], names[2]]], "tied": []}
    # at the cap they stop growing; a small overlap grows by at least half
    capped = [100 if i in (index[names[1]], index[names[2]]) else 12 for i in range(4)]
    assert ranking.next_stops(cfg, rows, capped, 2, order)[0] == capped
    near = rows[:2] + [row(names[2], 0.2399, 0.02)] + rows[3:]
    assert ranking.next_stops(cfg, near, stops, 2, order)[0][index[names[1]]] == 18
    # resolved: nothing grows
    apart = rows[:2] + [row(names[2], 0.30, 0.02)] + rows[3:]
    grown, report = ranking.next_stops(cfg, apart, stops, 2, order)
    assert grown == stops and report["met"] and report["overlapping"] == []
    # the saw mill and the hotel both among the first three: a tie that holds nothing up
    grown, report = ranking.next_stops(cfg, rows, stops, 3, order)
    assert grown == stops and report["met"] and report["tied"] == [[names[1], names[2]]]


def test_the_summary_and_the_page_name_open_pairs_and_ties():
    done = {"top": 3, "met": True, "overlapping": [], "ranking": ["a", "b", "c"],
            "tied": [["b", "c"]], "rounds": 2, "games_per_matchup": 40,
            "min_games_per_matchup": 36}
    assert ranking_line(done) == ("top 3: resolved after 2 rounds (no interval of the first "
                                  "3, win share +- half-width over deals, overlaps one below "
                                  "them; up to 40 games per matchup); tied within the first "
                                  "3: b / c")
    assert "their order is open: b / c." in ranking_note(done, "element").text
    assert not ranking_note(done, "element").warning
    open_ = done | {"met": False, "tied": [], "overlapping": [["c", "d"], ["c", "e"]]}
    assert ranking_line(open_).endswith("still overlapping: c / d, c / e")
    page = ranking_note(open_, "element")
    assert page.warning and "c / d; c / e." in page.text
    assert stopping.note(open_, "matchup") == ranking_note(open_, "matchup")
    alike = done | {"min_games_per_matchup": 40, "rounds": 1}
    assert "resolved after 1 round (" in ranking_line(alike)
    assert ranking_line(alike).endswith("them; 40 games per matchup); tied within the first "
                                        "3: b / c")
    assert "(1 round, up to 40 games per matchup)" in ranking_note(alike, "matchup").text


def test_a_precision_run_and_a_fixed_run_on_the_page():
    reached = {"target": 0.01, "widest": 0.0093, "met": True, "rounds": 3,
               "games_per_matchup": 900}
    told = stopping.note(reached, "matchup")
    assert told is not None and not told.warning
    assert "precision +-0.01" in told.text and "900 games per matchup" in told.text
    short = stopping.note(reached | {"met": False, "widest": 0.02}, "matchup")
    assert short is not None and short.warning and "+-0.0200" in short.text
    assert stopping.note(None, "matchup") is None
    nothing = stopping.note(reached | {"met": False, "widest": None}, "matchup")
    assert nothing is not None and "widest interval is unknown" in nothing.text


def test_a_tournament_ranks_by_the_highest_win_share():
    rows = [row("a", 0.2, 0.01), row("b", 0.5, 0.01), row("c", 0.3, 0.01)]
    assert [r.strategy for r in ranking.by_win_share(rows)] == ["b", "c", "a"]


def test_an_unset_top_leaves_the_config_and_its_hash_as_before(tmp_path):
    cfg = job(tmp_path)
    assert "top" not in cfg.values and "top" not in cfg.resolved()
    assert job(tmp_path, top=2).values["top"] == 2
    assert restrict_mod.load(tmp_path / "r.toml", top=3).values["top"] == 3


@pytest.mark.parametrize("change, problem", [
    ({"top": 0}, "top = 0 is not a whole number from 1"),
    ({"top": "2"}, "top = '2' is not a whole number"),
    ({"top": 2, "precision": 0.01}, "precision and top are both set"),
    ({"top": 2, "max_games": 6}, "max_games 6 is below games 12"),
])
def test_bad_top_in_a_restrict_config(tmp_path, change, problem):
    path = write_config(tmp_path / "r.toml", **(JOB | change))
    assert_one_line_error(run_cli("restrict", path, "--out", tmp_path / "run"), problem)
    assert not (tmp_path / "run").exists()


def test_bad_top_on_the_command_line(tmp_path):
    path = write_config(tmp_path / "t.toml", game="cuba", format="round-robin",
                        strategies=["random", "greedy"], players=2, games=4)
    assert_one_line_error(run_cli("tournament", path, "--top", "0", "--out", tmp_path / "run"),
                          "top = 0 is not a whole number")
    assert_one_line_error(run_cli("tournament", path, "--top", "1", "--precision", "0.1",
                                  "--out", tmp_path / "run"), "precision and top are both set")
    assert not (tmp_path / "run").exists()


@pytest.mark.compiled("cuba")
def test_a_top_job_stops_on_its_ranking_and_resumes_to_the_same_table(tmp_path):
    path = write_config(tmp_path / "r.toml", **(JOB | {"max_games": 48}))
    run = tmp_path / "run"
    first = run_compiled("restrict", path, "--top", "1", "--out", run, "--workers", "1",
                         "--json")
    summary = json.loads(first.stdout.strip().splitlines()[-1])
    report = summary["ranking"]
    assert report["top"] == 1 and report["rounds"] >= 1
    assert "top 1: " in first.stdout
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["precision"] == report and manifest["config"]["top"] == 1
    games = {e["element"]: e["games"] for e in summary["elements"]}
    assert all(12 <= g <= 48 for g in games.values())
    assert ("not resolved" in first.stdout) == (not report["met"])
    page = (run / "report" / "index.html").read_text()
    assert "Run with top = 1" in page
    again = run_compiled("restrict", path, "--top", "1", "--out", run, "--workers", "2",
                         "--resume", "--json")
    assert json.loads(again.stdout.strip().splitlines()[-1])["elements"] == summary["elements"]


def test_a_round_robin_grows_every_matchup_alike(tmp_path):
    """Each strategy plays in two of the three matchups: growing only some would tilt the
    field its pooled win share stands for."""
    path = write_config(tmp_path / "t.toml", game="cuba", format="round-robin",
                        strategies=["random", "greedy", "builder"], players=2, games=8,
                        max_games=64)
    cfg = config_mod.load(path)
    assert ranking.pooled(cfg, ["greedy"])
    rows = [row("builder", 0.70, 0.02), row("greedy", 0.50, 0.10), row("random", 0.45, 0.10)]
    grown, report = ranking.next_stops(cfg, rows, [8, 8, 8], 1, ranking.by_win_share)
    assert report["met"] and grown == [8, 8, 8]
    grown, report = ranking.next_stops(cfg, rows, [8, 8, 8], 2, ranking.by_win_share)
    assert report["overlapping"] == [["greedy", "random"]]
    assert len(set(grown)) == 1 and grown[0] == 32  # 4x: the largest step, in every matchup
    assert not ranking.pooled(job(tmp_path), [restricted(e) for e in ELEMENTS])


@pytest.mark.compiled("cuba")
def test_a_top_tournament_stops_on_its_ranking_with_equal_matchups(tmp_path):
    path = write_config(tmp_path / "t.toml", game="cuba", format="round-robin",
                        strategies=["random", "greedy", "builder"], players=2, games=8,
                        max_games=64, top=1, seed=3)
    run = tmp_path / "run"
    done = run_compiled("tournament", path, "--out", run, "--workers", "1", "--json")
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    report = summary["precision"]
    assert report["top"] == 1 and len(report["ranking"]) == 1
    manifest = json.loads((run / "manifest.json").read_text())
    games: dict[int, int] = {}
    for entry in manifest["shards"].values():
        games[entry["matchup"]] = games.get(entry["matchup"], 0) + entry["games"]
    assert len(set(games.values())) == 1 and 8 <= min(games.values()) <= 64
    if report["met"]:
        leader = report["ranking"][0]
        shares = {r["strategy"]: r for r in summary["win_shares"]}
        top = shares[leader]["win_share"] - shares[leader]["half_width"]
        assert all(top >= r["win_share"] + r["half_width"]
                   for n, r in shares.items() if n != leader)
    else:
        assert max(games.values()) == 64
