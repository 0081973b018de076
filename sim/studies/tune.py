"""`meeplab tune CONFIG.toml`: Optuna searches for a strategy's parameters or a fair variant.

Two modes (`mode` in the config):

- `strategy`: search some parameters of a kernel (PARAMS in its module) to maximise a
  candidate's win share against a field: the candidate starts from a preset (`start`), plays
  the lineup [candidate, *field] in every seat rotation. A *mixed* field (`field = {name =
  weight, ...}` with `players = N`, e.g. a meta-game's equilibrium mix) draws the N-1
  co-players independently from the weights: the candidate plays every multiset of N-1
  field strategies (`games` games each) and its win share is their probability-weighted
  mean (a best response to the mix). A `[variant]` table (or list of variant files), as in
  a tournament config, plays every trial under those rules. Best result: a preset file
  `OUT/<preset>.toml`, or installed into the user's presets folder (the registry's
  user_dirs(), never the package), listed by `meeplab strategies` and playable by name; none
  when the best trial is the start preset's own values.
- `variant`: search variant values (switches and numeric rules-data paths) of a base
  tournament to minimise an imbalance index of the strategies' win shares (spread_sd,
  max_minus_min or gini). Best result: a variant file `OUT/<name>.toml` for `--variant FILE`.
  With `objectives = [...]` several objectives at once, the skill gap kept
  (sim/studies/pareto.py): the result is the Pareto front of rule sets, a page
  (reports/studies/pareto_page.py).

Every trial plays the same deals (same seed, same matchups: common random numbers), so trials
differ by their values only. The study lives in OUT/study.db (SQLite): a rerun with the same
config continues it up to `trials` complete trials (or --trials), keeping the count.
"""
from __future__ import annotations

import hashlib
import json
import re
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from reports.text import plural
from sim import smoke
from sim.errors import UserError
from sim.games import get as get_game, names as game_names
from sim.options import option_text, parse_variants
from sim.run import backends, schedule, config as config_mod
from sim.run.store import write_atomic
from sim.studies import identity, pareto, trials
from sim.studies.tune_common import base_config, complete, item, item_list, variant_toml

MODES = ("strategy", "variant")
OBJECTIVES = ("spread_sd", "max_minus_min", "gini")
COMMON = {"mode": None, "game": "cuba", "trials": 30, "games": 2000, "seed": 0,
          "description": None, "search": None}
MODE_KEYS = {"strategy": {"kernel": None, "start": None, "field": None, "preset": None},
             "variant": {"base": None, "objective": "spread_sd", "name": None}}
STUDY_FILE, TRIALS_FILE = "study.db", "trials.csv"
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class Space:
    """One searched dimension: a number range or a list of choices."""

    key: str
    low: float | None = None
    high: float | None = None
    integer: bool = False
    log: bool = False
    choices: tuple[Any, ...] = ()

    def suggest(self, trial: Any) -> Any:
        """The trial's value (floats rounded to 3 decimals: what is played and written)."""
        if self.choices:
            return trial.suggest_categorical(self.key, list(self.choices))
        if self.integer:
            return trial.suggest_int(self.key, int(self.low), int(self.high), log=self.log)
        return round(trial.suggest_float(self.key, self.low, self.high, log=self.log), 3)

    def corners(self) -> list[Any]:
        """The extreme values (checked before the study starts)."""
        return list(self.choices) if self.choices else [self.low, self.high]


