"""Plackett–Luce ratings (openskill's model) of the strategies, with bootstrap intervals over
deals.

Every game is one Plackett–Luce observation: its seats ordered by rank (ties share a rank).
A strategy holding several seats of a game plays each seat with a copy of its rating and then
takes the mean of the copies' updates; games where one strategy holds every seat are skipped
(they say nothing about relative strength). The model updates online, so the games are rated
in a seeded random order. The 95% interval is mu +- 1.96 bootstrap standard errors, from
replicates that resample deal groups (all the seat rotations of a deal stay together) and
reshuffle the order.

openskill's PlackettLuce.rate builds Python objects per game (~75 us), too slow for hundreds
of replicates of a large run; `_rate_orders` is the same update (Weng and Lin's algorithm 4
with openskill's defaults: tau added to sigma, kappa floor, no weights, no margins) compiled
with numba, the replicates shared out over the cores. tests/reports/test_stats.py checks it
against openskill itself.
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass

import numba
import numpy as np
import pandas as pd
from openskill.models import PlackettLuce
from tqdm import tqdm

from reports.stats import Z95

AUTO_BOOT, MIN_BOOT = 200, 20
MAX_UPDATES = 10**9   # automatic replicates: AUTO_BOOT unless a run has over 5 M games
MU = ("mu", "mu_lo", "mu_hi")


@dataclass(frozen=True)
class Games:
    """The rated games: per game the strategy codes and ranks of its seats, and its deal."""

    names: list[str]
    seats: np.ndarray    # strategy code per seat, games one after the other
    ranks: np.ndarray    # rank per seat (whole numbers, ties equal)
    offsets: np.ndarray  # game g's seats are seats[offsets[g]:offsets[g + 1]]
    shared: np.ndarray   # some strategy holds several seats of the game
    cluster: np.ndarray  # deal-group code per game

    def __len__(self) -> int:
        return len(self.offsets) - 1


def rated_games(df: pd.DataFrame) -> Games:
    """The games of `df` with at least two distinct strategies, in (game, seat) order."""
    codes, names = pd.factorize(df["strategy"], sort=True)
    frame = pd.DataFrame({"game_id": df["game_id"].to_numpy(), "seat": df["seat"].to_numpy(),
                          "s": codes, "rank": df["rank"].to_numpy(np.int64),
                          "cluster": pd.factorize(df["cluster"])[0]})
    frame = frame.sort_values(["game_id", "seat"], kind="stable")
    game = frame["game_id"].to_numpy()
    starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])
    sizes = np.diff(np.r_[starts, len(frame)])
    per_game = pd.DataFrame({"g": np.repeat(np.arange(len(starts)), sizes),
                             "s": frame["s"].to_numpy()})
    distinct = per_game.drop_duplicates().groupby("g").size().to_numpy()
    keep = distinct > 1
    rows = np.repeat(keep, sizes)
    kept_sizes = sizes[keep]
    return Games(list(names), frame["s"].to_numpy(np.int64)[rows],
                 frame["rank"].to_numpy(np.int64)[rows], np.r_[0, np.cumsum(kept_sizes)],
                 distinct[keep] < kept_sizes, frame["cluster"].to_numpy(np.int64)[starts][keep])


def model_constants() -> np.ndarray:
    """openskill PlackettLuce defaults: mu, sigma, beta^2, tau^2, kappa."""
    m = PlackettLuce()
    return np.array([m.mu, m.sigma, m.beta ** 2, m.tau ** 2, m.kappa])


def packed(games: Games) -> np.ndarray:
    """One int32 row per game, [seats, shared, strategy per seat..., rank per seat...] padded
    to the largest game: a game's data in one cache line for the compiled update."""
    sizes = np.diff(games.offsets)
    width = int(sizes.max(initial=1))
    out = np.zeros((len(games), 2 + 2 * width), np.int32)
    out[:, 0], out[:, 1] = sizes, games.shared
    seat = np.arange(len(games.seats)) - np.repeat(games.offsets[:-1], sizes)
    row = np.repeat(np.arange(len(games)), sizes)
    out[row, 2 + seat] = games.seats
    out[row, 2 + width + seat] = games.ranks
    return out


