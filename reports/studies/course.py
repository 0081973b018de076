"""A game's course from its score curves: each seat's public score after every event of a
traced game (the curve the replay page draws), and from them the lead changes and how early
the winner is decided.

The public score is the game's own, its descriptor's score curve, which the trace brings
(`scores`): Cuba's and Santiago's VP, Siberia's money, Cubist's points as if the game ended now,
Jamaica's public points (space value, doubloons and the treasures shown so far); after the last
event, the final scores.

- lead changes: how often the sole leader changes (a tie for the lead keeps the last sole
  leader);
- decided at: the share of the game's events after which the eventual winner (rank 1) is
  always among the leaders; 0 when it leads from the start, 1 when only the final scoring
  puts it ahead.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from reports import stats

COLUMNS = ["matchup", "deal", "seating", "event", "seat", "strategy", "score", "start_player",
           "rank"]
GAME = ["matchup", "deal", "seating"]   # one traced game
State = dict[str, Any]


def empty() -> pd.DataFrame:
    return pd.DataFrame(columns=COLUMNS)


def start_player(state: State, event: dict[str, Any]) -> int:
    """The seat that moves first: the first state's start player (Jamaica's captain), else the
    first event's; -1 when unknown."""
    for where in (state, event):
        for key in ("start_player", "captain"):
            if isinstance(where.get(key), int):
                return int(where[key])
    return -1


def curve_rows(trace: Any, matchup: int, deal: int, seating: int) -> pd.DataFrame:
    """Long rows (COLUMNS) of one traced game (a reports.replay Trace with its score curve)."""
    values = np.array(trace.scores, float)
    events, seats = values.shape
    first = start_player(trace.states[0], trace.events[0]) if trace.states else -1
    return pd.DataFrame({
        "matchup": matchup, "deal": deal, "seating": seating,
        "event": np.repeat(np.arange(events), seats),
        "seat": np.tile(np.arange(seats), events),
        "strategy": np.tile(np.array(trace.header["strategies"][:seats], object), events),
        "score": values.ravel(), "start_player": first,
        "rank": np.tile(np.array(trace.final["ranks"][:seats]), events)}, columns=COLUMNS)


def lead_changes(scores: np.ndarray) -> int:
    """How often the sole leader of scores[event, seat] changes."""
    leader, changes = -1, 0
    for row in scores:
        top = np.flatnonzero(row == row.max())
        if top.size == 1:
            if leader >= 0 and top[0] != leader:
                changes += 1
            leader = int(top[0])
    return changes


def decided_at(scores: np.ndarray, winner: int) -> float:
    """The share of the events after which `winner` is always among the leaders."""
    leads = scores[:, winner] >= scores.max(axis=1)
    behind = np.flatnonzero(~leads)
    n = scores.shape[0]
    return 0.0 if behind.size == 0 else float((behind[-1] + 1) / max(1, n - 1))


def per_game(curves: pd.DataFrame) -> pd.DataFrame:
    """One row per traced game: events, lead changes, decided at, the winner's seat and
    the start player, and whether the start player won."""
    rows = []
    for (matchup, deal, seating), g in curves.groupby(GAME, sort=True):
        table = g.pivot(index="event", columns="seat", values="score").to_numpy(float)
        ranks = g.drop_duplicates("seat").set_index("seat")["rank"].sort_index().to_numpy()
        winners = np.flatnonzero(ranks == ranks.min())
        start = int(g["start_player"].iloc[0])
        rows.append({"matchup": matchup, "deal": deal, "seating": seating,
                     "events": table.shape[0],
                     "lead_changes": lead_changes(table),
                     "decided_at": min(decided_at(table, int(w)) for w in winners),
                     "winner_seat": int(winners[0]), "start_player": start,
                     "start_player_won": (1.0 / winners.size if start in winners else 0.0)
                     if start >= 0 else np.nan})
    return pd.DataFrame(rows)


def summary(games: pd.DataFrame) -> pd.DataFrame:
    """Mean and 95% t interval of each per-game measure (the deals as units: the seatings of
    one deal share its luck)."""
    rows = []
    for column, what in (("events", "events per game"),
                         ("lead_changes", "lead changes per game"),
                         ("decided_at", "share of the game after which the winner always "
                                        "leads")):
        values = games[column].to_numpy(float)
        mean, lo, hi = stats.mean_interval(values, games["deal"].to_numpy())
        top = 1.0 if column == "decided_at" else np.inf   # a share of the game
        rows.append({"measure": what, "mean": mean, "lo": max(lo, 0.0) if np.isfinite(lo)
                     else lo, "hi": min(hi, top) if np.isfinite(hi) else hi,
                     "games": int(values.size)})
    return pd.DataFrame(rows)
