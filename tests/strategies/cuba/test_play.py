"""Every kernel makes a legal, state-preserving choice at every decision point: whole games,
interpreted, with the invariant checker on (which also flags an illegal or state-changing
decision), over player counts and rules switches including the hidden parliament card."""
from __future__ import annotations

import pytest

from core.cuba.game import GAME
from core.cuba.tables import load_tables
from strategies.common.bound import bound

play_game, resolve = bound(GAME).loop.play_game, bound(GAME).registry.resolve

LINEUPS = {
    2: ["money_and_laws", "greedy"],
    3: ["builder", "factory_cafe", "shipping_rush"],
    4: ["shipping_rush", "factory_cafe", "money_and_laws", "builder"],
    5: ["greedy", "builder", "random", "money_and_laws", "factory_cafe"],
}
SWITCHES = [
    {},
    {"hidden_parliament_card": True, "plantation_side": "individual"},
    {"money_limited": True, "goods_row_spaces": 4, "building_warehouse_mode": "passive"},
    {"duty_any_split": "one_mixed", "church_veto_timing": "at_parliament",
     "trader_alt_spaces": "first_second", "harbor_act_shift": "full_compaction"},
]


@pytest.mark.parametrize("switches", SWITCHES, ids=["default", "hidden+individual",
                                                     "money+goods6+passive", "misc"])
@pytest.mark.parametrize("n", sorted(LINEUPS))
def test_whole_games_with_every_kernel_are_legal(n, switches):
    tables = load_tables(overrides=switches or None)
    kernels, params = resolve(LINEUPS[n])
    for seed in (11, 12):
        game = play_game(tables, n, seed, kernels, params, check=True)
        assert game.error == 0, (n, switches, seed, game.error)
