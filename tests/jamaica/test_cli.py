"""Jamaica through the generic command line: games, strategies, play (log, JSON-lines trace,
check, variants), bad input, and the shipped round-robin and Ghost Ship configs with their
report (compiled, subprocess)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sim.cli as cli
from core.jamaica.tables import load_raw, rules_data_hash, switch_values
from tests.engines import run_compiled

PLAY = ["play", "jamaica", "--players", "4", "--strategies",
        "racer,pirate,merchant,treasure_hunter", "--seed", "5"]


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def test_games_and_strategies_list_jamaica() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert ("jamaica (Jamaica): 2-6 players; strategies: racer, pirate, merchant, "
            "treasure_hunter, greedy, mcts, mcts_strong, mcts_decoupled, mcts_single_observer, "
            "random") in result.stdout
    listing = run("strategies", "jamaica").stdout
    assert "pirate (plan):" in listing and "greedy (greedy):" in listing and "mcts (mcts):" in listing


def test_play_log_trace_and_check(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    result = run(*PLAY, "--check", "--trace", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "== Setup ==" in out and "== Round 1: captain" in out and "== Game over ==" in out
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    header, final = lines[0], lines[-1]
    assert header["game"] == "jamaica" and header["players"] == 4
    assert header["variant"] == switch_values(load_raw())
    assert header["rules_data_hash"] == rules_data_hash()
    events = [line["event"] for line in lines[1:-1]]
    assert events[0]["name"] == "setup" and events[-1]["name"] == "game_end"
    assert final["final"]["error"] is None and len(final["final"]["scores"]) == 4
    for p in range(4):
        scored = sum(e["amount"] for e in events if e["name"] == "score" and e["player"] == p)
        assert scored == final["final"]["scores"][p]
    # public state only: no hand, no face-down card's identity
    for line in lines[1:-1]:
        for pl in line["state"]["players"]:
            assert "hand" not in pl and isinstance(pl["face_down_treasures"], int)
        if line["event"]["name"] == "treasure":
            assert line["event"]["card"] in ("face_down", "morgans_map", "sarans_sabre",
                                             "lady_beth", "sixth_hold")


def test_two_players_sail_with_the_ghost_ship(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    result = run("play", "jamaica", "--players", "2", "--seed", "3", "--trace", str(path),
                 "--check")
    assert result.exit_code == 0, result.output
    assert "Ghost Ship (black)" in result.stdout
    first = json.loads(path.read_text().splitlines()[1])
    assert first["state"]["ghost"]["powers"] == ["lady_beth"]


def test_bad_input_is_one_line() -> None:
    result = run("play", "jamaica", "--players", "7")
    assert result.exit_code == 2 and "use --players 2..6" in result.stderr
    result = run("play", "jamaica", "--variant", "sabre_mode=never")
    assert result.exit_code == 2 and "once_after_roll, any_time" in result.stderr
    result = run("play", "jamaica", "--strategies", "buccaneer")
    assert result.exit_code == 2 and "buccaneer" in result.stderr
    for r in (result,):
        assert len(r.stderr.strip().splitlines()) == 1


TOURNAMENTS = """
    import json, subprocess, sys
    out = sys.argv[1]
    cmd = [sys.executable, "-m", "sim.cli"]
    res = {}
    for name, games in (("jamaica-round-robin", "60"), ("jamaica-ghost-ship", "40")):
        play = subprocess.run(cmd + ["tournament", f"configs/tournaments/{name}.toml",
                                     "--games", games, "--workers", "1", "--out",
                                     f"{out}/{name}"], capture_output=True, text=True)
        report = subprocess.run(cmd + ["report", f"{out}/{name}"], capture_output=True,
                                text=True)
        res[name] = [play.returncode, play.stdout[-3000:], play.stderr[-2000:],
                     report.returncode, report.stdout[-3000:], report.stderr[-2000:]]
    print(json.dumps(res))
"""


@pytest.mark.compiled
def test_round_robin_and_ghost_ship_tournaments_and_reports(tmp_path: Path) -> None:
    out = run_compiled(TOURNAMENTS, str(tmp_path))
    for name, (code, stdout, stderr, rcode, rout, rerr) in out.items():
        assert code == 0, stderr
        assert rcode == 0, rerr
        page = (tmp_path / name / "report" / "index.html").read_text()
        for title in ("Jamaica: treasures", "Jamaica: fights", "Jamaica: Captain seat"):
            assert title in page
    for strategy in ("racer", "pirate", "merchant", "treasure_hunter", "random"):
        assert strategy in out["jamaica-round-robin"][4]
