"""Every declared decision kind (state.DK) is handled everywhere: `actions.legal` and
`rules.apply` dispatch it to its own `<key>_options` and `apply_<key>`; random play reaches it
with options, `apply` carries each reached option out (the state moves on, keeps its
invariants, and the kind's applies emit events), the trace decodes every event they emit
(event_dict and the log line), and every kernel (random and each named preset's) returns a
valid index there without touching the state. A kind declared but not handled fails here.

`coverage` reads only the engine's common names (state.DK, G.DK, G.PHASE, PH.OVER, new_game,
legal, apply, check_state, the trace's event_dict and log_lines) and the registry, so it can
serve every game."""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from core.common.trace import events, trace_buffer
from core.santiago import actions, check, codes, rules, state, tables, trace
from strategies.santiago.dispatch import decide
from strategies.santiago.registry import REGISTRY

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
# kind key -> switch overrides under which it occurs (Santiago: every kind occurs by default)
VARIANT_KINDS: dict[str, dict[str, Any]] = {}
PLAYERS = 3
MAX_GAMES = 12      # random games per rules variant, at most, to reach every kind
SAMPLES = 2         # reached states per kind on which every kernel decides
APPLY_EVENTS = 256  # trace rows one apply may emit


@dataclass
class Kind:
    """What random play found at one decision kind."""

    reached: int = 0
    without_options: int = 0
    stuck: int = 0         # applies that left the state as it was
    broken: list[int] = field(default_factory=list)  # invariant errors after an apply
    events: set[str] = field(default_factory=set)    # names of the events its applies emitted
    samples: list[tuple[np.ndarray, np.ndarray]] = field(default_factory=list)  # (s, options)


def play(engine: dict[str, ModuleType], game_tables: Any, seed: int,
         found: dict[int, Kind]) -> None:
    """One random game (uniform option indices from `seed`), recording every decision point
    into `found` by kind."""
    S, A, R = engine["state"], engine["actions"], engine["rules"]
    t = engine["tables"].flatten(game_tables)
    rng = np.random.default_rng(seed)
    s = S.new_game(t, PLAYERS, seed)
    tr = trace_buffer(APPLY_EVENTS, S.STATE_SIZE)
    R.advance(s, t, tr)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    while s[S.G.PHASE] != S.PH.OVER:
        dk = int(s[S.G.DK])
        kind = found.setdefault(dk, Kind())
        kind.reached += 1
        n = A.legal(s, t, opts)
        if n == 0:
            kind.without_options += 1
            return
        if len(kind.samples) < SAMPLES:
            kind.samples.append((s.copy(), opts[:n].copy()))
        before = s.copy()
        tr[0, :2] = 0  # empty the buffer: it then holds this apply's events only
        R.apply(s, t, opts[rng.integers(n)], tr)
        kind.stuck += int(np.array_equal(before, s))
        err = engine["check"].check_state(s, t)
        if err:
            kind.broken.append(int(err))
        for row in events(tr):
            kind.events.add(engine["trace"].event_dict(row, game_tables)["name"])
        assert len(list(engine["trace"].log_lines(tr, game_tables, PLAYERS,
                                                  engine["colours"]))) >= len(events(tr))


def coverage(engine: dict[str, ModuleType], variant_kinds: dict[str, dict[str, Any]]
             ) -> tuple[dict[str, Kind], dict[str, Any]]:
    """Random play under the default rules and each variant in `variant_kinds`, until every
    kind expected there is reached: {kind key: Kind}, {kind key: the tables it was found
    with}."""
    S = engine["state"]
    report: dict[str, Kind] = {}
    where: dict[str, Any] = {}
    variants = [{}] + [v for v in variant_kinds.values() if v]
    for overrides in variants:
        want = {key for key in S.DK.keys[1:]
                if variant_kinds.get(key, {}) == overrides}
        game_tables = engine["tables"].load_tables(overrides=overrides)
        found: dict[int, Kind] = {}
        for seed in range(MAX_GAMES):
            play(engine, game_tables, seed, found)
            if want <= {S.DK.keys[dk] for dk in found}:
                break
        for dk, kind in found.items():
            key = S.DK.keys[dk]
            if key in want:
                report[key], where[key] = kind, game_tables
    return report, where


ENGINE = {"state": state, "actions": actions, "rules": rules, "check": check, "trace": trace,
          "tables": tables, "colours": codes.PLAYER_COLOURS}


@pytest.fixture(scope="module")
def reached() -> tuple[dict[str, Kind], dict[str, Any]]:
    return coverage(ENGINE, VARIANT_KINDS)


def dispatched(engine: dict[str, ModuleType], key: str) -> bool:
    """Whether legal and apply each have a branch for kind `key` calling its own function."""
    def source(fn: Any) -> str:
        return inspect.getsource(getattr(fn, "py_func", fn))
    branch = f"dk == DK.{key.upper()}:"
    legal, apply = source(engine["actions"].legal), source(engine["rules"].apply)
    return (branch in legal and f"return {key}_options(s, t, opts)" in legal
            and branch in apply and f"apply_{key}(s, t, " in apply)


@pytest.mark.parametrize("key", state.DK.keys[1:])
def test_every_declared_kind_is_dispatched_reached_and_applied(key: str, reached) -> None:
    assert dispatched(ENGINE, key), f"legal or apply has no branch to {key}'s own function"
    report, _ = reached
    assert key in report, f"random play never reached {key}"
    kind = report[key]
    assert kind.without_options == 0, f"{key}: legal gives no option"
    assert kind.stuck == 0, f"{key}: apply left the state unchanged {kind.stuck} times"
    assert kind.broken == [], f"{key}: invariants broken after apply: {kind.broken}"
    assert kind.events, f"{key}: its applies emitted no event"


@pytest.mark.parametrize("name", REGISTRY.names())
def test_every_kernel_decides_at_every_kind(name: str, reached) -> None:
    report, where = reached
    kernels, params = REGISTRY.resolve([name])
    for key, kind in report.items():
        t = tables.flatten(where[key])
        for s, opts in kind.samples:
            before = s.copy()
            i = decide(kernels[0], params[0], s, t, opts, len(opts), np.ones(1, np.uint64))
            assert 0 <= i < len(opts), (name, key, i)
            assert np.array_equal(before, s), (name, key)
