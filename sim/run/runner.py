"""Run a tournament: plan shards, play them on a backend, store them, resume, stop on precision.

The plan is a function of the resolved config alone: round 1 plays `games` games per
matchup; with `precision` set, further rounds add deals (the same to every matchup) until
every strategy's 95% interval on its win share is within +-precision, or `max_games` per
matchup is reached. A crossed run (sim.run.schedule) plays whole blocks of crossed deals: a
round adds whole blocks, each dealing every source from fresh seeds. With per_entry (a
meta-game), the target is each strategy's win share within each matchup, and each matchup
grows on its own until its entries meet it. With `top`
set, the matchups grow until the ranking's first K stand apart from the rest (sim.run.ranking:
alike where a ranked strategy plays in several, else only the open ones). A round's deals
are cut into shards at multiples of the shard size, so a resumed run replays the same
rounds, skips the finished shards and ends with the same table.
"""
from __future__ import annotations

import hashlib
import logging
import math
import signal
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from reports.text import excluded_sentence, plural
from sim import compiling
from sim.errors import UserError
from sim.games import get as get_game
from sim.run import backends, ranking, schedule, shard, stats, store
from sim.run.config import Config

LOG = logging.getLogger("meeplab.run")
LOG_FORMAT = "%(asctime)s %(processName)s[%(process)d] %(levelname)s %(message)s"
GROWTH = 1.2  # a precision round adds at least 20% more games


class RunInterrupted(Exception):
    """Ctrl-C or SIGTERM: the finished shards are kept."""


class ShardFailed(Exception):
    """A worker raised while playing a shard."""


@dataclass(frozen=True)
class Outcome:
    """What a run did."""

    run_dir: Path
    games: int                  # finished games in the run directory
    played: int                 # games played by this invocation
    seconds: float              # wall time of this invocation
    backend: str
    workers: int
    shards: int
    errors: int                 # games that ended in an engine error
    intervals: list[stats.Interval]    # over the complete deals (no game with an error)
    precision: dict[str, Any] | None   # target, widest, met, rounds, games per matchup (or
                                       # with top: top, met, overlapping, ranking, ...)
    compile_seconds: float = 0.0       # compiling the engine, when this run compiled it
    failed: dict[str, int] = field(default_factory=dict)  # error name -> games
    excluded: int = 0           # games left out of the intervals: every seating of their deals
    excluded_deals: int = 0     # deal groups left out


def excluded_counts(done: dict[str, dict[str, Any]], error_names: list[str]
                    ) -> tuple[dict[str, int], int, int]:
    """Over the finished shards: error name -> failed games (most frequent first), the games
    left out and their deal groups."""
    failed: dict[str, int] = {}
    for entry in done.values():
        for code, n in (entry.get("failed") or {}).items():
            name = shard.error_name(error_names, int(code))
            failed[name] = failed.get(name, 0) + n
    return (dict(sorted(failed.items(), key=lambda kv: -kv[1])),
            sum(e.get("excluded", 0) for e in done.values()),
            sum(e.get("excluded_deals", 0) for e in done.values()))


def header(cfg: Config) -> dict[str, Any]:
    """The manifest's identity and description of the run."""
    game = get_game(cfg["game"])
    return {"format": store.FORMAT, "version": store.VERSION,
            "run_id": f"{Path(cfg.path).stem}-{cfg.hash[:8]}", "config_file": cfg.path,
            "config": cfg.resolved(), "config_hash": cfg.hash,
            "rules_data_hash": game.rules_data_hash(), "engine_hash": shard.engine_hash(),
            "presets_hash": presets_hash(cfg),
            "package_version": store.package_version(), "game": cfg["game"],
            "variant_id": cfg.variant_id, "switches": game.switch_values(cfg["variant"] or None),
            "columns": shard.KEY_COLUMNS + game.record_columns(),
            "matchups": [m.to_dict() for m in cfg.matchups], "assumed": game.assumed_values(),
            "error_names": list(game.error_names),
            "search": search_strategies(cfg),
            **({"run_options": cfg.run_options} if cfg.run_options else {}),
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}


