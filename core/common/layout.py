"""Flat int32 layouts and integer enumerations, each declared once.

A game's state, player block and rules-data vector are flat int32 arrays read through named
offsets. `block` declares such a layout as a list of (NAME, size, doc) fields, or as the text
table `table` reads, and gives back an immutable named tuple of the fields' offsets (plus SIZE,
the offset after the last field):

    G = block("G", (("NP", 1, "number of players"), ("ROUND", 1, "1..6"), ...))
    O = block("O", (("MARKET", NMERCH, "pieces per market row"), ...), start=G.SIZE)
    O = block("O", TEXT, start=G.SIZE, names=globals())  # TEXT's lines: MARKET  NMERCH  pieces...
    s[O.MARKET + r]

numba reads a global named tuple of ints as constants, so `s[O.MARKET + r]` compiles to the
same code as a module-level int did; interpreted it is an attribute lookup. A slot used for
different things at different times gets one alias per use (`aliases={"ARCH_BUILDING": "CTX1"}`)
so every use says what it holds. The Python side (traces, checkers, the rules-data loader) walks
the same declaration: `fields`, `field(name)`, `view(array, name, base)`.

`enum` numbers a tuple of names (event codes, switches, misc values) the same way and knows
their lower-case keys; `decisions` declares a game's decision kinds with their clause, meaning
and properties (`mask(prop)`: a bit mask of the kinds that have it, for compiled code).
"""
from __future__ import annotations

import ast
import operator
import re
import textwrap
from collections import namedtuple
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

EVW = 6  # a trace row's event columns before its state snapshot (core.common.trace)


class Field(NamedTuple):
    """One declared field of a layout."""

    name: str
    offset: int
    size: int
    doc: str = ""


def _named_tuple(kind: str, values: Mapping[str, int]) -> Any:
    """An instance of a new named tuple class `kind` with `values` (upper-case names)."""
    bad = [n for n in values if not n.isidentifier() or n != n.upper() or n.startswith("_")]
    if bad:
        raise ValueError(f"{kind}: names must be upper-case identifiers: {', '.join(bad)}")
    cls = namedtuple(kind, list(values))
    cls.__module__ = __name__
    return cls


class _Block:
    """Python-side methods of a layout (mixed into its named tuple class)."""

    fields: tuple[Field, ...]
    aliases: dict[str, str]
    start: int

    def field(self, name: str) -> Field:
        """The declared field `name` (an alias gives the field it names)."""
        name = self.aliases.get(name, name)
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"{type(self).__name__} has no field {name!r}")

    def view(self, array: np.ndarray, name: str, base: int = 0) -> np.ndarray:
        """array[base + offset : base + offset + size] of field `name`."""
        f = self.field(name)
        return array[base + f.offset:base + f.offset + f.size]

    def names(self) -> tuple[str, ...]:
        """The declared fields' names, in layout order (no aliases)."""
        return tuple(f.name for f in self.fields)


FieldSpec = tuple[str, int] | tuple[str, int, str]
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def _size(expr: str, names: Mapping[str, Any]) -> Any:
    """The value of a size expression: integers and names (with attributes) under + - * and
    parentheses, and len() of a name."""
    def value(node: ast.AST) -> Any:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and node.id in names:
            return names[node.id]
        if isinstance(node, ast.Attribute) and hasattr(value(node.value), node.attr):
            return getattr(value(node.value), node.attr)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](value(node.left), value(node.right))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "len" and len(node.args) == 1 and not node.keywords):
            return len(value(node.args[0]))
        raise ValueError(f"{expr!r}: a size is an integer expression over declared names")
    return value(ast.parse(expr.strip(), mode="eval").body)


def table(text: str, names: Mapping[str, Any] | None = None) -> tuple[tuple[str, int, str], ...]:
    """Fields declared as a text table, one a line: NAME, size, doc, two or more spaces apart; a
    line that starts with white space goes on with the doc above, and a line `*EXPR` inserts the
    fields EXPR names. Sizes are integer expressions over `names` (the caller's globals())."""
    out: list[list[Any]] = []
    for line in textwrap.dedent(text).splitlines():
        if not line.strip():
            continue
        if line[0].isspace():
            if not out:
                raise ValueError(f"layout table: {line.strip()!r} continues no field")
            out[-1][2] = f"{out[-1][2]} {line.strip()}".strip()
        elif line.startswith("*"):
            out.extend(list(f) for f in _size(line[1:], names or {}))
        else:
            parts = re.split(r"\s{2,}", line.strip(), maxsplit=2)
            if len(parts) < 2:
                raise ValueError(f"layout table: {line.strip()!r} is not NAME  size  doc")
            out.append([parts[0], operator.index(_size(parts[1], names or {})),
                        parts[2] if len(parts) > 2 else ""])
    return tuple((name, size, doc) for name, size, doc in out)


