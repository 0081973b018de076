"""Reports on tournament results: load a run, compute statistics, draw and write them.

Notebook use::

    import reports
    df = reports.load("runs/cuba-default")          # one row per (game, seat)
    reports.stats.strategy_summary(df)              # win share, score, rank with intervals
    reports.stats.pairwise_tests(df)                # paired tests, Holm-corrected
    reports.ratings.plackett_luce(df)               # openskill ratings, bootstrap intervals

These names are imported on first use, so a light module of the package (`reports.text`)
costs no pandas. Reading runs lives in reports/runs.py. reports reads results from disk and
never imports core.
"""
from __future__ import annotations

import importlib
from typing import Any

__all__ = ["load", "load_run", "ratings", "stats"]


def __getattr__(name: str) -> Any:
    if name in ("ratings", "stats"):
        return importlib.import_module(f"reports.{name}")
    if name in ("load", "load_run"):
        return getattr(importlib.import_module("reports.runs"), name)
    raise AttributeError(f"module 'reports' has no attribute {name!r}")
