"""The seeded noise a plan's `variety` adds to the option values of its shaping decisions, and
the zeros of a deterministic choice."""
import numpy as np

from core.cuba.actions import MAX_OPTIONS
from core.jit import njit, stack_array
from strategies.common.variety import noise


@njit(inline="always")
def no_noise():
    """The noise of a deterministic choice (look-ahead, variety 0): zeros on the caller's stack.
    (Not a module constant: numba compiles a read-only array argument as another type, and
    every plan choice it reaches would compile twice.)"""
    z = stack_array(MAX_OPTIONS, 0, np.float64)
    z[:] = 0.0
    return z


@njit(_nrt=False)
def draw_noise(scale, rng, out, n):
    """out[:n] = the variety noise (strategies.common.variety) of n options from the decision's
    random stream (argmax of value + noise: a softmax choice at temperature `scale`); zeros,
    drawing nothing, when the scale is 0."""
    for i in range(n):
        out[i] = noise(rng, scale)
