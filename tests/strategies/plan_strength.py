"""Win shares of a game's named plans on fresh deals, with 95% intervals, compiled batches.

    python -m tests.strategies.plan_strength GAME {round-robin,matrix,variety,openings} [GAMES] [SEED]

- round-robin: the named plans (GAME's NAMED below, `players` seats) in every seat rotation of
  the same deals: each plan's win share;
- matrix: one plan against `players - 1` copies of another, in every seat: the one's win share;
- variety: each plan with its preset `variety` and with variety 0, against the other plans in
  every rotation: the plan's win share both ways (is the seeded noise free?);
- openings: per plan with variety, on how many of GAMES deals (every seat that plan) the first
  OPENING decisions differ between two decision streams.

GAMES deals per rotation; SEED the first deal (fresh deals: pick seeds no test or tune used).
The win share of a game is the records' win_share column (ties split); the interval is the normal
approximation over games.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import numpy as np

NAMED = {"santiago": ("greedy", "refiner", "landlord", "banker"),
         "siberia": ("staff_first", "resource_rush", "greedy")}
PLAYERS = {"santiago": 4, "siberia": 3}


def strategies(game: str) -> Any:
    """The game's bound strategies (imported here: core.jit sets numba's cache dir first)."""
    from core import games
    from strategies.common.bound import bound

    return games.get(game), bound(games.get(game))


def interval(x: np.ndarray) -> list[float]:
    """[mean, 95% half-width] of per-game win shares."""
    return [round(float(x.mean()), 4), round(float(1.96 * x.std(ddof=1) / np.sqrt(len(x))), 4)]


def row(game: str, name: str, **values: float) -> tuple[int, np.ndarray]:
    """(kernel id, parameter row) of a named strategy with some parameters replaced."""
    b = strategies(game)[1]
    kernels, params = b.registry.resolve([name])
    names = [p.name for p in b.registry.kernel_module(b.registry.kernels[kernels[0]]).PARAMS]
    for key, value in values.items():
        params[0, names.index(key)] = value
    return int(kernels[0]), params[0]


def shares(game: str, seats: list[tuple[int, np.ndarray]], games: int,
           seed: int) -> list[np.ndarray]:
    """Per seat entry, its per-game win shares over every rotation of the seats."""
    g, b = strategies(game)
    n = len(seats)
    win = g.record_columns.index("win_share")
    out: list[list[float]] = [[] for _ in range(n)]
    for r in range(n):
        order = [(i + r) % n for i in range(n)]  # seat j plays entry order[j]
        kernels = np.array([seats[i][0] for i in order], np.int32)
        params = np.stack([seats[i][1] for i in order])
        rec, err = b.loop.run_batch(g.rules.load_tables(), n, np.arange(games) + seed,
                                    kernels, params)
        assert not err.any(), f"engine errors {np.unique(err)}"
        for j, i in enumerate(order):
            out[i] += rec[:, j, win].tolist()
    return [np.array(x) for x in out]


def round_robin(game: str, games: int, seed: int) -> dict[str, list[float]]:
    names = NAMED[game][:PLAYERS[game]]
    got = shares(game, [row(game, n) for n in names], games, seed)
    return {n: interval(x) for n, x in zip(names, got)}


def matrix(game: str, games: int, seed: int) -> dict[str, dict[str, list[float]]]:
    field = PLAYERS[game] - 1
    return {one: {other: interval(shares(game, [row(game, one)] + [row(game, other)] * field,
                                         games, seed)[0])
                  for other in NAMED[game] if other != one}
            for one in NAMED[game]}


def variety(game: str, games: int, seed: int) -> dict[str, dict[str, list[float]]]:
    out = {}
    names = NAMED[game][:PLAYERS[game]]
    presets = strategies(game)[1].registry.strategies()
    for name in names:
        if not presets[name].params.get("variety"):
            continue  # deterministic by default
        others = [row(game, n) for n in names if n != name]
        out[name] = {label: interval(shares(game, [row(game, name, **v)] + others, games,
                                            seed)[0])
                     for label, v in (("preset", {}), ("variety 0", {"variety": 0.0}))}
    return out


OPENING = 24  # decisions: about two rounds of Santiago, eight turns of Siberia


def opening(game: str, seats: tuple[int, np.ndarray], seed: int, stream: int) -> list[int]:
    """The first OPENING options of a game on deal `seed`, every seat the same strategy and
    deciding from a stream seeded with `stream` (plus its seat)."""
    from core.common.trace import no_trace

    g, b = strategies(game)
    e, players = g.engine, PLAYERS[game]
    t = g.rules.flatten(g.rules.load_tables())
    s = e.new_game(t, players, seed)
    e.advance(s, t, no_trace())
    rngs = np.full((players, 1), stream, np.uint64)
    rngs[:, 0] += np.arange(players, dtype=np.uint64)
    opts = np.zeros(e.max_options, np.int32)
    chosen: list[int] = []
    while len(chosen) < OPENING and s[e.phase_slot] != e.over_phase:
        n = e.legal(s, t, opts)
        p = s[e.seat_slot]
        i = b.decide(seats[0], seats[1], s, t, opts, n, rngs[p]) if n > 1 else 0
        chosen.append(int(opts[i]))
        e.apply(s, t, opts[i], no_trace())
    return chosen


def openings(game: str, games: int, seed: int) -> dict[str, int]:
    presets = strategies(game)[1].registry.strategies()
    return {name: sum(opening(game, row(game, name), seed + d, 1)
                      != opening(game, row(game, name), seed + d, 2) for d in range(games))
            for name in NAMED[game] if presets[name].params.get("variety")}


if __name__ == "__main__":
    game, what = sys.argv[1], sys.argv[2]
    n_games = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 900_000
    run = {"round-robin": round_robin, "matrix": matrix, "variety": variety,
           "openings": openings}[what]
    print(json.dumps({"game": game, what: run(game, n_games, first), "games_per_rotation": n_games,
                      "first_seed": first}))
