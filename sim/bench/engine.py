"""Speed of one game's compiled play loop: compile time, games per second per core, the JIT's
speedup over the same code interpreted, and the start-up time of a process with a warm cache.

The interpreted and cached-start measurements run in fresh subprocesses (sim/bench/worker.py),
because NUMBA_DISABLE_JIT and the numba cache act per process.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from sim import smoke
from sim.errors import UserError
from sim.games import PlayableGame

ROOT = Path(__file__).resolve().parents[2]
SHARD_GAMES = 10_000


def time_games(game: PlayableGame, seats: list[str], games: int, first_seed: int = 0,
               variant: dict[str, object] | None = None) -> float:
    """Seconds to play `games` games (seeds first_seed...) in run_batch calls of at most
    SHARD_GAMES games, as the tournament runner's shards do."""
    tables = game.load_tables(variant or None)
    kernels, params = game.resolve(seats)
    seeds = np.arange(first_seed, first_seed + games, dtype=np.int64)
    start = time.perf_counter()
    for lo in range(0, games, SHARD_GAMES):
        game.run_batch(tables, len(seats), seeds[lo:lo + SHARD_GAMES], kernels, params,
                       check=False)
    return time.perf_counter() - start


def _worker(game: PlayableGame, seats: list[str], games: int, jit: bool,
            variant: dict[str, object]) -> tuple[dict[str, Any], float]:
    """Run sim.bench.worker in a fresh process: (its JSON report, wall seconds incl. start-up)."""
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    env = dict(os.environ, PYTHONPATH=path)
    env.pop("NUMBA_DISABLE_JIT", None)
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    cmd = [sys.executable, "-m", "sim.bench.worker", game.name, ",".join(seats), str(games),
           json.dumps(variant)]
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise UserError(f"benchmark worker failed ({tail[0]})",
                        f"run '{' '.join(cmd[1:])}' to see the full error")
    return json.loads(done.stdout.strip().splitlines()[-1]), wall


def search_seats(game: PlayableGame, seats: list[str]) -> list[int]:
    """The seats played by a search kernel (one taking a rollout preset)."""
    known = game.registry.strategies()
    return [i for i, name in enumerate(seats) if name in known and any(
        p.preset for p in game.registry.kernel_module(known[name].kernel).PARAMS)]


def search_speed(game: PlayableGame, seats: list[str], games: int, seconds: float,
                 variant: dict[str, object]) -> dict[str, Any]:
    """Seconds per game per search seat, search iterations per second (the search seats'
    decisions times their iterations over the whole time) and the ratio of the game's time to
    a game of random seats measured in the same run."""
    searching = search_seats(game, seats)
    tables = game.load_tables(variant or None)
    kernels, params = game.resolve(seats)
    seeds = np.arange(1, 1 + games, dtype=np.int64)
    records, _ = game.run_batch(tables, len(seats), seeds, kernels, params, check=False)
    column = game.record_columns().index("decisions")
    iterations = sum(float(records[:, i, column].sum()) * params[i][0] for i in searching)
    randoms = max(games * 50, 100)
    random_s = time_games(game, ["random"] * len(seats), randoms, variant=variant) / randoms
    return {"search_seats": len(searching),
            "s_per_game_per_search_seat": round(seconds / games / len(searching), 3),
            "iterations_per_s": round(iterations / seconds, 1),
            "random_game_s": round(random_s, 6),
            "ratio_to_random_game": round(seconds / games / random_s, 1)}


def run(game: PlayableGame, seats: list[str], games: int,
        variant: dict[str, object] | None = None) -> dict[str, Any]:
    """All measurements for `games` compiled games and max(20, games // 2000) interpreted (none
    with a search seat, far too slow interpreted: its search speed is reported instead)."""
    import numba

    variant = variant or {}
    games = smoke.cap("bench_games", games) or games
    compile_s = time_games(game, seats, 1, variant=variant)
    seconds = time_games(game, seats, games, first_seed=1, variant=variant)
    searching = bool(search_seats(game, seats))
    small = max(20, games // 2000)
    interp, _ = _worker(game, seats, small, jit=False, variant=variant) if not searching else (
        {"games": 0, "seconds": float("nan")}, 0.0)
    _, cached_start = _worker(game, seats, 1, jit=True, variant=variant)
    per_s = games / seconds
    interp_per_s = interp["games"] / interp["seconds"]
    extra = search_speed(game, seats, games, seconds, variant) if searching else {}
    return extra | {

        "game": game.name, "players": len(seats), "strategies": seats, "games": games,
        "jit": not numba.config.DISABLE_JIT,
        "compile_s": round(compile_s, 3),
        "seconds": round(seconds, 3),
        "games_per_s_per_core": round(per_s, 1),
        "interpreted_games": interp["games"],
        "interpreted_games_per_s": round(interp_per_s, 2),
        "jit_speedup": round(per_s / interp_per_s, 1),
        "cached_start_s": round(cached_start, 3),
    }


def report(r: dict[str, Any]) -> str:
    """The bench result as a short readable text."""
    note = "" if r["jit"] else "  (NUMBA_DISABLE_JIT is set: 'compiled' ran interpreted)\n"
    if "search_seats" in r:
        return (
            f"{r['game']}: {r['players']} players, strategies {','.join(r['strategies'])}\n"
            f"{note}  first call (compile or cache load): {r['compile_s']:.2f} s\n"
            f"  compiled:     {r['games']} games in {r['seconds']:.2f} s = "
            f"{r['s_per_game_per_search_seat']:.3f} s per game per search seat "
            f"({r['search_seats']} search seats)\n"
            f"  search:       {r['iterations_per_s']:.0f} iterations/s\n"
            f"  random game:  {r['random_game_s'] * 1e3:.3f} ms; this game takes "
            f"{r['ratio_to_random_game']:.0f}x as long\n"
            f"  interpreted:  not measured (search seats)\n"
            f"  cached start: {r['cached_start_s']:.2f} s (new process: import + 1 game, warm "
            f"cache)")
    return (
        f"{r['game']}: {r['players']} players, strategies {','.join(r['strategies'])}\n{note}"
        f"  first call (compile or cache load): {r['compile_s']:.2f} s\n"
        f"  compiled:     {r['games']} games in {r['seconds']:.2f} s = "
        f"{r['games_per_s_per_core']:.0f} games/s per core\n"
        f"  interpreted:  {r['interpreted_games']} games = "
        f"{r['interpreted_games_per_s']:.1f} games/s (NUMBA_DISABLE_JIT=1, subprocess)\n"
        f"  JIT speedup:  {r['jit_speedup']:.0f}x\n"
        f"  cached start: {r['cached_start_s']:.2f} s (new process: import + 1 game, warm cache)"
    )
