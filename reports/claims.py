"""Sentences written from numbers: a finding's claim is chosen by where its estimate's interval
(or its Holm-adjusted p) lies against a reference, so that a flip of sign or of significance
changes the words, never only the digits.

A template set has three sentences, `above`, `below` and `within` (the estimate significantly
above the reference, below it, or not shown to differ), each a str.format template with the
fields `subject`, `value`, `low`, `high`, `interval` (value [low, high]), `reference`, `p`
(formatted) and any extra fields the caller gives.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

ALPHA = 0.05
OUTCOMES = ("above", "below", "within")

TEMPLATES: dict[str, dict[str, str]] = {
    "fair_share": {
        "above": "{subject} wins more than its fair share ({reference}): {interval}",
        "below": "{subject} wins less than its fair share ({reference}): {interval}",
        "within": "{subject} is not shown to differ from its fair share ({reference}): "
                  "{interval}",
    },
    "change": {
        "above": "{subject} rises: {interval}, Holm p {p}",
        "below": "{subject} falls: {interval}, Holm p {p}",
        "within": "{subject} is not shown to change after the Holm correction: {interval}, "
                  "Holm p {p}",
    },
    "balance": {
        "above": "{subject} rises, a less balanced game: {interval}, Holm p {p}",
        "below": "{subject} falls, a more balanced game: {interval}, Holm p {p}",
        "within": "{subject} is not shown to change (no more or less balanced): {interval}, "
                  "Holm p {p}",
    },
    "difference": {
        "above": "{subject} is significantly above 0: {interval}",
        "below": "{subject} is significantly below 0: {interval}",
        "within": "{subject} is not shown to differ from 0: {interval}",
    },
}


@dataclass(frozen=True)
class Estimate:
    """A number with its 95% interval and, if tested, its (Holm-adjusted) p value."""

    value: float
    low: float
    high: float
    p: float | None = None


def outcome(est: Estimate, reference: float = 0.0, alpha: float = ALPHA) -> str:
    """'above', 'below' or 'within': significance by p when given, else by whether the
    interval leaves out the reference."""
    if est.p is not None and not math.isnan(est.p):
        significant = est.p <= alpha
    else:
        significant = est.low > reference or est.high < reference
    if not significant or est.value == reference:
        return "within"
    return "above" if est.value > reference else "below"


def number(x: float, signed: bool = False, digits: int = 3) -> str:
    """x to `digits` decimals, with a sign when `signed`; 'n/a' for NaN."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def interval(est: Estimate, signed: bool = False, digits: int = 3) -> str:
    """'0.386 [0.372, 0.401]' (signed: '+0.082 [+0.055, +0.110]')."""
    return (f"{number(est.value, signed, digits)} [{number(est.low, signed, digits)}, "
            f"{number(est.high, signed, digits)}]")


def p_text(p: float | None) -> str:
    """'<0.001', '0.040', or 'n/a'."""
    if p is None or math.isnan(p):
        return "n/a"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def templates(kind: str, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The kind's three sentences, replaced by any given in `overrides` (a study's claim)."""
    chosen = dict(TEMPLATES[kind]) | dict(overrides or {})
    missing = [o for o in OUTCOMES if o not in chosen]
    if missing:
        raise KeyError(f"claim templates miss {', '.join(missing)}")
    return chosen


def sentence(kind: str, subject: str, est: Estimate, reference: float = 0.0,
             overrides: Mapping[str, str] | None = None, signed: bool = False,
             **fields: Any) -> str:
    """The claim about `subject`: the template of its outcome, filled in."""
    text = templates(kind, overrides)[outcome(est, reference)]
    return text.format(subject=subject, value=number(est.value, signed),
                       low=number(est.low, signed), high=number(est.high, signed),
                       interval=interval(est, signed), reference=number(reference),
                       p=p_text(est.p), **fields)
