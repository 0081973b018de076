"""Number formatting for report tables and the terminal summary."""
from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd


def num(x: float, digits: int = 2) -> str:
    """A number, or '-' when missing."""
    return "-" if x is None or not math.isfinite(float(x)) else f"{float(x):.{digits}f}"


def interval(mean: float, lo: float, hi: float, digits: int = 3) -> str:
    """'0.312 [0.290, 0.335]' ('0.312' when the interval is unknown)."""
    if not (math.isfinite(float(lo)) and math.isfinite(float(hi))):
        return num(mean, digits)
    return f"{num(mean, digits)} [{num(lo, digits)}, {num(hi, digits)}]"


def signed_interval(mean: float, lo: float, hi: float, digits: int = 3) -> str:
    """An interval of a difference, with explicit signs."""
    def s(x: float) -> str:
        if not math.isfinite(float(x)):
            return "-"
        return f"{float(x) if round(float(x), digits) else 0.0:+.{digits}f}"   # no '-0.000'
    if not (math.isfinite(float(lo)) and math.isfinite(float(hi))):
        return s(mean)
    return f"{s(mean)} [{s(lo)}, {s(hi)}]"


def pvalue(p: float) -> str:
    """p-values: '<0.001', '0.034', '-'."""
    if p is None or not math.isfinite(float(p)):
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3f}"



def interval_column(frame: pd.DataFrame, columns: Sequence[str], digits: int = 3,
                    signed: bool = False) -> list[str]:
    """Formatted intervals from the (mean, low, high) `columns` of a DataFrame, row by row."""
    show = signed_interval if signed else interval
    return [show(*row, digits=digits) for row in frame[list(columns)].itertuples(index=False)]
