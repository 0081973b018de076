"""Where a random game's time goes: per decision kind, the cost of listing the legal options,
choosing one (the strategy dispatcher and its random stream), applying it (the engine's apply,
which also advances the game to the next decision) and copying the state (what a look-ahead
pays per node), in nanoseconds per step.

    python -m sim.bench.step_profile GAME [--players N] [--games N] [--strategy NAME]

A compiled copy of the play loop (core.common.loop) reads the processor's cycle counter around
each part of every step; the cycles are turned into nanoseconds by timing the whole run with the
wall clock. The loop without the counters is timed too (same games), so the counters' own cost
shows as the difference. With NUMBA_DISABLE_JIT=1 it runs interpreted, with the wall clock in
place of the counter (slow, and the figures are the interpreter's).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import numpy as np

from core.common.loop import _namespace, compiled_for
from core.common.rng import seat_rngs
from core.common.trace import no_trace
from core.jit import copy_into, njit, unmanaged
from sim.errors import USAGE_EXIT, UserError, one_line
from core import games as catalogue

COLUMNS = ("steps", "options", "list", "choose", "apply", "copy", "timed")  # per kind: sums
TIMES = COLUMNS[2:6]
# A step whose parts took longer than this many cycles together was interrupted (the process
# lost its core): it is counted but not timed, so a loaded machine skews the figures less.
INTERRUPTED = 200_000 if os.environ.get("NUMBA_DISABLE_JIT") != "1" else 1 << 62
SETUP = "new game + first advance"

if os.environ.get("NUMBA_DISABLE_JIT") == "1":
    def cycles() -> int:
        """Interpreted: the wall clock in nanoseconds."""
        return time.perf_counter_ns()
else:
    from numba import types as _types
    from numba.core import cgutils as _cgutils
    from numba.extending import intrinsic as _intrinsic
    from llvmlite import ir as _ir

    @_intrinsic
    def _cycles(typingctx):
        """The processor's cycle counter (llvm.readcyclecounter: rdtsc on x86)."""
        def codegen(context, builder, sig, args):
            fnty = _ir.FunctionType(_ir.IntType(64), [])
            fn = _cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
            return builder.call(fn, [])
        return _types.int64(), codegen

    @njit
    def cycles() -> int:
        return _cycles()


def _profile(t, n_players, seeds, kernels, params, tr_owned, copy, out):
    """Play one random game per seed, adding up per kind k (s[DECISION_SLOT]) in out[k, :]:
    steps, options listed, cycles listing, choosing, applying, copying the state, steps
    timed (not interrupted). Row -1: games and the cycles of new_game and the first advance."""
    opts_owned = np.zeros(MAX_OPTIONS, np.int32)  # noqa: F821 (bound per game)
    setup = out.shape[0] - 1
    for g in range(seeds.shape[0]):
        c0 = cycles()
        s_owned = new_game(t, n_players, seeds[g])  # noqa: F821
        s = unmanaged(s_owned)
        tr = unmanaged(tr_owned)
        advance(s, t, tr)  # noqa: F821
        c1 = cycles()
        out[setup, 0] += 1
        if c1 - c0 < INTERRUPTED:
            out[setup, 4] += c1 - c0
            out[setup, 6] += 1
        rngs_owned = seat_rngs(n_players, seeds[g])
        rngs = unmanaged(rngs_owned)
        opts = unmanaged(opts_owned)
        while s[PHASE_SLOT] != OVER_PHASE:  # noqa: F821
            k = s[DECISION_SLOT]  # noqa: F821
            c0 = cycles()
            n = legal(s, t, opts)  # noqa: F821
            c1 = cycles()
            p = s[SEAT_SLOT]  # noqa: F821
            i = 0
            if n > 1:
                i = decide(kernels[p], params[p], s, t, opts, n, rngs[p])  # noqa: F821
            c2 = cycles()
            apply(s, t, opts[i], tr)  # noqa: F821
            c3 = cycles()
            copy_into(copy, s)
            c4 = cycles()
            out[k, 0] += 1
            out[k, 1] += n
            if c4 - c0 < INTERRUPTED:
                out[k, 2] += c1 - c0
                out[k, 3] += c2 - c1
                out[k, 4] += c3 - c2
                out[k, 5] += c4 - c3
                out[k, 6] += 1
        s_owned[0] += 0  # the owned arrays must outlive their unmanaged views
        rngs_owned[0, 0] += 0


