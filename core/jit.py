"""The one place that decides how engine and strategy code is compiled.

`njit` is numba's njit with cache=True. The on-disk cache lives in a folder keyed by a hash of
the compiled packages' source (core/, strategies/), because numba only checks the timestamp of
the file holding a cached function, not of the functions it calls: a change in a callee (a
strategy kernel called from the play loop) would otherwise reuse stale machine code.

Hot functions that neither allocate nor return arrays compile with `njit(_nrt=False)` (numba's
runtime off): each array they pass on then costs no reference-counting call, which in the Cuba
strategies cost more than the valuation itself. One that allocates fails to compile that way
("NRT required but not enabled"), so the flag cannot hide a leak; one must never return an
array to a reference-counting caller. `unmanaged` (below) gives the same saving to a caller
that must allocate; `stack_array` gives per-call scratch (a value table, a state copy) without
any allocation, so a decision function needs the runtime for nothing.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
import time
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
# the games' pure-Python modules (trace decoding, rules-data loading): editing them must not
# invalidate the cache; a file of these names that compiles anything (core/common/trace.py's
# log) is hashed all the same
_NEVER_COMPILED = {"trace.py", "tables.py"}
_COMPILES = (b"njit", b"compiled_for")


def source_hash(root: Path = _ROOT) -> str:
    """Short hash of every .py file under core/ and strategies/ (of root) that may hold
    compiled code."""
    h = hashlib.sha256()
    for pkg in ("core", "strategies"):
        for path in sorted((root / pkg).rglob("*.py")):
            data = path.read_bytes()
            if path.name in _NEVER_COMPILED and not any(c in data for c in _COMPILES):
                continue
            h.update(str(path.relative_to(root)).encode())
            h.update(data)
    return h.hexdigest()[:16]


KEEP_CACHES = 8             # source versions whose compiled code is kept at least...
KEEP_SECONDS = 7 * 86400    # ...and any used within this time


def prune_caches(folder: Path, keep: int = KEEP_CACHES, seconds: float = KEEP_SECONDS) -> None:
    """Delete the cache folders of old source versions: every <16 hex digits> folder in
    `folder` beyond the `keep` most recently used ones and unused for `seconds`."""
    now = time.time()
    try:
        versions = [d for d in folder.iterdir() if d.is_dir() and len(d.name) == 16
                    and all(c in "0123456789abcdef" for c in d.name)]
        versions.sort(key=lambda d: d.stat().st_mtime, reverse=True)
        for old in versions[keep:]:
            if now - old.stat().st_mtime > seconds:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass  # a cache that cannot be tidied is still a cache


def _set_cache_dir() -> None:
    """Point numba's cache at the source-keyed folder, also when numba was imported first
    (numba reads the environment once at import; its cache locators read numba.config). The
    folder's time stamp marks it used; old versions' folders are pruned."""
    if "NUMBA_CACHE_DIR" not in os.environ:
        base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplab"
        here = base / "numba" / source_hash()
        try:
            here.mkdir(parents=True, exist_ok=True)
            os.utime(here)
        except OSError:
            pass  # numba reports an unwritable cache itself
        prune_caches(here.parent)
        os.environ["NUMBA_CACHE_DIR"] = str(here)
    if "numba" in sys.modules:
        sys.modules["numba"].config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]


_set_cache_dir()

import numba  # noqa: E402  (must follow the cache-dir setting)
from numba import types as _types  # noqa: E402
from numba.core.registry import CPUDispatcher  # noqa: E402

from core import inline_copy  # noqa: E402

inline_copy.apply()  # the same machine code, compiled faster (see core/inline_copy.py)


class _Dispatcher(CPUDispatcher):
    """numba's CPU dispatcher, except that a compiled caller's constant arguments (a literal
    `False`, a module constant) compile as their plain types: numba would otherwise compile the
    callee, and every function it links, once per distinct constant (three copies of a plan's
    value table), and each copy costs its whole compile again."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_types.unliteral(a) for a in args),
                                         {k: _types.unliteral(v) for k, v in kws.items()})


def njit(fn=None, **kw):
    """numba.njit with cache=True (usable bare or with options). The runtime is on unless the
    options say `_nrt=False`, explicitly: numba otherwise lets a function inherit its caller's
    setting, and a strategy kernel that allocates must keep the runtime when the play loop's
    runtime-free step calls it."""
    kw.setdefault("cache", True)
    kw.setdefault("_nrt", True)
    if fn is None:
        return lambda f: njit(f, **kw)
    if numba.config.DISABLE_JIT:
        return fn
    cache = kw.pop("cache")
    disp = _Dispatcher(py_func=fn, locals={},
                       targetoptions={**kw, "nopython": True, "boundscheck": None})
    if cache:
        disp.enable_caching()
    return disp


if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    import warnings

    # Interpreted uint64 scalars warn on the wrap-around that the compiled RNG relies on.
    warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)

from numba.extending import intrinsic as _intrinsic  # noqa: E402


