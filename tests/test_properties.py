"""Whole-game properties of every engine under random play, one test each over the catalogue.

(a) interpreted, hypothesis: random seeds, player counts and switch combinations finish with
    the invariant checker on, in the game-over phase with a clean final state, and every point
    is accounted for by a score event of the trace (per seat and per source);
(b) compiled (subprocess, JIT on): >= 20,000 random games over every player count and switch
    value, checker on, zero errors (`make test` plays a tenth: tests/engines.py SOAK_SIZES);
(c) compiled vs interpreted: identical records and traces for the same seeds.
A game's own whole-game properties (Santiago's layout rules) stay in tests/<game>/.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import games
from core.cuba import codes as cuba
from core.cubist import codes as cubist
from core.jamaica import codes as jamaica
from core.santiago import codes as santiago
from core.siberia import codes as siberia
from tests.engines import SOAK_SIZES, assert_records_match, assert_soak, traced_random_game
from tests.santiago.test_properties import assert_forbid_honoured

# the interpreted uint64 RNG wraps on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


class Spec(NamedTuple):
    score_event: int            # the trace event (seat, source, amount) of every point scored
    examples: int               # hypothesis games of (a): an interpreted game costs seconds
    games_per_batch: int        # soak (b): per config and player count, full size
    n_random: int               # soak: random switch combinations after the single values
    lineups: list[list[str]]    # (c): seats of each compared batch
    seeds: int                  # (c): games per lineup
    # sources whose points come from the rules, not from play (no score event): their value
    unlogged: dict[str, Callable[[Any], int]] = {}
    soak_counts: str | None = None                # 'module:function' counting in the soak
    soak_check: Callable[[dict, float], None] | None = None  # (counts, scale): asserts


SPECS = {
    "cuba": Spec(cuba.EV.VP, 30, 180, 8, [["random"] * 3, ["random"] * 5], 20),
    "santiago": Spec(santiago.EV.VP, 25, 300, 4,
                     [["greedy", "refiner"], ["random", "landlord", "banker", "random"]], 4,
                     unlogged={"start": lambda t: int(t.misc[santiago.M.START_VP])},
                     soak_counts="tests.santiago.test_properties:forbid_broken",
                     soak_check=assert_forbid_honoured),
    "siberia": Spec(siberia.EV.SCORE, 25, 440, 5,
                    [["random"] * 3, ["staff_first", "resource_rush", "greedy", "random"]], 15),
    "jamaica": Spec(jamaica.EV.SCORE, 20, 260, 4,
                    [["random"] * 2, ["racer", "pirate", "merchant", "treasure_hunter",
                                      "greedy"]], 6),
    "cubist": Spec(cubist.EV.SCORE, 6, 420, 5,
                   [["random"] * 3, ["sculptor", "architect", "patron", "random"]], 4),
}


def test_every_game_has_its_spec() -> None:
    assert sorted(SPECS) == sorted(games.names())


# ------------------------------------------------------------------ (a) interpreted


def assert_points_match_trace(game: str, tables: Any, records: np.ndarray, events: np.ndarray,
                              n_players: int) -> None:
    """Each seat's score and its points by source (the vp_ record columns, in source order)
    equal the sums of the trace's score events (seat, source, amount); a source the rules
    alone fill (Spec.unlogged) holds the rules' value and has no event."""
    spec, columns = SPECS[game], games.get(game).record_columns
    vp = [c for c in columns if c.startswith("vp_")]
    first, score = columns.index(vp[0]), columns.index("score")
    scores = events[events[:, 0] == spec.score_event]
    for p in range(n_players):
        mine = scores[scores[:, 1] == p]
        start = sum(records[p, columns.index("vp_" + s)] for s in spec.unlogged)
        assert records[p, score] == mine[:, 3].sum() + start
        for src, name in enumerate(vp):
            logged = mine[mine[:, 2] == src, 3]
            if name[3:] in spec.unlogged:
                assert logged.size == 0
                assert records[p, first + src] == spec.unlogged[name[3:]](tables)
            else:
                assert records[p, first + src] == logged.sum(), name


def switches(game: str) -> st.SearchStrategy:
    return st.fixed_dictionaries({name: st.sampled_from(opts) for name, (_, opts)
                                  in games.get(game).rules.switches.options.items()})


@pytest.mark.parametrize("game", sorted(SPECS))
def test_random_games_finish_clean_and_points_match_trace(game: str) -> None:
    g = games.get(game)
    e = g.engine

    @settings(max_examples=SPECS[game].examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**40), seat_pick=st.integers(0, 9), overrides=switches(game))
    def check(seed: int, seat_pick: int, overrides: dict) -> None:
        tables = g.rules.load_tables(overrides=overrides)
        low, high = g.player_range(tables)
        n_players = low + seat_pick % (high - low + 1)
        result, events, final = traced_random_game(game, tables, n_players, seed)
        assert final[e.phase_slot] == e.over_phase
        assert e.check_state(final, g.rules.flatten(tables)) == 0
        assert_points_match_trace(game, tables, result.records, events, n_players)

    check()


# ------------------------------------------------------------------ compiled (subprocess)


@pytest.mark.compiled
@pytest.mark.parametrize("scale", SOAK_SIZES)
@pytest.mark.parametrize("game", sorted(SPECS))
def test_compiled_random_games_every_switch_no_invariant_errors(game: str,
                                                                scale: float) -> None:
    spec = SPECS[game]
    out = assert_soak(game, games_per_batch=spec.games_per_batch, n_random=spec.n_random,
                      extra=spec.soak_counts, scale=scale)
    if spec.soak_check:
        spec.soak_check(out["counts"], scale)


@pytest.mark.compiled
@pytest.mark.parametrize("game", sorted(SPECS))
def test_compiled_and_interpreted_records_identical(game: str, tmp_path: Path) -> None:
    assert_records_match(game, SPECS[game].lineups, SPECS[game].seeds, tmp_path)


@pytest.mark.compiled("cuba")
def test_compiled_and_interpreted_plan_strategies_identical(tmp_path: Path) -> None:
    """The Cuba plan strategies' values (strategies/cuba/values.py: built_counts packs building
    kinds up to bit 45) agree compiled and interpreted (NUMBA_DISABLE_JIT=1)."""
    assert_records_match("cuba", [["builder", "shipping_rush", "factory_cafe",
                                   "money_and_laws"]], 4, tmp_path)