@numba.njit(cache=True)
def _rate_one(table, order, n_names, const):  # pragma: no cover
    """(mu, sigma) per strategy after rating the games (rows of `packed`) in `order`, with
    openskill's Plackett–Luce update."""
    mu = np.full(n_names, const[0])
    sigma = np.full(n_names, const[1])
    beta2, tau2, kappa = const[2], const[3], const[4]
    width = (table.shape[1] - 2) // 2
    scratch = np.empty((7, width))
    m, s2, e, sum_q, a, new_mu, new_sigma = (scratch[0], scratch[1], scratch[2], scratch[3],
                                             scratch[4], scratch[5], scratch[6])
    acc_mu, acc_sigma, count = np.zeros(n_names), np.zeros(n_names), np.zeros(n_names)
    for g in order:
        row = table[g]
        k = row[0]
        seats, r = row[2:2 + k], row[2 + width:2 + width + k]
        c2 = 0.0
        for j in range(k):
            m[j] = mu[seats[j]]
            s2[j] = sigma[seats[j]] * sigma[seats[j]] + tau2
            c2 += s2[j] + beta2
        c = math.sqrt(c2)
        for j in range(k):
            e[j] = math.exp(m[j] / c)
        for q in range(k):
            sq, aq = 0.0, 0.0
            for i in range(k):
                if r[i] >= r[q]:
                    sq += e[i]
                    if r[i] == r[q]:
                        aq += 1.0
            sum_q[q], a[q] = sq, aq
        for i in range(k):
            omega, delta = 0.0, 0.0
            for q in range(k):
                if r[q] <= r[i]:
                    quotient = e[i] / sum_q[q]
                    delta += quotient * (1.0 - quotient) / a[q]
                    omega += ((1.0 - quotient) if q == i else -quotient) / a[q]
            omega *= s2[i] / c
            delta *= s2[i] / (c * c) * math.sqrt(s2[i]) / c
            new_mu[i] = m[i] + omega
            new_sigma[i] = math.sqrt(s2[i]) * math.sqrt(max(1.0 - delta, kappa))
        if row[1] == 0:
            for j in range(k):
                mu[seats[j]] = new_mu[j]
                sigma[seats[j]] = new_sigma[j]
            continue
        for j in range(k):
            acc_mu[seats[j]] += new_mu[j]
            acc_sigma[seats[j]] += new_sigma[j]
            count[seats[j]] += 1.0
        for j in range(k):
            st = seats[j]
            if count[st] > 0:
                mu[st] = acc_mu[st] / count[st]
                sigma[st] = acc_sigma[st] / count[st]
                acc_mu[st], acc_sigma[st], count[st] = 0.0, 0.0, 0.0
    return mu, sigma


@numba.njit(cache=True, parallel=True)
def _rate_orders(table, orders, bounds, n_names, const):  # pragma: no cover
    """mu per strategy for each order orders[bounds[b]:bounds[b + 1]], in parallel."""
    out = np.empty((len(bounds) - 1, n_names))
    for b in numba.prange(len(bounds) - 1):
        out[b] = _rate_one(table, orders[bounds[b]:bounds[b + 1]], n_names, const)[0]
    return out


def rate(games: Games, order: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mu, sigma) per strategy after rating the games in `order` (indices into games)."""
    return _rate_one(packed(games), np.asarray(order, np.int64), len(games.names),
                     model_constants())


def bootstrap_size(n_games: int, n_boot: int | None, max_updates: int = MAX_UPDATES) -> int:
    """Replicates to run: `n_boot` when given, else AUTO_BOOT or fewer for a large run (at
    least MIN_BOOT)."""
    if n_boot is not None:
        return n_boot
    if n_games == 0:
        return 0
    return int(max(MIN_BOOT, min(AUTO_BOOT, max_updates // n_games)))


def concat_ranges(starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The indices starts[i]..starts[i] + sizes[i] - 1 of every i, one after the other."""
    ends = np.cumsum(sizes)
    return np.repeat(starts - (ends - sizes), sizes) + np.arange(ends[-1] if len(ends) else 0)


def plackett_luce(df: pd.DataFrame, n_boot: int | None = None, seed: int = 0,
                  max_updates: int = MAX_UPDATES, progress: bool | None = None) -> pd.DataFrame:
    """Ratings per strategy, best first: mu, sigma, the 95% interval of mu from the bootstrap
    standard error (mu_lo, mu_hi), the rated games, and the bootstrap replicates (`boot`).
    progress: a progress bar on stderr (default: when stderr is a terminal)."""
    games = rated_games(df)
    n = len(games)
    rng = np.random.default_rng(seed)
    mu, sigma = rate(games, rng.permutation(n))
    table = packed(games)
    members = np.argsort(games.cluster, kind="stable")   # games grouped by deal group
    sizes = np.bincount(games.cluster, minlength=games.cluster.max(initial=-1) + 1)
    sizes = sizes[sizes > 0]
    starts = np.r_[0, np.cumsum(sizes)[:-1]]
    boot = bootstrap_size(n, n_boot, max_updates) if n else 0
    draws = np.empty((boot, len(games.names)))
    show = sys.stderr.isatty() if progress is None else progress
    chunk = max(1, 4 * numba.get_num_threads())
    with tqdm(total=boot, desc="ratings bootstrap", unit="replicate", disable=not show,
              file=sys.stderr, leave=False) as bar:
        for first in range(0, boot, chunk):
            orders = []
            for _ in range(first, min(boot, first + chunk)):
                picked = rng.integers(0, len(sizes), len(sizes))
                orders.append(rng.permutation(members[concat_ranges(starts[picked],
                                                                    sizes[picked])]))
            bounds = np.r_[0, np.cumsum([len(o) for o in orders])]
            draws[first:first + len(orders)] = _rate_orders(
                table, np.concatenate(orders).astype(np.int64), bounds, len(games.names),
                model_constants())
            bar.update(len(orders))
    se = draws.std(axis=0, ddof=1) if boot > 1 else np.full(len(games.names), np.nan)
    seat_game = np.repeat(np.arange(n), np.diff(games.offsets))
    pairs = np.unique(seat_game * len(games.names) + games.seats)
    played = np.bincount(pairs % len(games.names), minlength=len(games.names))
    out = pd.DataFrame({"strategy": games.names, "mu": mu, "sigma": sigma,
                        "mu_lo": mu - Z95 * se, "mu_hi": mu + Z95 * se, "games": played,
                        "boot": boot})
    return out.sort_values("mu", ascending=False, ignore_index=True)
