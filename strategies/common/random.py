"""Random: uniform over the legal options at every decision point (the skill floor). Every
game's dispatcher lists this module: it reads nothing but the number of options."""
from core.common.rng import rng_below
from core.jit import njit

KERNEL = "random"
DESCRIPTION = "uniform over the legal options at every decision point (the skill floor)"
PARAMS = ()


@njit(inline="always")
def choose(params, s, t, opts, n, rng):
    """Index of a uniformly drawn legal option."""
    return rng_below(rng, n)
