"""`meeplab dossier GAME`: the designer's questions about one game and variant, answered on
duplicate deals in one directory and one page (reports/studies/dossier.py).

A dossier plays four jobs through the tournament runner (shards, --resume, Dask,
precision), each in its own run directory under OUT:

- `skill/`: the skill ladder as one-vs-field matchups: every rung (random < greedy < the
  game's plans < the search presets, lowest first) in one seat against players-1 copies of
  every rung that does not search, and each search rung against copies of the search rung
  below it (a field of search seats costs a search per seat, so no other search fields).
  The page takes the win-share matrix, the seat advantage, the luck (reports/studies/luck.py) and
  the game's length from it;
- `restrict/`: restricted play (sim/studies/restrict.py) of the strongest plan;
- `metagame/`: the meta-game (sim/studies/metagame.py) of greedy and the plans;
- `luck/`: luck by source (sim/studies/luck_sources.py), a crossed tournament of the
  strongest plan against each other field, in `luck_blocks` blocks of crossed deals.

Then a sample of the skill job's games between the two strongest plans is played again with
the trace on (sim/replay.py) and each seat's public score after every event is kept
(`course.csv`): the game's course (lead changes, when the winner is decided). OUT/dossier.json
keeps the dossier's settings; `--resume` reads them back and completes every job.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from sim import limits, smoke
from sim.errors import UserError
from sim.games import get as get_game
from sim.run import runner, config as config_mod
from sim.studies import luck_sources as luck_mod, metagame as meta_mod, restrict as restrict_mod
from sim.studies.ladder import distinct_rungs
from strategies.common import budget
from strategies.common.search import MAX_ITERATIONS

SETTINGS = "dossier.json"
SKILL, RESTRICT, META = "skill", "restrict", "metagame"
COURSE = "course.csv"
PAGE_DIR = "page"
GAMES = 20      # default games per matchup (whole seat rotations)
COURSE_GAMES = 12   # default games traced for the course
PLAYERS = 4


@dataclass(frozen=True)
class Plan:
    """What a dossier plays."""

    game: str
    rungs: tuple[str, ...]
    players: int
    games: int
    seed: int = 1
    variants: tuple[str, ...] = ()
    course: int = COURSE_GAMES
    precision: float | None = None
    luck_deals: int = luck_mod.DEALS
    luck_blocks: int = luck_mod.BLOCKS


def searches(game: str, name: str) -> bool:
    """Whether the strategy (a preset or a budget level `preset@N`) is a search rung: its
    kernel takes a rollout preset."""
    registry = get_game(game).registry
    preset = registry.strategies()[budget.split(name)[0]]
    return any(p.preset for p in registry.kernel_module(preset.kernel).PARAMS)


def default_rungs(game: str) -> list[str]:
    """random, greedy, the other presets that do not search (in the presets file's order),
    then the search presets by iteration budget, so the top rung searches most (a file may
    list other searches of the default budget after the strong one)."""
    presets = get_game(game).registry.strategies()
    names = [n for n in presets if n != "random"]
    plain = [n for n in names if not searches(game, n)]
    plain = [n for n in plain if n == "greedy"] + [n for n in plain if n != "greedy"]
    search = sorted((n for n in names if searches(game, n)),
                    key=lambda n: presets[n].params.get("iterations", 0))
    return ["random"] + plain + search


def parse_rungs(game: str, text: str) -> list[str]:
    """`--rungs a,b,c`: at least two distinct presets or budget levels (`mcts@200`) of the
    game, lowest first, the first one not a search (UserError)."""
    g = get_game(game)
    names = [n.strip() for n in text.split(",")]
    for name in names:
        base, iterations = budget.split(name)
        if base not in g.strategy_names():
            raise UserError(f"--rungs: unknown strategy '{name}' for {g.name}",
                            f"use names from: {', '.join(default_rungs(g.name))}")
        if iterations is not None and not (searches(g.name, base)
                                           and 1 <= iterations <= MAX_ITERATIONS):
            raise UserError(f"--rungs: '{name}' is not a budget level of a search preset",
                            f"write e.g. mcts@200 (1..{MAX_ITERATIONS} iterations)")
    distinct_rungs(names)
    if searches(g.name, names[0]):
        raise UserError(f"--rungs: the lowest rung '{names[0]}' searches",
                        "start the ladder with a strategy that does not search, e.g. random")
    return names


def fields(plan: Plan) -> list[str]:
    """The rungs that make a one-vs-field field: those that do not search."""
    return [r for r in plan.rungs if not searches(plan.game, r)]


def plans(plan: Plan) -> list[str]:
    """The game's plans among the rungs: the fields other than random and greedy."""
    return [r for r in fields(plan) if r not in ("random", "greedy")]


def lineups(plan: Plan) -> list[list[str]]:
    """Every rung against players-1 copies of every other field rung, then each search rung
    against copies of the search rung below it."""
    n = plan.players
    out = [[c] + [f] * (n - 1) for c in plan.rungs for f in fields(plan) if c != f]
    top = [r for r in plan.rungs if searches(plan.game, r)]
    return out + [[upper] + [lower] * (n - 1) for lower, upper in zip(top, top[1:])]


def luck_fields(plan: Plan, candidate: str) -> list[str]:
    """The fields the strongest plan meets on crossed deals (luck by source): every field rung
    but itself, lowest first."""
    return [f for f in fields(plan) if f != candidate]


def skill_config(plan: Plan, out: Path) -> config_mod.Config:
    """The skill job's checked tournament config (UserError on a bad variant)."""
    raw = {"game": plan.game, "format": "matchups", "matchups": lineups(plan),
           "seatings": "rotations", "games": plan.games, "seed": plan.seed}
    levels = [r for r in plan.rungs if budget.split(r)[1] is not None]
    return config_mod.load(out / SKILL / "dossier.toml", raw=raw, names=levels,
                           variants=list(plan.variants), precision=plan.precision)


def toml_value(value: Any) -> str:
    """A TOML value of a string, number or list of them (JSON's forms are TOML's)."""
    return json.dumps(value)


def write_config(path: Path, values: dict[str, Any]) -> Path:
    """A small TOML config of plain values (UserError when it cannot be written)."""
    text = "".join(f"{k} = {toml_value(v)}\n" for k, v in values.items() if v is not None)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {path} ({exc.strerror or exc})",
                        "choose a writable directory with --out") from exc
    return path


