"""One compiled entry point for every Cuba strategy kernel, selected by kernel id per seat."""
from core.jit import njit
from strategies.cuba import random as random_kernel

KERNELS = ("random",)


@njit
def decide(kernel, params, s, t, opts, n, rng):
    """Index into opts[:n] chosen by the seat's kernel."""
    return random_kernel.choose(params, s, t, opts, n, rng)
