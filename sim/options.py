"""Parsing and checking of command-line values shared by the commands (raise UserError)."""
from __future__ import annotations

from collections.abc import Sequence

from sim.errors import UserError
from sim.games import Game


def option_text(value: object) -> str:
    """A switch value as typed on the command line: true/false, numbers, names."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_variants(items: Sequence[str], options: dict[str, tuple[object, ...]]
                   ) -> dict[str, object]:
    """['key=value', ...] -> switch overrides; each value is matched against the switch's
    allowed options (booleans as true/false, numbers, names)."""
    overrides: dict[str, object] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or not key:
            raise UserError(f"--variant '{item}' is not KEY=VALUE",
                            "write e.g. --variant money_limited=true")
        if key not in options:
            raise UserError(f"unknown variant switch '{key}'",
                            f"use one of: {', '.join(options)}")
        allowed = {option_text(o): o for o in options[key]}
        if text.lower() not in allowed:
            raise UserError(f"variant {key}={text} is not allowed",
                            f"use one of: {', '.join(allowed)}")
        overrides[key] = allowed[text.lower()]
    return overrides


def check_players(players: int, bounds: tuple[int, int]) -> None:
    """The player count must lie within the game's rules-data bounds."""
    lo, hi = bounds
    if not lo <= players <= hi:
        raise UserError(f"{players} players is out of range", f"use --players {lo}..{hi}")


def seat_strategies(text: str, players: int, game: Game) -> list[str]:
    """'a,b,c,d' (one per seat) or 'a' (every seat) -> one registered name per seat."""
    names = [n.strip() for n in text.split(",")]
    known = game.strategy_names()
    for name in names:
        if name not in known:
            raise UserError(f"unknown strategy '{name}'", f"use one of: {', '.join(known)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UserError(f"{len(names)} strategies given for {players} players",
                        "give one name per seat (comma-separated) or a single name for all")
    return names
