"""Skill-preserving rules tuning: a variant tune (sim/studies/tune.py) with several objectives at once,
`objectives = [...]` in its config, whose result is the Pareto front of rule sets.

Each trial plays two jobs through the tournament runner (shards, resume, workers, duplicate
deals), in OUT/trials/<key>/, <key> naming the trial's rules (a trial that repeats rules reuses
their games; an interrupted trial's finished shards are kept):

- `balance/`: the base tournament under the trial's rules: the balance index of the
  strategies' win shares, the first seat's advantage and the game's length;
- `skill/`: the top rung (`[skill] top`, e.g. the search) in one seat against players - 1
  copies of each of `[skill] against` (e.g. the plans), every seat rotation: the skill gap,
  the top rung's win share over its fair share.

The base rules (the base tournament's own) are played first: the reference of the skill
constraint (`keep`), of the length bounds (`within`) and of every figure's change. The figures
(reports/studies/pareto.py) give the objectives Optuna's multi-objective sampler sees (a balance index
and the first seat's |advantage| minimised, the skill gap maximised) and the constraints set
on each trial (Trial.set_constraint), so that the Pareto front (study.best_trials) holds only
rule sets that keep the skill gap and the length. reports/studies/pareto_page.py writes the front.
"""
from __future__ import annotations

import hashlib
import json
import math
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reports.studies.sweep import N_BOOT, INDICES as BALANCE
from sim import smoke
from sim.errors import UserError
from sim.games import get as get_game
from sim.run import runner, config as config_mod
from sim.run.store import write_atomic

OBJECTIVES = (*BALANCE, "first_seat", "skill")
SAMPLERS = ("tpe", "nsga2", "grid")
KEYS = ("objectives", "skill", "length", "sampler", "try_first")   # a variant tune's keys
SKILL_KEYS = ("top", "against", "games", "keep")
LENGTH_KEYS = ("measure", "low", "high", "within")
TRIALS_DIR, BALANCE_JOB, SKILL_JOB, FIGURES_FILE = "trials", "balance", "skill", "figures.json"
KEEP = "base"
BROKEN = {"length_low": "the game is too short", "length_high": "the game is too long"}
SKILL_SHARDS = 8   # shards per skill matchup


@dataclass(frozen=True)
class Skill:
    """The skill gap: the top rung against players - 1 copies of each of `against`."""

    top: str
    against: tuple[str, ...]
    games: int
    keep: str | float | None     # "base": not below the base rules' gap; a least gap; None


@dataclass(frozen=True)
class Length:
    """The length constraint: the mean of `measure` per game within [low, high], or within
    a share `within` of the base rules' mean."""

    measure: str
    low: float | None = None
    high: float | None = None
    within: float | None = None


@dataclass(frozen=True)
class Spec:
    """What a tune with several objectives measures and keeps."""

    objectives: tuple[str, ...]
    skill: Skill
    length: Length | None
    sampler: str
    try_first: tuple[dict[str, Any], ...] = ()   # rule sets played first (variant files)

    @property
    def index(self) -> str:
        """The balance index measured (the one among the objectives, else spread_sd)."""
        return next((o for o in self.objectives if o in BALANCE), "spread_sd")

    @property
    def directions(self) -> list[str]:
        return ["maximize" if o == "skill" else "minimize" for o in self.objectives]

    @property
    def measure(self) -> str:
        return self.length.measure if self.length else "decisions"


def _fail(path: Path, problem: str, fix: str) -> UserError:
    return UserError(f"{path}: {problem}", fix)


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _table(path: Path, v: dict[str, Any], key: str, keys: tuple[str, ...], example: str
           ) -> dict[str, Any]:
    table = v.get(key)
    if not isinstance(table, dict):
        raise _fail(path, f"{key} must be a table", f"write e.g. [{key}] {example}")
    unknown = sorted(set(table) - set(keys))
    if unknown:
        raise _fail(path, f"unknown key '{key}.{unknown[0]}'", f"use: {', '.join(keys)}")
    return table


