"""`meeplab metagame CONFIG.toml`: play every profile of a population of strategies, then
solve the empirical meta-game (reports/studies/metagame.py).

A meta-game config:

    game = "cuba"
    strategies = ["shipping_rush", "factory_cafe", ...]   # the population (2 or more)
    players = 4
    seatings = "rotations"   # each profile's cyclic rotations, or "permutations"
    games = 400              # games per profile (whole seatings)
    seed = 1
    precision = 0.02         # optional: add deals until every profile entry's 95% half-width
    max_games = 20000        #   is within +-precision, at most max_games per profile
    # shard_games, variant, variant_name: as in a tournament config

Every multiset of `players` strategies is a profile, played as one matchup of a tournament
(format "matchups") on duplicate deals: the tournament runner plays it (shards, --resume,
Dask, precision), with precision applied to each (profile, strategy) entry.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.errors import UserError
from sim.run import runner, config as config_mod

KEYS = ("game", "strategies", "players", "seatings", "games", "seed", "precision",
        "max_games", "shard_games", "variant", "variant_name", "grow")
OWN_KEYS = ("strategies", "players", "grow")   # not the tournament's
MAX_PROFILES = 5000


@dataclass(frozen=True)
class MetaGame:
    """A checked meta-game: its population and the tournament that plays its profiles."""

    path: Path
    strategies: tuple[str, ...]
    players: int
    config: config_mod.Config
    variants: tuple[str, ...] = ()  # the --variant items it was loaded with


def profiles(strategies: list[str], players: int) -> list[list[str]]:
    """Every multiset of `players` strategies, each listed in population order."""
    return [list(p) for p in itertools.combinations_with_replacement(strategies, players)]


def load(path: Path, games: int | None = None, seed: int | None = None,
         precision: float | None = None, variants: list[str] | None = None,
         strategies: list[str] | None = None) -> MetaGame:
    """Read and check a meta-game config (UserError naming the file); `strategies` replaces
    the file's population (a grown one)."""
    raw = config_mod.read_toml(path)
    if strategies is not None:
        raw["strategies"] = strategies

    def bad(problem: str, fix: str) -> UserError:
        return UserError(f"{path}: {problem}", fix)
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise bad(f"unknown key '{unknown[0]}'", f"use: {', '.join(KEYS)}")
    names = raw.get("strategies")
    if (not isinstance(names, list) or len(names) < 2
            or not all(isinstance(n, str) for n in names)):
        raise bad("strategies must list at least two strategy names",
                  'write e.g. strategies = ["builder", "greedy", "random"]')
    if len(set(names)) != len(names):
        raise bad("a strategy is listed twice in strategies", "list each name once")
    players = raw.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise bad(f"players = {players!r} is not a whole number of at least 2",
                  "write e.g. players = 4")
    count = math.comb(len(names) + players - 1, players)
    if count > MAX_PROFILES:
        raise bad(f"{len(names)} strategies and {players} players make {count} profiles "
                  f"(at most {MAX_PROFILES})", "use fewer strategies or players")
    tournament: dict[str, Any] = {k: v for k, v in raw.items() if k not in OWN_KEYS}
    tournament |= {"format": "matchups", "matchups": profiles(names, players)}
    cfg = config_mod.load(path, games=games, seed=seed, precision=precision,
                          variants=variants or [], raw=tournament)
    return MetaGame(path, tuple(names), players, cfg, tuple(variants or ()))


def run(meta: MetaGame, run_dir: Path, resume: bool = False, workers: int | None = None,
        scheduler: str | None = None, dask_local: int | None = None) -> runner.Outcome:
    """Play (or complete) every profile into run_dir, precision per profile entry."""
    return runner.run(meta.config, run_dir, resume=resume, workers=workers,
                      scheduler=scheduler, dask_local=dask_local, per_entry=True)
