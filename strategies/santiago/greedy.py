"""Greedy kernel: one-ply look-ahead. Each legal option is applied to a copy of the state; when
it opens a sub-decision of the same player in the same turn (the building use after a pawn
move, Pablo's kind, ...) that one is searched one more ply, as Cuba's greedy does; the result
is scored with the weighted evaluation (evaluate.py) from the deciding player's point of view
and the best option is taken. Its `variety` defaults to 0 in the presets: greedy is the
deterministic baseline and the search's rollout policy."""
from core.jit import njit
from strategies.common.variety import VARIETY
from strategies.santiago import evaluate

KERNEL = "greedy"
DESCRIPTION = "one-ply look-ahead: applies each option to a copy and scores VP plus weighted assets"
PARAMS = evaluate.WEIGHTS + (VARIETY,)


@njit
def choose(params, s, t, opts, n, rng):
    """Index of the option with the best evaluation one ply ahead."""
    return evaluate.look_ahead(params, s, t, opts, n, rng, 2, params[evaluate.NWEIGHTS])
