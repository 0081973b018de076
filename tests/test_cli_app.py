"""What every command gets from sim/cli/app.py: --version, defaults in --help, shell
completion of commands and game names, --json on the commands that print a summary."""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

import sim.cli as cli
from sim.cli.app import Summary, plain
from sim.games import names as game_names
from tests.reports import synth
from tests.sim.helpers import RANDOM_MATCHUPS, ROOT, write_config

COMMANDS = typer.main.get_command(cli.app).commands


def run(*args: str):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("meeplab ")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_shows_every_default(name):
    """Every option with a default value shows it in --help (flags excepted)."""
    for param in COMMANDS[name].params:
        if param.default is not None and not getattr(param, "is_flag", False):
            assert param.show_default, (name, param.name)
    assert run(name, "--help").exit_code == 0


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_texts_survive_rendering(name):
    """--help drops a bracketed '[default: ...]' from a help text (its renderer takes it for
    click's own default marker), leaving 'Run directory .': defaults named in a help text use
    parentheses."""
    for param in COMMANDS[name].params:
        assert "[" not in (getattr(param, "help", None) or ""), (name, param.name)


def test_summary_commands_have_json():
    for info in cli.app.registered_commands:
        returns = inspect.signature(info.callback, eval_str=True).return_annotation
        options = {p.name for p in COMMANDS[info.name or info.callback.__name__].params}
        if returns is Summary:
            assert "as_json" in options, info.callback.__name__
    assert {"games", "strategies", "tournament", "report", "compare", "play"} <= {
        n for n, c in COMMANDS.items() if any(p.name == "as_json" for p in c.params)}


def complete(*words: str) -> list[str]:
    env = dict(os.environ, _MEEPLAB_COMPLETE="complete_bash",
               COMP_WORDS=" ".join(("meeplab",) + words), COMP_CWORD=str(len(words)))
    done = subprocess.run([sys.executable, "-m", "sim.cli"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_shell_completion_of_commands_and_games():
    assert complete("tour") == ["tournament"]
    assert complete("play", "") == game_names()
    assert "--install-completion" in run("--help").stdout


def test_play_json_is_the_final_table_and_records():
    """`play --json`: one object, nothing else on stdout; its scores are the text table's."""
    args = ("play", "siberia", "--players", "3", "--seed", "5")
    data = json.loads(run(*args, "--json").stdout)
    assert (data["game"], data["players"], data["seed"]) == ("siberia", 3, 5)
    assert data["strategies"] == ["random"] * 3 and data["error"] is None
    assert data["records"]["score"] == data["scores"] and len(data["ranks"]) == 3
    table = run(*args, "--quiet").stdout.splitlines()[2:]  # title, header, a row per seat
    assert [int(line.split()[3]) for line in table] == data["scores"]  # "P1 (red) random 44"


def test_games_and_strategies_json():
    games = json.loads(run("games", "--json").stdout)
    assert [g["name"] for g in games] == game_names()
    assert all(len(g["players"]) == 2 and "random" in g["strategies"] for g in games)
    entries = json.loads(run("strategies", "cuba", "--json").stdout)
    assert {"name", "kernel", "description", "params"} <= set(entries[0])


def test_tournament_report_compare_json(tmp_path):
    config = write_config(tmp_path / "t.toml", **dict(RANDOM_MATCHUPS, games=8, seed=2))
    done = run("tournament", config, "--out", tmp_path / "run", "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["games"] == 8 + 9 and data["win_shares"][0]["strategy"] == "random"
    assert {"lo", "hi", "half_width"} <= set(data["win_shares"][0])
    syn = synth.write(tmp_path / "syn", synth.results([("a", "b"), ("a", "b", "c")], 8,
                                                      {"a": 3.0, "b": 1.0, "c": 0.0}))
    report = json.loads(run("report", syn, "--bootstrap", "20", "--json").stdout)
    assert report["leaders"][0]["leader"] == "a" and report["index"].endswith("index.html")
    assert {"summary", "balance", "ratings", "significant_pairs"} <= set(report)
    compared = json.loads(run("compare", syn, syn, "--out", tmp_path / "cmp", "--json").stdout)
    assert len(compared["runs"]) == 2
    assert compared["warnings"] == [] and compared["summary"]


def test_plain_json_values():
    import numpy as np

    assert plain({"a": np.float64("nan"), "b": np.arange(2), "c": (np.int8(3),),
                  "d": float("inf")}) == {"a": None, "b": [0, 1], "c": [3], "d": None}
