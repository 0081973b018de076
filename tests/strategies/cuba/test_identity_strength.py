"""Compiled (subprocess, JIT on): the named strategies play like their plans and beat random.

Identity, on a 4-player round robin of the four named strategies (every rotation):
shipping_rush scores at least half its VP by shipping (mayor and branch offices),
factory_cafe at least 40% in cafés, money_and_laws at least 40% from tax, duty and subsidy
(the tax-and-duty bonus included) and wins parliament more often than any other, builder
builds the most buildings. Strength: against three `random`, each named strategy and greedy
wins at least 90% (win share, ties split). Any seat mix runs through one compilation.
"""
from __future__ import annotations

import pytest

from tests.engines import run_compiled

GAMES = 300          # per seating: 1,200 identity games, 1,200 per strength matchup
GREEDY_GAMES = 100   # greedy looks ahead: 400 games

SCRIPT = f"""
    import json
    from tests.strategies.cuba.measure import measure
    print(json.dumps(measure({GAMES}, {GREEDY_GAMES})))
"""


@pytest.fixture(scope="module")
def report() -> dict:
    return run_compiled(SCRIPT)


@pytest.mark.compiled
def test_compiled_and_one_signature_for_every_seat_mix(report):
    assert report["jit_disabled"] == 0
    assert report["batch_signatures"] == 1


@pytest.mark.compiled
def test_identity_of_the_named_strategies(report):
    ident = report["identity"]
    assert ident["shipping_rush"]["ship_share"] >= 0.5
    assert ident["factory_cafe"]["cafe_share"] >= 0.4
    assert ident["money_and_laws"]["law_share"] >= 0.4
    parl = {name: v["parliament_wins"] for name, v in ident.items()}
    assert max(parl, key=parl.get) == "money_and_laws"
    built = {name: v["buildings_built"] for name, v in ident.items()}
    assert max(built, key=built.get) == "builder"


@pytest.mark.compiled
def test_every_named_strategy_and_greedy_beat_three_random(report):
    for name, res in report["strength"].items():
        assert res["win_share"] >= 0.9, (name, res)
