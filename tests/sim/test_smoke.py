"""Smoke scale (sim/smoke.py): MEEPLAB_SMOKE=1 caps the work where it is sized, says so once,
and leaves everything as it was when unset (no engine is compiled here)."""
from __future__ import annotations

import pytest

from sim import smoke
from sim.games import get as get_game
from sim.run import config
from sim.studies import tune
from strategies.common import search
from tests.sim.helpers import ROOT


@pytest.fixture
def smoke_on(monkeypatch):
    monkeypatch.setenv(smoke.ENV, "1")
    monkeypatch.setattr(smoke, "_announced", False)


@pytest.mark.parametrize("value", ["", "0", "false"])
def test_off_values(monkeypatch, value):
    monkeypatch.setenv(smoke.ENV, value)
    assert not smoke.active()
    assert smoke.cap("games", 5000) == 5000


def test_cap_and_one_notice(smoke_on, capsys):
    assert smoke.cap("games", 5000) == smoke.CAPS["games"]
    assert smoke.cap("games", 4) == 4
    assert smoke.cap("bootstrap", None) is None
    assert smoke.cap("bootstrap", None, default=200) == smoke.CAPS["bootstrap"]
    assert smoke.cap("trials", 50) == smoke.CAPS["trials"]
    err = capsys.readouterr().err
    assert err.count("smoke scale") == 1 and err.endswith("\n") and err.count("\n") == 1


def test_tournament_config_capped(smoke_on, monkeypatch):
    path = ROOT / "configs/tournaments/cuba-round-robin.toml"
    cfg = config.load(path, games=2000)
    assert cfg["games"] == smoke.CAPS["games"] and cfg["max_games"] == smoke.CAPS["max_games"]
    monkeypatch.setenv(smoke.ENV, "0")
    assert config.load(path)["games"] == 2000


def test_restrict_and_metagame_configs_capped(smoke_on):
    from sim.studies import metagame, restrict

    meta = metagame.load(ROOT / "configs/metagame/cuba.toml")
    assert meta.config["games"] == smoke.CAPS["games"]
    assert meta.config["max_games"] == smoke.CAPS["max_games"]
    cfg = restrict.load(ROOT / "configs/restrict/cuba-buildings.toml")
    assert cfg["games"] == smoke.CAPS["games"]


def test_tune_capped(smoke_on):
    plan = tune.load(ROOT / "configs/tunes/cuba-builder.toml", 40, games=500)
    assert plan["trials"] == smoke.CAPS["trials"] and plan["games"] == smoke.CAPS["games"]


def test_search_iterations_capped(smoke_on, monkeypatch):
    game = get_game("siberia")
    mcts = game.registry.kernels.index(search.KERNEL)
    kernels, params = game.resolve(["mcts", "mcts_strong", "random"])
    assert (kernels[:2] == mcts).all()
    assert (params[:2, search.ITERATIONS] == smoke.CAPS["iterations"]).all()
    monkeypatch.setenv(smoke.ENV, "")
    _, params = game.resolve(["mcts", "mcts_strong"])
    assert params[1, search.ITERATIONS] > params[0, search.ITERATIONS] > smoke.CAPS[
        "iterations"]
