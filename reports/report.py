"""`meeplab report RUN_DIR`: compute the statistics of a run, draw them, write RUN_DIR/report/.

Output: index.html (self-contained), one PNG per figure, summary.csv (per strategy and player
count) and the other tables as CSV; `build` returns the terminal summary lines too.
"""
from __future__ import annotations

import platform
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import pandas as pd

from reports import fmt, headline, plots, ratings, stats, stopping
from reports.files import write_fix, write_whole
from reports.games import Sections, game_sections
from reports.html import Figure, Item, Note, Section, Table, render_page
from reports.runs import Run, RunDataError, RunInfo, load_run
from reports.text import plural, terminal_width, text_table, wrap

REPORT_DIR = "report"
REPLAYS_DIR = "replays"
# (run, folder) -> (one dict per telling game: strategy, which, margin, players, seed, row,
# file (the page's name in folder); the problems that left games out): sim.replay supplies it,
# since playing a game again needs the engine (reports/ imports no core)
ReplayMaker = Callable[[Run, Path], tuple[list[dict[str, Any]], list[str]]]
N_BOOT: int | None = None  # bootstrap replicates of the ratings; None: automatic
LIBRARIES = ("numpy", "pandas", "scipy", "matplotlib", "openskill", "pyarrow")


@dataclass(frozen=True)
class Analysis:
    """Every statistics table of one run."""

    summary: pd.DataFrame
    pairwise: pd.DataFrame
    head_to_head: pd.DataFrame
    ratings: pd.DataFrame   # empty when not computed (--no-ratings)
    seats: pd.DataFrame
    vp: pd.DataFrame
    leaders: pd.DataFrame
    balance: pd.DataFrame


@dataclass(frozen=True)
class Written:
    """A written report: its directory, page, figure files, and terminal summary lines."""

    directory: Path
    index: Path
    figures: list[Path]
    lines: list[str]
    data: dict[str, Any] = field(default_factory=dict)   # the main tables, for --json


RATINGS_COLUMNS = ["strategy", "mu", "sigma", "mu_lo", "mu_hi", "games", "boot"]


def analyse(df: pd.DataFrame, n_boot: int | None = N_BOOT, seed: int = 0,
            with_ratings: bool = True) -> Analysis:
    """All the statistics of the report, as DataFrames (ratings only `with_ratings`)."""
    summary, pairwise = stats.strategy_summary(df), stats.pairwise_tests(df)
    return Analysis(summary=summary, pairwise=pairwise, head_to_head=stats.head_to_head(df),
                    ratings=ratings.plackett_luce(df, n_boot=n_boot, seed=seed)
                    if with_ratings else pd.DataFrame(columns=RATINGS_COLUMNS),
                    seats=stats.seat_advantage(df), vp=stats.vp_by_source(df),
                    leaders=headline.leaders(summary, pairwise),
                    balance=headline.balance(df, seed=seed))


# --- formatted tables ----------------------------------------------------------------------

def summary_cells(summary: pd.DataFrame) -> pd.DataFrame:
    """Per player count and strategy (best win share first): formatted cells."""
    t = summary.sort_values(["players", "win_share"], ascending=[True, False])
    return pd.DataFrame({
        "players": t["players"], "strategy": t["strategy"], "games": t["games"],
        "deal groups": t["deals"],
        "win share [95%]": fmt.interval_column(t, stats.WIN),
        "fair": [fmt.num(x, 3) for x in t["fair_share"]],
        "mean score [95%]": fmt.interval_column(t, stats.SCORE, digits=1),
        "mean rank [95%]": fmt.interval_column(t, stats.RANK, digits=2)})


def pairwise_cells(pairwise: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "players": pairwise["players"], "a": pairwise["a"], "b": pairwise["b"],
        "deal groups": pairwise["deals"],
        "win share a - b [95%]": fmt.interval_column(pairwise, stats.DIFF, signed=True),
        "p": [fmt.pvalue(p) for p in pairwise["p"]],
        "Holm p": [fmt.pvalue(p) for p in pairwise["p_holm"]],
        "significant": ["yes *" if s else "no" for s in pairwise["significant"]]})


