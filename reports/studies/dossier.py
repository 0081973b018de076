"""The design dossier's page (`meeplab dossier`, sim/studies/dossier.py): one self-contained page
and its tables for one game and variant, every figure with its 95% interval.

It reads the dossier's directory: the skill job's run (`skill/`), the restricted-play and
meta-game tables their own pages wrote (`restrict/report/restricted.csv`,
`metagame/metagame/equilibrium.csv`) and the course's score curves (`course.csv`).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from reports import claims, fmt, stats
from reports.html import Figure, Note, Section, Table, render_page
from reports.plots import plt, png
from reports.studies import luck, luck_sources, course as course_mod
from reports.studies.ladder import field_matrix, matrix_cells, matrix_plot
from reports.report import (Written, excluded_notes, excluded_tables, footer, records,
                            write_output)
from reports.runs import RunDataError, load_run

# a game's own length columns, if any (each seat's row holds them), with what they count
LENGTH_COLUMNS = {"rounds": "rounds per game", "game_turns": "turns per game (all seats)",
                  "turns": "turns per seat (the seat that took most)"}
LENGTH_LABELS = {"decisions": "decisions per game (all seats)"} | LENGTH_COLUMNS
SOURCES_FILE = "luck_sources.csv"   # the crossed deals' games (sim/studies/luck_sources.py)


@dataclass(frozen=True)
class Settings:
    """The dossier's settings as the page needs them (sim.studies.dossier.Plan's values)."""

    game: str
    rungs: tuple[str, ...]
    players: int
    searches: tuple[str, ...]   # the rungs that search
    plans: tuple[str, ...]      # the plans, strongest first
    score_label: str = "score"  # what the course's score curves count (the game's descriptor)
    sources: tuple[str, ...] = ()   # the game's sources of randomness (luck by source)
    n_boot: int = luck_sources.N_BOOT   # bootstrap replicates of luck by source


# --- numbers -------------------------------------------------------------------------------

def one_vs_field(df: pd.DataFrame) -> dict[str, tuple[str, str]]:
    """stratum -> (candidate, field) of the one-vs-field matchups."""
    lineups = df.groupby("stratum", observed=True)["lineup"].first().astype(str).str.split(",")
    return {s: (x[0], x[1]) for s, x in lineups.items()
            if x[0] != x[1] and len(set(x[1:])) == 1}


def margins(df: pd.DataFrame) -> pd.Series:
    """Each row's score minus the mean score of the other seats of its game."""
    total = df.groupby("game_id")["score"].transform("sum")
    count = df.groupby("game_id")["score"].transform("size")
    return df["score"] - (total - df["score"]) / (count - 1)


def luck_table(df: pd.DataFrame, rungs: Sequence[str]) -> pd.DataFrame:
    """Per one-vs-field matchup: the share of the variance of the candidate's win and of its
    score margin explained by the deal, with 95% intervals (reports/studies/luck.py)."""
    df = df.assign(margin=margins(df))
    rows = []
    for stratum, (cand, field) in one_vs_field(df).items():
        mine = df[(df["stratum"] == stratum) & (df["strategy"] == cand)]
        row = {"candidate": cand, "field": field, "deals": int(mine["deal"].nunique()),
               "win_share": float(mine["win_share"].mean())}
        for value, name in (("win_share", "win"), ("margin", "margin")):
            y = luck.seat_table(mine, value)
            share, lo, hi = luck.deal_share_interval(y)
            row |= {f"{name}_deal_share": share, f"{name}_lo": lo, f"{name}_hi": hi,
                    f"{name}_note": luck.no_interval(y)}
        rows.append(row)
    return in_rung_order(pd.DataFrame(rows), rungs, ["field", "candidate"])


def in_rung_order(t: pd.DataFrame, rungs: Sequence[str], by: list[str]) -> pd.DataFrame:
    """The table sorted by the `by` columns' rungs, lowest first (a run's strata sort as
    text: '10' before '2')."""
    if t.empty:
        return t
    order = {n: i for i, n in enumerate(rungs)}
    return t.sort_values(by, key=lambda c: c.map(lambda n: order.get(n, len(order))),
                         kind="stable").reset_index(drop=True)


