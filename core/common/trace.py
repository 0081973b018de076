"""The trace buffer shared by every engine, and its JSON-lines file.

A buffer is int32[rows, EVW + state size]: row 0 holds the event count and an overflow flag,
each further row one event (code, player, a, b, c, d) and the state after it. A one-row buffer
records nothing, so tracing costs one comparison when off.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import numpy as np

from core.jit import njit

EVW = 6  # event columns before the state snapshot


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
    tr[i, EVW:] = s


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
                state: Callable[[np.ndarray], dict[str, Any]], final: dict[str, Any]) -> None:
    """Write the trace as JSON lines: header, one {"i", "event", "state"} per event, final.
    `event` decodes an event row's first EVW columns, `state` a state snapshot."""
    own = not hasattr(path, "write")
    out: IO[str] = open(path, "w", encoding="utf-8") if own else path  # type: ignore[arg-type]
    try:
        out.write(_dump(header) + "\n")
        for i, row in enumerate(events(trace), start=1):
            out.write(_dump({"i": i, "event": event(row), "state": state(row[EVW:])}) + "\n")
        out.write(_dump({"final": final}) + "\n")
    finally:
        if own:
            out.close()