def ratings_cells(table: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "strategy": table["strategy"],
        "mu [95% bootstrap]": fmt.interval_column(table, ratings.MU, digits=2),
        "sigma": [fmt.num(x) for x in table["sigma"]], "rated games": table["games"]})


def seats_cells(seats: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "players": seats["players"], "seat": seats["seat"] + 1, "seat-games": seats["games"],
        "win share [95%]": fmt.interval_column(seats, stats.WIN),
        "fair": [fmt.num(x, 3) for x in seats["fair_share"]],
        "advantage [95%]": fmt.interval_column(seats, stats.ADVANTAGE, signed=True)})


def terminal_lines(a: Analysis) -> list[str]:
    """The headline, then the summary table, as plain text lines."""
    cells = summary_cells(a.summary).drop(columns=["fair"])
    width = terminal_width()
    return (wrap(headline.lines(a.leaders, headline.significant_pairs(a.pairwise)), width)
            + [""] + text_table(list(cells.columns), cells.astype(str).to_numpy().tolist(),
                                2, width))


# --- sections ------------------------------------------------------------------------------

NO_PAIRS = Note("No two different strategies met in this run, so there is nothing to compare: "
                "run a tournament with at least two strategies.", warning=True)


def pairwise_items(a: Analysis) -> list[Item]:
    if a.pairwise.empty:
        return [NO_PAIRS]
    significant = int(a.pairwise["significant"].sum())
    return [Note(f"{significant} of {plural(len(a.pairwise), 'pair')} "
                 f"{'differs' if significant == 1 else 'differ'} significantly after Holm "
                 "correction (family: all pairs in this table, alpha 0.05); they are marked "
                 "and highlighted."),
            Table("", pairwise_cells(a.pairwise),
                  "Paired t test over the deal groups where both strategies sat: per deal "
                  "group, a's mean win share minus b's.",
                  highlight=a.pairwise["significant"].tolist())]


def head_to_head_items(a: Analysis) -> list[Item]:
    if a.head_to_head.empty:
        return [NO_PAIRS]
    return [Figure("head_to_head", "Head-to-head matrix",
                   plots.head_to_head(a.head_to_head, stats.head_to_head_matrix,
                                      lambda n: stats.by_win_share(a.summary, n)),
                   "Cell: the row strategy's win share against the column strategy in the "
                   "games where both sat, counting only the two of them (ranked ahead 1, "
                   "tied 1/2). Cells mirrored across the diagonal add up to 1. Strategies "
                   "best win share first. Cells are point estimates: their 95% intervals "
                   f"are up to +-{a.head_to_head['half_width'].max():.3f} wide (binomial over "
                   "the games, narrower than the deal-clustered truth; each cell's in "
                   "head_to_head.csv); read differences smaller than that as noise.")]


def ratings_items(a: Analysis) -> list[Item]:
    if a.ratings.empty:
        return [Note("Ratings were not computed (meeplab report --no-ratings).")]
    if not (a.ratings["games"] > 0).any():
        return [NO_PAIRS]
    return [Figure("ratings", "Plackett–Luce ratings", plots.ratings(a.ratings),
                   "openskill Plackett–Luce mu over all games and player counts; bars: 95% "
                   "interval from a bootstrap over deal groups."),
            Table("", ratings_cells(a.ratings))]


def vp_items(a: Analysis) -> list[Item]:
    if a.vp.empty or not (a.vp.to_numpy() != 0).any():
        return [Note("This run records no VP by source (vp_<source> columns).", warning=True)]
    signed = (a.vp.to_numpy() < 0).any()
    return [Figure("vp_sources", "VP by source", plots.vp_sources(a.vp),
                   f"Mean VP per seat from each source; the {plots.TOP_SOURCES} largest "
                   "sources are shown, the rest summed as 'other' (all in vp_by_source.csv)."
                   + (" Sources that cost points are bars left of 0; the diamond is the net "
                      "(their sum: the mean score when the sources add up to the score)."
                      if signed else ""))]