@dataclass(frozen=True)
class Tune:
    """A checked tune config."""

    path: Path
    values: dict[str, Any]
    space: tuple[Space, ...]
    base: config_mod.Config | None        # variant mode: the base tournament
    start: dict[str, Any]                 # strategy mode: the start preset's parameters
    identity: tuple[identity.Rule, ...] = ()   # strategy mode: rules the candidate keeps
    pareto: pareto.Spec | None = None     # variant mode with several objectives

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def hash(self) -> str:
        """The study's identity: every value but `trials` (which a rerun may raise)."""
        body = {k: v for k, v in self.values.items() if k != "trials"}
        text = json.dumps(body, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def direction(self) -> str:
        return "maximize" if self["mode"] == "strategy" else "minimize"


def _fail(path: Path, problem: str, fix: str) -> UserError:
    return UserError(f"{path}: {problem}", fix)


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def parse_space(path: Path, key: str, spec: Any, choices_only: bool = False) -> Space:
    """[low, high] (numbers: a range, int when both are), {low, high, log}, or a list of
    choices (strings, booleans, or not exactly two numbers; always for a switch, a choice
    parameter or a parameter naming a preset, such as the search's rollout: `choices_only`;
    and for {choices = [...]}, two numbers too)."""
    if isinstance(spec, dict):
        unknown = set(spec) - {"low", "high", "log", "choices"}
        if unknown or ("choices" in spec) == ("low" in spec or "high" in spec):
            raise _fail(path, f"search.{key} table is not {{low, high[, log]}} or {{choices}}",
                        f"write e.g. {key} = {{ low = 0.1, high = 2.0, log = true }}")
        if "choices" in spec:
            spec, choices_only = spec["choices"], True
        elif choices_only:
            raise _fail(path, f"search.{key} takes a list of choices, not a range",
                        f"list the values to try, e.g. {key} = [\"a\", \"b\"]")
        else:
            low, high, log = spec.get("low"), spec.get("high"), spec.get("log", False)
            return _range(path, key, low, high, bool(log))
    if not isinstance(spec, list) or not spec:
        raise _fail(path, f"search.{key} is not a range or a list of choices",
                    f"write e.g. {key} = [0.2, 1.5] (a range) or {key} = [\"a\", \"b\"]")
    if len(spec) == 2 and all(_number(x) for x in spec) and not choices_only:
        return _range(path, key, spec[0], spec[1], False)
    if len(set(map(repr, spec))) != len(spec) or len(spec) < 2:
        raise _fail(path, f"search.{key} needs at least two different choices",
                    f"list the values to try, e.g. {key} = [false, true]")
    return Space(key, choices=tuple(spec))


def _range(path: Path, key: str, low: Any, high: Any, log: bool) -> Space:
    if not (_number(low) and _number(high)) or not low < high or (log and low <= 0):
        raise _fail(path, f"search.{key} range [{low!r}, {high!r}] is not low < high"
                          + (" > 0 (log)" if log else ""),
                    f"write e.g. {key} = [0.2, 1.5]")
    integer = isinstance(low, int) and isinstance(high, int)
    return Space(key, low if integer else float(low), high if integer else float(high),
                 integer, log)


def _strategy(path: Path, v: dict[str, Any], space: list[Space]) -> dict[str, Any]:
    """Check the strategy-mode keys; the start preset's parameters."""
    reg = get_game(v["game"]).registry
    known = get_game(v["game"]).strategy_names()
    if v["kernel"] not in reg.kernels:
        raise _fail(path, f"kernel {v['kernel']!r} is not a kernel of {v['game']}",
                    f"set kernel to one of: {', '.join(reg.kernels)}")
    start_name = v["start"] or v["kernel"]
    presets = reg.strategies()
    if start_name not in presets or presets[start_name].kernel != v["kernel"]:
        raise _fail(path, f"start preset {start_name!r} is not a {v['kernel']} preset",
                    f"set start to a preset of kernel {v['kernel']} (see meeplab strategies "
                    f"{v['game']})")
    v["start"] = start_name
    field = v["field"]
    if isinstance(field, dict):
        v["field"] = _mixed_field(path, v, known)
    elif not isinstance(field, list) or not field or not all(f in known for f in field):
        raise _fail(path, "field must be a non-empty list of strategy names",
                    f"write e.g. field = [\"{start_name}\", \"random\", \"random\"] "
                    f"(known: {', '.join(known)})")
    elif "players" in v:
        raise _fail(path, "players applies to a mixed field only",
                    "remove players (the lineup is [candidate, *field])")
    else:
        low, high = config_mod.player_bounds(get_game(v["game"]), v.get("variant"))
        if not low <= 1 + len(field) <= high:
            raise _fail(path, f"the lineup [candidate, *field] has {1 + len(field)} players; "
                              f"{v['game']} plays {low}..{high}",
                        f"list {low - 1} to {high - 1} strategies in field")
    v["preset"] = v["preset"] or f"{start_name}_tuned"
    if not NAME.fullmatch(v["preset"]) or v["preset"] in field:
        raise _fail(path, f"preset name {v['preset']!r} is not a new strategy name",
                    "choose a name of letters, digits, _ and - that the field does not use")
    declared = [p.name for p in reg.kernel_module(v["kernel"]).PARAMS]
    start = dict(presets[start_name].params)
    for s in space:
        if s.key not in declared:
            raise _fail(path, f"search.{s.key} is not a parameter of kernel {v['kernel']}",
                        f"search some of: {', '.join(declared)}")
        for value in s.corners():
            try:
                reg.make(v["preset"], v["kernel"], "check", start | {s.key: value})
            except ValueError as exc:   # the registry's message names the generated preset
                problem = re.sub(r"^\(generated\): preset '[^']*': ", "", str(exc))
                raise _fail(path, f"search.{s.key}: {problem}".split("; ")[0],
                            "fix the range or choices") from exc
    return start


def _mixed_field(path: Path, v: dict[str, Any], known: list[str]) -> dict[str, float]:
    """A mixed field {name: weight}, checked and normalised to sum 1 (with `players`)."""
    field = v["field"]
    if not field or not all(name in known and _number(w) and w >= 0
                            for name, w in field.items()) or sum(field.values()) <= 0:
        raise _fail(path, "a mixed field must map strategy names to weights >= 0 (not all 0)",
                    f"write e.g. field = {{ greedy = 0.6, builder = 0.4 }} (known: "
                    f"{', '.join(known)})")
    low, high = config_mod.player_bounds(get_game(v["game"]), v.get("variant"))
    players = v.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise _fail(path, f"a mixed field needs players = {low}..{high} "
                          f"(got {players!r})", "add e.g. players = 4")
    total = sum(field.values())
    return {name: w / total for name, w in field.items() if w > 0}


def mixed_lineups(v: dict[str, Any]) -> tuple[list[tuple[str, ...]], list[float]]:
    """The candidate's lineups against a mixed field and their probabilities: every multiset
    of players-1 co-players drawn independently from the weights."""
    from reports.studies.symmetric_game import multinomial, multisets

    names = list(v["field"])
    mix = np.array([v["field"][n] for n in names])
    counts = multisets(len(names), v["players"] - 1)
    probs = multinomial(counts) * np.prod(mix[None, :] ** counts, axis=1)
    lineups = [(v["preset"], *(names[i] for i, c in enumerate(row) for _ in range(c)))
               for row in counts]
    return lineups, [float(p) for p in probs]


def field_text(v: dict[str, Any]) -> str:
    """'greedy, builder, money_and_laws', or 'the mix greedy 0.60, builder 0.40'."""
    if isinstance(v["field"], dict):
        return "the mix " + ", ".join(f"{n} {w:.2f}" for n, w in v["field"].items())
    return ", ".join(v["field"])


def _variant(path: Path, v: dict[str, Any], space: list[Space]) -> config_mod.Config:
    """Check the variant-mode keys: the base tournament, loaded with every extreme value."""
    if not isinstance(v["base"], str):
        raise _fail(path, "variant mode needs a base tournament config",
                    'add base = "../tournaments/<config>.toml" (relative to this file)')
    if v["objective"] not in OBJECTIVES:
        raise _fail(path, f"unknown objective {v['objective']!r}",
                    f"use one of: {', '.join(OBJECTIVES)}")
    v["name"] = v["name"] or f"{v['game']}-{path.stem}"
    if not NAME.fullmatch(v["name"]):
        raise _fail(path, f"variant name {v['name']!r} is not a file name",
                    "use letters, digits, _ and -")
    base_path = path.parent / v["base"]
    for i in range(2):
        items = [item(s.key, s.corners()[-i]) for s in space]
        try:
            cfg = config_mod.load(base_path, games=v["games"], seed=v["seed"], variants=items)
        except UserError as exc:
            raise _fail(path, f"search: {exc.problem}", exc.fix) from exc
    if len({m.players for m in cfg.matchups}) != 1:
        raise _fail(path, "the base tournament mixes player counts",
                    "use a base with one player count: win shares are compared with 1/players")
    if cfg["game"] != v["game"]:
        raise _fail(path, f"the base tournament is of {cfg['game']}, not {v['game']}",
                    f"set game = \"{cfg['game']}\"")
    return config_mod.load(base_path, games=v["games"], seed=v["seed"])


def _rules(path: Path, v: dict[str, Any]) -> dict[str, Any]:
    """A strategy tune's [variant]: the rules its trials play, as flat overrides."""
    items = config_mod.variant_items(v["variant"], path)
    if items is None:
        raise _fail(path, "variant must be a table of KEY = VALUE or a list of variant files",
                    "write e.g. [variant] money_limited = true")
    game = get_game(v["game"])
    try:
        values = parse_variants(items, game.name, game.switch_options).values
        game.load_tables(values or None)
    except UserError as exc:
        raise _fail(path, f"[variant]: {exc.problem}", exc.fix) from exc
    return config_mod.overrides(game, values)


def load(path: Path, trials_override: int | None = None, games: int | None = None,
         preset: str | None = None, skill_games: int | None = None) -> Tune:
    """Read and check a tune config (UserError); command-line trials, games per trial,
    preset name and games per skill matchup override the file's."""
    if not path.is_file():
        raise UserError(f"tune config {path} not found",
                        "check the path; ready-made tunes are in configs/tunes/")
    raw = config_mod.read_toml(path)
    mode = raw.get("mode")
    if mode not in MODES:
        raise _fail(path, f"mode {mode!r} is not one of {', '.join(MODES)}",
                    'add mode = "strategy" (search parameters) or mode = "variant"')
    defaults = COMMON | MODE_KEYS[mode]
    # players (a mixed field only), variant, identity and the several objectives' keys: not
    # defaults, so existing studies' hashes stay
    unknown = sorted(set(raw) - set(defaults)
                     - ({"players", "variant", "identity"} if mode == "strategy"
                        else set(pareto.KEYS)))
    if unknown:
        raise _fail(path, f"unknown key '{unknown[0]}' for mode {mode}",
                    f"use: {', '.join(defaults)}")
    v = defaults | raw
    if trials_override is not None:
        v["trials"] = trials_override
    if games is not None:
        v["games"] = games
    if preset is not None:
        if mode != "strategy":
            raise UserError("--preset applies to strategy tunes only",
                            "name a variant tune's output with name = ... in its config")
        if not re.fullmatch(r"[a-z][a-z0-9_]*", preset):
            raise UserError(f"--preset {preset!r} is not a preset name",
                            "use lower-case letters, digits and _ (e.g. greedy_v2)")
        v["preset"] = preset
    if skill_games is not None:
        if not isinstance(v.get("skill"), dict):
            raise UserError("--skill-games applies to a tune with several objectives",
                            "drop --skill-games, or add objectives and a [skill] table")
        v["skill"] = v["skill"] | {"games": skill_games}
    if v["game"] not in game_names():
        raise _fail(path, f"unknown game {v['game']!r}", f"use one of: {', '.join(game_names())}")
    for key, minimum in (("trials", 1), ("games", 1), ("seed", 0)):
        x = v[key]
        if not isinstance(x, int) or isinstance(x, bool) or x < minimum:
            raise _fail(path, f"{key} = {x!r} is not a whole number >= {minimum}",
                        f"set {key} to a whole number >= {minimum}")
    v["trials"], v["games"] = smoke.cap("trials", v["trials"]), smoke.cap("games", v["games"])
    if not isinstance(v["search"], dict) or not v["search"]:
        raise _fail(path, "no [search] table", "add [search] with key = [low, high] or "
                                               "key = [choice, ...] lines")
    if mode == "strategy":
        reg = get_game(v["game"]).registry
        fixed = {p.name for p in reg.kernel_module(v["kernel"]).PARAMS
                 if p.choices or p.preset} if (
            isinstance(v["kernel"], str) and v["kernel"] in reg.kernels) else set()
    else:
        fixed = set(get_game(v["game"]).switch_options)
    space = [parse_space(path, k, s, k in fixed) for k, s in v["search"].items()]
    if mode == "strategy":
        if "variant" in v:
            v["variant"] = _rules(path, v)
        rules = (identity.parse(path, v["identity"], get_game(v["game"]).record_columns())
                 if "identity" in v else ())
        return Tune(path, v, tuple(space), None, _strategy(path, v, space), rules)
    base = _variant(path, v, space)
    spec = pareto.parse(path, raw, v, base)
    if spec is not None:
        spec = pareto.with_space(path, spec, v, space)
    return Tune(path, v, tuple(space), base, {}, pareto=spec)


def trial_plan(tune: Tune, values: dict[str, Any]) -> trials.Trial:
    """What a trial with these values plays (UserError when a variant value is refused)."""
    v = tune.values
    if v["mode"] == "strategy":
        lineups, weights = (mixed_lineups(v) if isinstance(v["field"], dict)
                            else ([(v["preset"], *v["field"])], []))
        matchups = tuple(schedule.build(lineups, "rotations"))
        custom = {v["preset"]: trials.custom_strategy(v["game"], v["preset"], v["kernel"],
                                                      tune.start | values)}
        return trials.Trial(v["game"], v.get("variant", {}), v["seed"], matchups, v["games"],
                            custom, weights=tuple(weights),
                            columns=tuple(identity.needed(tune.identity)))
    cfg = base_config(tune, values)
    return trials.Trial(v["game"], cfg["variant"], cfg["seed"], cfg.matchups, v["games"])


def objective_value(tune: Tune, outcome: trials.Outcome, plan: trials.Trial
                    ) -> tuple[float, dict[str, Any]]:
    """The trial's objective from its outcome, and what to record with it (a strategy
    tune with identity rules: each rule's value and violation, sim.studies.identity)."""
    shares = outcome.intervals
    by_name = {i.strategy: i for i in shares}
    recorded = {"win_shares": {i.strategy: round(i.win_share, 5) for i in shares}}
    if tune["mode"] == "strategy":
        me = by_name[tune["preset"]]
        recorded |= {"half_width": me.half_width}
        if tune.identity:
            means = identity.means(outcome.columns, plan.columns, tune["preset"], plan.weights)
            recorded["identity"] = identity.check(tune.identity, means, tune["preset"])
        return me.win_share, recorded
    import numpy as np
    from reports.studies.sweep import indices

    index = indices(np.array([[i.win_share for i in shares]]))[tune["objective"]][0]
    return float(index), recorded


def study(tune: Tune, out: Path) -> Any:
    """The Optuna study in out/study.db, created or reopened (UserError: another config)."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.ERROR)  # a failed trial is reported by us
    out.mkdir(parents=True, exist_ok=True)
    storage = f"sqlite:///{(out / STUDY_FILE).resolve()}"
    seed = tune["seed"] + len(_existing(storage))
    if tune.pareto is None:
        s = optuna.create_study(study_name="meeplab-tune", storage=storage,
                                load_if_exists=True, direction=tune.direction,
                                sampler=optuna.samplers.TPESampler(seed=seed))
    else:
        s = optuna.create_study(study_name="meeplab-tune", storage=storage,
                                load_if_exists=True, directions=tune.pareto.directions,
                                sampler=pareto.sampler(tune, seed))
    mine = s.user_attrs.get("config_hash")
    if mine is None:
        s.set_user_attr("config_hash", tune.hash)
        s.set_user_attr("config", json.loads(json.dumps(tune.values, default=str)))
    elif mine != tune.hash:
        raise UserError(f"{out} holds a study of another tune config (or other values)",
                        "choose another --out, or delete that directory to start over")
    return s


@contextmanager
def storage_errors(out: Path) -> Iterator[None]:
    """The study database failing as a UserError: damaged (not an SQLite file, a malformed
    one, another Optuna's schema), it is left as it is; failing to write (a full disk, a file
    that cannot grow), SQLite's transactions keep what was committed: a rerun continues."""
    import sqlite3

    import optuna
    import sqlalchemy.exc

    db = out / STUDY_FILE
    try:
        yield
    except (sqlalchemy.exc.DatabaseError, optuna.exceptions.StorageInternalError) as exc:
        cause: BaseException = exc
        while cause.__cause__ is not None:  # optuna's error wraps SQLAlchemy's wraps SQLite's
            cause = cause.__cause__
        if isinstance(cause, sqlite3.DatabaseError) and not isinstance(
                cause, sqlite3.OperationalError):
            raise UserError(f"the study {db} is damaged ({cause})",
                            "it was left as it is: move it aside (or choose another --out) to "
                            "start a new study") from exc
        raise UserError(f"cannot write the study {db} ({cause})",
                        "free disk space (or choose another --out), then run the command "
                        "again: the study continues from its complete trials") from exc
    except RuntimeError as exc:   # optuna: a schema of another Optuna version
        if "schema" not in str(exc):
            raise
        raise UserError(f"the study {db} has a schema this Optuna cannot read ({exc})",
                        f"it was left as it is: upgrade an older one with `optuna storage "
                        f"upgrade --storage sqlite:///{db.resolve()}`, or choose another --out"
                        ) from exc


def kept(t: Any) -> bool:
    """Whether a complete trial keeps the tune's identity (always, without rules)."""
    return all(v <= 0 for v in t.constraints.values())


def _existing(storage: str) -> list[Any]:
    import optuna

    try:
        return optuna.load_study(study_name="meeplab-tune", storage=storage).trials
    except KeyError:
        return []


def optimise(tune: Tune, out: Path, workers: int | None = None,
             echo: Callable[[str], None] = print) -> Any:
    """Run trials until the study has tune['trials'] complete ones; return the study."""
    s = study(tune, out)
    want = tune["trials"]
    if tune.pareto is not None and tune.pareto.sampler == "grid":
        want = min(want, pareto.grid_size(tune.space))
    todo = want - len(complete(s))
    if todo <= 0:
        echo(f"the study already has {len(complete(s))} complete trials (trials = "
             f"{tune['trials']}); " + ("raise --trials to continue it" if want == tune["trials"]
                                       else "the grid has no other rule set"))
        return s
    if tune.pareto is not None:
        pareto.optimise(tune, s, out, todo, workers, echo)
        return s
    if tune["mode"] == "strategy" and not s.trials:
        s.enqueue_trial({sp.key: tune.start[sp.key] for sp in tune.space
                         if pareto.inside(sp, tune.start[sp.key])}, skip_if_exists=True)
    first = trial_plan(tune, {sp.key: sp.corners()[0] for sp in tune.space})
    trials.warm_up(first)
    backend = backends.make(workers)
    try:
        def objective(t: Any) -> float:
            values = {sp.key: sp.suggest(t) for sp in tune.space}
            plan = trial_plan(tune, values)
            outcome = trials.run(plan, backend)
            value, recorded = objective_value(tune, outcome, plan)
            for k, x in (recorded | {"values": values, "errors": outcome.errors}).items():
                t.set_user_attr(k, x)
            for rule, (_, violation) in recorded.get("identity", {}).items():
                t.set_constraint(rule, violation)   # Optuna's TPE samples around kept trials
            echo(f"trial {t.number}: {_describe(tune, value, recorded)}  "
                 + " ".join(f"{k}={option_text(x)}" for k, x in values.items())
                 + (f"  (excluded: {plural(outcome.errors, 'game')} with an engine error, "
                    "with their deals)" if outcome.errors else ""))
            return value
        s.optimize(objective, n_trials=todo, catch=())
    finally:
        backend.close(cancel=True)
    return s


def _describe(tune: Tune, value: float, recorded: dict[str, Any]) -> str:
    if tune["mode"] == "strategy":
        return f"win share {value:.4f} +-{recorded['half_width']:.4f}" + (
            f", {identity.text(tune.identity, recorded['identity'])}" if tune.identity else "")
    return f"{tune['objective']} {value:.4f}"


def games_per_trial(tune: Tune) -> int:
    """Games one trial plays (every matchup in whole rotations)."""
    if tune.pareto is not None:
        return pareto.games_per_trial(tune, base_config(tune, {}))
    plan = trial_plan(tune, {sp.key: sp.corners()[0] for sp in tune.space})
    return sum(m.deals_for(plan.games) * len(m.seatings) for m in plan.matchups)


def best_trial(tune: Tune, s: Any) -> Any:
    """The best complete trial; with identity rules the best of those that keep them
    (UserError when none does: the study and trials.csv stay for a rerun)."""
    try:
        return s.best_trial   # Optuna's: the best of the trials whose constraints hold
    except ValueError as exc:
        if not tune.identity:
            raise
        raise UserError(f"none of the {len(complete(s))} trials keeps the identity "
                        f"({', '.join(r.name for r in tune.identity)}); no preset written",
                        "run more trials (raise --trials), move the [search] ranges toward "
                        "the plan, or loosen an [identity] bound") from exc


def _rerun(tune: Tune, out: Path, *args: str) -> str:
    """The command line that reruns this tune's study (its --games and --preset overrides
    kept) with `args` added."""
    raw = config_mod.read_toml(tune.path)
    kept = [f"--games {tune['games']}"] * (raw.get("games", COMMON["games"]) != tune["games"])
    kept += [f"--preset {tune['preset']}"] * (raw.get("preset") not in (None, tune["preset"]))
    return " ".join(["meeplab tune", shlex.quote(str(tune.path)), "--out",
                     shlex.quote(str(out)), *kept, *args])


def _new_name(tune: Tune, out: Path) -> str:
    """A command tuning under the first free name <preset>_2, _3, ... (in a new study
    directory when `out` holds this one: the name is part of what a study plays)."""
    taken = set(get_game(tune["game"]).strategy_names())
    new = next(f"{tune['preset']}_{i}" for i in range(2, 1000)
               if f"{tune['preset']}_{i}" not in taken)
    where = Path(f"{out}-{new}") if (out / STUDY_FILE).exists() else out
    return f"meeplab tune {shlex.quote(str(tune.path))} --out {shlex.quote(str(where))} " \
           f"--preset {new} --install"


def _refusal(tune: Tune, target: Path, out: Path, force: bool,
             install: str = "--install") -> UserError | None:
    """Why the tuned preset may not be installed as `target`, or None. A shipped preset is
    never replaced nor shadowed (the registry refuses a name defined twice: shipped configs,
    goldens and documented results keep their meaning); an installed one only with force.
    `install`: the option that installed it (in the fix's command)."""
    from strategies.common.registry import ROOT, PresetError

    reg = get_game(tune["game"]).registry
    name = tune["preset"]
    where = reg.defined_in(name)
    if where is not None and reg.shipped(where):
        return UserError(f"preset name '{name}' is taken by the shipped strategy in "
                         f"{where.relative_to(ROOT)}, which is never replaced nor shadowed",
                         f"tune under a new name: {_new_name(tune, out)}")
    if where is not None and where.resolve() != target.resolve():
        return UserError(f"preset '{name}' is already defined in {where}",
                         "choose another name (--preset NAME), or move that file away")
    if target.exists():
        try:
            held = set(reg.names_in(target)) if target.is_file() else set()
        except PresetError:
            held = set()
        if held != {name}:
            return UserError(f"{target} exists and does not hold just the preset '{name}'",
                             "choose another name (--preset NAME), or move that file away")
        if not force:
            return UserError(f"preset '{name}' is already installed: {target}",
                             f"replace it: {_rerun(tune, out, install, '--force')}")
    return None


def presets_target(tune: Tune, presets_dir: Path | None, install: bool, out: Path,
                   force: bool = False) -> Path:
    """Where the tuned preset goes: the study directory, or with `install` the user's presets
    folder (presets_dir, else the first of registry.user_dirs()); UserError when the
    installed name is taken (sim.studies.tune._refusal)."""
    from strategies.common.registry import EXTRA_ENV, user_dirs

    if not install:
        return out / f"{tune['preset']}.toml"
    folder = presets_dir or user_dirs()[0]
    if folder.exists() and not folder.is_dir():
        raise UserError(f"--presets-dir {folder} is a file" if presets_dir else
                        f"the presets folder {folder} (${EXTRA_ENV}) is a file",
                        "give a directory for the preset")
    target = folder / f"{tune['preset']}.toml"
    refusal = _refusal(tune, target, out, force, f"--presets-dir {shlex.quote(str(folder))}"
                       if presets_dir else "--install")
    if refusal is not None:
        raise refusal
    return target


def _use_hint(tune: Tune, target: Path, out: Path) -> str:
    """How to play a preset written to the study directory (commands that work as printed)."""
    from strategies.common.registry import user_dirs

    folder = user_dirs()[0]
    refusal = _refusal(tune, folder / target.name, out, force=False)
    if refusal is None:
        return (f"to install it into {folder}: {_rerun(tune, out, '--install')}; to try it "
                f"first: MEEPLAB_PRESETS={shlex.quote(str(out))} meeplab strategies "
                f"{tune['game']}")
    return f"not installable as it is: {refusal}"


def write_best(tune: Tune, s: Any, out: Path, presets_dir: Path | None,
               install: bool = False, force: bool = False) -> list[str]:
    """Write the best trial as a preset (strategy: in out/, or installed) or variant file
    (variant), and out/trials.csv; return the summary lines. A best trial that plays the start
    preset's own values writes no preset (unless `force`): it is not a tuned one."""
    from strategies.common.registry import preset_toml

    done = complete(s)
    write_atomic(out / TRIALS_FILE, s.trials_dataframe().to_csv(index=False).encode())
    if tune.pareto is not None:
        return pareto.write_front(tune, s, out)
    best = best_trial(tune, s)
    values = best.user_attrs["values"]
    v = tune.values
    rel = tune.path.as_posix()
    of = (plural(len(done), "trial") if not tune.identity else
          f"the {sum(map(kept, done))} of {len(done)} trials that keep the identity")
    head = (f"tuned by `meeplab tune {rel}`: {plural(len(done), 'trial')} of "
            f"{plural(games_per_trial(tune), 'game')} on the same deals (seed {v['seed']}); "
            f"best of {of}: trial {best.number}")
    lines = [f"best of {of}: trial {best.number}, "
             f"{_describe(tune, best.value, best.user_attrs)}"]
    if v["mode"] == "strategy":
        own = {sp.key: tune.start[sp.key] for sp in tune.space}
        start = next((t for t in done if t.user_attrs["values"] == own), None)
        if start is not None:
            lines.append(f"start ({v['start']}): trial {start.number}, "
                         f"{_describe(tune, start.value, start.user_attrs)}")
        if values == own and not force:
            lines.append(f"no preset written: the best trial plays {v['start']}'s own values "
                         f"(untuned), no trial beat them; run more trials (raise --trials) or "
                         f"widen the [search] ranges")
            return lines
        field = field_text(v)
        notes = [head, f"win share {best.value:.4f} +-{best.user_attrs['half_width']:.4f} "
                       f"(95%) against {field}"
                 + (f" under the variant {item_list(v['variant'])}" if v.get("variant") else "")
                 + (f"; the start preset {v['start']}: {start.value:.4f}" if start else ""),
                 f"searched: {', '.join(sp.key for sp in tune.space)}; the other parameters "
                 f"are {v['start']}'s"]
        if tune.identity:
            notes.append(identity.text(tune.identity, best.user_attrs["identity"]))
        description = v["description"] or (f"{v['start']} with parameters tuned against "
                                            f"{field}")
        made = get_game(v["game"]).registry.make(v["preset"], v["kernel"], description,
                                                 tune.start | values)
        target = presets_target(tune, presets_dir, install, out, force)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, preset_toml(made, notes, v["game"]).encode())
        if not install:
            lines.append(f"preset '{v['preset']}': {target}; {_use_hint(tune, target, out)}")
            return lines
        listed = v["preset"] in get_game(v["game"]).strategy_names()
        lines.append(f"preset '{v['preset']}' installed: {target}" + (
            "" if listed else f" (not one of your presets folders: MEEPLAB_PRESETS="
                              f"{shlex.quote(str(target.parent))} meeplab strategies "
                              f"{v['game']} lists it)"))
        return lines
    target = out / f"{v['name']}.toml"
    write_atomic(target, variant_toml(tune, values, [
        head, f"{v['objective']} of the win shares: {best.value:.4f}"]).encode())
    lines.append(f"variant: {target} (use it with --variant {target})")
    return lines