def length_table(df: pd.DataFrame) -> pd.DataFrame:
    """Decisions per game (all seats) and the game's own length column, mean and interval
    over the deal groups."""
    games = df.groupby("game_id").agg(cluster=("cluster", "first"), stratum=("stratum", "first"),
                                       decisions=("decisions", "sum"),
                                       **{c: (c, "max") for c in LENGTH_COLUMNS if c in df})
    rows = []
    for column in [c for c in LENGTH_LABELS if c in games]:
        mean, lo, hi = stats.mean_interval(games[column], games["cluster"], games["stratum"])
        rows.append({"measure": LENGTH_LABELS[column], "mean": mean, "lo": lo, "hi": hi,
                     "games": len(games)})
    return pd.DataFrame(rows)


def first_player(games: pd.DataFrame, players: int) -> dict[str, float]:
    """The start player's win share in the traced games (a Wilson interval, games as units)."""
    known = games.dropna(subset=["start_player_won"])
    won = known["start_player_won"].to_numpy(float)
    share, lo, hi = stats.share_interval(won, known["deal"].to_numpy())
    return {"win_share": share, "win_lo": lo, "win_hi": hi, "games": int(won.size),
            "fair_share": 1.0 / players}


def read_csv(path: Path) -> pd.DataFrame | None:
    """A table another page wrote, or None when that job was not played."""
    return pd.read_csv(path) if path.exists() else None


@dataclass(frozen=True)
class Numbers:
    """Everything the page shows."""

    seats: pd.DataFrame
    matrix: pd.DataFrame
    luck: pd.DataFrame
    length: pd.DataFrame
    course_games: pd.DataFrame
    course: pd.DataFrame
    first: dict[str, float]
    elements: pd.DataFrame | None
    equilibrium: pd.DataFrame | None
    sources: pd.DataFrame | None = None   # luck by source; None: not played


def analyse(out: Path, s: Settings) -> tuple[Any, Numbers]:
    """The loaded skill run and the dossier's numbers (RunDataError on bad input)."""
    run = load_run(out / "skill")
    df = run.results
    df = df[df["players"] == s.players]
    curves = read_csv(out / "course.csv")
    games = course_mod.per_game(curves) if curves is not None and len(curves) else \
        pd.DataFrame(columns=["deal", "events", "lead_changes", "decided_at",
                              "start_player_won"])
    return run, Numbers(
        seats=stats.seat_advantage(df), matrix=field_matrix(df, s.rungs),
        luck=luck_table(df, s.rungs), length=length_table(df), course_games=games,
        course=course_mod.summary(games), first=first_player(games, s.players),
        elements=read_csv(out / "restrict" / "report" / "restricted.csv"),
        equilibrium=read_csv(out / "metagame" / "metagame" / "equilibrium.csv"),
        sources=sources_table(out, s))


def sources_table(out: Path, s: Settings) -> pd.DataFrame | None:
    """Each source's share of the candidate's result per field (reports/studies/
    luck_sources.py) from the crossed deals' games, fields lowest rung first; None when they
    were not played."""
    raw = read_csv(out / SOURCES_FILE)
    if raw is None or raw.empty:
        return None
    columns = luck_sources.source_columns(raw)
    names = [c.removeprefix(luck_sources.DEAL_COLUMN) for c in columns]
    t = luck_sources.table(raw, names, columns, s.n_boot)
    return in_rung_order(t, s.rungs, ["field"])


# --- the headline ----------------------------------------------------------------------------

SKILL_TEMPLATES = {
    "above": "Skill pays: {subject} wins more than its fair share ({reference}) against "
             "{field}: {interval}",
    "below": "Skill does not pay: {subject} wins less than its fair share ({reference}) "
             "against {field}: {interval}",
    "within": "Skill is not shown to pay: {subject} is not shown to differ from its fair "
              "share ({reference}) against {field}: {interval}",
}
LUCK_TEMPLATES = {
    "above": "The deal decides most of it: it explains {interval} of the variance of "
             "{what} of {subject}, more than half",
    "below": "The deal explains less than half of the variance of {what} of {subject}: "
             "{interval}",
    "within": "The deal explains {interval} of the variance of {what} of {subject}, "
              "not shown to differ from half",
}


