"""Reports on tournament results: load a run, compute statistics, draw and write them.

Notebook use::

    import reports
    df = reports.load("runs/cuba-default")          # one row per (game, seat)
    reports.stats.strategy_summary(df)              # win share, score, rank with intervals
    reports.stats.pairwise_tests(df)                # paired tests, Holm-corrected
    reports.ratings.plackett_luce(df)               # openskill ratings, bootstrap intervals

`reports.load` is the function (the module is reports/load.py: import names from it with
`from reports.load import ...`). reports reads results from disk and never imports core.
"""
from reports import ratings, stats
from reports.load import load, load_run

__all__ = ["load", "load_run", "ratings", "stats"]
