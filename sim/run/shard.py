"""The worker side: play one shard from a plain task dict and return it as Parquet bytes.

A task holds only plain data (game name, switch overrides, seeds' inputs, the matchup's
seatings, a deal range). Each worker process loads the game and its rules tables once and
keeps them (the numba cache is loaded on the first call), then plays one `run_batch` call per
seating. A crossed run's task (`crossed`: deals per source) deals its states first
(game.crossed_deal, sim.run.schedule.crossed_cells) and plays them with `run_dealt`, every
seating on the same states. Rows come out in (deal, seating, seat) order; in a shard the
matchup is fixed.
"""
from __future__ import annotations

import functools
import json
import logging
import os
import socket
import time
from typing import Any

import numpy as np
import pyarrow as pa

from reports.text import plural
from sim import games
from sim.run import seeding, stats, store
from strategies.common import restrict

LOG = logging.getLogger("meeplab.run")
INT16_MAX = np.iinfo(np.int16).max
# result columns before the game's record columns (game.record_columns())
KEY_COLUMNS = ["run_id", "game", "variant", "players", "matchup", "lineup", "deal", "seed",
               "seating", "seat", "strategy", "error"]
# (game name, canonical switch overrides) -> (PlayableGame, rules tables); one per worker process
_ENGINES: dict[tuple[str, str], tuple[games.PlayableGame, Any]] = {}


@functools.cache
def engine_hash() -> str:
    """Hash of the engine and strategy code, taken once per process (forked workers inherit
    the parent's, so editing files during a run does not fail its shards)."""
    from core.jit import source_hash

    return source_hash()


def engine(task: dict[str, Any]) -> tuple[games.PlayableGame, Any]:
    """The game and its tables for a task, loaded once per process and checked against the
    code and rules data the run started with (a Dask worker may run other files)."""
    key = (task["game"], json.dumps(task["variant"], sort_keys=True))
    if key not in _ENGINES:
        game = games.get(task["game"])
        mine = {"engine_hash": engine_hash(), "rules_data_hash": game.rules_data_hash()}
        for name, value in mine.items():
            if value != task[name]:
                raise RuntimeError(f"this worker's {name} is {value}, the run's is "
                                   f"{task[name]}: install the same meeplab on every worker")
        _ENGINES[key] = (game, game.load_tables(task["variant"] or None))
    return _ENGINES[key]


def _constant(value: str, rows: int) -> pa.DictionaryArray:
    return pa.DictionaryArray.from_arrays(np.zeros(rows, np.int8), [value])


def to_table(task: dict[str, Any], columns: list[str], seeds: np.ndarray, rec: np.ndarray,
             err: np.ndarray) -> pa.Table:
    """rec[deal, seating, seat, col], err[deal, seating] -> one row per (deal, seating, seat)."""
    m = task["matchup"]
    deals, n_seatings, n_players, _ = rec.shape
    rows = rec.shape[0] * n_seatings * n_players
    names = sorted(set(m["lineup"]))
    per_row = [[names.index(s) for s in seating] for seating in m["seatings"]]
    flat = rec.reshape(rows, -1)
    out: dict[str, pa.Array] = {
        "run_id": _constant(task["run_id"], rows),
        "game": _constant(task["game"], rows),
        "variant": _constant(task["variant_id"], rows),
        "players": pa.array(np.full(rows, n_players, np.int8)),
        "matchup": pa.array(np.full(rows, m["index"], np.int32)),
        "lineup": _constant(",".join(m["lineup"]), rows),
        "deal": pa.array(np.repeat(np.arange(task["start"], task["stop"]),
                                   n_seatings * n_players)),
        "seed": pa.array(np.repeat(seeds, n_seatings * n_players)),
        "seating": pa.array(np.tile(np.repeat(np.arange(n_seatings, dtype=np.int16),
                                              n_players), deals)),
        "seat": pa.array(np.tile(np.arange(n_players, dtype=np.int8), deals * n_seatings)),
        "strategy": pa.DictionaryArray.from_arrays(
            np.tile(np.array(per_row, np.int8).ravel(), deals), names),
        "error": pa.array(np.repeat(err.ravel().astype(np.int8), n_players)),
    }
    if np.abs(rec).max(initial=0) > INT16_MAX:
        raise OverflowError("a record value does not fit int16")
    for i, name in enumerate(columns):
        values = flat[:, i]
        out[name] = pa.array(values if name == "win_share" else values.astype(np.int16))
    assert list(out)[:len(KEY_COLUMNS)] == KEY_COLUMNS
    return pa.table(out)