def presets_hash(cfg: Config) -> str:
    """Hash of what the run's strategies are (kernel and parameter row of every name, resolved
    now): a preset edited since a run started makes its games another tournament's."""
    names = sorted({name for m in cfg.matchups for name in m.lineup})
    kernels, params = get_game(cfg["game"]).resolve(names)
    h = hashlib.sha256("\x1f".join(names).encode())
    h.update(np.ascontiguousarray(kernels, np.int64).tobytes())
    h.update(np.ascontiguousarray(params, np.float64).tobytes())
    return h.hexdigest()[:16]


def search_strategies(cfg: Config) -> list[str]:
    """The run's strategies played by a search kernel (one taking a rollout preset), for the
    report's methods note."""
    registry = get_game(cfg["game"]).registry
    known = registry.strategies()
    names = sorted({name for m in cfg.matchups for name in m.lineup})
    return [n for n in names if n in known
            and any(p.preset for p in registry.kernel_module(known[n].kernel).PARAMS)]


def plan_round(cfg: Config, starts: list[int], stops: list[int]) -> Iterator[schedule.Shard]:
    """Shards adding games starts[i]..stops[i] to matchup i, made as they are needed (a huge
    --games costs no memory up front)."""
    for m in cfg.matchups:
        yield from schedule.iter_shards(m, m.deals_for(starts[m.index]),
                                        m.deals_for(stops[m.index]),
                                        schedule.shard_deals(m, cfg["shard_games"]))


def matchup_games(cfg: Config, stops: list[int]) -> list[int]:
    """Games each matchup i plays for stops[i] (whole deals: rounded up to its seatings)."""
    return [m.deals_for(stops[m.index]) * len(m.seatings) for m in cfg.matchups]


def played_per_matchup(cfg: Config, stops: list[int]) -> dict[str, int]:
    """The stopping report's games per matchup as played: the most and the fewest."""
    games = matchup_games(cfg, stops)
    return {"games_per_matchup": max(games), "min_games_per_matchup": min(games)}


def per_matchup(p: dict[str, Any]) -> str:
    """'28 games per matchup', or 'up to 28 games per matchup' when matchups differ."""
    most = p["games_per_matchup"]
    upto = "up to " if p.get("min_games_per_matchup", most) != most else ""
    return f"{upto}{plural(most, 'game')} per matchup"


def round_games(cfg: Config, stops: list[int]) -> int:
    """Games of every matchup i's deals 0..deals_for(stops[i])."""
    return sum(matchup_games(cfg, stops))


def in_plan(cfg: Config, entry: dict[str, Any], stops: list[int]) -> bool:
    """Whether a finished shard lies within the first stops[i] games of its matchup i."""
    i = entry["matchup"]
    return entry["deals"][1] <= cfg.matchups[i].deals_for(stops[i])


def next_games(games: int, widest: float, precision: float, cap: int) -> int:
    """Games per matchup expected to bring the widest half-width down to precision."""
    want = games * (widest / precision) ** 2 * 1.1 if math.isfinite(widest) else games * 4
    return min(cap, max(math.ceil(want), math.ceil(games * GROWTH)))


def first_round(cfg: Config, st: store.RunStore) -> int | None:
    """Shards the first round still has to play (None when later rounds may add more:
    precision or top)."""
    if cfg["precision"] is not None or cfg.values.get("top") is not None:
        return None
    stops = [cfg["games"]] * len(cfg.matchups)
    return sum(s.id not in st.done for s in plan_round(cfg, [0] * len(stops), stops))