def absolute(variants: Sequence[str]) -> list[str]:
    """--variant items with the files made absolute (a resumed dossier may run elsewhere;
    the jobs' configs live under OUT)."""
    return [str(Path(i).resolve()) if "=" not in i else i for i in variants]


def save(plan: Plan, out: Path) -> None:
    """OUT/dossier.json: the plan, for --resume and for comparing two dossiers."""
    out.mkdir(parents=True, exist_ok=True)
    (out / SETTINGS).write_text(json.dumps(asdict(plan), indent=1), encoding="utf-8")


def load_plan(out: Path) -> Plan:
    """The plan a dossier directory was made with (UserError when it holds none)."""
    path = out / SETTINGS
    try:
        values = json.loads(path.read_text(encoding="utf-8"))
        return Plan(**{k: tuple(v) if isinstance(v, list) else v for k, v in values.items()})
    except FileNotFoundError:
        raise UserError(f"{out} holds no dossier ({SETTINGS} is missing)",
                        "give the --out of a 'meeplab dossier' run") from None
    except (OSError, ValueError, TypeError) as exc:
        raise UserError(f"{path} is damaged ({exc})",
                        "play the dossier again into a new --out") from None


def start(game: str, given: dict[str, Any], out: Path, resume: bool) -> Plan:
    """The plan to play: a new one from the options (OUT must be empty or absent), or with
    resume the one saved in OUT, refusing options that differ from it. `given`: the options,
    None where not given, variant files made absolute."""
    if resume:
        plan = load_plan(out)
        if plan.game != game:
            raise UserError(f"{out} holds a dossier of {plan.game}, not {game}",
                            f"run: meeplab dossier {plan.game} --out {out} --resume")
        for key, value in given.items():
            if value is not None and value != getattr(plan, key):
                shown = ",".join(value) if isinstance(value, tuple) else value
                raise UserError(f"--{key} {shown} differs from the dossier in {out}",
                                f"drop --{key} to complete it, or play a new --out")
        return plan
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UserError(f"{out} is not empty", "complete it with --resume, or choose a new "
                                               "--out")
    rungs = given["rungs"] or tuple(default_rungs(game))
    games = smoke.cap("games", given["games"] or GAMES)
    course = smoke.cap("games", COURSE_GAMES if given["course"] is None else given["course"])
    deals = luck_mod.DEALS if given.get("luck_deals") is None else given["luck_deals"]
    plan = Plan(game, tuple(rungs), given["players"] or min_players(game), games,
                given["seed"] if given["seed"] is not None else 1,
                tuple(given["variants"] or ()), course, given["precision"],
                smoke.cap("deals", deals), given.get("luck_blocks") or luck_mod.BLOCKS)
    skill_config(plan, out)   # checks the variant and the player count before writing
    return plan


