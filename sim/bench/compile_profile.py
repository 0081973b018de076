"""Where a game's compile time goes: numba's compile events while its play loop compiles from
an empty cache, per compiled function: seconds including what it compiled on the way, seconds
of its own (typing, lowering and LLVM's work on its library, which holds a copy of every function
it calls), and how many signatures it was compiled for (a function compiled twice for one
caller's constant or read-only argument shows up here).

    python -m sim.bench.compile_profile GAME [--players N] [--top N] [--signatures]

It compiles into a fresh temporary cache folder (deleted afterwards), so it measures a cold
compile whatever the machine's cache holds (run it as its own process, as above). Compiling in
another process at the same time slows it: compare two commits side by side under equal load.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from sim.errors import USAGE_EXIT, UserError, one_line


@dataclass
class Compiled:
    """One function's compiles: inclusive and exclusive seconds, the signatures compiled."""

    inclusive: float = 0.0
    exclusive: float = 0.0
    signatures: list[str] = field(default_factory=list)


class Recorder:
    """Collects numba:compile events (start and end, nested: a caller's compile holds its
    callees') into per-function totals keyed by 'module.qualname'."""

    def __init__(self, clock=time.perf_counter) -> None:
        self.clock = clock
        self.open: list[list[Any]] = []  # [name, start, seconds of nested compiles]
        self.rows: dict[str, Compiled] = {}

    def start(self, name: str, signature: str) -> None:
        self.rows.setdefault(name, Compiled()).signatures.append(signature)
        self.open.append([name, self.clock(), 0.0])

    def end(self) -> None:
        name, began, nested = self.open.pop()
        took = self.clock() - began
        row = self.rows[name]
        row.inclusive += took
        row.exclusive += took - nested
        if self.open:
            self.open[-1][2] += took

    def listener(self) -> Any:
        """A numba event listener feeding this recorder."""
        from numba.core import event

        recorder = self

        class _Listener(event.Listener):
            def on_start(self, e: Any) -> None:
                f = e.data["dispatcher"].py_func
                recorder.start(f"{f.__module__}.{f.__qualname__}", str(e.data["args"]))

            def on_end(self, e: Any) -> None:
                recorder.end()

        return _Listener()


def profile(game: str, players: int = 3) -> dict[str, Any]:
    """Compile the game's play loop (every kernel it dispatches to); its compile events as
    {"game", "seconds", "functions": {name: Compiled}}. Cold only in a process that has not
    compiled or loaded the engine yet, with an empty NUMBA_CACHE_DIR (as `main` sets up)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        raise UserError("the compile profile needs the JIT", "unset NUMBA_DISABLE_JIT")
    import numpy as np
    from numba.core import event

    from sim import games

    g = games.get(game)
    tables = g.load_tables(None)
    kernels, params = g.resolve(["random"] * players)
    recorder = Recorder()
    listener = recorder.listener()
    event.register("numba:compile", listener)
    start = time.perf_counter()
    try:
        g.run_batch(tables, players, np.arange(1, dtype=np.int64), kernels, params, check=False)
    finally:
        event.unregister("numba:compile", listener)
    return {"game": game, "seconds": time.perf_counter() - start, "functions": recorder.rows}


def report(r: dict[str, Any], top: int = 25, signatures: bool = False) -> str:
    """The profile as text: the costliest functions by their own seconds."""
    rows = sorted(r["functions"].items(), key=lambda kv: -kv[1].exclusive)
    lines = [f"{r['game']}: the play loop compiled cold in {r['seconds']:.1f} s "
             f"({len(rows)} functions, {sum(len(c.signatures) for _, c in rows)} compiles)",
             f"{'own s':>8} {'with callees s':>15} {'sigs':>5}  function"]
    for name, c in rows[:top]:
        lines.append(f"{c.exclusive:8.1f} {c.inclusive:15.1f} {len(c.signatures):5d}  {name}")
        if signatures and len(c.signatures) > 1:
            lines.extend(f"{'':31}{sig}" for sig in c.signatures)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sim.bench.compile_profile",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    parser.add_argument("--signatures", action="store_true",
                        help="list the signatures of functions compiled more than once")
    a = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="meeplab-compile-")
    before = os.environ.get("NUMBA_CACHE_DIR")
    os.environ["NUMBA_CACHE_DIR"] = folder  # before core.jit is imported: a cold cache
    try:
        from sim.session import prepare  # the checks of game and players

        if a.top < 1:
            raise UserError(f"--top {a.top} is too small", "use --top 1 or more")
        prepare(a.game, a.players, "random", [])
        r = profile(a.game, a.players)
    except UserError as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        raise SystemExit(USAGE_EXIT) from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if before is None:
            os.environ.pop("NUMBA_CACHE_DIR", None)
        else:
            os.environ["NUMBA_CACHE_DIR"] = before
    print(report(r, a.top, a.signatures))


if __name__ == "__main__":
    main()
