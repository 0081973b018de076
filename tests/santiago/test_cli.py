"""Santiago through the generic command line, what only Santiago shows: the tile layout in the
trace, layout variants, and the tile study from its sweep config (a small version)
(tests/test_cli_games.py checks what every game shows)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.sim.helpers import play_traced, run_cli, run_compiled

PLAY = ["play", "santiago", "--players", "3", "--strategies", "random,greedy,landlord",
        "--seed", "5"]


def test_the_trace_carries_the_layout(tmp_path: Path) -> None:
    _, lines = play_traced(tmp_path, *PLAY[1:], "--quiet")
    header = lines[0]
    assert header["variant"]["layout"] == "random"
    assert set(header["layout"]["buildings"]) == {f"B{i}" for i in range(1, 13)}
    assert lines[1]["event"]["name"] == "setup" and "layout" in lines[1]["event"]
    assert lines[1]["state"]["layout"] == {k: header["layout"][k] for k in lines[1]["state"][
        "layout"]}


def test_play_with_the_advice_and_a_fixed_layout_variant() -> None:
    result = run_cli(*PLAY, "--quiet", "--variant", "layout=forbid")
    assert result.exit_code == 0, result.output
    order = json.dumps(["cafe", "bank", "casino", "church", "rum_distillery", "harbour_office",
                        "cigar_factory", "black_market", "trading_office", "sawmill",
                        "newspaper", "customs_office"]).replace('"', "'")
    result = run_cli(*PLAY, "--quiet", "--variant", "layout=fixed", "--variant",
                     f"layout.fixed.buildings={order}")
    assert result.exit_code == 0, result.output


@pytest.mark.compiled
def test_tile_study_runs_from_its_sweep_config(tmp_path: Path) -> None:
    out = tmp_path / "study"
    stdout = run_compiled("sweep", "configs/sweeps/santiago-tile-study.toml", "--games", "48",
                          "--workers", "1", "--out", out).stdout
    assert "forbid - random" in stdout and "spread (sd)" in stdout
    # one command: the comparison also holds each run's layout section with the pair effects
    page = (out / "compare" / "index.html").read_text()
    assert '<section id="random-santiago-layout">' in page
    assert "random: Santiago: tile layout" in page
    assert "Gain when the rum distillery at yellow" in page
    assert "Balance with and without the pairs" in page
    shutil.rmtree(out)
