"""core.late: a compiled caller calls a function through a slot filled when it is needed."""
import json
import os
import subprocess
import sys
from pathlib import Path

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
