"""The meeplab command line: play log, JSON-lines trace, errors, bench (compiled only)."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sim.cli as cli
import sim.session as session
from core.cuba.check import ERR_PIECES
from core.cuba.tables import load_raw, rules_data_hash, switch_values
from tests.json_schema import Validator

ROOT = Path(__file__).resolve().parents[1]
PLAY = ["play", "cuba", "--players", "4", "--strategies", "random,random,random,random",
        "--seed", "7"]


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def play_trace(tmp_path: Path, *extra: str, name: str = "t.jsonl") -> list[dict]:
    path = tmp_path / name
    result = run(*PLAY, "--quiet", "--trace", str(path), *extra)
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def trace_lines(tmp_path_factory) -> list[dict]:
    return play_trace(tmp_path_factory.mktemp("trace"))


def test_play_prints_log_and_final_table():
    result = run(*PLAY)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "== Round 1 ==" in out and "== Round 6 ==" in out and "-- parliament --" in out
    table = out.split("Final standings (cuba, seed 7)\n")[1].splitlines()
    assert table[0].split()[:6] == ["seat", "strategy", "score", "rank", "win", "money"]
    assert [row.split()[:2] for row in table[1:5]] == [
        ["P1", "(blue)"], ["P2", "(red)"], ["P3", "(yellow)"], ["P4", "(green)"]]
    assert result.stderr == ""


def test_quiet_prints_only_the_table():
    out = run(*PLAY, "--quiet").stdout
    assert out.startswith("Final standings") and "Round" not in out


def test_trace_header(trace_lines):
    header = trace_lines[0]
    assert header == {
        "format": "meeplab-trace", "version": 1, "game": "cuba", "players": 4,
        "variant": switch_values(load_raw()), "variant_name": "", "variant_data": {},
        "seed": 7, "strategies": ["random"] * 4,
        "rules_data_hash": rules_data_hash(), "colours": ["blue", "red", "yellow", "green"]}


def test_variant_overrides_reach_the_header(tmp_path):
    header = play_trace(tmp_path, "--variant", "money_limited=true",
                        "--variant", "goods_row_spaces=4",
                        "--variant", "plantation_side=individual")[0]
    assert header["variant"]["money_limited"] is True
    assert header["variant"]["goods_row_spaces"] == 4
    assert header["variant"]["plantation_side"] == "individual"


def test_same_seed_same_bytes(tmp_path):
    paths = [tmp_path / f"{i}.jsonl" for i in range(3)]
    for path, seed in zip(paths, ("7", "7", "8")):
        assert run(*PLAY[:-1], seed, "--quiet", "--trace", str(path)).exit_code == 0
    assert paths[0].read_bytes() == paths[1].read_bytes() != paths[2].read_bytes()


def test_every_line_matches_the_schema(trace_lines):
    validator = Validator(json.loads(
        (ROOT / "docs/reference/trace-cuba.schema.json").read_text()))
    for n, line in enumerate(trace_lines):
        assert validator.errors(line) == [], f"line {n + 1}"
    assert "format" in trace_lines[0] and "final" in trace_lines[-1]
    assert [line["i"] for line in trace_lines[1:-1]] == list(range(1, len(trace_lines) - 1))
    assert validator.errors({"i": 1, "event": {"name": "nope"}, "state": {}}) != []


def test_vp_events_add_up_to_the_scores(trace_lines):
    events = [line["event"] for line in trace_lines[1:-1]]
    final = trace_lines[-1]["final"]
    for p, score in enumerate(final["scores"]):
        assert sum(e["amount"] for e in events if e["name"] == "vp" and e["player"] == p) == score
        assert trace_lines[-2]["state"]["players"][p]["vp"] == score
    assert final["error"] is None and sum(final["win_shares"]) == pytest.approx(1.0)


def test_check_passes():
    assert run(*PLAY, "--quiet", "--check").exit_code == 0


def test_check_failure_exits_1(monkeypatch):
    real = session.get_game

    def broken(name):
        game = real(name)
        play = game.play_game
        return dataclasses.replace(
            game, play_game=lambda *a, **k: play(*a, **k)._replace(error=ERR_PIECES))
    monkeypatch.setattr(session, "get_game", broken)   # `play` sets up through the session
    result = run(*PLAY, "--quiet", "--check")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: invariant broken: pieces not conserved;")


@pytest.mark.parametrize("args, problem", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "cuba", "--strategies", "random,nobody"], "unknown strategy 'nobody'"),
    (["play", "cuba", "--players", "6"], "6 players is out of range; use --players 2..5"),
    (["play", "cuba", "--players", "1"], "1 players is out of range"),
    (["play", "cuba", "--players", "4", "--strategies", "random,random,random"],
     "3 strategies given for 4 players"),
    (["play", "cuba", "--variant", "nope=1"], "unknown variant switch 'nope'"),
    (["play", "cuba", "--variant", "money_limited=maybe"], "money_limited=maybe is not allowed"),
    (["play", "cuba", "--variant", "goods_row_spaces=5"], "goods_row_spaces=5 is not allowed"),
    (["play", "cuba", "--variant", "money_limited"], "is neither KEY=VALUE nor a .toml file"),
    (["play", "cuba", "--trace", "/nonexistent-dir/t.jsonl"], "cannot write trace file"),
    (["play", "cuba", "--seed", "-1"], "--seed -1 is negative"),
    (["bench", "cuba", "--strategies", "nobody"], "unknown strategy 'nobody'"),
    (["bench", "cuba", "--games", "0"], "--games 0 is too small"),
])
def test_bad_input_is_one_line_and_exit_2(args, problem):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "; " in lines[0]
    assert problem in lines[0]
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_parser_errors_are_one_line_too(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["meeplab", "play", "cuba", "--players", "abc"])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and "--players" in err[0]


def test_bench_worker_reports_json(capsys):
    from sim.bench import worker as bench_worker

    bench_worker.main(["cuba", "random,random", "2"])
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and report["seconds"] > 0


@pytest.mark.soak
@pytest.mark.compiled
def test_bench_json_compiled():
    """The whole bench with the JIT on, in a subprocess. Slow on a cold numba cache, so it
    runs only when asked for: pytest -m soak."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    done = subprocess.run([sys.executable, "-m", "sim.cli", "bench", "cuba", "--games", "2000",
                           "--json"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert {"games_per_s_per_core", "compile_s", "jit_speedup", "games", "players",
            "strategies", "cached_start_s"} <= report.keys()
    assert report["jit"] and report["games"] == 2000 and report["jit_speedup"] > 1


