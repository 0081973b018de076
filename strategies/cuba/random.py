"""Random for Cuba: the uniform kernel every game shares (strategies/common/random.py)."""
from strategies.common.random import DESCRIPTION, KERNEL, PARAMS, choose  # noqa: F401
