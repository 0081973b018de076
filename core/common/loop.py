"""The compiled play loop every game shares, bound once per game to that game's engine and its
strategy dispatcher.

numba cannot cache a function that receives compiled functions as values, so the loop is not
called with the game's functions: `bind` compiles a copy of it whose globals are that game's
functions (cache=True, one cache entry per game, named after it). They come from the game's
descriptor (core.common.game.Game), `game.engine`:

    new_game(t, n_players, seed) -> state      legal(s, t, opts) -> number of options
    max_steps(t, n_players) -> decision points the rules allow (the safeguard)
    advance(s, t, tr)  runs to the first decision   apply(s, t, option, tr)
    check_state(s, t) -> 0 or an error code     write_records(s, t, decisions, rec[seat, :])
    s[seat_slot]: the deciding seat             s[phase_slot] == over_phase: the game has ended
    nrec, max_options, state_size

with `game.rules.flatten(tables)` (the int32 rules vector t) and the strategy dispatcher
`decide(kernel, params, s, t, opts, n, rng) -> option index` (strategies.common.bound).
"""
from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numba import types as nb

from core.common.errors import ERR_ILLEGAL, ERR_STUCK, MAX_STEPS, OK  # noqa: F401 (MAX_STEPS
# re-exported: the search's rollouts stop there)
from core.common.game import Game
from core.common.rng import seed_seats
from core.common.trace import EVW, no_trace, trace_buffer
from core.jit import (copy_into, equal, inline_call, inlined, interpreted, njit, stack_array,
                      unmanaged)
from core.late import fill_all, slot

MAX_SEATS = 8  # the per-seat scratch's size (no game seats more)
# the step's arguments: s, t, opts, tr, kernels, params, rngs, decisions, check, limit
STEP_ARGS = (nb.int32[::1], nb.int32[::1], nb.int32[::1], nb.int32[:, ::1], nb.int32[::1],
             nb.float64[:, ::1], nb.uint64[:, ::1], nb.int64[::1], nb.boolean, nb.int64)


class GameResult(NamedTuple):
    """One game: per-seat records, error code (0 = none), trace buffer or None."""

    records: np.ndarray
    error: int
    trace: np.ndarray | None


def _play_one(t, n_players, seed, kernels, params, opts, tr, check, rec):
    """Play one game into rec[seat, :]; return 0 or the first error code."""
    return play_from(new_game(t, n_players, seed), t, n_players, seed, kernels, params,  # noqa: F821
                     opts, tr, check, rec)


def _play_from(s_owned, t, n_players, seed, kernels, params, opts, tr, check, rec):
    """Play one game from the dealt state s_owned (played in place), the seats' streams from
    `seed`, into rec[seat, :]; return 0 or the first error code."""
    s = unmanaged(s_owned)
    # per-seat scratch on the stack: no allocation per game
    rngs = stack_array(MAX_SEATS, 1, np.uint64)
    seed_seats(rngs, n_players, seed)
    decisions = stack_array(MAX_SEATS, 0, np.int64)
    decisions[:] = 0
    advance(s, unmanaged(t), unmanaged(tr))  # noqa: F821
    err = play_steps(s, unmanaged(t), unmanaged(opts), unmanaged(tr), unmanaged(kernels),  # noqa: F821
                     unmanaged(params), rngs, decisions, check,
                     max_steps(t, n_players))  # noqa: F821
    write_records(s, t, decisions, unmanaged(rec))  # noqa: F821
    s_owned[0] += 0  # the owned array must outlive its unmanaged view
    return err


def _play_steps(s, t, opts, tr, kernels, params, rngs, decisions, check, limit):
    """The decisions of one game from its first to its end: 0 or the first error code
    (ERR_STUCK past `limit` decision points). Compiled without numba's runtime (no reference
    counting per step); the arrays are the caller's, the state copy of `check` is on the
    stack."""
    err = OK
    steps = 0
    before = stack_array(STATE_SIZE, 0, np.int32)  # noqa: F821 (bound per game)
    while s[PHASE_SLOT] != OVER_PHASE:  # noqa: F821
        steps += 1
        if steps > limit:
            err = ERR_STUCK
            break
        n = legal(s, t, opts)  # noqa: F821
        p = s[SEAT_SLOT]  # noqa: F821
        i = 0
        if n > 1:
            if check:
                copy_into(before, s)
            i = decide(kernels[p], params[p], s, t, opts, n, rngs[p])  # noqa: F821
            decisions[p] += 1
            if check and (i < 0 or i >= n or not equal(before, s)):
                err = ERR_ILLEGAL
                break
        apply(s, t, opts[i], tr)  # noqa: F821
        if check:
            err = check_state(s, t)  # noqa: F821
            if err != OK:
                break
    return err


