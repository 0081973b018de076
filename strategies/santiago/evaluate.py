"""The weighted evaluation and the look-ahead every Santiago de Cuba search kernel shares.

`evaluate` scores a state from one player's point of view in VP: the VP held, less the owner VP
the rivals have earned (SDC-R11, paid in the open) per rival, plus weighted
assets read only from that player's own block and the public board (actions.py: hidden
information): goods (raw, refined, wood), pesos (full
weight up to a cap, less beyond), property markers placed (worth more the more ships are to
come). A good the ship on the board takes now is worth at least `deliverable` times the goods
value, while the player can still deliver to that ship. Near the end goods fade towards their
end-bonus value (misc.end_goods_per_vp) and pesos towards nothing.

A delivery round at the last flag ends with the ship's departure (full, SDC-R16, or on the
chequered flag, SDC-R18), so the evaluation counts that ship as gone already, and a player who
has passed out of the round (a final pass, SDC-R13, SDC-Q4) can no longer deliver to it: the
goods keep no premium for its demand. Otherwise a pass would look better than a delivery that
fills the ship, only because the pass leaves the departure, and the fading it brings, unseen.

A VP paid to one rival costs 1/(players - 1) VP against the average rival: a pawn does not
move onto a rival's building for a use worth less than that.

`look_ahead` applies an option to a copy of the state and scores the result; while the copy
waits for another decision of the same player in the same turn (Pablo's kind, Alonso, the pawn
move, the building use, their own delivery step: the in_turn kinds of state.DK) and `depth`
allows, it takes the best of those too. Decisions of other players, and new ships (their dice
are rolled from the state's stream), are never searched.
"""
import numpy as np

from core.common.trace import EVW
from core.jit import copy_into, njit, stack_array
from core.santiago import actions
from core.santiago import codes as C
from core.santiago import rules
from core.santiago import state as S
from core.santiago.actions import MAX_OPTIONS  # sizes stack_array must see as literals
from core.santiago.codes import M, SW, T
from core.santiago.state import DK, G, O, P, PH, STATE_SIZE
from strategies.common import variety
from strategies.common.spec import Param

WEIGHTS = (
    Param("raw", "value in VP of 1 sugar, citrus or tobacco held"),
    Param("refined", "value in VP of 1 rum or cigar held"),
    Param("wood", "value in VP of 1 wood held"),
    Param("deliverable", "share of the goods value a good the ship takes now is worth at "
                         "least (<= 1: delivering never loses; rewards matching the demand "
                         "and a high goods value)"),
    Param("money", "value in VP of 1 peso, up to money_cap pesos"),
    Param("money_cap", "pesos worth `money` each; pesos beyond it are worth money_over"),
    Param("money_over", "value in VP of 1 peso beyond money_cap"),
    Param("marker", "value in VP of a placed property marker per ship still to come"),
    Param("horizon", "ships to come below which goods fade linearly to their end-bonus value "
                     "and pesos to 0"),
)
W_RAW, W_REFINED, W_WOOD, W_DELIVERABLE, W_MONEY, W_CAP, W_OVER, W_MARKER, W_HORIZON = range(9)
NWEIGHTS = len(WEIGHTS)
IN_TURN = DK.mask("in_turn")  # the decision kinds look_ahead searches


@njit(inline="always")
def ship_leaving(s, t):
    """Whether the ship departs when the delivery round under way ends: at the last flag the
    round ends full (SDC-R16) or moves the marker onto the chequered flag (SDC-R18)."""
    return s[G.DK] == DK.DELIVER and s[G.VALUE] >= t[T.MISC + M.VALUE_MAX]


@njit(inline="always")
def passed_out(s, t, p):
    """Whether p has passed out of the delivery round under way (SDC-R13, SDC-Q4)."""
    return (s[G.DK] == DK.DELIVER and t[T.SWITCHES + SW.DELIVERY_PASS_FINAL] == 1
            and (s[G.DEL_PASSED] >> p) & 1 == 1)


@njit(inline="always")
def rivals_owner_vp(s, t, p):
    """Owner VP the other players have earned (SDC-R11), per rival."""
    paid = 0
    for q in range(s[G.NP]):
        if q != p:
            paid += s[S.pbase(q) + P.OWNER_VP]
    return paid * t[T.MISC + M.OWNER_VP] / max(1, s[G.NP] - 1)


