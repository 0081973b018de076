"""A game as one self-contained HTML page (issue 22): the trace's header, events and public
states embedded as compact JSON, drawn by the generic viewer (viewer.js, viewer.css: event
list, slider, keys, VP curve) and the game's renderer (a script of this package), all inlined.

Reports never import the engine, so the caller (sim/replay.py, from the game's descriptor)
says which games there are and gives each trace its renderer, its `rules` (the rules values
the renderer needs that the trace does not carry, computed from the rules data under the
trace's variant; empty for a game that needs none, with a `warning` the page shows when they
may not be those the game was played with) and its score curve (every seat's public score
after each event, `scores`, and what it counts, `score_label`).

States are embedded as patches: the first state whole, then per event the leaves that changed
(`[path, value]`, or `[path]` for a key that went away), which keeps a long game to a few
hundred kB; the viewer rebuilds each state, sharing what did not change.
"""
from __future__ import annotations

import copy
import html
import json
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from reports.files import write_fix, write_whole

TRACE_FORMAT, TRACE_VERSION = "meeplab-trace", 1
TRACE_FIX = "give a file written by 'meeplab play GAME --trace FILE.jsonl'"


class TraceError(ValueError):
    """A trace that cannot be shown; str() is '<problem>; <fix>'."""

    def __init__(self, problem: str, fix: str = TRACE_FIX) -> None:
        super().__init__(" ".join(f"{problem}; {fix}".split()))


@dataclass(frozen=True)
class Trace:
    """One game's trace: header, per event its event object and public state, final line; and
    the renderer and rules values its page draws with (see the module's docstring)."""

    header: dict[str, Any]
    events: list[dict[str, Any]]
    states: list[dict[str, Any]]
    final: dict[str, Any]
    rules: dict[str, Any] = field(default_factory=dict)
    renderer: str = ""   # the game's renderer, a script of this package ("" until given)
    # per event, every seat's public score after it (the page's curve), and what it counts
    scores: list[list[float]] = field(default_factory=list)
    score_label: str = ""


# --- reading -------------------------------------------------------------------------------

