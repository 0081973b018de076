"""Santiago de Cuba's strategy registry: its kernels (dispatch.MODULES) and presets file."""
from strategies.common.registry import Registry
from strategies.santiago.dispatch import MODULES

REGISTRY = Registry("santiago", MODULES)
