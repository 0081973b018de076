"""A run's first load of a game's compiled engine, in the parent before workers fork (they
inherit it; Dask workers started here find it in the numba cache), told to the user: whether it
compiles or loads from the cache, how long compiling took last time on this machine, the
seconds going by, and how long it took (said apart from the play rate)."""
from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from core import jit

_TIMES = "compile-seconds.json"   # per game, the last cold compile on this machine


def is_cached(game: str) -> bool:
    """Whether the game's compiled code for the source as it is now is in the cache."""
    folder = jit.cache_folder(game)
    return folder.is_dir() and any(folder.rglob("*.nbi"))


def _times_file() -> Path:
    return jit.cache_base() / _TIMES


def last_compile(game: str) -> float | None:
    """Seconds the game's last cold compile took on this machine, None if unknown."""
    try:
        value = json.loads(_times_file().read_text()).get(game)
    except (OSError, ValueError, AttributeError):
        return None
    return float(value) if isinstance(value, (int, float)) and value > 0 else None


def remember_compile(game: str, seconds: float) -> None:
    """Keep how long a cold compile took (best effort: a cache that cannot be written is
    still a cache)."""
    path = _times_file()
    try:
        times = json.loads(path.read_text()) if path.exists() else {}
        if not isinstance(times, dict):
            times = {}
    except (OSError, ValueError):
        times = {}
    times[game] = round(seconds, 1)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(times, sort_keys=True))
        tmp.replace(path)


LATE_NOTICE = 3.0   # s a cached engine may take to load before its parts compiled apart show


def notice(title: str, game: str) -> str:
    """What the user reads before a cold compile."""
    last = last_compile(game)
    about = f"about {last:.0f} s last time" if last else "a minute or more"
    return f"compiling the {title} engine (first run of this code only, {about})"


@contextlib.contextmanager
def ticking(text: str, out: TextIO, every: float = 1.0, show: bool = True,
            after: float = 0.0) -> Iterator[Callable[[], bool]]:
    """Tell `text` once the block has run `after` seconds: on a terminal (`show`) with the
    seconds going by and how long it took, else as one line. Yields whether it was told."""
    stop = threading.Event()
    told = threading.Event()
    began = time.perf_counter()

    def tell() -> None:
        told.set()
        if not show:
            out.write(f"{text}...\n")
            out.flush()

    def tick() -> None:
        if not told.is_set():
            if stop.wait(after):
                return
            tell()
        while show:
            out.write(f"\r{text}... {time.perf_counter() - began:.0f} s")
            out.flush()
            if stop.wait(every):
                return

    if after <= 0:
        tell()
    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield told.is_set
    finally:
        stop.set()
        thread.join()
        if told.is_set() and show:
            out.write(f"\r{text}... done in {time.perf_counter() - began:.0f} s\n")
            out.flush()


def load_engine(game: Any, warm: Callable[[], None], show: bool) -> float:
    """Run `warm` (the first compiled call of `game`, a descriptor), telling the user when it
    compiles; seconds it took when it compiled, else 0. A cached engine whose parts compiled
    apart (a strategy kernel or the search, on its first use) are not cached yet is told after
    LATE_NOTICE s.
    Interpreted (NUMBA_DISABLE_JIT=1), there is nothing to load: `warm` is not run."""
    if jit.interpreted():
        return 0.0
    cold = not is_cached(game.name)
    began = time.perf_counter()
    text = notice(game.title, game.name) if cold else \
        f"compiling the rest of the {game.title} engine (first run of this code only)"
    with ticking(text, sys.stderr, show=show, after=0.0 if cold else LATE_NOTICE) as told:
        warm()
    seconds = time.perf_counter() - began
    if cold:
        remember_compile(game.name, seconds)
    return seconds if cold or told() else 0.0
