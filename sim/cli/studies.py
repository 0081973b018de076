"""Commands of the studies built on the runner: the skill ladder, sweeps, tuning, the
meta-game, restricted play, findings and the design dossier."""
from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated, Any

import typer

from reports.text import plural
from sim import limits, smoke
from sim.cli.app import Summary, app, emit
from sim.cli.params import (
    DaskLocalOpt, DossierResumeOpt, ElementGamesOpt, GameArg, LadderOutOpt, LadderResumeOpt,
    MetagameConfigArg, MetagameOutOpt, MetagamePrecisionOpt, MetagameSeedOpt, ProfileGamesOpt,
    RestrictConfigArg, RestrictPrecisionOpt, RestrictTopOpt, ResumeOpt, RunOutOpt,
    SchedulerOpt, SeedOpt, StudyOutOpt, SweepConfigArg, SweepGamesOpt, SweepOutOpt,
    SweepResumeOpt, SweepSeedOpt, TuneConfigArg, VariantOpt, WorkersOpt, check_run_options,
    positive,
)
from sim.cli.running import again_command, resume_hint, stoppable, write_report
from sim.errors import UserError, fail, user_errors
from sim.games import get as get_game


@app.command()
def ladder(game: GameArg,
           games: Annotated[int | None, typer.Option(
               "--games", help="Games per matchup, whole seat rotations (default 20).",
               show_default=False)] = None,
           players: Annotated[int | None, typer.Option(
               "--players", help="Number of players (default 4).", show_default=False)] = None,
           rungs: Annotated[str | None, typer.Option(
               "--rungs", help="The rungs, lowest first, comma-separated (default: random, "
                               "the named presets, then the search presets).",
               show_default=False)] = None,
           workers: WorkersOpt = None,
           seed: Annotated[int | None, typer.Option(
               "--seed", help="Tournament seed (>= 0, default 1).", show_default=False)] = None,
           out: LadderOutOpt = None,
           resume: LadderResumeOpt = False,
           run: Annotated[Path | None, typer.Option(
               "--run", help="Play nothing: write the page and tables of this finished run "
                             "(a ladder's, or e.g. a configs/tournaments/*-mcts-strength.toml "
                             "run).", show_default=False)] = None,
           scaling: Annotated[bool, typer.Option(
               "--scaling", help="Climb the search's budget instead: each level of mcts "
                                 "against players-1 copies of the level below (page and "
                                 "report/scaling.csv in --out).")] = False,
           levels: Annotated[str | None, typer.Option(
               "--levels", help="With --scaling: iterations per decision, lowest first, "
                                "comma-separated (default 100,200,400,800,1600,3200).",
               show_default=False)] = None,
           ) -> None:
    """Play the skill ladder (one-vs-field matrix and round robin), or with --scaling the
    search's budget doublings, and write its page."""
    from sim.run import runner
    from sim.studies import ladder as ladder_mod

    given = {"games": games, "players": players, "seed": seed, "rungs": rungs}
    with user_errors():
        if scaling and rungs:
            raise UserError("--rungs does not apply to --scaling (its rungs are budget levels)",
                            "give the levels with --levels, e.g. --levels 100,200,400")
        if levels is not None and not scaling:
            raise UserError("--levels applies to the scaling ladder only",
                            "add --scaling, or give strategies with --rungs")
        for option, value, minimum, maximum in (
                ("--games", games, 1, limits.MAX_GAMES), ("--seed", seed, 0, limits.MAX_SEED),
                ("--workers", workers, 1, limits.MAX_GAMES),
                ("--players", players, 2, limits.MAX_GAMES)):
            positive(option, value, minimum, maximum)
        name = get_game(game).name
        if run is not None:
            extra = [f"--{k}" for k, v in given.items() if v is not None] + [
                o for o, v in (("--out", out), ("--resume", resume), ("--workers", workers),
                               ("--scaling", scaling), ("--levels", levels)) if v]
            if extra:
                raise UserError(f"--run writes the page of a finished run and plays nothing, "
                                f"so {', '.join(extra)} does not apply",
                                f"drop {', '.join(extra)}, or drop --run to play a ladder")
            lines, written = ladder_mod.page(run, name)
        else:
            given["rungs"] = ladder_mod.given_rungs(name, rungs, levels)
            run_dir = out or Path("runs") / f"{name}-{'scaling' if scaling else 'ladder'}"
            chosen = ladder_mod.start(name, given, run_dir, resume, scaling)
            try:
                outcome = ladder_mod.run(chosen, run_dir, resume, workers)
            except (runner.RunInterrupted, KeyboardInterrupt) as exc:
                fail(f"interrupted ({exc or 'before the first shard'}); complete the ladder "
                     f"with: {ladder_mod.resume_command(chosen, run_dir)}", code=130)
            except runner.ShardFailed as exc:
                fail(f"a shard failed ({exc}); see {run_dir}/run.log, finished shards are "
                     f"kept", code=1)
            typer.echo(f"{name} ladder: {outcome.games} games, {outcome.played} played now in "
                       f"{outcome.seconds:.1f} s")
            lines, written = ladder_mod.page(run_dir, name)
    for line in lines:
        typer.echo(line)
    for what, path in written:
        typer.echo(f"{what}: {path}")