def min_players(game: str) -> int:
    """PLAYERS, or the game's nearest player count."""
    low, high = get_game(game).player_range(get_game(game).load_tables(None))
    return max(low, min(high, PLAYERS))


def strongest_plans(plan: Plan, skill: pd.DataFrame) -> list[str]:
    """The field rungs other than random, strongest first (mean win share of each as the
    candidate against the fields)."""
    from reports.studies.ladder import field_matrix

    matrix = field_matrix(skill, plan.rungs)
    names = plans(plan) or [r for r in fields(plan) if r != "random"] or fields(plan)
    strength = matrix[matrix["candidate"].isin(names)].groupby("candidate")["win_share"].mean()
    return sorted(names, key=lambda n: (-strength.get(n, -1.0), names.index(n)))


def restrict_job(plan: Plan, out: Path, strategy: str) -> config_mod.Config | None:
    """The restricted-play job of `strategy` (None when the game declares no elements)."""
    from core import games as catalogue

    if catalogue.get(plan.game).elements is None:
        return None
    path = write_config(out / "restrict.toml", {
        "game": plan.game, "strategy": strategy, "players": plan.players, "games": plan.games,
        "seed": plan.seed, "variant": list(plan.variants) or None})
    return restrict_mod.load(path)


def meta_job(plan: Plan, out: Path) -> meta_mod.MetaGame | None:
    """The meta-game of greedy and the plans (None with fewer than two of them)."""
    population = [r for r in fields(plan) if r != "random"]
    if len(population) < 2:
        return None
    path = write_config(out / "metagame.toml", {
        "game": plan.game, "strategies": population, "players": plan.players,
        "games": plan.games, "seed": plan.seed})
    return meta_mod.load(path, variants=list(plan.variants))


def play(plan: Plan, out: Path, resume: bool = False, workers: int | None = None,
         scheduler: str | None = None, dask_local: int | None = None,
         echo: Callable[[str], None] = print) -> None:
    """Play every job of the dossier into OUT (resume: skip the finished shards), then the
    traced games of the course."""
    from reports.runs import load_run
    from reports.studies import metagame as meta_page

    save(plan, out)

    def again(where: Path) -> bool:   # a job not started yet starts afresh
        return resume and (where / "manifest.json").exists()
    options = {"workers": workers, "scheduler": scheduler, "dask_local": dask_local}

    def done(name: str, outcome: runner.Outcome) -> None:
        echo(f"{name}: {outcome.games} games, {outcome.played} played now in "
             f"{outcome.seconds:.1f} s")
    done(SKILL, runner.run(skill_config(plan, out), out / SKILL, again(out / SKILL), **options))
    skill = load_run(out / SKILL).results
    ranked = strongest_plans(plan, skill)
    cfg = restrict_job(plan, out, ranked[0])
    if cfg is not None:
        where = out / RESTRICT
        restrict_mod.run(cfg, where, again(where), echo=echo, **options)
    luck_mod.write(out, plan.game, plan.players, plan.seed, plan.luck_deals, ranked[0],
                   luck_fields(plan, ranked[0]), plan.variants, resume, echo,
                   plan.luck_blocks, **options)
    meta = meta_job(plan, out)
    if meta is not None:
        done(META, meta_mod.run(meta, out / META, again(out / META), **options))
        meta_page.write(out / META, n_boot=smoke.cap("bootstrap", meta_page.N_BOOT) or 0)
    write_course(plan, out, ranked)


