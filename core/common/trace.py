"""The trace buffer shared by every engine, its JSON-lines file, and the helpers every game's
trace.py reads rows and words sentences with (Row, player_label, sentences, plural); its events
are declared with core.common.events.

A buffer is int32[rows, EVW + state size]: row 0 holds the event count and an overflow flag,
each further row one event (code, player, a, b, c, d) and the state after it. A one-row buffer
records nothing, so tracing costs one comparison when off.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NamedTuple

import numpy as np

from core.common.layout import EVW
from core.jit import copy_to_row, njit


@njit(inline="always")
def log(tr, s, code, p, a, b, c, d):
    """Record an event and the state after it (only when tracing)."""
    if tr.shape[0] <= 1:
        return
    i = tr[0, 0] + 1
    if i >= tr.shape[0]:
        tr[0, 1] = 1  # overflow
        return
    tr[i, 0] = code
    tr[i, 1] = p
    tr[i, 2] = a
    tr[i, 3] = b
    tr[i, 4] = c
    tr[i, 5] = d
    tr[0, 0] = i
    copy_to_row(tr, i, EVW, s)


@njit(_nrt=False)
def record(tr, s, code, p, a, b, c, d):
    """`log` out of line: the recording code is not copied into every place an event happens."""
    log(tr, s, code, p, a, b, c, d)


@njit(inline="always")
def log_out_of_line(tr, s, code, p, a, b, c, d):
    """`log` with only its one comparison inlined (the play loop stays small). The event's
    fields go as int64, so `record` compiles once, not once per mix of argument types."""
    if tr.shape[0] > 1:
        record(tr, s, np.int64(code), np.int64(p), np.int64(a), np.int64(b), np.int64(c),
               np.int64(d))


def no_trace() -> np.ndarray:
    """A one-row trace buffer: nothing is recorded."""
    return np.zeros((1, EVW), np.int32)


def trace_buffer(max_events: int, state_size: int) -> np.ndarray:
    """A trace buffer for up to max_events events with their state snapshots."""
    return np.zeros((max_events + 1, EVW + state_size), np.int32)


def events(trace: np.ndarray) -> np.ndarray:
    """The recorded event rows of a trace buffer."""
    return trace[1:int(trace[0, 0]) + 1]


def overflowed(trace: np.ndarray) -> bool:
    """Whether events were dropped because the buffer was full."""
    return bool(trace[0, 1])


def _dump(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def write_jsonl(path: str | Path | IO[str], header: dict[str, Any], trace: np.ndarray,
                event: Callable[[np.ndarray], dict[str, Any]],
                state: Callable[[np.ndarray], dict[str, Any]], final: dict[str, Any],
                texts: Sequence[str]) -> None:
    """Write the trace as JSON lines: header, one {"i", "event", "state"} per event, final.
    `event` decodes an event row's first EVW columns, `state` a state snapshot; `texts` holds
    each event's log sentence (its event's "text")."""
    own = not hasattr(path, "write")
    out: IO[str] = open(path, "w", encoding="utf-8") if own else path  # type: ignore[arg-type]
    try:
        out.write(_dump(header) + "\n")
        for i, (row, text) in enumerate(zip(events(trace), texts, strict=True), start=1):
            line = {"i": i, "event": event(row) | {"text": text}, "state": state(row[EVW:])}
            out.write(_dump(line) + "\n")
        out.write(_dump({"final": final}) + "\n")
    finally:
        if own:
            out.close()


def jsonl_writer(event_dict: Callable[[np.ndarray, Any], dict[str, Any]],
                 public_state: Callable[[np.ndarray, Any, int], dict[str, Any]],
                 event_sentences: Callable[[np.ndarray, Any, int, Sequence[str]], Any],
                 colours: Sequence[str],
                 header_more: Callable[[np.ndarray, Any], dict[str, Any]] | None = None
                 ) -> Callable[..., None]:
    """A game's `write_jsonl(path, header, trace, tables, n_players, final)` (write_jsonl with
    the game's decoders); `header_more(trace, tables)` adds keys to the header."""
    def write_game_jsonl(path: str | Path | IO[str], header: dict[str, Any], trace: np.ndarray,
                         tables: Any, n_players: int, final: dict[str, Any]) -> None:
        """Write the trace as JSON lines: header, one {"i", "event", "state"} per event,
        final."""
        if header_more is not None:
            header = dict(header, **header_more(trace, tables))
        write_jsonl(path, header, trace, lambda row: event_dict(row, tables),
                    lambda snap: public_state(snap, tables, n_players), final,
                    event_sentences(trace, tables, n_players, colours))
    return write_game_jsonl


