"""Santiago de Cuba sections: the tile layout (the seed's advice SDC-V1 in numbers), buildings
and Cubans, property markers — from Santiago's breakdown columns.

Columns used (per seat): `flower_<building>` (flower colour index of the building's slot in
that game, codes.FLOWER_NAMES order: white, yellow, red, blue), `uses_<building>`,
`visits_<cuban>`, `markers_placed`, `owner_paid`, `goods_converted`, `score`, `win_share`.

The layout section splits the games of a run by whether a building lies at a flower colour
(the rum distillery at yellow, the cigar factory at white, either). A game's layout follows
from its deal, so all seatings of a deal share it: the two sets of games are disjoint sets of
deal groups, and a difference between them has the sum of their deal-group variances. The
balance of the strategies' win shares within each set comes with a bootstrap over deal groups.
In a run under `layout = forbid` the forbidden pairs never occur: compare such a run with a
random-layout run on the same deals (`meeplab sweep configs/sweeps/santiago-tile-study.toml`)
for the advice's effect on the whole game.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import scipy.stats as st

from reports import fmt, plots, stats
from reports.html import Figure, Item, Note, Section, Table

FLOWERS = ("white", "yellow", "red", "blue")
FLOWER, USES, VISITS = "flower_", "uses_", "visits_"
# (title, building, flower) of each pair the section studies; the seed's advice (SDC-V1)
PAIRS = (("rum distillery at yellow", "rum_distillery", "yellow"),
         ("cigar factory at white", "cigar_factory", "white"))
EITHER = "either pair (breaks SDC-V1)"
N_BOOT = 300
Z = 1.959963984540054


def suffixes(df: pd.DataFrame, prefix: str) -> list[str]:
    return [c.removeprefix(prefix) for c in df.columns if c.startswith(prefix)]


def label(key: str) -> str:
    return key.replace("_", " ")


def pair_flags(df: pd.DataFrame) -> dict[str, np.ndarray]:
    """Per row: whether each studied pair lies together in that row's game, and either."""
    flags = {title: df[FLOWER + b].to_numpy() == FLOWERS.index(f) for title, b, f in PAIRS}
    flags[EITHER] = np.logical_or.reduce(list(flags.values()))
    return flags


def _mean_var(g: pd.DataFrame, column: str) -> tuple[float, float, int]:
    values = g[column].to_numpy(float)
    if values.size == 0:
        return np.nan, np.nan, 0
    return float(values.mean()), stats.cluster_variance(values, *stats.design(g)), \
        g["cluster"].nunique()


def gain_table(df: pd.DataFrame, flag: np.ndarray, column: str) -> pd.DataFrame:
    """Per (players, strategy): mean of `column` in the games with the flag and without, the
    difference with its 95% interval and two-sided p (normal; disjoint deal groups)."""
    frame = df.assign(_flag=np.asarray(flag, bool))
    rows = []
    for (players, strategy), g in frame.groupby(["players", "strategy"], sort=True):
        yes, no = g[g["_flag"]], g[~g["_flag"]]
        m1, v1, c1 = _mean_var(yes, column)
        m0, v0, c0 = _mean_var(no, column)
        diff = m1 - m0
        se = np.sqrt(v1 + v0) if np.isfinite(v1) and np.isfinite(v0) else np.nan
        p = float(2 * st.norm.sf(abs(diff) / se)) if se and np.isfinite(se) else np.nan
        rows.append({"players": players, "strategy": strategy, "deals_with": c1,
                     "deals_without": c0, "with": m1, "without": m0, "gain": diff,
                     "lo": diff - Z * se, "hi": diff + Z * se, "p": p})
    return pd.DataFrame(rows)


