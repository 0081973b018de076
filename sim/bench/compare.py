"""Speed against another commit, measured alternately in one run (`meeplab bench GAME
--compare-to REV`).

The commit is checked out with `git worktree add` into a temporary folder beside the working
tree (removed afterwards). Each round plays the same games (the same seeds) once in each tree,
in a fresh process each, the order swapping every round, so a machine whose load drifts slows
both sides alike; the ratio is the median rate here over the median rate there, with the
per-round ratios to judge the noise. A process first plays one untimed game (the JIT compiles
or loads its cache), then times the rest. numba keys its cache by the source files' paths, so
the checkout's first process compiles its engine afresh (minutes on a loaded machine); later
rounds load it.

The older commit must have `sim.games.get` and `time_games` in `sim.bench.engine` (or, before
sim/ was split into packages, in `sim.bench`).
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from sim.errors import UserError

ROOT = Path(__file__).resolve().parents[2]

# Run with a tree as the current folder: its own packages are the ones imported.
WORKER = """
import json, sys, time
from sim import games
try:
    from sim.bench.engine import time_games
except ImportError:   # a commit from before sim/ was split into packages
    from sim.bench import time_games
name, seats, n, variant = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
kw = {"variant": json.loads(variant)} if variant != "{}" else {}
game = games.get(name)
time_games(game, seats, 1, **kw)  # compile or load the cache, untimed
cpu = time.process_time()
wall = time_games(game, seats, n, first_seed=1, **kw)
print(json.dumps({"seconds": wall, "cpu_seconds": time.process_time() - cpu}))
"""


def _git(*args: str) -> str:
    """Output of `git args` in the working tree; UserError when git is missing or fails."""
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    except FileNotFoundError:
        raise UserError("git is not installed", "install git to compare with a commit") from None
    if done.returncode != 0:
        raise UserError(f"git {args[0]} failed ({' '.join(done.stderr.split()) or 'no output'})",
                        "run it in a git checkout of meeplab")
    return done.stdout.strip()


def resolve(rev: str) -> str:
    """The full commit id of `rev`; UserError when it names no commit."""
    _git("rev-parse", "--git-dir")
    try:
        return _git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except UserError:
        raise UserError(f"unknown commit '{rev}'",
                        "give a commit id, branch or tag of this repository") from None


def _rates(tree: Path, game: str, seats: list[str], games: int, variant: dict[str, object]
           ) -> tuple[float, float]:
    """Games per second of one fresh process playing in `tree`: per wall-clock second and per
    second of the process's processor time."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "PYTHONPATH")}
    env["PYTHONPATH"] = str(tree)
    cmd = [sys.executable, "-c", WORKER, game, ",".join(seats), str(games), json.dumps(variant)]
    done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise UserError(f"the benchmark failed in {tree} ({tail[0]})",
                        "check that this commit plays the game with these strategies")
    times = json.loads(done.stdout.strip().splitlines()[-1])
    return games / times["seconds"], games / max(times["cpu_seconds"], 1e-9)


def compare(game: str, seats: list[str], games: int, rev: str, rounds: int,
            variant: dict[str, object] | None = None) -> dict[str, Any]:
    """Rates (games/s) here and at `rev`, `rounds` alternated rounds of `games` games each."""
    commit = resolve(rev)
    other = Path(tempfile.mkdtemp(prefix=".bench-", dir=ROOT.parent))
    try:
        _git("worktree", "add", "--detach", "--force", str(other), commit)
        result = alternate(ROOT, other, game, seats, games, rounds, variant)
    finally:
        removed = subprocess.run(["git", "worktree", "remove", "--force", str(other)],
                                 cwd=ROOT, capture_output=True).returncode == 0
        shutil.rmtree(other, ignore_errors=True)
        if not removed:  # e.g. the checkout failed half-way: drop its record
            subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
    return {**result, "rev": rev, "commit": commit}


def alternate(here: Path, there: Path, game: str, seats: list[str], games: int, rounds: int,
              variant: dict[str, object] | None = None) -> dict[str, Any]:
    """Rates (games/s) of two trees, `rounds` rounds of `games` games each, the order swapping
    every round; the same per second of processor time (`cpu_*`: what a loaded machine's
    waiting for a core leaves out)."""
    rates: dict[str, list[tuple[float, float]]] = {"here": [], "there": []}
    for r in range(rounds):
        order = (("here", here), ("there", there))
        for side, tree in order if r % 2 == 0 else order[::-1]:
            rates[side].append(_rates(tree, game, seats, games, variant or {}))
    out: dict[str, Any] = {"game": game, "strategies": seats, "games": games, "rounds": rounds}
    for prefix, i in (("", 0), ("cpu_", 1)):
        h, t = [x[i] for x in rates["here"]], [x[i] for x in rates["there"]]
        out.update({f"{prefix}here": h, f"{prefix}there": t,
                    f"{prefix}median_here": statistics.median(h),
                    f"{prefix}median_there": statistics.median(t),
                    f"{prefix}ratio": statistics.median(h) / statistics.median(t),
                    f"{prefix}round_ratios": [a / b for a, b in zip(h, t)]})
    return out


def report(r: dict[str, Any]) -> str:
    """The comparison as a short readable text."""
    lines = [f"{r['game']}: {len(r['strategies'])} players, strategies "
             f"{','.join(r['strategies'])}; {r['rounds']} alternated rounds of {r['games']} "
             f"games; medians in games/s per wall-clock second and per processor second"]
    for label, p in (("wall", ""), ("cpu", "cpu_")):
        rounds = " ".join(f"{x:.2f}" for x in r[f"{p}round_ratios"])
        lines.append(f"  {label}: this tree {r[f'{p}median_here']:,.0f}, {r['rev']} "
                     f"({r['commit'][:7]}) {r[f'{p}median_there']:,.0f}: ratio "
                     f"{r[f'{p}ratio']:.2f}x (per round: {rounds})")
    return "\n".join(lines)
