"""Every shipped run config loads: tournaments (configs/tournaments/ and the tunes' checks),
sweeps, meta-games and restricted-play jobs (tunes: tests/sim/test_tune.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from sim.run import config
from sim.studies import metagame, restrict, sweep
from tests.sim.helpers import ROOT

CONFIGS = ROOT / "configs"
LOADERS = {"tournaments": config.load, "tunes/tournaments": config.load, "sweeps": sweep.load,
           "metagame": metagame.load, "restrict": restrict.load}


@pytest.mark.parametrize("path", [p for folder in LOADERS
                                  for p in sorted((CONFIGS / folder).glob("*.toml"))],
                         ids=lambda p: str(p.relative_to(CONFIGS)))
def test_a_shipped_config_loads(path: Path, tmp_path: Path, monkeypatch) -> None:
    if "mcts_tuned" in path.read_text():   # a search tune's check: the study's preset
        monkeypatch.setenv("MEEPLAB_PRESETS", str(_study_presets(tmp_path)))
    loaded = LOADERS[str(path.parent.relative_to(CONFIGS))](path)
    assert loaded is not None


def _study_presets(folder: Path) -> Path:
    """A presets folder holding what a search tune's study writes: mcts_tuned per game."""
    from sim.games import get, names
    from strategies.common.registry import preset_toml

    for game in names():
        reg = get(game).registry
        mcts = reg.strategies().get("mcts")
        if mcts is not None:
            made = reg.make("mcts_tuned", "mcts", "a study's preset", dict(mcts.params))
            (folder / f"{game}.toml").write_text(preset_toml(made, (), game))
    return folder