def _play_batch(t, n_players, seeds, kernels, params, check, tr):
    """Play len(seeds) games with fixed seat strategies; records[g, seat, :], errors[g]. tr is
    no_trace() or, for one game, a trace buffer that records its events. It calls the step
    (play_steps) through a slot (core.late): each compiled caller of a function optimises all
    of its machine code again, and the step holds the engine (its strategy kernels are slots
    of their own). (The only other entry of play, play_dealt, compiles when crossed deals are
    first played.)"""
    g_n = seeds.shape[0]
    rec = np.zeros((g_n, n_players, NREC))  # noqa: F821
    errors = np.zeros(g_n, np.int32)
    opts = np.zeros(MAX_OPTIONS, np.int32)  # noqa: F821
    for g in range(g_n):
        errors[g] = play_one(t, n_players, seeds[g], kernels, params, opts, tr,  # noqa: F821
                             check, rec[g])
    return rec, errors


def _play_dealt(t, n_players, states, seeds, kernels, params, check, tr):
    """Play one game from each dealt state states[g] (on a copy; a crossed deal,
    core.common.chance), the seats' streams from seeds[g]: records[g, seat, :], errors[g].
    tr is no_trace()."""
    g_n = states.shape[0]
    rec = np.zeros((g_n, n_players, NREC))  # noqa: F821
    errors = np.zeros(g_n, np.int32)
    opts = np.zeros(MAX_OPTIONS, np.int32)  # noqa: F821
    for g in range(g_n):
        errors[g] = play_from(states[g].copy(), t, n_players, seeds[g], kernels, params,  # noqa: F821
                              opts, tr, check, rec[g])
    return rec, errors


def compiled_for(fn: Callable, game: str, namespace: dict[str, Any], **options: Any) -> Callable:
    """fn with its module's globals plus `namespace`, compiled and cached under a per-game
    name: how a function written once calls each game's own compiled functions. (The module's
    globals carry __name__, which numba's cache needs for the function's module.) `game` is the
    game's name, or the name then `_` and a suffix; the game is the function's cache group."""
    scope = {**fn.__globals__, **namespace}
    copy = types.FunctionType(fn.__code__, scope, f"{game}{fn.__name__}", fn.__defaults__)
    copy.__qualname__ = copy.__name__
    copy.__doc__ = fn.__doc__
    copy.cache_group = game.split("_")[0]
    return njit(copy, **options)


def _legal(s, t, opts):
    """The engine's legal options (one call site: a hook compiled inline is inlined once)."""
    return legal(s, t, opts)  # noqa: F821 (bound per game)


def _apply(s, t, o, tr):
    """The engine's apply (one call site, as _legal)."""
    apply(s, t, o, tr)  # noqa: F821


def _own(hook: Callable, wrapper: Callable, game: str) -> Callable:
    """hook as a compiled function of its own: itself, or when it is compiled inline
    (`inline="always"`), `wrapper` bound to it."""
    if not inlined(hook):
        return hook
    name = wrapper.__name__.lstrip("_")
    return compiled_for(wrapper, f"{game}_engine", {name: hook}, _nrt=False)


@functools.cache
def engine_calls(game: Game) -> tuple[Callable, Callable]:
    """The engine's `legal` and `apply` as compiled functions of their own, one each per game:
    the play loop's step has them inlined into it at the machine-code level
    (core.jit.inline_call: the step makes no call and passes no arguments for them), the
    search calls them; either way they are typed and lowered once."""
    e = game.engine
    return _own(e.legal, _legal, game.name), _own(e.apply, _apply, game.name)


