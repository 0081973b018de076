"""Benchmark worker: `python -m sim.bench_worker GAME STRATEGIES GAMES` plays GAMES games
(one strategy name per seat, comma-separated) and prints {"games", "seconds"} as JSON.

The parent (sim/bench.py) sets NUMBA_DISABLE_JIT for the interpreted measurement and times
the whole process for the cached start.
"""
from __future__ import annotations

import json
import sys

from sim import games
from sim.bench import time_games


def main(argv: list[str]) -> None:
    name, strategies, n = argv
    seats = strategies.split(",")
    seconds = time_games(games.get(name), seats, int(n))
    print(json.dumps({"games": int(n), "seconds": seconds}))


if __name__ == "__main__":
    main(sys.argv[1:])
