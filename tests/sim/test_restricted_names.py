"""Restricted strategy names (`<strategy>~<element>`) outside `meeplab restrict`: any
tournament lineup and `meeplab play` accept those of a known strategy and a declared element."""
from __future__ import annotations

import pytest

from sim.errors import UserError
from sim.games import get as get_game
from sim.options import seat_strategies
from sim.run import config as config_mod
from tests.sim.helpers import assert_one_line_error, run_cli, write_config

CASES = [
    ("builder~building:monastery", True),
    ("greedy~character:mayor", True),
    ("builder", True),
    ("builder~building:palace", False),     # no such element
    ("wizard~building:dam", False),         # no such strategy
    ("builder~", False),
]


@pytest.mark.parametrize("name, known", CASES)
def test_a_tournament_accepts_restricted_strategies_of_known_elements(tmp_path, name, known):
    path = write_config(tmp_path / "t.toml", game="cuba", format="matchups",
                        matchups=[[name, "builder", "builder"]], games=3)
    if known:
        cfg = config_mod.load(path)
        assert cfg.matchups[0].lineup[0] == name
    else:
        assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                              f"unknown strategy '{name}'")


@pytest.mark.parametrize("value", [5, "builder", [5], {"a": 1}])
def test_odd_matchups_values_are_still_one_line_errors(tmp_path, value):
    path = write_config(tmp_path / "t.toml", game="cuba", format="matchups", matchups=value,
                        games=3)
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"), "matchups")


@pytest.mark.parametrize("name, known", CASES)
def test_play_takes_the_same_names(name, known):
    cuba = get_game("cuba")
    assert cuba.knows(name) is known
    if known:
        assert seat_strategies(f"{name},random", 2, cuba) == [name, "random"]
    else:
        with pytest.raises(UserError, match=f"unknown strategy '{name}'"):
            seat_strategies(name, 3, cuba)


def test_another_games_element_is_unknown():
    siberia = get_game("siberia")
    assert siberia.knows("random") and not siberia.knows("random~building:dam")
