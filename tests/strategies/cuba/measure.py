"""Identity and strength of the named Cuba strategies, measured on compiled batches.

`python -m tests.strategies.cuba.measure [GAMES]` prints the JSON report (GAMES per seating;
JIT on). The compiled test in test_identity_strength.py runs the same with fewer games.

- identity: the four named strategies in every rotation of a 4-player game; per strategy the
  share of its VP by source, parliaments won, buildings built, win share, the share of games
  in which it served both cafés (two chains);
- strength: one strategy against three `random` (each seat in turn): win share with its 95%
  interval (normal approximation over games; ties split).
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any

import numpy as np

NAMED = ("shipping_rush", "factory_cafe", "money_and_laws", "builder")
SHIP_SOURCES = ("ship", "use_small_branch_office", "use_large_branch_office")
CAFE_SOURCES = ("use_rum_cafe", "use_cigar_cafe")
LAW_SOURCES = ("tax", "duty", "tax_duty_bonus", "subsidy")


def vp_share(rec: np.ndarray, columns: list[str], sources: tuple[str, ...]) -> float:
    """Share of all VP (over the records) scored from these sources."""
    idx = [columns.index("vp_" + s) for s in sources]
    return float(rec[:, idx].sum() / rec[:, columns.index("score")].sum())


def cuba() -> Any:
    """Cuba's bound strategies and play loop (strategies.common.bound), imported only here:
    core.jit must set numba's cache dir before numba is imported."""
    from core.cuba.game import GAME
    from strategies.common.bound import bound

    return bound(GAME)


def interval(x: np.ndarray) -> tuple[float, float]:
    """Mean and 95% half-width."""
    return float(x.mean()), float(1.96 * x.std(ddof=1) / np.sqrt(len(x)))


def identity(games: int) -> dict[str, dict[str, float]]:
    from core.cuba.play import record_columns
    from core.cuba.tables import load_tables

    run_batch, resolve = cuba().loop.run_batch, cuba().registry.resolve
    tables, columns = load_tables(), record_columns()
    per: dict[str, list[np.ndarray]] = {n: [] for n in NAMED}
    for r in range(len(NAMED)):
        seats = list(NAMED[r:] + NAMED[:r])
        kernels, params = resolve(seats)
        rec, err = run_batch(tables, 4, np.arange(games) + 10_000 * r, kernels, params)
        assert not err.any(), f"engine errors {np.unique(err)}"
        for i, name in enumerate(seats):
            per[name].append(rec[:, i, :])
    out = {}
    for name, parts in per.items():
        rec = np.concatenate(parts)
        col = {c: rec[:, columns.index(c)] for c in
               ("win_share", "score", "parliament_wins", "buildings_built")}
        out[name] = {
            "games": len(rec),
            "win_share": float(col["win_share"].mean()),
            "score": float(col["score"].mean()),
            "ship_share": vp_share(rec, columns, SHIP_SOURCES),
            "cafe_share": vp_share(rec, columns, CAFE_SOURCES),
            "law_share": vp_share(rec, columns, LAW_SOURCES),
            "tax_duty_subsidy_share": vp_share(rec, columns, ("tax", "duty", "subsidy")),
            "parliament_wins": float(col["parliament_wins"].mean()),
            "buildings_built": float(col["buildings_built"].mean()),
            "both_cafes": float(((rec[:, columns.index("vp_use_rum_cafe")] > 0)
                                 & (rec[:, columns.index("vp_use_cigar_cafe")] > 0)).mean()),
        }
    return out


def strength(name: str, games: int) -> dict[str, float]:
    from core.cuba.tables import load_tables

    run_batch, resolve = cuba().loop.run_batch, cuba().registry.resolve
    tables = load_tables()
    shares = []
    for seat in range(4):
        seats = ["random"] * 4
        seats[seat] = name
        kernels, params = resolve(seats)
        rec, err = run_batch(tables, 4, np.arange(games) + 50_000 * seat, kernels, params)
        assert not err.any(), f"engine errors {np.unique(err)}"
        shares.append(rec[:, seat, 2])  # R_WIN_SHARE
    mean, half = interval(np.concatenate(shares))
    return {"games": 4 * games, "win_share": mean, "ci95": half}


def speed(games: int) -> float:
    """Games per second of the four named strategies in one process (compiled, warm)."""
    from core.cuba.tables import load_tables

    run_batch, resolve = cuba().loop.run_batch, cuba().registry.resolve
    kernels, params = resolve(list(NAMED))
    run_batch(load_tables(), 4, np.arange(2), kernels, params)
    start = time.perf_counter()
    run_batch(load_tables(), 4, np.arange(games), kernels, params)
    return games / (time.perf_counter() - start)


def measure(games: int, greedy_games: int) -> dict[str, object]:
    """The whole report: identity, strength of each named strategy and greedy, speed, and the
    number of compiled play-loop signatures (one for every seat mix)."""
    batch = cuba().loop.batch  # first: core.jit must set the cache dir

    import numba  # noqa: E402  (after core.jit, or numba caches next to the sources)

    report: dict[str, object] = {"jit_disabled": int(numba.config.DISABLE_JIT)}
    report["identity"] = identity(games)
    report["strength"] = {n: strength(n, games) for n in NAMED}
    report["strength"]["greedy"] = strength("greedy", greedy_games)
    report["games_per_s"] = speed(games)
    report["batch_signatures"] = len(batch.signatures)
    return report


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(json.dumps(measure(n, int(sys.argv[2]) if len(sys.argv) > 2 else n), indent=1))
