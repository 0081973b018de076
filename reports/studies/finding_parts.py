"""The pieces every findings reader returns (reports/studies/findings.py and the readers
beside it): Markdown tables, the reader's result, a claim's sentence templates."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reports import claims as cl


@dataclass
class Table:
    """A Markdown table with a caption."""

    caption: str
    headers: list[str]
    rows: list[list[str]]

    def markdown(self) -> list[str]:
        return ([f"**{self.caption}**", "", "| " + " | ".join(self.headers) + " |",
                 "|" + "---|" * len(self.headers)]
                + ["| " + " | ".join(r) + " |" for r in self.rows] + [""])


@dataclass
class Result:
    """What a reader found: tables, claim sentences, games played."""

    tables: list[Table] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)
    games: int = 0


def claim_templates(spec: Mapping[str, Any], claim: Mapping[str, Any]) -> dict[str, str]:
    """The study's [templates] sentences, then the claim's own."""
    both = dict(spec.get("templates", {})) | dict(claim)
    return {k: both[k] for k in cl.OUTCOMES if k in both}
