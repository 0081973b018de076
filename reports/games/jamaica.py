"""Jamaica sections: treasures (which card each strategy ends with and how its holders fare),
fights (who attacks, wins and loses, and what gunpowder it costs) and the Captain's seat (win
share by seat order from the first Captain), from Jamaica's breakdown columns.

Columns used (per seat): the treasure counts `morgans_map`, `sarans_sabre`, `lady_beth`,
`sixth_hold`, `value_cards`, `cursed_cards`; `vp_<source>` (space, doubloons, treasures,
curses); `attacks`, `fights_won`, `fights_lost`, `fights_tied`, `powder_spent`, `stolen`,
`holds_taken`, `curses_given`, `lairs`; `captain_order`, `laps`, `shortages`. A part whose
columns are absent says so instead of drawing.
"""
from __future__ import annotations

import pandas as pd

from reports import plots, stats
from reports.games.parts import label, means_cells, sections_or_note
from reports.html import Figure, Item, Section, Table

POWERS = ("morgans_map", "sarans_sabre", "lady_beth", "sixth_hold")
CARDS = POWERS + ("value_cards", "cursed_cards")
FIGHTS = ("attacks", "fights_won", "fights_lost", "fights_tied", "powder_spent", "stolen",
          "holds_taken", "curses_given")


def treasures(df: pd.DataFrame) -> Section:
    win = df["win_share"].to_numpy()
    rows = []
    for card in CARDS:
        flag = df[card].to_numpy() > 0
        rows.append({"treasure": label(card), "held by (share of seats)":
                     round(float(flag.mean()), 3),
                     "win share of holders": round(float(win[flag].mean()), 3)
                     if flag.any() else None,
                     "win share of the others": round(float(win[~flag].mean()), 3)
                     if (~flag).any() else None})
    cells = means_cells(df, {"lairs looted [95%]": "lairs",
                             "treasure points [95%]": "vp_treasures",
                             "curse points [95%]": "vp_curses"}, digits=2)
    rate = df.groupby("strategy")[list(CARDS)].mean().T.rename(index=label)
    items: list[Item] = [
        Table("Treasure cards at the end: who holds them and how they fare", pd.DataFrame(rows),
              "Held by: share of seat-games ending with the card (value and cursed: at least "
              "one). A power far above the others is strong, or is taken by strong "
              "strategies."),
        Table("Lairs and treasure points per seat", cells),
        Figure("jamaica_treasures", "Treasure cards by strategy", plots.matrix_figure(
            rate, "Mean cards held at the end", lambda v: f"{v:.2f}", 0.0,
            max(float(rate.to_numpy().max()), 1.0), "Purples"))]
    return Section("jamaica-treasures", "Jamaica: treasures", items)


def fights(df: pd.DataFrame) -> Section:
    cells = means_cells(df, {label(c) + " [95%]": c for c in FIGHTS}, digits=2)
    fought = df["fights_won"] + df["fights_lost"]
    rate = (df.assign(fought=fought).groupby("strategy")[["fights_won", "fought"]].sum())
    share = (rate["fights_won"] / rate["fought"].where(rate["fought"] > 0)).round(3)
    table = pd.DataFrame({"strategy": share.index, "share of decided fights won":
                          share.to_numpy()})
    return Section("jamaica-fights", "Jamaica: fights", [
        Table("Fights per seat", cells, "Attacks: fights begun by moving onto a ship. Stolen: "
              "treasure cards taken; holds taken: a loser's hold emptied into the winner's."),
        Table("Who wins its fights", table, "Won / (won + lost); ties left out."),
        Figure("jamaica_fights_won", "Fights won", plots.mean_rows(
            stats.column_means(df, ["fights_won"]), "Fights won per seat",
            "mean fights won (95% interval)"))])


def captain(df: pd.DataFrame) -> Section:
    by_seat = df.groupby(["players", "captain_order"])["win_share"].agg(["mean", "count"])
    by_seat = by_seat.reset_index().rename(columns={
        "captain_order": "seats after the first Captain", "mean": "win share",
        "count": "seat-games"})
    by_seat["fair share"] = (1.0 / by_seat["players"]).round(3)
    by_seat["win share"] = by_seat["win share"].round(3)
    laps = means_cells(df, {"lap finished [95%]": "laps", "shortages [95%]": "shortages"},
                       digits=2)
    return Section("jamaica-captain", "Jamaica: Captain seat", [
        Table("Win share by seat from the first Captain", by_seat,
              "0 is the first Captain (chosen at random, JAM-R5); the compass then passes "
              "left each round. A seat far from the fair share is an advantage or a "
              "handicap."),
        Table("The race", laps)])


REQUIRED = CARDS + FIGHTS + ("lairs", "vp_treasures", "vp_curses", "captain_order", "laps",
                             "shortages")


def sections(df: pd.DataFrame, rules: dict) -> list[Section]:
    """The Jamaica sections (a note instead when the breakdown columns are missing)."""
    return sections_or_note(df, REQUIRED, "jamaica", "Jamaica", "The Jamaica sections",
                            lambda: [treasures(df), fights(df), captain(df)])
