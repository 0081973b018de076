"""The compiled play loop every game shares, bound once per game to that game's rules and its
strategy dispatcher.

numba cannot cache a function that receives compiled functions as values, so the loop is not
called with the game's functions: `bind` compiles a copy of it whose globals are that game's
functions (cache=True, one cache entry per game, named after it). A game provides, in its
`strategies/<game>/play.py`:

    new_game(t, n_players, seed) -> state      legal(s, t, opts) -> number of options
    advance(s, t, tr)  runs to the first decision   apply(s, t, option, tr)
    check_state(s, t) -> 0 or an error code     write_records(s, t, decisions, rec[seat, :])
    decide(kernel, params, s, t, opts, n, rng) -> option index (the strategy dispatcher)
    flatten(tables) -> int32 rules vector t     NREC, MAX_OPTIONS, STATE_SIZE
    s[G_CUR]: the deciding seat                 s[G_PHASE] == PH_OVER: the game has ended

`bind(game, decide)` finds these in the game's engine package by the layout every core/<game>/
shares: play.py (write_records, NREC), actions.py (legal, MAX_OPTIONS),
check.py (check_state), rules.py (advance, apply), state.py (new_game, STATE_SIZE, G_CUR,
G_PHASE, PH_OVER) and tables.py (flatten).
"""
from __future__ import annotations

import importlib
import types
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from core.common.errors import ERR_ILLEGAL, ERR_STUCK, OK
from core.common.rng import seat_rngs
from core.common.trace import EVW, no_trace, trace_buffer
from core.jit import njit, unmanaged

HOOKS = ("new_game", "advance", "legal", "apply", "check_state",
         "write_records", "decide")
CONSTANTS = ("NREC", "MAX_OPTIONS", "G_CUR", "G_PHASE", "PH_OVER")
MAX_STEPS = 20000  # decision points per game before a game counts as stuck (ERR_STUCK)


class GameResult(NamedTuple):
    """One game: per-seat records, error code (0 = none), trace buffer or None."""

    records: np.ndarray
    error: int
    trace: np.ndarray | None


def _play_one(t, n_players, seed, kernels, params, opts, tr, check, rec):
    """Play one game into rec[seat, :]; return 0 or the first error code."""
    s_owned = new_game(t, n_players, seed)  # noqa: F821 (bound per game)
    rngs_owned = seat_rngs(n_players, seed)
    # Views without reference counts: the hot loop then pays no atomic increments per call.
    s = unmanaged(s_owned)
    rngs = unmanaged(rngs_owned)
    t = unmanaged(t)
    opts = unmanaged(opts)
    tr = unmanaged(tr)
    kernels = unmanaged(kernels)
    params = unmanaged(params)
    rec = unmanaged(rec)
    advance(s, t, tr)  # noqa: F821
    decisions = np.zeros(n_players, np.int64)
    err = OK
    steps = 0
    while s[G_PHASE] != PH_OVER:  # noqa: F821
        steps += 1
        if steps > MAX_STEPS:
            err = ERR_STUCK
            break
        n = legal(s, t, opts)  # noqa: F821
        p = s[G_CUR]  # noqa: F821
        i = 0
        if n > 1:
            if check:
                before = s.copy()
            i = decide(kernels[p], params[p], s, t, opts, n, rngs[p])  # noqa: F821
            decisions[p] += 1
            if check and (i < 0 or i >= n or not np.array_equal(before, s)):
                err = ERR_ILLEGAL
                break
        apply(s, t, opts[i], tr)  # noqa: F821
        if check:
            err = check_state(s, t)  # noqa: F821
            if err != OK:
                break
    write_records(s, t, decisions, rec)  # noqa: F821
    s_owned[0] += 0  # the owned arrays must outlive their unmanaged views
    rngs_owned[0, 0] += 0
    return err


