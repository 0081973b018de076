"""Small compiled helpers on a state's slots and on integers, shared by the engines and the
strategies (inlined into their callers)."""
from core.jit import njit


@njit(inline="always")
def span_sum(a, start, n):
    """a[start] + ... + a[start + n - 1] (a slot range of a state: no slice, no runtime)."""
    total = 0
    for i in range(n):
        total += a[start + i]
    return total


@njit(inline="always")
def popcount(v):
    """Set bits of v >= 0."""
    n = 0
    while v:
        v &= v - 1
        n += 1
    return n