def task(cfg: Config, head: dict[str, Any], s: schedule.Shard) -> dict[str, Any]:
    """The plain data a worker needs for one shard."""
    return {"id": s.id, "start": s.start, "stop": s.stop,
            "matchup": cfg.matchups[s.matchup].to_dict(), "game": cfg["game"],
            "variant": cfg["variant"], "variant_id": cfg.variant_id, "seed": cfg["seed"],
            **{k: head[k] for k in ("run_id", "config_hash", "engine_hash",
                                    "rules_data_hash")},
            **({"crossed": cfg["crossed_deals"]} if cfg.values.get("crossed_deals") else {})}


@contextmanager
def run_log(path: Path, multiprocess: bool) -> Iterator[logging.Logger]:
    """Log to path; with multiprocess, forked workers' records reach it through a queue."""
    import multiprocessing_logging

    try:
        handler: logging.Handler = _QuietFileHandler(path, encoding="utf-8")
    except OSError as exc:
        raise store.write_failed(path, exc) from exc
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    LOG.propagate = False
    if multiprocess:
        multiprocessing_logging.install_mp_handler(LOG)
    try:
        yield LOG
    finally:
        for h in list(LOG.handlers):
            LOG.removeHandler(h)
            h.close()
            _release_queue(h)


class _QuietFileHandler(logging.FileHandler):
    """A log file whose write errors (full disk) do not print tracebacks: the failed write of
    a shard or the manifest is the one error the user sees."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


def _release_queue(handler: logging.Handler) -> None:
    """A worker killed while logging (second Ctrl-C) can leave the multiprocessing-logging
    queue looking non-empty for ever: its receiver thread then outlives close(), and the exit
    must not wait for the queue."""
    thread = getattr(handler, "_receive_thread", None)
    if thread is not None and thread.is_alive():
        handler.queue.cancel_join_thread()


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Treat SIGTERM like Ctrl-C while the block runs."""
    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt
    old = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


class _Run:
    """One invocation: the store, the backend, the progress bar."""

    def __init__(self, cfg: Config, st: store.RunStore, backend: backends.Backend,
                 bar: tqdm, show: bool, per_entry: bool = False,
                 ranked: ranking.Ranked = ranking.by_win_share) -> None:
        self.cfg, self.store, self.backend, self.bar, self.show = cfg, st, backend, bar, show
        self.per_entry, self.ranked = per_entry, ranked
        self.head = st.manifest
        self.played = 0
        self.idle = False   # no shard in flight: the backend may shut down gently

    def play(self, shards: Iterable[schedule.Shard]) -> None:
        """Play the shards not finished yet, a bounded window at a time."""
        todo = (s for s in shards if s.id not in self.store.done)
        inflight: set[Any] = set()
        window = 2 * self.backend.workers
        try:
            while True:
                while len(inflight) < window and (s := next(todo, None)) is not None:
                    inflight.add(self.backend.submit(shard.play, task(self.cfg, self.head, s)))
                if not inflight:
                    return
                done, _ = self.backend.wait(inflight, timeout=0.5)
                for future in done:
                    inflight.discard(future)
                    self.collect(future)
        except (KeyboardInterrupt, ShardFailed):
            self.settle(inflight)
            raise

    def collect(self, future: Any) -> None:
        """Store a finished shard."""
        try:
            out = self.backend.result(future)
        except Exception as exc:
            raise ShardFailed(f"{type(exc).__name__}: {exc}") from exc
        self.store.add(out["entry"], out["data"])
        if not self.backend.gathers_logs:
            LOG.info("%s [worker %s]", out["message"], out["worker"])
        self.played += out["entry"]["games"]
        self.bar.update(out["entry"]["games"])

    def settle(self, inflight: set[Any]) -> None:
        """Stopping: drop the shards not started, keep those in flight as they finish. Workers
        are not killed mid-shard (nor mid-log); a second Ctrl-C stops at once."""
        running = self.backend.cancel(inflight)
        if running and self.show:
            self.bar.write(f"stopping after {plural(len(running), 'shard')} in flight "
                           "(Ctrl-C again to stop at once)", file=sys.stderr)
        while running:
            done, running = self.backend.wait(running, timeout=0.5)
            for future in done:
                try:
                    self.collect(future)
                except ShardFailed:
                    pass
        self.idle = True

    def rounds(self) -> dict[str, Any] | None:
        """Play round after round until the plan is complete; the precision report."""
        cfg, precision, top = self.cfg, self.cfg["precision"], self.cfg.values.get("top")
        starts, stops, rounds = [0] * len(cfg.matchups), [cfg["games"]] * len(cfg.matchups), 0
        while True:
            rounds += 1
            self.bar.total = round_games(cfg, stops)
            self.bar.refresh()
            LOG.info("round %d: games %d..%d per matchup", rounds, min(starts), max(stops))
            self.play(plan_round(cfg, starts, stops))
            if precision is None and top is None:
                return None
            rows = intervals(self.store.done, [
                k for k, e in self.store.done.items() if in_plan(cfg, e, stops)],
                self.per_entry)
            if top is not None:
                grown, report = ranking.next_stops(cfg, rows, stops, top, self.ranked)
                if grown == stops:
                    return report | {"rounds": rounds} | played_per_matchup(cfg, stops)
                starts, stops = stops, grown
                continue
            widest = stats.widest(rows)
            grown = self.grown(rows, stops, widest)
            if grown == stops:
                return {"target": precision, "widest": widest, "met": widest <= precision,
                        "rounds": rounds} | played_per_matchup(cfg, stops)
            starts, stops = stops, grown

    def grown(self, rows: list[stats.Interval], stops: list[int], widest: float) -> list[int]:
        """Next round's games per matchup: every matchup alike until the widest interval
        meets the target, or (per_entry) each matchup until its own entries meet it."""
        precision, cap = self.cfg["precision"], self.cfg["max_games"]
        if not self.per_entry:
            widths = [widest] * len(stops)
        else:
            widths = [0.0] * len(stops)
            for r in rows:
                i = int(r.strategy.split("/", 1)[0])
                widths[i] = max(widths[i], r.half_width)
        return [next_games(stop, w, precision, cap) if w > precision and stop < cap else stop
                for stop, w in zip(stops, widths)]


