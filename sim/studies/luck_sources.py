"""The dossier's luck by source: crossed deals of a game's sources of randomness, played
one-vs-field in every seat rotation (the analysis: reports/studies/luck_sources.py).

Each source (core/<game>/state.py SOURCES, core.common.chance) is dealt from `deals` seeds
and every combination of them is a crossed deal: deals ** sources deals, each played with the
candidate in every seat. The candidate is the strongest plan, against copies of each field
rung below or beside it (random, greedy, the other plans), so reading down the fields shows
how each source's share changes with the field's skill. The seats' own streams are seeded per
crossed deal, not per source, so a strategy's randomness stays within the deal.

A deterministic job of one process (not sharded): OUT/luck_sources.csv, one row per game
(the candidate's result), written whole once every game is played; `--resume` keeps it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from sim.errors import UserError
from sim.games import get as get_game

FILE = "luck_sources.csv"
DEALS = 3          # default deals per source
DEAL_COLUMN = "deal:"   # a source's deal index column: "deal:<source>"


def source_seeds(seed: int, sources: int, deals: int) -> np.ndarray:
    """seeds[source, deal]: distinct deal seeds of each source, from the dossier's seed."""
    rng = np.random.default_rng([seed, sources, deals])
    return rng.choice(2**31, size=sources * deals + 1, replace=False)[1:].reshape(sources,
                                                                                   deals)


def games(sources: int, deals: int, players: int, matchups: int) -> int:
    """Games the job plays: matchups x deals ** sources x players (0 with one source)."""
    return 0 if sources < 2 else matchups * deals ** sources * players


def play(game: str, players: int, seed: int, deals: int, candidate: str,
         fields: Sequence[str], tables: object) -> pd.DataFrame:
    """One row per crossed deal, matchup and rotation: the candidate's win share and score
    margin over the mean of the other seats, with each source's deal index."""
    g = get_game(game)
    names = g.sources()
    seeds = source_seeds(seed, len(names), deals)
    cells = list(product(range(deals), repeat=len(names)))
    states = np.array([g.crossed_deal(tables, players, [seeds[k, c[k]] for k in
                                                         range(len(names))])
                       for c in cells])
    seat_seeds = seeds[0, 0] + 1 + np.arange(len(cells), dtype=np.int64)
    columns = g.record_columns()
    win, score = columns.index("win_share"), columns.index("score")
    rows = []
    for field in fields:
        for rotation in range(players):
            lineup = [field] * players
            lineup[rotation] = candidate
            kernels, params = g.resolve(lineup)
            rec, err = g.run_dealt(tables, players, seat_seeds, kernels, params, states)
            if err.any():
                raise UserError(f"{int((err != 0).sum())} crossed deals of {game} ended in an "
                                "engine error", "report it with the dossier's settings")
            others = (rec[:, :, score].sum(axis=1) - rec[:, rotation, score]) / (players - 1)
            rows += [{"candidate": candidate, "field": field, "rotation": rotation,
                      **{f"{DEAL_COLUMN}{n}": c[k] for k, n in enumerate(names)},
                      "win_share": rec[i, rotation, win],
                      "margin": rec[i, rotation, score] - others[i]}
                     for i, c in enumerate(cells)]
    return pd.DataFrame(rows)


def write(out: Path, game: str, players: int, seed: int, deals: int, candidate: str,
          fields: Sequence[str], variant: dict[str, Any] | None,
          echo: Callable[[str], None] = print) -> Path | None:
    """Play the job into OUT/luck_sources.csv (kept when it exists: --resume) under the
    variant's overrides (a checked config's `variant`); None when the game has one source,
    deals is 0 or there is no field."""
    from reports.files import write_whole

    path = out / FILE
    g = get_game(game)
    if deals < 1 or len(g.sources()) < 2 or not fields:
        return None
    if path.exists():
        return path
    table = play(game, players, seed, deals, candidate, fields, g.load_tables(variant or None))
    write_whole(path, table.to_csv(index=False).encode())
    echo(f"luck by source: {len(table)} games of {len(g.sources())} sources x {deals} deals")
    return path
