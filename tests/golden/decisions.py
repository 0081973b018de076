"""The legal options at each decision of a golden case, as text, the way OpenSpiel's
playthroughs list them: `<case>.options` beside `<case>.log`, one block per decision a seat is
asked (two or more options): the events since the one before (the log's sentences), the seat
and the decision's kind, then every legal option (the game's `option_text`), the one taken
marked `>`.

The case is played again interpreted, through the shared loop with a decide hook that notes
each decision before the seat's kernel answers it; `write_cases` refuses a game whose trace
differs from the one the compiled case pinned. Run it interpreted (`NUMBA_DISABLE_JIT=1`, the
hook is a Python function); `tests.golden.playthroughs.write` does.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from core import games as catalogue
from core.common.loop import bind
from core.common.layout import EVW
from core.common.trace import events, player_label, trace_buffer
from sim.session import prepare
from strategies.common.bound import bound

MAX_EVENTS = 6000  # as `meeplab play` traces


class Decision(NamedTuple):
    """One decision a seat was asked: the state, the legal options, the one taken, and how many
    events the game had logged before it."""

    state: np.ndarray
    options: np.ndarray
    taken: int
    events: int


def played(game_name: str, players: int, strategies: str, variants: list[str],
           seed: int) -> tuple[Any, list[Decision], np.ndarray]:
    """(tables, decisions, trace buffer) of the `meeplab play` game of these arguments."""
    setup = prepare(game_name, players, strategies, variants)
    game = catalogue.get(game_name)
    decide = bound(game).decide
    tr = trace_buffer(MAX_EVENTS, game.engine.state_size)
    found: list[Decision] = []

    def noting(kernel, params, s, t, opts, n, rng):  # type: ignore[no-untyped-def]
        state, options, events = s.copy(), opts[:n].copy(), int(tr[0, 0])
        i = decide(kernel, params, s, t, opts, n, rng)
        found.append(Decision(state, options, int(opts[i]), events))
        return i

    loop = bind(game, noting)
    loop.play_batch(game.rules.flatten(setup.tables), players, np.array([seed], np.int64),
                    setup.kernels.astype(np.int32), setup.params.astype(np.float64), False, tr)
    return setup.tables, found, tr


def lines(game_name: str, players: int, tables: Any, decisions: list[Decision],
          tr: np.ndarray) -> Iterator[str]:
    """The decision blocks of a played game."""
    game = catalogue.get(game_name)
    e, text = game.engine, game.option_text
    sentences = game.trace.event_sentences(tr, tables, players, game.colours)
    shown = 0
    for k, d in enumerate(decisions, 1):
        for sentence in sentences[shown:d.events]:
            yield f"  {sentence}"
        shown = d.events
        dk = int(d.state[e.decision_slot])
        kind = e.decisions.kinds[dk - 1]
        who = player_label(int(d.state[e.seat_slot]), game.colours)
        yield f"#{k} {who}: {kind.name.lower()} ({kind.clause})"
        for o in d.options:
            yield f"  {'>' if o == d.taken else ' '} {text(o, d.state, tables)}"
    for sentence in sentences[shown:]:
        yield f"  {sentence}"


def raw_events(trace_file: Path) -> list[list[int]]:
    """Every event's raw integers in a JSON-lines trace."""
    with open(trace_file, encoding="utf-8") as f:
        return [json.loads(line)["event"]["raw"] for line in f if line.startswith('{"i":')]


def write_cases(folder: Path, game_name: str) -> list[Path]:
    """Write folder/<case>.options for every case of the game, each checked against the trace
    its compiled game left in folder/<case>.jsonl; return the files written."""
    from tests.golden.playthroughs import CASES

    written = []
    for case in CASES[game_name]:
        tables, decisions, tr = played(game_name, case.players, case.strategies,
                                       list(case.variants), case.seed)
        pinned = raw_events(folder / f"{case.name}.jsonl")
        if events(tr)[:, :EVW].tolist() != pinned:
            raise RuntimeError(f"{game_name} {case.name}: the game played again interpreted "
                               "differs from the compiled one")
        out = folder / f"{case.name}.options"
        head = [f"$ meeplab {' '.join(case.args(game_name))}",
                "# the legal options at each decision a seat was asked (two or more), the one "
                "taken marked >, after the events since the decision before"]
        out.write_text("\n".join([*head, *lines(game_name, case.players, tables, decisions,
                                                 tr)]) + "\n", encoding="utf-8")
        written.append(out)
    return written


if __name__ == "__main__":
    print(json.dumps([str(p) for p in write_cases(Path(sys.argv[1]), sys.argv[2])]))