@_intrinsic
def _unmanaged(typingctx, arr):
    """A view of arr without a reference count (null meminfo), for hot loops.

    Passing it to compiled functions costs no atomic reference counting. The caller must keep
    the original array alive while the view is in use.
    """
    if not isinstance(arr, _types.Array):
        return None

    def codegen(context, builder, sig, args):
        src = context.make_array(sig.args[0])(context, builder, args[0])
        dst = context.make_array(sig.return_type)(context, builder)
        dst.data = src.data
        dst.shape = src.shape
        dst.strides = src.strides
        dst.nitems = src.nitems  # read by copy(), size, reductions and whole-array assignment
        dst.itemsize = src.itemsize
        dst.parent = context.get_constant_null(_types.pyobject)
        dst.meminfo = context.get_constant_null(_types.MemInfoPointer(_types.voidptr))
        return dst._getvalue()

    return arr(arr), codegen


if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    def unmanaged(arr):
        """Interpreted: the array itself."""
        return arr
else:
    unmanaged = _unmanaged


@_intrinsic(prefer_literal=True)
def _stack_array(typingctx, rows, cols, dtype):
    """An uninitialised C-contiguous array of rows x cols items on the caller's stack frame
    (cols 0: a vector of rows), with no reference count: scratch that costs no allocation."""
    if not (isinstance(rows, _types.IntegerLiteral) and isinstance(cols, _types.IntegerLiteral)
            and isinstance(dtype, (_types.NumberClass, _types.DType))):
        return None
    n, m = rows.literal_value, cols.literal_value
    item = dtype.instance_type if isinstance(dtype, _types.NumberClass) else dtype.dtype
    arrty = _types.Array(item, 2 if m else 1, "C")
    shape = (n, m) if m else (n,)

    def codegen(context, builder, sig, args):
        from numba.core import cgutils

        llty = context.get_data_type(item)
        size = context.get_constant(_types.intp, n * max(m, 1))
        ptr = cgutils.alloca_once(builder, llty, size=size)  # entry block: once per frame
        itemsize = context.get_abi_sizeof(llty)
        ary = context.make_array(arrty)(context, builder)
        strides = (m * itemsize, itemsize) if m else (itemsize,)
        context.populate_array(
            ary, data=ptr, shape=[context.get_constant(_types.intp, d) for d in shape],
            strides=[context.get_constant(_types.intp, d) for d in strides],
            itemsize=context.get_constant(_types.intp, itemsize), meminfo=None)
        return ary._getvalue()

    return arrty(rows, cols, dtype), codegen


if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    import numpy as _np

    def stack_array(rows, cols, dtype):
        """Interpreted: np.empty of the same shape."""
        return _np.empty((rows, cols) if cols else rows, dtype)
else:
    stack_array = _stack_array


# clock_gettime's clock id of this platform (1 on Linux, 6 on macOS); the C library resolves it
_MONOTONIC = getattr(time, "CLOCK_MONOTONIC", 1)


@_intrinsic
def _monotonic_ns(typingctx):
    """Nanoseconds of the C library's monotonic clock (clock_gettime), for time budgets."""
    def codegen(context, builder, sig, args):
        from llvmlite import ir
        from numba.core import cgutils

        i64 = ir.IntType(64)
        timespec = ir.LiteralStructType([i64, i64])  # (seconds, nanoseconds) on 64-bit Unix
        fnty = ir.FunctionType(ir.IntType(32), [ir.IntType(32), timespec.as_pointer()])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        ts = cgutils.alloca_once(builder, timespec)
        builder.call(fn, [ir.Constant(ir.IntType(32), _MONOTONIC), ts])
        sec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 0))
        nsec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 1))
        return builder.add(builder.mul(sec, ir.Constant(i64, 1_000_000_000)), nsec)

    return _types.int64(), codegen


if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    def monotonic_ns():
        """Interpreted: time.monotonic_ns()."""
        return time.monotonic_ns()
else:
    monotonic_ns = _monotonic_ns


# Whole-array helpers without the runtime a slice copy or comparison needs. Interpreted, each
# is numpy's own operation (the same values): a loop of Python steps per item was most of an
# interpreted game's time where states are copied (look-ahead) or traced.

@njit(inline="always")
def _copy_into(dst, src):
    """dst[:] = src for 1-D arrays."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit(inline="always")
def _copy_to_row(dst, row, start, src):
    """dst[row, start:start + len(src)] = src (dst 2-D, src 1-D)."""
    for k in range(src.shape[0]):
        dst[row, start + k] = src[k]


@njit(inline="always")
def _equal(a, b):
    """Whether the 1-D arrays a and b (of a's length at least) hold the same values."""
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return False
    return True


if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    def copy_into(dst, src):
        """dst[:] = src for 1-D arrays (interpreted: numpy's slice copy)."""
        dst[:src.shape[0]] = src

    def copy_to_row(dst, row, start, src):
        """dst[row, start:start + len(src)] = src (interpreted: numpy's slice copy)."""
        dst[row, start:start + src.shape[0]] = src

    def equal(a, b):
        """Whether a and b hold the same values (interpreted: numpy's comparison)."""
        return bool((a == b[:a.shape[0]]).all())
else:
    copy_into, copy_to_row, equal = _copy_into, _copy_to_row, _equal
