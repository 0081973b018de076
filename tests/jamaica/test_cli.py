"""Jamaica through the generic command line, what only Jamaica shows: a trace of public state
only, and the two-player game with the Ghost Ship (tests/test_cli_games.py checks what every
game shows)."""
from __future__ import annotations

from pathlib import Path

from tests.sim.helpers import play_traced


def test_the_trace_shows_public_state_only(tmp_path: Path) -> None:
    """No hand, no face-down card's identity."""
    _, lines = play_traced(tmp_path, "jamaica", "--players", "4", "--strategies",
                           "racer,pirate,merchant,treasure_hunter", "--seed", "5", "--quiet")
    for line in lines[1:-1]:
        for pl in line["state"]["players"]:
            assert "hand" not in pl and isinstance(pl["face_down_treasures"], int)
        if line["event"]["name"] == "treasure":
            assert line["event"]["card"] in ("face_down", "morgans_map", "sarans_sabre",
                                             "lady_beth", "sixth_hold")


def test_two_players_sail_with_the_ghost_ship(tmp_path: Path) -> None:
    result, lines = play_traced(tmp_path, "jamaica", "--players", "2", "--seed", "3", "--check")
    assert "Ghost Ship (black)" in result.stdout
    assert lines[1]["state"]["ghost"]["powers"] == ["lady_beth"]
