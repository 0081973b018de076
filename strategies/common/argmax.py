"""The step of every "best option so far" loop of the kernels: `best, bi = better(value, i,
best, bi)` over the options, from best = NEG (or the value a choice must beat)."""
from core.jit import njit

NEG = -1e18  # below every value: where a search for the best starts


@njit(inline="always")
def better(v, i, best, bi):
    """(v, i) if v beats best, else (best, bi): over the candidates it leaves the first of the
    highest values (a later equal one does not win)."""
    if v > best:
        return v, i
    return best, bi
