"""Learned value models (strategies/common/value.py, sim/studies/value_fit.py): every game's
features read only what every seat sees, the fit recovers a known model and is reproducible,
the shipped models load and reach the search's row, and bad input is one clear line."""
from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from core import games
from strategies.common import search, value
from strategies.common.bound import bound
from strategies.common.registry import PresetError
from tests.engines import interpreted_row
from tests.test_hidden import decision_points, stream


def features_of(module, s: np.ndarray, t: np.ndarray, players: int) -> np.ndarray:
    out = np.zeros(value.MAX_FEATURES)
    rows = []
    for p in range(players):
        module.features(s, t, p, out)
        rows.append(out[:len(module.FEATURES)].copy())
    return np.array(rows + [[module.progress(s, t)] * len(module.FEATURES)])


@pytest.mark.parametrize("game", games.names())
def test_features_read_only_what_every_seat_sees(game: str) -> None:
    """No peeking: redrawing what any seat cannot see (the game's sampler) changes no seat's
    features and not the progress, at decision points of real games."""
    g = games.get(game)
    module = value.feature_module(game)
    assert 1 <= len(module.FEATURES) <= value.MAX_FEATURES
    for i, (s, _, tables) in enumerate(decision_points(g)[::4]):
        t = g.rules.flatten(tables)
        players = int(s[importlib.import_module(f"core.{game}.state").G.NP])
        before = features_of(module, s, t, players)
        assert np.isfinite(before).all()
        for observer in range(players):
            w = s.copy()
            g.hidden(w, t, observer, stream(i * 8 + observer))
            assert np.array_equal(features_of(module, w, t, players), before), (i, observer)


def test_the_fit_recovers_a_known_model() -> None:
    rng = np.random.default_rng(5)
    x = rng.normal(size=(4000, 3, 2))
    g = rng.uniform(size=4000)
    base, late = np.array([1.0, -0.5]), np.array([0.5, 1.0])
    z = np.einsum("isk,k->is", x, base) + np.einsum("isk,k->is", x * g[:, None, None], late)
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    y = np.eye(3)[[rng.choice(3, p=row) for row in p]]
    got_base, got_late = value.fit(x, g, y, penalty=1e-6)
    assert np.allclose(got_base, base, atol=0.15) and np.allclose(got_late, late, atol=0.3)


def test_a_constant_feature_gets_no_weight() -> None:
    rng = np.random.default_rng(1)
    x = np.concatenate([rng.normal(size=(300, 2, 1)), np.ones((300, 2, 1))], axis=2)
    y = np.eye(2)[rng.integers(0, 2, 300)]
    base, late = value.fit(x, rng.uniform(size=300), y)
    assert base[1] == 0 and late[1] == 0


