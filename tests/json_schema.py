"""A small JSON Schema (draft 2020-12) validator for the subset the games' trace schemas use
(docs/reference/trace-<game>.schema.json).

Keywords: $ref (local #/$defs/...), type, enum, const, properties, required,
additionalProperties, propertyNames, items, minItems, maxItems, minimum, maximum, pattern,
oneOf, allOf, if/then. Unknown keywords fail loudly so the schema cannot drift past the tests.
"""
from __future__ import annotations

import re
from typing import Any

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_ANNOTATIONS = {"$schema", "title", "description", "$defs"}


class Validator:
    """Validate instances against one root schema."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root

    def errors(self, value: Any, schema: dict[str, Any] | None = None,
               path: str = "$") -> list[str]:
        """Every violation as 'path: problem'; empty when valid."""
        schema = self.root if schema is None else schema
        out: list[str] = []
        for key, arg in schema.items():
            if key in _ANNOTATIONS or key == "then":  # "then" is read by "if"
                continue
            check = getattr(self, "_" + key.lstrip("$"), None)
            if check is None:
                raise ValueError(f"unsupported schema keyword {key!r}")
            out += check(value, arg, schema, path)
        return out

    def valid(self, value: Any, schema: dict[str, Any]) -> bool:
        return not self.errors(value, schema)

    # --- keywords: (value, keyword argument, whole schema, path) -> errors ---------------
    def _ref(self, v, ref, s, path):
        node: Any = self.root
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        return self.errors(v, node, path)

    def _type(self, v, types, s, path):
        types = [types] if isinstance(types, str) else types
        return [] if any(_TYPES[t](v) for t in types) else [f"{path}: {v!r} is not {types}"]

    def _enum(self, v, values, s, path):
        ok = any(v == x and type(v) is type(x) for x in values)
        return [] if ok else [f"{path}: {v!r} not in enum"]

    def _const(self, v, x, s, path):
        return [] if v == x and type(v) is type(x) else [f"{path}: {v!r} != {x!r}"]

    def _properties(self, v, props, s, path):
        if not isinstance(v, dict):
            return []
        return [e for k, sub in props.items() if k in v
                for e in self.errors(v[k], sub, f"{path}.{k}")]

    def _required(self, v, names, s, path):
        if not isinstance(v, dict):
            return []
        return [f"{path}: missing {k!r}" for k in names if k not in v]

    def _additionalProperties(self, v, extra, s, path):
        if not isinstance(v, dict):
            return []
        others = [k for k in v if k not in s.get("properties", {})]
        if extra is False:
            return [f"{path}: unexpected key {k!r}" for k in others]
        return [e for k in others for e in self.errors(v[k], extra, f"{path}.{k}")]

    def _propertyNames(self, v, sub, s, path):
        if not isinstance(v, dict):
            return []
        return [e for k in v for e in self.errors(k, sub, f"{path}[key {k!r}]")]

    def _items(self, v, sub, s, path):
        if not isinstance(v, list):
            return []
        return [e for i, x in enumerate(v) for e in self.errors(x, sub, f"{path}[{i}]")]

    def _minItems(self, v, n, s, path):
        return [f"{path}: fewer than {n} items"] if isinstance(v, list) and len(v) < n else []

    def _maxItems(self, v, n, s, path):
        return [f"{path}: more than {n} items"] if isinstance(v, list) and len(v) > n else []

    def _minimum(self, v, n, s, path):
        num = _TYPES["number"](v)
        return [f"{path}: {v} < {n}"] if num and v < n else []

    def _maximum(self, v, n, s, path):
        num = _TYPES["number"](v)
        return [f"{path}: {v} > {n}"] if num and v > n else []

    def _pattern(self, v, pattern, s, path):
        bad = isinstance(v, str) and not re.search(pattern, v)
        return [f"{path}: {v!r} does not match {pattern}"] if bad else []

    def _oneOf(self, v, subs, s, path):
        n = sum(self.valid(v, sub) for sub in subs)
        return [] if n == 1 else [f"{path}: matches {n} of oneOf, not exactly 1"]

    def _allOf(self, v, subs, s, path):
        return [e for sub in subs for e in self.errors(v, sub, path)]

    def _if(self, v, cond, s, path):
        if self.valid(v, cond) and "then" in s:
            return self.errors(v, s["then"], path)
        return []