@app.command()
def sweep(
        config: SweepConfigArg,
        games: SweepGamesOpt = None,
        workers: WorkersOpt = None,
        out: SweepOutOpt = None,
        seed: SweepSeedOpt = None,
        resume: SweepResumeOpt = False,
        grow: Annotated[int, typer.Option(
            "--grow", help="Meta-game base: first grow each variant's population by up to K "
                           "best responses tuned under its rules (the base's grow table).")
        ] = 0,
        ) -> None:
    """Play a tournament per rule variant on the same deals, then compare them."""
    from sim.studies import sweep as sweep_mod

    with user_errors():
        for option, value, minimum in (("--games", games, 1), ("--workers", workers, 1)):
            positive(option, value, minimum)
        positive("--seed", seed, 0, limits.MAX_SEED)
        positive("--grow", grow, 0, 100)
        grow = smoke.cap("rounds", grow) or 0
        plan = sweep_mod.load(config, games=games, seed=seed)
        where = out or Path("runs") / config.stem
        again = again_command("sweep", config, "--out", where, "--resume", games=games, seed=seed,
                       grow=grow)
        with stoppable(again, f"{where}/<variant>/run.log"):
            dirs = sweep_mod.run(plan, where, resume=resume, workers=workers, echo=typer.echo,
                                 grow_rounds=grow)
    emit(write_report(lambda: sweep_mod.compare(plan, dirs, where), "comparison"), False)


@app.command()
def tune(
        config: TuneConfigArg,
        trials: Annotated[int | None, typer.Option(
            "--trials", help="Complete trials the study should reach (overrides the config; "
                             "a rerun continues the study).", show_default=False)] = None,
        games: Annotated[int | None, typer.Option(
            "--games", help="Games per trial (overrides the config).",
            show_default=False)] = None,
        preset: Annotated[str | None, typer.Option(
            "--preset", help="Name of the tuned preset (strategy mode; overrides the "
                             "config).", show_default=False)] = None,
        skill_games: Annotated[int | None, typer.Option(
            "--skill-games", help="Games per matchup of the skill job (a tune with several "
                                  "objectives; overrides the games of its skill table).",
            show_default=False)] = None,
        workers: WorkersOpt = None,
        out: StudyOutOpt = None,
        install: Annotated[bool, typer.Option(
            "--install", help="Install the tuned preset into your presets folder: the "
                              "first directory of $MEEPLAB_PRESETS, else "
                              "$XDG_CONFIG_HOME/meeplab/presets (~/.config/meeplab/presets).")
        ] = False,
        presets_dir: Annotated[Path | None, typer.Option(
            "--presets-dir", help="Install the tuned preset here instead (implies "
                                  "--install).", show_default=False)] = None,
        force: Annotated[bool, typer.Option(
            "--force", help="Replace an installed preset of the same name (a shipped one "
                            "never), and write the best trial even when it is the start "
                            "preset's own values.")] = False,
        dossiers: Annotated[bool, typer.Option(
            "--dossiers", help="A tune with several objectives: also play the design "
                               "dossier of the base rules and of each rule set on the front "
                               "(DIR/dossiers/; costly, resumable), linked from the front "
                               "page.")] = False,
        ) -> None:
    """Search a strategy's parameters or a fair rule variant with Optuna (resumable); with
    several objectives, the Pareto front of rule sets that keep the skill gap."""
    from sim.run.lock import RunLock
    from sim.studies import pareto, tune as tune_mod

    install = install or presets_dir is not None
    with user_errors():
        positive("--trials", trials)
        positive("--games", games)
        positive("--skill-games", skill_games)
        positive("--workers", workers)
        plan = tune_mod.load(config, trials, games=games, preset=preset,
                             skill_games=skill_games)
        where = out or Path("runs") / f"tune-{config.stem}"
        if plan["mode"] == "strategy":
            tune_mod.presets_target(plan, presets_dir, install, where, force)
        if dossiers and plan.pareto is None:
            raise UserError("--dossiers applies to a tune with several objectives",
                            "drop --dossiers, or add objectives and a [skill] table")
        lock = RunLock.acquire(where)   # one process per study: a second gets one line
        try:
            typer.echo(f"{config.stem}: {plan['mode']} tune, "
                       f"{tune_mod.games_per_trial(plan)} games per trial, study "
                       f"{where / tune_mod.STUDY_FILE}")
            with tune_mod.storage_errors(where):
                again = f"meeplab tune {config} --out {where}" + " --dossiers" * dossiers
                with stoppable(again, "the trial's output"):
                    study = tune_mod.optimise(plan, where, workers=workers, echo=typer.echo)
                lines = tune_mod.write_best(plan, study, where, presets_dir, install, force)
                if dossiers:
                    with stoppable(again, f"{where}/dossiers/*/*/run.log"):
                        pareto.play_dossiers(plan, study, where, workers,
                                             lambda line: typer.echo(line, err=True))
                    lines = tune_mod.write_best(plan, study, where, presets_dir, install,
                                                force)
        finally:
            lock.release()
    for line in lines:
        typer.echo(line)


