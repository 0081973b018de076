"""Strategy registry: presets in configs/strategies/cuba.toml, kernel modules, one-line errors,
and `meeplab strategies`."""
from __future__ import annotations

import importlib
import pkgutil
import tomllib
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import sim.cli as cli
import strategies.cuba as package
from core.cuba.game import GAME
from core.cuba.tables import load_tables
from strategies.common.bound import bound
from strategies.common.registry import PresetError, UnknownStrategy
from strategies.cuba.plan import PLAN_PARAMS

CUBA = bound(GAME)
registry, play_game = CUBA.registry, CUBA.loop.play_game
NAMED = ("shipping_rush", "factory_cafe", "money_and_laws", "builder", "greedy")
PRESETS = registry.path.read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cuba.toml"
    path.write_text(text, encoding="utf-8")
    return path


def heuristic_params(**changes: object) -> str:
    """A [params] body giving every heuristic parameter (builder's values, with changes)."""
    values = dict(tomllib.loads(PRESETS)["presets"]["builder"]["params"], **changes)

    def toml(v: object) -> str:
        return str(v).lower() if isinstance(v, bool) else repr(v).replace("'", '"')
    return "\n".join(f"{k} = {toml(v)}" for k, v in values.items() if v is not None)


NEW_PRESET = """
[presets.cautious_builder]
kernel = "heuristic"
description = "the builder with more weight on money"

[presets.cautious_builder.params]
{params}
"""


# ------------------------------------------------------------------ discovery


def test_every_named_strategy_and_random_are_registered():
    names = registry.names()
    for name in NAMED + ("random",):
        assert name in names
    info = {e["name"]: e for e in registry.describe()}
    assert info["shipping_rush"]["kernel"] == "heuristic"
    assert info["greedy"]["kernel"] == "greedy"
    assert info["random"]["params"] == {}
    for e in info.values():
        assert e["description"] and "\n" not in e["description"]


def test_presets_document_every_parameter_next_to_its_value():
    """Each parameter line of each preset carries a comment."""
    in_params = False
    for line in PRESETS.splitlines():
        if line.startswith("["):
            in_params = line.rstrip().endswith(".params]")
            continue
        if in_params and "=" in line and not line.lstrip().startswith("#"):
            assert "#" in line.split("=", 1)[1], line


def test_a_new_preset_is_listed_and_plays_without_code_changes(tmp_path):
    path = write(tmp_path, PRESETS + NEW_PRESET.format(params=heuristic_params(money=1.5)))
    assert "cautious_builder" in registry.names(path)
    kernels, params = registry.resolve(["cautious_builder", "builder", "random", "greedy"], path)
    assert list(kernels) == [registry.kernels.index(k)
                             for k in ("heuristic", "heuristic", "random", "greedy")]
    money = [p.name for p in PLAN_PARAMS].index("money")
    assert params[0, money] == 1.5
    assert params[1, money] == registry.strategies()["builder"].params["money"]
    game = play_game(load_tables(), 4, 5, kernels, params, check=True)
    assert game.error == 0


def test_choice_parameters_are_passed_as_their_index():
    _, params = registry.resolve(["factory_cafe"])
    focus = [p.name for p in PLAN_PARAMS].index("focus_a")
    assert params[0, focus] == PLAN_PARAMS[focus].choices.index("distillery")


def test_unknown_strategy_names_the_known_ones():
    with pytest.raises(UnknownStrategy, match="unknown strategy 'nope'.*builder"):
        registry.resolve(["nope"])


# ------------------------------------------------------------------ bad presets


