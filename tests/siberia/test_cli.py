"""Siberia through the generic command line, what only Siberia shows: its standings table,
colours and public state in the trace, the refills in the log, and variants in the header
(tests/test_cli_games.py checks what every game shows)."""
from __future__ import annotations

from pathlib import Path

from tests.sim.helpers import play_traced

PLAY = ["siberia", "--players", "3", "--strategies", "staff_first,resource_rush,greedy",
        "--seed", "5"]


def test_play_table_colours_and_public_state(tmp_path: Path) -> None:
    result, lines = play_traced(tmp_path, *PLAY)
    table = result.stdout.split("Final standings (siberia, seed 5)\n")[1].splitlines()
    assert table[0].split()[:6] == ["seat", "strategy", "score", "rank", "win", "money"]
    assert lines[0]["colours"] == ["red", "blue", "green"]
    assert [line["i"] for line in lines[1:-1]] == list(range(1, len(lines) - 1))
    # public state only: hand sizes, never hand contents or face-down cards
    state = lines[5]["state"]
    assert set(state["players"][0]) >= {"money", "hand_size", "workers", "salesmen"}
    assert "hand" not in state["players"][0]
    assert all(c is None or c == "face_down" or set(c) == {"kind", "value"}
               for c in state["row"])


def test_the_log_names_only_refills_that_took_cards(tmp_path: Path) -> None:
    """SIB-R15: once the deck is empty the log stops repeating "refilled with 0 face down";
    every refill that took cards has its line, and the trace keeps every refill event."""
    result, lines = play_traced(tmp_path, *PLAY)
    refills = [line["event"] for line in lines[1:-1] if line["event"]["name"] == "refill"]
    assert any(e["added"] == 0 and e["deck"] == 0 for e in refills)  # the deck ran out
    assert "refilled with 0 face down" not in result.stdout
    assert result.stdout.count("the row is refilled") == sum(e["added"] > 0 for e in refills)


def test_variant_reaches_the_game_and_the_header(tmp_path: Path) -> None:
    _, lines = play_traced(tmp_path, "siberia", "--players", "5", "--quiet", "--variant",
                           "players_max=5", "--variant", "refill_mode=in_place", "--check")
    assert lines[0]["variant"]["players_max"] == 5
    assert lines[0]["variant"]["refill_mode"] == "in_place"
