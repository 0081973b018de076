"""core.late: a compiled caller calls a function through a slot filled when it is needed."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import json
import numpy as np
from numba import types
from core.jit import njit
from core.late import slot

@njit(_nrt=False)
def target(a, n):
    return a[0] * n

late = slot("meeplab_test_late_target", target, (types.int64[::1], types.int64), types.int64)
call = late.call

@njit
def caller(a, n):
    return call(a, n) + 1

a = np.array([6], np.int64)
out = {}
try:
    caller(a, 7)
except RuntimeError as e:
    out["empty"] = str(e)
out["compiled_before_fill"] = len(target.signatures)
late.fill()
out["result"] = int(caller(a, np.int32(7)))
print(json.dumps(out))
"""


def test_a_slot_is_compiled_when_filled_and_raises_while_empty(tmp_path):
    """The caller compiles without its slot's function; called empty it raises; once filled
    it calls it (an int32 argument passed as the slot's int64), from the cache too."""
    script = tmp_path / "late_script.py"  # a file: numba caches only functions defined in one
    script.write_text(SCRIPT)
    env = dict(os.environ, NUMBA_DISABLE_JIT="0", PYTHONPATH=str(ROOT),
               NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    for _ in ("compiled", "loaded from the cache"):
        out = json.loads(subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env,
                                        text=True, capture_output=True, check=True).stdout)
        assert out == {"empty": "meeplab_test_late_target is called before it is filled",
                       "compiled_before_fill": 0, "result": 43}


TOY = """
from numba import types
from core.jit import njit
from core.late import slot

@njit(_nrt=False)
def first(a, n):
    return a[0] + n

@njit(_nrt=False)
def second(a, n):
    return a[0] * n

def make(tag):
    sig = (types.int64[::1], types.int64)
    return [slot(f"meeplab_test_{tag}_{f.__name__}", f, sig, types.int64) for f in (first, second)]
"""

FILL = """
import json, sys
import numpy as np
from numba import njit
from core.late import fill_all
from toy import make

slots = make("{tag}")
fill_all(slots, sys.argv[1])
call_first, call_second = (s.call for s in slots)

@njit
def both(a, n):
    return call_first(a, n) * 100 + call_second(a, n)

print(json.dumps({{"result": int(both(np.array([3], np.int64), 4)),
                   "loaded": [sum(s.fn.stats.cache_hits.values()) for s in slots]}}))
"""


@pytest.mark.parametrize("jobs, remake, loaded", [
    ("2", "toy:make:{tag}", [0, 1]),      # the second compiled by another process, loaded here
    ("2", "no_such_module:make:x", [0, 0]),  # a child that fails: compiled here after all
    ("1", "toy:make:{tag}", [0, 0]),      # one job: everything here
])
def test_slots_that_compile_compile_side_by_side(tmp_path, jobs, remake, loaded):
    """fill_all compiles the first cold slot here and the others in processes of their own
    (remade by `remake`), then loads those from the cache; whatever happens there, every
    slot ends filled."""
    tag = f"t{jobs}{loaded[1]}"
    (tmp_path / "toy.py").write_text(TOY)
    script = tmp_path / "fill.py"
    script.write_text(FILL.format(tag=tag))
    env = dict(os.environ, NUMBA_DISABLE_JIT="0", PYTHONPATH=f"{ROOT}:{tmp_path}",
               NUMBA_CACHE_DIR=str(tmp_path / "cache"), MEEPLAB_COMPILE_JOBS=jobs)
    out = json.loads(subprocess.run([sys.executable, str(script), remake.format(tag=tag)],
                                    cwd=tmp_path, env=env, text=True, capture_output=True,
                                    check=True).stdout)
    assert out == {"result": 7 * 100 + 12, "loaded": loaded}