BAD = {
    "unknown kernel": ('[presets.x]\nkernel = "minimax"\ndescription = "d"\n',
                       "preset 'x' names unknown kernel 'minimax'; set kernel to one of: "),
    "no kernel": ('[presets.x]\ndescription = "d"\n', "preset 'x' has no kernel; "),
    "no description": ('[presets.x]\nkernel = "random"\n',
                       "preset 'x' has no one-line description"),
    "unknown key": ('[presets.x]\nkernel = "random"\ndescription = "d"\nweight = 1\n',
                    "preset 'x': unknown key 'weight'; use kernel, description, params"),
    "unknown parameter": ('[presets.x]\nkernel = "random"\ndescription = "d"\n'
                          '[presets.x.params]\nship = 1.0\n',
                          "preset 'x': unknown parameter 'ship' for kernel 'random'; its "
                          "parameters are: none"),
    "missing parameter": ('[presets.x]\nkernel = "heuristic"\ndescription = "d"\n'
                          '[presets.x.params]\n' + heuristic_params(spite=None),
                          "preset 'x': parameter 'spite' is missing; kernel 'heuristic' "
                          "needs all of: ship, "),
    "wrong type": ('[presets.x]\nkernel = "heuristic"\ndescription = "d"\n'
                   '[presets.x.params]\n' + heuristic_params(ship="lots"),
                   "preset 'x': parameter 'ship' = 'lots' is not a number; write a number"),
    "bool is no number": ('[presets.x]\nkernel = "heuristic"\ndescription = "d"\n'
                          '[presets.x.params]\n' + heuristic_params(ship=True),
                          "parameter 'ship' = True is not a number"),
    "bad choice": ('[presets.x]\nkernel = "heuristic"\ndescription = "d"\n'
                   '[presets.x.params]\n' + heuristic_params(focus_a="castle"),
                   "parameter 'focus_a' = 'castle' is not a choice; use one of: none, "),
    "syntax": ('[presets.x\nkernel = "random"\n', "is not valid TOML"),
    "no presets": ('[other]\nx = 1\n', "has no [presets.<name>] tables; add at least one"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_preset_is_one_clear_line(tmp_path, case):
    text, expected = BAD[case]
    path = write(tmp_path, text)
    with pytest.raises(PresetError) as err:
        registry.names(path)
    message = str(err.value)
    assert "\n" not in message and ";" in message
    assert expected in message
    assert message.startswith(str(path)) or message.startswith("cannot read")


def test_missing_file(tmp_path):
    with pytest.raises(PresetError, match="cannot read .*; restore the presets file"):
        registry.names(tmp_path / "gone.toml")


# ------------------------------------------------------------------ kernels


def test_every_kernel_module_is_in_the_descriptor():
    """A kernel module (one declaring KERNEL) that the descriptor (core/cuba/game.py) does not
    list would be silently unusable. The shared random kernel lives in strategies/common."""
    declared = {"random"}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"strategies.cuba.{info.name}")
        if hasattr(module, "KERNEL"):
            declared.add(module.KERNEL)
            assert hasattr(module, "DESCRIPTION") and hasattr(module, "PARAMS")
            assert callable(module.choose)
    assert declared == set(registry.kernels)
    assert len(registry.kernels) == len(set(registry.kernels))


def test_the_dispatcher_calls_each_kernel_by_its_id():
    """decide(kernel id) gives what that module's choose gives."""
    from core.cuba.actions import MAX_OPTIONS, legal
    from tests.cuba.helpers import flat_tables, started_game

    t = flat_tables()
    s = started_game(t)
    opts = np.zeros(MAX_OPTIONS, np.int32)
    n = legal(s, t, opts)
    for kid, module in enumerate(CUBA.modules):
        _, params = registry.resolve([module.KERNEL if not module.PARAMS else "greedy"])
        rng_a = np.array([7], np.uint64)
        rng_b = np.array([7], np.uint64)
        a = CUBA.decide(kid, params[0], s, t, opts, n, rng_a)
        b = module.choose(params[0], s, t, opts, n, rng_b)
        assert a == b and 0 <= a < n


# ------------------------------------------------------------------ the command


def test_strategies_command_lists_names_descriptions_and_parameters():
    result = CliRunner().invoke(cli.app, ["strategies", "cuba"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for name in NAMED + ("random",):
        assert f"{name} (" in out
    assert "money_and_laws (heuristic): " in out
    assert "focus_a=distillery" in out and "breadth=24" in out and "(no parameters)" in out


def test_strategies_command_bad_preset_is_one_line(tmp_path, monkeypatch):
    path = write(tmp_path, BAD["unknown kernel"][0])
    monkeypatch.setattr(registry, "path", path)
    result = CliRunner().invoke(cli.app, ["strategies", "cuba"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "unknown kernel" in lines[0]
