"""End-to-end tournament benchmark (`meeplab bench-tournament`, `make bench`).

Three runs of a config into temporary run directories, each timed from start to finish
(pool start, engine load, play, Parquet writing, manifest):

- the full run: `games` games in all with every worker; its peak memory is the largest sum
  of the proportional set sizes (PSS: shared pages split between the processes sharing them)
  of this process and its workers, sampled every 0.1 s;
- the scaling pair: `scaling_games` games with 1 worker, then with every worker.
"""
from __future__ import annotations

import dataclasses
import math
import tempfile
import threading
from pathlib import Path
from typing import Any

import psutil

from reports.text import plural
from sim.run import backends, config, runner


def _proportional(p: psutil.Process) -> int:
    """Proportional set size (shared pages split between their users, so forked workers'
    shared memory counts once); resident set size where the system has no PSS."""
    try:
        return p.memory_full_info().pss
    except (AttributeError, psutil.AccessDenied):
        return p.memory_info().rss


class PeakMemory:
    """Samples the memory of this process and its children (PSS) in a thread."""

    def __init__(self, every: float = 0.1) -> None:
        self.every, self.peak = every, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        me = psutil.Process()
        while not self._stop.is_set():
            total = 0
            for p in [me] + me.children(recursive=True):
                try:
                    total += _proportional(p)
                except psutil.Error:
                    pass
            self.peak = max(self.peak, total)
            self._stop.wait(self.every)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _config(path: Path, games: int) -> config.Config:
    """The config with `games` games in all and no precision target."""
    cfg = config.load(path)
    per_matchup = math.ceil(games / len(cfg.matchups))
    cfg = config.load(path, games=per_matchup)
    return dataclasses.replace(cfg, values=cfg.values | {"precision": None})


def _timed(cfg: config.Config, run_dir: Path, workers: int) -> runner.Outcome:
    return runner.run(cfg, run_dir, workers=workers, progress=False)


def run(path: Path, games: int, workers: int | None, scaling_games: int) -> dict[str, Any]:
    """Measure; a dict of the numbers (see report())."""
    workers = workers or backends.default_workers()
    full_cfg, small_cfg = _config(path, games), _config(path, scaling_games)
    with tempfile.TemporaryDirectory(prefix="meeplab-bench-") as tmp:
        with PeakMemory() as memory:
            full = _timed(full_cfg, Path(tmp) / "full", workers)
        size = sum(f.stat().st_size for f in (Path(tmp) / "full").rglob("*") if f.is_file())
        one = _timed(small_cfg, Path(tmp) / "one", 1)
        many = _timed(small_cfg, Path(tmp) / "many", workers)
    rate = full.played / full.seconds
    return {
        "config": str(path), "matchups": len(full_cfg.matchups),
        "players": sorted({m.players for m in full_cfg.matchups}),
        "strategies": sorted({s for m in full_cfg.matchups for s in m.lineup}),
        "workers": workers, "games": full.played, "seconds": round(full.seconds, 2),
        "games_per_s": round(rate), "games_per_s_per_core": round(rate / workers),
        "shards": full.shards, "results_mb": round(size / 2**20, 1),
        "peak_memory_mb": round(memory.peak / 2**20),
        "scaling_games": one.played,
        "one_worker_games_per_s": round(one.played / one.seconds),
        "all_workers_games_per_s": round(many.played / many.seconds),
        "scaling": round(one.seconds / many.seconds, 2),
    }


def report(r: dict[str, Any]) -> str:
    """The measurements as a short readable text."""
    return (
        f"tournament bench: {r['config']} ({plural(r['matchups'], 'matchup')}, "
        f"{'/'.join(map(str, r['players']))} players, {', '.join(r['strategies'])})\n"
        f"  end to end:  {r['games']:,} games in {r['seconds']:.1f} s = "
        f"{r['games_per_s']:,} games/s with {plural(r['workers'], 'worker')} "
        f"({r['games_per_s_per_core']:,} per core)\n"
        f"  results:     {plural(r['shards'], 'Parquet shard')}, {r['results_mb']:.0f} MB\n"
        f"  peak memory: {r['peak_memory_mb']:,} MB (PSS, this process + workers)\n"
        f"  scaling:     {r['scaling_games']:,} games: 1 worker {r['one_worker_games_per_s']:,}"
        f" games/s, {plural(r['workers'], 'worker')} {r['all_workers_games_per_s']:,} games/s = "
        f"{r['scaling']:.2f}x"
    )