def test_fit_value_is_reproducible_and_its_model_reaches_the_search_row(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sim.studies import value_fit

    args = dict(games=4, seed=3, players=3, search="mcts_random_rollouts", per_game=4,
                echo=lambda line: None)
    presets = tmp_path / "presets"
    presets.mkdir()
    (presets / "s.toml").write_text(
        'game = "siberia"\n[presets.mcts_random_rollouts]\nkernel = "mcts"\ndescription = "d"\n'
        '[presets.mcts_random_rollouts.params]\niterations = 2\nexploration = 0.7\nprior = 0.3\n'
        'widening = 1.0\nrollout = "random"\ndepth = 4\nblend = 0.2\nscale = 4\n',
        encoding="utf-8")
    monkeypatch.setenv("MEEPLAB_PRESETS", str(presets))
    a = value_fit.fit("siberia", "probe", **args)
    b = value_fit.fit("siberia", "probe", **args)
    assert np.array_equal(a.base, b.base) and np.array_equal(a.late, b.late)
    assert a.games == 4 and a.positions > 4
    path = value_fit.write(a, tmp_path / "siberia.toml")
    value_fit.write(dataclasses.replace(a, name="other"), path)
    models = value.load("siberia", path)
    assert set(models) == {"probe", "other"}
    assert np.allclose(models["probe"].base, a.base, rtol=1e-5, atol=1e-9)
    assert "meeplab fit-value siberia --games 4 --seed 3 --players 3" in path.read_text()


@pytest.mark.parametrize("guide", ["rollout", "value"])
@pytest.mark.parametrize("game", games.names())
def test_a_learned_model_fills_the_search_row_and_the_search_uses_it(game: str,
                                                                       guide: str) -> None:
    g = games.get(game)
    registry = bound(g).registry
    models = value.load(game)
    assert "learned" in models, f"configs/values/{game}.toml has no model `learned`"
    name = "learned"
    base = registry.strategies()["mcts"].params
    learned = registry.make("probe", "mcts", "d", {**base, "value": name, "guide": guide})
    plain = registry.make("probe", "mcts", "d", {**base, "value": "none"})
    assert learned.row[search.VALUE] == 1 and plain.row[search.VALUE] == 0
    assert learned.row[search.GUIDE] == ["rollout", "value"].index(guide)
    assert np.array_equal(learned.row[value.VALUE_ROW:value.VALUE_ROW + value.COEFS],
                          models[name].row())
    assert not plain.row[value.VALUE_ROW:value.VALUE_ROW + value.COEFS].any()
    kernel = registry.kernels.index("mcts")
    strategies = bound(g)
    row = interpreted_row(registry, "mcts", learned.row)
    for s, opts, tables in decision_points(g)[::10]:
        t = g.rules.flatten(tables)
        before = s.copy()
        i = strategies.decide(kernel, row, s, t, opts, len(opts), stream(2))
        assert 0 <= i < len(opts) and np.array_equal(before, s)
        assert strategies.decide(kernel, row, s, t, opts, len(opts), stream(2)) == i


def test_an_unknown_model_is_one_clear_line() -> None:
    registry = bound(games.get("siberia")).registry
    base = registry.strategies()["mcts"].params
    with pytest.raises(PresetError) as err:
        registry.make("probe", "mcts", "d", {**base, "value": "nonesuch"})
    assert "\n" not in str(err.value) and "names no value model" in str(err.value)
    assert "meeplab fit-value siberia" in str(err.value)


def test_a_damaged_values_file_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "siberia.toml"
    path.write_text('[models.x]\nfeatures = ["money"]\nbase = [1]\nlate = [0]\n')
    with pytest.raises(PresetError, match="fitted on other features"):
        value.load("siberia", path)
    path.write_text("[models.x\n")
    with pytest.raises(PresetError, match="cannot read"):
        value.load("siberia", path)


@pytest.mark.parametrize("args, expected", [
    (["fit-value", "siberia", "--games", "0"], "--games"),
    (["fit-value", "chess"], "chess"),
    (["fit-value", "siberia", "--search", "random", "--games", "1"], "not a search preset"),
    (["fit-value", "siberia", "--search", "nonesuch", "--games", "1"], "nonesuch"),
    (["fit-value", "siberia", "--name", "a b", "--games", "1"], "--name"),
    (["fit-value", "siberia", "--seed", "-1"], "--seed"),
    (["fit-value", "siberia", "--out", "/proc/nonesuch/v.toml"], "error: "),
])
def test_bad_fit_value_arguments_are_one_clear_line(args: list[str], expected: str) -> None:
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 2, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0], lines


def test_games_of_the_learned_search_are_the_same_whatever_the_batch_split() -> None:
    """Determinism: Jamaica games with a search seat valuing its cut-offs (and guiding its
    expansion) by the learned model, played as one batch and as two, give the same records
    (interpreted, a small budget)."""
    g = games.get("jamaica")
    b = bound(g)
    base = b.registry.strategies()["mcts"].params
    small = b.registry.make("probe", "mcts", "d", {**base, "iterations": 3, "depth": 6,
                                                   "value": "learned", "guide": "value"})
    kernels, params = b.registry.resolve(["mcts", "racer", "racer", "racer"])
    params[0] = small.row
    tables = g.rules.load_tables()
    seeds = np.arange(3, dtype=np.int64)
    whole, e1 = b.loop.run_batch(tables, 4, seeds, kernels, params, check=True)
    a, e2 = b.loop.run_batch(tables, 4, seeds[:1], kernels, params, check=True)
    c, e3 = b.loop.run_batch(tables, 4, seeds[1:], kernels, params, check=True)
    assert not (e1.any() or e2.any() or e3.any())
    assert np.array_equal(whole, np.concatenate([a, c]))


def test_an_unreadable_values_file_stops_fit_value_before_any_game(tmp_path: Path) -> None:
    """The file whose other models fit-value keeps is read first: a damaged one is one line,
    no game played, the file untouched."""
    path = tmp_path / "v.toml"
    path.write_text("[models.x\n")
    result = CliRunner().invoke(cli.app, ["fit-value", "siberia", "--out", str(path)])
    assert result.exit_code == 2
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1 and "cannot read" in lines[0] and "games played" not in result.output
    assert path.read_text() == "[models.x\n"