@njit
def evaluate(params, s, t, p):
    """VP plus weighted assets of player p (see the module docstring)."""
    b = S.pbase(p)
    v = float(s[b + P.VP]) - rivals_owner_vp(s, t, p)
    if s[G.PHASE] == PH.OVER:
        return v
    leaving = ship_leaving(s, t)
    left = t[T.MISC + M.SHIPS] - s[G.SHIPS] - int(leaving)
    demand = not (leaving and passed_out(s, t, p))  # p can still deliver to this ship
    fade = min(1.0, left / max(params[W_HORIZON], 1e-9))
    floor = 1.0 / t[T.MISC + M.END_GOODS_PER_VP]
    for k in range(C.NDICE + 1):
        n = s[b + P.GOODS + k]
        if n == 0:
            continue
        w = params[W_RAW]
        if k == C.RU or k == C.CG:
            w = params[W_REFINED]
        elif k == C.WD:
            w = params[W_WOOD]
        w = floor + (w - floor) * fade
        v += n * w
        if demand and k < C.NDICE and s[O.DICE + k] > 0:
            now = s[G.VALUE] * params[W_DELIVERABLE]  # what the ship takes: its share of the value
            if now > w:
                v += min(n, s[O.DICE + k]) * (now - w)
    money = s[b + P.MONEY]
    cap = params[W_CAP]
    v += (min(money, cap) * params[W_MONEY] + max(0.0, money - cap) * params[W_OVER]) * fade
    placed = t[T.MISC + M.MARKERS] - s[b + P.MARKERS]
    v += placed * params[W_MARKER] * left
    return v


@njit(inline="always")
def continues(s, p):
    """Whether the state waits for another decision of p within p's own turn."""
    return (s[G.PHASE] != PH.OVER and s[G.CUR] == p and s[G.ACTIVE] == p
            and ((IN_TURN >> s[G.DK]) & 1) == 1)


@njit
def best_after(params, s, t, p, depth, tr):
    """The best evaluation p reaches from s searching p's own decisions `depth` deep (no
    recursion: numba compiles each level as a loop)."""
    if depth <= 0 or not continues(s, p):
        return evaluate(params, s, t, p)
    # scratch on the stack (see core.jit)
    opts = stack_array(MAX_OPTIONS, 0, np.int32)
    opts2 = stack_array(MAX_OPTIONS, 0, np.int32)
    s1 = stack_array(STATE_SIZE, 0, np.int32)
    s2 = stack_array(STATE_SIZE, 0, np.int32)
    n = actions.legal(s, t, opts)
    best = -1e18
    for i in range(n):
        copy_into(s1, s)
        rules.apply(s1, t, opts[i], tr)
        if depth >= 2 and continues(s1, p):
            n2 = actions.legal(s1, t, opts2)
            for j in range(n2):
                copy_into(s2, s1)
                rules.apply(s2, t, opts2[j], tr)
                best = max(best, evaluate(params, s2, t, p))
        else:
            best = max(best, evaluate(params, s1, t, p))
    return best


@njit
def look_ahead(params, s, t, opts, n, rng, depth, scale):
    """Index of the option whose result scores best for the deciding player, searching
    `depth` - 1 more of their own decisions (at most 2 more); ties go to the first. A drive's
    scores carry the seeded noise of scale `scale` (strategies.common.variety): the variety is
    in what a turn goes for, while what it leads to, and every reply in other players' turns,
    stays the best. (Many of those options score exactly alike, and the first of them was the
    better far more often than chance: noise of 0.03 VP on every decision halved a plan's win
    share.)"""
    p = s[G.CUR]
    if s[G.DK] != DK.DRIVE:
        scale = 0.0
    tr = stack_array(1, EVW, np.int32)  # a one-row trace buffer records nothing
    s1 = stack_array(STATE_SIZE, 0, np.int32)
    best = -1e18
    pick = 0
    for i in range(n):
        copy_into(s1, s)
        rules.apply(s1, t, opts[i], tr)
        v = best_after(params, s1, t, p, depth - 1, tr) + variety.noise(rng, scale)
        if v > best + 1e-9:
            best = v
            pick = i
    return pick