def intervals(done: dict[str, dict[str, Any]], ids: list[str],
              per_entry: bool = False) -> list[stats.Interval]:
    """Win-share intervals over the finished shards `ids`, summed in shard order: per
    strategy, or with per_entry per (matchup, strategy)."""
    of = stats.entry_intervals if per_entry else stats.intervals
    return of((done[k]["matchup"], done[k]["sums"]) for k in sorted(ids) if k in done)


def finite(values: dict[str, Any]) -> dict[str, Any]:
    """values with infinite floats as None (plain JSON)."""
    return {k: None if isinstance(v, float) and not math.isfinite(v) else v
            for k, v in values.items()}


def warm_up(cfg: Config, head: dict[str, Any]) -> None:
    """Load (or compile) the engine in this process before workers start: forked workers
    inherit it, Dask workers started here find it in the numba cache."""
    t = task(cfg, head, schedule.Shard(0, 0, 1))
    game, tables = shard.engine(t)
    # every matchup's kernels at once: those that compile compile side by side
    game.prepare(np.concatenate([game.resolve(list(m.seatings[0]))[0] for m in cfg.matchups]))
    kernels, params = game.resolve(list(cfg.matchups[0].seatings[0]))
    seeds, states = shard.deals(t, game, tables)
    if states is None:
        game.run_batch(tables, cfg.matchups[0].players, [1], kernels, params)
    else:
        game.run_dealt(tables, cfg.matchups[0].players, seeds, kernels, params, states)


