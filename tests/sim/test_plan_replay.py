"""sim/studies/plan_replay.py: the search seat's game compared with the plan's game on the same
deal."""
from __future__ import annotations

import json

import pytest

from core import games as catalogue
from sim.errors import UserError
from sim.studies.plan_replay import main, measure, parse_settings, same_game

GAME, PLAN = "siberia", "staff_first"   # the smallest engine; the search's rollout plan


def test_the_plan_itself_replays_every_game() -> None:
    r = measure(GAME, games=4, strategy=PLAN, field=PLAN)
    assert (r.replayed, r.replay_share, r.players) == (4, 1.0, 3)
    assert r.replay_lo < 1.0 == r.replay_hi   # a Wilson interval, never empty
    assert r.win_share == pytest.approx(1 / 3, abs=0.5)


def test_another_strategy_does_not_replay() -> None:
    r = measure(GAME, games=4, strategy="random", field=PLAN)
    assert r.replayed < 4
    assert r.field == PLAN


def test_a_deal_with_an_engine_error_is_left_out(monkeypatch) -> None:
    from sim.studies import plan_replay

    real, calls = plan_replay._game, []

    def failing_first(*args):
        calls.append(1)
        return None if len(calls) == 1 else real(*args)
    monkeypatch.setattr(plan_replay, "_game", failing_first)
    r = measure(GAME, games=3, strategy=PLAN, field=PLAN)
    assert (r.games, r.excluded, r.replayed) == (2, 1, 2)
    assert "1 left out" in r.lines()[0]


def test_same_seed_same_result() -> None:
    a = measure(GAME, games=3, seed=7, strategy="random", field=PLAN)
    assert a == measure(GAME, games=3, seed=7, strategy="random", field=PLAN)


def test_search_seat_takes_the_settings_and_its_rollout_as_field() -> None:
    r = measure(GAME, games=1, settings={"iterations": 2, "depth": 2, "prior": 0.0})
    assert r.field == PLAN and r.settings == {"iterations": 2, "depth": 2, "prior": 0.0}


def test_same_game_compares_events_and_states() -> None:
    import numpy as np

    a = np.zeros((4, 8), np.int32)
    a[0, 0] = 2
    a[1:3] = 5
    b = a.copy()
    assert same_game(a, b)
    b[2, 7] = 6
    assert not same_game(a, b)


def test_settings_parse() -> None:
    assert parse_settings(["prior=0.1", "iterations=50", "rollout=racer"]) == {
        "prior": 0.1, "iterations": 50, "rollout": "racer"}
    with pytest.raises(UserError, match="not key=value"):
        parse_settings(["prior"])


@pytest.mark.parametrize("argv, problem", [
    (["nosuchgame"], "unknown game"),
    ([GAME, "--set", "priority=1"], "unknown parameter 'priority'"),
    ([GAME, "--set", "prior=-1"], "prior"),
    ([GAME, "--games", "0"], "--games 0 is too small"),
    ([GAME, "--players", "9"], "out of range"),
    ([GAME, "--strategy", "random"], "no rollout plan"),
    ([GAME, "--games", "x"], "invalid int value"),
])
def test_bad_input_is_one_line(argv: list[str], problem: str, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert err.startswith("error: ") and err.count("\n") == 1 and problem in err
    assert "; " in err and "Traceback" not in err


def test_json_output(capsys) -> None:
    main([GAME, "--games", "2", "--strategy", PLAN, "--field", PLAN, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["replayed"] == 2 and data["game"] == GAME


@pytest.mark.soak
@pytest.mark.compiled
@pytest.mark.parametrize("game", catalogue.names())
def test_the_default_search_does_not_replay_its_plan(game: str) -> None:
    """Issue 43: the default `mcts` plays its rollout plan's game in at most 20% of fresh deals
    (48 deals; a long run: pytest -m soak)."""
    from tests.engines import run_compiled

    out = run_compiled("""
        import json, sys
        from sim.studies.plan_replay import measure
        r = measure(sys.argv[1], games=48, seed=43)
        print(json.dumps({"share": r.replay_share}))
    """, game, timeout=3600)
    assert out["share"] <= 0.2
