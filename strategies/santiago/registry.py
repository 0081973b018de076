"""Santiago de Cuba's strategy registry: its kernels (dispatch.MODULES) and
configs/strategies/santiago.toml."""
from strategies.common.registry import (  # noqa: F401 (re-exported for callers)
    MAX_PARAMS, PresetError, Registry, Strategy, UnknownStrategy,
)
from strategies.santiago.dispatch import MODULES

REGISTRY = Registry("santiago", MODULES)
PRESETS_PATH = REGISTRY.path
kernel_module = REGISTRY.kernel_module
strategies = REGISTRY.strategies
names = REGISTRY.names
resolve = REGISTRY.resolve
describe = REGISTRY.describe
