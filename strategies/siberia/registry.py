"""Siberia's strategy registry: its kernels (dispatch.MODULES) and its presets file."""
from strategies.common.registry import Registry
from strategies.siberia.dispatch import MODULES

REGISTRY = Registry("siberia", MODULES)
