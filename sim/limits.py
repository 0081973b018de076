"""Upper bounds on the sizes and seeds the command line and the configs accept.

They are checked up front so that an absurd value is one error line, not a traceback or memory
growing without end: a seed is a non-negative int64 (the engines take it as one), games per
matchup keep deal indices within the shard names' nine digits, and bootstrap replicates stay
within a few seconds of reporting per strategy.
"""
from __future__ import annotations

from sim.errors import UserError

MAX_SEED = 2**63 - 1
MAX_GAMES = 999_999_999
MAX_BOOTSTRAP = 100_000
MAX_TOP = 1_000          # `top`: the ranks a run resolves
MAX_THINK_MS = 3_600_000  # an hour per decision


def check_range(option: str, value: int | None, minimum: int, maximum: int) -> None:
    """UserError unless value (when given) is within minimum..maximum."""
    if value is None:
        return
    if value < minimum:
        raise UserError(f"{option} {value} is too small", f"use {option} {minimum} or more")
    if value > maximum:
        raise UserError(f"{option} {value} is too large", f"use {option} {maximum} or less")
