"""Plain-text tables and wording for terminal summaries (no pandas: the CLI's game log imports
it)."""
from __future__ import annotations

from collections.abc import Sequence

# how the excluded-games sentence names the games of an error, by the error's name (any other:
# "with an engine error (<name>)")
REASON_PHRASES = {"game did not end": "that did not end"}


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], left: int = 2) -> list[str]:
    """Plain-text table: the first `left` columns left-aligned, the rest right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(row: Sequence[str]) -> str:
        return "  ".join(str(x).ljust(w) if i < left else str(x).rjust(w)
                         for i, (x, w) in enumerate(zip(row, widths))).rstrip()
    return [line(headers)] + [line(r) for r in rows]


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 shard', '2 shards', '0 shards' (`many`: an irregular plural, e.g. 'matches')."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def excluded_sentence(reasons: dict[str, int], games: int, deal_groups: int, see: str) -> str:
    """The one sentence every summary and page shows about games left out: `reasons` (error
    name -> failed games), `games` left out in all in `deal_groups` deal groups, where to see
    them ('' when no game was left out)."""
    if not reasons:
        return ""
    failed = sum(reasons.values())
    parts = [plural(n, "game") + " " + REASON_PHRASES.get(name, f"with an engine error ({name})")
             for name, n in reasons.items()]
    text = " and ".join(parts) + (" was" if failed == 1 else " were") + " excluded"
    others = games - failed
    if others > 0:
        groups = (("its" if failed == 1 else "their") + " deal group" if deal_groups == 1
                  else f"their {plural(deal_groups, 'deal group')}")
        text += (f", with the {plural(others, 'other game')} of {groups} (a deal counts in "
                 "all its seatings or not at all)")
    return f"{text}; see {see}"
