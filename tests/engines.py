"""Engine checks every game runs the same way, compiled in a subprocess (JIT on):

- `soak`: random games over every player count the rules allow and every switch value (the
  defaults, each non-default value on its own, then random combinations), invariant checker
  on: zero errors, every switch value covered. `make test` plays a tenth of the games
  (`SOAK_SIZES`: every config and player count still played); `pytest -m soak` all of them;
- `records`: per-seat records and full traces identical compiled and interpreted;
- `traced_random_game`: one checked, traced random game for a game's own trace assertions.

A game's test module calls `assert_soak` and `assert_records_match` with its own numbers.
"""
from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from core.common.game import Game
from core.common.trace import EVW
from core import games as catalogue
from strategies.common.bound import Bound, bound

ROOT = Path(__file__).resolve().parents[1]
# a compiled run's time limit (a hang fails, not a slow machine): a game's cold compile on a
# loaded 2-core machine took over 15 minutes, and a run killed mid-compile keeps nothing, so the
# game's next test compiled it all again
COMPILED_TIMEOUT = 3600

# A soak test's `scale`: the share of its games played. The full soak is a long run.
SOAK_SIZES = [pytest.param(0.1, id="tenth"), pytest.param(1.0, id="full", marks=pytest.mark.soak)]


def run_compiled(script: str, *args: str, timeout: int = COMPILED_TIMEOUT) -> dict:
    """Run a script with the JIT on (NUMBA_DISABLE_JIT removed); return its JSON output."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *args], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def _parts(game: str) -> tuple[Game, Bound]:
    """(descriptor, bound strategies and play loop) of the game called `game`."""
    descriptor = catalogue.get(game)
    return descriptor, bound(descriptor)


def assert_scores_match_trace(records: np.ndarray, rows: np.ndarray, n_players: int,
                              score_event: int, r_score: int, vp_first: int, nsrc: int) -> None:
    """Each seat's recorded score, and its score by source (columns vp_first..+nsrc), equal the
    sums of the trace's score events (p, source, amount)."""
    scores = rows[rows[:, 0] == score_event]
    for p in range(n_players):
        mine = scores[scores[:, 1] == p]
        assert records[p, r_score] == mine[:, 3].sum()
        for src in range(nsrc):
            assert records[p, vp_first + src] == mine[mine[:, 2] == src, 3].sum()


def traced_random_game(game: str, tables: Any, n_players: int, seed: int
                       ) -> tuple[Any, np.ndarray, np.ndarray]:
    """One random game with the invariant checker on, traced (interpreted when the JIT is
    off): (GameResult, event rows, final state), once it ended without an error, a trace
    overflow or a missing game-end event."""
    descriptor, strategies = _parts(game)
    kernels, params = strategies.registry.resolve(["random"] * n_players)
    g = strategies.loop.play_game(tables, n_players, seed, kernels, params, check=True,
                                  trace=True)
    assert g.error == 0
    assert g.trace[0, 1] == 0, "trace overflow"
    n = g.trace[0, 0]
    events = g.trace[1:n + 1, :EVW]
    assert descriptor.trace.event_dict(events[-1], tables)["name"] == "game_end"
    return g, events, g.trace[n, EVW:]


def _extra(path: str | None) -> Callable[[dict, np.ndarray], dict[str, int]] | None:
    if not path:
        return None
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


def soak(game: str, games_per_batch: int, n_random: int, extra: str | None = None) -> dict:
    """The soak itself (run inside the subprocess). `extra` ('module:function') gets
    (switch overrides, records) of every batch and returns counts that are summed."""
    import numba

    descriptor, strategies = _parts(game)
    options = descriptor.rules.switches.options
    configs = [{}] + [{name: v} for name, (_, opts) in options.items() for v in opts[1:]]
    rng = np.random.default_rng(20240607)
    configs += [{name: opts[int(rng.integers(len(opts)))] for name, (_, opts) in options.items()}
                for _ in range(n_random)]
    count = _extra(extra)
    games, failures, counts = 0, [], {}
    for i, overrides in enumerate(configs):
        tables = descriptor.rules.load_tables(overrides=overrides)
        low, high = descriptor.player_range(tables)
        for n in range(low, high + 1):
            kernels, params = strategies.registry.resolve(["random"] * n)
            seeds = np.arange(games_per_batch, dtype=np.int64) + 1_000_000 * i + 10_000 * n
            rec, err = strategies.loop.run_batch(tables, n, seeds, kernels, params, check=True)
            games += len(seeds)
            bad = np.flatnonzero(err)
            if bad.size:
                failures.append([overrides, n, int(seeds[bad[0]]), int(err[bad[0]]),
                                 int(bad.size)])
            for key, value in (count(overrides, rec) if count else {}).items():
                counts[key] = counts.get(key, 0) + int(value)
    return {"jit_disabled": int(numba.config.DISABLE_JIT), "games": games,
            "failures": failures, "configs": configs, "counts": counts}