def error_name(names: tuple[str, ...] | list[str], code: int) -> str:
    """The name of an engine error code ('engine error N' when the game does not name it)."""
    return names[code] if 0 <= code < len(names) else f"engine error {code}"


def deals(task: dict[str, Any], game: games.PlayableGame, tables: Any
          ) -> tuple[np.ndarray, np.ndarray | None]:
    """The shard's seeds, and with crossed deals the dealt states they start from (None:
    each game deals from its seed)."""
    start, stop = task["start"], task["stop"]
    per_source = task.get("crossed")
    if per_source is None:
        return seeding.deal_seeds(task["seed"], task["matchup"]["key"], start, stop), None
    seats, dealt = seeding.crossed_seeds(task["seed"], per_source, len(game.sources()),
                                         np.arange(start, stop))
    players = task["matchup"]["players"]
    return seats, np.array([game.crossed_deal(tables, players, row) for row in dealt])


def play(task: dict[str, Any]) -> dict[str, Any]:
    """Play one shard: {'entry': its manifest entry, 'data': Parquet bytes}."""
    began = time.perf_counter()
    try:
        game, tables = engine(task)
        m = task["matchup"]
        seeds, states = deals(task, game, tables)
        columns = game.record_columns()
        rec = np.empty((len(seeds), len(m["seatings"]), m["players"], len(columns)))
        err = np.empty((len(seeds), len(m["seatings"])), np.int32)
        tallies = np.zeros(2, np.int64)   # restricted seats' decisions and fallbacks
        for j, seating in enumerate(m["seatings"]):
            kernels, params = game.resolve(list(seating))
            if states is None:
                rec[:, j], err[:, j] = game.run_batch(tables, m["players"], seeds, kernels,
                                                      params, check=False)
            else:
                rec[:, j], err[:, j] = game.run_dealt(tables, m["players"], seeds, kernels,
                                                      params, states)
            tallies += restrict.counts(params)
        entry = {"id": task["id"], "file": f"{task['id']}.parquet", "matchup": m["index"],
                 "deals": [task["start"], task["stop"]], "games": int(err.size),
                 "rows": int(err.size) * m["players"],
                 **stats.tally(rec[..., columns.index("win_share")], err, m["seatings"]),
                 "config_hash": task["config_hash"]}
        if restrict.is_restricted(m["lineup"]):
            entry["restricted"] = {"decisions": int(tallies[0]), "fallbacks": int(tallies[1])}
        data = store.parquet_bytes(to_table(task, columns, seeds, rec, err), entry)
    except Exception:
        LOG.exception("shard %s failed", task["id"])
        raise
    seconds = time.perf_counter() - began
    message = (f"shard {task['id']}: {plural(entry['games'], 'game')} in {seconds:.2f} s "
               f"({entry['games'] / seconds:.0f} games/s)"
               + (f"; {plural(entry['errors'], 'game')} ended in an engine error "
                  f"({plural(entry['excluded'], 'game')} left out: every seating of "
                  f"{plural(entry['excluded_deals'], 'deal')})" if entry["errors"] else ""))
    LOG.info(message)
    for deal, seating in np.argwhere(err):
        LOG.warning("excluded: shard %s, matchup %d (%s), deal %d (seed %d), seating %d: %s",
                    task["id"], m["index"], ",".join(m["seatings"][seating]),
                    task["start"] + deal, seeds[deal], seating,
                    error_name(game.error_names, err[deal, seating]))
    return {"entry": entry, "data": data, "message": message,
            "worker": f"{socket.gethostname()}[{os.getpid()}]"}
