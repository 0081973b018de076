"""α-Rank of a symmetric game (Omidshafiei et al., "α-Rank: Multi-Agent Evaluation by
Evolution", Scientific Reports 9, 9937, 2019), single-population form, written from the
paper's definitions.

States are monomorphic populations of m individuals, all playing one strategy σ. A mutant τ
appears (each other strategy with probability η = 1/(k-1)) and fixes with the Moran-process
probability

    ρ(σ→τ) = 1 / (1 + sum_{l=1}^{m-1} prod_{j=1}^{l} exp(-α (f_τ(j) - f_σ(j))))

where, with j mutants in the population, f_τ(j) and f_σ(j) are the expected payoffs of a mutant
and of a resident whose N-1 co-players are drawn without replacement from the other m-1
individuals. The ranking is the stationary distribution π of this Markov chain over the k
strategies (mass on the strategies that evolution keeps returning to); a larger α is a
stronger selection.
"""
from __future__ import annotations

import numpy as np
from scipy import special, stats

from reports.studies.symmetric_game import SymmetricGame

ALPHA, POPULATION = 100.0, 50


def draws(m: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """P(t mutants among the N-1 co-players | j mutants in the population), j = 1..m-1, for
    a mutant (j-1 other mutants in its pool of m-1) and for a resident (j in its pool)."""
    j = np.arange(1, m)[:, None]
    t = np.arange(n)[None, :]
    return stats.hypergeom.pmf(t, m - 1, j - 1, n - 1), stats.hypergeom.pmf(t, m - 1, j, n - 1)


def fitness(game: SymmetricGame, mutant: int, resident: int,
            pools: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """f_τ(j) - f_σ(j) for j = 1..m-1 mutants (pools from draws())."""
    k, n = len(game.strategies), game.players

    def payoff(t: int, who: int) -> float:
        counts = np.zeros(k, int)
        counts[mutant] += t
        counts[resident] += n - 1 - t
        counts[who] += 1
        return float(game.payoff[game.profile(counts), who])

    as_mutant = np.array([payoff(t, mutant) for t in range(n)])
    as_resident = np.array([payoff(t, resident) for t in range(n)])
    return pools[0] @ as_mutant - pools[1] @ as_resident


def fixation(diff: np.ndarray, alpha: float) -> float:
    """ρ from the fitness differences, in log space (any α)."""
    exponents = np.concatenate([[0.0], -alpha * np.cumsum(diff)])
    return float(np.exp(-special.logsumexp(exponents)))


def transitions(game: SymmetricGame, alpha: float = ALPHA, m: int = POPULATION) -> np.ndarray:
    """The k x k transition matrix of the chain."""
    if m < game.players:
        raise ValueError(f"population {m} is smaller than the {game.players} players")
    k = len(game.strategies)
    pools = draws(m, game.players)
    c = np.zeros((k, k))
    for s in range(k):
        for t in range(k):
            if s != t:
                c[s, t] = fixation(fitness(game, t, s, pools), alpha) / (k - 1)
        c[s, s] = 1 - c[s].sum()
    return c


def stationary(c: np.ndarray) -> np.ndarray:
    """π with π C = π, sum π = 1 (least squares on the stacked system)."""
    k = len(c)
    a = np.vstack([c.T - np.eye(k), np.ones(k)])
    b = np.zeros(k + 1)
    b[-1] = 1
    pi = np.linalg.lstsq(a, b, rcond=None)[0]
    pi = np.clip(pi, 0, None)
    return pi / pi.sum()


def alpharank(game: SymmetricGame, alpha: float = ALPHA, m: int = POPULATION) -> np.ndarray:
    """The stationary mass of every strategy."""
    return stationary(transitions(game, alpha, m))
