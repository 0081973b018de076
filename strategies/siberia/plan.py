"""Plan kernel: a heuristic that scores every legal option with a plan's weights (values.py)
and takes the best. Presets are plans: when hires stop paying (hire_until), how much a worker,
a salesman's future upgrades and an investor's savings are worth, how much the valuable
kinds are preferred when mining, what a card in hand is worth.

- discovery: the first face-down card; an optional one always or only while leading;
- main: the action of the highest value (money now, what it promises, cards it costs and
  draws) against drawing; mining less than `min_mine` is left while a draw is possible;
- pay: the multiset of cards that gives up the least (cards of the symbols wanted kept).

The main choice's values carry the seeded noise of scale `variety` (strategies.common.variety):
a plan's openings differ between deals.
"""
from core.jit import njit
from core.siberia import actions
from core.siberia import state as S
from core.siberia.actions import OT
from core.siberia.state import DK, G
from strategies.common.argmax import better
from strategies.common import variety
from strategies.common.spec import Param
from strategies.common.variety import VARIETY
from strategies.siberia import values
from strategies.siberia.values import NW, W

KERNEL = "plan"
DESCRIPTION = ("heuristic: scores each option with the plan's weights (money now, hires' "
               "future, cards spent and drawn) and takes the best")
PARAMS = (
    Param("mine", "weight of the money a mining action takes"),
    Param("rich", "extra weight of the valuable kinds when mining: x (the kind's salesman "
                  "value / the highest - 1/2)"),
    Param("worker", "money (in thousands) a worker below the target is worth at the start; "
                    "falls with the hire outlook"),
    Param("worker_target", "workers wanted; more are worth only their card"),
    Param("salesman", "weight of a salesman's expected future upgrades (cards of its "
                      "category still to come, shared among the players)"),
    Param("investor", "weight of an investor's expected savings: a card per mining of its "
                      "kind still to come"),
    Param("hire_until", "share of the resource cards discovered at which hires stop "
                        "counting their future (0..1)"),
    Param("card", "money (in thousands) one action card in hand is worth"),
    Param("min_mine", "smallest mined money (thousands) worth a turn while a draw is possible"),
    Param("discover", "optional discoveries: always, or only while leading (brings the end "
                      "nearer)", values.DISCOVER_CHOICES),
    VARIETY,
)
DISCOVER, NOISE = NW, NW + 1
assert tuple(p.name for p in PARAMS) == W.keys + ("discover", "variety")  # a W row, then these


@njit(inline="always")
def main_choice(params, s, t, opts, n, rng):
    """SIB-R6: the action the plan values most (plus the seeded noise) against drawing; mining
    less than min_mine is left while a draw is possible."""
    b = S.pbase(s[G.CUR])
    frac = values.outlook(s, t, params[W.HIRE_UNTIL])
    can_draw = actions.tag(opts[0]) == OT.DRAW
    best = 0
    noise = params[NOISE]
    top = values.action_value(params, s, t, b, opts[0], frac) + variety.noise(rng, noise)
    for i in range(1, n):
        o = opts[i]
        if actions.tag(o) == OT.MINE and can_draw:
            x = actions.payload(o)
            k, m = x >> actions.MINE_SHIFT, x & actions.MINE_MASK
            if values.take_value(s, t, b, k, m) < params[W.MIN_MINE]:
                continue
        v = values.action_value(params, s, t, b, o, frac) + variety.noise(rng, noise)
        top, best = better(v, i, top, best)
    return best


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n] of the option the plan values most (its parameters up to DISCOVER
    are a values.W weights row)."""
    dk = s[G.DK]
    if dk == DK.DISCOVER:
        return values.discover_choice(s, t, opts, n, int(params[DISCOVER]))
    if dk == DK.PAY:
        return values.pay_choice(params, s, t, opts, n)
    return main_choice(params, s, t, opts, n, rng)
