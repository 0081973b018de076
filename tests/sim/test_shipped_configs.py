"""Every shipped run config loads: tournaments (configs/tournaments/ and the tunes' checks),
sweeps, meta-games and restricted-play jobs (tunes: tests/sim/test_tune.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from sim import config, metagame, restrict, sweep
from tests.sim.helpers import ROOT

CONFIGS = ROOT / "configs"
LOADERS = {"tournaments": config.load, "tunes/tournaments": config.load, "sweeps": sweep.load,
           "metagame": metagame.load, "restrict": restrict.load}


@pytest.mark.parametrize("path", [p for folder in LOADERS
                                  for p in sorted((CONFIGS / folder).glob("*.toml"))],
                         ids=lambda p: str(p.relative_to(CONFIGS)))
def test_a_shipped_config_loads(path: Path) -> None:
    loaded = LOADERS[str(path.parent.relative_to(CONFIGS))](path)
    assert loaded is not None
