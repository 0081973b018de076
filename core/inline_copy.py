"""A faster copy of a function's IR in numba's inliner (`inline="always"`), same result.

Before inlining a callee, numba deep-copies its IR twice (`InlineWorker.inline_ir`), one
`copy.deepcopy` per block. Every variable refers to the function's scope, and the scope holds
every variable of the function, so each block's copy copies the whole scope again: a function
of b blocks and v variables costs b x v object copies per inlined call. The engines inline
large functions into larger ones (the play loop's step holds a whole engine), and this copying
was up to about 60% of a cold compile (Siberia's loop: 190 s of processor time, 68 s with
`apply`; Jamaica's 2.6x faster with it, Cuba's 1.2x, Cubist's and Santiago's about the same).

`apply` gives the blocks of one function one shared memo, as a single `deepcopy` of all
its blocks would: the scope is copied once, and the copied blocks share it (numba's inliner
asserts that a callee has one scope). The copied IR is the same, so is the machine code (the
play loop's assembly is identical byte for byte with and without it). `core.jit` applies it
on import, when numba's inliner still has the shape it was written for (numba 0.68).
"""
from __future__ import annotations

import copy
import types
from typing import Any

from numba.core import inline_closurecall as icc
from numba.core import ir

_memos: list[dict[int, tuple[Any, dict[int, Any]]]] = []  # one entry per running inline_ir


def _deepcopy(x: Any, memo: dict[int, Any] | None = None) -> Any:
    """copy.deepcopy, except that the blocks of one scope copied within one inline_ir call
    share a memo (the inliner copies blocks one by one, without a memo)."""
    if memo is None and _memos and isinstance(x, ir.Block):
        # the scope is held in the entry, so its id is not reused while the entry lives
        entry = _memos[-1].setdefault(id(x.scope), (x.scope, {}))
        return copy.deepcopy(x, entry[1])
    return copy.deepcopy(x, memo)


def apply() -> bool:
    """Install the shared-memo copy into numba's inliner; whether it was installed (not for a
    numba whose inliner differs from the one this was written for)."""
    worker = getattr(icc, "InlineWorker", None)
    if worker is None or getattr(icc, "copy", None) is not copy:
        return getattr(worker, "_shared_memo_copy", False)
    original = worker.inline_ir

    def inline_ir(self: Any, *args: Any, **kwargs: Any) -> Any:
        _memos.append({})
        try:
            return original(self, *args, **kwargs)
        finally:
            _memos.pop()

    shim = types.SimpleNamespace(**{k: getattr(copy, k) for k in copy.__all__})
    shim.deepcopy = _deepcopy
    icc.copy = shim
    inline_ir.__doc__ = original.__doc__
    worker.inline_ir = inline_ir
    worker._shared_memo_copy = True
    return True
