"""Trace events, each declared once (pure Python): its fields, the keys it adds, its sentence and
its meaning. A game's trace.py declares all of its events as one `Events` table, from which
come the event decoder (`decode`: a row's JSON object), the log's clause (`clause`, which the
log lines, the trace's `text` and so the replay page's event list show), the JSON schema of
the game's event objects (`schema`, in the game's trace schema) and the docs' table of its
events (`rows`).

A row is (code, player, a, b, c, d) and the state after the event (core.common.trace). Each of
a, b, c, d is a `Value` under a key, or unused: the value's decoder turns the raw integer into
JSON and its schema says what that JSON is.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from core.common.trace import Row, player_label, seat_sentences


class Ctx(NamedTuple):
    """What decoding and wording one event may read besides its fields."""

    row: Row                        # the event's row (its state is the state after it)
    tables: Any                     # the game's rules tables
    who: Callable[[int], str]       # a seat as the log names it ("P1 (blue)")


@dataclass(frozen=True)
class Value:
    """One raw field as JSON: `decode(raw, ctx)` and the JSON schema of what it gives."""

    decode: Callable[[int, Ctx], Any]
    schema: dict[str, Any]


def value(decode: Callable[[int], Any], schema: dict[str, Any]) -> Value:
    """A Value whose decoder reads the raw field alone."""
    return Value(lambda v, ctx: decode(v), schema)


INT = value(int, {"type": "integer"})
COUNT = value(int, {"type": "integer", "minimum": 0})
BOOL = value(bool, {"type": "boolean"})
SEAT = COUNT


def named(names: Sequence[Any]) -> Value:
    """A field that indexes `names`."""
    return value(lambda v: names[v], {"enum": list(names)})


def optional(inner: Value = INT) -> Value:
    """A field that is -1 when it does not apply: None then."""
    return Value(lambda v, ctx: inner.decode(v, ctx) if v >= 0 else None,
                 {"oneOf": [{"type": "null"}, inner.schema]})


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` or null."""
    return {"oneOf": [{"type": "null"}, schema]}


def keyed(keys: Sequence[str], value: dict[str, Any]) -> dict[str, Any]:
    """The schema of an object of some of `keys`, each holding `value`."""
    return {"type": "object", "propertyNames": {"enum": list(keys)},
            "additionalProperties": value}


def counts(names: Sequence[str]) -> dict[str, Any]:
    """The schema of an object of counts by name (a piece map)."""
    return keyed(names, {"type": "integer"})


def closed(properties: dict[str, Any]) -> dict[str, Any]:
    """The schema of an object with exactly these keys."""
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


def array_of(items: dict[str, Any], **bounds: int) -> dict[str, Any]:
    """The schema of an array of `items` (minItems=..., maxItems=... as given)."""
    return {"type": "array", "items": items, **bounds}


def one_of(names: Sequence[Any]) -> dict[str, Any]:
    """The schema of one of `names`."""
    return {"enum": list(names)}


NATURAL = {"type": "integer", "minimum": 0}


Sentence = str | Callable[[dict[str, Any], Ctx], str]


@dataclass(frozen=True)
class Event:
    """One event: what it means (the docs' line), its sentence (a format string over the
    decoded keys, or a function of the decoded event and the context: the log's clause, without
    the actor), its fields a, b, c, d (key and Value, None for an unused one), the keys
    `more(event, ctx)` adds from the row or the state (their schemas in `more_keys`, those
    always added in `more_required`), and the public state's keys it may change (`changes`;
    a seat's as `players.<key>`): the state recorded with it is the state after it, so only
    these differ from the state recorded with the event before."""

    meaning: str
    sentence: Sentence
    fields: tuple[tuple[str, Value] | None, ...] = ()
    more: Callable[[dict[str, Any], Ctx], None] | None = None
    more_keys: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    more_required: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()

    def keys(self) -> tuple[list[str], list[str]]:
        """(the keys it always has, those it may have) besides name, player, raw and text."""
        always = [f[0] for f in self.fields if f is not None]
        always += [k for k in self.more_required if k not in always]
        return always, [k for k in self.more_keys if k not in always]


