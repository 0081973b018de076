"""Smoke scale: with MEEPLAB_SMOKE=1 in the environment every command does a token amount of
work (a few games, trials, bootstrap replicates and search iterations), so that a documented
command can be run as printed and finish in seconds.

The caps sit where the work is sized (tournament configs, tunes, benchmarks, search presets,
bootstrap options), not in each command. The first cap a process applies prints one line on
stderr saying so; worker processes stay quiet.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
import numpy as np

ENV = "MEEPLAB_SMOKE"
CAPS: dict[str, int] = {
    "games": 8,           # games per matchup, profile, element or trial
    "max_games": 16,      # cap of a precision or top run per matchup
    "trials": 2,          # tune trials
    "bootstrap": 20,      # bootstrap replicates of a report
    "bench_games": 200,   # games a benchmark times
    "rounds": 1,          # grow rounds of a meta-game or sweep
    "iterations": 8,      # search iterations per decision
    "deals": 2,           # deals per source of randomness (the dossier's luck by source)
}
NOTICE = (f"smoke scale ({ENV}=1): at most {CAPS['games']} games per matchup, "
          f"{CAPS['trials']} tune trials, {CAPS['bootstrap']} bootstrap replicates, "
          f"{CAPS['iterations']} search iterations; the numbers are not findings")

_announced = False


def active() -> bool:
    """Whether MEEPLAB_SMOKE asks for smoke scale (set, and not '', '0' or 'false')."""
    return os.environ.get(ENV, "").strip().lower() not in ("", "0", "false", "no")


def announce() -> None:
    """Print the smoke-scale line on stderr, once per process, never in a worker."""
    global _announced
    if _announced or multiprocessing.parent_process() is not None:
        return
    _announced = True
    print(NOTICE, file=sys.stderr, flush=True)


def cap(key: str, value: int | None, default: int | None = None) -> int | None:
    """value (or `default` when it is None) limited to CAPS[key] at smoke scale; else value
    unchanged. None stays None unless a default is given."""
    if not active():
        return value
    if value is None:
        if default is None:
            return value
        value = default
    limit = CAPS[key]
    if value > limit:
        announce()
        return limit
    return value


def cap_search(kernels: np.ndarray, params: np.ndarray, search: int,
               iterations: int) -> None:
    """At smoke scale, at most CAPS['iterations'] iterations (parameter column `iterations`)
    for every seat whose kernel is `search`, in place."""
    if not active() or search < 0:
        return
    seats = (kernels == search) & (params[:, iterations] > CAPS["iterations"])
    if seats.any():
        announce()
        params[seats, iterations] = CAPS["iterations"]