@app.command()
def metagame(
        config: MetagameConfigArg,
        games: ProfileGamesOpt = None,
        workers: WorkersOpt = None,
        out: MetagameOutOpt = None,
        seed: MetagameSeedOpt = None,
        resume: ResumeOpt = False,
        scheduler: SchedulerOpt = None,
        dask_local: DaskLocalOpt = None,
        precision: MetagamePrecisionOpt = None,
        variant: VariantOpt = None,
        bootstrap: Annotated[int, typer.Option(
            "--bootstrap", help="Bootstrap replicates over deals for the intervals.")] = 200,
        grow: Annotated[int, typer.Option(
            "--grow", help="Add up to K best responses to the population (the config's grow "
                           "table; OUT/round-<r>/, OUT/grow.csv).")] = 0,
        ) -> Summary:
    """Play every profile of a population of strategies and solve the empirical meta-game:
    equilibrium mix, regrets, α-Rank, verdict (RUN_DIR/metagame/index.html and CSV)."""
    from dataclasses import replace

    from reports.runs import RunDataError, run_options
    from reports.studies import metagame as page
    from sim.run import config as config_mod
    from sim.studies import metagame as meta_mod

    with user_errors():
        check_run_options(games, workers, seed, scheduler, dask_local)
        positive("--bootstrap", bootstrap, 0, limits.MAX_BOOTSTRAP)
        bootstrap, grow = smoke.cap("bootstrap", bootstrap) or 0, smoke.cap("rounds", grow) or 0
        share = config_mod.parse_precision(precision)
        meta = meta_mod.load(config, games=games, seed=seed, variants=variant or [],
                             precision=share)
        run_dir = out or Path("runs") / f"metagame-{config.stem}"
        if grow:
            again = again_command("metagame", config, "--grow", grow, "--out", run_dir, games=games,
                           seed=seed, precision=precision, variant=variant)
            return _grow(meta, grow, run_dir, workers, bootstrap, scheduler or dask_local, again)
        meta = replace(meta, config=replace(meta.config, run_options=run_options(
            "metagame", games, seed, share, variant=variant)))
        with stoppable(resume_hint(run_dir, meta.config), f"{run_dir}/run.log"):
            outcome = meta_mod.run(meta, run_dir, resume=resume, workers=workers,
                                   scheduler=scheduler, dask_local=dask_local)
        try:
            written = page.write(run_dir, n_boot=bootstrap)
        except RunDataError as exc:
            raise UserError(str(exc)) from exc
    head = (f"{config.stem}: {plural(len(meta.config.matchups), 'profile')}, "
            f"{plural(outcome.games, 'game')}, this run played {outcome.played} in "
            f"{outcome.seconds:.1f} s")
    if outcome.precision:
        p = outcome.precision
        head += (f"; precision +-{p['target']:g} per entry "
                 f"{'reached' if p['met'] else 'not reached (max_games hit)'}, widest "
                 f"+-{p['widest']:.4f}, up to {plural(p['games_per_matchup'], 'game')} per "
                 "profile")
    return Summary(written.data | {"games": outcome.games, "seconds": outcome.seconds,
                                   "precision": outcome.precision,
                                   "index": str(written.index)},
                   [head] + written.lines + [f"meta-game report: {written.index}"])


