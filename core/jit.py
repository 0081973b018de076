"""The one place that decides how engine and strategy code is compiled.

`njit` is numba's njit with cache=True. The on-disk cache lives in a folder keyed by a hash of
the compiled packages' source (core/, strategies/), because numba only checks the timestamp of
the file holding a cached function, not of the functions it calls: a change in a callee (a
strategy kernel called from the play loop) would otherwise reuse stale machine code.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]


def source_hash() -> str:
    """Short hash of every .py file under core/ and strategies/."""
    h = hashlib.sha256()
    for pkg in ("core", "strategies"):
        for path in sorted((_ROOT / pkg).rglob("*.py")):
            h.update(str(path.relative_to(_ROOT)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _set_cache_dir() -> None:
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplab" / "numba"
    os.environ["NUMBA_CACHE_DIR"] = str(base / source_hash())


_set_cache_dir()

import numba  # noqa: E402  (must follow the cache-dir setting)


def njit(fn=None, **kw):
    """numba.njit with cache=True (usable bare or with options)."""
    kw.setdefault("cache", True)
    if fn is None:
        return numba.njit(**kw)
    return numba.njit(**kw)(fn)

if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    import warnings

    # Interpreted uint64 scalars warn on the wrap-around that the compiled RNG relies on.
    warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)
