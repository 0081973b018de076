"""The skill ladder's page and tables (`meeplab ladder`), from a run's results DataFrame.

The run holds two kinds of matchups (sim/studies/ladder.py), told apart by their lineup:
one-vs-field lineups, a candidate with players-1 copies of one field strategy, and round-robin
windows, where every seat holds a different rung. The page opens with a headline (the strongest
rung, whether the order holds), then shows the one-vs-field matrix (the candidate's win share
with its 95% interval, per field, and a heat map) and each rung against the one below: the
paired difference of win share over the deal groups of the windows where both sat, with a paired
bootstrap interval (always within [-1, 1]) and a sign-flip permutation test, Holm-corrected over
the ladder's steps.

Tables written beside the page (`ladder.csv`, `ladder-steps.csv`; columns in MATRIX_COLUMNS
and STEP_COLUMNS) keep machine-friendly names; the page names them for people.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as st

from reports import fmt, stats
from reports.files import write_whole
from reports.html import Figure, Note, Section, Table, render_page
from reports.plots import plt, png
from reports.runs import RunDataError

N_RESAMPLES = 9999   # bootstrap resamples and sign flips (exact below 14 deal groups)
MATRIX_COLUMNS = {   # ladder.csv column -> what it holds
    "candidate": "the strategy in one seat",
    "field": "the strategy in the other players-1 seats",
    "players": "players per game",
    "games": "games played",
    "deals": "deal groups (a deal played in every seat rotation)",
    "win_share": "the candidate's win share (ties split)",
    "win_lo": "low end of its 95% interval",
    "win_hi": "high end of its 95% interval",
    "fair_share": "1 / players",
}
STEP_COLUMNS = {     # ladder-steps.csv column -> what it holds
    "rung": "the upper rung",
    "below": "the rung below it",
    "deals": "deal groups of the round-robin windows where both sat",
    "diff": "mean difference of win share, rung - below (from -1 to 1)",
    "diff_lo": "low end of its 95% paired bootstrap interval",
    "diff_hi": "high end of its 95% paired bootstrap interval",
    "p": "two-sided p of the sign-flip permutation test (difference 0)",
    "p_holm": "p Holm-adjusted over the ladder's steps",
    "significant": "p_holm <= 0.05",
}


def _lineups(df: pd.DataFrame) -> pd.Series:
    """Each matchup's (stratum's) lineup as a list of names."""
    return df.groupby("stratum", sort=False, observed=True)["lineup"].first().astype(
        str).str.split(",")


def field_matrix(df: pd.DataFrame, rungs: Sequence[str]) -> pd.DataFrame:
    """One row per (candidate, field) of the one-vs-field matchups: games, deal groups, the
    candidate's win share and its 95% interval (deal groups as units), the fair share."""
    pairs = {stratum: (lineup[0], lineup[1]) for stratum, lineup in _lineups(df).items()
             if lineup[0] != lineup[1] and len(set(lineup[1:])) == 1}
    rows = []
    seats = df[df["stratum"].isin(list(pairs))]
    pair_of = seats["stratum"].map(pairs)
    for (cand, field), g in seats.groupby(pair_of, sort=False):
        mine = g[g["strategy"] == cand]
        win, lo, hi = stats.share_interval(mine["win_share"].to_numpy(), *stats.design(mine))
        players = int(g["players"].iloc[0])
        rows.append({"candidate": cand, "field": field, "players": players,
                     "games": int(g["game_id"].nunique()), "deals": int(g["cluster"].nunique()),
                     "win_share": win, "win_lo": lo, "win_hi": hi, "fair_share": 1.0 / players})
    out = pd.DataFrame(rows, columns=list(MATRIX_COLUMNS))
    order = {name: i for i, name in enumerate(rungs)}
    return out.sort_values(["candidate", "field"],
                           key=lambda c: c.map(lambda n: order.get(n, len(order)))).reset_index(
        drop=True)


