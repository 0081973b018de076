"""The plans' seeded variety (strategies.common.variety) in Santiago de Cuba and Siberia: on the
same deal a plan's opening differs between decision streams and is the same for the same stream;
greedy stays deterministic; whole games are the same for the same seed; variety 0 is the plain
argmax (interpreted). Cuba's plans: tests/strategies/cuba/test_variety.py."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest

from core import games as catalogue
from core.common.trace import no_trace
from strategies.common.bound import bound
from tests.named_options import dealt, flat_rules
from tests.santiago.helpers import at_drive

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
STREAMS = range(1, 9)


@dataclass(frozen=True)
class Deal:
    """One game's opening: its plans, the kernel holding `variety`, and the deal."""

    plans: tuple[str, ...]
    plan_kernel: str
    players: int
    decisions: int  # options chosen in an opening
    deal: Callable[[], tuple[np.ndarray, np.ndarray]]  # (state, rules vector) to start from


def _santiago_deal() -> tuple[np.ndarray, np.ndarray]:
    """The random layout, at the first drive of a deal whose opening drives hold near-equal
    options (plan_strength openings: how often)."""
    t = flat_rules("santiago")
    return at_drive(t, seed=2), t


DEALS = {
    # about the first round and a half: six drives and what they lead to
    "santiago": Deal(("refiner", "landlord", "banker"), "planner", 4, 24, _santiago_deal),
    # about the first ten turns of a 3-player game
    "siberia": Deal(("staff_first", "resource_rush"), "plan", 3, 30,
                    lambda: dealt("siberia", 3, seed=5)),
}
PLANS = [(game, name) for game, deal in DEALS.items() for name in deal.plans]


def opening(game: str, name: str, stream: int, variety: float | None = None) -> list[int]:
    """The first options of a game of `name` in every seat on the game's deal, every seat
    deciding from a stream seeded with `stream` (forced moves, as in play, ask no one)."""
    deal, strategies, e = DEALS[game], bound(catalogue.get(game)), catalogue.get(game).engine
    kernels, params = strategies.registry.resolve([name] * deal.players)
    if variety is not None:
        names = [p.name for p in strategies.registry.kernel_module(deal.plan_kernel).PARAMS]
        params[:, names.index("variety")] = variety
    s, t = deal.deal()
    rngs = np.full((deal.players, 1), stream, np.uint64)
    rngs[:, 0] += np.arange(deal.players, dtype=np.uint64)
    opts = np.zeros(e.max_options, np.int32)
    chosen = []
    while len(chosen) < deal.decisions and s[e.phase_slot] != e.over_phase:
        n = e.legal(s, t, opts)
        p = int(s[e.seat_slot])
        i = strategies.decide(kernels[p], params[p], s, t, opts, n, rngs[p]) if n > 1 else 0
        chosen.append(int(opts[i]))
        e.apply(s, t, opts[i], no_trace())
    return chosen


@pytest.mark.parametrize("game, name", PLANS)
def test_a_plans_opening_differs_between_streams_and_not_without_variety(game: str,
                                                                          name: str) -> None:
    assert len({tuple(opening(game, name, k)) for k in STREAMS}) >= 2
    assert opening(game, name, 1) == opening(game, name, 1)
    assert len({tuple(opening(game, name, k, variety=0.0)) for k in STREAMS[:3]}) == 1


@pytest.mark.parametrize("game", DEALS)
def test_greedy_is_deterministic_by_default(game: str) -> None:
    assert len({tuple(opening(game, "greedy", k)) for k in STREAMS[:3]}) == 1


@pytest.mark.parametrize("game", DEALS)
def test_same_seed_same_game_other_seed_other_game(game: str) -> None:
    descriptor, deal = catalogue.get(game), DEALS[game]
    strategies = bound(descriptor)
    kernels, params = strategies.registry.resolve([*deal.plans, "greedy"])
    tables = descriptor.rules.load_tables()
    a, b, c = (strategies.loop.play_game(tables, deal.players, seed, kernels, params, trace=True)
               for seed in (3, 3, 4))
    assert np.array_equal(a.records, b.records) and np.array_equal(a.trace, b.trace)
    assert not np.array_equal(a.records, c.records)
