"""core.jit: the numba cache lives in a folder keyed by the engine source."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_prune_caches_keeps_recent_and_young_versions(tmp_path):
    """Old source versions' compiled code is deleted: per game, beyond the newest `keep` and
    unused for `seconds`; other folders are never touched."""
    import time

    from core.jit import prune_caches

    now = time.time()
    days = [0, 1, 10, 20, 30]
    names = [f"{group}{i:016x}" for group in ("cuba-", "common-", "") for i in range(5)]
    for name in names:
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.nbi").write_text("x")
        os.utime(tmp_path / name, (now - days[int(name[-1])] * 86400,) * 2)
    (tmp_path / "not-a-version").mkdir()
    prune_caches(tmp_path, keep=2, seconds=5 * 86400)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([f"{group}{i:016x}" for group in ("cuba-", "common-", "")
                           for i in (0, 1)] + ["not-a-version"])


def _run(src: Path, cache: Path, code: str) -> str:
    """Run `code` against the source tree `src` with the JIT on, its cache in `cache`; numba's
    cache messages (what it loaded, what it saved)."""
    env = dict(os.environ, PYTHONPATH=str(src), NUMBA_CACHE_DIR=str(cache),
               NUMBA_DEBUG_CACHE="1", NUMBA_DISABLE_JIT="0")
    return subprocess.run([sys.executable, "-c", code], cwd=src, env=env, text=True,
                          capture_output=True, check=True).stdout


def test_editing_one_game_recompiles_that_game_only(tmp_path):
    """The cache is keyed per game: after an edit to a Jamaica strategy, Cuba's compiled code
    loads from the cache; after an edit to Cuba's rules or to shared code, it compiles again."""
    src = tmp_path / "src"
    for pkg in ("core", "strategies"):
        shutil.copytree(ROOT / pkg, src / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    cuba = "import core.cuba.state as s; s.pbase(1)"

    def edit(rel: str) -> None:
        with open(src / rel, "a") as f:
            f.write("# edited\n")

    assert "data saved" in _run(src, cache, cuba)
    assert "data loaded" in _run(src, cache, cuba)
    edit(next(str(p.relative_to(src)) for p in sorted((src / "strategies/jamaica").glob("*.py"))
              if p.name != "__init__.py"))
    out = _run(src, cache, cuba)
    assert "data loaded" in out and "data saved" not in out
    for rel in ("core/cuba/rules.py", "core/common/rng.py"):
        edit(rel)
        assert "data saved" in _run(src, cache, cuba), rel
    groups = sorted(p.name.rpartition("-")[0] for p in cache.iterdir())
    assert groups == ["common", "common", "cuba", "cuba", "cuba"]


def test_a_function_is_cached_in_its_games_folder():
    """A game package's function, and a shared function compiled for a game (compiled_for),
    belong to that game's cache group; other shared code to the common group."""
    import types

    from core.games import names
    from core.jit import COMMON, group_of

    fn = types.FunctionType((lambda: 0).__code__, {"__name__": "strategies.jamaica.plan"})
    fn.__module__ = "strategies.jamaica.plan"
    assert group_of(fn) == "jamaica"
    fn.__module__ = "core.common.loop"
    assert group_of(fn) == COMMON
    fn.cache_group = "cuba"
    assert group_of(fn) == "cuba"
    # compiled_for takes the group from the name it is given: `<game>` or `<game>_<suffix>`
    assert all("_" not in name for name in names())


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
    """A game's trace decoder, option texts or descriptor can change without a recompile;
    core/common/trace.py, whose `log` is compiled into every engine, cannot (its change once
    reused stale machine code)."""
    from core.jit import source_hash

    files = {"core/common/trace.py": "from core.jit import njit\n@njit\ndef log(): pass\n",
             "core/cuba/trace.py": "def decode(): pass\n",
             "core/cuba/option_text.py": "def text(): pass\n",
             "core/common/game.py": "class Game: pass\n",
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
                       "core/cuba/option_text.py": False, "core/common/game.py": False,
                       "core/cuba/rules.py": True, "strategies/common/dispatch.py": True}
