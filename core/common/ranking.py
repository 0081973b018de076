"""Final standings from one sort key per seat (compiled; every game's records use it)."""
import numpy as np

from core.jit import njit


@njit
def rank_by_keys(key, rank, share):
    """rank[p] = 1 + the seats with a larger key[p]; the seats with the largest key share the
    win equally (share[p] = 1 / their number, 0 for the others)."""
    best = key.max()
    winners = np.sum(key == best)
    for p in range(key.shape[0]):
        rank[p] = 1 + np.sum(key > key[p])
        share[p] = 1.0 / winners if key[p] == best else 0.0
