"""A game's rules tables under a variant (core.common.overlay): the loaders sim.games exposes,
built from the game's rules file (its descriptor's `rules`, a core.common.tables.RulesFile)."""
from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from core.common import overlay
from core.common.tables import RulesFile


def loaders(rules: RulesFile) -> tuple[Callable[[dict | None], Any],
                                       Callable[[dict | None], dict[str, object]]]:
    """(load_tables(variant), switch_values(variant)) for a game's rules file."""

    @functools.lru_cache(maxsize=32)
    def _with_data(key: str) -> Any:
        switches, data = overlay.split(json.loads(key))
        raw = overlay.apply(rules.load_raw(), data)
        try:
            return rules.build_tables(raw, switches)
        except rules.error as exc:
            raise overlay.OverlayError(f"the variant's rules data is invalid: {exc}") from exc

    def load_tables(variant: dict | None) -> Any:
        """The rules tables under the variant's switches and data overrides."""
        switches, data = overlay.split(variant or {})
        if not data:
            return rules.load_tables(overrides=switches or None)
        return _with_data(json.dumps(variant, sort_keys=True))

    def switch_values(variant: dict | None) -> dict[str, object]:
        """Every switch's value under the variant."""
        return rules.switch_values(rules.load_raw(), overlay.split(variant or {})[0])

    return load_tables, switch_values
