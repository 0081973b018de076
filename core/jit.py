"""The one place that decides how engine and strategy code is compiled.

`njit` is numba's njit with cache=True. The on-disk cache is split into one folder per game
(`<game>-<hash>`) and one for the shared code (`common-<hash>`), each keyed by a hash of the
source it can depend on: a game's folder by its own packages (core/<game>/, strategies/<game>/)
and the shared ones (everything else under core/ and strategies/), the shared folder by the
shared ones alone. numba only checks the timestamp of the file holding a cached function, not of
the functions it calls, so the key is what keeps a change in a callee (a strategy kernel called
from the play loop) from reusing stale machine code; keying it per game means an edit to one
game's engine or strategies recompiles that game only. Games import nothing of each other.

Hot functions that neither allocate nor return arrays compile with `njit(_nrt=False)` (numba's
runtime off): each array they pass on then costs no reference-counting call, which in the Cuba
strategies cost more than the valuation itself. One that allocates fails to compile that way
("NRT required but not enabled"), so the flag cannot hide a leak; one must never return an
array to a reference-counting caller. `unmanaged` (below) gives the same saving to a caller
that must allocate; `stack_array` gives per-call scratch (a value table, a state copy) without
any allocation, so a decision function needs the runtime for nothing.
"""
from __future__ import annotations

import functools
import hashlib
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parents[1]
_PACKAGES = ("core", "strategies")
COMMON = "common"   # the cache group of code shared by every game
# the games' pure-Python modules (descriptors, trace decoding and event declarations, rules-data
# loading, option texts, replay-page values): editing them must not invalidate the cache; a
# file of these names that compiles anything (core/common/trace.py's log) is hashed all the same
_NEVER_COMPILED = {"game.py", "trace.py", "events.py", "tables.py", "option_text.py",
                   "page.py"}
_COMPILES = (b"njit", b"compiled_for")


def _group_of_path(rel: Path) -> str:
    """The cache group of a source file (relative to the root): the game whose package holds
    it, or COMMON."""
    parts = rel.parts
    return parts[1] if len(parts) > 2 and parts[0] in _PACKAGES and parts[1] != COMMON \
        else COMMON


def source_hashes(root: Path = _ROOT) -> dict[str, str]:
    """Short hash of every cache group: COMMON over the shared .py files under core/ and
    strategies/ that may hold compiled code, each game over those and its own packages."""
    per_group: dict[str, hashlib._Hash] = {}
    for pkg in _PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            data = path.read_bytes()
            if path.name in _NEVER_COMPILED and not any(c in data for c in _COMPILES):
                continue
            rel = path.relative_to(root)
            h = per_group.setdefault(_group_of_path(rel), hashlib.sha256())
            h.update(str(rel).encode())
            h.update(data)
    common = per_group.pop(COMMON, hashlib.sha256()).hexdigest()
    out = {COMMON: common[:16]}
    for group, h in per_group.items():
        out[group] = hashlib.sha256((common + h.hexdigest()).encode()).hexdigest()[:16]
    return out


def source_hash(root: Path = _ROOT) -> str:
    """Short hash of every .py file under core/ and strategies/ (of root) that may hold
    compiled code (all groups together)."""
    return hashlib.sha256(repr(sorted(source_hashes(root).items())).encode()).hexdigest()[:16]


@functools.cache
def _hashes() -> dict[str, str]:
    """This process's group hashes, taken once (files edited while it runs change nothing)."""
    return source_hashes()


