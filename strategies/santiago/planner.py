"""Planner kernel: the greedy evaluation searched through the player's own turn. Each option
is applied to a copy; the decisions it opens for the same player in the same turn (Pablo's
kind, Alonso, the pawn move, the building use) are searched up to `depth` plies in all, so a
drive is judged by the best Cuban action, building and use it leads to. A plan is a weighting
of the evaluation (configs/strategies/santiago.toml); its seeded `variety` lets the same plan
open differently in different deals."""
from core.jit import njit
from strategies.common.spec import Param
from strategies.common.variety import VARIETY
from strategies.santiago import evaluate

KERNEL = "planner"
DESCRIPTION = ("searches its own turn (drive, Cuban, building, use) up to `depth` plies and "
               "scores VP plus the plan's weighted assets")
PARAMS = evaluate.WEIGHTS + (Param("depth", "own decisions searched per choice, 1..3", low=1,
                                   high=3, integer=True), VARIETY)
DEPTH, NOISE = evaluate.NWEIGHTS, evaluate.NWEIGHTS + 1


@njit
def choose(params, s, t, opts, n, rng):
    """Index of the option with the best evaluation after the best own follow-ups."""
    return evaluate.look_ahead(params, s, t, opts, n, rng, max(1, min(3, int(params[DEPTH]))),
                               params[NOISE])
