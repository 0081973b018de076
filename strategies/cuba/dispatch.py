"""Cuba's strategy kernels, listed once: a kernel's id is its index in MODULES.
To add a kernel, write strategies/cuba/<name>.py (see strategies/common/dispatch.py) and
append it here; the engine does not change."""
from strategies.common import random as random_kernel
from strategies.common.dispatch import dispatcher
from strategies.cuba import greedy, heuristic

MODULES = (random_kernel, heuristic, greedy)
KERNELS = tuple(m.KERNEL for m in MODULES)
decide = dispatcher("cuba", MODULES)