def undefined_reason(share: float, deals: int, won: float | None = None) -> str:
    """Why a deal share is undefined ('' when it is not): fewer than two deals, or a result
    that never varies (`won`: the candidate's mean win share, when the result is its win)."""
    if pd.notna(share):
        return ""
    if deals < 2:
        return f"{int(deals)} deal"
    if won in (0.0, 1.0):
        return f"{'won' if won == 1.0 else 'lost'} every game"
    return "no variance"


def undefined(row: pd.Series, name: str) -> str:
    """Why a luck row's deal share of `name` (win, margin) is undefined ('' when it is not)."""
    return undefined_reason(row[f"{name}_deal_share"], row["deals"],
                            row["win_share"] if name == "win" else None)


def share_cell(share: float, lo: float, hi: float, why_undefined: str, note: str) -> str:
    """A deal share for a table: with its interval, 'undefined (why)', or the share and why it
    has no interval."""
    if why_undefined:
        return f"undefined ({why_undefined})"
    if note and pd.isna(lo):
        return f"{fmt.num(share, 3)} (no interval: {note})"
    return fmt.interval(share, lo, hi)


def luck_sentence(subject: str, r: pd.Series) -> str:
    """The deal's share of the result of `subject` (a luck row): of its win, or of its score
    margin when the win's share is undefined or has no interval and the margin's has one."""
    measured = [n for n in ("win", "margin") if pd.notna(r[f"{n}_lo"])]
    if measured:
        name = measured[0]
        if name == "margin":
            why = undefined(r, "win")
            subject += (f" (which {why}, so only its margin varies)" if why else
                        f" (its win's share has no interval: {r['win_note']})")
        return claims.sentence("fair_share", subject, claims.Estimate(
            r[f"{name}_deal_share"], r[f"{name}_lo"], r[f"{name}_hi"]), 0.5, LUCK_TEMPLATES,
            what="the result" if name == "win" else "the score margin")
    if pd.notna(r["win_deal_share"]):
        return (f"The deal's share of the result of {subject} is "
                f"{fmt.num(r['win_deal_share'], 3)}, with no interval: {r['win_note']}")
    return f"The deal's share of the result of {subject} is undefined ({undefined(r, 'win')})"


def top_pair(s: Settings, matrix: pd.DataFrame) -> pd.Series | None:
    """The matrix row of the top rung against the field (not random, not a search) it fares
    worst against (on a tie, the lower interval, then the stronger field): skill pays when it
    beats every one of them.
    Against random only when no other field was played."""
    top = s.rungs[-1]
    mine = matrix[(matrix["candidate"] == top) & ~matrix["field"].isin(s.searches)]
    if (mine["field"] != "random").any():
        mine = mine[mine["field"] != "random"]
    if mine.empty:
        return None
    strength = list(s.plans) + list(reversed(s.rungs))
    order = mine["field"].map(lambda f: strength.index(f) if f in strength else len(strength))
    return mine.assign(order=order).sort_values(["win_share", "win_lo", "order"],
                                                kind="stable").drop(columns="order").iloc[0]


# names top_pair's field
WORST = ", its hardest field that neither searches nor plays at random"


def headline(s: Settings, n: Numbers) -> list[str]:
    """Three sentences from the numbers: the seat furthest from its fair share (among those
    shown to differ from it, if any), whether the top rung beats the field it fares worst
    against, and the deal's share of that result."""
    out = []
    seats = n.seats
    if not seats.empty:
        shown = (seats["win_lo"] > seats["fair_share"]) | (seats["win_hi"] < seats["fair_share"])
        pool = seats[shown] if shown.any() else seats
        row = pool.loc[pool["advantage"].abs().idxmax()]
        out.append(claims.sentence("fair_share", f"Seat {int(row['seat']) + 1}", claims.Estimate(
            row["win_share"], row["win_lo"], row["win_hi"]), row["fair_share"]))
    pair = top_pair(s, n.matrix)
    if pair is not None:
        copies = f"{s.players - 1} copies of {pair['field']}" if s.players > 2 else pair["field"]
        copies += WORST
        out.append(claims.sentence("fair_share", pair["candidate"], claims.Estimate(
            pair["win_share"], pair["win_lo"], pair["win_hi"]), pair["fair_share"],
            SKILL_TEMPLATES, field=copies))
        luck_row = n.luck[(n.luck["candidate"] == pair["candidate"])
                          & (n.luck["field"] == pair["field"])]
        if not luck_row.empty:
            out.append(luck_sentence(f"{pair['candidate']} against {pair['field']}",
                                     luck_row.iloc[0]))
    return [t[:1].upper() + t[1:] + "." for t in out]


