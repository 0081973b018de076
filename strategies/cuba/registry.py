"""Cuba strategy registry: names -> (kernel ids, parameter rows) for the compiled dispatcher."""
from __future__ import annotations

import numpy as np

from strategies.cuba.dispatch import KERNELS

MAX_PARAMS = 16


class UnknownStrategy(ValueError):
    """A strategy name that is not registered."""


def names() -> list[str]:
    """Registered strategy names."""
    return list(KERNELS)


def resolve(strategies: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Kernel id and parameter row per seat for the given strategy names."""
    kernels = np.zeros(len(strategies), np.int32)
    params = np.zeros((len(strategies), MAX_PARAMS))
    for seat, name in enumerate(strategies):
        if name not in KERNELS:
            raise UnknownStrategy(f"unknown strategy '{name}' (known: {', '.join(KERNELS)})")
        kernels[seat] = KERNELS.index(name)
    return kernels, params
