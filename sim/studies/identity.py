"""A strategy tune's identity: what the candidate's records must keep for it to stay its plan.

A tune config's `[identity]` table names rules on the candidate's per-game records (the
game's record columns, `meeplab games GAME --json` lists them), pooled over the trial:

- `share = [columns], min = x` (and/or `max`): the columns' sum as a share of `of` (a column
  or a list summed, default `score`), e.g. shipping at least half of the VP;
- `mean = "column", min = x` (and/or `max`): the column's mean per game (a list: their sum);
- `most = "column"` (or a list, summed): the candidate's mean is at least every other
  strategy's in the trial.

A trial that breaks a rule is infeasible: Optuna's sampler is told (constraints), and the
best trial is the best of the feasible ones. Against a mixed field the candidate's means
are weighted by each lineup's probability, like its win share.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.errors import UserError

KINDS = ("share", "mean", "most")
EXAMPLE = 'ship = { share = ["vp_ship"], min = 0.5 }'


@dataclass(frozen=True)
class Rule:
    """One identity rule."""

    name: str
    kind: str
    columns: tuple[str, ...]
    of: tuple[str, ...] = ("score",)
    low: float | None = None
    high: float | None = None

    @property
    def needs(self) -> tuple[str, ...]:
        return self.columns + (self.of if self.kind == "share" else ())

    def value(self, means: dict[str, dict[str, float]], me: str) -> tuple[float, float]:
        """(the candidate's value, the violation: <= 0 when the rule holds)."""
        mine = sum(means[me][c] for c in self.columns)
        if self.kind == "most":
            others = [sum(m[c] for c in self.columns) for name, m in means.items() if name != me]
            return mine, (max(others) - mine) if others else 0.0
        if self.kind == "share":
            total = sum(means[me][c] for c in self.of)
            value = mine / total if total else 0.0
        else:
            value = mine
        return value, max((self.low - value) if self.low is not None else -1.0,
                          (value - self.high) if self.high is not None else -1.0)

    def bound_text(self) -> str:
        if self.kind == "most":
            return "the most"
        return " ".join(t for t in (f"min {self.low:g}" if self.low is not None else "",
                                    f"max {self.high:g}" if self.high is not None else "") if t)


def _fail(path: Path, problem: str, fix: str = f"write e.g. {EXAMPLE}") -> UserError:
    return UserError(f"{path}: {problem}", fix)


def parse(path: Path, table: Any, columns: Sequence[str]) -> tuple[Rule, ...]:
    """The [identity] table's rules, checked against the game's record columns."""
    if not isinstance(table, dict) or not table:
        raise _fail(path, "identity must be a table of named rules")
    rules = []
    for name, spec in table.items():
        where = f"identity.{name}"
        if not isinstance(spec, dict):
            raise _fail(path, f"{where} is not a table")
        kinds = [k for k in KINDS if k in spec]
        unknown = sorted(set(spec) - set(KINDS) - {"min", "max", "of"})
        if len(kinds) != 1 or unknown:
            raise _fail(path, f"{where} needs exactly one of {', '.join(KINDS)}"
                              + (f" (unknown key '{unknown[0]}')" if unknown else ""))
        kind = kinds[0]
        cols = _names(path, f"{where}.{kind}", spec[kind], kind != "share")
        of = _names(path, f"{where}.of", spec.get("of", "score"), True)
        for c in [*cols, *of]:
            if c not in columns:
                raise _fail(path, f"{where}: '{c}' is not a record column of this game",
                            f"use one of: {', '.join(columns)}")
        bounds = [spec.get(k) for k in ("min", "max")]
        if kind == "most":
            if any(b is not None for b in bounds) or "of" in spec:
                raise _fail(path, f"{where}: most takes no min, max or of",
                            f'write {name} = {{ most = "{cols[0]}" }}')
        elif (all(b is None for b in bounds) or "of" in spec and kind != "share"
              or not all(b is None or isinstance(b, (int, float)) and not isinstance(b, bool)
                         for b in bounds)):
            raise _fail(path, f"{where} needs a number min and/or max"
                              + (" (of applies to share only)" if "of" in spec else ""))
        rules.append(Rule(name, kind, cols, of,
                          *(None if b is None else float(b) for b in bounds)))
    return tuple(rules)


def _names(path: Path, where: str, x: Any, one_allowed: bool) -> tuple[str, ...]:
    """A column name (where `one_allowed`) or a non-empty list of them."""
    names = [x] if isinstance(x, str) and one_allowed else x
    if not isinstance(names, list) or not names or not all(isinstance(c, str) for c in names):
        raise _fail(path, f"{where} must name " + (
            "a record column or a list of them" if one_allowed else "a list of record columns"))
    return tuple(names)


def needed(rules: Iterable[Rule]) -> list[str]:
    """The record columns the rules read, in a fixed order."""
    return sorted({c for r in rules for c in r.needs})


def means(per_matchup: dict[int, dict[str, list[float]]], columns: Sequence[str],
          me: str, weights: Sequence[float] = ()) -> dict[str, dict[str, float]]:
    """Per strategy, the mean per game of each column, from per-matchup sums
    {matchup: {name: [games, sum col...]}}; the candidate `me` weighted by `weights` (one
    per matchup) when given, every other strategy pooled over its games."""
    pooled: dict[str, list[float]] = {}
    for m, names in sorted(per_matchup.items()):
        for name, (n, *sums) in names.items():
            acc = pooled.setdefault(name, [0.0] * (1 + len(columns)))
            w = weights[m] if weights and name == me else None
            if w is None:
                acc[0] += n
                acc[1:] = [a + s for a, s in zip(acc[1:], sums)]
            elif n:
                acc[0] += w
                acc[1:] = [a + w * s / n for a, s in zip(acc[1:], sums)]
    return {name: {c: (s / acc[0] if acc[0] else 0.0) for c, s in zip(columns, acc[1:])}
            for name, acc in pooled.items()}


def check(rules: Sequence[Rule], means_: dict[str, dict[str, float]], me: str
          ) -> dict[str, list[float]]:
    """{rule name: [candidate's value, violation]}."""
    return {r.name: list(r.value(means_, me)) for r in rules}


def feasible(checked: dict[str, list[float]]) -> bool:
    return all(v <= 0 for _, v in checked.values())


def text(rules: Sequence[Rule], checked: dict[str, list[float]]) -> str:
    """'identity kept: ship 0.56 (min 0.5), ...' or 'identity broken: ...'."""
    word = "kept" if feasible(checked) else "broken"
    parts = [f"{r.name} {checked[r.name][0]:.3f} ({r.bound_text()}"
             + ("" if checked[r.name][1] <= 0 else ", broken") + ")" for r in rules]
    return f"identity {word}: " + ", ".join(parts)
