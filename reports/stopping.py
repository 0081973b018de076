"""The page's note on how a run chose its games: `precision` (every interval within +-P) or
`top` (the first K apart from the rest), as the manifest records the run's last round."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reports.html import Note
from reports.text import plural


def pairs(found: list[list[str]]) -> str:
    """'a / b; c / d'."""
    return "; ".join(" / ".join(p) for p in found)


def ranking_note(ranking: Mapping[str, Any], unit: str) -> Note:
    """A `top` run: its first K resolved or the pairs still overlapping, and the neighbours
    among the K whose order stays open; `unit` names what grew (element, matchup)."""
    k = ranking["top"]
    tied = pairs(ranking.get("tied", []))
    within = (f" Within the first {k} these neighbours' intervals overlap, so their order is "
              f"open: {tied}." if tied else "")
    if ranking["met"]:
        return Note(f"Run with top = {k}: deals were added until no interval of the first {k} "
                    f"overlapped one below them ({plural(ranking['rounds'], 'round')}, up to "
                    f"{plural(ranking['games_per_matchup'], 'game')} per {unit}).{within} "
                    "Stopping on "
                    "separation makes the intervals slightly optimistic; a second seed is the "
                    "check.")
    return Note(f"Run with top = {k}: the first {k} are not resolved, max_games per {unit} "
                f"was reached with these intervals still overlapping: "
                f"{pairs(ranking['overlapping'])}.{within}", warning=True)


def precision_note(p: Mapping[str, Any], unit: str) -> Note:
    """A `precision` run: the target reached, or max_games hit first."""
    head = (f"Run with precision +-{p['target']:g}: deals were added in "
            f"{plural(p['rounds'], 'round')}")
    widest = p.get("widest")
    wide = f"+-{widest:.4f}" if isinstance(widest, (int, float)) else "unknown"
    if p["met"]:
        return Note(f"{head} until every 95% interval was within it (widest {wide}, "
                    f"{plural(p['games_per_matchup'], 'game')} per {unit}). Stopping on "
                    "precision makes "
                    "the intervals slightly optimistic.")
    return Note(f"{head}, but max_games per {unit} ({p['games_per_matchup']}) was reached "
                f"first: the widest interval is {wide}.", warning=True)


def note(stopping: Mapping[str, Any] | None, unit: str) -> Note | None:
    """The note for a run's recorded stopping report, None for a run of fixed games."""
    if not stopping:
        return None
    if "top" in stopping:
        return ranking_note(stopping, unit)
    return precision_note(stopping, unit) if "target" in stopping else None
