"""Jamaica kernels play fair: at sampled decision points of random games, redrawing what the
deciding seat cannot see (core.jamaica.hidden.sample_hidden with another stream) never changes
a decision, and a decision leaves the state as it was (interpreted)."""
from __future__ import annotations

import numpy as np

from core.jamaica.game import GAME
from core.jamaica.hidden import sample_hidden
from core.jamaica.state import G
from strategies.common.bound import bound

STRATEGIES = bound(GAME)


def decision_points(n_players: int, seeds: range, every: int = 7):
    """(state, options) at every `every`-th decision of random games."""
    e = GAME.engine
    t = GAME.rules.flatten(GAME.rules.load_tables())
    tr = np.zeros((1, 6), np.int32)
    opts = np.zeros(e.max_options, np.int32)
    for seed in seeds:
        rng = np.random.default_rng(seed)
        s = e.new_game(t, n_players, seed)
        e.advance(s, t, tr)
        k = 0
        while s[e.phase_slot] != e.over_phase:
            n = e.legal(s, t, opts)
            if n > 1 and k % every == 0:
                yield s.copy(), opts[:n].copy(), t
            k += 1
            e.apply(s, t, opts[rng.integers(n)], tr)


def test_no_kernel_reads_the_hidden_part() -> None:
    checked = 0
    for n_players in (2, 4):
        for s, opts, t in decision_points(n_players, range(2)):
            me = int(s[G.CUR])
            other = s.copy()
            sample_hidden(other, t, me, np.array([12345], np.uint64))
            for name in ("racer", "pirate", "merchant", "treasure_hunter", "greedy"):
                kernels, params = STRATEGIES.registry.resolve([name])
                picks = []
                for state in (s, other):
                    before = state.copy()
                    picks.append(STRATEGIES.decide(kernels[0], params[0], state, t, opts,
                                                   len(opts), np.array([7], np.uint64)))
                    assert np.array_equal(before, state)
                assert picks[0] == picks[1], (name, n_players)
                checked += 1
    assert checked > 100
