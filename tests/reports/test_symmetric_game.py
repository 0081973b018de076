"""The meta-game solvers on games with known answers: rock-paper-scissors (1/3 each), a
dominated strategy (weight 0), a two-player zero-sum matrix against scipy's linprog value."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from scipy.optimize import linprog

from reports.studies import alpharank
from reports.studies.symmetric_game import SymmetricGame, multisets


def table(k: int, players: int, pay: Callable[[int, np.ndarray], float]) -> np.ndarray:
    """payoff[p, s] = pay(s, counts of the other seats) for every profile p with s in it."""
    profiles = multisets(k, players)
    out = np.full(profiles.shape, np.nan)
    for p, counts in enumerate(profiles):
        for s in np.flatnonzero(counts):
            others = counts.copy()
            others[s] -= 1
            out[p, s] = pay(s, others)
    return out


def rps_share(players: int, loser: bool = False) -> Callable[[int, np.ndarray], float]:
    """A constant-sum win share for rock-paper-scissors-like play among `players` seats: a seat
    earns a point from every co-player it beats and half from every tie; with `loser` a
    fourth strategy loses to everything."""
    def pay(s: int, others: np.ndarray) -> float:
        points = 0.0
        for t, n in enumerate(others):
            if s == 3 or t == 3:
                points += n * (0.5 if s == t else 1.0 if t == 3 else 0.0)
            else:
                points += n * (0.5 if s == t else 1.0 if (s - t) % 3 == 1 else 0.0)
        return points / (players - 1) / players * 2
    return pay


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rock_paper_scissors_mixes_a_third_each(players):
    game = SymmetricGame("RPS", players, table(3, players, rps_share(players)))
    sol = game.solve()
    assert sol.mix == pytest.approx([1 / 3] * 3, abs=1e-6)
    assert sol.epsilon < 1e-7
    assert alpharank.alpharank(game) == pytest.approx([1 / 3] * 3, abs=1e-6)
    # every strategy invades the one it beats: a cycle
    assert [game.invades(1, 0), game.invades(2, 1), game.invades(0, 2)] == [True] * 3
    assert not game.invades(0, 1)


@pytest.mark.parametrize("players", [2, 4])
def test_a_dominated_strategy_gets_no_weight(players):
    game = SymmetricGame("RPSD", players, table(4, players, rps_share(players, loser=True)))
    sol = game.solve()
    assert sol.mix[3] == pytest.approx(0, abs=1e-6)
    assert sol.mix[:3] == pytest.approx([1 / 3] * 3, abs=1e-5)
    assert sol.regrets[3] < -0.05
    assert alpharank.alpharank(game)[3] < 1e-6


def test_a_dominant_strategy_takes_everything():
    # strategy 0 beats both others, 1 beats 2
    beats = np.array([[0.5, 0.8, 0.9], [0.2, 0.5, 0.7], [0.1, 0.3, 0.5]])
    game = SymmetricGame("ABC", 2, table(3, 2, lambda s, o: float(beats[s] @ o)))
    sol = game.solve()
    assert sol.mix == pytest.approx([1, 0, 0], abs=1e-6)
    assert alpharank.alpharank(game)[0] > 0.99


def test_zero_sum_matrix_value_matches_linprog():
    """A 3x4 zero-sum matrix game M, symmetrised (a strategy is a row and a column: it plays
    both roles, u((i,j),(k,l)) = (M[i,l] - M[k,j]) / 2); the row marginal of the symmetric
    equilibrium guarantees the value, the column marginal holds the row player to it."""
    rng = np.random.default_rng(7)
    m = rng.uniform(-1, 1, (3, 4))
    pairs = [(i, j) for i in range(3) for j in range(4)]
    game = SymmetricGame([f"{i}{j}" for i, j in pairs], 2, table(
        len(pairs), 2, lambda s, o: float(sum(
            n * (m[pairs[s][0], pairs[t][1]] - m[pairs[t][0], pairs[s][1]]) / 2
            for t, n in enumerate(o)))))
    sol = game.solve()
    assert sol.epsilon < 1e-7
    p = np.zeros(3)
    q = np.zeros(4)
    for (i, j), w in zip(pairs, sol.mix):
        p[i] += w
        q[j] += w
    # linprog: max v s.t. p' M >= v, sum p = 1 (variables p, v; minimise -v)
    res = linprog(np.r_[np.zeros(3), -1], A_ub=np.c_[-m.T, np.ones(4)], b_ub=np.zeros(4),
                  A_eq=np.r_[np.ones(3), 0][None], b_eq=[1],
                  bounds=[(0, None)] * 3 + [(None, None)])
    value = -res.fun
    assert (p @ m).min() == pytest.approx(value, abs=1e-5)
    assert (m @ q).max() == pytest.approx(value, abs=1e-5)


def test_missing_payoff_is_refused():
    payoff = table(2, 2, lambda s, o: 0.5)
    payoff[1, 0] = np.nan
    with pytest.raises(ValueError, match="missing entry"):
        SymmetricGame("AB", 2, payoff)
