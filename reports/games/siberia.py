"""Siberia sections: where the money comes from (resource kinds, persons, salesman upgrades),
hires (workers, salesmen, investors: who takes which, and the win share of its holders), and
the turn economy (draws, mining, skips) — from Siberia's breakdown columns.

Columns used (per seat; money in thousands, the rules data's money unit): `vp_<source>`
(money by source: gas..diamond printed values, workers, salesmen, investors,
salesman_upgrades), `upgrade_<category>` (what that category's salesman added),
`cards_<category>` (cards held: resources per kind, workers, salesmen, investors),
`salesman_<category>` and `investor_<kind>` (1 when held), `draws`, `mine_actions`, `skips`,
`resource_cards`, `turns`. A part whose columns are absent says so instead of drawing.
"""
from __future__ import annotations

import pandas as pd

from reports import plots, stats
from reports.games.parts import label, means_cells, sections_or_note, suffixes
from reports.html import Figure, Item, Section, Table

RESOURCES = ("gas", "coal", "oil", "gold", "diamond")
PERSONS = ("workers", "salesmen", "investors")
UPGRADES = "salesman_upgrades"
VP, UPGRADE, CARDS, SALESMAN, INVESTOR = "vp_", "upgrade_", "cards_", "salesman_", "investor_"


def money_parts(df: pd.DataFrame) -> pd.DataFrame:
    """Per row: money from resources (printed), persons, and salesman upgrades."""
    return pd.DataFrame({
        "from_resources": df[[VP + k for k in RESOURCES]].sum(axis=1),
        "from_persons": df[[VP + k for k in PERSONS]].sum(axis=1),
        "from_upgrades": df[VP + UPGRADES]}, index=df.index)


def money(df: pd.DataFrame) -> Section:
    parts = money_parts(df)
    frame = pd.concat([df, parts], axis=1)
    cells = means_cells(frame, {"money [95%]": "score",
                                "resources, printed [95%]": "from_resources",
                                "persons [95%]": "from_persons",
                                "salesman upgrades [95%]": "from_upgrades"}, digits=1)
    sources = stats.vp_by_source(df)
    items: list[Item] = [
        Table("Money per seat by source (thousands)", cells,
              "Printed resource values, persons at their card value, and what the salesmen "
              "add on top; the three add up to the money."),
        Figure("siberia_money_sources", "Money by source",
               plots.stacked_bars(sources, "Where the money comes from",
                                  "mean money per seat (thousands)"))]
    ups = suffixes(df, UPGRADE)
    if ups:
        matrix = df.groupby("strategy")[[UPGRADE + k for k in ups]].mean().T
        matrix = matrix.rename(index=lambda c: label(c.removeprefix(UPGRADE)))
        items.append(Figure("siberia_upgrades", "Salesman upgrades by category",
                            plots.matrix_figure(matrix, "Mean money a category's salesman "
                                                "added per seat (thousands)",
                                                lambda v: f"{v:.1f}", 0.0,
                                                max(float(matrix.to_numpy().max()), 1.0),
                                                "Greens")))
    return Section("siberia-money", "Siberia: money by source", items)


def holders(df: pd.DataFrame, prefix: str, keys: list[str]) -> pd.DataFrame:
    """Per card (salesman category or investor kind): share of seats holding it, the strategy
    holding it most often, and the mean win share of its holders against the other seats
    (over all seat-games of the run)."""
    rows = []
    win = df["win_share"].to_numpy()
    for key in keys:
        flag = df[prefix + key].to_numpy() > 0
        held = df.groupby("strategy")[prefix + key].mean()
        rows.append({"card": f"{label(prefix.rstrip('_'))} {label(key)}",
                     "held by (share of seats)": round(float(flag.mean()), 3),
                     "most often by": held.idxmax() if held.max() > 0 else "-",
                     "win share of holders": round(float(win[flag].mean()), 3)
                     if flag.any() else None,
                     "win share of the others": round(float(win[~flag].mean()), 3)
                     if (~flag).any() else None})
    return pd.DataFrame(rows)


def hires(df: pd.DataFrame) -> Section:
    persons = {"workers held [95%]": CARDS + "worker", "salesmen [95%]": CARDS + "salesman",
               "investors [95%]": CARDS + "investor"}
    items: list[Item] = [Table("Persons per seat at the end", means_cells(df, persons),
                               "Workers include the one every player starts with.")]
    sales, invs = suffixes(df, SALESMAN), suffixes(df, INVESTOR)
    if sales or invs:
        table = pd.concat([holders(df, SALESMAN, sales), holders(df, INVESTOR, invs)],
                          ignore_index=True)
        items.append(Table("Who hires which salesman and investor", table,
                           "Held by: share of seat-games ending with the card. Win share of "
                           "its holders against the other seats: a card far above the others "
                           "is strong, or is taken by strong strategies."))
        rate = df.groupby("strategy")[[SALESMAN + k for k in sales]
                                      + [INVESTOR + k for k in invs]].mean().T
        items.append(Figure("siberia_hire_rate", "Hire rate by strategy", plots.matrix_figure(
            rate, "Share of seat-games that end holding each card", lambda v: f"{v:.2f}",
            0.0, 1.0, "Blues")))
    return Section("siberia-hires", "Siberia: hires", items)


def economy(df: pd.DataFrame) -> Section:
    columns = {"turns [95%]": "turns", "draws [95%]": "draws",
               "mining actions [95%]": "mine_actions", "resource cards [95%]": "resource_cards",
               "skips [95%]": "skips"}
    return Section("siberia-turns", "Siberia: turns", [
        Table("What the turns went to, per seat", means_cells(df, columns, digits=1)),
        Figure("siberia_resource_cards", "Resource cards mined", plots.mean_rows(
            stats.column_means(df, ["resource_cards"]), "Resource cards per seat",
            "mean resource cards (95% interval)"))])


REQUIRED = tuple(VP + k for k in RESOURCES + PERSONS + (UPGRADES,)) + (
    CARDS + "worker", CARDS + "salesman", CARDS + "investor", "turns", "draws",
    "mine_actions", "resource_cards", "skips")


def sections(df: pd.DataFrame, rules: dict) -> list[Section]:
    """The Siberia sections (a note instead when the breakdown columns are missing)."""
    return sections_or_note(df, REQUIRED, "siberia", "Siberia", "The Siberia sections",
                            lambda: [money(df), hires(df), economy(df)])
