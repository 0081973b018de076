"""meeplab bench-tournament: the report's fields (tiny run, engine interpreted)."""
from __future__ import annotations

import json

from tests.sim.helpers import RANDOM_MATCHUPS, run_cli, write_config


def test_bench_tournament_json(tmp_path):
    path = write_config(tmp_path / "b.toml", **RANDOM_MATCHUPS)
    result = run_cli("bench-tournament", path, "--games", "12", "--scaling-games", "6",
                     "--workers", "2", "--json")
    assert result.exit_code == 0, result.output
    r = json.loads(result.stdout)
    assert r["games"] == 8 + 6 and r["workers"] == 2 and r["matchups"] == 2  # whole rotations
    assert r["scaling_games"] == 4 + 3 and r["scaling"] > 0 and r["peak_memory_mb"] > 0
    assert r["games_per_s_per_core"] * 2 <= r["games_per_s"] + 2
    assert not list(tmp_path.glob("runs*"))


def test_bench_tournament_text(tmp_path):
    path = write_config(tmp_path / "b.toml", **RANDOM_MATCHUPS)
    result = run_cli("bench-tournament", path, "--games", "7", "--scaling-games", "6",
                     "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "end to end:" in result.stdout and "scaling:" in result.stdout
