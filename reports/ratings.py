"""Plackett–Luce ratings (openskill) of the strategies, with bootstrap intervals over deals.

Every game is one Plackett–Luce observation: its seats ordered by rank (ties share a rank).
A strategy holding several seats of a game plays each seat with a copy of its rating and then
takes the mean of the copies' updates; games where one strategy holds every seat are skipped
(they say nothing about relative strength). openskill updates online, so the games are rated
in a seeded random order. The 95% interval is mu +- 1.96 bootstrap standard errors, from
replicates that resample deal groups (all the seat rotations of a deal stay together) and
reshuffle the order; the standard error needs far fewer replicates than percentiles, and
openskill is slow enough (~75 us per game) that a large run gets MIN_BOOT..AUTO_BOOT of them.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from openskill.models import PlackettLuce

from reports.stats import Z95

MAX_UPDATES = 400_000  # automatic replicates: about 30 s of rating at ~75 us per game
AUTO_BOOT, MIN_BOOT = 200, 20
MU = ("mu", "mu_lo", "mu_hi")


@dataclass(frozen=True)
class Games:
    """The rated games: per game the strategy codes and ranks of its seats, and its deal."""

    names: list[str]
    seats: list[list[int]]
    ranks: list[list[float]]
    shared: list[bool]   # some strategy holds several seats of the game
    cluster: np.ndarray  # deal-group code per game


def rated_games(df: pd.DataFrame) -> Games:
    """The games of `df` with at least two distinct strategies, in (game, seat) order."""
    codes, names = pd.factorize(df["strategy"], sort=True)
    frame = pd.DataFrame({"game_id": df["game_id"].to_numpy(), "seat": df["seat"].to_numpy(),
                          "s": codes, "rank": df["rank"].to_numpy(float),
                          "cluster": pd.factorize(df["cluster"])[0]})
    frame = frame.sort_values(["game_id", "seat"], kind="stable")
    bounds = np.flatnonzero(np.diff(frame["game_id"].to_numpy())) + 1
    seats = np.split(frame["s"].to_numpy(), bounds)
    ranks = np.split(frame["rank"].to_numpy(), bounds)
    cluster = np.split(frame["cluster"].to_numpy(), bounds)
    distinct = [np.unique(x).size for x in seats]
    keep = [i for i, d in enumerate(distinct) if d > 1]
    return Games(list(names), [seats[i].tolist() for i in keep], [ranks[i].tolist() for i in keep],
                 [distinct[i] < len(seats[i]) for i in keep],
                 np.array([cluster[i][0] for i in keep], dtype=np.int64))


def rate(games: Games, order: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mu, sigma) per strategy after rating the games in `order` (indices into games)."""
    model = PlackettLuce()
    start = model.rating()
    mu = [start.mu] * len(games.names)
    sigma = [start.sigma] * len(games.names)
    for i in order:
        seats = games.seats[i]
        new = model.rate([[model.rating(mu=mu[k], sigma=sigma[k])] for k in seats],
                         ranks=games.ranks[i])
        if not games.shared[i]:
            for k, team in zip(seats, new):
                mu[k], sigma[k] = team[0].mu, team[0].sigma
            continue
        for k in set(seats):
            mine = [team[0] for s, team in zip(seats, new) if s == k]
            mu[k] = sum(r.mu for r in mine) / len(mine)
            sigma[k] = sum(r.sigma for r in mine) / len(mine)
    return np.array(mu), np.array(sigma)


def bootstrap_size(n_games: int, n_boot: int | None, max_updates: int = MAX_UPDATES) -> int:
    """Replicates to run: `n_boot` when given, else AUTO_BOOT or fewer for a large run (at
    least MIN_BOOT)."""
    if n_boot is not None:
        return n_boot
    if n_games == 0:
        return 0
    return int(max(MIN_BOOT, min(AUTO_BOOT, max_updates // n_games)))


def plackett_luce(df: pd.DataFrame, n_boot: int | None = None, seed: int = 0,
                  max_updates: int = MAX_UPDATES) -> pd.DataFrame:
    """Ratings per strategy, best first: mu, sigma, the 95% interval of mu from the bootstrap
    standard error (mu_lo, mu_hi), the rated games, and the bootstrap replicates (`boot`)."""
    games = rated_games(df)
    n = len(games.seats)
    rng = np.random.default_rng(seed)
    mu, sigma = rate(games, rng.permutation(n))
    by_cluster = pd.Series(np.arange(n)).groupby(games.cluster).apply(np.asarray).to_list()
    boot = bootstrap_size(n, n_boot, max_updates) if n else 0
    draws = np.empty((boot, len(games.names)))
    for b in range(boot):
        picked = rng.integers(0, len(by_cluster), len(by_cluster))
        order = np.concatenate([by_cluster[c] for c in picked])
        draws[b] = rate(games, rng.permutation(order))[0]
    se = draws.std(axis=0, ddof=1) if boot > 1 else np.full(len(games.names), np.nan)
    played = np.zeros(len(games.names), int)
    for seats in games.seats:
        played[list(set(seats))] += 1
    out = pd.DataFrame({"strategy": games.names, "mu": mu, "sigma": sigma,
                        "mu_lo": mu - Z95 * se, "mu_hi": mu + Z95 * se, "games": played,
                        "boot": boot})
    return out.sort_values("mu", ascending=False, ignore_index=True)
