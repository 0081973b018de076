"""One compiled entry point for every Siberia strategy kernel, selected by kernel id per seat.

This is the one place that lists the kernel modules. To add a kernel, write
strategies/siberia/<name>.py with KERNEL, DESCRIPTION, PARAMS (strategies/common/spec.py) and
a compiled `choose(params, s, t, opts, n, rng) -> index`, append the module to MODULES and
give it a branch in `decide` (its id is its index in MODULES). The engine (core/) does not
change. Each `choose` is called directly: numba cannot cache a function that receives
compiled functions as values.
"""
from core.jit import njit
from strategies.common import random as random_kernel
from strategies.siberia import greedy, plan

MODULES = (random_kernel, plan, greedy)
KERNELS = tuple(m.KERNEL for m in MODULES)


@njit
def decide(kernel, params, s, t, opts, n, rng):
    """Index into opts[:n] chosen by kernel id `kernel` with the seat's parameter row."""
    if kernel == 1:
        return plan.choose(params, s, t, opts, n, rng)
    if kernel == 2:
        return greedy.choose(params, s, t, opts, n, rng)
    return random_kernel.choose(params, s, t, opts, n, rng)
