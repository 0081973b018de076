"""A game's rules tables under a variant (core.common.overlay): the loaders every game's
game.py exposes, built from its tables module (load_raw, build_tables, load_tables,
switch_values, RulesDataError, as core/cuba/tables.py defines them)."""
from __future__ import annotations

import functools
import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

from core.common import overlay


def loaders(tables: ModuleType) -> tuple[Callable[[dict | None], Any],
                                         Callable[[dict | None], dict[str, object]]]:
    """(load_tables(variant), switch_values(variant)) for a game's tables module."""

    @functools.lru_cache(maxsize=32)
    def _with_data(key: str) -> Any:
        switches, data = overlay.split(json.loads(key))
        raw = overlay.apply(tables.load_raw(), data)
        try:
            return tables.build_tables(raw, switches)
        except tables.RulesDataError as exc:
            raise overlay.OverlayError(f"the variant's rules data is invalid: {exc}") from exc

    def load_tables(variant: dict | None) -> Any:
        """The rules tables under the variant's switches and data overrides."""
        switches, data = overlay.split(variant or {})
        if not data:
            return tables.load_tables(overrides=switches or None)
        return _with_data(json.dumps(variant, sort_keys=True))

    def switch_values(variant: dict | None) -> dict[str, object]:
        """Every switch's value under the variant."""
        return tables.switch_values(tables.load_raw(), overlay.split(variant or {})[0])

    return load_tables, switch_values
