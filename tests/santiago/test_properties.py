"""Santiago de Cuba's own whole-game properties: the layout rules (the properties every game
shares are in tests/test_properties.py).

- a custom forbid list (rules data through a variant) holds in 100% of thousands of generated
  layouts, and the fixed layout is used as given;
- in the compiled soak, every game under layout = forbid honours the advice (`forbid_broken`
  counts, `assert_forbid_honoured` checks).
"""
from __future__ import annotations

import numpy as np
import pytest

from core.santiago import codes as C
from core.santiago import state as S
from core.santiago import tables
from core.santiago.play import record_columns
from core.santiago.tables import flatten
from strategies.common.variants import loaders

variant_tables = loaders(tables)[0]

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


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


def assert_forbid_honoured(counts: dict[str, int], scale: float) -> None:
    """The soak's `forbid_broken` counts: enough games under layout = forbid, none broken."""
    assert counts["forbid_games"] >= 900 * scale and counts["broken"] == 0