_PLAYER = {"type": ["integer", "null"], "minimum": 0}
_RAW = {"type": "array", "items": {"type": "integer"}, "minItems": 6, "maxItems": 6}


class Events:
    """A game's events by code (its enumeration EV), each declared once.

    `more_after_raw`: whether the keys an event's `more` adds follow "raw" in the decoded object
    (they do in some games' traces, and the traces keep their byte order). `words(event, ctx)`,
    when given, is the decoded event as every sentence reads it (names spelled for the log).
    `deal`: the code of a deal event whose sentence names its start player, if any."""

    def __init__(self, codes: Any, table: Mapping[int, Event], colours: Sequence[str],
                 more_after_raw: bool = False,
                 words: Callable[[dict[str, Any], Ctx], dict[str, Any]] | None = None,
                 deal: int | None = None) -> None:
        if sorted(table) != list(range(len(codes.keys))):
            raise ValueError(f"events must be declared once each: {codes.keys}")
        self.codes, self.table, self.colours = codes, dict(table), tuple(colours)
        self.more_after_raw, self.words, self.deal = more_after_raw, words, deal

    def ctx(self, row: np.ndarray, tables: Any,
            who: Callable[[int], str] | None = None) -> Ctx:
        """The context of a row (seats named as the log does, unless `who` is given)."""
        return Ctx(Row.of(row), tables, who or (lambda p: player_label(p, self.colours)))

    def decode(self, row: np.ndarray, tables: Any) -> dict[str, Any]:
        """A trace row's event as {"name", "player", decoded fields..., "raw"}."""
        ctx = self.ctx(row, tables)
        r = ctx.row
        event = self.table[r.code]
        out: dict[str, Any] = {"name": self.codes.keys[r.code],
                               "player": r.player if r.player >= 0 else None}
        for spec, raw in zip(event.fields, (r.a, r.b, r.c, r.d)):
            if spec is not None:
                out[spec[0]] = spec[1].decode(raw, ctx)
        if event.more is not None and not self.more_after_raw:
            event.more(out, ctx)
        out["raw"] = [r.code, r.player, r.a, r.b, r.c, r.d]
        if event.more is not None and self.more_after_raw:
            event.more(out, ctx)
        return out

    def clause(self, row: np.ndarray, tables: Any,
               who: Callable[[int], str] | None = None) -> str:
        """What happened in one event, without its actor (the event's sentence)."""
        ctx = self.ctx(row, tables, who)
        d = self.decode(row, tables)
        if self.words is not None:
            d = self.words(d, ctx)
        sentence = self.table[ctx.row.code].sentence
        return sentence.format(**d) if isinstance(sentence, str) else sentence(d, ctx)

    def sentences(self, trace: np.ndarray, tables: Any, n_players: int,
                  colours: Sequence[str]) -> list[str]:
        """Per event, the log's sentence: the seat acting and the clause (the replay page's event
        list); a game's `event_sentences`."""
        return seat_sentences(trace, lambda row: self.clause(row, tables), colours, self.deal)

    def schema(self, max_seat: int) -> dict[str, Any]:
        """The JSON schema of the game's event objects: one branch per event name."""
        player = dict(_PLAYER, maximum=max_seat)
        branches = []
        for code, key in enumerate(self.codes.keys):
            event = self.table[code]
            props: dict[str, Any] = {"name": {"const": key}, "player": player}
            required = ["name", "player"]
            for spec in event.fields:
                if spec is not None:
                    props[spec[0]] = spec[1].schema
                    required.append(spec[0])
            for k, schema in event.more_keys.items():
                props[k] = schema
            required += [k for k in event.more_required if k not in required]
            props.update(raw=_RAW, text={"type": "string"})
            branches.append({"type": "object", "properties": props,
                             "required": required + ["raw"], "additionalProperties": False})
        return {"oneOf": branches}

    def rows(self) -> list[tuple[str, list[str], list[str], str, tuple[str, ...]]]:
        """(name, keys always there, keys maybe there, meaning, state keys it may change) of
        every event, in code order: the docs' table."""
        return [(key, *self.table[code].keys(), self.table[code].meaning,
                 self.table[code].changes) for code, key in enumerate(self.codes.keys)]

    def changes(self) -> dict[str, tuple[str, ...]]:
        """Per event name, the public state's keys it may change."""
        return {key: self.table[code].changes for code, key in enumerate(self.codes.keys)}


