"""Jamaica, Santiago de Cuba and Siberia through the generic command line, the same checks for
each: listed with their presets, a played game's log, its JSON-lines trace (header, first and
last event, final scores equal to the score events) with --check, bad input in one line, and
(compiled, subprocess) the shipped round-robin tournaments with their reports. What only one
game shows stays in tests/<game>/test_cli.py."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from core import games as catalogue
from tests.sim.helpers import play_traced, run_cli, run_compiled


@dataclass(frozen=True)
class Case:
    """What one game shows on the command line."""

    play: tuple[str, ...]           # `play` arguments after the game's name
    listed: str                     # in `games`
    presets: tuple[str, ...]        # in `strategies <game>`
    log: tuple[str, ...]            # in the played game's log
    score_unit: int | None          # score events per point of final score (None: no events)
    bad: tuple[tuple[tuple[str, ...], str], ...]  # (play arguments, in the one error line)
    tournaments: tuple[tuple[str, int], ...] = ()  # shipped configs, games played of each
    announced: str = ""             # in the first tournament's summary
    report: tuple[str, ...] = ()     # section titles on the report page
    ranked: tuple[str, ...] = ()     # strategies in the report's summary
    figures: tuple[str, ...] = ()    # report figures (PNG)


CASES = {
    "jamaica": Case(
        play=("--players", "4", "--strategies", "racer,pirate,merchant,treasure_hunter",
              "--seed", "5"),
        listed="jamaica (Jamaica): 2-6 players; strategies: racer, pirate, merchant, "
               "treasure_hunter, greedy, mcts, mcts_strong, mcts_scored, "
               "mcts_decoupled, mcts_single_observer, random",
        presets=("pirate (plan):", "greedy (greedy):", "mcts (mcts):"),
        log=("== Setup ==", "== Round 1: captain", "== Game over =="),
        score_unit=1,
        bad=((("--players", "7"), "use --players 2..6"),
             (("--variant", "sabre_mode=never"), "once_after_roll, any_time"),
             (("--strategies", "buccaneer"), "buccaneer")),
        tournaments=(("jamaica-round-robin", 60), ("jamaica-ghost-ship", 40)),
        report=("Jamaica: treasures", "Jamaica: fights", "Jamaica: Captain seat"),
        ranked=("racer", "pirate", "merchant", "treasure_hunter", "random")),
    "santiago": Case(
        play=("--players", "3", "--strategies", "random,greedy,landlord", "--seed", "5"),
        listed="santiago (Santiago de Cuba): 2-4 players",
        presets=(),
        log=("== Setup ==", "== Ship 7 ==", "game over", "Final standings (santiago, seed 5)"),
        score_unit=None,
        bad=((("--players", "5"), "error:"),
             (("--variant", "layout=diagonal"), "use one of: random, fixed, forbid"))),
    "siberia": Case(
        play=("--players", "3", "--strategies", "staff_first,resource_rush,greedy", "--seed",
              "5"),
        listed="siberia (Siberia): 2-4 players; strategies: staff_first, resource_rush, greedy, "
               "mcts, mcts_strong, random",
        presets=("staff_first (plan):", "greedy (greedy):"),
        log=("== Setup ==", "== Final money ==", "T1   P"),
        score_unit=1000,  # every dollar is a score event; scores are in thousands
        bad=((("--players", "5"), "use --players 2..4"),
             (("--variant", "refill_mode=sideways"), "use one of: slide, in_place")),
        tournaments=(("siberia-round-robin", 90),),
        announced="siberia-round-robin: 360 games",
        report=("Siberia: money by source", "Siberia: hires", "Siberia: turns"),
        ranked=("staff_first", "resource_rush", "greedy", "random"),
        figures=("siberia_money_sources", "siberia_upgrades", "siberia_hire_rate",
                 "siberia_resource_cards")),
}
GAMES = list(CASES)


@pytest.mark.parametrize("game", GAMES)
def test_games_and_strategies_list_the_game(game: str) -> None:
    case = CASES[game]
    result = run_cli("games")
    assert result.exit_code == 0 and case.listed in result.stdout
    listing = run_cli("strategies", game).stdout
    assert all(line in listing for line in case.presets), listing


@pytest.mark.parametrize("game", GAMES)
def test_play_log_trace_and_check(tmp_path: Path, game: str) -> None:
    case = CASES[game]
    result, lines = play_traced(tmp_path, game, *case.play, "--check")
    assert all(marker in result.stdout for marker in case.log), result.stdout[-2000:]
    header, final = lines[0], lines[-1]
    players = int(case.play[case.play.index("--players") + 1])
    rules = catalogue.get(game).rules
    assert header["game"] == game and header["players"] == players
    assert header["variant"] == rules.switch_values(rules.load_raw())
    assert header["rules_data_hash"] == rules.rules_data_hash()
    events = [line["event"] for line in lines[1:-1]]
    assert events[0]["name"] == "setup" and events[-1]["name"] == "game_end"
    assert final["final"]["error"] is None and len(final["final"]["scores"]) == players
    if case.score_unit is not None:
        for p in range(players):
            scored = sum(e["amount"] for e in events if e["name"] == "score" and e["player"] == p)
            assert scored == final["final"]["scores"][p] * case.score_unit


@pytest.mark.parametrize("game", GAMES)
def test_bad_input_is_one_line(game: str) -> None:
    for args, fragment in CASES[game].bad:
        result = run_cli("play", game, *args)
        assert result.exit_code == 2 and fragment in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.compiled
@pytest.mark.parametrize("game", [g for g in GAMES if CASES[g].tournaments])
def test_shipped_tournaments_and_reports(tmp_path: Path, game: str) -> None:
    case = CASES[game]
    for name, games in case.tournaments:
        out = tmp_path / name
        played = run_compiled("tournament", f"configs/tournaments/{name}.toml", "--games",
                              str(games), "--workers", "1", "--out", out).stdout
        report = run_compiled("report", out).stdout
        page = (out / "report" / "index.html").read_text()
        assert all(title in page for title in case.report), case.report
        assert all((out / "report" / f"{figure}.png").is_file() for figure in case.figures)
        if name == case.tournaments[0][0]:
            assert case.announced in played, played
            assert all(strategy in report for strategy in case.ranked), report
