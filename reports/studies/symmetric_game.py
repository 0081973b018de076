"""A symmetric N-player game given by its profile table, and its symmetric Nash equilibrium.

A profile is a multiset of N strategies, stored as a count vector (how many seats play each of
the k strategies). `payoff[p, s]` is the expected payoff of one seat playing s in profile p
(NaN where s is absent). Against a mix x (the other N-1 seats drawn independently from x), the
expected payoff of pure strategy s is

    u_s(x) = sum over multisets d of N-1 others: multinomial(N-1; d) prod_j x_j^d_j
             * payoff[d + e_s, s]

and its regret is u_s(x) - x.u(x). x is a symmetric Nash equilibrium when no regret is positive;
its epsilon is the largest regret.

Solver (scipy; no maintained light library solves symmetric N-player games: nashpy is 2-player,
pygambit and OpenSpiel are heavy): replicator dynamics in discrete time (exponential
weights, x_s <- x_s exp(eta (u_s - x.u))) from the uniform mix and from each pure strategy
slightly perturbed, then each end point polished by SLSQP minimising the Nash function
sum_s max(0, regret_s)^2, which is zero exactly at the equilibria. The first candidate (uniform
start first) whose epsilon is within TOL is returned, otherwise the one with the smallest
epsilon; the epsilon is always reported, so the answer is checked, not trusted.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize

TOL = 1e-7          # epsilon accepted as an exact equilibrium
STEPS, ETA = 3000, 2.0


def multisets(k: int, n: int) -> np.ndarray:
    """Count vectors of every multiset of n items from k kinds, in the order of
    itertools.combinations_with_replacement (first kinds first)."""
    rows = []
    for combo in itertools.combinations_with_replacement(range(k), n):
        rows.append(np.bincount(np.array(combo, int), minlength=k))
    return np.array(rows, int).reshape(-1, k)


def multinomial(counts: np.ndarray) -> np.ndarray:
    """Multinomial coefficient of each count vector (row)."""
    n = counts.sum(axis=1)
    logs = np.array([math.lgamma(t + 1) for t in n]) - np.vectorize(
        lambda c: math.lgamma(c + 1))(counts).sum(axis=1)
    return np.round(np.exp(logs))


@dataclass(frozen=True)
class Solution:
    """A symmetric equilibrium mix, the payoffs against it and its regrets."""

    mix: np.ndarray
    payoffs: np.ndarray     # u_s(mix)
    regrets: np.ndarray     # u_s(mix) - mix.u(mix)
    epsilon: float          # max regret (0 at an exact equilibrium)
    start: str              # which start found it


class SymmetricGame:
    """The profile table of a symmetric game of `players` seats over `strategies`."""

    def __init__(self, strategies: Sequence[str], players: int, payoff: np.ndarray) -> None:
        self.strategies = list(strategies)
        self.players = players
        k = len(self.strategies)
        self.profiles = multisets(k, players)
        payoff = np.asarray(payoff, float)
        if payoff.shape != self.profiles.shape:
            raise ValueError(f"payoff table of shape {payoff.shape}, expected "
                             f"{self.profiles.shape}")
        if not np.isfinite(payoff[self.profiles > 0]).all():
            raise ValueError("payoff table has a missing entry for a strategy in its profile")
        self.payoff = np.where(self.profiles > 0, payoff, np.nan)
        index = {tuple(c): i for i, c in enumerate(self.profiles)}
        self.others = multisets(k, players - 1)
        self.coef = multinomial(self.others)
        # own[s, m]: the payoff of s when the others are others[m]
        self.own = np.array([[self.payoff[index[tuple(d + np.eye(k, dtype=int)[s])], s]
                              for d in self.others] for s in range(k)])
        self.index = index

    def profile(self, counts: Sequence[int]) -> int:
        """Row of a count vector."""
        return self.index[tuple(counts)]

    def payoffs(self, x: np.ndarray) -> np.ndarray:
        """u_s(x) for every pure strategy s."""
        prob = self.coef * np.prod(np.power(x[None, :], self.others), axis=1)
        return self.own @ prob

    def regrets(self, x: np.ndarray) -> np.ndarray:
        """u_s(x) - x.u(x)."""
        u = self.payoffs(x)
        return u - x @ u

    def solution(self, x: np.ndarray, start: str = "given") -> Solution:
        u = self.payoffs(x)
        r = u - x @ u
        return Solution(x, u, r, float(max(r.max(), 0.0)), start)

    def replicator(self, x: np.ndarray, steps: int = STEPS, eta: float = ETA) -> np.ndarray:
        """Discrete-time replicator dynamics (exponential weights) from x: the end point."""
        for _ in range(steps):
            x = x * np.exp(eta * self.regrets(x))
            x /= x.sum()
        return x

    def polish(self, x: np.ndarray) -> np.ndarray:
        """SLSQP on the simplex minimising sum max(0, regret)^2 from x."""
        k = len(x)

        def nash(y: np.ndarray) -> float:
            y = np.clip(y, 0, None)
            y = y / y.sum()
            return float((np.clip(self.regrets(y), 0, None) ** 2).sum())

        res = optimize.minimize(nash, x, method="SLSQP", bounds=[(0, 1)] * k,
                                constraints=[{"type": "eq", "fun": lambda y: y.sum() - 1}],
                                options={"ftol": 1e-16, "maxiter": 500})
        y = np.clip(res.x, 0, None)
        return y / y.sum() if y.sum() > 0 else x

    def candidates(self, first: np.ndarray | None = None) -> list[tuple[str, np.ndarray]]:
        """Start points: `first` if given, the uniform mix, each pure strategy perturbed."""
        k = len(self.strategies)
        out = [("given", first)] if first is not None else []
        out.append(("uniform", np.full(k, 1 / k)))
        for s in range(k):
            x = np.full(k, 0.05 / k)
            x[s] += 0.95
            out.append((f"near {self.strategies[s]}", x))
        return out

    def solve(self, first: np.ndarray | None = None, steps: int = STEPS) -> Solution:
        """A symmetric Nash equilibrium (see the module docstring)."""
        best: Solution | None = None
        for name, x0 in self.candidates(first):
            for x in (x0, self.replicator(x0, steps)) if name == "given" else (
                    self.replicator(x0, steps),):
                sol = self.solution(self.polish(x), name)
                if sol.epsilon <= TOL:
                    return sol
                if best is None or sol.epsilon < best.epsilon:
                    best = sol
        assert best is not None
        return best

    def invades(self, mutant: int, resident: int) -> bool:
        """One `mutant` seat among N-1 `resident` seats scores above the residents' 1/N share
        of a constant-sum game, i.e. above what a resident scores in its own monomorphic
        profile."""
        k = len(self.strategies)
        counts = np.zeros(k, int)
        counts[resident] = self.players - 1
        counts[mutant] += 1
        alone = np.zeros(k, int)
        alone[resident] = self.players
        return bool(self.payoff[self.profile(counts), mutant]
                    > self.payoff[self.profile(alone), resident])
