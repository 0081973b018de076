"""The state the Cuba kernel decision tests construct their scenarios on."""
from __future__ import annotations

import numpy as np
import pytest

from tests.cuba.scenario import fresh
from tests.strategies.cuba.helpers import T


@pytest.fixture
def s() -> np.ndarray:
    """A fresh 4-player game of the default rules (seed 1), seat 0 to start."""
    return fresh(T, 4, seed=1, start=0)
