"""`meeplab ladder` run as a user runs it (the CLI, in-process): a fresh directory, --resume
after an interrupted and after a finished ladder, re-running into a finished ladder, --run of
a finished run, and the one-line errors of mismatched directories and options."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from sim.run import store, config as config_mod
from sim.studies import ladder as ladder_mod
from tests.sim.helpers import assert_one_line_error, run_cli

# cheap rungs and games: three rungs on three players make six one-vs-field matchups and one
# round-robin window
LADDERS = {"siberia": ("random,greedy,staff_first", 6), "cuba": ("random,greedy,builder", 3)}


def play(game: str, out: Path, *extra: str):
    rungs, games = LADDERS[game]
    return run_cli("ladder", game, "--games", games, "--players", 3, "--rungs", rungs,
                   "--workers", 1, "--out", out, *extra)


@pytest.fixture(scope="module", params=sorted(LADDERS))
def played(request, tmp_path_factory):
    """(game, run directory) of a finished ladder played through the CLI."""
    game = request.param
    out = tmp_path_factory.mktemp(game) / "ladder"
    result = play(game, out)
    assert result.exit_code == 0, result.output
    return game, out


def check_files(game: str, out: Path) -> None:
    """The page, the tables and ladder.toml hold every rung, pair and step."""
    rungs = LADDERS[game][0].split(",")
    page = (out / "ladder.html").read_text(encoding="utf-8")
    assert "Headline" in page and "Strongest rung: " in page
    assert all(r in page for r in rungs)
    matrix = pd.read_csv(out / "ladder.csv")
    assert set(zip(matrix["candidate"], matrix["field"])) == {
        (c, f) for c in rungs for f in rungs if c != f}
    assert (matrix["games"] == LADDERS[game][1]).all()
    steps = pd.read_csv(out / "ladder-steps.csv")
    assert list(zip(steps["below"], steps["rung"])) == list(zip(rungs, rungs[1:]))
    assert ((steps["diff_lo"].dropna() >= -1) & (steps["diff_hi"].dropna() <= 1)).all()
    cfg = config_mod.load(out / ladder_mod.CONFIG)   # a tournament config, as documented
    assert cfg.hash == store.read_manifest(out)["config_hash"]


def test_a_fresh_ladder_plays_and_writes_its_page_and_tables(played):
    game, out = played
    check_files(game, out)
    assert store.read_manifest(out)["status"] == "complete"


def test_resume_of_a_finished_ladder_plays_nothing_and_needs_no_options(played):
    game, out = played
    before = (out / "ladder.csv").read_bytes()
    result = run_cli("ladder", game, "--out", out, "--resume")
    assert result.exit_code == 0, result.output
    assert " 0 played now" in result.output and "Strongest rung: " in result.output
    assert (out / "ladder.csv").read_bytes() == before


def test_resume_after_an_interruption_completes_the_same_ladder(played, tmp_path):
    """An interrupted ladder (shards missing from the manifest, ladder.toml not yet kept)
    resumes from its manifest alone and ends with the same tables."""
    game, out = played
    copy = tmp_path / "ladder"
    shutil.copytree(out, copy)
    manifest = store.read_manifest(copy)
    dropped = sorted(manifest["shards"])[::3]
    for key in dropped:
        (copy / store.RESULTS / manifest["shards"].pop(key)["file"]).unlink()
    manifest["status"] = "interrupted"
    (copy / store.MANIFEST).write_text(json.dumps(manifest))
    for name in ("ladder.toml", "ladder.html", "ladder.csv", "ladder-steps.csv"):
        (copy / name).unlink()
    result = run_cli("ladder", game, "--out", copy, "--resume", "--workers", 1)
    assert result.exit_code == 0, result.output
    check_files(game, copy)
    assert (copy / "ladder.csv").read_bytes() == (out / "ladder.csv").read_bytes()
    assert (copy / "ladder-steps.csv").read_bytes() == (out / "ladder-steps.csv").read_bytes()


def test_playing_again_into_a_finished_ladder_is_refused_like_a_tournament(played):
    game, out = played
    assert_one_line_error(play(game, out), "already holds this tournament")


def test_the_page_of_a_finished_ladder_again_with_run(played):
    game, out = played
    result = run_cli("ladder", game, "--run", out)
    assert result.exit_code == 0, result.output
    check_files(game, out)


def test_another_games_run_or_ladder_is_one_line(played):
    game, out = played
    other = next(g for g in LADDERS if g != game)
    assert_one_line_error(run_cli("ladder", other, "--run", out),
                          f"holds a {game} run, not {other}")
    assert_one_line_error(run_cli("ladder", other, "--out", out, "--resume"),
                          f"holds a {game} ladder, not {other}")


def test_options_that_disagree_with_the_ladder_are_one_line(played):
    game, out = played
    assert_one_line_error(run_cli("ladder", game, "--out", out, "--resume", "--games", 40),
                          "holds a ladder with --games")
    assert_one_line_error(run_cli("ladder", game, "--out", out), "holds another")
    assert_one_line_error(run_cli("ladder", game, "--run", out, "--games", 4),
                          "--run writes the page of a finished run")


def test_a_tournament_that_is_not_a_ladder(tmp_path):
    """A finished one-vs-field tournament: --resume and --out refuse it as a ladder's
    directory in one line; --run writes its page."""
    path = tmp_path / "t.toml"
    path.write_text('game = "siberia"\nformat = "matchups"\n'
                    'matchups = [["greedy", "random", "random"]]\ngames = 3\n')
    run = tmp_path / "run"
    assert run_cli("tournament", path, "--out", run, "--workers", 1).exit_code == 0
    assert_one_line_error(run_cli("ladder", "siberia", "--out", run, "--resume"),
                          "holds a tournament that is not a ladder")
    assert_one_line_error(run_cli("ladder", "siberia", "--out", run),
                          "holds a tournament that is not a ladder")
    result = run_cli("ladder", "siberia", "--run", run)
    assert result.exit_code == 0, result.output
    matrix = pd.read_csv(run / "ladder.csv")
    assert list(zip(matrix["candidate"], matrix["field"])) == [("greedy", "random")]
    assert "no round-robin windows" in result.output


@pytest.mark.parametrize("args, problem", [
    (["siberia", "--run", "/nonexistent/run"], "is not a directory"),
    (["siberia", "--rungs", "random,chess"], "unknown strategy 'chess'"),
    (["siberia", "--rungs", "random,random"], "names a strategy twice"),
    (["siberia", "--rungs", "random"], "at least two strategies"),
    (["siberia", "--players", "5"], "5 players is out of range"),
    (["siberia", "--seed", "-1"], "--seed"),
])
def test_bad_arguments_are_one_line(args, problem, tmp_path):
    result = run_cli("ladder", *args, "--out", tmp_path / "x") if "--run" not in args else \
        run_cli("ladder", *args)
    assert_one_line_error(result, problem)
    assert not (tmp_path / "x").exists()


def test_resume_without_a_run_is_one_line(tmp_path):
    assert_one_line_error(run_cli("ladder", "siberia", "--out", tmp_path / "none", "--resume"),
                          "holds no run to resume")


def test_a_run_without_one_vs_field_matchups_is_one_line(tmp_path):
    from reports import runs

    frame = pd.DataFrame({"matchup": [0] * 3, "lineup": ["a,b,c"] * 3, "deal": [0] * 3,
                          "seating": [0] * 3, "players": [3] * 3, "seat": [0, 1, 2],
                          "strategy": ["a", "b", "c"], "score": [1, 2, 3], "rank": [3, 2, 1],
                          "win_share": [0.0, 0.0, 1.0]})
    runs.write_run(tmp_path / "rr", {"game": "siberia", "config": {"game": "siberia"}},
                   {"s0": frame})
    assert_one_line_error(run_cli("ladder", "siberia", "--run", tmp_path / "rr"),
                          "has no one-vs-field matchups")
