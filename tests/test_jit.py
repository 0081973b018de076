"""core.jit: the numba cache lives in a folder keyed by the engine source."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_cache_dir_is_set_even_when_numba_was_imported_first(tmp_path):
    script = ("import numba, core.jit, os; "
              "print(numba.config.CACHE_DIR == os.environ['NUMBA_CACHE_DIR'], "
              "core.jit.source_hash() in numba.config.CACHE_DIR)")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, text=True,
                         capture_output=True, check=True).stdout.split()
    assert out == ["True", "True"]


def test_prune_caches_keeps_recent_and_young_versions(tmp_path):
    """Old source versions' compiled code is deleted: beyond the newest `keep` and unused
    for `seconds`; other folders are never touched."""
    import os
    import time

    from core.jit import prune_caches

    now = time.time()
    ages = {f"{i:016x}": days for i, days in enumerate([0, 1, 10, 20, 30])}
    for name, days in ages.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.nbi").write_text("x")
        os.utime(tmp_path / name, (now - days * 86400,) * 2)
    (tmp_path / "not-a-version").mkdir()
    prune_caches(tmp_path, keep=2, seconds=5 * 86400)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([f"{0:016x}", f"{1:016x}", "not-a-version"])


STACK_SCRIPT = """
import json
import numpy as np
from core.jit import copy_into, njit, stack_array

N = 5

@njit(_nrt=False)
def fill(rounds):
    total = 0
    for r in range(rounds):  # the scratch is one frame slot, not one per iteration
        v = stack_array(N, 0, np.int32)
        m = stack_array(2, 3, np.float64)
        for i in range(N):
            v[i] = i + r
        w = stack_array(N, 0, np.int32)
        copy_into(w, v)
        m[1, 2] = w[N - 1]
        total += int(m[1, 2]) + v.shape[0] + m.shape[0] * 10 + m.shape[1] * 100
    return total

print(json.dumps(fill(100000)))
"""


def test_stack_array_is_scratch_without_allocation_compiled_and_interpreted(tmp_path):
    """stack_array gives a vector or matrix in the calling frame: usable by a function
    compiled without numba's runtime, in a loop, and as np.empty when interpreted."""
    expected = sum(4 + r + 5 + 20 + 300 for r in range(100000))
    script = tmp_path / "stack.py"  # a file: numba caches only functions defined in one
    script.write_text(STACK_SCRIPT)
    for disable in ("0", "1"):
        env = dict(os.environ, NUMBA_DISABLE_JIT=disable, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env, text=True,
                             capture_output=True, check=True).stdout
        assert int(out) == expected


@pytest.mark.compiled("cuba")
def test_a_games_compiled_tests_share_one_worker(request) -> None:
    """Under `make test` (pytest-xdist, --dist loadgroup) a compiled test's id carries its
    game's group, so the scheduler keeps a game's compiles on one worker instead of compiling
    every game on every worker (tests/conftest.py)."""
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not under pytest-xdist with --dist loadgroup")
    assert request.node.nodeid.endswith("@cuba"), request.node.nodeid


def test_source_hash_covers_every_file_that_compiles(tmp_path):
    """A game's trace decoder can change without a recompile; core/common/trace.py, whose
    `log` is compiled into every engine, cannot (its change once reused stale machine code)."""
    from core.jit import source_hash

    files = {"core/common/trace.py": "from core.jit import njit\n@njit\ndef log(): pass\n",
             "core/cuba/trace.py": "def decode(): pass\n",
             "core/cuba/rules.py": "from core.jit import njit\n",
             "strategies/common/dispatch.py": "compiled_for(f, 'g', {})\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    before = source_hash(tmp_path)
    changed = {}
    for name in files:
        path = tmp_path / name
        path.write_text(files[name] + "# edited\n")
        changed[name] = source_hash(tmp_path) != before
        path.write_text(files[name])
    assert changed == {"core/common/trace.py": True, "core/cuba/trace.py": False,
                       "core/cuba/rules.py": True, "strategies/common/dispatch.py": True}