def settings(plan: Plan, out: Path) -> Any:
    """The page's settings of a played dossier (the plans ranked on its skill job)."""
    from reports.runs import load_run
    from reports.studies.dossier import Settings

    from reports.studies.luck_sources import N_BOOT

    ranked = strongest_plans(plan, load_run(out / SKILL).results)
    g = get_game(plan.game)
    return Settings(plan.game, plan.rungs, plan.players,
                    tuple(r for r in plan.rungs if searches(plan.game, r)), tuple(ranked),
                    g.score_curve.label, g.sources(), smoke.cap("bootstrap", N_BOOT) or 0)


def page(plan: Plan, out: Path) -> Any:
    """Write the dossier's page (reports.studies.dossier.write; UserError when a run cannot be
    read)."""
    from reports.runs import RunDataError
    from reports.studies import dossier as page_mod

    try:
        return page_mod.write(out, settings(plan, out))
    except RunDataError as exc:
        raise UserError(str(exc)) from exc


def course_rows(run: Any, plan: Plan, ranked: list[str]) -> list[int]:
    """Result rows (seat 0) of the first plan.course games, deal by deal and every seating of
    a deal, of the matchup of the strongest plan against copies of the second (or the first
    one-vs-field matchup)."""
    df = run.results
    lineup = ",".join([ranked[0]] + [ranked[1] if len(ranked) > 1 else "random"]
                      * (plan.players - 1))
    rows = df[df["lineup"].astype(str) == lineup]
    if rows.empty:
        rows = df[df["matchup"] == df["matchup"].min()]
    first = rows[rows["seat"] == 0]
    return first.sort_values(["deal", "seating"]).index[:plan.course].tolist()


def write_course(plan: Plan, out: Path, ranked: list[str]) -> Path:
    """Play the course's games again with the trace on and write OUT/course.csv: per game
    and event, each seat's public score (the game's score curve, reports/dossier_course.py)
    and the start player; written whole, skipped when it exists (--resume)."""
    from reports.files import write_whole
    from reports.runs import load_run
    from reports.studies import course as course_mod
    from sim import replay

    path = out / COURSE
    if path.exists():
        return path
    run = load_run(out / SKILL)
    frames = []
    for row in course_rows(run, plan, ranked):
        trace = replay.replay_game(run, row)
        first = run.results.loc[row]
        frames.append(course_mod.curve_rows(trace, *(int(first[k]) for k in course_mod.GAME)))
    table = pd.concat(frames, ignore_index=True) if frames else course_mod.empty()
    write_whole(path, table.to_csv(index=False).encode())
    return path


def checked_options(games: int | None, players: int | None, seed: int | None,
                    course: int | None, luck_deals: int | None = None,
                    luck_blocks: int | None = None) -> None:
    """Range checks of the dossier's own numbers (UserError)."""
    for option, value, low, high in (("--games", games, 1, limits.MAX_GAMES),
                                     ("--players", players, 2, 64),
                                     ("--seed", seed, 0, limits.MAX_SEED),
                                     ("--course", course, 0, 10_000),
                                     ("--luck-deals", luck_deals, 0, 12),
                                     ("--luck-blocks", luck_blocks, 1, luck_mod.MAX_BLOCKS)):
        limits.check_range(option, value, low, high)


def check_base(base: Path, game: str) -> Plan:
    """The base dossier of a comparison (UserError unless it is a played dossier of the
    game)."""
    plan = load_plan(base)
    if plan.game != game:
        raise UserError(f"--base {base} holds a dossier of {plan.game}, not {game}",
                        f"give a dossier of {game} played without the variant")
    if not (base / SKILL / "manifest.json").exists():
        raise UserError(f"--base {base} has no played skill ladder",
                        f"complete it with: meeplab dossier {game} --out {base} --resume")
    return plan


def compare(base: Path, out: Path) -> Any:
    """Write OUT/compare/: this dossier against the base's on the same deals."""
    from reports.runs import RunDataError
    from reports.studies import dossier_compare

    plan, base_plan = load_plan(out), load_plan(base)
    differ = [k for k in ("rungs", "players", "games", "seed") if
              getattr(plan, k) != getattr(base_plan, k)]
    if differ:
        raise UserError(f"--base {base} was played with other {', '.join(differ)}",
                        "play both dossiers with the same settings (only --variant differs)")
    try:
        n_boot = smoke.cap("bootstrap", dossier_compare.luck.N_BOOT) or 0
        return dossier_compare.write(base, out, settings(plan, out), out / "compare",
                                     n_boot=n_boot)
    except RunDataError as exc:
        raise UserError(str(exc)) from exc