def cache_base() -> Path:
    """The folder holding every group's cache folder: $NUMBA_CACHE_DIR when set, else
    meeplab/numba in the user's cache folder ($XDG_CACHE_HOME or ~/.cache)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplab" / "numba"


def cache_folder(group: str) -> Path:
    """The cache folder of a group (a game's name or COMMON) for the source as it is now."""
    hashes = _hashes()
    return cache_base() / f"{group}-{hashes.get(group, hashes[COMMON])}"


def group_of(fn) -> str:
    """The cache group of a Python function: the game named by `compiled_for` (its
    `cache_group`), else the game whose package defines it, else COMMON."""
    group = getattr(fn, "cache_group", None)
    if group:
        return group
    parts = (getattr(fn, "__module__", "") or "").split(".")
    return parts[1] if len(parts) > 2 and parts[0] in _PACKAGES and parts[1] != COMMON \
        else COMMON


def interpreted() -> bool:
    """Whether compiled functions run as plain Python here (NUMBA_DISABLE_JIT=1)."""
    return os.environ.get("NUMBA_DISABLE_JIT") == "1"


def inlined(fn: Any) -> bool:
    """Whether a compiled function is compiled into its callers (`inline="always"`)."""
    return getattr(fn, "targetoptions", {}).get("inline", "never") == "always"


KEEP_CACHES = 8             # source versions of a group whose compiled code is kept at least...
KEEP_SECONDS = 7 * 86400    # ...and any used within this time


def _version_group(name: str) -> str | None:
    """The group of a cache folder called `<group>-<16 hex digits>` (or a bare 16 hex digits,
    the layout of older versions: group ""), None for any other name."""
    group, _, digest = name.rpartition("-")
    if len(digest) == 16 and all(c in "0123456789abcdef" for c in digest):
        return group
    return None


def prune_caches(folder: Path, keep: int = KEEP_CACHES, seconds: float = KEEP_SECONDS) -> None:
    """Delete the cache folders of old source versions: per group, every version folder in
    `folder` beyond the `keep` most recently used ones and unused for `seconds`."""
    now = time.time()
    try:
        groups: dict[str, list[Path]] = {}
        for d in folder.iterdir():
            group = _version_group(d.name)
            if d.is_dir() and group is not None:
                groups.setdefault(group, []).append(d)
        for versions in groups.values():
            versions.sort(key=lambda d: d.stat().st_mtime, reverse=True)
            for old in versions[keep:]:
                if now - old.stat().st_mtime > seconds:
                    shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass  # a cache that cannot be tidied is still a cache


@functools.cache
def _mark_used(folder: Path) -> None:
    """Create a group's folder and stamp it used (once per process)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
    except OSError:
        pass  # numba reports an unwritable cache itself


if not interpreted():
    prune_caches(cache_base())

import numba  # noqa: E402  (must follow the cache-dir setting)
from numba import types as _types  # noqa: E402
from numba.core.caching import (  # noqa: E402
    CompileResultCacheImpl,
    FunctionCache,
    UserProvidedCacheLocator,
)
from numba.core.registry import CPUDispatcher  # noqa: E402

from core import inline_copy  # noqa: E402

inline_copy.apply()  # the same machine code, compiled faster (see core/inline_copy.py)


class _GroupLocator(UserProvidedCacheLocator):
    """numba's locator for a cache folder of its own, with the folder of the function's group
    (`cache_folder`) in place of numba.config.CACHE_DIR."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        folder = cache_folder(group_of(py_func))
        _mark_used(folder)
        self._cache_path = str(folder / self.get_suitable_cache_subpath(py_file))

    @classmethod
    def from_function(cls, py_func, py_file):
        if not os.path.exists(py_file):
            return None
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()
        except OSError:
            return None  # an unwritable cache: numba compiles without one
        return self


class _GroupCacheImpl(CompileResultCacheImpl):
    _locator_classes = [_GroupLocator]


class _GroupCache(FunctionCache):
    """numba's function cache, kept in the function's group folder."""

    _impl_class = _GroupCacheImpl


class _Dispatcher(CPUDispatcher):
    """numba's CPU dispatcher, except that a compiled caller's constant arguments (a literal
    `False`, a module constant) compile as their plain types: numba would otherwise compile the
    callee, and every function it links, once per distinct constant (three copies of a plan's
    value table), and each copy costs its whole compile again."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_types.unliteral(a) for a in args),
                                         {k: _types.unliteral(v) for k, v in kws.items()})


class _Preparing(_Dispatcher):
    """A dispatcher that, called from Python, first runs `prepare(first argument)`."""

    prepare = None

    def __call__(self, *args, **kws):
        self.prepare(args[0])
        return super().__call__(*args, **kws)


def njit(fn=None, **kw):
    """numba.njit with cache=True (usable bare or with options). The runtime is on unless the
    options say `_nrt=False`, explicitly: numba otherwise lets a function inherit its caller's
    setting, and a strategy kernel that allocates must keep the runtime when the play loop's
    runtime-free step calls it. `_prepare=f`: each call from Python first runs f(first
    argument); the function's `prepare`."""
    kw.setdefault("cache", True)
    kw.setdefault("_nrt", True)
    if fn is None:
        return lambda f: njit(f, **kw)
    prepare = kw.pop("_prepare", None)
    if numba.config.DISABLE_JIT:
        return fn
    cache = kw.pop("cache")
    disp = (_Preparing if prepare else _Dispatcher)(
        py_func=fn, locals={}, targetoptions={**kw, "nopython": True, "boundscheck": None})
    if prepare:
        disp.prepare = prepare
    if cache:
        disp._cache = _GroupCache(fn)
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


def inline_call(fn):
    """fn, called from compiled code with its machine code inlined at the call (an LLVM
    `alwaysinline` call site), while fn itself is typed and lowered once, as a function of its
    own that other callers call. numba's `inline="always"` inlines the Python-level IR
    instead, so every caller types and lowers the whole body again; this gives a hot loop the
    same call-free step for none of that. (Interpreted: fn itself.)"""
    if numba.config.DISABLE_JIT:
        return fn

    def typer(typingctx, *args):
        template, _, plain, kws = fn.get_call_template(
            tuple(_types.unliteral(a) for a in args), {})
        sig = template(typingctx).apply(plain, kws)
        cres = fn.overloads[tuple(sig.args)]

        def codegen(context, builder, signature, llargs):
            from numba.core import cgutils

            desc = cres.fndesc
            values = cgutils.unpack_tuple(builder, llargs[0], len(args))
            values = [context.cast(builder, v, a, b)
                      for v, a, b in zip(values, args, desc.argtypes)]
            callee = context.declare_function(builder.module, desc)
            status, ret = context.call_conv.call_function(
                builder, callee, desc.restype, desc.argtypes, values, attrs=("alwaysinline",))
            with cgutils.if_unlikely(builder, status.is_error):
                context.call_conv.return_status_propagate(builder, status)
            context.add_linking_libs([cres.library])
            return ret

        return cres.signature.return_type(_types.StarArgTuple.from_types(args)), codegen

    typer.__name__ = f"inline_{fn.py_func.__name__}"
    return _intrinsic(typer)


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