def parse(path: Path, raw: dict[str, Any], v: dict[str, Any], base: config_mod.Config
          ) -> Spec | None:
    """The tune's several objectives (None without `objectives`: the single-objective tune);
    UserError on bad keys. `raw`: the file's values; `v`: with defaults and overrides."""
    if "objectives" not in raw:
        given = [k for k in KEYS if k in raw]
        if given:
            raise _fail(path, f"{given[0]} applies to a tune with several objectives",
                        'add objectives = ["spread_sd", "first_seat", "skill"], or remove '
                        f"{given[0]}")
        return None
    if "objective" in raw:
        raise _fail(path, "objective and objectives are both given",
                    "list every objective in objectives and remove objective")
    objectives = v["objectives"]
    if (not isinstance(objectives, list) or not objectives
            or not all(o in OBJECTIVES for o in objectives)
            or len(set(objectives)) != len(objectives)
            or sum(o in BALANCE for o in objectives) > 1):
        raise _fail(path, f"objectives = {objectives!r} is not a list of distinct objectives",
                    f"list some of {', '.join(OBJECTIVES)} (at most one of "
                    f"{', '.join(BALANCE)})")
    game = get_game(v["game"])
    skill = _table(path, v, "skill", SKILL_KEYS, 'top = "mcts", against = ["builder"]')
    top, against = skill.get("top"), skill.get("against")
    for name in [top, *(against if isinstance(against, list) else [None])]:
        if not isinstance(name, str) or not game.knows(name):
            raise _fail(path, f"[skill]: {name!r} is not a strategy of {game.name}",
                        'set top = "<strategy>" and against = ["<strategy>", ...] (see '
                        f"meeplab strategies {game.name})")
    if not against or top in against or len(set(against)) != len(against):
        raise _fail(path, "[skill] against must list other strategies than top, once each",
                    'write e.g. against = ["builder"]')
    games = skill.get("games", v["games"])
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise _fail(path, f"[skill] games = {games!r} is not a whole number >= 1",
                    "set games to the games per matchup of the skill job")
    keep = skill.get("keep", KEEP)
    if keep is False:
        keep = None
    elif not (keep == KEEP or (_number(keep) and -1 <= keep <= 1)):
        raise _fail(path, f"[skill] keep = {keep!r} is not \"base\", a gap or false",
                    'write keep = "base" (not below the base rules\' gap), a least gap such '
                    "as 0.1, or false")
    sampler = v.get("sampler", "tpe")
    if sampler not in SAMPLERS:
        raise _fail(path, f"sampler {sampler!r} is not one of {', '.join(SAMPLERS)}",
                    'write sampler = "tpe"')
    return Spec(tuple(objectives),
                Skill(top, tuple(against), smoke.cap("games", games) or games,
                      keep if keep is None or isinstance(keep, str) else float(keep)),
                _length(path, v, game) if "length" in v else None, sampler)


def _try_first(path: Path, v: dict[str, Any], space: Any) -> tuple[dict[str, Any], ...]:
    """The searched values of each variant file in `try_first` (relative to the config),
    each a point of the search space (UserError otherwise)."""
    from sim.options import parse_variants

    files = v.get("try_first", [])
    if files and v.get("sampler") == "grid":
        raise _fail(path, "try_first does not apply to the grid, which plays every rule set",
                    "remove try_first, or use sampler = \"tpe\"")
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        raise _fail(path, "try_first must be a list of variant files",
                    'write e.g. try_first = ["../variants/<variant>.toml"]')
    game = get_game(v["game"])
    out = []
    for name in files:
        try:
            values = parse_variants([str(path.parent / name)], game.name,
                                    game.switch_options).values
        except UserError as exc:
            raise _fail(path, f"try_first: {exc.problem}", exc.fix) from exc
        keys = {s.key: s for s in space}
        outside = [k for k, x in values.items() if k not in keys or not inside(keys[k], x)]
        missing = [k for k in keys if k not in values]
        if outside or missing:
            raise _fail(path, f"try_first: {name} is not a point of [search] "
                              f"({(outside or missing)[0]})",
                        "give a variant file that sets every searched key within its range")
        out.append({k: values[k] for k in keys})
    return tuple(out)


def inside(space: Any, value: Any) -> bool:
    """Whether a value lies in a searched dimension."""
    return value in space.choices if space.choices else space.low <= value <= space.high