def _json(line: str, where: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise TraceError(f"{where} is not JSON ({exc.msg})") from exc
    if not isinstance(value, dict):
        raise TraceError(f"{where} is not a JSON object")
    return value


def check_header(header: dict[str, Any], source: str, games: Collection[str]) -> None:
    """A trace header, of one of `games`, this viewer can draw (TraceError otherwise)."""
    if header.get("format") != TRACE_FORMAT:
        raise TraceError(f"{source} is not a meeplab trace (its first line has no "
                         f"\"format\": \"{TRACE_FORMAT}\")")
    if header.get("version") != TRACE_VERSION:
        raise TraceError(f"{source} is trace format version {header.get('version')!r}, this "
                         f"viewer reads version {TRACE_VERSION}",
                         "write the trace again with this version of meeplab")
    if header.get("game") not in games:
        raise TraceError(f"{source} is a trace of the unknown game {header.get('game')!r}",
                         f"the viewer draws {', '.join(games)}")
    players = header.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise TraceError(f"{source} has no valid \"players\" in its header")


def parse(lines: Iterable[str], games: Collection[str], source: str = "the trace") -> Trace:
    """A trace of one of `games` from its JSON lines (TraceError naming the first bad line)."""
    header: dict[str, Any] | None = None
    events: list[dict[str, Any]] = []
    states: list[dict[str, Any]] = []
    final: dict[str, Any] | None = None
    for n, line in enumerate(lines, 1):
        where = f"{source} line {n}"
        if not line.strip():
            raise TraceError(f"{where} is empty (a trace has no blank lines)")
        if final is not None:
            raise TraceError(f"{where} follows the final line")
        obj = _json(line, where)
        if header is None:
            check_header(obj, source, games)
            header = obj
        elif "final" in obj:
            if not isinstance(obj["final"], dict) or not isinstance(
                    obj["final"].get("scores"), list):
                raise TraceError(f"{where}: the final line has no \"scores\" list")
            final = obj["final"]
        else:
            if obj.get("i") != len(events) + 1:
                raise TraceError(f"{where} is event {obj.get('i')!r}, expected event "
                                 f"{len(events) + 1}")
            event, state = obj.get("event"), obj.get("state")
            if not isinstance(event, dict) or not isinstance(event.get("name"), str):
                raise TraceError(f"{where} has no \"event\" object with a \"name\"")
            if not isinstance(state, dict):
                raise TraceError(f"{where} has no \"state\" object")
            events.append(event)
            states.append(state)
    if header is None:
        raise TraceError(f"{source} is empty")
    if not events:
        raise TraceError(f"{source} holds no events")
    if final is None:
        raise TraceError(f"{source} has no final line (the file is cut short)")
    if len(final["scores"]) != header["players"]:
        raise TraceError(f"{source}: the final line scores {len(final['scores'])} seats, the "
                         f"header says {header['players']} players")
    return Trace(header, events, states, final)


def read(path: str | Path, games: Collection[str]) -> Trace:
    """The trace, of one of `games`, in a JSON-lines file (TraceError when it cannot be read or
    drawn)."""
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as f:
            return parse((line.rstrip("\n") for line in f), games, str(path))
    except FileNotFoundError as exc:
        raise TraceError(f"trace file {path} does not exist") from exc
    except IsADirectoryError as exc:
        raise TraceError(f"{path} is a directory, not a trace file",
                         "give a .jsonl trace, or a run directory with --row N") from exc
    except UnicodeDecodeError as exc:
        raise TraceError(f"{path} is not UTF-8 text") from exc
    except OSError as exc:
        raise TraceError(f"cannot read trace file {path} ({exc.strerror})",
                         "check the path and its permissions") from exc


# --- state patches -------------------------------------------------------------------------

def _diff(a: Any, b: Any, path: list[Any], out: list[list[Any]]) -> None:
    """Append to `out` the patch entries that turn `a` into `b` (types compared strictly, so
    1, 1.0 and true stay apart)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out.extend([path + [k]] for k in a if k not in b)
        for k, v in b.items():
            if k in a:
                _diff(a[k], v, path + [k], out)
            else:
                out.append([path + [k], v])
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, path + [i], out)
    elif type(a) is not type(b) or a != b:
        out.append([path, b])


def patches(states: list[dict[str, Any]]) -> list[list[list[Any]]]:
    """Per state after the first, the patch from the state before it."""
    out = []
    for before, after in zip(states, states[1:]):
        entries: list[list[Any]] = []
        _diff(before, after, [], entries)
        out.append(entries)
    return out


def apply_patch(state: Any, patch: list[list[Any]]) -> Any:
    """The state after a patch (the Python twin of the viewer's applyPatch)."""
    state = copy.deepcopy(state)
    for entry in patch:
        path = entry[0]
        if not path:
            state = copy.deepcopy(entry[1])
            continue
        node = state
        for key in path[:-1]:
            node = node[key]
        if len(entry) == 1:
            del node[path[-1]]
        else:
            node[path[-1]] = copy.deepcopy(entry[1])
    return state


def encode(trace: Trace) -> dict[str, Any]:
    """The page's data: header, events (without the engine's raw integers), first state,
    patches, final line, rules values, the score curve and its label."""
    return {"header": trace.header,
            "events": [{k: v for k, v in e.items() if k != "raw"} for e in trace.events],
            "first": trace.states[0], "patches": patches(trace.states), "final": trace.final,
            "rules": trace.rules, "scores": trace.scores, "score_label": trace.score_label}


def decode(data: dict[str, Any]) -> Trace:
    """The trace back from `encode`'s data (events without `raw`, no renderer)."""
    states = [data["first"]]
    for patch in data["patches"]:
        states.append(apply_patch(states[-1], patch))
    return Trace(data["header"], data["events"], states, data["final"], data.get("rules", {}),
                 scores=data.get("scores", []), score_label=data.get("score_label", ""))


# --- the page ------------------------------------------------------------------------------

def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element ('<' escaped, so no '</script>' can close it)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


def embedded(page_html: str) -> dict[str, Any]:
    """The data embedded in a page written by `page` (for tests and tools)."""
    start = page_html.index('<script type="application/json" id="replay-data">')
    body = page_html[page_html.index(">", start) + 1:page_html.index("</script>", start)]
    return json.loads(body)


def title_of(trace: Trace) -> str:
    h = trace.header
    return (f"meeplab replay: {h['game']}, {h['players']} players, seed {h.get('seed')}, "
            f"{', '.join(map(str, h.get('strategies', [])))}")


def page(trace: Trace, title: str | None = None) -> str:
    """The self-contained HTML page of one game (ValueError when the trace has no renderer)."""
    if not trace.renderer:
        raise ValueError(f"no renderer given for the {trace.header['game']} trace")
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width,initial-scale=1'>"
            f"<title>{html.escape(title or title_of(trace))}</title>"
            f"<style>{_asset('viewer.css')}</style></head><body>"
            f'<script type="application/json" id="replay-data">{_script_json(encode(trace))}'
            "</script>"
            f"<script>{_asset('viewer.js')}</script>"
            f"<script>{_asset(trace.renderer)}</script>"
            "<script>Replay.start(document.getElementById('replay-data'));</script>"
            "</body></html>\n")


def write(path: str | Path, trace: Trace, title: str | None = None) -> Path:
    """Write the page of `trace` to `path` (TraceError when it cannot be written)."""
    path, text = Path(path), page(trace, title)
    try:
        write_whole(path, text.encode())
    except OSError as exc:
        raise TraceError(f"cannot write {path} ({exc.strerror or exc})",
                         write_fix(exc, "choose a writable path for --html")) from exc
    return path