def _cluster_sums(g: pd.DataFrame, strategies: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Per deal group (rows) and strategy (columns): win-share sums and seat counts."""
    codes, _ = pd.factorize(g["cluster"])
    s = pd.Categorical(g["strategy"], categories=strategies).codes
    shape = (codes.max() + 1, len(strategies))
    wins = np.zeros(shape)
    seats = np.zeros(shape)
    np.add.at(wins, (codes, s), g["win_share"].to_numpy(float))
    np.add.at(seats, (codes, s), 1.0)
    return wins, seats


def _indices(shares: np.ndarray) -> dict[str, np.ndarray]:
    """Spread (sd) and max - min of the strategies' win shares (last axis)."""
    return {"spread (sd)": np.nanstd(shares, axis=-1, ddof=1),
            "max - min": np.nanmax(shares, axis=-1) - np.nanmin(shares, axis=-1)}


def balance_table(df: pd.DataFrame, flag: np.ndarray, seed: int = 0) -> pd.DataFrame:
    """Per player count and index: the balance of the strategies' win shares in the games
    with the flag and without, and the difference, each with a bootstrap interval over deal
    groups (NaN when a side has no games)."""
    frame = df.assign(_flag=np.asarray(flag, bool))
    rng = np.random.default_rng(seed)
    rows = []
    for players, g in frame.groupby("players", sort=True):
        strategies = sorted(g["strategy"].unique())
        sides = {}
        for side, part in (("with", g[g["_flag"]]), ("without", g[~g["_flag"]])):
            if part["cluster"].nunique() < 2 or len(strategies) < 2:
                sides[side] = None
                continue
            wins, seats = _cluster_sums(part, strategies)
            w = rng.multinomial(wins.shape[0], np.full(wins.shape[0], 1 / wins.shape[0]),
                                size=N_BOOT).astype(float)
            with np.errstate(invalid="ignore", divide="ignore"):
                point = wins.sum(0) / seats.sum(0)
                boot = (w @ wins) / (w @ seats)
            sides[side] = (_indices(point), _indices(boot))
        for index in ("spread (sd)", "max - min"):
            row: dict[str, object] = {"players": players, "index": index}
            for side in ("with", "without"):
                got = sides[side]
                row[side] = float(got[0][index]) if got else np.nan
                lo, hi = (np.nanpercentile(got[1][index], [2.5, 97.5]) if got
                          else (np.nan, np.nan))
                row[f"{side}_lo"], row[f"{side}_hi"] = lo, hi
            if sides["with"] and sides["without"]:
                d = sides["with"][1][index] - sides["without"][1][index]
                row["diff"] = row["with"] - row["without"]
                row["diff_lo"], row["diff_hi"] = np.nanpercentile(d, [2.5, 97.5])
            else:
                row["diff"] = row["diff_lo"] = row["diff_hi"] = np.nan
            rows.append(row)
    return pd.DataFrame(rows)


def _games_with(df: pd.DataFrame, flag: np.ndarray) -> tuple[int, int, float, float, float]:
    games = df.assign(_flag=flag).drop_duplicates("game_id")
    rate = stats.share_interval(games["_flag"].to_numpy(float), *stats.design(games))
    return int(games["_flag"].sum()), len(games), *rate


def layout_section(df: pd.DataFrame) -> Section:
    flags = pair_flags(df)
    items: list[Item] = []
    counts = []
    for title, flag in flags.items():
        n, total, rate, lo, hi = _games_with(df, flag)
        counts.append({"pair": title, "games with it": n, "games": total,
                       "share of games [95%]": fmt.interval(rate, lo, hi)})
    items.append(Table("How often each pair lies together", pd.DataFrame(counts),
                       "Rulebook layout (random): 3/12 = 0.25 for each pair, 0.43 for either. "
                       "Under the advice (layout = forbid) none."))
    if not flags[EITHER].any():
        items.append(Note("No game of this run has the rum distillery at the yellow flower or "
                          "the cigar factory at the white one (the run honours the seed's "
                          "advice, SDC-V1), so the layout effect cannot be measured within "
                          "it: compare it with a random-layout run on the same deals "
                          "(meeplab sweep configs/sweeps/santiago-tile-study.toml)."))
        return Section("santiago-layout", "Santiago: tile layout", items)
    items.append(Note(
        "Gain: a strategy's mean in the games where the pair lies together minus the games "
        "where it does not, with a 95% interval (normal; the two sets of games are disjoint "
        "deal groups, so their deal-group variances add) and a two-sided p (not corrected "
        "for the several pairs and strategies). Every strategy meets every layout in every "
        "seat of a duplicate deal."))
    long = []
    for title, flag in flags.items():
        if not flag.any() or flag.all():
            continue
        win = gain_table(df, flag, "win_share")
        score = gain_table(df, flag, "score")
        building = next((b for t, b, _ in PAIRS if t == title), None)
        cells = {"players": win["players"], "strategy": win["strategy"],
                 "win share with": [fmt.num(x, 3) for x in win["with"]],
                 "without": [fmt.num(x, 3) for x in win["without"]],
                 "win-share gain [95%]": fmt.interval_column(win, ["gain", "lo", "hi"],
                                                             signed=True),
                 "p": [fmt.pvalue(p) for p in win["p"]],
                 "score gain [95%]": fmt.interval_column(score, ["gain", "lo", "hi"], 2,
                                                         signed=True)}
        if building and USES + building in df:
            uses = gain_table(df, flag, USES + building)
            cells[f"{label(building)} uses with / without"] = [
                f"{fmt.num(a, 2)} / {fmt.num(b, 2)}" for a, b in zip(uses["with"],
                                                                    uses["without"])]
        items.append(Table(f"Gain when the {title}", pd.DataFrame(cells),
                           highlight=(win["p"] < 0.05).tolist()))
        long.append(win.assign(pair=title).rename(columns={"gain": "mean"}))
    if long:
        table = pd.concat(long, ignore_index=True)
        items.append(Figure("santiago_layout_gain", "Win-share gain per strategy and pair",
                            plots.grouped_intervals(table, "strategy", "pair",
                                                    "Win share when the pair lies together "
                                                    "minus when it does not",
                                                    "win-share gain (95% interval)",
                                                    ref=lambda n: 0.0),
                            "Right of the dashed line: the strategy wins more often when the "
                            "pair lies together."))
    bal = balance_table(df, flags[EITHER])
    items.append(Table("Balance with and without the pairs", pd.DataFrame({
        "players": bal["players"], "index": bal["index"],
        "games with a pair [95%]": fmt.interval_column(bal, ["with", "with_lo", "with_hi"]),
        "games without [95%]": fmt.interval_column(bal, ["without", "without_lo",
                                                         "without_hi"]),
        "with - without [95%]": fmt.interval_column(bal, ["diff", "diff_lo", "diff_hi"],
                                                    signed=True)}),
        "Spread of the strategies' win shares (standard deviation and max - min) in the "
        "games where the rum distillery lies at yellow or the cigar factory at white, and in "
        "the others (the layouts the advice allows); intervals: "
        f"{N_BOOT} bootstrap resamples of the deal groups. A positive difference: the pairs "
        "make the game less balanced, so the advice would reduce the imbalance."))
    return Section("santiago-layout", "Santiago: tile layout", items)


def _per_strategy(df: pd.DataFrame, prefix: str, name: str, title: str, what: str,
                  cmap: str) -> list[Item]:
    """A heatmap of the mean of every `prefix` column per strategy (none without columns)."""
    keys = suffixes(df, prefix)
    if not keys:
        return []
    m = df.groupby("strategy")[[prefix + k for k in keys]].mean().T
    m = m.rename(index=lambda c: label(c.removeprefix(prefix)))
    return [Figure(name, title, plots.matrix_figure(
        m, what, lambda v: f"{v:.1f}", 0.0, float(max(m.to_numpy().max(), 1e-9)), cmap))]


def buildings_section(df: pd.DataFrame) -> Section:
    items: list[Item] = (
        _per_strategy(df, USES, "santiago_uses", "Building uses by strategy",
                      "Uses per seat and game of each building", "Greens")
        + _per_strategy(df, VISITS, "santiago_visits", "Cuban visits by strategy",
                        "Actions taken per seat and game at each Cuban", "Blues"))
    columns = {"markers placed [95%]": "markers_placed", "paid as owner [95%]": "owner_paid",
               "goods converted [95%]": "goods_converted"}
    columns = {k: v for k, v in columns.items() if v in df}
    if columns:
        long = stats.column_means(df, list(columns.values()))
        cells = {}
        for title, column in columns.items():
            t = long[long["column"] == column].set_index(["players", "strategy"])
            cells[title] = fmt.interval_column(t, stats.MEAN, digits=2)
        keys = long[long["column"] == next(iter(columns.values()))]
        items.append(Table("Markers and conversions per seat", pd.DataFrame(
            {"players": keys["players"].to_numpy(), "strategy": keys["strategy"].to_numpy()}
            | cells), "Paid as owner: times another pawn entered a building of the seat."))
    return Section("santiago-buildings", "Santiago: buildings, Cubans and markers", items)


def sections(df: pd.DataFrame, rules: dict) -> list[Section]:
    """The Santiago sections (a note instead when the layout columns are missing)."""
    missing = [FLOWER + b for _, b, _ in PAIRS if FLOWER + b not in df]
    if missing:
        return [Section("santiago", "Santiago", [Note(
            f"The tile-layout section needs the per-seat columns {', '.join(missing)}, which "
            "this run does not have: re-run it with an engine that records them.",
            warning=True)])]
    return [layout_section(df), buildings_section(df)]
