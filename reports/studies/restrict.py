"""Restricted play's analysis and page: how much a seat loses when forbidden one element.

A run of `meeplab restrict` has one matchup per element: a seat of the strategy forbidden the
element against players - 1 seats of the same strategy, every seating rotated on each deal.
Without the restriction the seats are identical, so a deal's mean win share of the seat over
its seatings is 1 / players whatever the deal; the element's strength is the loss
1 / players - (the seat's mean win share), measured per deal (paired: every seating of a deal
is the same deal) with a t interval and p over the deals, Holm-corrected across the elements.
A positive loss: the element helps the strategy; negative: the strategy does better without it.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from reports import fmt, plots, stats, stopping
from reports.html import Figure, Note, Section, Table, render_page
from reports.report import (EXCLUDED_METHOD, Written, excluded_notes, excluded_tables, footer,
                            records, write_output)
from reports.runs import Run
from reports.text import plural

COLUMNS = ["rank", "element", "strategy", "players", "deals", "games", "win_share", "loss",
           "loss_lo", "loss_hi", "p", "p_holm", "significant", "decisions", "fallbacks"]


def strength(df: pd.DataFrame, restricted: Mapping[str, tuple[str, str]],
             tallies: Mapping[str, tuple[int, int]] | None = None,
             alpha: float = stats.ALPHA) -> pd.DataFrame:
    """Per element, ranked by loss (largest first): the restricted seat's win share, its loss
    against the fair share with a paired 95% interval over the deals (cut to the possible
    range), p and Holm p, and its
    decisions and fallbacks (decisions where every option was forbidden). `restricted`: the
    restricted strategy names -> (strategy, element); `tallies`: name -> (decisions,
    fallbacks)."""
    rows = []
    for name, (strategy, element) in restricted.items():
        part = df[df["strategy"] == name]
        if part.empty:
            continue
        players = int(part["players"].iloc[0])
        share = part.groupby("cluster")["win_share"].mean()
        # a win share lies in [0, 1]: the loss in [1/players - 1, 1/players]
        loss, lo, hi, p = stats.paired_t(1.0 / players - share.to_numpy(float),
                                         (1.0 / players - 1.0, 1.0 / players))
        decisions, fallbacks = (tallies or {}).get(name, (np.nan, np.nan))
        rows.append({"element": element, "strategy": strategy, "players": players,
                     "deals": int(share.size), "games": int(len(part)),
                     "win_share": float(share.mean()), "loss": loss, "loss_lo": lo,
                     "loss_hi": hi, "p": p, "decisions": decisions, "fallbacks": fallbacks})
    out = pd.DataFrame(rows, columns=[c for c in COLUMNS if c not in
                                      ("rank", "p_holm", "significant")])
    out["p_holm"], out["significant"] = stats.holm(out["p"].to_numpy(float), alpha)
    out = out.sort_values("loss", ascending=False, kind="stable").reset_index(drop=True)
    out.insert(0, "rank", np.arange(1, len(out) + 1))
    return out[COLUMNS]


def chart(table: pd.DataFrame) -> bytes:
    """The elements ranked by loss with their 95% intervals; Holm-significant ones in red."""
    fig, (ax,) = plots.panels([0], len(table), width=7.0)
    colour = ["C3" if s else "C0" for s in table["significant"]]
    plots.interval_rows(ax, table["element"].tolist(), table["loss"].to_numpy(float),
                        table["loss_lo"].to_numpy(float), table["loss_hi"].to_numpy(float),
                        colour)
    ax.axvline(0.0, ls="--", color="grey", lw=1)
    ax.set_xlabel("win share lost when forbidden (95% interval; red: Holm-significant)")
    fig.suptitle("Which element is strongest? The loss of a seat forbidden it")
    return plots.png(fig)


def cells(table: pd.DataFrame) -> pd.DataFrame:
    """The ranked table formatted for the page."""
    share = table["fallbacks"] / table["decisions"].where(table["decisions"] > 0)
    return pd.DataFrame({
        "rank": table["rank"], "element": table["element"], "games": table["games"],
        "win share": [fmt.num(x, 3) for x in table["win_share"]],
        "loss [95%]": fmt.interval_column(table, ["loss", "loss_lo", "loss_hi"], signed=True),
        "p (Holm)": [fmt.pvalue(p) for p in table["p_holm"]],
        "fallbacks": [f"{int(f)} ({fmt.num(100 * s, 2)}%)" if np.isfinite(f) else "-"
                      for f, s in zip(table["fallbacks"], share)]})


def lines(table: pd.DataFrame, top: int = 3) -> list[str]:
    """The terminal summary: the `top` strongest elements with their intervals."""
    out = [f"strongest elements (win share lost when forbidden, 95% interval, Holm p), of "
           f"{len(table)}:"]
    for row in table.head(top).itertuples():
        out.append(f"  {row.rank}. {row.element}: "
                   f"{fmt.signed_interval(row.loss, row.loss_lo, row.loss_hi)} "
                   f"(p {fmt.pvalue(row.p_holm)})")
    fallbacks = table["fallbacks"].sum()
    decisions = table["decisions"].sum()
    if np.isfinite(fallbacks) and decisions > 0:
        out.append(f"fallbacks: {int(fallbacks)} of {int(decisions)} restricted decisions "
                   f"had every option forbidden and were played unrestricted")
    return out


def write(run: Run, restricted: Mapping[str, tuple[str, str]],
          tallies: Mapping[str, tuple[int, int]], out_dir: Path,
          ranking: Mapping[str, Any] | None = None) -> Written:
    """Analyse a restricted-play run and write its page (index.html), chart and
    restricted.csv into out_dir; `ranking`: the run's `top` or `precision` report, if it
    had one."""
    df = run.results
    table = strength(df, restricted, tallies)
    info = run.info
    strategy = ", ".join(sorted(table["strategy"].unique()))
    players = ", ".join(str(p) for p in sorted(table["players"].unique()))
    ranked = Section("ranking", "Which element is strongest?", [
        Figure("restricted", "Win share lost when forbidden", chart(table)),
        Table("Elements ranked by the win share a seat loses without them",
              cells(table), "loss = 1/players - the restricted seat's win share; p Holm-"
              "corrected across the elements; fallbacks: decisions where every option was "
              "forbidden, played unrestricted", highlight=list(table["significant"]))])
    method = Section("method", "Method", [Note(
        f"For each element, one seat of '{strategy}' forbidden it (its kernel never sees an "
        f"option that builds, uses or passes it) played {players}-player games against seats "
        "of the same unrestricted strategy, every seating rotated on each deal. Without the "
        "restriction every seat is the same, so the fair share 1/players is exact per deal; "
        "the loss is measured per deal (a paired design: the deal's luck cancels) with a t "
        "interval over the deals, and the p-values are Holm-corrected across the elements "
        f"(alpha {stats.ALPHA}). A negative loss means the strategy does better without the "
        "element (it overrates it).")])
    if run.excluded:
        method.items.append(Note(EXCLUDED_METHOD))
    top = ranking is not None and "top" in ranking
    told = stopping.note(ranking, "element")
    if told is not None:
        ranked.items.insert(0, told)
    if info.status != "complete":
        ranked.items.insert(0, Note(f"This run is {info.status}: the page covers its "
                                    f"{plural(info.shards, 'finished shard')} only.",
                                    warning=True))
    ranked.items[:0] = excluded_notes(run)
    sections = [ranked, method]
    page = render_page(f"meeplab restricted play: {info.game or 'game'} run {info.name}",
                       f"{plural(len(table), 'element')}, "
                       f"{plural(df['game_id'].nunique(), 'game')}, strategy "
                       f"{strategy}, {players} players", sections, footer(info, df))
    index, figures = write_output(out_dir, page, sections,
                                  {"restricted": table} | excluded_tables(run))
    data: dict[str, Any] = {"elements": records(table)}
    if top:
        data["ranking"] = dict(ranking)
    plt.close("all")
    return Written(out_dir, index, figures,
                   lines(table, max(3, ranking["top"]) if top else 3), data)
