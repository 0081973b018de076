"""The README's recipe: any results row is replayed by `meeplab play` with the row's game,
players, seed and the strategies of its game's seats (and the run's variant)."""
from __future__ import annotations

from sim import store
from tests.sim.helpers import run_cli, write_config


def replay_command(rows) -> list[str]:
    """`meeplab play` arguments of one game's rows (all seats of one matchup/deal/seating)."""
    rows = rows.sort_values("seat")
    first = rows.iloc[0]
    return ["play", first["game"], "--players", str(first["players"]), "--seed",
            str(first["seed"]), "--strategies", ",".join(rows["strategy"].astype(str)),
            "--quiet"]


def test_a_results_row_replays_with_play(tmp_path):
    config = write_config(tmp_path / "t.toml", format="matchups",
                          matchups=[["builder", "random", "random"]], games=3, seed=8,
                          variant={"money_limited": True})
    assert run_cli("tournament", config, "--out", tmp_path / "run").exit_code == 0
    df = store.read_results(tmp_path / "run").to_pandas()
    game = df[(df["deal"] == 0) & (df["seating"] == 1)]
    result = run_cli(*replay_command(game), "--variant", "money_limited=true")
    assert result.exit_code == 0, result.output
    table = [line.split() for line in result.stdout.splitlines()[2:]]
    scores = [int(row[3]) for row in table]   # P1 (blue) random SCORE ...
    assert scores == game.sort_values("seat")["score"].tolist()
