"""Compiled (subprocess, JIT on): each game's named strategies beat `random` and play like their
plans.

Strength: each strategy of the game's Bar against `players - 1` random seats, in every seat
rotation of the same deals, invariant checker on: no engine error and a win share (ties split)
of at least the bar (a fair share is 1 / players). Identity, in the same games: the plan's own
record columns (PLAYS_LIKE). One compiled play loop serves every seat mix (one signature).
Cuba's plans are told apart on a round robin of their own: cuba/test_identity_strength.py.
"""
from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
import pytest

from tests.engines import run_compiled


class Bar(NamedTuple):
    players: int
    games: int                 # deals per rotation
    share: float               # least win share against random
    names: tuple[str, ...]     # the strategies measured
    first_seed: int


BARS = {
    "santiago": Bar(4, 75, 0.80, ("greedy", "refiner", "landlord", "banker"), 7_000),
    "siberia": Bar(3, 300, 0.80, ("staff_first", "resource_rush", "greedy"), 7_000),
    "jamaica": Bar(4, 150, 0.6, ("racer", "pirate", "merchant", "treasure_hunter", "greedy"),
                   9_000),
    "cubist": Bar(4, 60, 0.75, ("sculptor", "architect", "patron", "greedy"), 9_000),
}


def measure(game: str, bar: Bar) -> dict:
    """(Run in the subprocess.) Per strategy: games, engine errors and the mean of every record
    column over its own seat; the play loop's signature count."""
    import numba

    from core import games
    from strategies.common.bound import bound

    g = games.get(game)
    b = bound(g)
    tables = g.rules.load_tables()
    seeds = np.arange(bar.games, dtype=np.int64) + bar.first_seed
    out: dict = {"jit_disabled": int(numba.config.DISABLE_JIT), "strategies": {}}
    for name in bar.names:
        rows, errors = [], 0
        for rot in range(bar.players):
            seats = ["random"] * (bar.players - 1)
            seats.insert(rot, name)
            kernels, params = b.registry.resolve(seats)
            rec, err = b.loop.run_batch(tables, bar.players, seeds, kernels, params, check=True)
            errors += int(np.count_nonzero(err))
            rows.append(rec[:, rot])
        mean = np.concatenate(rows).mean(axis=0)
        out["strategies"][name] = {"games": len(seeds) * bar.players, "errors": errors,
                                   **dict(zip(g.record_columns, map(float, mean)))}
    out["signatures"] = len(getattr(b.loop.batch, "signatures", ()))
    return out


@functools.cache
def report(game: str) -> dict:
    """The game's measurement, once per test process (a game's compiled tests share one)."""
    return run_compiled("""
        import json, sys
        from tests.strategies.test_strength import BARS, measure
        print(json.dumps(measure(sys.argv[1], BARS[sys.argv[1]])))
    """, game)


def _siberia(r: dict) -> None:
    """staff_first ends with more persons (workers, salesmen, investors) than resource_rush;
    resource_rush takes a larger share of its printed resource money from gold and diamond."""
    def persons(s: dict) -> float:
        return s["cards_worker"] + s["cards_salesman"] + s["cards_investor"]

    def rich_share(s: dict) -> float:
        printed = sum(s["vp_" + k] for k in ("gas", "coal", "oil", "gold", "diamond"))
        return (s["vp_gold"] + s["vp_diamond"]) / printed

    staff, rush = r["staff_first"], r["resource_rush"]
    assert persons(staff) > persons(rush)
    assert rich_share(rush) > rich_share(staff)


def _jamaica(r: dict) -> None:
    """Among the plans, the pirate wins the most fights, the racer finishes its lap most
    often, the merchant ends with the most doubloons, the treasure hunter loots the most
    lairs."""
    plans = {k: v for k, v in r.items() if k != "greedy"}
    for column, leader in (("fights_won", "pirate"), ("laps", "racer"),
                           ("vp_doubloons", "merchant"), ("lairs", "treasure_hunter")):
        assert max(plans, key=lambda name: plans[name][column]) == leader, column


def _cubist(r: dict) -> None:
    """The sculptor completes installations in fewer rounds than the architect, whose cards
    are bigger (more points per installation) and who rolls more museum dice; the patron
    recruits and bumps more than either."""
    def per_card(s: dict) -> float:
        return s["vp_cards"] / max(s["installations"], 1e-9)

    sculptor, architect, patron = r["sculptor"], r["architect"], r["patron"]
    assert sculptor["rounds"] < architect["rounds"]
    assert per_card(architect) > per_card(sculptor)
    assert architect["museum_dice"] > sculptor["museum_dice"]
    for column in ("recruits", "bumps"):
        assert patron[column] > max(sculptor[column], architect[column]), column


PLAYS_LIKE = {"siberia": _siberia, "jamaica": _jamaica, "cubist": _cubist}


@pytest.mark.compiled
@pytest.mark.parametrize("game", sorted(BARS))
def test_compiled_and_one_signature_for_every_seat_mix(game: str) -> None:
    out = report(game)
    assert out["jit_disabled"] == 0 and out["signatures"] == 1


@pytest.mark.compiled
@pytest.mark.parametrize("game", sorted(BARS))
def test_every_named_strategy_beats_random(game: str) -> None:
    for name, res in report(game)["strategies"].items():
        assert res["errors"] == 0, (game, name)
        assert res["win_share"] >= BARS[game].share, (game, name, res["win_share"])


@pytest.mark.compiled
@pytest.mark.parametrize("game", sorted(PLAYS_LIKE))
def test_the_plans_play_like_their_names(game: str) -> None:
    PLAYS_LIKE[game](report(game)["strategies"])