def _grow(meta: Any, rounds: int, out: Path, workers: int | None, bootstrap: int,
          remote: object, again: str) -> Summary:
    """`metagame --grow K` (sim/studies/grow.py); reruns (`again`, the command as given) continue
    the finished rounds."""
    from sim.studies import grow as grow_mod

    positive("--grow", rounds, 1, 100)
    if remote:
        raise UserError("--grow plays on the local backend only",
                        "drop --scheduler / --dask-local (the best responses are local "
                        "preset files)")
    settings = grow_mod.settings(meta)
    with stoppable(again, f"{out}/round-*/run.log"):
        rows = grow_mod.run(meta, settings, rounds, out, workers, bootstrap, echo=typer.echo)
    return Summary({"trajectory": rows}, [f"trajectory: {out / grow_mod.TRAJECTORY}"])

@app.command()
def restrict(
        config: RestrictConfigArg,
        games: ElementGamesOpt = None,
        workers: WorkersOpt = None,
        out: RunOutOpt = None,
        seed: SeedOpt = None,
        resume: ResumeOpt = False,
        precision: RestrictPrecisionOpt = None,
        top: RestrictTopOpt = None,
        ) -> Summary:
    """Restricted play: what a seat loses when forbidden each element (building, card, ...)."""
    from dataclasses import replace

    from reports.runs import run_options
    from sim.run import config as config_mod
    from sim.studies import restrict as restrict_mod

    with user_errors():
        check_run_options(games, workers, seed, None, None)
        share = config_mod.parse_precision(precision)
        cfg = restrict_mod.load(config, games=games, seed=seed, precision=share, top=top)
        cfg = replace(cfg, run_options=run_options("restrict", games, seed, share, top))
        where = out or Path("runs") / config.stem
        with stoppable(resume_hint(where, cfg), f"{where}/run.log"):
            return write_report(lambda: restrict_mod.run(cfg, where, resume, workers,
                                                          echo=typer.echo), "restricted play")


@app.command()
def findings(
        names: Annotated[list[str] | None, typer.Argument(
            help="Studies to run (configs/findings/NAME.toml; default: all).",
            show_default=False)] = None,
        scale: Annotated[float, typer.Option(
            "--scale", help="Fraction of each study's full game counts.")] = 1.0,
        out: Annotated[Path, typer.Option("--out", help="Where the pages go.")] = Path(
            "docs/findings"),
        runs: Annotated[Path, typer.Option("--runs", help="Where the studies' runs go.")] = Path(
            "runs/findings"),
        pages_only: Annotated[bool, typer.Option(
            "--pages-only", help="Play nothing: write the pages from the finished runs.")
        ] = False,
        ) -> None:
    """Run the findings studies (configs/findings/) and write their pages with the numbers,
    the commit, the date and the commands to reproduce them."""
    from sim.studies import findings as findings_mod

    with user_errors():
        findings_mod.main(names, scale, out, runs, pages_only, echo=typer.echo)

