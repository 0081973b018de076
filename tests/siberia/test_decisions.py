"""Every declared decision kind (state.DK) is handled everywhere: random play reaches it with
options (actions.legal), each of its options is carried out (rules.apply does more than what
every kind shares: clearing G.DK and advancing), every event that emits is decoded by the trace,
and every kernel (random and each named strategy's) answers there with a valid index, without
changing the state. Interpreted; written for any game, with the game's name as its argument."""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from core import games
from core.common.trace import events, no_trace
from strategies.common.bound import bound


def _game(game: str) -> dict[str, Any]:
    names = {"codes", "state", "actions", "rules", "check", "trace", "tables"}
    mods = {name: importlib.import_module(f"core.{game}.{name}") for name in names}
    strategies = bound(games.get(game))
    mods["dispatch"], mods["registry"] = strategies, strategies.registry
    return mods


def _check_kind(m: dict[str, Any], s: np.ndarray, t: np.ndarray, tables: Any,
                opts: np.ndarray, n: int, seed: int) -> None:
    """The options of the pending decision in s: each kernel's answer, each option applied."""
    S, tr_mod = m["state"], m["trace"]
    n_players = int(s[S.G.NP])
    for name in m["registry"].names():
        kernels, params = m["registry"].resolve([name])
        before = s.copy()
        i = m["dispatch"].decide(kernels[0], params[0], s, t, opts, n, np.array([seed], np.uint64))
        assert 0 <= i < n, (name, S.DK.keys[s[S.G.DK]])
        np.testing.assert_array_equal(before, s)
    unhandled = s.copy()  # what apply would leave if it did nothing for the kind
    unhandled[S.G.DK] = S.DK.NONE
    m["rules"].advance(unhandled, t, no_trace())
    for o in opts[:n]:
        s2 = s.copy()
        tr = np.zeros((400, m["codes"].EVW + S.STATE_SIZE), np.int32)
        m["rules"].apply(s2, t, o, tr)
        assert m["check"].check_state(s2, t) == 0
        assert not np.array_equal(s2, unhandled), S.DK.keys[s[S.G.DK]]
        for row in events(tr):
            assert tr_mod.event_dict(row, tables)["name"] == m["codes"].EV.keys[row[0]]
        assert all(isinstance(line, str) for line in tr_mod.log_lines(
            tr, tables, n_players, m["codes"].COLOURS))


def decision_coverage(game: str, n_players: int, seeds: range,
                      overrides: Mapping[str, object] | None = None,
                      samples: int = 2) -> dict[str, int]:
    """Random games until every kind was checked `samples` times: {kind key: times reached}."""
    m = _game(game)
    S, A, R = m["state"], m["actions"], m["rules"]
    tables = m["tables"].load_tables(overrides=dict(overrides or {}) or None)
    t = m["tables"].flatten(tables)
    reached = {key: 0 for key in S.DK.keys[1:]}
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    for seed in seeds:
        rng = np.random.default_rng(seed)
        s = S.new_game(t, n_players, seed)
        R.advance(s, t, no_trace())
        while s[S.G.PHASE] != S.PH.OVER and min(reached.values()) < samples:
            key = S.DK.keys[s[S.G.DK]]
            n = A.legal(s, t, opts)
            assert n > 0, key
            if reached[key] < samples:
                _check_kind(m, s, t, tables, opts, n, seed)
            reached[key] += 1
            R.apply(s, t, opts[int(rng.integers(n))], no_trace())
    return reached


def test_every_kind_has_its_options_and_apply_functions() -> None:
    m = _game("siberia")
    for key in m["state"].DK.keys[1:]:
        assert callable(getattr(m["actions"], f"{key}_options", None)), key
        assert callable(getattr(m["rules"], f"apply_{key}", None)), key


@pytest.mark.parametrize("n_players", [2, 3])
def test_every_decision_kind_is_reached_applied_traced_and_answered(n_players: int) -> None:
    reached = decision_coverage("siberia", n_players, range(4))
    assert all(times > 0 for times in reached.values()), reached