# --- the page --------------------------------------------------------------------------------

def interval_cells(frame: pd.DataFrame, value: str, lo: str, hi: str,
                   signed: bool = False) -> list[str]:
    show = fmt.signed_interval if signed else fmt.interval
    return [show(v, a, b) for v, a, b in frame[[value, lo, hi]].itertuples(index=False)]


def seat_section(s: Settings, n: Numbers) -> Section:
    seats = n.seats
    cells = pd.DataFrame({
        "seat": (seats["seat"] + 1).astype(str), "games": seats["games"].astype(str),
        "win share [95%]": interval_cells(seats, *stats.WIN),
        "advantage over 1/players [95%]": interval_cells(seats, *stats.ADVANTAGE, signed=True)})
    f = n.first
    items: list[Any] = [Table("Win share by seat (every rung, every seat rotation)", cells,
                              "Seat 1 is the first in the seating; in games where the start "
                              "player is drawn, it is not the first to move.")]
    if f.get("games"):
        share = fmt.interval(f["win_share"], f["win_lo"], f["win_hi"])
        items.append(Note(f"The player who moves first has a win share of {share} in the "
                          f"{f['games']} traced games (fair share {f['fair_share']:.3f})."))
    return Section("seats", "Seat and first-player advantage", items)


def skill_section(s: Settings, n: Numbers) -> Section:
    pair = top_pair(s, n.matrix)
    items: list[Any] = [Figure("skill", "Win share of each candidate against each field",
                               matrix_plot(n.matrix, s.rungs)),
                        Table("The skill ladder: one seat against players-1 copies",
                              matrix_cells(n.matrix))]
    if pair is not None:
        share = [pair[c] for c in stats.WIN]
        margin = fmt.signed_interval(*(x - pair["fair_share"] for x in share))
        items.insert(0, Note(
            f"The top rung, {pair['candidate']}, against copies of {pair['field']}"
            f"{WORST}: win share "
            f"{fmt.interval(*share)}, margin over the fair share {margin}."))
    return Section("skill", "The skill gradient", items)


def dodge(count: int, width: float = 0.7) -> np.ndarray:
    """x offsets of `count` series drawn at the same x, side by side within `width`."""
    return np.linspace(-width / 2, width / 2, count) if count > 1 else np.zeros(1)