def paired_difference(diffs: np.ndarray, seed: int = 0) -> tuple[float, float, float, float]:
    """(mean, low, high, p) of per-deal-group differences: a 95% percentile bootstrap interval
    resampling the deal groups (within the range of the differences, so within [-1, 1] for
    win shares) and the two-sided p of a sign-flip permutation test that the mean is 0 (exact
    up to 13 deal groups). NaN interval and p with fewer than two deal groups."""
    d = np.asarray(diffs, float)
    mean = float(d.mean()) if d.size else np.nan
    if d.size < 2:
        return (mean, np.nan, np.nan, np.nan)
    rng = np.random.default_rng(seed)
    ci = st.bootstrap((d,), np.mean, n_resamples=N_RESAMPLES, method="percentile",
                      random_state=rng).confidence_interval
    p = st.permutation_test((d,), lambda x, axis: np.mean(x, axis=axis),
                            permutation_type="samples", vectorized=True,
                            n_resamples=N_RESAMPLES, random_state=rng).pvalue
    return (mean, float(ci.low), float(ci.high), float(min(1.0, p)))


def windows(df: pd.DataFrame) -> pd.DataFrame:
    """The rows of the round-robin matchups: every seat holds a different strategy."""
    distinct = [s for s, lineup in _lineups(df).items()
                if len(lineup) > 1 and len(set(lineup)) == len(lineup)]
    return df[df["stratum"].isin(distinct)]


def steps(df: pd.DataFrame, rungs: Sequence[str]) -> pd.DataFrame:
    """Each rung against the one below over the round-robin deal groups where both sat: mean
    difference of win share, its interval and p (paired_difference), Holm over the steps."""
    means = stats.cluster_means(windows(df), "win_share")
    rows = []
    for lower, upper in zip(rungs, rungs[1:]):
        both = means[[upper, lower]].dropna() if {upper, lower} <= set(means.columns) else None
        d = (both[upper] - both[lower]).to_numpy() if both is not None else np.array([])
        mean, lo, hi, p = paired_difference(d)
        rows.append({"rung": upper, "below": lower, "deals": int(d.size), "diff": mean,
                     "diff_lo": lo, "diff_hi": hi, "p": p})
    out = pd.DataFrame(rows, columns=list(STEP_COLUMNS)[:-2])
    out["p_holm"], out["significant"] = stats.holm(out["p"].to_numpy())
    return out


def copies(players: int) -> str:
    """'one copy', '3 copies': the field's seats."""
    return "one copy" if players == 2 else f"{players - 1} copies"


def headline(matrix: pd.DataFrame, ladder: pd.DataFrame) -> list[str]:
    """The finding in a sentence or two: the strongest rung (the best mean win share against
    its fields; its lowest one with the interval) and how many steps of the order hold (the
    smallest step with its interval)."""
    per = matrix.groupby("candidate", sort=False)["win_share"]
    strength = pd.DataFrame({"mean": per.mean(), "lowest": per.min()})
    ranked = strength.sort_values(["mean", "lowest"], ascending=False, kind="stable")
    best = ranked.index[0]
    tied = [str(n) for n in ranked.index[1:] if (ranked.loc[n] == ranked.loc[best]).all()]
    fields = matrix[matrix["candidate"] == best]
    worst = fields.loc[fields["win_share"].idxmin()]
    seats = copies(int(worst["players"]))
    fair = f"the fair share {worst['fair_share']:.2f}"
    below = fields[~(fields["win_lo"] > fields["fair_share"])]
    verdict = (f"above {fair} against every field" if below.empty
               else f"not clearly above {fair} against {', '.join(below['field'])}")
    tie = f" (tied with {', '.join(tied)})" if tied else ""
    if len(fields) == 1:
        lines = [f"Strongest rung: {best}{tie}, with a win share of "
                 f"{fmt.interval(*worst[list(stats.WIN)])} against {seats} of "
                 f"{worst['field']}, {verdict}."]
    else:
        lines = [f"Strongest rung: {best}{tie}, with a mean win share of "
                 f"{strength.loc[best, 'mean']:.3f} "
                 f"against {seats} of each of its {len(fields)} fields; its lowest is "
                 f"{fmt.interval(*worst[list(stats.WIN)])} (against {worst['field']}), "
                 f"{verdict}."]
    measured = ladder[ladder["deals"] >= 2]
    if measured.empty:
        lines.append("The steps between neighbouring rungs are not measured: " + (
            "their round-robin windows have fewer than two deal groups (play more --games)."
            if ladder["deals"].any() else "this run has no round-robin windows (a ladder of "
            "at least as many rungs as players plays them)."))
        return lines
    up = measured[measured["significant"] & (measured["diff"] > 0)]
    down = measured[measured["significant"] & (measured["diff"] < 0)]
    least = measured.sort_values("diff", kind="stable").iloc[0]
    text = (f"The order holds at {len(up)} of {len(measured)} steps (the rung beats the one "
            f"below, Holm-adjusted p <= {stats.ALPHA:g}); the smallest step, "
            f"{least['rung']} over {least['below']}, is "
            f"{fmt.signed_interval(*least[list(stats.DIFF)])} in win share.")
    if not down.empty:
        text += " Out of order: " + ", ".join(
            f"{r.rung} loses to {r.below}" for r in down.itertuples()) + "."
    lines.append(text)
    return lines


