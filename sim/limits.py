"""Upper bounds on the sizes and seeds the command line and the configs accept.

They are checked up front so that an absurd value is one error line, not a traceback or memory
growing without end: a seed is a non-negative int64 (the engines take it as one), games per
matchup keep deal indices within the shard names' nine digits, and bootstrap replicates stay
within a few seconds of reporting per strategy. Local worker processes (`--workers`,
`--dask-local`) are at most WORKERS_PER_CORE per core this process may use: more only add
memory (each loads the engine) and switching, never speed, on games that keep a core busy.
"""
from __future__ import annotations

import os

from sim.errors import UserError

MAX_SEED = 2**63 - 1
MAX_GAMES = 999_999_999
MAX_BOOTSTRAP = 100_000
MAX_TOP = 1_000          # `top`: the ranks a run resolves
MAX_THINK_MS = 3_600_000  # an hour per decision
WORKERS_PER_CORE = 4
WORKER_OPTIONS = ("--workers", "--dask-local")


def cores() -> int:
    """The cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def check_workers(option: str, value: int | None) -> None:
    """UserError unless value (when given) is 1..WORKERS_PER_CORE per core."""
    most = WORKERS_PER_CORE * cores()
    if value is not None and value > most:
        raise UserError(f"{option} {value} is more than this machine can use ({cores()} cores, "
                        f"at most {WORKERS_PER_CORE} worker processes per core)",
                        f"use {option} {most} or less")
    check_range(option, value, 1, most)


def check_range(option: str, value: int | None, minimum: int, maximum: int) -> None:
    """UserError unless value (when given) is within minimum..maximum."""
    if value is None:
        return
    if value < minimum:
        raise UserError(f"{option} {value} is too small", f"use {option} {minimum} or more")
    if value > maximum:
        raise UserError(f"{option} {value} is too large", f"use {option} {maximum} or less")
