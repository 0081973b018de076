"""Compiled play loops: one game (optionally traced) and a whole batch in one call.

The strategy is a compiled `decide(kernel, params, s, t, opts, n, rng) -> index` passed in by
the caller (strategies/ sits above core/); one compilation serves every mix of seats.
"""
from typing import NamedTuple

import numpy as np

from core.cuba.actions import MAX_OPTIONS, legal
from core.cuba.check import ERR_ILLEGAL, ERR_STUCK, OK, check_state
from core.cuba.codes import EVW, NSRC, SRC_NAMES
from core.cuba.rules import advance, apply, no_trace, standings, trace_buffer
from core.cuba.tables import CubaTables, flatten
from core.cuba.state import (
    G_CUR, G_PHASE, P_BILLS, P_BUILT, P_MONEY, P_PARL_WINS, P_SHIPPED, P_VP, P_VPSRC, PH_OVER,
    new_game, pbase, rng_seed,
)
from core.jit import njit

R_SCORE, R_RANK, R_WIN_SHARE, R_MONEY, R_BUILT, R_BILLS, R_PARL_WINS, R_SHIPPED = range(8)
R_DECISIONS = 8
R_VP = 9  # VP by source: R_VP + codes.SRC_*
NREC = R_VP + NSRC
REC_NAMES = ("score", "rank", "win_share", "money", "buildings_built", "bills_passed",
             "parliament_wins", "pieces_shipped", "decisions")
MAX_STEPS = 20000


@njit
def play_one(t, n_players, seed, kernels, params, decide, opts, tr, check, rec):
    """Play one game into rec[seat, :]; return 0 or the first invariant error code."""
    s = new_game(t, n_players, seed)
    rngs = np.zeros((n_players, 1), np.uint64)
    for p in range(n_players):
        rng_seed(rngs[p], seed, p)
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
    rank = np.zeros(n_players, np.int64)
    share = np.zeros(n_players)
    standings(s, t, rank, share)
    for p in range(n_players):
        b = pbase(p)
        rec[p, R_SCORE] = s[b + P_VP]
        rec[p, R_RANK] = rank[p]
        rec[p, R_WIN_SHARE] = share[p]
        rec[p, R_MONEY] = s[b + P_MONEY]
        rec[p, R_BUILT] = s[b + P_BUILT]
        rec[p, R_BILLS] = s[b + P_BILLS]
        rec[p, R_PARL_WINS] = s[b + P_PARL_WINS]
        rec[p, R_SHIPPED] = s[b + P_SHIPPED]
        rec[p, R_DECISIONS] = decisions[p]
        for i in range(NSRC):
            rec[p, R_VP + i] = s[b + P_VPSRC + i]
    return err


@njit
def play_batch(t, n_players, seeds, kernels, params, decide, check):
    """Play len(seeds) games with fixed seat strategies; records[g, seat, R_*], errors[g]."""
    g_n = seeds.shape[0]
    rec = np.zeros((g_n, n_players, NREC))
    errors = np.zeros(g_n, np.int32)
    opts = np.zeros(MAX_OPTIONS, np.int32)
    tr = np.zeros((1, EVW), np.int32)
    for g in range(g_n):
        errors[g] = play_one(t, n_players, seeds[g], kernels, params, decide, opts, tr, check,
                             rec[g])
    return rec, errors


@njit
def play_traced(t, n_players, seed, kernels, params, decide, check, tr):
    """One game recording every event and the state after it into the trace buffer tr."""
    rec = np.zeros((n_players, NREC))
    opts = np.zeros(MAX_OPTIONS, np.int32)
    err = play_one(t, n_players, seed, kernels, params, decide, opts, tr, check, rec)
    return rec, err


class GameResult(NamedTuple):
    """One game: per-seat records (R_* columns), error code (check.ERR_*), trace buffer or None."""

    records: np.ndarray
    error: int
    trace: np.ndarray | None


def record_columns() -> list[str]:
    """Names of the record columns, in R_* order."""
    return list(REC_NAMES) + ["vp_" + name for name in SRC_NAMES]


def play_game(tables: CubaTables, n_players: int, seed: int, kernels: np.ndarray,
              params: np.ndarray, decide, check: bool = True, trace: bool = False,
              max_events: int = 6000) -> GameResult:
    """Play one game with the given seat kernels; optionally record its trace."""
    flat = flatten(tables)
    tr = trace_buffer(max_events) if trace else no_trace()
    rec, err = play_traced(flat, n_players, np.int64(seed), kernels.astype(np.int32),
                           params.astype(np.float64), decide, check, tr)
    return GameResult(rec, int(err), tr if trace else None)


def run_batch(tables: CubaTables, n_players: int, seeds: np.ndarray, kernels: np.ndarray,
              params: np.ndarray, decide, check: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Play one game per seed with fixed seat kernels: (records[g, seat, R_*], errors[g])."""
    return play_batch(flatten(tables), n_players, seeds.astype(np.int64),
                      kernels.astype(np.int32), params.astype(np.float64), decide, check)