def strategy_sections(df: pd.DataFrame, a: Analysis) -> list[Section]:
    """Summary, pairwise tests, head to head, ratings, seats, scores, VP sources."""
    return [
        headline.section(a.leaders, a.balance, headline.significant_pairs(a.pairwise)),
        Section("summary", "Who wins", [
            Table("Per strategy and player count", summary_cells(a.summary),
                  "Win share: per seat-game, ties split; intervals by deal group (see Methods)."),
            Figure("win_share", "Win share by strategy", plots.win_share(a.summary),
                   "Dots: win share; bars: 95% Wilson interval (effective n by deal group); "
                   "dashed: the fair share 1 / players.")]),
        Section("pairwise", "Pairwise differences", pairwise_items(a)),
        Section("head-to-head", "Head to head", head_to_head_items(a)),
        Section("ratings", "Plackett–Luce ratings", ratings_items(a)),
        Section("seats", "Seat advantage", [
            Figure("seat_advantage", "Seat advantage", plots.seat_advantage(a.seats),
                   "Win share of each seat minus the fair share, 95% interval; seat 1 is the "
                   "first seat. Strategies rotate through the seats, so their mix is the "
                   "same in every seat."),
            Table("", seats_cells(a.seats))]),
        Section("scores", "Score distributions", [
            Figure("scores", "Score distributions", plots.score_distributions(
                df, lambda n: stats.by_win_share(a.summary, n)),
                "Per strategy (best win share on top): box from the first to the third "
                "quartile, bar at the median, white diamond at the mean, whiskers to the "
                "furthest score within 1.5 box lengths; scores beyond are not drawn.")]),
        Section("vp-sources", "VP by source", vp_items(a)),
    ]


def search_note(search: Sequence[str]) -> list[Note]:
    """The methods note of a run with search seats (issue 16), or none."""
    if not search:
        return []
    return [Note(f"Search bots: {', '.join(search)} play by information-set Monte Carlo "
                 "tree search (strategies/common/search.py): at each decision they redraw "
                 "what their seat cannot see with the game's sampler, search a fixed number "
                 "of iterations with rollouts by another preset and play the most visited "
                 "option; their random numbers come from the seat's stream, so the games are "
                 "reproducible. Their strength depends on the budget in their preset.")]


def replays_section(make: ReplayMaker, run: Run,
                    out: Path) -> tuple[Section, list[dict[str, Any]]]:
    """Links to the replay pages of each strategy's best win and worst loss; the games."""
    try:
        games, problems = make(run, out / REPLAYS_DIR)
    except OSError as exc:
        raise RunDataError(f"cannot write to {out / REPLAYS_DIR} ({exc.strerror or exc})",
                           "choose a writable directory with --out") from exc
    items: list[Item] = [Note(
        "For each strategy, its best win and its worst loss, by score margin: the seat's "
        "score minus the best score among the other seats of its game. Best win: the game it "
        "won alone with the largest margin; worst loss: the game it did not win alone with "
        "the smallest (most negative) margin (a strategy that never won alone has no best win); "
        "ties go to the first results row. Each page "
        "plays the game again from the row's seed, seating, strategies and variant, checks "
        "it against the row's records, and draws its public state event by event.")]
    if games:
        frame = pd.DataFrame({
            "strategy": [g["strategy"] for g in games], "game": [g["which"] for g in games],
            "players": [g["players"] for g in games],
            "margin": [f"{g['margin']:+g}" for g in games],
            "seed": [g["seed"] for g in games], "results row": [g["row"] for g in games],
            "replay": ["open" for _ in games]})
        items.append(Table("", frame, links={
            "replay": [f"{REPLAYS_DIR}/{g['file']}" for g in games]}))
    items += [Note(p, warning=True) for p in problems]
    return Section("replays", "Telling games: replays", items), games


