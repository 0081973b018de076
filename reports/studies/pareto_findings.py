"""The findings reader of a skill-preserving rules tune (study kind `pareto`,
reports/studies/findings.py): every rule set of its front page
(reports/studies/pareto_page.py) as a table, and
claims about one rule set each, `rules` naming it as the page does ("layout=forbid", or "base"
for the base rules):

- subject `balance_change`, `skill_change`: its change against the base rules;
- subject `first_seat`, `skill`: seat 1's advantage, the top rung's margin over the fair share;
- subject `front`: whether it is on the Pareto front, dominated, or breaks a constraint.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reports import claims as cl
from reports.compare import BALANCE
from reports.runs import RunDataError
from reports.studies.finding_parts import Result, Table, claim_templates
from reports.studies.pareto_page import BASE, Front, cells, read

SUBJECTS = ("balance_change", "skill_change", "first_seat", "skill", "front")


def templates(f: Front) -> dict[str, dict[str, str]]:
    """The sentences of each subject (fields: rules, top, against)."""
    index = BALANCE.get(f.index, f.index)
    return {
        "balance_change": {
            "above": f"under {{rules}} the {index} of win shares rises, a less balanced "
                     "game: {interval}",
            "below": f"under {{rules}} the {index} of win shares falls, a more balanced "
                     "game: {interval}",
            "within": f"under {{rules}} the {index} of win shares is not shown to change: "
                      "{interval}"},
        "skill_change": {
            "above": "under {rules} skill pays more: `{top}`'s win share against "
                     "`{against}` changes by {interval}",
            "below": "under {rules} skill pays less: `{top}`'s win share against "
                     "`{against}` changes by {interval}",
            "within": "under {rules} `{top}`'s win share against `{against}` is not shown "
                      "to change: {interval}"},
        "first_seat": {
            "above": "under {rules} seat 1 wins more than its fair share: {interval}",
            "below": "under {rules} seat 1 wins less than its fair share: {interval}",
            "within": "under {rules} seat 1's win share is not shown to differ from its "
                      "fair share: {interval}"},
        "skill": {
            "above": "under {rules} `{top}` wins more than its fair share against "
                     "`{against}`: margin {interval}",
            "below": "under {rules} `{top}` wins less than its fair share against "
                     "`{against}`: margin {interval}",
            "within": "under {rules} `{top}` is not shown to beat `{against}`: margin "
                      "{interval}"},
    }


def standing(row: Mapping[str, Any], rules: str) -> str:
    """Whether the rule set is on the front, dominated, or breaks a constraint."""
    if not row["feasible"]:
        return f"{rules} is left off the Pareto front: {row['broken']}"
    if row["front"]:
        return f"{rules} is on the Pareto front"
    return (f"{rules} keeps the constraints but is not on the Pareto front: another rule set "
            "is at least as good on every objective and better on one")


def pareto(result: Path, spec: Mapping[str, Any]) -> Result:
    """RESULT/pareto/: every rule set's figures and standing."""
    settings, t = read(result)
    f = Front(**{k: tuple(v) if isinstance(v, list) else v for k, v in settings.items()},
              table=t)
    shown = cells(t, f)
    shown.insert(len(shown.columns), "on the front", ["yes" if x else "" for x in t["front"]])
    out = Result([Table("Every rule set of the tune, the base rules first (95% intervals; "
                        "changes paired against the base rules on the same deals)",
                        list(shown.columns), shown.astype(str).to_numpy().tolist())])
    sentences = templates(f)
    for c in spec.get("claims", []):
        rules, subject = c.get("rules"), c.get("subject")
        pick = t[t["trial"] < 0] if rules == BASE else t[t["rules"] == rules]
        if pick.empty or subject not in SUBJECTS:
            raise RunDataError(f"no claim about rules '{rules}' and subject '{subject}'",
                               f"name rules from: {BASE}, {', '.join(t['rules'][1:])}; "
                               f"subjects: {', '.join(SUBJECTS)}")
        row = pick.iloc[0]
        name = "the base rules" if rules == BASE else f"`{rules}`"
        if subject == "front":
            out.claims.append(standing(row, name))
            continue
        est = cl.Estimate(float(row[subject]), float(row[f"{subject}_lo"]),
                          float(row[f"{subject}_hi"]))
        out.claims.append(cl.sentence("difference", "", est, overrides=sentences[subject]
                                      | claim_templates(spec, c), signed=True, rules=name,
                                      top=f.top, against=", ".join(f.against)))
    return out