def run(cfg: Config, run_dir: Path, resume: bool = False, workers: int | None = None,
        scheduler: str | None = None, dask_local: int | None = None,
        progress: bool | None = None, per_entry: bool = False,
        ranked: ranking.Ranked = ranking.by_win_share) -> Outcome:
    """Play (or complete, with resume) the tournament into run_dir; with per_entry,
    `precision` applies to each strategy's win share in each matchup (a meta-game's entries);
    with `top`, `ranked` orders the win-share intervals best first (default: highest share).

    Raises UserError on a run-directory conflict, RunInterrupted on Ctrl-C/SIGTERM and
    ShardFailed when a worker fails; finished shards are always kept.
    """
    if per_entry and cfg.values.get("top") is not None:
        raise UserError(f"{cfg.path}: top ranks strategies, not a meta-game's profile entries",
                        "drop top (precision sets a meta-game's accuracy)")
    began = time.perf_counter()
    st = store.RunStore.open(run_dir, header(cfg), resume)
    local = not (scheduler or dask_local)
    with st, run_log(run_dir / store.LOG, multiprocess=local), sigterm_as_interrupt():
        LOG.info("run %s: %s, config hash %s, %d matchups%s", st.manifest["run_id"], cfg.path,
                 cfg.hash, len(cfg.matchups), f", resuming ({plural(len(st.done), 'shard')} done)"
                 if st.done else "")
        show = sys.stderr.isatty() if progress is None else progress
        if st.damaged:
            LOG.warning("%s missing or damaged, played again: %s",
                        plural(len(st.damaged), "listed shard"), ", ".join(st.damaged))
            one = len(st.damaged) == 1
            print(f"warning: {plural(len(st.damaged), 'shard')} of {run_dir} "
                  f"{'is' if one else 'are'} missing or damaged "
                  f"({', '.join(st.damaged[:3])}{', ...' if len(st.damaged) > 3 else ''}); "
                  f"playing {'it' if one else 'them'} again", file=sys.stderr, flush=True)
        compiled = 0.0
        left = first_round(cfg, st)
        if not scheduler and left != 0:   # a remote cluster's workers load their own engine
            compiled = compiling.load_engine(get_game(cfg["game"]),
                                             lambda: warm_up(cfg, st.manifest), show)
        backend = backends.make(workers, scheduler, dask_local, tasks=left)
        LOG.info("backend %s, %s", backend.name, plural(backend.workers, "worker"))
        done_games = sum(e["games"] for e in st.done.values())
        bar = tqdm(total=done_games, initial=done_games, unit="game", unit_scale=True,
                   desc=st.manifest["run_id"], disable=not show, file=sys.stderr,
                   dynamic_ncols=True, smoothing=0.1)
        r = _Run(cfg, st, backend, bar, show, per_entry, ranked)
        try:
            st.save(status="running")
            report = r.rounds()
            r.idle = True
        except KeyboardInterrupt:
            st.save(status="interrupted")
            LOG.warning("interrupted: %s kept", plural(len(st.done), "shard"))
            raise RunInterrupted(f"{plural(len(st.done), 'shard')} kept") from None
        except ShardFailed as exc:
            st.save(status="failed")
            LOG.error("stopped: %s", exc)
            raise
        except store.WriteFailed as exc:
            LOG.error("stopped: %s", exc)
            try:
                st.save(status="failed")
            except store.WriteFailed:
                pass   # the manifest on disk is still the last whole one
            raise
        finally:
            bar.close()
            backend.close(cancel=not r.idle)
        rows = intervals(st.done, list(st.done))
        games = sum(e["games"] for e in st.done.values())
        errors = sum(e["errors"] for e in st.done.values())
        failed, excluded, excluded_deals = excluded_counts(
            st.done, list(get_game(cfg["game"]).error_names))
        st.save(status="complete", games=games, precision=report and finite(report),
                win_shares=[finite(vars(i)) for i in rows],
                excluded={"failed": failed, "games": excluded, "deal_groups": excluded_deals})
        seconds = time.perf_counter() - began - compiled
        LOG.info("complete: %d games, %d played in %.1f s%s", games, r.played, seconds,
                 f" (and {compiled:.1f} s compiling)" if compiled else "")
    return Outcome(run_dir, games, r.played, seconds, backend.name, backend.workers,
                   len(st.done), errors, rows, report, compiled, failed, excluded, excluded_deals)


