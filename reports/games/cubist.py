"""Cubist sections: installations and artists — which installation cards are completed and
what their completers win, museum dice and points by source, the artists used by kind and the
bumps, and the game length and the first player's chances by player count.

Columns used (per seat): `installations`, `museum_dice`, `vp_cards`, `vp_museum`,
`inst_<id>` (1 when the seat completed that card), `artists_<kind>` (uses per kind),
`recruits`, `bumps`, `bumped`, `abandons`, `rounds`, `first`, `win_share`. A part whose
columns are absent says so instead of drawing.
"""
from __future__ import annotations

import pandas as pd

from reports import plots, stats
from reports.games.parts import label, means_cells, sections_or_note, suffixes
from reports.html import Figure, Item, Section, Table

INST, ARTISTS = "inst_", "artists_"


def _card_info(rules: dict) -> dict[str, dict]:
    """Installation cards of the rules file by lower-case id."""
    return {str(e.get("id", "")).lower(): e for e in rules.get("installations", [])}


def installation_cards(df: pd.DataFrame, rules: dict) -> pd.DataFrame:
    """Per installation card: its plan and points, how often a seat completes it, and the win
    share of the seats that did against the others."""
    info = _card_info(rules)
    win = df["win_share"].to_numpy()
    rows = []
    for key in suffixes(df, INST):
        if info and key not in info:
            continue
        flag = df[INST + key].to_numpy() > 0
        card = info.get(key, {})
        rows.append({"card": key.upper(), "plan": card.get("plan", ""),
                     "points": card.get("points"),
                     "completed (share of seats)": round(float(flag.mean()), 3),
                     "win share of completers": round(float(win[flag].mean()), 3)
                     if flag.any() else None,
                     "win share of the others": round(float(win[~flag].mean()), 3)
                     if (~flag).any() else None})
    return pd.DataFrame(rows)


def installations(df: pd.DataFrame, rules: dict) -> list[Item]:
    cells = means_cells(df, {"installations [95%]": "installations",
                             "museum dice [95%]": "museum_dice",
                             "points from cards [95%]": "vp_cards",
                             "points from the museum [95%]": "vp_museum"}, digits=1)
    items: list[Item] = [
        Table("Installations and museum dice per seat", cells,
              "Points from cards (CUBIST-R31) and 2 per own die in the museum add up to the "
              "score."),
        Figure("cubist_sources", "Points by source",
               plots.stacked_bars(stats.vp_by_source(df), "Where the points come from",
                                  "mean points per seat"))]
    if suffixes(df, INST):
        items.append(Table("Installation cards: who completes them and what it is worth",
                           installation_cards(df, rules),
                           "A card whose completers win far more often than the others is "
                           "worth more than its cost, or is taken by strong strategies."))
    return items


def artists(df: pd.DataFrame) -> list[Item]:
    kinds = suffixes(df, ARTISTS)
    items: list[Item] = [Table("Artists per seat", means_cells(
        df, {"recruited [95%]": "recruits", "bumps made [95%]": "bumps",
             "bumped [95%]": "bumped", "rooms abandoned [95%]": "abandons"}, digits=2))]
    if kinds:
        rate = df.groupby("strategy")[[ARTISTS + k for k in kinds]].mean().T
        rate = rate.rename(index=lambda c: label(c.removeprefix(ARTISTS)))
        items.append(Figure("cubist_artists", "Artists used by kind", plots.matrix_figure(
            rate, "Mean uses per seat and game", lambda v: f"{v:.2f}", 0.0,
            max(float(rate.to_numpy().max()), 0.5), "Purples")))
    return items


def length_and_first_player(df: pd.DataFrame) -> list[Item]:
    """Game length and the first player's win share by player count."""
    rows = []
    for players, g in df.groupby("players"):
        first = g[g["first"] > 0]["win_share"]
        rows.append({"players": players, "rounds (mean)": round(float(g["rounds"].mean()), 2),
                     "first player's win share": round(float(first.mean()), 3)
                     if len(first) else None,
                     "fair share": round(1.0 / float(players), 3)})
    return [Table("Game length and the first player", pd.DataFrame(rows),
                  "Rounds: how long a game lasts (the museum card is chosen by player "
                  "count); the first player's win share against an equal split.")]


REQUIRED = ("installations", "museum_dice", "vp_cards", "vp_museum", "recruits", "bumps",
            "bumped", "abandons", "rounds", "first")


def sections(df: pd.DataFrame, rules: dict) -> list[Section]:
    """The Cubist section (a note instead when the breakdown columns are missing)."""
    title = "Cubist: installations and artists"
    return sections_or_note(df, REQUIRED, "cubist", title, "The Cubist section", lambda: [
        Section("cubist", title,
                installations(df, rules) + artists(df) + length_and_first_player(df))])