def _length(path: Path, v: dict[str, Any], game: Any) -> Length:
    from reports.studies.dossier import LENGTH_COLUMNS

    table = _table(path, v, "length", LENGTH_KEYS, 'measure = "decisions", within = 0.25')
    measures = ["decisions"] + [c for c in LENGTH_COLUMNS if c in game.record_columns()]
    measure = table.get("measure", "decisions")
    if measure not in measures:
        raise _fail(path, f"[length] measure {measure!r} is not a length of {game.name}",
                    f"use one of: {', '.join(measures)}")
    low, high, within = (table.get(k) for k in ("low", "high", "within"))
    bounds = [x for x in (low, high) if x is not None]
    if not all(_number(x) and x >= 0 for x in bounds) or (
            low is not None and high is not None and low > high):
        raise _fail(path, f"[length] bounds low = {low!r}, high = {high!r} are not 0 <= "
                          "low <= high", "write e.g. low = 150, high = 400")
    if within is not None and (bounds or not _number(within) or not 0 < within < 10):
        raise _fail(path, f"[length] within = {within!r} is not a share > 0 without low and "
                          "high", "write e.g. within = 0.25 (the base rules' mean +-25%)")
    if within is None and not bounds:
        raise _fail(path, "[length] gives no bound",
                    "add within = 0.25 (the base rules' mean +-25%), or low and high")
    return Length(measure, low, high, within)


def with_space(path: Path, spec: Spec, v: dict[str, Any], space: Any) -> Spec:
    """The spec checked against the search space: a grid searches choices only; the
    try_first rule sets read."""
    from dataclasses import replace

    if spec.sampler == "grid" and any(not s.choices for s in space):
        name = next(s.key for s in space if not s.choices)
        raise _fail(path, f"sampler \"grid\" needs choices, but search.{name} is a range",
                    f"list the values of {name} to try, or use sampler = \"tpe\"")
    return replace(spec, try_first=_try_first(path, v, space))


def grid_size(space: Any) -> int:
    return math.prod(len(s.choices) for s in space)


def skill_config(tune: Any, balance: config_mod.Config, where: Path) -> config_mod.Config:
    """The skill job under the balance job's rules (UserError on a bad name)."""
    s = tune.pareto.skill
    players = balance.matchups[0].players
    raw = {"game": balance["game"], "format": "matchups", "seatings": "rotations",
           "matchups": [[s.top] + [field] * (players - 1) for field in s.against],
           "games": s.games, "seed": balance["seed"], "variant": dict(balance["variant"]),
           # search games are dear: shards of a few deals keep every worker busy
           "shard_games": max(players, math.ceil(s.games / SKILL_SHARDS))}
    if balance["variant_name"]:
        raw["variant_name"] = balance["variant_name"]
    return config_mod.load(where / f"{SKILL_JOB}.toml", raw=raw)


