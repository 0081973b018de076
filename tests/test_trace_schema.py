"""Every game's trace schema (docs/reference/trace-<game>.schema.json, generated from its event
declarations; tests/test_docs.py keeps the file up to date) describes its traces: each line of
a played game, at the fewest players and at three, matches it. Interpreted."""
from __future__ import annotations

import io
import json

import pytest

from core import games
from core.common.events import game_schema
from sim.session import TRACE_FORMAT, TRACE_VERSION, final_summary, prepare, trace_header
from tests.json_schema import Validator


def trace_lines(game: str, players: int, seed: int) -> list[dict]:
    """The JSON lines `meeplab play GAME --trace` writes for a random game."""
    setup = prepare(game, players, "random", [])
    g = setup.game
    result = g.play_game(setup.tables, players, seed, setup.kernels, setup.params,
                         check=False, trace=True)
    out = io.StringIO()
    g.trace.write_jsonl(out, trace_header(setup, seed), result.trace, setup.tables, players,
                        final_summary(setup, result.records, result.error))
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("game", games.names())
def test_every_line_of_a_played_game_matches_its_schema(game: str) -> None:
    g = games.get(game)
    validator = Validator(game_schema(g, TRACE_FORMAT, TRACE_VERSION))
    fewest = g.player_range(g.rules.load_tables())[0]
    for players in sorted({fewest, 3}):
        lines = trace_lines(game, players, seed=players)
        names = {line["event"]["name"] for line in lines[1:-1]}
        assert len(names) > 3
        for i, line in enumerate(lines):
            assert validator.errors(line) == [], (game, players, i, validator.errors(line)[:3])


@pytest.mark.parametrize("game", games.names())
def test_every_event_is_declared_with_a_meaning_and_its_keys_once(game: str) -> None:
    rows = games.get(game).trace.EVENTS.rows()
    assert [name for name, *_ in rows] == list(games.get(game).trace.EVENTS.codes.keys)
    for name, always, maybe, meaning, _ in rows:
        assert meaning and len(set(always + maybe)) == len(always + maybe), (game, name)