def luck_plot(t: pd.DataFrame, rungs: Sequence[str]) -> bytes:
    """The deal's share of the candidate's win variance by candidate (lowest rung first), one
    series per field set side by side, with the 95% intervals as bars; the legend outside."""
    fields = list(dict.fromkeys(t["field"]))
    fig, ax = plt.subplots(figsize=(max(7.0, 3.0 + 0.8 * len(rungs)), 4.0))
    order = {n: i for i, n in enumerate(rungs)}
    for shift, field in zip(dodge(len(fields)), fields):
        g = t[t["field"] == field].sort_values("candidate", key=lambda c: c.map(order))
        x = g["candidate"].map(order).to_numpy(float) + shift
        y = g["win_deal_share"].to_numpy(float)
        err = np.abs(np.vstack([y - g["win_lo"].to_numpy(float),
                                g["win_hi"].to_numpy(float) - y]))
        ax.errorbar(x, y, yerr=np.nan_to_num(err), marker="o", markersize=4, capsize=2,
                    linestyle="none", label=f"field: {field}")
    ax.set_xticks(range(len(rungs)), list(rungs), rotation=30, ha="right")
    for edge in range(len(rungs) - 1):
        ax.axvline(edge + 0.5, color="#ddd", linewidth=0.8)
    ax.set_xlim(-0.5, len(rungs) - 0.5)
    ax.set_ylim(0, 1)
    ax.set_ylabel("deal's share of the win's variance")
    ax.set_xlabel("candidate (lowest rung first)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return png(fig)


def luck_section(n: Numbers, rungs: Sequence[str]) -> Section:
    t = n.luck
    if t.empty:
        return Section("luck", "Luck", [Note("No one-vs-field matchup to measure it on.")])
    def shares(name: str) -> list[str]:
        return [share_cell(r[f"{name}_deal_share"], r[f"{name}_lo"], r[f"{name}_hi"],
                           undefined(r, name), r.get(f"{name}_note", ""))
                for _, r in t.iterrows()]
    cells = pd.DataFrame({
        "candidate": t["candidate"], "field": t["field"], "deals": t["deals"].astype(str),
        "deal's share of the win's variance [95%]": shares("win"),
        "deal's share of the score margin's variance [95%]": shares("margin")})
    return Section("luck", "Luck: what the deal decides", [
        Figure("luck", "The deal's share by candidate and field", luck_plot(t, rungs)),
        Table("Share of the variance explained by the deal, per matchup (grouped by field, "
              "candidates lowest rung first: how luck's share changes with skill)", cells,
              "Each deal is played from every seat; the deal's share is the intraclass "
              "correlation of the candidate's result across its seatings (one-way random "
              "effects), with its exact interval under that model (F on the deals and "
              "seatings). The rest of "
              "the variance changes with the seat the candidate got in the same deal."),
        Note("Which source of the deal decides it: Luck by source, below.")])


def source_cell(share: float, lo: float, hi: float) -> str:
    """A source's share with its interval, or why it has none."""
    if pd.isna(share):
        return "undefined (the result never varies)"
    if pd.isna(lo):
        return f"{fmt.num(share, 3)} (no interval: one deal of a source, or no bootstrap)"
    return fmt.interval(share, lo, hi)


def sources_section(n: Numbers, s: Settings) -> Section:
    title = "Luck by source of randomness"
    t = n.sources
    if t is None and len(s.sources) == 1:
        return Section("sources", title, [Note(
            f"{s.game} has one source of randomness ({s.sources[0]}): its share is the "
            "deal's, above.")])
    if t is None:
        named = f": {', '.join(s.sources)}" if s.sources else ""
        return Section("sources", title, [Note(
            f"Not measured (--luck-deals 0, or no field besides the strongest plan); the "
            f"game's sources of randomness{named}.")])
    parts = list(dict.fromkeys(t["part"]))
    rows = []
    for (field, result), g in t.groupby(["field", "result"], sort=False):
        by = g.set_index("part")
        rows.append({"field": field, "result": result, "games": str(int(g["games"].iloc[0]))}
                    | {part: source_cell(*by.loc[part, ["share", "lo", "hi"]])
                       for part in parts})
    candidate = t["candidate"].iloc[0]
    return Section("sources", title, [Table(
        f"Share of the variance of {candidate}'s result explained by each source [95%], per "
        "field (lowest rung first: how each source's share changes with the field's skill)",
        pd.DataFrame(rows),
        "Crossed deals: each source dealt from its own few seeds, every combination played "
        "with the candidate in every seat (the other sources as in a normal deal). The "
        "shares come from a crossed random-effects analysis of variance: a source's share "
        "goes with its deal whatever the others; the interactions' share with combinations "
        "of sources; the rest changes with the seat and the strategies' own randomness in "
        "the same deal. Intervals: bootstrap redrawing each source's deals.")])


def elements_section(n: Numbers) -> Section:
    if n.elements is None or n.elements.empty:
        return Section("elements", "Strongest and weakest elements", [
            Note("Not measured: the game declares no elements for restricted play.")])
    t = n.elements
    shown = pd.concat([t.head(3), t.tail(3)]).drop_duplicates("element")
    cells = pd.DataFrame({
        "rank": shown["rank"].astype(str), "element": shown["element"],
        "win share lost without it [95%]": interval_cells(shown, "loss", "loss_lo", "loss_hi",
                                                          signed=True),
        "Holm p": shown["p_holm"].map(fmt.pvalue)})
    return Section("elements", "Strongest and weakest elements", [
        Table(f"Restricted play of {t['strategy'].iloc[0]}: the three strongest and weakest "
              "elements", cells, "The full ranking: restrict/report/index.html (linked under "
                                 "Pages and tables)."),
    ])


def meta_section(n: Numbers) -> Section:
    if n.equilibrium is None:
        return Section("metagame", "The meta-game", [
            Note("Not measured: fewer than two strategies besides random do not search.")])
    t = n.equilibrium
    cells = pd.DataFrame({
        "strategy": t["strategy"],
        "equilibrium weight [95%]": interval_cells(t, "mix", "mix_lo", "mix_hi"),
        "regret [95%]": interval_cells(t, "regret", "regret_lo", "regret_hi", signed=True)})
    return Section("metagame", "The meta-game's equilibrium mix", [
        Table("Greedy and the plans, every profile on duplicate deals", cells,
              "The full analysis (α-Rank, payoffs): metagame/metagame/index.html (linked "
              "under Pages and tables).")])


def course_section(n: Numbers, s: Settings) -> Section:
    def cells(t: pd.DataFrame, deals: int | None = None) -> pd.DataFrame:
        shown = interval_cells(t, "mean", "lo", "hi")
        if deals == 1:   # the deals are the units: one deal gives no interval
            shown = [f"{c} (one deal: no interval)" for c in shown]
        return pd.DataFrame({"measure": t["measure"], "games": t["games"].astype(str),
                             "mean [95%]": shown})
    items: list[Any] = [Table("Length (every game of the skill ladder)", cells(n.length))]
    score = s.score_label
    if n.course_games.empty:
        items.append(Note(f"No games were traced (--course 0), so the course (score: {score}) "
                          "is not measured."))
    else:
        items.append(Table(
            f"Course of the traced games (score: {score})",
            cells(n.course, n.course_games["deal"].nunique()),
            "Traced games: the strongest plan against copies of the next, every seating of the "
            "first deals; intervals over the deals; the curves are in course.csv."))
    return Section("course", "The game's course", items)


PAGES = (("restrict/report/index.html", "restricted play: every element ranked"),
         ("metagame/metagame/index.html", "the meta-game: payoffs, equilibrium, α-Rank"),
         ("course.csv", "the course's score curves: each seat's score after every event"))
TABLES = {"seats": "win share by seat", "skill": "the skill ladder's matrix",
          "luck": "the deal's share per matchup", "length": "length per game",
          "luck_sources": "each source of randomness's share per field",
          "course": "the course's measures", "course_games": "the course per traced game"}


def files_section(out: Path) -> Section:
    """Links to the jobs' own pages that exist under OUT and to this page's tables."""
    pages = [(f"../{path}", what) for path, what in PAGES if (out / path).exists()]
    pages += [(f"{name}.csv", what) for name, what in TABLES.items()]
    pages.append(("dossier.json", "the headline and every table"))
    frame = pd.DataFrame({"file": [p for p, _ in pages], "what": [w for _, w in pages]})
    return Section("files", "Pages and tables", [Table("", frame, links={
        "file": frame["file"].tolist()})])


def write(out: Path, s: Settings) -> Written:
    """Write OUT/page/: index.html, the tables as CSV and dossier.json (RunDataError)."""
    run, n = analyse(out, s)
    lines = headline(s, n)
    sections = [Section("headline", "Headline", excluded_notes(run) + [Note(t) for t in lines]),
                seat_section(s, n), skill_section(s, n), luck_section(n, s.rungs),
                sources_section(n, s), elements_section(n), meta_section(n), course_section(n, s),
                files_section(out)]
    df = run.results
    title = f"meeplab design dossier: {s.game}, {run.info.variant}"
    subtitle = (f"{s.players} players, rungs {' < '.join(s.rungs)}, "
                f"{df['game_id'].nunique()} games of the skill ladder")
    page = render_page(title, subtitle, sections, footer(run.info, df))
    tables = {"seats": n.seats, "skill": n.matrix, "luck": n.luck, "length": n.length,
              "course": n.course, "course_games": n.course_games}
    tables["luck_sources"] = n.sources if n.sources is not None else pd.DataFrame()
    where = out / "page"
    index, figures = write_output(where, page, sections, tables | excluded_tables(run))
    data = {"game": s.game, "variant": run.info.variant, "players": s.players,
            "rungs": list(s.rungs), "headline": lines,
            **{k: records(v) for k, v in tables.items()}, "first_player": n.first}
    try:
        (where / "dossier.json").write_text(json.dumps(data, indent=1, default=str),
                                            encoding="utf-8")
    except OSError as exc:
        raise RunDataError(f"cannot write {where / 'dossier.json'} ({exc.strerror or exc})",
                           "choose a writable --out") from exc
    return Written(where, index, figures, lines, data)
