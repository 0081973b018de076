"""Santiago through the generic command line: games, play (log, trace, check), variants,
tournament and report, and the tile study from its sweep config (a small version)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sim.cli as cli
from tests.engines import run_compiled

ROOT = Path(__file__).resolve().parents[2]
PLAY = ["play", "santiago", "--players", "3", "--strategies", "random,greedy,landlord",
        "--seed", "5"]


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def test_games_lists_santiago() -> None:
    result = run("games")
    assert result.exit_code == 0 and "santiago (Santiago de Cuba): 2-4 players" in result.stdout


def test_play_log_trace_and_check(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    result = run(*PLAY, "--check", "--trace", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "== Setup ==" in out and "== Ship 7 ==" in out and "game over" in out
    assert "Final standings (santiago, seed 5)" in out
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    header, final = lines[0], lines[-1]
    assert header["game"] == "santiago" and header["variant"]["layout"] == "random"
    assert set(header["layout"]["buildings"]) == {f"B{i}" for i in range(1, 13)}
    assert lines[1]["event"]["name"] == "setup" and "layout" in lines[1]["event"]
    assert lines[1]["state"]["layout"] == {k: header["layout"][k] for k in lines[1]["state"][
        "layout"]}
    assert final["final"]["error"] is None and len(final["final"]["scores"]) == 3


def test_play_with_the_advice_and_a_fixed_layout_variant() -> None:
    result = run(*PLAY, "--quiet", "--variant", "layout=forbid")
    assert result.exit_code == 0, result.output
    order = json.dumps(["cafe", "bank", "casino", "church", "rum_distillery", "harbour_office",
                        "cigar_factory", "black_market", "trading_office", "sawmill",
                        "newspaper", "customs_office"]).replace('"', "'")
    result = run(*PLAY, "--quiet", "--variant", "layout=fixed", "--variant",
                 f"layout.fixed.buildings={order}")
    assert result.exit_code == 0, result.output
    bad = run(*PLAY, "--variant", "layout=diagonal")
    assert bad.exit_code == 2 and "use one of: random, fixed, forbid" in bad.stderr


def test_players_out_of_range_is_one_line() -> None:
    result = run("play", "santiago", "--players", "5")
    assert result.exit_code == 2 and "error:" in result.stderr


STUDY = """
    import json, subprocess, sys
    out = sys.argv[1]
    sweep = subprocess.run([sys.executable, "-m", "sim.cli", "sweep",
                            "configs/sweeps/santiago-tile-study.toml", "--games", "48",
                            "--workers", "1", "--out", out], capture_output=True, text=True)
    print(json.dumps({"sweep": [sweep.returncode, sweep.stdout[-3000:], sweep.stderr[-2000:]]}))
"""


@pytest.mark.compiled
def test_tile_study_runs_from_its_sweep_config(tmp_path: Path) -> None:
    out = run_compiled(STUDY, str(tmp_path / "study"))
    code, stdout, stderr = out["sweep"]
    assert code == 0, stderr
    assert "forbid - random" in stdout and "spread (sd)" in stdout
    # one command: the comparison also holds each run's layout section with the pair effects
    page = (tmp_path / "study" / "compare" / "index.html").read_text()
    assert '<section id="random-santiago-layout">' in page
    assert "random: Santiago: tile layout" in page
    assert "Gain when the rum distillery at yellow" in page
    assert "Balance with and without the pairs" in page
    shutil.rmtree(tmp_path / "study")
