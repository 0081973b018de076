"""Deterministic random streams (splitmix64) for deals and seats, so a game never depends on
numba's global random state. A stream is a uint64[1] array."""
import numpy as np

from core.jit import njit

DEAL_STREAM = 99  # the deal's stream; seat p draws from stream p


@njit(inline="always")
def rng_next(rng):
    """Advance the uint64 state in rng[0]; return 64 random bits."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(inline="always")
def rng_below(rng, n):
    """A uniform integer in [0, n) for n < 2**32 (multiply-shift: no division)."""
    return np.int64(((rng_next(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(_nrt=False)
def rng_seed(rng, seed, stream):
    """Seed rng for (seed, stream): independent streams for the deal and each seat."""
    rng[0] = np.uint64(seed) ^ (np.uint64(stream + 1) * np.uint64(0xD1B54A32D192ED03))
    rng_next(rng)


@njit
def deal_rng(seed):
    """The deal's stream of a game seed."""
    rng = np.zeros(1, np.uint64)
    rng_seed(rng, seed, DEAL_STREAM)
    return rng


@njit(_nrt=False)
def shuffle(rng, a, n):
    """Fisher-Yates shuffle of a[:n]."""
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


@njit(_nrt=False)
def seed_seats(rngs, n_players, seed):
    """Seed rngs[p] (a uint64[:, 1]) for seats p < n_players: one independent random stream
    per seat for the strategies, from the game seed."""
    for p in range(n_players):
        rng_seed(rngs[p], seed, p)


@njit
def seat_rngs(n_players, seed):
    """The seats' random streams (seed_seats) in a new array."""
    rngs = np.zeros((n_players, 1), np.uint64)
    seed_seats(rngs, n_players, seed)
    return rngs
