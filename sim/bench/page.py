"""The benchmark page, docs/performance.md: every game's engine measured on one core of this
machine and written as a page (nothing on it is typed by hand).

    python -m sim.bench.page [--scale F] [--games NAME,...] [--warm] [--out FILE]

Per game, in a fresh process with an empty numba cache (so the compile is a cold one; `--warm`
uses the ordinary cache instead and the page says so): the first call's seconds (the compile),
random games per second per core and nanoseconds per decision (four `random` seats, three for
the games whose tables are laid out for three), and the search: `mcts` in seat 0 against
`random` seats, its iterations per second and seconds per game. `--scale` multiplies the game
counts (`make bench BENCH_SCALE=0.05` for a quick run); the page states the scale it was made
at. The timing reuses `meeplab bench`'s (sim/bench/engine.py).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sim.errors import USAGE_EXIT, UserError, one_line

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "performance.md"
RANDOM_GAMES = 100_000   # random games timed per game at scale 1
SEARCH_GAMES = 20        # games with one search seat at scale 1
SEARCH = "mcts"


def scaled(count: int, scale: float) -> int:
    """count * scale, at least 1."""
    return max(1, round(count * scale))


def _timed(game: Any, seats: list[str], games: int) -> tuple[float, Any]:
    """(seconds, records) of `games` games (seeds 1..games) played in one batch."""
    import numpy as np

    tables = game.load_tables(None)
    kernels, params = game.resolve(seats)
    seeds = np.arange(1, 1 + games, dtype=np.int64)
    start = time.perf_counter()
    records, _ = game.run_batch(tables, len(seats), seeds, kernels, params, check=False)
    return time.perf_counter() - start, records


def measure_game(name: str, scale: float, search: bool = True) -> dict[str, Any]:
    """One game's figures in this process: compile (first call), random play, the search."""
    import numba
    import numpy as np

    from sim.bench import engine as bench
    from sim.games import get
    from strategies.common.dispatch import MAX_KERNELS

    game = get(name)
    players = game.players
    randoms = ["random"] * players
    began = time.perf_counter()
    game.prepare(np.arange(MAX_KERNELS))   # every kernel, compiled side by side with the loop
    compile_s = time.perf_counter() - began + bench.time_games(game, randoms, 1)
    games = scaled(RANDOM_GAMES, scale)
    seconds, records = _timed(game, randoms, games)
    decisions = float(records[:, :, game.record_columns().index("decisions")].sum())
    out: dict[str, Any] = {
        "game": name, "title": game.title, "players": players, "jit": not numba.config.DISABLE_JIT,
        "compile_s": compile_s, "random_games": games,
        "random_games_per_s": games / seconds,
        "decisions_per_game": decisions / games,
        "ns_per_decision": seconds / decisions * 1e9,
    }
    if search:
        seats = [SEARCH] + ["random"] * (players - 1)
        n = scaled(SEARCH_GAMES, scale)
        seconds, records = _timed(game, seats, n)
        _, params = game.resolve(seats)
        searched = float(records[:, 0, game.record_columns().index("decisions")].sum())
        out |= {"search_games": n, "search_s_per_game": seconds / n,
                "iterations_per_s": searched * float(params[0][0]) / seconds}
    return out


def machine() -> dict[str, str]:
    """What the figures were measured on."""
    import numba
    import numpy

    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"CPU": model, "cores": str(os.cpu_count()),
            "system": f"{platform.system()} {platform.release()}",
            "Python": platform.python_version(), "numba": numba.__version__,
            "NumPy": numpy.__version__}


def commit() -> str:
    """The checked-out commit ('+changes' when the tree differs from it), or 'unknown'."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else ""
    head = git("rev-parse", "--short", "HEAD")
    return (head + ("+changes" if git("status", "--porcelain", "--untracked-files=no") else "")
            if head else "unknown")


def _in_process(name: str, scale: float, warm: bool) -> dict[str, Any]:
    """measure_game in a fresh interpreter (an empty cache folder unless warm)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))))
    env.pop("NUMBA_DISABLE_JIT", None)
    with tempfile.TemporaryDirectory(prefix="meeplab-bench-") as cache:
        if not warm:
            env["NUMBA_CACHE_DIR"] = cache
        cmd = [sys.executable, "-m", "sim.bench.page", "--one", name, "--scale", str(scale)]
        done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise UserError(f"benchmark of {name} failed ({tail})",
                        f"run '{' '.join(cmd[1:])}' to see the full error")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _row(r: dict[str, Any]) -> list[str]:
    search = (f"{r['iterations_per_s']:,.0f}", f"{r['search_s_per_game']:.3f}",
              f"{r['search_games']:,}") if "iterations_per_s" in r else ("—", "—", "—")
    return [r["title"], str(r["players"]), f"{r['random_games_per_s']:,.0f}",
            f"{r['decisions_per_game']:.0f}", f"{r['ns_per_decision']:,.0f}",
            f"{r['random_games']:,}", *search, f"{r['compile_s']:.1f}"]