def ranking_line(p: dict[str, Any]) -> str:
    """The summary's line on a `top` run: resolved or which pairs still overlap, and the
    neighbours among the first K whose order stays open."""
    head, k = f"top {p['top']}: ", p["top"]
    rounds = plural(p["rounds"], "round")
    if p["met"]:
        line = (head + f"resolved after {rounds} (no interval of the first {k}, "
                f"win share +- half-width over deals, overlaps one below them; "
                f"{per_matchup(p)})")
    else:
        line = (head + f"not resolved after {rounds}, max_games per matchup hit "
                f"({p['games_per_matchup']}); still overlapping: {pair_list(p['overlapping'])}")
    if p.get("tied"):
        line += f"; tied within the first {k}: {pair_list(p['tied'])}"
    return line


def pair_list(pairs: list[list[str]], shown: int = 4) -> str:
    """'a / b, c / d' for the first `shown` pairs, and how many more."""
    text = ", ".join(f"{a} / {b}" for a, b in pairs[:shown])
    return text + (f" and {len(pairs) - shown} more" if len(pairs) > shown else "")


def summary_data(outcome: Outcome) -> dict[str, Any]:
    """The end-of-run summary as plain data (`tournament --json`)."""
    o = outcome
    return {"run_dir": str(o.run_dir), "games": o.games, "played": o.played,
            "seconds": o.seconds, "backend": o.backend, "workers": o.workers,
            "shards": o.shards, "errors": o.errors,
            "excluded": {"failed": o.failed, "games": o.excluded, "deal_groups": o.excluded_deals,
                         "summary": excluded_line(o)},
            "win_shares": [vars(i) for i in o.intervals], "precision": o.precision,
            "results": str(o.run_dir / store.RESULTS), "manifest": str(o.run_dir / store.MANIFEST)}


def excluded_line(o: Outcome) -> str:
    """The summary's sentence on the games left out of its win shares ('' when none)."""
    return excluded_sentence(o.failed, o.excluded, o.excluded_deals,
                             f"the lines 'excluded:' of {o.run_dir / store.LOG}")


def describe(outcome: Outcome, cfg: Config) -> list[str]:
    """The end-of-run summary: games and speed, win shares, precision, the games left out,
    where results are."""
    o, rate = outcome, outcome.played / max(outcome.seconds, 1e-9)
    lines = [f"{Path(cfg.path).stem}: {plural(o.games, 'game')} in "
             f"{plural(o.shards, 'shard')}; this run played {o.played} in {o.seconds:.1f} s "
             f"({rate:.0f} games/s, {o.backend}, {plural(o.workers, 'worker')})"
             + (f"; compiling the engine took {o.compile_seconds:.0f} s more"
                if o.compile_seconds else "")]
    width = max([8] + [len(i.strategy) for i in o.intervals])
    lines.append(f"  {'strategy':<{width}}  {'games':>9}  {'win share':>9}  "
                 f"{'95% interval (Wilson)':>21}")
    for i in o.intervals:
        lines.append(f"  {i.strategy:<{width}}  {i.games:>9}  {i.win_share:>9.4f}  "
                     f"{f'[{i.lo:.4f}, {i.hi:.4f}]':>21}")
    if o.precision and "top" in o.precision:
        lines.append(ranking_line(o.precision))
    elif o.precision:
        p = o.precision
        state = "reached" if p["met"] else "not reached: max_games per matchup hit"
        lines.append(f"precision +-{p['target']:g}: {state} after {plural(p['rounds'], 'round')} "
                     f"(widest +-{p['widest']:.4f}, {per_matchup(p)})")
    if o.excluded:
        lines.append(f"warning: {excluded_line(o)}")
    d = o.run_dir
    lines.append(f"results: {d / store.RESULTS}/ (Parquet, one row per game and seat); "
                 f"manifest: {d / store.MANIFEST}; log: {d / store.LOG}")
    return lines