def methods_section(df: pd.DataFrame, a: Analysis, excluded: int,
                    search: Sequence[str] = ()) -> Section:
    boot = int(a.ratings["boot"].iloc[0]) if len(a.ratings) else 0
    return Section("methods", "Methods", search_note(search) + [
        Note("Unit: one row per game and seat; win share is 1 for a sole winner, split "
             "equally on a tie, 0 otherwise. The games of one deal group (a matchup's deal "
             "replayed in every seat rotation with the same seed) are correlated, so the deal "
             "group is the independent unit: this run has "
             f"{plural(df['cluster'].nunique(), 'deal group')} in "
             f"{plural(df['stratum'].nunique(), 'matchup')} and "
             f"{plural(df['game_id'].nunique(), 'game')}."),
        Note("Win shares: Wilson 95% interval on the effective sample size n / design "
             "effect, where the design effect is the variance of the mean with deal groups "
             "as units, stratified by matchup (a fixed part of the design), over the "
             "binomial variance (at least 1). Mean score and rank: t interval with the same "
             "deal-group standard error and (deal groups - matchups) degrees of freedom."),
        Note("Pairwise differences: for each pair and player count, a paired t test on the "
             "per-deal-group difference of mean win share over the deal groups where both "
             "sat; the p-values of all pairs are Holm-corrected together (alpha 0.05)."),
        Note("Head to head: over the games where both strategies sat, each pair of their "
             "seats scores 1 when the row strategy ranked ahead, 1/2 on a tie; averaged "
             "per game, then over games."),
        Note("Ratings: openskill's Plackett–Luce model, each game one ranking of its seats "
             "(ties share a rank). A strategy holding several seats takes the mean update "
             "of its seats; games with one strategy in every seat are skipped. Games are "
             "rated in a seeded random order; the interval is mu +- 1.96 standard errors "
             f"estimated from {boot} bootstrap replicates that resample deal groups and "
             "reshuffle the order."),
        Note("Seat advantage: win share of a seat minus 1 / players, with the win-share "
             "interval; the duplicate-deal rotations put each strategy in every seat equally "
             "often."),
    ] + ([Note(EXCLUDED_METHOD + f" This run left out {plural(excluded, 'game')}.")]
         if excluded else []))


def footer(info: RunInfo, df: pd.DataFrame) -> list[tuple[str, str | list[str]]]:
    """Provenance: run, config hash, seed, versions, and the assumed rules data."""
    def version(name: str) -> str:
        try:
            return f"{name} {metadata.version(name)}"
        except metadata.PackageNotFoundError:
            return f"{name} (not installed)"
    return [
        ("Run", f"{info.run_id} ({info.path}), game {info.game or 'unknown'}, status "
                f"{info.status}, {plural(df['game_id'].nunique(), 'game')}, "
                f"{plural(info.shards, 'shard')}"),
        ("Config hash", info.config_hash or "unknown"),
        ("Seed", str(info.seed) if info.seed is not None else "unknown"),
        ("Variant", info.variant),
        ("Rules data hash", info.rules_data_hash or "unknown"),
        ("Versions", f"meeplab {info.package_version or 'unknown'} (run); report: Python "
                     f"{platform.python_version()}, " + ", ".join(map(version, LIBRARIES))),
        (f"ASSUMED rules data ({len(info.assumed)} values, {info.assumed_note}): findings "
         "that depend on these values carry their caveat", list(info.assumed)),
    ]


# --- output --------------------------------------------------------------------------------

def write_output(out_dir: Path, page: str, sections: list[Section],
                 tables: dict[str, pd.DataFrame]) -> tuple[Path, list[Path]]:
    """<figure>.png for every figure, <name>.csv for every table, then index.html; each file
    written whole under a temporary name and renamed (a full disk leaves no partial file)."""
    index = out_dir / "index.html"
    figures = [out_dir / f"{fig.name}.png" for s in sections for fig in s.figures()]
    files = [(path, fig.png) for path, fig in zip(figures, (f for s in sections
                                                            for f in s.figures()))]
    files += [(out_dir / f"{name}.csv", table.to_csv(index=False).encode())
              for name, table in tables.items()]
    files.append((index, page.encode()))
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for path, data in files:
            write_whole(path, data)
    except OSError as exc:
        fix = write_fix(exc, "choose a writable directory with --out",
                        "free disk space and run the report again")
        raise RunDataError(f"cannot write to {out_dir} ({exc.strerror or exc})", fix) from exc
    return index, figures


EXCLUDED = "excluded"   # <page>/excluded.csv: the games that ended in an engine error
EXCLUDED_METHOD = (
    "A game that hit an engine safeguard (it did not end, a decision was illegal, an invariant "
    "broke) is no result: it is left out of every statistic with every other seating of its "
    "deal, so each deal group that counts is complete (every strategy in every seat) and the "
    "paired comparisons stay paired.")


