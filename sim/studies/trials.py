"""Play a set of matchups for one tuning trial and return the strategies' win shares.

Like a tournament (the same seeding, duplicate deals, seatings and shards, on the same local
backend), but nothing is written to disk and a strategy may be *custom*: a kernel and a
parameter row given by the caller instead of a registered preset (the candidate of a strategy
tune). A game's seed depends only on (seed, matchup key, deal index), so every trial of a
study replays the same deals: trials differ by their parameters or rules, not by the dice.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.games import get as get_game
from sim.run import backends, schedule, seeding, shard, stats


@dataclass(frozen=True)
class Trial:
    """What one trial plays: the game, its rules, the deals and the custom strategies."""

    game: str
    variant: dict[str, Any]
    seed: int
    matchups: tuple[schedule.Matchup, ...]
    games: int                                   # games per matchup
    custom: dict[str, tuple[int, list[float]]] = field(default_factory=dict)
    shard_games: int = 2000
    # a mixed field: each matchup's probability; the custom strategy's win share is then
    # the weighted mean of its win shares in the matchups
    weights: tuple[float, ...] = ()
    # record columns summed per strategy (a tune's identity rules, sim.studies.identity)
    columns: tuple[str, ...] = ()


def custom_strategy(game: str, name: str, kernel: str, params: dict[str, Any]
                    ) -> tuple[int, list[float]]:
    """(kernel id, parameter row) of a strategy given by its values (PresetError if bad)."""
    reg = get_game(game).registry
    made = reg.make(name, kernel, "trial", params)
    return reg.kernels.index(kernel), made.row.tolist()


def seats(game: Any, seating: Sequence[str], custom: dict[str, tuple[int, list[float]]]
          ) -> tuple[np.ndarray, np.ndarray]:
    """Kernel ids and parameter rows of a seating; custom names take their given values."""
    known = [n for n in seating if n not in custom]
    k, p = game.resolve(known) if known else (None, None)
    kernels = np.zeros(len(seating), np.int32)
    params = np.zeros((len(seating), len(next(iter(custom.values()))[1]) if custom
                       else p.shape[1]))
    for seat, name in enumerate(seating):
        if name in custom:
            kernels[seat], params[seat] = custom[name]
        else:
            i = known.index(name)
            kernels[seat], params[seat] = k[i], p[i]
    return kernels, params


def play(task: dict[str, Any]) -> dict[str, Any]:
    """Worker: one shard of a trial -> its matchup and win-share sums (sim.run.stats)."""
    game, tables = shard.engine(task)
    m = task["matchup"]
    seeds = seeding.deal_seeds(task["seed"], m["key"], task["start"], task["stop"])
    names = game.record_columns()
    column = names.index("win_share")
    summed = [names.index(c) for c in task.get("columns", ())]
    win = np.empty((len(seeds), len(m["seatings"]), m["players"]))
    err = np.empty((len(seeds), len(m["seatings"])), np.int32)
    recs = []
    for j, seating in enumerate(m["seatings"]):
        kernels, params = seats(game, seating, task["custom"])
        rec, err[:, j] = game.run_batch(tables, m["players"], seeds, kernels, params,
                                        check=False)
        win[:, j] = rec[..., column]
        recs.append(rec)
    totals: dict[str, list[float]] = {}
    complete = ~err.astype(bool).any(axis=1)   # a deal with an engine error counts nowhere
    if summed:
        for seating, rec in zip(m["seatings"], recs):
            _add_columns(totals, seating, rec[complete][..., summed])
    return {"matchup": m["index"], "id": task["id"], "errors": int(np.count_nonzero(err)),
            "sums": stats.shard_sums(win, m["seatings"], err), "columns": totals}


def _add_columns(totals: dict[str, list[float]], seating: Sequence[str], rec: np.ndarray
                 ) -> None:
    """Add each seat's games and column sums (rec[game, seat, column]) to its strategy's."""
    for seat, name in enumerate(seating):
        acc = totals.setdefault(name, [0.0] * (1 + rec.shape[2]))
        acc[0] += rec.shape[0]
        acc[1:] = [a + float(x) for a, x in zip(acc[1:], rec[:, seat].sum(axis=0))]


def tasks(trial: Trial) -> list[dict[str, Any]]:
    """One task per shard of the trial."""
    out = []
    hashes = {"engine_hash": shard.engine_hash(),
              "rules_data_hash": get_game(trial.game).rules_data_hash()}
    for m in trial.matchups:
        for s in schedule.shards(m, 0, m.deals_for(trial.games),
                                 schedule.shard_deals(m, trial.shard_games)):
            out.append({"id": s.id, "start": s.start, "stop": s.stop, "matchup": m.to_dict(),
                        "game": trial.game, "variant": trial.variant, "seed": trial.seed,
                        "custom": trial.custom, "columns": trial.columns, **hashes})
    return out


def warm_up(trial: Trial) -> None:
    """Load (or compile) the engine here, so forked workers start warm."""
    first = tasks(trial)[0]
    play(first | {"stop": first["start"] + 1})


@dataclass(frozen=True)
class Outcome:
    """A played trial: win-share intervals per strategy (best first), engine errors, and per
    matchup index the summed `columns` per strategy {name: [games, sum col...]}."""

    intervals: list[stats.Interval]
    errors: int
    columns: dict[int, dict[str, list[float]]]


def run(trial: Trial, backend: backends.Backend) -> Outcome:
    """Play the trial on the backend."""
    pending = {backend.submit(play, t) for t in tasks(trial)}
    results = []
    while pending:
        done, pending = backend.wait(pending, timeout=0.5)
        results += [backend.result(f) for f in done]
    results.sort(key=lambda r: r["id"])
    rows = stats.intervals((r["matchup"], r["sums"]) for r in results)
    if trial.weights:
        entries = stats.entry_intervals((r["matchup"], r["sums"]) for r in results)
        mixed = [stats.weighted(entries, dict(enumerate(trial.weights)), name)
                 for name in trial.custom]
        rows = mixed + [r for r in rows if r.strategy not in trial.custom]
    columns: dict[int, dict[str, list[float]]] = {}
    for r in results:   # in shard order, so a rerun sums the same floats
        for name, sums in r["columns"].items():
            acc = columns.setdefault(r["matchup"], {}).setdefault(name, [0.0] * len(sums))
            acc[:] = [a + x for a, x in zip(acc, sums)]
    return Outcome(rows, sum(r["errors"] for r in results), columns)
