"""Synthetic tournament results in the run-directory layout, with known strengths.

Each seat's score is its strategy's strength plus noise (plus a seat bonus); ranks and win
shares follow from the scores as in the engine (rank 1 = best, ties share a rank and split
the win). Rows carry the store's key columns and Cuba-like breakdown columns.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from reports.runs import config_hash, write_run

BUILDINGS = ("cement_factory", "saw_mill", "church")
BILLS = ("I-1", "III-2")


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    n = len(lineup)
    return [tuple(lineup[(seat - j) % n] for seat in range(n)) for j in range(n)]


def ranks_and_shares(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Competition ranks (1 = best) and win shares (ties split) of one game's scores."""
    ranks = np.array([1 + int(np.sum(scores > s)) for s in scores])
    winners = scores == scores.max()
    return ranks, winners / winners.sum()


def results(lineups: Sequence[Sequence[str]], deals: int, strength: dict[str, float],
            seat_bonus: float = 0.0, noise: float = 3.0, seed: int = 1,
            buildings: bool = True) -> pd.DataFrame:
    """Rows of every (matchup, deal, seating, seat) of the lineups, seatings = rotations."""
    rng = np.random.default_rng(seed)
    rows = []
    for m, lineup in enumerate(lineups):
        n = len(lineup)
        for deal in range(deals):
            luck = rng.normal(0, noise, n)  # the deal's luck, by seat: shared by seatings
            bill = rng.integers(0, 2, len(BILLS))
            for j, seating in enumerate(rotations(lineup)):
                own = rng.normal(0, noise, n)
                scores = np.round([strength[s] + luck[p] + own[p] + (seat_bonus if p == 0
                                                                     else 0)
                                   for p, s in enumerate(seating)])
                ranks, shares = ranks_and_shares(scores)
                for p, s in enumerate(seating):
                    row = {"run_id": "synthetic", "game": "cuba", "variant": "default",
                           "players": n, "matchup": m, "lineup": ",".join(lineup),
                           "deal": deal, "seed": 1000 * m + deal, "seating": j, "seat": p,
                           "strategy": s, "error": 0, "score": scores[p], "rank": ranks[p],
                           "win_share": shares[p], "money": int(rng.integers(0, 20)),
                           "buildings_built": int(rng.integers(0, 5)),
                           "bills_passed": int(rng.integers(0, 3)),
                           "parliament_wins": int(rng.integers(0, 3)),
                           "pieces_shipped": int(rng.integers(0, 12)),
                           "vp_ship": max(0.0, scores[p] * 0.4),
                           "vp_tax": max(0.0, scores[p] * 0.3),
                           "vp_use_church": max(0.0, scores[p] * 0.3)}
                    if buildings:
                        row |= {f"built_{b}": int(rng.integers(0, 2)) for b in BUILDINGS}
                        row |= {f"passed_{b}": int(bill[i] and p == j % n)
                                for i, b in enumerate(BILLS)}
                    rows.append(row)
    return pd.DataFrame(rows)


CONFIG = {"game": "cuba", "seed": 42, "variant": {}}
MANIFEST = {"run_id": "synthetic-1234abcd", "game": "cuba", "status": "complete",
            "config": CONFIG, "config_hash": config_hash(CONFIG), "rules_data_hash": "0123456789abcdef",
            "package_version": "0.1.0", "variant_id": "default"}


def write(run_dir: Path, frame: pd.DataFrame) -> Path:
    """Write `frame` as a run directory, cut by matchup into shards."""
    shards = {f"m{m:04d}": g for m, g in frame.groupby("matchup")}
    return write_run(run_dir, MANIFEST, shards)
