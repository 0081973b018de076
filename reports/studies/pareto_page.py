"""The Pareto front of a skill-preserving rules tune (sim/studies/pareto.py) as a page: OUT/pareto/
index.html with a figure, the front and every trial as tables (front.csv, trials.csv), every
figure with its 95% interval (reports/studies/pareto.py), each point with its variant file and the
command of its design dossier (a link to the dossier when it was played)."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from reports import fmt
from reports.compare import BALANCE
from reports.files import write_whole
from reports.html import Figure, Note, Section, Table, render_page
from reports.plots import plt, png
from reports.report import Written, records, write_output
from reports.runs import RunDataError

PAGE_DIR = "pareto"
SETTINGS = "front.json"   # the page's settings (Front without its table), for the findings
BASE = "base"   # the base rules' row: trial -1
NOISE = ("The front compares the point estimates: a rule set is on it when no other is at least "
         "as good on every objective and better on one, so a difference smaller than its "
         "interval can put a rule set on the front or keep it off. Read the intervals, and the "
         "changes against the base rules, before preferring one point to another.")


@dataclass(frozen=True)
class Front:
    """What the page shows. `table`: one row per complete trial and one for the base rules
    (trial -1): trial, rules, run, feasible, front, broken, the figures (reports/studies/pareto.py),
    variant (its file, relative to OUT), dossier (the command), dossier_page (relative to
    OUT, '' when not played)."""

    game: str
    config: str
    objectives: tuple[str, ...]
    index: str
    measure: str
    top: str
    against: tuple[str, ...]
    keep: str
    length: str
    sampler: str
    games: int
    seed: int
    base_dossier: str
    table: pd.DataFrame


def objective_names(f: Front) -> list[str]:
    names = {"first_seat": "|first-seat advantage| (lower is better)",
             "skill": f"skill gap of {f.top} (higher is better)"}
    return [names.get(o, f"{BALANCE.get(o, o)} of the win shares (lower is better)")
            for o in f.objectives]


def cells(t: pd.DataFrame, f: Front) -> pd.DataFrame:
    """The formatted columns of the front and trials tables."""
    def shown(name: str, signed: bool = False, digits: int = 3) -> list[str]:
        return fmt.interval_column(t, [name, f"{name}_lo", f"{name}_hi"], digits, signed)
    return pd.DataFrame({
        "trial": [BASE if n < 0 else str(n) for n in t["trial"]],
        "rules": t["rules"],
        f"{BALANCE.get(f.index, f.index)} [95%]": shown("balance"),
        "change [95%]": shown("balance_change", True),
        "first-seat advantage [95%]": shown("first_seat", True),
        f"skill gap of {f.top} [95%]": shown("skill", True),
        "skill change [95%]": shown("skill_change", True),
        f"{f.measure.replace('_', ' ')} per game [95%]": shown("length", digits=1),
        "keeps the constraints": ["yes" if ok else f"no: {why}"
                                  for ok, why in zip(t["feasible"], t["broken"])]})


def front_plot(t: pd.DataFrame, f: Front) -> bytes:
    """Balance against skill gap: the base rules a star, the front filled (drawn over the star
    when it plays the same games), the other trials that keep the constraints hollow, those
    that break them as grey crosses, each trial numbered; 95% intervals as bars."""
    fig, ax = plt.subplots(figsize=(7, 4.4))
    groups = [("base rules", t["trial"] < 0, dict(marker="*", color="C3", markersize=12)),
              ("front", t["front"], dict(marker="o", color="C0")),
              ("keeps the constraints", t["feasible"] & ~t["front"] & (t["trial"] >= 0),
               dict(marker="o", mfc="none", color="C0")),
              ("breaks a constraint", ~t["feasible"] & (t["trial"] >= 0),
               dict(marker="x", color="0.55"))]
    for label, mask, style in groups:
        g = t[mask.to_numpy(bool)]
        if g.empty:
            continue
        x, y = g["balance"].to_numpy(float), g["skill"].to_numpy(float)
        xerr = np.abs(np.vstack([x - g["balance_lo"], g["balance_hi"] - x]))
        yerr = np.abs(np.vstack([y - g["skill_lo"], g["skill_hi"] - y]))
        ax.errorbar(x, y, xerr=np.nan_to_num(xerr), yerr=np.nan_to_num(yerr), ls="none",
                    capsize=2, elinewidth=0.7, label=label, **style)
    for r in t[t["trial"] >= 0].itertuples():
        ax.annotate(str(r.trial), (r.balance, r.skill), textcoords="offset points",
                    xytext=(4, 4), fontsize=8, color="C0" if r.front else "0.45")
    ax.set_xlabel(f"{BALANCE.get(f.index, f.index)} of the win shares (lower: more balanced)")
    ax.set_ylabel(f"skill gap of {f.top} (higher: skill pays more)")
    ax.legend(fontsize=7)
    return png(fig)


def headline(t: pd.DataFrame, f: Front) -> list[str]:
    trials = t[t["trial"] >= 0]
    front = t[t["front"]]
    base = t[t["trial"] < 0].iloc[0]
    lines = [f"{len(trials)} trials, {int(trials['feasible'].sum())} of them keep the "
             f"constraints; the Pareto front holds {len(front)} rule "
             f"{'set' if len(front) == 1 else 'sets'}: "
             + ("; ".join(f"trial {r.trial} ({r.rules})" for r in front.itertuples())
                or "none") + "."]
    lines.append(f"The base rules: {BALANCE.get(f.index, f.index)} "
                 f"{fmt.interval(base['balance'], base['balance_lo'], base['balance_hi'])}, "
                 f"skill gap of {f.top} "
                 f"{fmt.signed_interval(base['skill'], base['skill_lo'], base['skill_hi'])}.")
    return lines


def front_table(t: pd.DataFrame, f: Front) -> Table:
    front = t[t["front"]]
    shown = cells(front, f).drop(columns=["keeps the constraints"])
    played = bool(len(front)) and all(front["dossier_page"])
    shown["variant file"] = list(front["variant"])
    shown["dossier"] = ["dossier" if played else c for c in front["dossier"]]
    links = {"variant file": [f"../{v}" for v in front["variant"]]}
    if played:
        links["dossier"] = [f"../{p}" for p in front["dossier_page"]]
    return Table("The Pareto front: the rule sets no other trial beats on every objective "
                 "(among those that keep the constraints)", shown,
                 "Changes are against the base rules on the same deals (paired). Each point's "
                 f"dossier compares it with the base rules' dossier, played first: "
                 f"{f.base_dossier}", links=links)


def write(out: Path, f: Front) -> Written:
    """Write OUT/pareto/: index.html, pareto.png, front.csv and trials.csv (RunDataError when
    it cannot be written)."""
    t = f.table
    lines = headline(t, f)
    keep = Note(f"Objectives: {', '.join(objective_names(f))}. Constraints: {f.keep}; "
                f"{f.length}. A trial that breaks a constraint is left off the front.")
    noise = Note(NOISE, warning=True)
    sections = [
        Section("front", "The Pareto front", [Note(x) for x in lines] + [keep, noise, Figure(
            "pareto", f"{BALANCE.get(f.index, f.index)} against the skill gap",
            front_plot(t, f)), front_table(t, f)]),
        Section("trials", "Every trial", [Table(
            "Every rule set played (the base rules first)", cells(t, f),
            "Balance: percentile bootstrap over the deal groups; seat and skill: Wilson "
            "intervals with the deal groups as units; skill change: paired t over the "
            "matchups' deals; length: t interval over the deal groups.")]),
    ]
    subtitle = (f"{f.config}: {len(t) - 1} trials of {f.games:,} games on the same deals "
                f"(seed {f.seed}), {f.sampler} sampler; skill: {f.top} against "
                f"{', '.join(f.against)}")
    footer = [("Tune config", f.config), ("Game", f.game), ("Seed", str(f.seed))]
    page = render_page(f"meeplab rules tuning: the Pareto front ({f.game})", subtitle,
                       sections, footer)
    where = out / PAGE_DIR
    index, figures = write_output(where, page, sections,
                                  {"front": t[t["front"]], "trials": t})
    settings = {k: v for k, v in asdict(f).items() if k != "table"}
    try:
        write_whole(where / SETTINGS, json.dumps(settings, indent=1).encode())
    except OSError as exc:
        raise RunDataError(f"cannot write {where / SETTINGS} ({exc.strerror or exc})",
                           "free disk space and run the tune again") from exc
    return Written(where, index, figures, lines, {"front": records(t[t["front"]])})


def read(out: Path) -> tuple[dict, pd.DataFrame]:
    """The page's settings and OUT/pareto/trials.csv (RunDataError when missing)."""
    where = out / PAGE_DIR
    try:
        settings = json.loads((where / SETTINGS).read_text(encoding="utf-8"))
        return settings, pd.read_csv(where / "trials.csv").fillna({"broken": "", "rules": ""})
    except (OSError, ValueError) as exc:
        raise RunDataError(f"cannot read the front in {where} ({exc})",
                           "run the tune again to write its front") from exc
