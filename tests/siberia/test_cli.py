"""Siberia through the generic command line: games, strategies, play (log, JSON-lines trace,
check, variants), and a small round-robin tournament from the shipped config with its report
(compiled, subprocess)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sim.cli as cli
from core.siberia.tables import load_raw, rules_data_hash, switch_values
from tests.engines import run_compiled

PLAY = ["play", "siberia", "--players", "3", "--strategies", "staff_first,resource_rush,greedy",
        "--seed", "5"]


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def test_games_and_strategies_list_siberia() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert ("siberia (Siberia): 2-4 players; strategies: staff_first, resource_rush, greedy, "
            "mcts, mcts_strong, random") in result.stdout
    listing = run("strategies", "siberia").stdout
    assert "staff_first (plan):" in listing and "greedy (greedy):" in listing


def test_play_log_trace_and_check(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    result = run(*PLAY, "--check", "--trace", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "== Setup ==" in out and "== Final money ==" in out and "T1   P" in out
    table = out.split("Final standings (siberia, seed 5)\n")[1].splitlines()
    assert table[0].split()[:6] == ["seat", "strategy", "score", "rank", "win", "money"]
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    header, final = lines[0], lines[-1]
    assert header["game"] == "siberia" and header["players"] == 3
    assert header["variant"] == switch_values(load_raw())
    assert header["rules_data_hash"] == rules_data_hash()
    assert header["colours"] == ["red", "blue", "green"]
    events = [line["event"] for line in lines[1:-1]]
    assert events[0]["name"] == "setup" and events[-1]["name"] == "game_end"
    assert [line["i"] for line in lines[1:-1]] == list(range(1, len(events) + 1))
    assert final["final"]["error"] is None and len(final["final"]["scores"]) == 3
    # every dollar of the final money is one score event (in $; scores are in thousands)
    for p in range(3):
        paid = sum(e["amount"] for e in events if e["name"] == "score" and e["player"] == p)
        assert paid == final["final"]["scores"][p] * 1000
    # public state only: hand sizes, never hand contents or face-down cards
    state = lines[5]["state"]
    assert set(state["players"][0]) >= {"money", "hand_size", "workers", "salesmen"}
    assert "hand" not in state["players"][0]
    assert all(c is None or c == "face_down" or set(c) == {"kind", "value"}
               for c in state["row"])


def test_the_log_names_only_refills_that_took_cards(tmp_path: Path) -> None:
    """SIB-R15 (issue 15 item 6): once the deck is empty the log stops repeating "refilled
    with 0 face down"; every refill that took cards has its line, and the trace keeps every
    refill event."""
    path = tmp_path / "t.jsonl"
    result = run(*PLAY, "--trace", str(path))
    assert result.exit_code == 0, result.output
    events = [json.loads(line)["event"] for line in path.read_text().splitlines()[1:-1]]
    refills = [e for e in events if e["name"] == "refill"]
    assert any(e["added"] == 0 and e["deck"] == 0 for e in refills)  # the deck ran out
    assert "refilled with 0 face down" not in result.stdout
    assert result.stdout.count("the row is refilled") == sum(e["added"] > 0 for e in refills)


def test_variant_reaches_the_game_and_the_header(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    result = run("play", "siberia", "--players", "5", "--quiet", "--variant", "players_max=5",
                 "--variant", "refill_mode=in_place", "--trace", str(path), "--check")
    assert result.exit_code == 0, result.output
    header = json.loads(path.read_text().splitlines()[0])
    assert header["variant"]["players_max"] == 5
    assert header["variant"]["refill_mode"] == "in_place"


def test_bad_input_is_one_line() -> None:
    result = run("play", "siberia", "--players", "5")
    assert result.exit_code == 2 and "use --players 2..4" in result.stderr
    result = run("play", "siberia", "--variant", "refill_mode=sideways")
    assert result.exit_code == 2 and "use one of: slide, in_place" in result.stderr


TOURNAMENT = """
    import json, subprocess, sys
    out = sys.argv[1]
    cmd = [sys.executable, "-m", "sim.cli"]
    play = subprocess.run(cmd + ["tournament", "configs/tournaments/siberia-round-robin.toml",
                                 "--games", "90", "--workers", "1", "--out", out],
                          capture_output=True, text=True)
    report = subprocess.run(cmd + ["report", out], capture_output=True, text=True)
    print(json.dumps({"play": [play.returncode, play.stdout[-3000:], play.stderr[-2000:]],
                      "report": [report.returncode, report.stdout[-3000:],
                                 report.stderr[-2000:]]}))
"""


@pytest.mark.compiled
def test_round_robin_tournament_and_report(tmp_path: Path) -> None:
    out = run_compiled(TOURNAMENT, str(tmp_path / "run"))
    code, stdout, stderr = out["play"]
    assert code == 0, stderr
    assert "siberia-round-robin: 360 games" in stdout
    code, stdout, stderr = out["report"]
    assert code == 0, stderr
    for name in ("staff_first", "resource_rush", "greedy", "random"):
        assert name in stdout
    page = (tmp_path / "run" / "report" / "index.html").read_text()
    for title in ("Siberia: money by source", "Siberia: hires", "Siberia: turns"):
        assert title in page
    for figure in ("siberia_money_sources", "siberia_upgrades", "siberia_hire_rate",
                   "siberia_resource_cards"):
        assert (tmp_path / "run" / "report" / f"{figure}.png").is_file()