def test_games_lists_every_game_with_its_player_counts():
    result = run("games")
    assert result.exit_code == 0
    assert "cuba (Cuba): 2-5 players; strategies: " in result.stdout and "random" in result.stdout


def test_games_listing_names_what_the_registry_and_rules_hold():
    """The fast listing (descriptors, rules data and preset files only) says what loading every
    game would: its title, player range (CUBA-R0, SDC-R0, SIB-R0, JAM-R0, CUBIST-R0) and every
    registered strategy in the registry's order."""
    from sim.games import get, listing

    for row in listing():
        game = get(row["name"])
        assert row["title"] == game.title
        assert tuple(row["players"]) == game.player_range(game.load_tables(None))
        assert row["strategies"] == game.strategy_names()


def test_games_listing_loads_no_engine_kernel_pandas_or_numba():
    """`meeplab games` reads descriptors lazily: no game's compiled rules, no strategy kernel, no
    pandas, and no numba at all (Jamaica's route table is built when its flat rules vector is
    first needed, the loop's safeguard imported by Engine.of), so nothing compiles."""
    code = ("import sys; from sim.cli import main; sys.argv = ['meeplab', 'games']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "light = {'strategies', 'strategies.common', 'strategies.common.registry', "
            "'strategies.common.spec', 'strategies.common.value'}\n"
            "bad = [m for m in sys.modules if m in ('pandas', 'numba') "
            "or m.startswith('strategies') "
            "and m not in light or m.startswith('core.') "
            "and m.split('.')[-1] in ('rules', 'actions', 'play', 'hidden', 'state')]\n"
            "print('LOADED', sorted(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=300, check=True).stdout
    assert "jamaica (Jamaica): 2-6 players" in out
    assert out.strip().splitlines()[-1] == "LOADED []", out
