"""Rule variants as overlays of a game's rules data (pure Python).

A variant is a flat mapping {key: value}. A key without a dot names a switch of the game's
[switches] table; a dotted key is a path into the rules TOML (`misc.start_money`,
`buildings.large_bank.cost.stone`, `statutes.cards.3.param`: list items by index). When the
path ends at an entry table such as `{ value = 10, status = "seed" }`, its one data field is
replaced. The new value must have the type of the value it replaces. The game's own loader
validates the result like the file itself.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

# fields of an entry that describe a value rather than hold it
_META = ("status", "note")


class OverlayError(ValueError):
    """A variant key or value that does not fit the rules data; one line '<problem>; <fix>'."""


def split(variant: Mapping[str, object]) -> tuple[dict[str, object], dict[str, object]]:
    """(switch overrides, data overrides) of a variant."""
    switches = {k: v for k, v in variant.items() if "." not in k}
    return switches, {k: v for k, v in variant.items() if "." in k}


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "text", list: "list", dict: "table"}.get(type(value), type(value).__name__)


def _step(node: Any, part: str, where: str) -> tuple[Any, Any]:
    """(container, key) of `part` inside node; OverlayError when there is none."""
    if isinstance(node, dict):
        if part not in node:
            raise OverlayError(f"unknown variant key '{where}': no '{part}' there; use one of: "
                               f"{', '.join(k for k in node if k not in _META)}")
        return node, part
    if isinstance(node, list):
        if not part.isdigit() or int(part) >= len(node):
            raise OverlayError(f"unknown variant key '{where}': '{part}' is not an item "
                               f"number; use 0..{len(node) - 1}")
        return node, int(part)
    raise OverlayError(f"unknown variant key '{where}': the value before '{part}' is a single "
                       "value; end the key there")


def _data_field(entry: dict, where: str) -> str:
    fields = [k for k in entry if k not in _META and not k.endswith("_status")]
    if len(fields) != 1:
        raise OverlayError(f"variant key '{where}' names a table with fields "
                           f"{', '.join(fields)}; add the field to the key, e.g. "
                           f"'{where}.{fields[0]}'")
    return fields[0]


def set_path(raw: dict, key: str, value: object) -> None:
    """Replace the value at dotted `key` of `raw` in place (OverlayError when it does not fit)."""
    parts = key.split(".")
    node: Any = raw
    for part in parts[:-1]:
        container, k = _step(node, part, key)
        node = container[k]
    container, k = _step(node, parts[-1], key)
    if isinstance(container[k], dict) and not isinstance(value, dict):
        container, k = container[k], _data_field(container[k], key)
    old = container[k]
    if _kind(old) != _kind(value):
        raise OverlayError(f"variant {key} = {value!r} is {_kind(value)}, but the rules data "
                           f"holds {_kind(old)} there ({old!r}); give a {_kind(old)}")
    container[k] = value


def apply(raw: dict, data: Mapping[str, object]) -> dict:
    """A copy of the parsed rules data with the data overrides applied."""
    out = copy.deepcopy(raw)
    for key, value in data.items():
        set_path(out, key, value)
    return out


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, object]:
    """A nested TOML table -> {dotted key: leaf value} (how a variant file's [data] is read)."""
    out: dict[str, object] = {}
    for key, value in table.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out |= flatten(value, path + ".")
        else:
            out[path] = value
    return out