@app.command()
def dossier(
        game: GameArg,
        variant: VariantOpt = None,
        games: Annotated[int | None, typer.Option(
            "--games", help="Games per matchup, profile and element, whole seat rotations "
                            "(default 20).", show_default=False)] = None,
        players: Annotated[int | None, typer.Option(
            "--players", help="Number of players (default 4, or the game's nearest).",
            show_default=False)] = None,
        rungs: Annotated[str | None, typer.Option(
            "--rungs", help="The skill ladder, lowest first, comma-separated; presets or "
                            "search budget levels such as mcts@200 (default: random, greedy, "
                            "the plans, the search presets).", show_default=False)] = None,
        course: Annotated[int | None, typer.Option(
            "--course", help="Games played again with the trace on for the game's course "
                             "(default 12).", show_default=False)] = None,
        luck_deals: Annotated[int | None, typer.Option(
            "--luck-deals", help="Deals of each source of randomness for luck by source: "
                                 "deals ** sources crossed deals per field, every seating "
                                 "(default 3; 0 skips it).", show_default=False)] = None,
        luck_blocks: Annotated[int | None, typer.Option(
            "--luck-blocks", help="Blocks of crossed deals for luck by source, each dealing "
                                  "every source from fresh seeds: N times the games, "
                                  "narrower intervals (1..20, default 1).",
            show_default=False)] = None,
        seed: Annotated[int | None, typer.Option(
            "--seed", help="Seed of every job (>= 0, default 1).", show_default=False)] = None,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Dossier directory (default: runs/<game>-dossier); must be empty "
                          "unless --resume.", show_default=False)] = None,
        resume: DossierResumeOpt = False,
        precision: Annotated[str | None, typer.Option(
            "--precision", help="Add deals to the skill ladder until every strategy's 95% "
                                "interval is within +-P (0.02 or 2%).",
            show_default=False)] = None,
        workers: WorkersOpt = None,
        scheduler: SchedulerOpt = None,
        dask_local: DaskLocalOpt = None,
        base: Annotated[Path | None, typer.Option(
            "--base", help="Also compare with the dossier in this directory (the base rules, "
                           "same game and settings): paired differences on the same deals "
                           "(OUT/compare/).", show_default=False)] = None,
        ) -> Summary:
    """A game's design dossier on duplicate deals: seat advantage, the skill gradient, luck,
    the strongest elements, the meta-game and the game's course, with a headline
    (OUT/page/index.html, CSV and JSON)."""
    from sim.run import config as config_mod
    from sim.studies import dossier as dossier_mod

    with user_errors():
        check_run_options(games, workers, seed, scheduler, dask_local)
        dossier_mod.checked_options(games, players, seed, course, luck_deals, luck_blocks)
        name = get_game(game).name
        share = config_mod.parse_precision(precision)
        given = {"rungs": tuple(dossier_mod.parse_rungs(name, rungs)) if rungs else None,
                 "players": players, "games": games, "seed": seed, "course": course,
                 "luck_deals": luck_deals, "luck_blocks": luck_blocks,
                 "variants": tuple(dossier_mod.absolute(variant)) if variant else None,
                 "precision": share}
        where = out or Path("runs") / f"{name}-dossier"
        if base is not None:
            dossier_mod.check_base(base, name)
        plan = dossier_mod.start(name, given, where, resume)
        again = f"meeplab dossier {name} --out {shlex.quote(str(where))} --resume"
        with stoppable(again, f"{where}/*/run.log"):
            dossier_mod.play(plan, where, resume, workers, scheduler, dask_local,
                             echo=lambda line: typer.echo(line, err=True))   # progress
        written = dossier_mod.page(plan, where)
        lines = written.lines + [f"dossier: {written.index}"]
        data = written.data | {"index": str(written.index)}
        if base is not None:
            compared = dossier_mod.compare(base, where)
            lines += compared.lines + [f"comparison: {compared.index}"]
            data["comparison"] = compared.data | {"index": str(compared.index)}
    return Summary(data, lines)


@app.command("fit-value")
def fit_value(
        game: GameArg,
        games: Annotated[int, typer.Option(
            "--games", help="Search games to sample positions from.")] = 200,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the deals (>= 0).")] = 1,
        players: Annotated[int | None, typer.Option(
            "--players", help="Number of players (default 4, or the game's nearest).",
            show_default=False)] = None,
        search: Annotated[str, typer.Option(
            "--search", help="The search preset in one seat (it rotates).")] = "mcts",
        field: Annotated[str | None, typer.Option(
            "--field", help="The strategy in the other seats (default: the search's rollout "
                            "preset).", show_default=False)] = None,
        name: Annotated[str, typer.Option(
            "--name", help="The model's name, as a search preset's `value` names it.")
        ] = "learned",
        out: Annotated[Path | None, typer.Option(
            "--out", help="Values file (default: configs/values/<game>.toml; its other "
                          "models are kept).", show_default=False)] = None,
        ) -> Summary:
    """Fit a learned value model (the search's cut-off value) from the game's own search
    games: public features at positions of traced games, labelled with the final win
    shares."""
    from sim.studies import value_fit

    with user_errors():
        positive("--games", games)
        if seed < 0:
            raise UserError(f"--seed {seed} is negative", "give a seed >= 0")
        if not name.isidentifier():
            raise UserError(f"--name {name!r} is not a name", "use letters, digits and _")
        chosen = get_game(game).name
        path = value_fit.out_path(chosen, out)
        result = value_fit.fit(chosen, name, games, seed, players, search, field,
                               echo=lambda line: typer.echo(line, err=True))
        value_fit.write(result, path)
    lines = [f"{chosen}: model {name} from {result.games} games, {result.positions} positions",
             f"log loss {result.log_loss:.3f}, held out {result.held_out_log_loss:.3f} "
             f"(chance {result.chance_log_loss:.3f})", f"written: {path}"]
    return Summary({"game": chosen, "model": name, "games": result.games,
                    "positions": result.positions, "log_loss": result.log_loss,
                    "held_out_log_loss": result.held_out_log_loss,
                    "chance_log_loss": result.chance_log_loss, "path": str(path)}, lines)
