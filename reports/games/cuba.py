"""Cuba sections: buildings, parliament and bills, shipping — from Cuba's breakdown columns.

Columns used (per seat): `buildings_built`, `bills_passed`, `parliament_wins`,
`pieces_shipped`, `vp_ship`, `vp_use_<building>` (VP from using each building) and, when the
engine records them, `ship_loads`, `ships_filled`, `ships_sailed` (per game),
`built_<building>` (tiles of that building built, 0..copies) and `passed_<bill id>` (1 when
this seat passed that statute card). A part whose columns are
absent says so instead of drawing.
"""
from __future__ import annotations

import pandas as pd

from reports import fmt, plots, stats
from reports.games.parts import (
    label, long_means, means_cells, missing_note, sections_or_note, suffixes,
)
from reports.html import Figure, Item, Section, Table

BUILT, PASSED, USE = "built_", "passed_", "vp_use_"


def bill_labels(rules: dict) -> dict[str, str]:
    """Statute card id -> 'id effect' from the rules data (the id alone when unknown)."""
    cards = rules.get("statutes", {}).get("cards", [])
    return {c["id"]: f"{c['id']} {label(c.get('effect', ''))}".strip()
            for c in cards if isinstance(c, dict) and "id" in c}


# --- buildings -------------------------------------------------------------------------------