def profile(game_name: str, players: int, games: int, strategy: str = "random"
            ) -> dict[str, Any]:
    """Per-kind sums of a run of `games` games with `strategy` at every seat: {kind: {column:
    total}} with cycles converted to nanoseconds, plus the plain loop's rate for comparison."""
    from strategies.common.bound import bound

    game = catalogue.get(game_name)
    b = bound(game)
    e = game.engine
    namespace = {**_namespace(game, b.decide), "DECISION_SLOT": e.decision_slot}
    run = compiled_for(_profile, game_name, namespace)
    tables = game.rules.load_tables(None)
    t = game.rules.flatten(tables)
    kernels, params = b.registry.resolve([strategy] * players)
    kernels, params = kernels.astype(np.int32), params.astype(np.float64)
    b.loop.prepare(kernels)  # the kernels the dispatcher calls late (the search)
    kinds = e.decisions.keys
    out = np.zeros((len(kinds) + 1, len(COLUMNS)), np.int64)
    copy = np.zeros(e.state_size, np.int32)  # the caller's: the copy cannot be left out
    run(t, players, np.arange(1, dtype=np.int64), kernels, params, no_trace(), copy,
        out.copy())  # compile
    seeds = np.arange(1, games + 1, dtype=np.int64)
    c0, w0 = cycles(), time.perf_counter_ns()
    run(t, players, seeds, kernels, params, no_trace(), copy, out)
    c1, w1 = cycles(), time.perf_counter_ns()
    ns_per_cycle = (w1 - w0) / max(c1 - c0, 1)
    b.loop.run_batch(tables, players, seeds[:1], kernels, params)  # compile
    w2 = time.perf_counter_ns()
    b.loop.run_batch(tables, players, seeds, kernels, params)
    plain_s = (time.perf_counter_ns() - w2) / 1e9
    rows: dict[str, dict[str, float]] = {}
    for k, name in enumerate(kinds[1:] + (SETUP,), start=1):
        row = dict(zip(COLUMNS, (float(v) for v in out[k])))
        if row["steps"] == 0:
            continue
        timed = max(row["timed"], 1.0)
        rows[name] = {"steps_per_game": row["steps"] / games,
                      "options": row["options"] / row["steps"],
                      "timed_share": row["timed"] / row["steps"],
                      **{f"{c}_ns": row[c] * ns_per_cycle / timed for c in TIMES}}
    return {"game": game_name, "players": players, "games": games, "strategy": strategy,
            "profiled_s": (w1 - w0) / 1e9, "plain_s": plain_s, "kinds": rows}


def _play_ns(row: dict[str, float]) -> float:
    """Nanoseconds of play per step of a kind: listing, choosing, applying."""
    return row["list_ns"] + row["choose_ns"] + row["apply_ns"]


def report(r: dict[str, Any]) -> str:
    """The profile as a table: per kind (most costly first), steps per game, options per
    step, ns per step of each part, and µs per game."""
    g = r["games"]
    kinds = r["kinds"]
    lines = [f"{r['game']}: {r['players']} players, {r['strategy']} at every seat, {g} games; "
             f"{g / r['plain_s']:,.0f} games/s without the counters, "
             f"{g / r['profiled_s']:,.0f} with",
             f"{'decision kind':<26}{'steps/game':>11}{'options':>9}{'list ns':>9}"
             f"{'choose ns':>10}{'apply ns':>10}{'copy ns':>9}{'us/game':>9}"]
    steps = {n: row["steps_per_game"] for n, row in kinds.items() if n != SETUP}
    for name, row in sorted(kinds.items(), key=lambda kv: -kv[1]["steps_per_game"]
                            * _play_ns(kv[1])):
        us = row["steps_per_game"] * _play_ns(row) / 1000
        if name == SETUP:
            lines.append(f"{name:<26}{'':>11}{'':>9}{'':>9}{'':>10}{row['apply_ns']:>10.0f}"
                         f"{'':>9}{us:>9.2f}")
            continue
        lines.append(f"{name:<26}{row['steps_per_game']:>11.1f}{row['options']:>9.1f}"
                     + "".join(f"{row[c + '_ns']:>{w}.0f}" for c, w in zip(TIMES, (9, 10, 10, 9)))
                     + f"{us:>9.2f}")
    total = sum(steps.values())

    def mean(col: str) -> float:
        return sum(kinds[n][col] * steps[n] for n in steps) / total

    lines.append(f"{'all steps':<26}{total:>11.1f}{mean('options'):>9.1f}"
                 + "".join(f"{mean(c + '_ns'):>{w}.0f}" for c, w in zip(TIMES, (9, 10, 10, 9)))
                 + f"{sum(k['steps_per_game'] * _play_ns(k) for k in kinds.values()) / 1000:>9.2f}")
    untimed = 1 - mean("timed_share")
    lines.append(f"apply includes advancing to the next decision (every engine's apply ends with "
                 f"its advance); copy (a look-ahead node's state copy) is not part of play; "
                 f"{untimed:.2%} of the steps were interrupted and left out of the times")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sim.bench.step_profile", description=__doc__
                                     .split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--strategy", default="random")
    a = parser.parse_args(argv)
    from sim.session import prepare  # the checks of game, players and strategy

    try:
        if a.games < 1:
            raise UserError(f"--games {a.games} is too small", "use --games 1 or more")
        setup = prepare(a.game, a.players, a.strategy, [])
    except UserError as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        raise SystemExit(USAGE_EXIT) from None
    print(report(profile(setup.game.name, a.players, a.games, setup.seats[0])))


if __name__ == "__main__":
    main()