# --- decoding helpers every game's trace.py uses (pure Python) ---------------------------


class Row(NamedTuple):
    """One trace row split into its parts."""

    code: int
    player: int
    a: int
    b: int
    c: int
    d: int
    state: np.ndarray

    @classmethod
    def of(cls, row: np.ndarray) -> Row:
        return cls(*(int(x) for x in row[:EVW]), row[EVW:])


def player_label(p: int, colours: Sequence[str]) -> str:
    """'P1 (blue)': 1-based seat number and colour."""
    return f"P{p + 1} ({colours[p]})"


def sentences(trace: np.ndarray, clause: Callable[[np.ndarray], str],
              who: Callable[[int], str],
              own: dict[int, Callable[[np.ndarray], str]] | None = None) -> list[str]:
    """Per event, the log's sentence: its actor (`who` of its player, none for -1) and what
    happened (`clause` of its row), e.g. 'P1 (blue) buys 1 Ru for $5'; `own` gives the whole
    sentence of the event codes whose player is not the actor (the log's headers)."""
    out = []
    for row in events(trace):
        code, p = int(row[0]), int(row[1])
        if own and code in own:
            out.append(own[code](row))
        else:
            out.append(f"{who(p)} {clause(row)}" if p >= 0 else clause(row))
    return out


def deal_text(clause: str, p: int, colours: Sequence[str]) -> str:
    """The log's sentence of a deal whose player starts: 'deal: ...; P2 (blue) starts'."""
    return f"{clause}; {player_label(p, colours)} starts"


class TurnLog:
    """A game log written a turn a line: a turn's clauses gathered behind its head
    ('  T12  P2 (blue)     '), then each seat's final line under one title."""

    def __init__(self, colours: Sequence[str], final_title: str) -> None:
        self.colours = colours
        self.final_title = final_title
        self.head = ""  # the turn's; "" before the first turn and once the final lines start
        self.clauses: list[str] = []

    def deal(self, p: int, clause: str) -> str:
        """The line of a deal whose player p starts."""
        return f"  {deal_text(clause, p, self.colours)}"

    def turn(self, turn: int, p: int) -> None:
        """Start gathering turn `turn` of seat p."""
        self.head = f"  T{turn:<3} {player_label(p, self.colours):<12} "

    def flush(self) -> Iterator[str]:
        """The gathered turn's line, if it gathered any clause."""
        if self.clauses:
            yield self.head + "; ".join(self.clauses)
            self.clauses = []

    def final(self, p: int, clause: str) -> Iterator[str]:
        """Seat p's final line, the title before the first."""
        if self.head:
            yield f"== {self.final_title} =="
            self.head = ""
        yield f"  {player_label(p, self.colours):<12} {clause}"


def seat_sentences(trace: np.ndarray, clause: Callable[[np.ndarray], str],
                   colours: Sequence[str], deal: int | None = None) -> list[str]:
    """`sentences` with seats as actors ('P1 (blue)'); the event code `deal`, if any, is a deal
    naming its start player (`deal_text`)."""
    own = {} if deal is None else {
        deal: lambda row: deal_text(clause(row), int(row[1]), colours)}
    return sentences(trace, clause, lambda p: player_label(p, colours), own)


def plural(n: int, word: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
