"""Benchmark worker: `python -m sim.bench.worker GAME STRATEGIES GAMES [VARIANT_JSON]` plays
GAMES games (one strategy name per seat, comma-separated; rules under the variant's flat
overrides) and prints {"games", "seconds"} as JSON.

The parent (sim/bench/engine.py) sets NUMBA_DISABLE_JIT for the interpreted measurement and times
the whole process for the cached start.
"""
from __future__ import annotations

import json
import sys

from sim import games
from sim.bench.engine import time_games


def main(argv: list[str]) -> None:
    name, strategies, n = argv[:3]
    variant = json.loads(argv[3]) if len(argv) > 3 else {}
    seconds = time_games(games.get(name), strategies.split(","), int(n), variant=variant)
    print(json.dumps({"games": int(n), "seconds": seconds}))


if __name__ == "__main__":
    main(sys.argv[1:])