def object_of(keys: Sequence[str], **properties: dict[str, Any]) -> dict[str, Any]:
    """The schema of an object with (at least) these keys; `properties` constrain some."""
    out: dict[str, Any] = {"type": "object", "required": list(keys)}
    if properties:
        out["properties"] = properties
    return out


# --- the trace's JSON lines (core.common.trace.write_jsonl): header, event lines, final --------

_HEADER = {   # after format, version and game
    "players": {"type": "integer", "minimum": 1},
    "variant": {"type": "object",
                "additionalProperties": {"type": ["boolean", "integer", "string"]}},
    "variant_name": {"type": "string", "description": "variant file name(s), '' when none"},
    "variant_data": {"type": "object",
                     "description": "rules-data overrides of the variant: dotted path -> value"},
    "seed": {"type": "integer", "minimum": 0},
    "strategies": {"type": "array", "items": {"type": "string"}},
    "rules_data_hash": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
    "colours": {"type": "array", "items": {"type": "string"}},
}
_HEADER_REQUIRED = ["format", "version", "game", "players", "variant", "seed", "strategies",
                    "rules_data_hash", "colours"]
_FINAL = {"type": "object", "properties": {
    "scores": {"type": "array", "items": {"type": "integer"}},
    "ranks": {"type": "array", "items": {"type": "integer"}},
    "win_shares": {"type": "array", "items": {"type": "number"}},
    "money": {"type": "array", "items": {"type": "integer"}},
    "error": {"type": ["string", "null"]}},
    "required": ["scores", "ranks", "win_shares", "money", "error"],
    "additionalProperties": False}


def line_schema(game: str, title: str, events: Events, state: dict[str, Any],
                header_keys: Mapping[str, dict[str, Any]], trace_format: str,
                version: int) -> dict[str, Any]:
    """The JSON schema (draft 2020-12) of one line of a game's trace: the header (with the
    game's own `header_keys`), an event line (the game's events, its `state` schema) or the
    final line."""
    header = {"format": {"const": trace_format}, "version": {"const": version},
              "game": {"const": game}, **_HEADER, **header_keys}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"meeplab trace line of {title} (version {version})",
        "description": "One line of a meeplab JSON-lines trace: the header (first line), an "
                       "event with the public state after it, or the final result (last "
                       "line). See docs/trace-format.md.",
        "oneOf": [{"$ref": "#/$defs/header"}, {"$ref": "#/$defs/eventLine"},
                  {"$ref": "#/$defs/finalLine"}],
        "$defs": {
            "header": {"type": "object", "properties": header,
                       "required": _HEADER_REQUIRED + list(header_keys),
                       "additionalProperties": False},
            "event": events.schema(len(events.colours) - 1),
            "state": state,
            "eventLine": {"type": "object", "properties": {
                "i": {"type": "integer", "minimum": 1}, "event": {"$ref": "#/$defs/event"},
                "state": {"$ref": "#/$defs/state"}},
                "required": ["i", "event", "state"], "additionalProperties": False},
            "finalLine": {"type": "object", "properties": {"final": _FINAL},
                          "required": ["final"], "additionalProperties": False},
        },
    }


def game_schema(game: Any, trace_format: str, version: int) -> dict[str, Any]:
    """A game's trace line schema from its descriptor's trace module: EVENTS, STATE_SCHEMA and
    (when its header has keys of its own) HEADER_KEYS."""
    t = game.trace
    return line_schema(game.name, game.title, t.EVENTS, t.STATE_SCHEMA,
                       getattr(t, "HEADER_KEYS", {}), trace_format, version)