def _play_batch(t, n_players, seeds, kernels, params, check):
    """Play len(seeds) games with fixed seat strategies; records[g, seat, :], errors[g]."""
    g_n = seeds.shape[0]
    rec = np.zeros((g_n, n_players, NREC))  # noqa: F821
    errors = np.zeros(g_n, np.int32)
    opts = np.zeros(MAX_OPTIONS, np.int32)  # noqa: F821
    tr = np.zeros((1, EVW), np.int32)
    for g in range(g_n):
        errors[g] = play_one(t, n_players, seeds[g], kernels, params, opts, tr,  # noqa: F821
                             check, rec[g])
    return rec, errors


def _play_traced(t, n_players, seed, kernels, params, check, tr):
    """One game recording every event and the state after it into the trace buffer tr."""
    rec = np.zeros((n_players, NREC))  # noqa: F821
    opts = np.zeros(MAX_OPTIONS, np.int32)  # noqa: F821
    err = play_one(t, n_players, seed, kernels, params, opts, tr, check, rec)  # noqa: F821
    return rec, err


def compiled_for(fn: Callable, game: str, namespace: dict[str, Any], **options: Any) -> Callable:
    """fn with its module's globals plus `namespace`, compiled and cached under a per-game
    name: how a function written once calls each game's own compiled functions. (The module's
    globals carry __name__, which numba's cache needs for the function's module.)"""
    scope = {**fn.__globals__, **namespace}
    copy = types.FunctionType(fn.__code__, scope, f"{game}{fn.__name__}", fn.__defaults__)
    copy.__qualname__ = copy.__name__
    copy.__doc__ = fn.__doc__
    return njit(copy, **options)


class Loop:
    """A game's compiled loop: `play_game` (one game, optionally traced) and `run_batch`."""

    def __init__(self, game: str, flatten: Callable[[Any], np.ndarray], state_size: int,
                 **bindings: Any) -> None:
        missing = [k for k in HOOKS + CONSTANTS if k not in bindings]
        if missing:
            raise TypeError(f"loop for {game} lacks {', '.join(missing)}")
        namespace = dict(bindings)
        namespace["play_one"] = self.play_one = compiled_for(_play_one, game, namespace)
        self.play_batch = compiled_for(_play_batch, game, namespace)
        self.play_traced = compiled_for(_play_traced, game, namespace)
        self.flatten = flatten
        self.state_size = state_size

    def play_game(self, tables: Any, n_players: int, seed: int, kernels: np.ndarray,
                  params: np.ndarray, check: bool = True, trace: bool = False,
                  max_events: int = 6000) -> GameResult:
        """Play one game with the given seat kernels; optionally record its trace."""
        tr = trace_buffer(max_events, self.state_size) if trace else no_trace()
        rec, err = self.play_traced(self.flatten(tables), n_players, np.int64(seed),
                                    kernels.astype(np.int32), params.astype(np.float64), check,
                                    tr)
        return GameResult(rec, int(err), tr if trace else None)

    def run_batch(self, tables: Any, n_players: int, seeds: np.ndarray, kernels: np.ndarray,
                  params: np.ndarray, check: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Play one game per seed with fixed seat kernels: (records[g, seat, :], errors[g])."""
        return self.play_batch(self.flatten(tables), n_players, np.asarray(seeds, np.int64),
                               kernels.astype(np.int32), params.astype(np.float64), check)


def bind(game: str, decide: Callable) -> Loop:
    """The loop of the engine package core/<game>/ with the strategy dispatcher `decide`."""
    m = {name: importlib.import_module(f"core.{game}.{name}")
         for name in ("play", "actions", "check", "rules", "state", "tables")}
    return Loop(game, m["tables"].flatten, m["state"].STATE_SIZE, new_game=m["state"].new_game,
                advance=m["rules"].advance, legal=m["actions"].legal, apply=m["rules"].apply,
                G_CUR=m["state"].G_CUR, G_PHASE=m["state"].G_PHASE, PH_OVER=m["state"].PH_OVER,
                check_state=m["check"].check_state, write_records=m["play"].write_records,
                decide=decide, NREC=m["play"].NREC, MAX_OPTIONS=m["actions"].MAX_OPTIONS)
