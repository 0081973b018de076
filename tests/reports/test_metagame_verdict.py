"""The meta-game's verdict (reports/studies/metagame.py: verdict) says what it means: how many
strategies carry weight, the spread of their weights, which are dominated out; a game where
most strategies are dominated out is never called balanced."""
from __future__ import annotations

import numpy as np

from reports.studies import metagame
from reports.studies.symmetric_game import SymmetricGame
from tests.reports.test_symmetric_game import rps_share, table

NAMES = ["a", "b", "c", "d", "e", "f"]


def strength_game(strength: list[float], players: int = 2) -> SymmetricGame:
    """Win share by fixed strengths (higher wins the pair; equal splits): no cycle."""
    def pay(s: int, others: np.ndarray) -> float:
        points = sum(n * (0.5 if strength[s] == strength[t] else float(strength[s] > strength[t]))
                     for t, n in enumerate(others))
        return points / (players - 1) / players * 2
    return SymmetricGame(NAMES[:len(strength)], players, table(len(strength), players, pay))


def test_four_of_six_dominated_out_is_a_partial_mix_with_the_numbers():
    game = strength_game([0, 0, 0, 0, 1, 1])
    mix = np.array([0, 0, 0, 0, 0.24, 0.76])
    regret_hi = np.array([-0.1, -0.2, -0.1, -0.1, 0.01, 0.004])
    v = metagame.verdict(game, mix, regret_hi)
    assert v.kind == "partial mix"
    assert v.headline == ("2 of 6 strategies carry the equilibrium (weights 0.24 to 0.76); "
                          "4 of 6 dominated out")
    assert "balanced" not in v.headline + v.explanation
    assert "(f 0.76, e 0.24)" in v.explanation
    assert "significantly worse than the mix): a, b, c, d." in v.explanation


def test_a_strategy_out_of_the_mix_but_within_noise_is_named_apart():
    game = strength_game([0, 1, 1])
    v = metagame.verdict(game, np.array([0.0, 0.5, 0.5]), np.array([0.02, 0.01, 0.01]))
    assert v.kind == "partial mix" and v.headline.endswith("none dominated out")
    assert "Out of the mix but not significantly worse than it: a." in v.explanation


def test_every_strategy_in_the_mix_is_a_full_mix_with_its_spread():
    game = strength_game([1, 1, 1])
    v = metagame.verdict(game, np.array([0.2, 0.3, 0.5]), np.array([0.01, 0.01, 0.01]))
    assert v.kind == "full mix"
    assert v.headline == ("all 3 strategies carry weight (weights 0.20 to 0.50); "
                          "none dominated out")


def test_one_strategy_with_95_percent_dominates():
    game = strength_game([0, 0, 1])
    v = metagame.verdict(game, np.array([0.02, 0.0, 0.98]), np.array([0.0, -0.3, 0.0]))
    assert v.kind == "dominant"
    assert v.headline == "c dominates (98% of the equilibrium); 1 of 3 dominated out"


def test_rock_paper_scissors_is_a_cycle_and_the_loser_is_dominated_out():
    game = SymmetricGame(NAMES[:4], 3, table(4, 3, rps_share(3, loser=True)))
    mix = np.array([1 / 3, 1 / 3, 1 / 3, 0.0])
    v = metagame.verdict(game, mix, np.array([0.01, 0.01, 0.01, -0.2]))
    assert v.kind == "cyclic"
    assert v.headline == "3 of 4 strategies beat each other in a cycle; 1 of 4 dominated out"
    assert "->" in v.explanation and "d." in v.explanation
