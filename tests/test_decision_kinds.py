"""Every declared decision kind of every game (its descriptor's `engine.decisions`) is handled
everywhere: `legal` and `apply` dispatch it to its own `<key>_options` and `apply_<key>`;
random play reaches it with options (under the default rules, else under a one-switch
variant); `apply` carries each reached option out (the state moves on and keeps its invariants); the
trace decodes every event the applies emit (event_dict and the log lines); and every kernel (random and each named preset's) returns a valid index there
without touching the state; and every option random play meets has a short text of its own
(the descriptor's `option_text`). A kind declared but not handled fails here. Interpreted."""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from core import games
from core.common.game import Game
from core.common.trace import events, trace_buffer
from strategies.common.bound import bound
from tests.engines import interpreted_row

PLAYERS = 3         # every game allows 3; a kind not reached with 3 is looked for with the fewest
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
    samples: list[tuple[np.ndarray, np.ndarray, Any]] = field(default_factory=list)
    # per option tag met at this kind, its first decision: (state, option, tables)
    tags: dict[str, tuple[np.ndarray, int, Any]] = field(default_factory=dict)


def play(game: Game, tables: Any, seed: int, found: dict[int, Kind],
         players: int = PLAYERS) -> None:
    """One random game of `players` (uniform option indices from `seed`), recording every
    decision point into `found` by kind code."""
    e = game.engine
    t = game.rules.flatten(tables)
    rng = np.random.default_rng(seed)
    s = e.new_game(t, players, seed)
    tr = trace_buffer(APPLY_EVENTS, e.state_size)
    e.advance(s, t, tr)
    opts = np.zeros(e.max_options, np.int32)
    while s[e.phase_slot] != e.over_phase:
        kind = found.setdefault(int(s[e.decision_slot]), Kind())
        kind.reached += 1
        n = e.legal(s, t, opts)
        if n == 0:
            kind.without_options += 1
            return
        if len(kind.samples) < SAMPLES:
            kind.samples.append((s.copy(), opts[:n].copy(), tables))
        for o in opts[:n]:
            tag = game.option_text.tag(o)
            if tag not in kind.tags:
                kind.tags[tag] = (s.copy(), int(o), tables)
        before = s.copy()
        tr[0, :2] = 0  # empty the buffer: it then holds this apply's events only
        e.apply(s, t, opts[rng.integers(n)], tr)
        kind.stuck += int(np.array_equal(before, s))
        err = e.check_state(s, t)
        if err:
            kind.broken.append(int(err))
        for row in events(tr):
            kind.events.add(game.trace.event_dict(row, tables)["name"])
        lines = list(game.trace.log_lines(tr, tables, players, game.colours))
        assert all(isinstance(line, str) for line in lines)
        assert lines or not len(events(tr))


def variants(game: Game) -> list[dict[str, object]]:
    """The default rules, then each switch's other options one at a time."""
    return [{}] + [{name: value} for name, (_, options) in game.rules.switches.options.items()
                   for value in options[1:]]


@pytest.fixture(scope="module", params=games.names())
def reached(request: pytest.FixtureRequest) -> tuple[Game, dict[str, Kind]]:
    """Random play until every kind is reached: (game, {kind key: Kind}); a kind the default
    rules never ask for is looked for under one-switch variants, then with the fewest
    players."""
    game = games.get(request.param)
    keys = game.engine.decisions.keys
    report: dict[str, Kind] = {}
    fewest = game.player_range(game.rules.load_tables())[0]
    for players in dict.fromkeys((PLAYERS, fewest)):  # e.g. a 2-player variant's own kinds
        for overrides in variants(game):
            tables = game.rules.load_tables(overrides=overrides or None)
            found: dict[int, Kind] = {}
            for seed in range(MAX_GAMES):
                play(game, tables, seed, found, players)
                if set(keys[1:]) <= set(report) | {keys[dk] for dk in found}:
                    break
            for dk, kind in found.items():
                report.setdefault(keys[dk], kind)
            if set(keys[1:]) <= set(report):
                break
        if set(keys[1:]) <= set(report):
            break
    return game, report


def dispatched(game: Game, key: str) -> bool:
    """Whether legal and apply each have a branch for kind `key` calling its own function."""
    def source(fn: Any) -> str:
        return inspect.getsource(getattr(fn, "py_func", fn))
    branch = f"dk == DK.{key.upper()}:"
    legal, apply = source(game.engine.legal), source(game.engine.apply)
    return (branch in legal and f"return {key}_options(s, t, opts)" in legal
            and branch in apply and f"apply_{key}(s, t, " in apply)


def test_every_declared_kind_is_dispatched_reached_and_applied(reached) -> None:
    game, report = reached
    for key in game.engine.decisions.keys[1:]:
        assert dispatched(game, key), f"{game.name}: legal or apply has no branch to {key}'s"
        assert key in report, f"{game.name}: random play never reached {key}"
        kind = report[key]
        assert kind.without_options == 0, f"{game.name} {key}: legal gives no option"
        assert kind.stuck == 0, f"{game.name} {key}: apply left the state unchanged"
        assert kind.broken == [], f"{game.name} {key}: invariants broken: {kind.broken}"
    emitted = set().union(*(kind.events for kind in report.values()))
    assert emitted, f"{game.name}: no apply emitted an event"


def test_every_kernel_decides_at_every_kind(reached) -> None:
    game, report = reached
    strategies = bound(game)
    for name in strategies.registry.names():
        kernels, params = strategies.registry.resolve([name])
        row = interpreted_row(strategies.registry, name, params[0])
        for key, kind in report.items():
            for s, opts, tables in kind.samples:
                before = s.copy()
                i = strategies.decide(kernels[0], row, s, game.rules.flatten(tables), opts,
                                      len(opts), np.ones(1, np.uint64))
                assert 0 <= i < len(opts), (game.name, name, key, i)
                assert np.array_equal(before, s), (game.name, name, key)


def test_every_option_met_has_a_text_of_its_own(reached) -> None:
    """Each option tag met at each kind has a short text; the options of one decision read
    apart (the sampled decisions of every kind)."""
    game, report = reached
    text = game.option_text
    for key, kind in report.items():
        for tag, (s, option, tables) in kind.tags.items():
            before = s.copy()
            words = text(option, s, tables)
            assert isinstance(words, str) and 0 < len(words) <= 100 and words == words.strip(), \
                (game.name, key, tag, words)
            assert np.array_equal(before, s), (game.name, key, tag)
        for s, opts, tables in kind.samples:
            texts = [text(o, s, tables) for o in opts]
            assert len(set(texts)) == len(texts), (game.name, key, texts)
