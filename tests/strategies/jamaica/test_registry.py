"""Jamaica's strategy registry: the presets of configs/strategies/jamaica.toml and the kernels."""
from __future__ import annotations

import numpy as np

from core.jamaica.game import GAME
from strategies.common.bound import bound
from strategies.common.registry import MAX_PARAMS
from strategies.jamaica import greedy, plan

REGISTRY = bound(GAME).registry
PLANS = ("racer", "pirate", "merchant", "treasure_hunter")


def test_named_strategies_and_kernels() -> None:
    assert REGISTRY.kernels == ("random", "plan", "greedy", "mcts")
    assert REGISTRY.names() == [*PLANS, "greedy", "mcts", "mcts_strong", "mcts_scored",
                                "mcts_decoupled", "mcts_single_observer", "random"]
    info = {e["name"]: e for e in REGISTRY.describe()}
    assert all(info[name]["kernel"] == "plan" for name in PLANS)
    for e in info.values():
        assert e["description"] and "\n" not in e["description"]


def test_presets_give_every_parameter() -> None:
    for name in PLANS + ("greedy",):
        st = REGISTRY.strategies()[name]
        module = greedy if name == "greedy" else plan
        assert list(st.params) == [p.name for p in module.PARAMS]
        assert st.row.shape == (MAX_PARAMS,)
    kernels, params = REGISTRY.resolve(["pirate", "random", "greedy"])
    assert kernels.tolist() == [1, 0, 2]
    np.testing.assert_array_equal(params[0], REGISTRY.strategies()["pirate"].row)


def test_the_plans_differ_where_their_identity_is() -> None:
    p = {name: REGISTRY.strategies()[name].params for name in PLANS}
    assert p["racer"]["move"] == max(x["move"] for x in p.values())
    assert p["racer"]["fight"] < 0 and p["merchant"]["fight"] < 0
    assert p["pirate"]["fight"] > 0 and p["pirate"]["bid"] == max(x["bid"] for x in p.values())
    assert p["pirate"]["powder"] == max(x["powder"] for x in p.values())
    assert p["merchant"]["gold"] == max(x["gold"] for x in p.values())
    assert p["treasure_hunter"]["lair"] == max(x["lair"] for x in p.values())
