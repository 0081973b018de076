"""Whole-game properties of the Santiago de Cuba engine under random play.

(a) interpreted, hypothesis: random seeds, player counts and switch combinations finish with
    the invariant checker on, and every VP is accounted for by an EV.VP trace event;
(b) compiled (subprocess, JIT on): >= 20,000 random games over 2-4 players and every switch
    value, checker on, zero errors; every game under layout = forbid honours the advice;
(c) layout constraints: a custom forbid list (rules data through a variant) holds in 100% of
    thousands of generated layouts, and the fixed layout is used as given;
(d) compiled vs interpreted: identical records (and traces) for the same seeds.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.santiago import codes as C
from core.santiago import state as S
from core.santiago import tables
from core.santiago.check import check_state
from core.santiago.play import R, R_SCORE, record_columns
from core.santiago.tables import SWITCH_OPTIONS, flatten, load_tables
from strategies.common.variants import loaders
from tests.engines import SOAK_SIZES, assert_records_match, assert_soak, traced_random_game

variant_tables = loaders(tables)[0]

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
SWITCHES = st.fixed_dictionaries({name: st.sampled_from(opts)
                                  for name, (_, opts) in SWITCH_OPTIONS.items()})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), n_players=st.integers(2, 4), switches=SWITCHES)
def test_random_games_finish_clean_and_vp_matches_trace(seed: int, n_players: int,
                                                         switches: dict) -> None:
    tables = load_tables(overrides=switches)
    g, events, final = traced_random_game("santiago", tables, n_players, seed)
    assert final[S.G.PHASE] == S.PH.OVER and final[S.G.SHIPS] == 7
    assert check_state(final, flatten(tables)) == 0
    vp_rows = events[events[:, 0] == C.EV.VP]
    for p in range(n_players):
        mine = vp_rows[vp_rows[:, 1] == p]
        start = tables.misc[C.M.START_VP]
        assert g.records[p, R_SCORE] == mine[:, 3].sum() + start == final[S.pbase(p) + S.P.VP]
        for src in range(1, C.NSRC):
            assert g.records[p, R.VP + src] == mine[mine[:, 2] == src, 3].sum()


def test_layout_forbid_list_from_rules_data_holds_in_every_layout() -> None:
    forbid = [{"building": "rum_distillery", "flower": "yellow"},
              {"building": "rum_distillery", "flower": "white"},
              {"building": "cigar_factory", "flower": "white"},
              {"building": "cafe", "flower": "blue"},
              {"building": "bank", "flower": "red"}]
    tables = variant_tables({"layout": "forbid", "layout.forbid": forbid})
    t = flatten(tables)
    banned = {(C.BUILDING_KEYS.index(f["building"]), C.FLOWER_NAMES.index(f["flower"]))
              for f in forbid}
    seen = set()
    for seed in range(3000):
        s = S.new_game(t, 3, seed)
        at = S.O.view(s, "BUILDING_AT")
        pairs = {(int(b), int(tables.slot_colour[i])) for i, b in enumerate(at)}
        assert not pairs & banned, seed
        assert s[S.G.LAYOUT_OK] == 1
        seen.add(tuple(at))
    assert len(seen) > 2900  # still random


def test_layout_fixed_from_rules_data_is_used_as_given() -> None:
    order = list(reversed(C.BUILDING_KEYS))
    tables = variant_tables({"layout": "fixed", "layout.fixed.buildings": order})
    s = S.new_game(flatten(tables), 2, 123)
    assert [C.BUILDING_KEYS[b] for b in S.O.view(s, "BUILDING_AT")] == order


def forbid_broken(overrides: dict, rec: np.ndarray) -> dict[str, int]:
    """Soak counts: games under the forbid layout rule, and those where a forbidden pair (the
    seed's advice) lies together (flower index 1 = yellow for the rum distillery, 0 = white
    for the cigar factory)."""
    if overrides.get("layout") != "forbid":
        return {}
    cols = record_columns()
    rum, cigar = cols.index("flower_rum_distillery"), cols.index("flower_cigar_factory")
    return {"forbid_games": len(rec),
            "broken": int(((rec[:, 0, rum] == 1) | (rec[:, 0, cigar] == 0)).sum())}


@pytest.mark.compiled
@pytest.mark.parametrize("scale", SOAK_SIZES)
def test_compiled_random_games_every_switch_no_invariant_errors(scale: float) -> None:
    out = assert_soak("santiago", games_per_batch=300, n_random=4, scale=scale,
                      extra="tests.santiago.test_properties:forbid_broken")
    assert out["counts"]["forbid_games"] >= 900 * scale and out["counts"]["broken"] == 0


@pytest.mark.compiled
def test_compiled_and_interpreted_records_identical(tmp_path: Path) -> None:
    assert_records_match("santiago", [["greedy", "refiner"],
                                      ["random", "landlord", "banker", "random"]], 4, tmp_path)