def page(results: list[dict[str, Any]], info: dict[str, str], scale: float, warm: bool,
         made_at: str) -> str:
    """The text of docs/performance.md."""
    from reports.text import markdown_table as table

    jit = all(r["jit"] for r in results)
    compile_note = ("the first call in a process using the ordinary numba cache (a cache load "
                    "when it was warm)" if warm else
                    "the first call in a fresh process with an empty numba cache: a cold "
                    "compile of the game's play loop and every strategy kernel, side by side on "
                    "the machine's cores as a run compiles them")
    lines = [
        "<!-- Generated by `make bench` (python -m sim.bench.page); do not edit. -->", "",
        "# Performance", "",
        "How fast each game's compiled engine plays on one core of the machine below, "
        "generated by `make bench` (`python -m sim.bench.page`). Absolute rates depend on the "
        "machine and on what else runs on it; to judge a change, measure the speed ratio "
        "against the older commit in one run (below).", "",
        f"Made at scale {scale:g} (`make bench BENCH_SCALE={scale:g}`: "
        f"{scaled(RANDOM_GAMES, scale):,} random games and {scaled(SEARCH_GAMES, scale):,} "
        "with a search seat per game; "
        f"`make bench` without it plays {RANDOM_GAMES:,} and {SEARCH_GAMES:,}) on commit "
        f"`{made_at}`. Regenerate it with `make bench` on your machine.", "",
    ]
    if not jit:
        lines += ["**NUMBA_DISABLE_JIT was set: these figures are the interpreter's.**", ""]
    lines += ["## Machine", ""] + table(["", ""], info.items()) + ["", "## Engines", "",
              "Random play: every seat `random`, each game in one batch of compiled games. "
              "Search: `mcts` (the default search preset) in seat 0, `random` in the others; "
              "its iterations per second count every search decision's iterations over the "
              f"whole time. Compile: {compile_note}.", ""]
    lines += table(["game", "players", "random games/s per core", "decisions per game",
                    "ns per decision", "random games", "search iterations/s",
                    "s per search game", "search games", "compile s"],
                   (_row(r) for r in results))
    lines += ["", "## Measuring a change", "",
              "- `meeplab bench GAME --strategies ... --games N`: one game's engine on one "
              "core (compile or cache load, games/s, speed-up over the interpreted engine, "
              "cached start; `--json` for one object); with a search seat, its iterations/s "
              "and the ratio to a game of random seats.",
              "- `meeplab bench GAME --compare-to REV`: the speed ratio to commit REV, both "
              "timed alternately in one run (the commit is checked out beside the working "
              "tree and removed afterwards); a change is stated as this ratio.",
              "- `meeplab bench-tournament [CONFIG] --games N`: a tournament end to end "
              "(games/s, per core, worker scaling, peak memory).",
              "- `python -m sim.bench.step_profile GAME`: per decision kind, nanoseconds per step "
              "listing the options, choosing, applying and copying the state.",
              "- `python -m sim.bench.compile_profile GAME`: where a cold compile spends its time, "
              "per compiled function.",
              "- Speed targets live in benchmarks, never in timed unit tests; "
              "`tests/test_step_runtime.py` fails when a function on a per-step path is "
              "compiled with numba's runtime."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Measure every game (or --games) and write the page; --one GAME prints one game's JSON."""
    from sim.games import names

    parser = argparse.ArgumentParser(prog="python -m sim.bench.page",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the game counts (default 1)")
    parser.add_argument("--games", default=None, help="comma-separated games (default: all)")
    parser.add_argument("--warm", action="store_true",
                        help="use the ordinary numba cache (compile times are cache loads)")
    parser.add_argument("--out", type=Path, default=PAGE, help="page to write")
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        if not 0 < args.scale <= 100:
            raise UserError(f"--scale {args.scale:g} is out of range",
                            "give a factor above 0 and at most 100 (e.g. 0.05)")
        if args.one:
            print(json.dumps(measure_game(args.one, args.scale)))
            return 0
        chosen = args.games.split(",") if args.games else names()
        unknown = [g for g in chosen if g not in names()]
        if unknown:
            raise UserError(f"unknown game '{unknown[0]}'", f"use: {', '.join(names())}")
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        results = []
        for name in chosen:
            print(f"measuring {name} ...", file=sys.stderr, flush=True)
            results.append(_in_process(name, args.scale, args.warm))
        info = machine()
        if load is not None:   # other work on the machine slows every figure
            info["load average (1 min), start / end"] = f"{load:.1f} / {os.getloadavg()[0]:.1f}"
        args.out.write_text(page(results, info, args.scale, args.warm, commit()))
    except UserError as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return USAGE_EXIT
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
