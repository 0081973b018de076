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
"""
from __future__ import annotations

import ctypes
from collections.abc import Callable
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


def slot(symbol: str, fn: Any, argtypes: tuple[Any, ...], restype: Any) -> Slot:
    """The process's slot of that symbol (made on first request)."""
    if symbol not in _slots:
        _slots[symbol] = Slot(symbol, fn, argtypes, restype)
    return _slots[symbol]


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
