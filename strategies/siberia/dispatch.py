"""Siberia's strategy kernels, listed once: a kernel's id is its index in MODULES.
To add a kernel, write strategies/siberia/<name>.py (see strategies/common/dispatch.py) and
append it here; the engine does not change."""
from strategies.common import random as random_kernel
from strategies.common.dispatch import dispatcher
from strategies.siberia import greedy, plan

MODULES = (random_kernel, plan, greedy)
KERNELS = tuple(m.KERNEL for m in MODULES)
decide = dispatcher("siberia", MODULES)