def key(balance: config_mod.Config) -> str:
    """The directory name of a trial: its rules' digest (the same rules, the same games)."""
    text = json.dumps(balance["variant"], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def games_per_trial(tune: Any, balance: config_mod.Config) -> int:
    """Games one trial plays in both jobs."""
    skill = skill_config(tune, balance, tune.path.parent)
    return sum(m.deals_for(c["games"]) * len(m.seatings)
               for c in (balance, skill) for m in c.matchups)


@dataclass(frozen=True)
class Played:
    """A rule set's played jobs and figures."""

    where: Path
    figures: dict[str, float]


def play(tune: Any, balance: config_mod.Config, out: Path, base: Played | None,
         workers: int | None) -> Played:
    """Play (or complete) the rule set's jobs in OUT/trials/<key>/ and measure its figures
    (read back when they were measured before)."""
    from reports.runs import RunDataError, load_run
    from reports.studies import pareto as figures_mod

    where = out / TRIALS_DIR / key(balance)
    known = where / FIGURES_FILE
    if known.exists():
        return Played(where, json.loads(known.read_text(encoding="utf-8")))
    where.mkdir(parents=True, exist_ok=True)
    jobs = {BALANCE_JOB: balance, SKILL_JOB: skill_config(tune, balance, where)}
    for name, cfg in jobs.items():
        runner.run(cfg, where / name, (where / name / "manifest.json").exists(),
                   workers=workers)
    spec = tune.pareto
    try:
        runs = [load_run(where / name).results for name in jobs]
        reference = None if base is None else tuple(
            load_run(base.where / name).results for name in jobs)
        found = figures_mod.figures(*runs, reference, spec.index, spec.skill.top,
                                    spec.measure, smoke.cap("bootstrap", N_BOOT) or 0)
    except RunDataError as exc:
        raise UserError(str(exc)) from exc
    write_atomic(known, json.dumps(found, indent=1).encode())
    return Played(where, found)


def objective_values(spec: Spec, f: dict[str, float]) -> list[float]:
    """What Optuna optimises, in the order of spec.objectives."""
    pick = {"first_seat": abs(f["first_seat"]), "skill": f["skill"]}
    return [pick.get(o, f["balance"]) for o in spec.objectives]


def bounds(spec: Spec, base: dict[str, float]) -> tuple[float, float]:
    """The length bounds (low, high), -inf/inf where none."""
    if spec.length is None:
        return (-math.inf, math.inf)
    rule = spec.length
    if rule.within is not None:
        return (base["length"] * (1 - rule.within), base["length"] * (1 + rule.within))
    return (-math.inf if rule.low is None else rule.low,
            math.inf if rule.high is None else rule.high)


def constraints(spec: Spec, f: dict[str, float], base: dict[str, float]) -> dict[str, float]:
    """Each constraint's value (<= 0: kept): the skill gap not shown below the base rules'
    (the top of the change's interval >= 0) or below `keep`; the mean length within bounds."""
    out = {}
    keep = spec.skill.keep
    if keep == KEEP:
        top = f["skill_change_hi"] if math.isfinite(f["skill_change_hi"]) else f["skill_change"]
        out["skill_kept"] = -top
    elif keep is not None:
        top = f["skill_hi"] if math.isfinite(f["skill_hi"]) else f["skill"]
        out["skill_kept"] = float(keep) - top
    low, high = bounds(spec, base)
    if math.isfinite(low):
        out["length_low"] = low - f["length"]
    if math.isfinite(high):
        out["length_high"] = f["length"] - high
    return {k: v if math.isfinite(v) else 0.0 for k, v in out.items()}


def describe(spec: Spec, f: dict[str, float], kept: dict[str, float]) -> str:
    """A trial's line: its figures and whether it keeps the constraints."""
    from reports.fmt import interval, signed_interval

    def shown(name: str, signed: bool = False) -> str:
        show = signed_interval if signed else interval
        return show(f[name], f[f"{name}_lo"], f[f"{name}_hi"])
    parts = [f"{spec.index} {shown('balance')}", f"first seat {shown('first_seat', True)}",
             f"skill gap {shown('skill', True)} (change {shown('skill_change', True)})",
             f"{spec.measure} {f['length']:.1f}"]
    return ", ".join(parts) + (f"; breaks: {broken(spec, kept)}" if broken(spec, kept) else "")


def broken(spec: Spec, kept: dict[str, float]) -> str:
    """The broken constraints in words ('' when none)."""
    keep = spec.skill.keep
    skill = f"{keep:+.3f}" if isinstance(keep, float) else "the base rules'"
    words = BROKEN | {"skill_kept": f"the skill gap is shown below {skill}"}
    return "; ".join(words[k] for k, v in kept.items() if v > 0)


def sampler(tune: Any, seed: int) -> Any:
    """The spec's Optuna sampler."""
    import optuna

    spec = tune.pareto
    if spec.sampler == "grid":
        return optuna.samplers.GridSampler({s.key: list(s.choices) for s in tune.space},
                                           seed=seed)
    if spec.sampler == "nsga2":
        population = max(2, min(50, tune["trials"] // 4))
        return optuna.samplers.NSGAIISampler(population_size=population, seed=seed)
    return optuna.samplers.TPESampler(seed=seed)


def resume_unfinished(s: Any) -> None:
    """Ask again for the values of trials that did not complete (an interrupted run): their
    jobs' finished shards are kept, so the rerun completes them."""
    import optuna

    done = [t.params for t in s.trials if t.state == optuna.trial.TrialState.COMPLETE]
    for t in s.trials:
        if t.state in (optuna.trial.TrialState.RUNNING, optuna.trial.TrialState.FAIL) \
                and "started" in t.user_attrs and t.params not in done:
            s.enqueue_trial(t.params, skip_if_exists=True)


def optimise(tune: Any, s: Any, out: Path, todo: int, workers: int | None,
             echo: Callable[[str], None]) -> Played:
    """Play the base rules (once), then `todo` trials; the base rules' played jobs."""
    from sim.studies.tune_common import base_config, item

    base = play(tune, base_config(tune, {}), out, None, workers)
    s.set_user_attr("base", {"figures": base.figures, "run": base.where.name})
    echo(f"base rules: {describe(tune.pareto, base.figures, {})}")
    if not s.trials:
        for values in tune.pareto.try_first:
            s.enqueue_trial(values, skip_if_exists=True)
    resume_unfinished(s)

    def objective(t: Any) -> list[float]:
        values = {sp.key: sp.suggest(t) for sp in tune.space}
        balance = base_config(tune, values)
        t.set_user_attr("started", key(balance))   # its games are kept if it is interrupted
        done = play(tune, balance, out, base, workers)
        kept = constraints(tune.pareto, done.figures, base.figures)
        for k, x in {"values": values, "figures": done.figures, "run": done.where.name,
                     "kept": kept}.items():
            t.set_user_attr(k, x)
        for name, violation in kept.items():
            t.set_constraint(name, violation)
        echo(f"trial {t.number}: {describe(tune.pareto, done.figures, kept)}  "
             + " ".join(item(k, x) for k, x in values.items()))
        return objective_values(tune.pareto, done.figures)
    s.optimize(objective, n_trials=todo, catch=())
    return base


# --- the front -------------------------------------------------------------------------------

FRONT_DIR, DOSSIERS_DIR, BASE_NAME = "front", "dossiers", "base"


def dossier_command(tune: Any, out: Path, name: str, variant: Path | None) -> str:
    """The `meeplab dossier` command of a rule set (`variant`: its file; None: the base
    rules), compared with the base rules' dossier."""
    from sim.studies.tune_common import base_config

    players = base_config(tune, {}).matchups[0].players
    items = dossier_variants(tune, None) + ([str(variant)] if variant is not None else [])
    parts = ["meeplab dossier", tune["game"], "--players", str(players)]
    parts += [f"--variant {shlex.quote(i)}" for i in items]
    parts += ["--out", shlex.quote(str(out / DOSSIERS_DIR / name))]
    if variant is not None:
        parts += ["--base", shlex.quote(str(out / DOSSIERS_DIR / BASE_NAME))]
    return " ".join(parts)


def rows(tune: Any, s: Any, out: Path) -> Any:
    """One row per complete trial and one for the base rules (trial -1): rules, run, the
    figures, feasible, front (a rule set on the front once, at its first trial), broken;
    for the front, its variant file, dossier command and dossier page (when played)."""
    import pandas as pd

    from sim.studies.tune_common import complete, item

    base = s.user_attrs["base"]
    best = {t.number for t in s.best_trials}
    seen: set[str] = set()
    table = [{"trial": -1, "rules": "the base rules", "run": base["run"], "feasible": True,
              "front": False, "broken": "", **base["figures"]}]
    for t in complete(s):
        kept, run = t.user_attrs["kept"], t.user_attrs["run"]
        front = t.number in best and run not in seen
        seen |= {run} if front else set()
        table.append({"trial": t.number, "rules": ", ".join(
                          item(k, x) for k, x in t.user_attrs["values"].items()),
                      "run": run, "feasible": all(v <= 0 for v in kept.values()),
                      "front": front, "broken": broken(tune.pareto, kept),
                      **t.user_attrs["figures"]})
    frame = pd.DataFrame(table)
    frame["variant"], frame["dossier"], frame["dossier_page"] = "", "", ""
    for i in frame.index[frame["front"]]:
        name = f"t{frame.loc[i, 'trial']}"
        variant = Path(FRONT_DIR) / f"{tune['name']}-{name}.toml"
        page = Path(DOSSIERS_DIR) / name / "compare" / "index.html"
        frame.loc[i, ["variant", "dossier", "dossier_page"]] = [
            variant.as_posix(), dossier_command(tune, out, name, out / variant),
            page.as_posix() if (out / page).exists() else ""]
    return frame


def keep_text(spec: Spec) -> str:
    """The skill constraint in words."""
    keep = spec.skill.keep
    if keep is None:
        return "the skill gap is not constrained"
    if keep == KEEP:
        return (f"the skill gap of {spec.skill.top} not shown below the base rules' (the "
                "top of its change's interval at least 0)")
    return f"the skill gap of {spec.skill.top} not shown below {keep:+.3f}"


def length_text(spec: Spec, low: float, high: float) -> str:
    """The length constraint in words."""
    if spec.length is None:
        return "the length is not constrained"
    share = spec.length.within
    return (f"the mean {spec.measure.replace('_', ' ')} per game within [{low:.1f}, "
            f"{high:.1f}]" + (f" (the base rules' +-{share:.0%})" if share else ""))


def write_front(tune: Any, s: Any, out: Path) -> list[str]:
    """The front's variant files (OUT/front/) and page (OUT/pareto/); the summary lines."""
    from reports.runs import RunDataError
    from reports.studies import pareto_page
    from sim.studies.tune_common import base_config, complete, variant_toml

    spec = tune.pareto
    if "base" not in s.user_attrs:
        raise UserError(f"the study in {out} has no played trial",
                        f"run it: meeplab tune {tune.path} --out {out}")
    table = rows(tune, s, out)
    by_number = {t.number: t for t in complete(s)}
    for r in table[table["front"]].itertuples():
        (out / FRONT_DIR).mkdir(parents=True, exist_ok=True)
        write_atomic(out / r.variant, variant_toml(tune, by_number[r.trial].user_attrs[
            "values"], [f"trial {r.trial} of `meeplab tune {tune.path.as_posix()}`, on its "
                        f"Pareto front ({pareto_page.PAGE_DIR}/index.html)",
                        describe(spec, r._asdict(), {})],
            "a rule set on the Pareto front of a meeplab tune").encode())
    low, high = bounds(spec, s.user_attrs["base"]["figures"])
    front = pareto_page.Front(
        tune["game"], tune.path.as_posix(), spec.objectives, spec.index, spec.measure,
        spec.skill.top, spec.skill.against, keep_text(spec), length_text(spec, low, high),
        spec.sampler, games_per_trial(tune, base_config(tune, {})), tune["seed"],
        dossier_command(tune, out, BASE_NAME, None), table)
    try:
        written = pareto_page.write(out, front)
    except RunDataError as exc:
        raise UserError(str(exc)) from exc
    lines = list(written.lines)
    lines += [f"trial {r.trial} ({r.rules}): variant {out / r.variant}; its dossier: "
              f"{r.dossier}" for r in table[table["front"]].itertuples()]
    return lines + [f"the base rules' dossier (first): {front.base_dossier}",
                    f"Pareto front: {written.index}"]


def dossier_variants(tune: Any, variant: Path | None) -> list[str]:
    """The --variant items of a rule set's dossier: the base's own rules, then its file."""
    from sim.studies.tune_common import base_config, item

    searched = {s.key for s in tune.space}
    items = [item(k, x) for k, x in base_config(tune, {})["variant"].items()
             if k not in searched]
    return items + ([str(variant.resolve())] if variant is not None else [])


def play_dossiers(tune: Any, s: Any, out: Path, workers: int | None,
                  echo: Callable[[str], None]) -> None:
    """Play (or complete) the base rules' design dossier and each front point's, compared
    with the base's: the dossiers whose commands the front page names."""
    from sim.studies import dossier as dossier_mod
    from sim.studies.tune_common import base_config

    players = base_config(tune, {}).matchups[0].players
    table = rows(tune, s, out)
    jobs = [(BASE_NAME, None)] + [(f"t{r.trial}", out / r.variant)
                                  for r in table[table["front"]].itertuples()]
    for name, variant in jobs:
        where = out / DOSSIERS_DIR / name
        given = {"rungs": None, "players": players, "games": None, "seed": None,
                 "course": None, "variants": tuple(dossier_variants(tune, variant)),
                 "precision": None}
        resume = (where / dossier_mod.SETTINGS).exists()
        plan = dossier_mod.start(tune["game"], given if not resume else {}, where, resume)
        echo(f"dossier {name}: {dossier_command(tune, out, name, variant)}")
        dossier_mod.play(plan, where, resume, workers, echo=echo)
        dossier_mod.page(plan, where)
        if variant is not None:
            dossier_mod.compare(out / DOSSIERS_DIR / BASE_NAME, where)