def excluded_notes(run: Run) -> list[Note]:
    """The warning at the top of a page of a run that left games out (none when it left none
    out)."""
    text = run.excluded.notice(f"{EXCLUDED}.csv")
    return [Note(text, warning=True)] if text else []


def excluded_tables(run: Run) -> dict[str, pd.DataFrame]:
    """{'excluded': the failed games} for a page's CSV files, when the run left games out."""
    return {EXCLUDED: run.excluded.table()} if run.excluded else {}


def without_duplicate_sources(sections: list[Section], own: list[Section]) -> list[Section]:
    """The generic 'VP by source' section left out when a game section draws the same
    breakdown itself (a figure named '..._sources', in the game's own units and words)."""
    if any(f.name.endswith("_sources") for sec in own for f in sec.figures()):
        return [sec for sec in sections if sec.key != "vp-sources"]
    return sections


def build_report(run: Run, out_dir: Path | None = None, n_boot: int | None = N_BOOT,
                 by_game: Mapping[str, Sections] | None = None,
                 with_ratings: bool = True, replays: ReplayMaker | None = None) -> Written:
    """Analyse a loaded run and write its report (default RUN_DIR/report/), with the run's
    game sections from `by_game` (game name -> sections, see reports.games) and, given
    `replays`, the pages of its telling games in report/replays/."""
    info, df = run.info, run.results
    a = analyse(df, n_boot=n_boot, seed=info.seed or 0, with_ratings=with_ratings)
    own = game_sections(by_game or {}, info.game, df)
    sections = (without_duplicate_sources(strategy_sections(df, a), own) + own
                + [methods_section(df, a, run.excluded.games, info.search)])
    out, told = out_dir or info.path / REPORT_DIR, None
    if replays is not None:
        section, told = replays_section(replays, run, out)
        sections.insert(-1, section)
    stopped = stopping.note(info.stopping, "matchup")
    if stopped is not None:
        sections[0].items.insert(0, stopped)
    if info.status != "complete":
        sections[0].items.insert(0, Note(
            f"This run is {info.status}: the report covers its "
            f"{plural(info.shards, 'finished shard')} only.", warning=True))
    sections[0].items[:0] = excluded_notes(run)
    title = f"meeplab report: {info.game or 'game'} run {info.name}"
    counts = ", ".join(str(p) for p in sorted(df["players"].unique()))
    subtitle = (f"{plural(df['game_id'].nunique(), 'game')}, "
                f"{plural(df['strategy'].nunique(), 'strategy', 'strategies')}, {counts} players")
    page = render_page(title, subtitle, sections, footer(info, df))
    tables = {"summary": a.summary, "pairwise": a.pairwise, "head_to_head": a.head_to_head,
              "ratings": a.ratings, "seat_advantage": a.seats, "leaders": a.leaders,
              "balance": a.balance,
              "vp_by_source": a.vp.reset_index()} | excluded_tables(run)
    index, figures = write_output(out, page, sections, tables)
    data = {"leaders": records(a.leaders),
            "significant_pairs": headline.significant_pairs(a.pairwise),
            "balance": records(a.balance), "summary": records(a.summary),
            "ratings": records(a.ratings)}
    if told is not None:
        data["replays"] = [g | {"page": str(out / REPLAYS_DIR / g["file"])} for g in told]
    data["excluded"] = run.excluded.sentence(str(out / f"{EXCLUDED}.csv"))
    lines = terminal_lines(a)
    if run.excluded:
        lines.append("warning: " + data["excluded"])
    return Written(out, index, figures, lines, data)


def records(table: pd.DataFrame) -> list[dict[str, Any]]:
    """A table as a list of row dicts (for --json)."""
    return table.to_dict("records")


def report(run_dir: str | Path, out_dir: Path | None = None, n_boot: int | None = N_BOOT,
           by_game: Mapping[str, Sections] | None = None, with_ratings: bool = True,
           replays: ReplayMaker | None = None) -> Written:
    """Load the run in `run_dir` and write its report (RunDataError on bad input); game
    sections from `by_game` (game name -> sections, see reports.games); the telling games'
    replays from `replays`."""
    return build_report(load_run(run_dir), out_dir, n_boot, by_game, with_ratings, replays)
