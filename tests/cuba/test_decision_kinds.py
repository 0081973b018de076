"""Every declared decision kind (state.DK) is handled everywhere: random play reaches it with
legal options, `apply` carries each out, the trace decodes every event it emits and every
kernel of the game (random and each named strategy's) picks a legal option there.

Written against the engine layout every game shares (core/<game>/{state, actions, rules,
tables, trace}.py, strategies/<game>/{dispatch, registry}.py), so it can be lifted for every
game: GAME and VARIANT_KINDS are all it knows of Cuba.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np
import pytest

from core import games
from core.common.loop import MAX_STEPS
from core.common.rng import seat_rngs
from core.common.trace import events, no_trace, trace_buffer
from strategies.common.bound import bound

GAME = "cuba"
# kinds only a variant asks for: kind name -> switch overrides that bring it into play
VARIANT_KINDS = {"HIDE_CARD": {"hidden_parliament_card": True}}
SEEDS = range(40)        # games played per configuration at most
SAMPLES = 2              # states kept per kind for the kernels
PLAYERS = 4


def part(package: str, name: str) -> ModuleType:
    return importlib.import_module(f"{package}.{GAME}.{name}")


class Reached(NamedTuple):
    """What random play met of one decision kind."""

    options: int         # decision points with n > 0 options
    empty: int           # decision points with no legal option
    stuck: int           # games that asked for it more than MAX_STEPS decisions in
    effective: int       # applies whose result differs from dropping the decision
    states: list[np.ndarray]
    events: set[int]     # event codes its applies emitted


def play_for_kinds(overrides: dict[str, object]) -> tuple[Any, np.ndarray, dict[int, Reached]]:
    """Random games (interpreted or compiled, as the session runs) until every kind is met
    SAMPLES times or SEEDS run out: per kind code, what was seen."""
    state, actions, rules = part("core", "state"), part("core", "actions"), part("core", "rules")
    tables = part("core", "tables").load_tables(overrides=overrides or None)
    t = part("core", "tables").flatten(tables)
    seen: dict[int, Reached] = {}
    opts = np.zeros(actions.MAX_OPTIONS, np.int32)
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        s = state.new_game(t, PLAYERS, seed)
        rules.advance(s, t, no_trace())
        steps = 0
        while s[state.G.PHASE] != state.PH.OVER:
            dk = int(s[state.G.DK])
            n = actions.legal(s, t, opts)
            r = seen.setdefault(dk, Reached(0, 0, 0, 0, [], set()))
            steps += 1
            if n == 0 or steps > MAX_STEPS:  # a broken kind: the tests below say which
                seen[dk] = r._replace(empty=r.empty + (n == 0), stuck=r.stuck + (n > 0))
                return tables, t, seen
            o = opts[int(rng.integers(n))]
            dropped = s.copy()
            dropped[state.G.DK] = state.DK.NONE
            rules.advance(dropped, t, no_trace())
            if len(r.states) < SAMPLES:
                r.states.append(s.copy())
            tr = trace_buffer(400, state.STATE_SIZE)
            rules.apply(s, t, o, tr)
            r.events.update(int(row[0]) for row in events(tr))
            seen[dk] = r._replace(options=r.options + 1,
                                  effective=r.effective + (not np.array_equal(s, dropped)))
            check_events(tr, tables)
        if all(len(seen.get(k, Reached(0, 0, 0, 0, [], set())).states) >= SAMPLES
               for k in range(1, len(state.DK))):
            break
    return tables, t, seen


def check_events(tr: np.ndarray, tables: Any) -> None:
    """Every event recorded decodes to its name and reads as a log line."""
    trace = part("core", "trace")
    codes = part("core", "codes")
    for row in events(tr):
        d = trace.event_dict(row, tables)
        assert d["name"] == codes.EV.key(int(row[0]))
        assert isinstance(trace.event_text(row, tables, codes.COLOURS), str)
    assert not tr[0, 1], "trace overflow"


@pytest.fixture(scope="module")
def reached() -> dict[str, tuple[Any, np.ndarray, dict[int, Reached]]]:
    """Random play in the default rules and under each variant that VARIANT_KINDS names."""
    configs = {"default": {}} | {k: v for k, v in VARIANT_KINDS.items()}
    return {name: play_for_kinds(overrides) for name, overrides in configs.items()}


def kinds() -> list[str]:
    return list(part("core", "state").DK._fields[1:])


@pytest.mark.parametrize("kind", kinds())
def test_random_play_reaches_and_applies_every_kind(reached, kind: str) -> None:
    code = getattr(part("core", "state").DK, kind)
    _, _, seen = reached["default" if kind not in VARIANT_KINDS else kind]
    r = seen.get(code)
    assert r is not None and r.options > 0, f"random play never reached {kind}"
    assert r.empty == 0, f"{kind} was reached with no legal option"
    assert r.stuck == 0, f"play got stuck at {kind}: does apply carry it out?"
    assert r.effective > 0, f"apply of {kind} changed nothing: is it handled?"


@pytest.mark.parametrize("kind", kinds())
def test_every_kernel_picks_a_legal_option(reached, kind: str) -> None:
    state, actions = part("core", "state"), part("core", "actions")
    strategies = bound(games.get(GAME))
    decide, registry = strategies.decide, strategies.registry
    code = getattr(state.DK, kind)
    _, t, seen = reached["default" if kind not in VARIANT_KINDS else kind]
    names = registry.names()
    kernels, params = registry.resolve(names)
    opts = np.zeros(actions.MAX_OPTIONS, np.int32)
    for s in seen[code].states:
        n = actions.legal(s, t, opts)
        for name, kernel, row, rng in zip(names, kernels, params, seat_rngs(len(names), 5)):
            before = s.copy()
            i = decide(kernel, row, s, t, opts, n, rng)
            assert 0 <= i < n, f"{name} chose {i} of {n} options at {kind}"
            assert np.array_equal(before, s), f"{name} changed the state at {kind}"


def test_kinds_are_keyed_and_masked() -> None:
    """Keys are the lower-cased names; the property masks cover declared kinds only."""
    dk = part("core", "state").DK
    assert dk.keys == tuple(n.lower() for n in dk._fields)
    for prop in {p for d in dk.kinds for p in d.props}:
        assert dk.mask(prop) >> len(dk) == 0 and dk.mask(prop) & 1 == 0
    assert set(VARIANT_KINDS) <= set(dk._fields)
