"""core.jit: the numba cache lives in a folder keyed by the engine source."""
import os
import subprocess
import sys
from pathlib import Path

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
