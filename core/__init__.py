"""Game engines: pure rules, numba-compiled, no I/O beyond reading rules data."""
