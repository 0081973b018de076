"""core.inline_copy: numba's inliner copies a callee's blocks with one memo (its scope once),
and compiles the same code as without it."""
import inspect
import os
import subprocess
import sys
from pathlib import Path

from numba.core import inline_closurecall, ir
from numba.core.compiler import run_frontend

from core import inline_copy

ROOT = Path(__file__).resolve().parents[1]


def _branchy(x):
    total = 0
    for i in range(x):
        if i % 3 == 0:
            total += i
        elif i % 3 == 1:
            total -= 1
        else:
            total *= 2
    return total


def test_blocks_of_one_function_share_one_copied_scope():
    blocks = list(run_frontend(_branchy).blocks.values())
    assert len(blocks) > 3 and len({id(b.scope) for b in blocks}) == 1
    inline_copy._memos.append({})
    try:
        copies = [inline_copy._deepcopy(b) for b in blocks]
    finally:
        inline_copy._memos.pop()
    assert len({id(c.scope) for c in copies}) == 1
    assert copies[0].scope is not blocks[0].scope
    assert all(isinstance(c, ir.Block) and len(c.body) == len(b.body)
               for c, b in zip(copies, blocks))
    # outside the inliner, a copy is numba's own: each block gets its own scope copy
    alone = [inline_copy._deepcopy(b) for b in blocks[:2]]
    assert alone[0].scope is not alone[1].scope


def test_installed_once_in_numbas_inliner():
    import core.jit  # noqa: F401 (installs it)

    assert inline_closurecall.InlineWorker._shared_memo_copy
    assert inline_closurecall.copy.deepcopy is inline_copy._deepcopy
    assert inline_copy.apply()  # a second call keeps the one installed
    assert inline_closurecall.copy.deepcopy is inline_copy._deepcopy


SCRIPT = """
import sys
if sys.argv[1] == "patched":
    import core.jit  # noqa: F401
import numba
from numba.core import inline_closurecall

BRANCHY
branchy = numba.njit(inline="always")(_branchy)

@numba.njit(inline="always")
def twice(x):
    return branchy(x) + branchy(x + 1)

@numba.njit
def outer(x):
    return twice(x) - twice(x // 2)

print(outer(37), getattr(inline_closurecall.InlineWorker, "_shared_memo_copy", False))
print(outer.inspect_llvm(outer.signatures[0]))
"""


def test_compiles_the_same_code_as_numbas_own_copy(tmp_path):
    """The same LLVM IR for nested inlined functions with and without the shared memo."""
    script = tmp_path / "inline.py"
    script.write_text(SCRIPT.replace("BRANCHY", inspect.getsource(_branchy)))
    env = dict(os.environ, NUMBA_DISABLE_JIT="0", PYTHONPATH=str(ROOT),
               NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    outs = {}
    for mode in ("numba", "patched"):
        outs[mode] = subprocess.run([sys.executable, str(script), mode], cwd=tmp_path, env=env,
                                    text=True, capture_output=True, check=True).stdout
    first = {mode: out.split("\n", 1)[0].split() for mode, out in outs.items()}
    assert first["numba"][1] == "False" and first["patched"][1] == "True"
    assert first["numba"][0] == first["patched"][0] == str(_outer(37))
    assert outs["numba"].split("\n", 1)[1] == outs["patched"].split("\n", 1)[1]


def _outer(x):
    def twice(y):
        return _branchy(y) + _branchy(y + 1)
    return twice(x) - twice(x // 2)