def _namespace(game: Game, decide: Callable) -> dict[str, Any]:
    """The globals the loop's code reads, from the game's engine hooks and constants."""
    e = game.engine
    legal, apply = engine_calls(game)
    return {"new_game": e.new_game, "advance": e.advance, "legal": inline_call(legal),
            "apply": inline_call(apply),
            "check_state": e.check_state, "write_records": e.write_records, "decide": decide,
            "max_steps": e.max_steps,
            "NREC": e.nrec, "MAX_OPTIONS": e.max_options, "SEAT_SLOT": e.seat_slot,
            "PHASE_SLOT": e.phase_slot, "OVER_PHASE": e.over_phase, "STATE_SIZE": e.state_size}


class Loop:
    """A game's compiled loop: `play_game` (one game, optionally traced) and `run_batch`, both
    through `play_batch`, which fills the slots its compiled `batch` calls through, then calls
    it."""

    def __init__(self, game: Game, decide: Callable) -> None:
        namespace = _namespace(game, decide)
        steps = compiled_for(_play_steps, game.name, namespace, _nrt=False)
        self._steps = None if interpreted() else slot(f"meeplab_{game.name}_play_steps", steps,
                                                      STEP_ARGS, nb.int64)
        namespace["play_steps"] = steps if self._steps is None else self._steps.call
        namespace["play_from"] = compiled_for(_play_from, game.name, namespace, inline="always")
        namespace["play_one"] = compiled_for(_play_one, game.name, namespace, inline="always")
        self.batch = compiled_for(_play_batch, game.name, namespace)
        # compiled on its first call only (the crossed deals of luck by source)
        self.dealt = compiled_for(_play_dealt, game.name, namespace)
        self._late = getattr(decide, "late_slots", None)  # its kernels' slots
        self._remake = getattr(decide, "remake", None)
        self.flatten = game.rules.flatten
        self.state_size = game.engine.state_size

    def prepare(self, kernels: np.ndarray) -> None:
        """Compile (or load) now the step and the kernels among these ids that the dispatcher
        calls through slots (strategies.common.dispatch), side by side where they compile
        (core.late.fill_all); play does it itself."""
        slots = [] if self._steps is None else [self._steps]
        fill_all(slots + (self._late(kernels) if self._late else []), self._remake)

    def play_batch(self, t: np.ndarray, n_players: int, seeds: np.ndarray, kernels: np.ndarray,
                   params: np.ndarray, check: bool, tr: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
        """Play len(seeds) games with fixed seat strategies on the flat rules vector t:
        (records[g, seat, :], errors[g])."""
        self.prepare(kernels)
        return self.batch(t, n_players, seeds, kernels, params, check, tr)

    def play_game(self, tables: Any, n_players: int, seed: int, kernels: np.ndarray,
                  params: np.ndarray, check: bool = True, trace: bool = False,
                  max_events: int = 6000) -> GameResult:
        """Play one game with the given seat kernels; optionally record its trace."""
        tr = trace_buffer(max_events, self.state_size) if trace else no_trace()
        rec, err = self.play_batch(self.flatten(tables), n_players, np.array([seed], np.int64),
                                   kernels.astype(np.int32), params.astype(np.float64), check,
                                   tr)
        return GameResult(rec[0], int(err[0]), tr if trace else None)

    def run_batch(self, tables: Any, n_players: int, seeds: np.ndarray, kernels: np.ndarray,
                  params: np.ndarray, check: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Play one game per seed with fixed seat kernels: (records[g, seat, :], errors[g])."""
        return self.play_batch(self.flatten(tables), n_players, np.asarray(seeds, np.int64),
                               kernels.astype(np.int32), params.astype(np.float64), check,
                               no_trace())

    def run_dealt(self, tables: Any, n_players: int, seeds: np.ndarray, kernels: np.ndarray,
                  params: np.ndarray, states: np.ndarray, check: bool = False
                  ) -> tuple[np.ndarray, np.ndarray]:
        """Play one game from each dealt state states[g] (not changed), the seats' streams
        from seeds[g]: (records[g, seat, :], errors[g])."""
        self.prepare(kernels)
        return self.dealt(self.flatten(tables), n_players, np.asarray(states, np.int32),
                          np.asarray(seeds, np.int64), kernels.astype(np.int32),
                          params.astype(np.float64), check, no_trace())


def bind(game: Game, decide: Callable) -> Loop:
    """The loop of the game's engine with the strategy dispatcher `decide`."""
    return Loop(game, decide)
