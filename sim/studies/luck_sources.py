"""The dossier's luck by source: crossed deals of a game's sources of randomness, played
one-vs-field in every seat rotation (the analysis: reports/studies/luck_sources.py).

Each source (core/<game>/state.py SOURCES, core.common.chance) is dealt from `deals` seeds
and every combination of them is a crossed deal: deals ** sources deals, each played with the
candidate in every seat. The candidate is the strongest plan, against copies of each field
rung below or beside it (random, greedy, the other plans), so reading down the fields shows
how each source's share changes with the field's skill.

The job is a crossed tournament (`crossed_deals`, sim/run/schedule.py) played by the runner
into OUT/luck/ (shards, --resume, workers, Dask), `blocks` blocks of crossed deals per field,
each dealing every source from fresh seeds; every field meets the same crossed deals
(sim/run/seeding.py). OUT/luck_sources.csv, one row per game (the candidate's result, its
block, each source's deal index and the deal's seed), is derived from its results.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from reports.studies.luck_sources import BLOCK, DEAL_COLUMN, SEED
from sim.errors import UserError
from sim.games import get as get_game
from sim.run import config as config_mod, runner, schedule, store

FILE = "luck_sources.csv"
RUN = "luck"       # the crossed tournament's run directory under OUT
DEALS = 3          # default deals per source
BLOCKS = 1         # default blocks of crossed deals
MAX_BLOCKS = 20


def games(sources: int, deals: int, players: int, matchups: int, blocks: int = BLOCKS) -> int:
    """Games the job plays: matchups x blocks x deals ** sources x players (0 with one
    source)."""
    return 0 if sources < 2 else matchups * blocks * deals ** sources * players


def config(where: Path, game: str, players: int, seed: int, deals: int, candidate: str,
           fields: Sequence[str], variants: Sequence[str] = (), blocks: int = BLOCKS
           ) -> config_mod.Config:
    """The crossed tournament: the candidate against players-1 copies of each field, `blocks`
    blocks of deals ** sources crossed deals in every rotation (UserError on a bad
    variant)."""
    block = games(len(get_game(game).sources()), deals, players, 1)
    # the fewest games the runner rounds up to `blocks` whole blocks (1: one block)
    raw = {"game": game, "format": "matchups", "seatings": "rotations",
           "games": (blocks - 1) * block + 1,
           "matchups": [[candidate] + [f] * (players - 1) for f in fields],
           "crossed_deals": deals, "seed": seed}
    return config_mod.load(where / "luck.toml", raw=raw, variants=list(variants))


def table(run_dir: Path) -> pd.DataFrame:
    """One row per crossed deal, field and rotation of a played crossed tournament, in that
    order within each field: the candidate's win share and score margin over the mean of the
    other seats, with its block, each source's deal index and the deal's seed (UserError when
    a game failed)."""
    manifest = store.read_manifest(run_dir)
    per_source = manifest["config"]["crossed_deals"]
    names = get_game(manifest["game"]).sources()
    df = store.read_results(run_dir, ["matchup", "deal", "seed", "seating", "seat",
                                      "win_share", "score", "error"]).to_pandas()
    failed = int((df.loc[df["seat"] == 0, "error"] != 0).sum())
    if failed:
        raise UserError(f"{failed} crossed deals of {manifest['game']} ended in an engine "
                        f"error (see {run_dir / store.LOG})",
                        "report it with the dossier's settings")
    players = int(df["seat"].max()) + 1
    others = df.groupby(["matchup", "deal", "seating"], sort=False)["score"].transform("sum")
    mine = df[df["seat"] == df["seating"]].copy()
    mine["margin"] = mine["score"] - (others[mine.index] - mine["score"]) / (players - 1)
    mine = mine.sort_values(["matchup", "seating", "deal"], kind="stable")
    lineups = [m["lineup"] for m in manifest["matchups"]]
    blocks, index = schedule.crossed_cells(mine["deal"].to_numpy(), per_source, len(names))
    return pd.DataFrame({
        "candidate": [lineups[i][0] for i in mine["matchup"]],
        "field": [lineups[i][1] for i in mine["matchup"]],
        "rotation": mine["seating"].to_numpy(np.int64),
        BLOCK: blocks,
        **{f"{DEAL_COLUMN}{n}": index[:, k] for k, n in enumerate(names)},
        SEED: mine["seed"].to_numpy(np.int64),
        "win_share": mine["win_share"].to_numpy(float),
        "margin": mine["margin"].to_numpy(float)})


def write(out: Path, game: str, players: int, seed: int, deals: int, candidate: str,
          fields: Sequence[str], variants: Sequence[str] = (), resume: bool = False,
          echo: Callable[[str], None] = print, blocks: int = BLOCKS, **options: Any
          ) -> Path | None:
    """Play (resume: complete) the crossed tournament of `blocks` blocks into OUT/luck/ under
    the variant items and write OUT/luck_sources.csv from it; None when the game has one
    source, deals is 0 or there is no field. `options`: the runner's workers, scheduler,
    dask_local."""
    from reports.files import write_whole

    g = get_game(game)
    if deals < 1 or len(g.sources()) < 2 or not fields:
        return None
    where = out / RUN
    cfg = config(where, game, players, seed, deals, candidate, fields, variants, blocks)
    outcome = runner.run(cfg, where, resume and (where / store.MANIFEST).exists(), **options)
    path = out / FILE
    write_whole(path, table(where).to_csv(index=False).encode())
    shown = f"{blocks} blocks of " if blocks > 1 else ""
    echo(f"luck by source: {outcome.games} games of {shown}{len(g.sources())} sources x "
         f"{deals} deals, {outcome.played} played now in {outcome.seconds:.1f} s")
    return path