def building_table(df: pd.DataFrame, keys: list[str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(per building and player count: build rate and win share when built; formatted
    per-building cells)."""
    parts = []
    for key in keys:
        split = stats.flag_split(df, df[BUILT + key].to_numpy() > 0, by=["players"])
        parts.append(split.assign(building=key))
    table = pd.concat(parts, ignore_index=True)
    counts = sorted(table["players"].unique())
    cells = {"building": [label(k) for k in keys]}
    built = {k: df[BUILT + k].to_numpy() > 0 for k in keys}
    cells["built (share of seats)"] = [fmt.num(built[k].mean(), 3) for k in keys]
    uses = df.columns.intersection([USE + k for k in keys])
    cells["VP from use per builder"] = [
        fmt.num(df.loc[built[k], USE + k].mean(), 2) if USE + k in uses and built[k].any()
        else "-" for k in keys]
    for n in counts:
        t = table[table["players"] == n].set_index("building").reindex(keys)
        cells[f"win share when built, {n}p [95%] (fair {1 / n:.2f})"] = fmt.interval_column(
            t, ["win_with", "win_lo", "win_hi"])
    return table, pd.DataFrame(cells)


def buildings(df: pd.DataFrame) -> Section:
    keys = suffixes(df, BUILT)
    uses = suffixes(df, USE)
    items: list[Item] = [Table("Buildings built per seat", means_cells(
        df, {"buildings built [95%]": "buildings_built"}))]
    if keys:
        table, cells = building_table(df, keys)
        rate = df.groupby("strategy")[[BUILT + k for k in keys]].agg(lambda c: (c > 0).mean())
        rate = rate.T.rename(index=lambda c: label(c.removeprefix(BUILT)))
        long = table.rename(columns={"win_with": "mean", "win_lo": "lo", "win_hi": "hi"})
        long["building"] = long["building"].map(label)
        items += [
            Table("Build rate and win share when built", cells,
                  "Build rate: share of seat-games that built at least one tile of it. Win "
                  "share when built: over those seat-games, interval by deal group."),
            Figure("cuba_build_rate", "Build rate by strategy", plots.matrix_figure(
                rate, "Share of seat-games that built each building", lambda v: f"{v:.2f}",
                0.0, 1.0, "Blues")),
            Figure("cuba_win_when_built", "Win share when built", plots.mean_rows(
                long.dropna(subset=["mean"]), "Win share of the seats that built it",
                "win share (95% interval)", label="building", ref=lambda n: 1 / n,
                by_mean=False),
                "Dashed: the fair share 1 / players. A building far right is strong or is "
                "built by strong strategies: compare with the build rates above.")]
    else:
        items.append(missing_note("The build rate and win share per building",
                                  "built_<building key> (tiles built, 0..copies)"))
    if uses:
        vp = df.groupby("strategy")[[USE + k for k in uses]].mean().T
        vp = vp.rename(index=lambda c: label(c.removeprefix(USE)))
        vp = vp[(vp > 0).any(axis=1)]
        if not vp.empty:
            items.append(Figure("cuba_vp_by_building", "VP from each building's use",
                                plots.matrix_figure(vp, "Mean VP per seat from using each "
                                                    "building", lambda v: f"{v:.1f}", 0.0,
                                                    float(vp.to_numpy().max()), "Greens")))
    return Section("cuba-buildings", "Cuba: buildings", items)


# --- parliament and bills ----------------------------------------------------------------

def bill_flags(df: pd.DataFrame, ids: list[str]) -> pd.DataFrame:
    """Per row: 1 when the bill passed in that row's game (by anyone)."""
    passed = df.groupby("game_id")[[PASSED + i for i in ids]].transform("max")
    return (passed > 0).rename(columns=lambda c: c.removeprefix(PASSED))


def bills(df: pd.DataFrame, labels: dict[str, str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(formatted per-bill cells; bill x strategy matrix of the win-share gain when the bill
    passed, pooled over player counts by seat-games)."""
    ids = suffixes(df, PASSED)
    flags = bill_flags(df, ids)
    games = df.drop_duplicates("game_id")
    cells, gains = [], {}
    for i in ids:
        game_flag = flags.loc[games.index, i].to_numpy()
        rate = stats.share_interval(game_flag.astype(float), *stats.design(games))
        by_strategy = df.groupby("strategy")[PASSED + i].mean()
        split = stats.flag_split(df, flags[i].to_numpy())
        gains[labels.get(i, i)] = stats.pooled(split, "gain", ["strategy"])
        cells.append({"bill": labels.get(i, i), "passed in games [95%]": fmt.interval(*rate),
                      "most often passed by": by_strategy.idxmax() if by_strategy.max() > 0
                      else "-",
                      "share of its seats passing it": fmt.num(by_strategy.max(), 3)})
    return pd.DataFrame(cells), pd.DataFrame(gains).T


def parliament(df: pd.DataFrame, rules: dict) -> Section:
    items: list[Item] = [Table("Parliament per seat", means_cells(
        df, {"parliament wins [95%]": "parliament_wins", "bills passed [95%]": "bills_passed"})),
        Figure("cuba_parliament", "Parliament wins", plots.mean_rows(
            long_means(df, "parliament_wins"), "Parliament wins per seat",
            "mean parliament wins (95% interval)"))]
    if suffixes(df, PASSED):
        cells, gains = bills(df, bill_labels(rules))
        items += [
            Table("How often each bill passes", cells,
                  "Passed in games: share of games where it passed (interval by deal group); "
                  "passed by: the strategy whose seats pass it most often."),
            Figure("cuba_bill_gain", "Who gains from each bill", plots.matrix_figure(
                gains, "Win share when the bill passed minus when it did not",
                lambda v: f"{v:+.2f}", -0.25, 0.25),
                "Per strategy, the difference in win share between games where the bill "
                "passed and games where it did not (per player count, then averaged "
                "weighted by seat-games). Blue: the strategy gains. Caution: no intervals, "
                "and confounded: the seat that passes a bill chose it and often leads "
                "already, so a gain is an association, not the bill's effect; to measure a "
                "bill's effect, compare runs with and without it (meeplab sweep).")]
    else:
        items.append(missing_note("How often each bill passes and who gains",
                                  "passed_<bill id> (1 when the seat passed that card)"))
    return Section("cuba-parliament", "Cuba: parliament and bills", items)


# --- shipping -------------------------------------------------------------------------------

SHIP_COLUMNS = {"ship loads [95%]": "ship_loads", "ships filled [95%]": "ships_filled"}


def ships_sailed(df: pd.DataFrame) -> pd.DataFrame:
    """Ships that left the harbour per game, with interval, per player count."""
    games = df.drop_duplicates("game_id")
    t = stats.column_means(games, ["ships_sailed"], by=("players",)).set_index("players")
    return pd.DataFrame({"players": t.index.to_numpy(),
                         "games": games.groupby("players").size().to_numpy(),
                         "ships sailed per game [95%]": fmt.interval_column(
                             t, stats.MEAN, digits=2)})


def shipping(df: pd.DataFrame) -> Section:
    columns = {"pieces shipped [95%]": "pieces_shipped"}
    columns |= {title: c for title, c in SHIP_COLUMNS.items() if c in df}
    if "vp_ship" in df:
        columns["VP from shipping [95%]"] = "vp_ship"
    items: list[Item] = [Table(
        "Ships loaded per seat", means_cells(df, columns),
        "Ship loads: times the seat loaded a ship; ships filled: ships whose last free spot "
        "the seat filled.")]
    if "ships_sailed" in df:
        items.append(Table("Ships sailed", ships_sailed(df),
                           "Ships that left the harbour in a game (all seats together)."))
    else:
        items.append(missing_note("Ships loaded and sailed",
                                  "ship_loads, ships_filled and ships_sailed"))
    items.append(Figure("cuba_shipping", "Pieces shipped", plots.mean_rows(
        long_means(df, "pieces_shipped"), "Pieces loaded onto ships per seat",
        "mean pieces shipped (95% interval)")))
    return Section("cuba-shipping", "Cuba: shipping", items)


REQUIRED = ("buildings_built", "bills_passed", "parliament_wins", "pieces_shipped")


def sections(df: pd.DataFrame, rules: dict) -> list[Section]:
    """The Cuba sections (a note instead when the totals columns are missing)."""
    return sections_or_note(df, REQUIRED, "cuba", "Cuba", "The Cuba sections",
                            lambda: [buildings(df), parliament(df, rules), shipping(df)])