def matrix_plot(matrix: pd.DataFrame, rungs: Sequence[str]) -> bytes:
    """Heat map of the candidates' win shares (rows) against each field (columns)."""
    present = set(matrix["candidate"]) | set(matrix["field"])
    names = [r for r in rungs if r in present] + sorted(present - set(rungs))
    grid = np.full((len(names), len(names)), np.nan)
    for r in matrix.itertuples():
        grid[names.index(r.candidate), names.index(r.field)] = r.win_share
    fig, ax = plt.subplots(figsize=(1.2 + 0.7 * len(names), 1.0 + 0.6 * len(names)))
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("field (players - 1 copies)")
    ax.set_ylabel("candidate")
    for i in range(len(names)):
        for j in range(len(names)):
            if np.isfinite(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=7)
    fig.colorbar(im, ax=ax, label="candidate's win share")
    return png(fig)


def bounds(lo: float, hi: float, show: Callable[[float], str]) -> str:
    """'[lo, hi]', or '-' when the interval is unknown."""
    return f"[{show(lo)}, {show(hi)}]" if np.isfinite(lo) and np.isfinite(hi) else "-"


def matrix_cells(matrix: pd.DataFrame) -> pd.DataFrame:
    """The matrix for people: formatted cells under readable column names."""
    return pd.DataFrame({
        "candidate": matrix["candidate"], "field": matrix["field"],
        "games": matrix["games"].astype(str), "deal groups": matrix["deals"].astype(str),
        "win share": matrix["win_share"].map(lambda x: fmt.num(x, 3)),
        "95% interval": [bounds(lo, hi, lambda x: fmt.num(x, 3))
                         for lo, hi in zip(matrix["win_lo"], matrix["win_hi"])],
        "fair share": matrix["fair_share"].map(lambda x: fmt.num(x, 3))})


def step_cells(ladder: pd.DataFrame) -> pd.DataFrame:
    """The steps for people: formatted cells under readable column names."""
    def signed(x: float) -> str:
        return fmt.signed_interval(x, np.nan, np.nan)
    return pd.DataFrame({
        "rung": ladder["rung"], "rung below": ladder["below"],
        "deal groups": ladder["deals"].astype(str),
        "difference in win share": ladder["diff"].map(signed),
        "95% interval": [bounds(lo, hi, signed)
                         for lo, hi in zip(ladder["diff_lo"], ladder["diff_hi"])],
        "p": ladder["p"].map(fmt.pvalue), "Holm-adjusted p": ladder["p_holm"].map(fmt.pvalue),
        "significant": ladder["significant"].map({True: "yes", False: "no"})})


def check(matrix: pd.DataFrame, run_dir: Path) -> None:
    """A run without one-vs-field matchups has no ladder page (RunDataError)."""
    if matrix.empty:
        raise RunDataError(f"{run_dir} has no one-vs-field matchups (one strategy against "
                           "players-1 copies of another)",
                           "give a ladder's run (meeplab ladder GAME --out DIR) or a "
                           "GAME-mcts-strength run")


