"""`meeplab ladder GAME --scaling` run as a user runs it at tiny budget levels: the page and
report/scaling.csv, --resume after an interruption and of a finished run, --run, the budget
levels as strategies, and the one-line errors of bad levels and mismatched directories. The
ladders are played compiled (a subprocess, JIT on: interpreted, a search game's every
iteration plays a whole game in Python); the rest runs the CLI in-process."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from reports.studies import scaling
from sim.errors import UserError
from sim.games import get as get_game
from sim.run import store
from sim.studies import ladder as ladder_mod
from strategies.common import search
from tests.sim.helpers import assert_one_line_error, run_cli, run_compiled

LEVELS = "2,4,8"
GAMES = ("siberia", "santiago")


@pytest.fixture(scope="module", params=GAMES)
def played(request, tmp_path_factory):
    """(game, run directory, CLI output) of a finished scaling ladder."""
    game = request.param
    out = tmp_path_factory.mktemp(game) / "scaling"
    done = run_compiled("ladder", game, "--scaling", "--levels", LEVELS, "--games", "4",
                        "--players", "2", "--workers", "1", "--out", out)
    return game, out, done.stdout


@pytest.mark.compiled
def test_a_scaling_ladder_plays_each_level_against_the_level_below(played):
    game, out, output = played
    table = pd.read_csv(out / "report" / "scaling.csv")
    assert list(table.columns) == list(scaling.COLUMNS)
    assert list(zip(table["below"], table["level"])) == [(2, 4), (4, 8)]
    assert (table["games"] == 4).all() and (table["fair_share"] == 0.5).all()
    manifest = store.read_manifest(out)
    assert manifest["status"] == "complete"
    assert manifest["config"]["matchups"] == [["mcts@4", "mcts@2"], ["mcts@8", "mcts@4"]]
    page = (out / "report" / "scaling.html").read_text(encoding="utf-8")
    assert "Each level against the level below" in page
    assert "of mcts's budget" in output and f"scaling table: {out / 'report'}" in output


@pytest.mark.compiled
def test_a_level_is_its_preset_with_the_budget_replaced(played):
    game = get_game(played[0])
    kernels, params = game.resolve(["mcts", "mcts@4"])
    assert kernels[0] == kernels[1] and params[1, search.ITERATIONS] == 4
    row = params[0].copy()
    row[search.ITERATIONS] = 4
    assert np.array_equal(row, params[1])


@pytest.mark.compiled
def test_resume_of_a_finished_scaling_ladder_plays_nothing(played):
    game, out, _ = played
    before = (out / "report" / "scaling.csv").read_bytes()
    result = run_cli("ladder", game, "--scaling", "--out", out, "--resume")
    assert result.exit_code == 0, result.output
    assert " 0 played now" in result.output
    assert (out / "report" / "scaling.csv").read_bytes() == before
    again = run_cli("ladder", game, "--run", out)
    assert again.exit_code == 0, again.output
    assert (out / "report" / "scaling.csv").read_bytes() == before


@pytest.mark.compiled
def test_resume_after_an_interruption_ends_with_the_same_table(played, tmp_path):
    game, out, _ = played
    copy = tmp_path / "scaling"
    shutil.copytree(out, copy)
    manifest = store.read_manifest(copy)
    dropped = sorted(manifest["shards"])[:1]
    for key in dropped:
        (copy / store.RESULTS / manifest["shards"].pop(key)["file"]).unlink()
    manifest["status"] = "interrupted"
    (copy / store.MANIFEST).write_text(json.dumps(manifest))
    shutil.rmtree(copy / "report")
    done = run_compiled("ladder", game, "--scaling", "--out", copy, "--resume", "--workers", "1")
    assert " 0 played now" not in done.stdout
    assert ((copy / "report" / "scaling.csv").read_bytes()
            == (out / "report" / "scaling.csv").read_bytes())


@pytest.mark.compiled
def test_mismatched_directories_and_options_are_one_line(played):
    game, out, _ = played
    assert_one_line_error(run_cli("ladder", game, "--out", out, "--resume"),
                          "holds a scaling ladder")
    assert_one_line_error(run_cli("ladder", game, "--scaling", "--out", out, "--resume",
                                  "--levels", "2,4"), "holds a ladder with --levels 2,4,8")
    assert_one_line_error(run_cli("ladder", game, "--scaling", "--out", out, "--levels",
                                  "2,4"), "holds another")


@pytest.mark.parametrize("levels, problem", [
    ("100,100", "--levels must increase: 100 follows 100"),
    ("200,100", "--levels must increase: 100 follows 200"),
    ("0,100", "0 is outside the search's budget"),
    ("-5,100", "-5 is outside the search's budget"),
    (f"100,{search.MAX_ITERATIONS + 1}", f"{search.MAX_ITERATIONS + 1} is outside"),
    ("100,many", "'many' is not a whole number"),
    ("100", "at least two levels"),
])
def test_bad_levels_are_one_line(levels, problem, tmp_path):
    assert_one_line_error(run_cli("ladder", "siberia", "--scaling", "--levels", levels,
                                  "--out", tmp_path / "x"), problem)
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("args, problem", [
    (["--levels", "2,4"], "--levels applies to the scaling ladder only"),
    (["--scaling", "--rungs", "random,greedy"], "--rungs does not apply to --scaling"),
])
def test_options_of_the_other_ladder_are_one_line(args, problem, tmp_path):
    assert_one_line_error(run_cli("ladder", "siberia", *args, "--out", tmp_path / "x"),
                          problem)


def test_levels_parse_lowest_first():
    assert ladder_mod.parse_levels("25, 50,100") == (25, 50, 100)
    assert ladder_mod.level_rungs("siberia", (25, 50)) == ("mcts@25", "mcts@50")


@pytest.mark.parametrize("name, problem", [
    ("greedy@100", "greedy is not a mcts preset"),
    ("mcts@0", "iterations out of 1.."),
    ("mcts@2000000", "iterations out of 1.."),
])
def test_levels_of_other_presets_or_out_of_bounds_are_unknown(name, problem):
    with pytest.raises(UserError, match=problem):
        get_game("siberia").resolve(["random", name])
