"""No function on a per-step path of any engine (legal, apply, advance and everything they call)
is compiled with numba's runtime, unless listed below with the reason.

A function compiled with the runtime pays an atomic reference-count increment and decrement for
every array it receives or passes on; on some processors that doubles the cost of a random
game (docs/performance.md). `njit(_nrt=False)` turns it off, and a function that then still
allocates fails to compile, so the flag is proof enough. Functions compiled inline
(`inline="always"`) become part of their caller and follow its flag.

The callees are found from the source: every name a function's code reads (globals and
`module.attribute`) that is a numba dispatcher, followed recursively. The check reads the
dispatchers' options only, so it compiles nothing and runs in a second.
"""
from __future__ import annotations

import pytest

from tests.engines import run_compiled

# "module.function": why it keeps the runtime. Empty: every per-step function is runtime-free.
ALLOWED: dict[str, str] = {}

SCRIPT = """
import json, types
from numba.core.registry import CPUDispatcher
from core import games as catalogue

def code_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= code_names(const)
    return names

def callees(fn):
    py = fn.py_func
    names = code_names(py.__code__)
    found = []
    for name in names:
        value = py.__globals__.get(name)
        if isinstance(value, types.ModuleType):
            found += [getattr(value, a) for a in names if hasattr(value, a)]
        elif value is not None:
            found.append(value)
    return [f for f in found if isinstance(f, CPUDispatcher)]

def runtime_users(roots):
    seen, users = set(), {}
    todo = list(roots)
    while todo:
        fn = todo.pop()
        key = f"{fn.py_func.__module__}.{fn.py_func.__qualname__}"
        if key in seen:
            continue
        seen.add(key)
        opts = fn.targetoptions
        if opts.get("_nrt", True) and opts.get("inline", "never") != "always":
            users[key] = True
        todo += callees(fn)
    return sorted(users), sorted(seen)

out = {}
for game in map(catalogue.get, catalogue.names()):
    e = game.engine
    users, seen = runtime_users([e.legal, e.apply, e.advance])
    out[game.name] = {"users": users, "reached": len(seen)}
print(json.dumps(out))
"""


@pytest.mark.compiled
def test_per_step_functions_are_compiled_without_the_runtime() -> None:
    found = run_compiled(SCRIPT, timeout=120)
    for game, r in found.items():
        assert r["reached"] > 5, f"{game}: the walk found too few functions to be trusted"
        unlisted = [f for f in r["users"] if f not in ALLOWED]
        assert not unlisted, (f"{game}: compiled with numba's runtime on the per-step path "
                              f"(use njit(_nrt=False), or list it in ALLOWED with the reason): "
                              f"{unlisted}")
