"""`meeplab dossier` as a user runs it on tiny game counts: compiled (a subprocess), the page
and tables of two games, --resume of a finished dossier, a variant compared with the base
rules on the same deals; in-process, the one-line errors of bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from tests.sim.helpers import assert_one_line_error, run_cli, run_compiled

# the cheapest ladders with a search rung: 2 players, 2 deals per matchup, a 2-iteration search
GAMES = {"santiago": "random,greedy,banker,mcts@2", "siberia": "random,greedy,staff_first,mcts@2"}


def play(game: str, out: Path, *extra: str) -> dict:
    """The --json summary of a dossier played with the JIT on."""
    done = run_compiled("dossier", game, "--players", 2, "--games", 4, "--course", 2,
                        "--rungs", GAMES[game], "--luck-deals", 2, "--workers", 1, "--out", out,
                        "--json", *extra)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request, tmp_path_factory):
    game = request.param
    out = tmp_path_factory.mktemp(game) / "dossier"
    return game, out, play(game, out)


@pytest.mark.compiled
def test_the_page_holds_every_section_with_intervals(played):
    game, out, summary = played
    page = (out / "page" / "index.html").read_text()
    for title in ("Headline", "Seat and first-player advantage", "The skill gradient",
                  "Luck: what the deal decides", "Strongest and weakest elements",
                  "The meta-game", "The game&#x27;s course"):
        assert title in page
    data = json.loads((out / "page" / "dossier.json").read_text())
    assert data["game"] == game and len(data["headline"]) == 3
    assert summary["headline"] == data["headline"] and summary["index"].endswith("index.html")
    skill = pd.read_csv(out / "page" / "skill.csv")
    # every rung against the fields that do not search, and none against a search field
    assert len(skill) == 4 * 3 - 3 and "mcts@2" not in set(skill["field"])
    assert skill[["win_lo", "win_hi"]].notna().all().all()
    luck = pd.read_csv(out / "page" / "luck.csv")
    assert ((luck["win_deal_share"].isna()) | luck["win_deal_share"].between(0, 1)).all()
    equilibrium = pd.read_csv(out / "metagame" / "metagame" / "equilibrium.csv")
    assert set(equilibrium["strategy"]) == {"greedy", GAMES[game].split(",")[2]}
    assert (out / "restrict" / "report" / "restricted.csv").exists()
    curves = pd.read_csv(out / "course.csv")
    assert curves.groupby(["matchup", "deal", "seating"]).ngroups == 2
    assert "Luck by source of randomness" in page
    sources = pd.read_csv(out / "page" / "luck_sources.csv")
    assert (sources["share"].isna() | sources["share"].between(0, 1)).all()
    assert "random" in set(sources["field"]) and sources["field"].nunique() == 2
    luck_run = json.loads((out / "luck" / "manifest.json").read_text())
    assert luck_run["status"] == "complete" and luck_run["config"]["crossed_deals"] == 2
    assert len(pd.read_csv(out / "luck_sources.csv")) == luck_run["games"]


@pytest.mark.compiled
def test_resume_of_a_finished_dossier_plays_nothing(played):
    game, out, summary = played
    again = run_compiled("dossier", game, "--out", out, "--resume", "--json")
    assert "0 played now" in again.stderr and "luck by source:" in again.stderr
    assert all(" 0 played now" in line for line in again.stderr.splitlines()
               if "played now" in line)
    assert json.loads(again.stdout.strip().splitlines()[-1])["headline"] == summary["headline"]
    result = run_cli("dossier", game, "--out", out, "--resume", "--games", 8)
    assert_one_line_error(result, "--games 8 differs from the dossier")


@pytest.mark.compiled
def test_a_variant_compares_with_the_base_rules_on_the_same_deals(played, tmp_path):
    game, out, _ = played
    if game != "siberia":
        pytest.skip("one comparison is enough")
    summary = play(game, tmp_path / "variant", "--variant", "discover_any=false", "--base", out)
    compared = summary["comparison"]
    assert len(compared["headline"]) == 3 and compared["index"].endswith("index.html")
    skill = pd.read_csv(tmp_path / "variant" / "compare" / "skill.csv")
    assert (skill["deals"] == 2).all() and {"diff", "diff_lo", "p_holm"} <= set(skill)
    # luck by source: the same crossed deals in both (same seed and --luck-deals), so paired
    sources = pd.read_csv(tmp_path / "variant" / "compare" / "luck_sources.csv")
    assert sources["paired"].all() and sources["field"].nunique() == 2
    assert (sources["diff"].isna() | sources["diff"].between(-1, 1)).all()
    assert "Luck by source of randomness" in (
        tmp_path / "variant" / "compare" / "index.html").read_text()


@pytest.mark.parametrize("args,problem", [
    (["nosuchgame"], "nosuchgame"),
    (["siberia", "--variant", "no_such_switch=1"], "no_such_switch"),
    (["siberia", "--games", "0"], "--games 0 is too small"),
    (["siberia", "--luck-deals", "13"], "--luck-deals 13 is too large"),
    (["siberia", "--luck-blocks", "0"], "--luck-blocks 0 is too small"),
    (["siberia", "--luck-blocks", "21"], "--luck-blocks 21 is too large"),
    (["siberia", "--rungs", "random,nobody"], "unknown strategy 'nobody'"),
    (["siberia", "--rungs", "mcts,random"], "the lowest rung 'mcts' searches"),
])
def test_bad_input_is_one_line(args, problem, tmp_path):
    assert_one_line_error(run_cli("dossier", *args, "--out", tmp_path / "d"), problem)
    assert not (tmp_path / "d").exists()


def test_a_non_empty_out_without_resume_is_refused(tmp_path):
    (tmp_path / "kept.txt").write_text("mine")
    assert_one_line_error(run_cli("dossier", "siberia", "--out", tmp_path), "is not empty")
    assert (tmp_path / "kept.txt").read_text() == "mine"


@pytest.mark.parametrize("game", ["cuba", "santiago", "jamaica", "siberia", "cubist"])
def test_the_default_ladder_climbs_by_search_budget_to_the_strongest_search(game):
    from sim.games import get
    from sim.studies.dossier import default_rungs, searches

    presets = get(game).registry.strategies()
    rungs = default_rungs(game)
    budgets = [presets[r].params["iterations"] for r in rungs if searches(game, r)]
    assert budgets == sorted(budgets) and rungs[-1] == "mcts_strong"
