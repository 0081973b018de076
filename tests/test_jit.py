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
