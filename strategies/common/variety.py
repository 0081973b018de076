"""Seeded variety for the heuristic kernels: Gumbel noise on each option's value, so that taking
the best noisy value draws an option from the softmax of the values at temperature `variety`
(the Gumbel-max identity). Drawn from the decision stream a kernel's `choose` receives: a
plan's openings differ between deals and stay the same for the same seed. At 0 nothing is drawn
and the kernel takes the plain argmax."""
import numpy as np

from core.common.rng import rng_next
from core.jit import njit
from strategies.common.spec import Param

VARIETY = Param("variety", "VP-equivalent scale of the seeded noise on option values "
                           "(0: deterministic argmax)", low=0.0)


@njit(inline="always")
def noise(rng, scale):
    """`scale` times a standard Gumbel draw from rng; 0, drawing nothing, when scale <= 0."""
    if scale <= 0.0:
        return 0.0
    u = (np.float64(rng_next(rng) >> np.uint64(11)) + 0.5) * (1.0 / 9007199254740992.0)
    return -scale * np.log(-np.log(u))
