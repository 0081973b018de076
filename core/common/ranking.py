"""Final standings from one sort key per seat (compiled; every game's records use it)."""
from core.jit import njit


@njit
def rank_by_keys(key, rank, share):
    """rank[p] = 1 + the seats with a larger key[p]; the seats with the largest key share the
    win equally (share[p] = 1 / their number, 0 for the others)."""
    n = key.shape[0]
    best = key[0]
    for p in range(1, n):
        best = max(best, key[p])
    winners = 0
    for p in range(n):
        winners += key[p] == best
    for p in range(n):
        r = 1
        for q in range(n):
            r += key[q] > key[p]
        rank[p] = r
        share[p] = 1.0 / winners if key[p] == best else 0.0
