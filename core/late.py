"""A compiled function that compiled callers call through a pointer filled in when it is
needed, so that their machine code holds no copy of it.

A compiled caller links a copy of every function it calls and optimises it again, so a
large function that a caller rarely runs (the search kernel under a dispatcher every game
goes through) costs that caller's compile whether it runs or not. A `Slot` instead gives the
caller `call`, an intrinsic that loads the function's address from a C pointer named by the
slot's symbol and calls it with numba's calling convention; `fill` compiles the function (or
loads it from the cache) for the slot's one signature and stores its address. The caller's
cached machine code refers to the symbol, which each process defines when it makes the slot,
before anything that calls it is compiled or loaded. Called while empty, `call` raises.

Slots compile independently of one another, so `fill_all` compiles those not in the cache
yet side by side, in processes of their own, and loads them from the cache they write.
"""
from __future__ import annotations

import contextlib
import ctypes
import importlib
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any

from llvmlite import binding as ll
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

_slots: dict[str, Slot] = {}  # by symbol: the C pointers must live as long as the process


class Slot:
    """`fn` (a compiled function) called through the C pointer `symbol`, for arguments of
    `argtypes` returning `restype`: integers are passed as the signature's, arrays as its
    arrays (of the same dtype and dimensions, C-contiguous; a read-only one as writable), any
    other argument of the signature's type."""

    def __init__(self, symbol: str, fn: Any, argtypes: tuple[Any, ...], restype: Any) -> None:
        self.symbol, self.fn, self.argtypes, self.restype = symbol, fn, argtypes, restype
        self.pointer = ctypes.c_void_p(0)
        ll.add_symbol(symbol, ctypes.addressof(self.pointer))
        self.call = _caller(self)

    def fill(self) -> None:
        """Compile (or load) fn for the slot's signature and point the slot at it."""
        if self.pointer.value:
            return
        self.fn.compile(self.restype(*self.argtypes))
        cres = self.fn.overloads[self.argtypes]
        self.pointer.value = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)

    def compiles(self) -> bool:
        """Whether filling the slot would compile (it is empty and its function is not in a
        cache this process can write)."""
        if self.pointer.value:
            return False
        cache = getattr(self.fn, "_cache", None)
        files = getattr(cache, "_cache_file", None)
        return files is not None and os.access(cache._cache_path, os.W_OK) \
            and not files._load_index()


def slot(symbol: str, fn: Any, argtypes: tuple[Any, ...], restype: Any) -> Slot:
    """The process's slot of that symbol (made on first request)."""
    if symbol not in _slots:
        _slots[symbol] = Slot(symbol, fn, argtypes, restype)
    return _slots[symbol]


JOBS = "MEEPLAB_COMPILE_JOBS"   # environment: processes compiling at once (default: the cores)


def jobs() -> int:
    """How many processes may compile at once: $MEEPLAB_COMPILE_JOBS, else the usable cores."""
    try:
        return max(1, int(os.environ[JOBS]))
    except (KeyError, ValueError):
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
            else os.cpu_count() or 1


def fill_all(slots: Sequence[Slot], remake: str | None) -> None:
    """Fill the slots. Those that compile (not in the cache yet) are dealt in turn to up to
    jobs() lanes: this process compiles the first lane's, and each other lane is a process
    `python -m core.late remake SYMBOL...` that makes its slots with `remake`
    ('module:function:argument', function(argument) making the same slots as this process)
    and fills its own into the cache, all at the same time; this process then loads those.
    A lane that fails only costs its compile here."""
    cold = [s for s in slots if s.compiles()] if remake else []
    n = jobs()
    apart = [s for k, s in enumerate(cold) if k % n]
    children = [subprocess.Popen([sys.executable, "-m", "core.late", remake,
                                  *(s.symbol for s in cold[lane::n])],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL) for lane in range(1, min(n, len(cold)))]
    try:
        for s in slots:
            if s not in apart:
                s.fill()
    except BaseException:
        for child in children:
            child.kill()
        raise
    finally:
        for child in children:
            with contextlib.suppress(subprocess.SubprocessError):
                child.wait()
    for s in apart:
        s.fill()


def _remade(remake: str) -> None:
    """Run a `remake` spec: import module, call function(argument)."""
    module, function, argument = remake.split(":", 2)
    getattr(importlib.import_module(module), function)(argument)


def _passes_as(given: Any, wanted: Any) -> bool:
    """Whether an argument of type `given` is passed unchanged as `wanted` (the same data
    model: only a read-only flag may differ)."""
    if isinstance(wanted, types.Array):
        return (isinstance(given, types.Array) and given.dtype == wanted.dtype
                and given.ndim == wanted.ndim and given.layout == "C")
    if isinstance(wanted, types.Integer):
        return isinstance(given, types.Integer)
    return types.unliteral(given) == wanted


def _caller(s: Slot) -> Callable:
    """The intrinsic calling the slot's function through its pointer."""

    def typer(typingctx: Any, *args: Any) -> Any:
        if len(args) != len(s.argtypes) or not all(map(_passes_as, args, s.argtypes)):
            raise TypeError(f"{s.symbol}: arguments {args} do not pass as {s.argtypes}")

        def codegen(context: Any, builder: Any, sig: Any, llargs: Any) -> Any:
            values = [context.cast(builder, v, a, w) if isinstance(w, types.Integer) else v
                      for v, a, w in zip(cgutils.unpack_tuple(builder, llargs[0], len(args)),
                                         args, s.argtypes)]
            mod = builder.module
            gv = mod.globals.get(s.symbol) or ir.GlobalVariable(mod, cgutils.voidptr_t, s.symbol)
            address = builder.load(gv)
            with cgutils.if_unlikely(builder, cgutils.is_null(builder, address)):
                context.call_conv.return_user_exc(
                    builder, RuntimeError, (f"{s.symbol} is called before it is filled",))
            fnty = context.call_conv.get_function_type(s.restype, s.argtypes)
            callee = builder.bitcast(address, fnty.as_pointer())
            status, ret = context.call_conv.call_function(builder, callee, s.restype,
                                                          s.argtypes, values)
            with cgutils.if_unlikely(builder, status.is_error):
                context.call_conv.return_status_propagate(builder, status)
            return ret

        return s.restype(types.StarArgTuple.from_types(args)), codegen

    typer.__name__ = f"call_{s.symbol}"
    return intrinsic(typer)


if __name__ == "__main__":   # a lane of fill_all: remake SYMBOL... (run as __main__, so the
    from core import late     # slots are those of the module core.late, as in the parent)

    late._remade(sys.argv[1])
    for symbol in sys.argv[2:]:
        late._slots[symbol].fill()
