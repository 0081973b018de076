"""The compiled Cuba play loop with strategies: one game (optionally traced) or a batch.

Any mix of seat kernels runs through one compilation: seats differ only by kernel id and
parameter row, resolved by the dispatcher.
"""
from __future__ import annotations

import numpy as np

from core.cuba.actions import MAX_OPTIONS, legal
from core.cuba.check import ERR_ILLEGAL, ERR_STUCK, OK, check_state
from core.cuba.codes import EVW
from core.cuba.play import MAX_STEPS, NREC, GameResult, seat_rngs, write_records
from core.cuba.rules import advance, apply, no_trace, trace_buffer
from core.cuba.state import G_CUR, G_PHASE, PH_OVER, new_game
from core.cuba.tables import CubaTables, flatten
from core.jit import njit, unmanaged
from strategies.cuba.dispatch import decide


@njit
def play_one(t, n_players, seed, kernels, params, opts, tr, check, rec):
    """Play one game into rec[seat, :]; return 0 or the first invariant error code."""
    s_owned = new_game(t, n_players, seed)
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
    advance(s, t, tr)
    decisions = np.zeros(n_players, np.int64)
    err = OK
    steps = 0
    while s[G_PHASE] != PH_OVER:
        steps += 1
        if steps > MAX_STEPS:
            err = ERR_STUCK
            break
        n = legal(s, t, opts)
        p = s[G_CUR]
        i = 0
        if n > 1:
            if check:
                before = s.copy()
            i = decide(kernels[p], params[p], s, t, opts, n, rngs[p])
            decisions[p] += 1
            if check and (i < 0 or i >= n or not np.array_equal(before, s)):
                err = ERR_ILLEGAL
                break
        apply(s, t, opts[i], tr)
        if check:
            err = check_state(s, t)
            if err != OK:
                break
    write_records(s, t, decisions, rec)
    s_owned[0] += 0  # the owned arrays must outlive their unmanaged views
    rngs_owned[0, 0] += 0
    return err


@njit
def play_batch(t, n_players, seeds, kernels, params, check):
    """Play len(seeds) games with fixed seat strategies; records[g, seat, R_*], errors[g]."""
    g_n = seeds.shape[0]
    rec = np.zeros((g_n, n_players, NREC))
    errors = np.zeros(g_n, np.int32)
    opts = np.zeros(MAX_OPTIONS, np.int32)
    tr = np.zeros((1, EVW), np.int32)
    for g in range(g_n):
        errors[g] = play_one(t, n_players, seeds[g], kernels, params, opts, tr, check, rec[g])
    return rec, errors


@njit
def play_traced(t, n_players, seed, kernels, params, check, tr):
    """One game recording every event and the state after it into the trace buffer tr."""
    rec = np.zeros((n_players, NREC))
    opts = np.zeros(MAX_OPTIONS, np.int32)
    err = play_one(t, n_players, seed, kernels, params, opts, tr, check, rec)
    return rec, err


def play_game(tables: CubaTables, n_players: int, seed: int, kernels: np.ndarray,
              params: np.ndarray, check: bool = True, trace: bool = False,
              max_events: int = 6000) -> GameResult:
    """Play one game with the given seat kernels; optionally record its trace."""
    tr = trace_buffer(max_events) if trace else no_trace()
    rec, err = play_traced(flatten(tables), n_players, np.int64(seed),
                           kernels.astype(np.int32), params.astype(np.float64), check, tr)
    return GameResult(rec, int(err), tr if trace else None)


def run_batch(tables: CubaTables, n_players: int, seeds: np.ndarray, kernels: np.ndarray,
              params: np.ndarray, check: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Play one game per seed with fixed seat kernels: (records[g, seat, R_*], errors[g])."""
    return play_batch(flatten(tables), n_players, np.asarray(seeds, np.int64),
                      kernels.astype(np.int32), params.astype(np.float64), check)
