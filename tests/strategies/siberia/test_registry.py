"""Siberia's strategy registry: the presets of configs/strategies/siberia.toml, the kernels,
one-line errors for bad presets."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from core.siberia.game import GAME
from strategies.common.bound import bound
from strategies.common.registry import MAX_PARAMS, PresetError, UnknownStrategy
from strategies.siberia import greedy, plan

SIBERIA = bound(GAME)
REGISTRY = SIBERIA.registry


def test_named_strategies_and_kernels() -> None:
    assert REGISTRY.kernels == ("random", "plan", "greedy", "mcts")
    assert REGISTRY.names() == ["staff_first", "resource_rush", "greedy", "mcts", "mcts_strong",
                                "random"]
    info = {e["name"]: e for e in REGISTRY.describe()}
    assert info["staff_first"]["kernel"] == info["resource_rush"]["kernel"] == "plan"
    assert info["greedy"]["kernel"] == "greedy" and info["random"]["params"] == {}
    for e in info.values():
        assert e["description"] and "\n" not in e["description"]


def test_presets_give_every_parameter() -> None:
    for name, module in (("staff_first", plan), ("resource_rush", plan), ("greedy", greedy)):
        st = REGISTRY.strategies()[name]
        assert list(st.params) == [p.name for p in module.PARAMS]
        assert st.row.shape == (MAX_PARAMS,)
    kernels, params = REGISTRY.resolve(["staff_first", "random", "greedy"])
    assert kernels.tolist() == [1, 0, 2]
    staff = REGISTRY.strategies()["staff_first"]
    np.testing.assert_array_equal(params[0], staff.row)
    assert staff.row[plan.DISCOVER] == 1  # "when_leading" is choice 1


def test_the_plans_differ_where_their_identity_is() -> None:
    staff = REGISTRY.strategies()["staff_first"].params
    rush = REGISTRY.strategies()["resource_rush"].params
    assert staff["hire_until"] > rush["hire_until"] and staff["salesman"] > rush["salesman"]
    assert rush["rich"] > staff["rich"] and rush["mine"] > staff["mine"]


def test_unknown_strategy() -> None:
    with pytest.raises(UnknownStrategy, match="unknown strategy 'miner'"):
        REGISTRY.resolve(["miner"])


@pytest.mark.parametrize(("text", "fragment"), [
    ('[presets.x]\nkernel = "drill"\ndescription = "d"\n', "names unknown kernel 'drill'"),
    ('[presets.x]\nkernel = "greedy"\ndescription = "d"\n[presets.x.params]\nspite = 1\n',
     "parameter 'worker' is missing"),
    ('[presets.x]\nkernel = "plan"\ndescription = "d"\n[presets.x.params]\n'
     + "".join(f"{p.name} = 1\n" for p in plan.PARAMS if p.name != "discover")
     + 'discover = "never"\n', "'discover' = 'never' is not a choice"),
])
def test_bad_preset_is_one_line(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "siberia.toml"
    path.write_text(text)
    with pytest.raises(PresetError) as info:
        REGISTRY.strategies(path)
    assert "\n" not in str(info.value) and fragment in str(info.value)


def test_every_kernel_module_declares_itself() -> None:
    for module in SIBERIA.modules:
        assert module.KERNEL and module.DESCRIPTION and hasattr(module, "choose")