# The first fields of the global block of a game played by turns of one decision at a time,
# spliced in with `*TURN_HEAD` (the games that lay them out first, in this order).
TURN_HEAD: tuple[tuple[str, int, str], ...] = (
    ("NP", 1, "number of players"),
    ("PHASE", 1, "PH"),
    ("CUR", 1, "player to decide"),
    ("DK", 1, "pending decision kind"),
)


def block(kind: str, fields: Iterable[FieldSpec] | str, start: int = 0,
          aliases: Mapping[str, str] | None = None,
          names: Mapping[str, Any] | None = None) -> Any:
    """A layout: the offset of each field by name, fields laid out in order from `start`, and
    SIZE, the offset after the last one (the block's size when it starts at 0). `fields` is a
    sequence of (NAME, size, doc) or a text `table` whose sizes are read with `names`."""
    if isinstance(fields, str):
        fields = table(fields, names)
    offsets: dict[str, int] = {}
    declared: list[Field] = []
    at = start
    for entry in fields:
        name, size = entry[0], entry[1]
        if size < 0 or name in offsets:
            raise ValueError(f"{kind}.{name}: a field is declared once, with a size >= 0")
        offsets[name] = at
        declared.append(Field(name, at, size, entry[2] if len(entry) > 2 else ""))
        at += size
    for alias, target in (aliases or {}).items():
        if target not in offsets or alias in offsets:
            raise ValueError(f"{kind}.{alias}: an alias names a declared field ({target!r})")
        offsets[alias] = offsets[target]
    offsets["SIZE"] = at
    base = _named_tuple(kind, offsets)
    cls = type(kind, (base, _Block), {"__slots__": (), "fields": tuple(declared),
                                       "aliases": dict(aliases or {}), "start": start})
    cls.__module__ = __name__
    return cls(**offsets)


class _Enum:
    """Python-side methods of an enumeration (mixed into its named tuple class)."""

    keys: tuple[str, ...]

    def key(self, code: int) -> str:
        """The lower-case key of a code."""
        return self.keys[code]

    def code(self, key: str) -> int:
        """The code of a lower-case key."""
        return self.keys.index(key)


def enum(kind: str, names: Sequence[str], start: int = 0) -> Any:
    """Codes start, start + 1, ... for `names` (upper case); `keys` holds their lower-case
    names (as rules files, traces and logs spell them), indexed by code - start."""
    base = _named_tuple(kind, {n: start + i for i, n in enumerate(names)})
    cls = type(kind, (base, _Enum), {"__slots__": (), "keys": tuple(n.lower() for n in names)})
    cls.__module__ = __name__
    return cls(*range(start, start + len(names)))


class Decision(NamedTuple):
    """One decision kind: its name, the rule clause it decides, what is chosen, and properties
    (names such as "in_turn" or "secret" that the game's code asks for with `mask`)."""

    name: str
    clause: str
    doc: str
    props: tuple[str, ...] = ()


class _Decisions(_Enum):
    kinds: tuple[Decision, ...]

    def mask(self, prop: str) -> int:
        """Bit mask of the kinds with property `prop` (bit k for kind code k): compiled code
        tests `(MASK >> dk) & 1`."""
        if not any(prop in d.props for d in self.kinds):
            raise ValueError(f"no decision kind has property {prop!r}")
        return sum(1 << (i + 1) for i, d in enumerate(self.kinds) if prop in d.props)

    def with_prop(self, prop: str) -> tuple[str, ...]:
        """Names of the kinds with property `prop`."""
        return tuple(d.name for d in self.kinds if prop in d.props)


def decisions(kind: str, kinds: Sequence[Decision]) -> Any:
    """A game's decision kinds: NONE = 0 (no decision pending), then one code per kind in
    order; `kinds` keeps their declarations, `keys` their lower-case names (NONE's first)."""
    if len(kinds) > 62:
        raise ValueError(f"{kind}: at most 62 decision kinds fit a mask")
    names = ("NONE",) + tuple(d.name for d in kinds)
    base = _named_tuple(kind, {n: i for i, n in enumerate(names)})
    cls = type(kind, (base, _Decisions), {
        "__slots__": (), "keys": tuple(n.lower() for n in names), "kinds": tuple(kinds)})
    cls.__module__ = __name__
    return cls(*range(len(names)))