# the Methods notes of the ladder pages (this and the scaling ladder's)
UNIT_NOTE = Note("Unit: the deal group, a deal played in every seat rotation of a matchup "
                 "(its games are correlated).")
WILSON_NOTE = ("Win shares: Wilson 95% interval on the effective sample size n / design "
               "effect, deal groups as units (reports/stats.py)")


def headline_section(lines: list[str], excluded: Any) -> Section:
    """The page's headline: `lines`, to which the notice of the games the run left out
    (excluded.csv; `excluded`: reports.runs.Excluded or None) is appended."""
    if excluded:
        lines.append(excluded.notice("excluded.csv"))
    return Section("headline", "Headline", [Note(s) for s in lines])


def write_files(out_dir: Path, html: str, page: str, tables: dict[str, pd.DataFrame],
                excluded: Any) -> Path:
    """Into out_dir: excluded.csv when the run left games out, each table as CSV (file name
    -> frame), then the page as `html`; returns the page's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if excluded:
        write_whole(out_dir / "excluded.csv", excluded.table().to_csv(index=False).encode())
    for name, frame in tables.items():
        write_whole(out_dir / name, frame.to_csv(index=False).encode())
    write_whole(out_dir / html, page.encode())
    return out_dir / html


def write(df: pd.DataFrame, rungs: Sequence[str], game: str, out_dir: Path,
          excluded: Any = None) -> tuple[Path, Path, list[str]]:
    """Write ladder.html (self-contained), ladder.csv (the matrix) and ladder-steps.csv into
    out_dir, and excluded.csv when the run left games out (`excluded`: reports.runs.Excluded,
    whose notice joins the headline); the page, the matrix table and the headline lines
    (RunDataError without one-vs-field matchups)."""
    matrix = field_matrix(df, rungs)
    check(matrix, out_dir)
    ladder = steps(df, rungs)
    lines = headline(matrix, ladder)
    players = int(df["players"].iloc[0])
    seats = copies(players)
    sections = [
        headline_section(lines, excluded),
        Section("matrix", "One against the field", [
            Note(f"Each candidate against {seats} of each field strategy, in "
                 "every seat rotation on duplicate deals. Highlighted: the 95% interval lies "
                 "above the fair share 1 / players."),
            Figure("matrix", "Win share against each field", matrix_plot(matrix, rungs)),
            Table("", matrix_cells(matrix),
                  highlight=list(matrix["win_lo"] > matrix["fair_share"]))]),
        Section("steps", "Each rung against the one below", [
            Note("Difference of win share (rung - the rung below) over the deal groups of "
                 "the round-robin windows (consecutive rungs) where both sat. Highlighted: "
                 f"significant after Holm's correction over the steps (alpha {stats.ALPHA:g})."),
        ] + ([Table("", step_cells(ladder), highlight=list(ladder["significant"]))]
              if ladder["deals"].any() else [])),
        Section("methods", "Methods", [
            UNIT_NOTE,
            Note(WILSON_NOTE + "."),
            Note("Steps: per deal group, the upper rung's mean win share minus the lower "
                 f"rung's; 95% percentile bootstrap interval ({N_RESAMPLES} resamples of the "
                 "deal groups, so it stays within [-1, 1]); p-value of a sign-flip "
                 f"permutation test (exact up to 13 deal groups, else {N_RESAMPLES} random "
                 "flips), Holm-adjusted over the steps. The interval is not adjusted for "
                 "the several steps, and with few deal groups a percentile bootstrap is "
                 "narrower than the exact test: significance is the Holm-adjusted p's."),
            Note("Rungs, lowest first: " + ", ".join(rungs) + ".")]),
    ]
    page = render_page(f"meeplab ladder: {game}", f"{players} players, "
                       f"{df['game_id'].nunique()} games", sections, [("rungs", list(rungs))])
    html = write_files(out_dir, "ladder.html", page,
                       {"ladder.csv": matrix, "ladder-steps.csv": ladder}, excluded)
    return html, out_dir / "ladder.csv", lines
