"""Santiago strategy registry: the presets in configs/strategies/santiago.toml, the kernel
modules, one-line errors, `meeplab strategies santiago`."""
from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from core.santiago.game import GAME
from strategies.common import registry as common_registry
from strategies.common.bound import bound
from strategies.santiago.evaluate import NWEIGHTS

SANTIAGO = bound(GAME)
REGISTRY = SANTIAGO.registry

NAMED = ("greedy", "refiner", "landlord", "banker")
PRESETS = REGISTRY.path.read_text(encoding="utf-8")


def test_named_strategies_and_random_are_registered() -> None:
    assert REGISTRY.names()[:4] == list(NAMED) and "random" in REGISTRY.names()
    assert REGISTRY.kernels == ("random", "greedy", "planner", "mcts")


def test_every_kernel_declares_its_parameters() -> None:
    for module in SANTIAGO.modules:
        assert module.KERNEL and module.DESCRIPTION
        assert all(p.doc for p in module.PARAMS)
    assert len(REGISTRY.kernel_module("planner").PARAMS) == NWEIGHTS + 2  # depth, variety


def test_plans_are_distinct_weightings_documented_in_the_presets_file() -> None:
    presets = tomllib.loads(PRESETS)["presets"]
    rows = {name: tuple(presets[name]["params"].values()) for name in NAMED}
    assert len(set(rows.values())) == len(NAMED)
    for name in NAMED:  # every parameter value carries a comment or a section text
        assert f"[presets.{name}.params]" in PRESETS and presets[name]["description"]


def test_resolve_kernels_and_parameter_rows() -> None:
    kernels, params = REGISTRY.resolve(["random", "greedy", "refiner", "banker"])
    assert kernels.tolist() == [0, 1, 2, 2]
    assert params.shape == (4, common_registry.MAX_PARAMS) and not params[0].any()
    assert params[2, NWEIGHTS] == 3  # the planner's depth
    assert not np.array_equal(params[2], params[3])


def test_unknown_strategy_and_bad_preset_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(common_registry.UnknownStrategy, match="unknown strategy 'nope'"):
        REGISTRY.resolve(["nope"])
    path = tmp_path / "santiago.toml"
    path.write_text('[presets.x]\nkernel = "planner"\ndescription = "d"\n'
                    '[presets.x.params]\nraw = 1.0\n', encoding="utf-8")
    with pytest.raises(common_registry.PresetError, match="parameter 'refined' is missing"):
        REGISTRY.strategies(path)


def test_meeplab_strategies_lists_them() -> None:
    result = CliRunner().invoke(cli.app, ["strategies", "santiago"])
    assert result.exit_code == 0, result.output
    for name in NAMED + ("random",):
        assert f"{name} (" in result.stdout