def assert_soak(game: str, games_per_batch: int, n_random: int, extra: str | None = None,
                min_games: int = 20_000, scale: float = 1.0) -> dict:
    """Run the soak compiled and check it, `scale` of its games (batches of at least one game);
    returns its output (for game-specific counts)."""
    games_per_batch = max(1, round(games_per_batch * scale))
    min_games = round(min_games * scale)
    out = run_compiled(f"""
        import json, sys
        from tests.engines import soak
        print(json.dumps(soak(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
                              sys.argv[4] or None), default=str))
    """, game, str(games_per_batch), str(n_random), extra or "")
    assert out["jit_disabled"] == 0
    assert out["games"] >= min_games
    assert out["failures"] == []
    covered = {(name, json.dumps(value)) for c in out["configs"] for name, value in c.items()}
    for name, (_, opts) in catalogue.get(game).rules.switches.options.items():
        for value in opts[1:]:  # the first option is the default, in every config without it
            assert (name, json.dumps(value)) in covered, (name, value)
    return out


def _records(game: str, lineups: list[list[str]], n_seeds: int, folder: str) -> dict:
    """Records of n_seeds games per lineup and one traced game, saved to folder."""
    import numba

    descriptor, strategies = _parts(game)
    loop = strategies.loop
    out: dict[str, Any] = {"jit_disabled": int(numba.config.DISABLE_JIT)}
    for j, seats in enumerate(lineups):
        kernels, params = strategies.registry.resolve(seats)
        tables = descriptor.rules.load_tables()
        rec, err = loop.run_batch(tables, len(seats), np.arange(n_seeds, dtype=np.int64) + 500,
                                  kernels, params, check=True)
        np.save(f"{folder}/rec{j}.npy", rec)
        np.save(f"{folder}/trace{j}.npy",
                loop.play_game(tables, len(seats), 77, kernels, params, trace=True).trace)
        out[str(j)] = err.tolist()
    return out


def assert_records_match(game: str, lineups: list[list[str]], n_seeds: int,
                         folder: Path) -> None:
    """Records and traces compiled (subprocess) equal those interpreted (this process)."""
    out = run_compiled("""
        import json, sys
        from tests.engines import _records
        print(json.dumps(_records(sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]),
                                  sys.argv[4])))
    """, game, json.dumps(lineups), str(n_seeds), str(folder))
    assert out["jit_disabled"] == 0
    (folder / "interpreted").mkdir()
    mine = _records(game, lineups, n_seeds, str(folder / "interpreted"))
    for j in range(len(lineups)):
        assert out[str(j)] == mine[str(j)] == [0] * n_seeds
        for name in (f"rec{j}.npy", f"trace{j}.npy"):
            np.testing.assert_array_equal(np.load(folder / name),
                                          np.load(folder / "interpreted" / name))


INTERPRETED_SEARCH = {"iterations": 6, "depth": 6}  # a search budget interpreted tests afford


def interpreted_row(registry: Any, name: str, row: np.ndarray) -> np.ndarray:
    """Strategy `name`'s parameter row, a search kernel's budget cut to INTERPRETED_SEARCH (the
    unit tests run interpreted; the presets' budgets are for compiled play)."""
    module = registry.kernel_module(registry.strategies()[name].kernel)
    names = [p.name for p in module.PARAMS]
    row = row.copy()
    for key, value in INTERPRETED_SEARCH.items():
        if key in names and any(p.preset for p in module.PARAMS):
            row[names.index(key)] = min(row[names.index(key)], value)
    return row
