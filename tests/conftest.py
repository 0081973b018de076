"""Test session setup.

Unit tests run the engine interpreted (NUMBA_DISABLE_JIT=1): constructed scenarios need no
compilation and the same Python code is exercised. Tests marked `compiled` run their work in a
subprocess with the JIT on (see tests/jit_subprocess.py).
"""
import os

os.environ.setdefault("NUMBA_DISABLE_JIT", "1")
