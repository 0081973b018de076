"""Plan kernel: one heuristic a Jamaica player would recognise, weighted by the preset. It
values every option from what the seat may see (values.py) and takes the best:

- dice (Captain): the order under which its own best card is worth most;
- card: the card whose morning and evening are worth most with the dice (progress, the finish,
  costs and shortages, lairs, ships met, loads less the hold they empty);
- route: the end worth most; hold: the one whose contents matter least;
- Ghost Ship direction (Captain): onto the other player, away from itself, else forward;
- target: the ship with the most visible wealth when `leader` > 0, else the one with the
  least gunpowder; bid: `bid` of its gunpowder as attacker, as defender what could still win;
- Saran's Sabre: its own die below 6 again, an opponent's star or 8+ again;
- spoils: the option worth most (values.spoil_value); pay: the smallest hold.
"""
import numpy as np

from core.jamaica import actions
from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.actions import MAX_OPTIONS, OT
from core.jamaica.state import DK, G, P
from core.jit import njit, stack_array
from strategies.common.argmax import NEG, better
from strategies.common.spec import Param
from strategies.jamaica import values
from strategies.jamaica.values import W

KERNEL = "plan"
DESCRIPTION = ("heuristic: values each card, route, load, fight and spoil by the plan's "
               "weights (progress, resources, lairs, fights) and takes the best")
PARAMS = (
    Param("move", "value of one space of progress toward Port Royal"),
    Param("finish", "value of finishing the lap (on top of the progress)"),
    Param("gold", "value of a doubloon kept in the holds (it also scores 1)"),
    Param("food", "value of a food token kept"),
    Param("powder", "value of a gunpowder token kept"),
    Param("shortage", "cost of each token missing at a space (JAM-R14 falls back)"),
    Param("lair", "value of ending on a lair with its treasure token"),
    Param("fight", "value of ending on a space with another ship (< 0 avoids fights)"),
    Param("bid", "share of its gunpowder an attacker bids (0..1); a defender bids this share "
                 "of what it needs"),
    Param("steal", "weight of a treasure card among the spoils (against a hold's contents)"),
    Param("leader", "> 0: attack the ship with the most visible wealth; else the weakest"),
)
assert tuple(p.name for p in PARAMS) == W.keys


@njit
def choose_dice(w, s, t, opts, n):
    """JAM-R6: keep or swap, whichever makes the Captain's best card worth more."""
    me = s[G.CUR]
    _, keep = values.best_card(w, s, t, me, s[G.DIE_M], s[G.DIE_E])
    _, swap = values.best_card(w, s, t, me, s[G.DIE_E], s[G.DIE_M])
    return 1 if swap > keep else 0


@njit
def choose_card(w, s, t, opts, n):
    """JAM-R7: the card worth most with the dice."""
    c, _ = values.best_card(w, s, t, s[G.CUR], s[G.DIE_M], s[G.DIE_E])
    for i in range(n):
        if actions.payload(opts[i]) == c:
            return i
    return 0


@njit
def choose_hold(w, s, t, opts, n):
    """JAM-R10: the hold whose contents matter least."""
    best = 0
    low = 1e18
    for i in range(n):
        v = values.dump_loss(w, s, t, s[G.LOAD_SHIP], actions.payload(opts[i]))
        if v < low:
            low = v
            best = i
    return best


@njit(inline="always")
def ghost_landing(s, end):
    """JAM-V1, to the Captain moving the Ghost Ship: what the route end `end` (an option code)
    is worth, 2 for each ship there but its own, -2 for its own."""
    me = s[G.CUR]
    y = actions.payload(end) & ((1 << actions.RACE_SHIFT) - 1)
    v = 0.0
    for q in range(s[G.NP]):
        if y != 0 and s[S.pbase(q) + P.POS] == y:
            v += -2.0 if q == me else 2.0
    return v


@njit
def ghost_end(s, opts, n):
    """JAM-V1, the Captain for the Ghost Ship: an end on the other player, not on itself."""
    best = 0
    top = NEG
    for i in range(n):
        top, best = better(ghost_landing(s, opts[i]), i, top, best)
    return best


@njit
def choose_ghost_dir(w, s, t, opts, n):
    """JAM-V1: the direction with an end on the other player, not on the Captain."""
    ghost = s[G.GHOST]
    ends = stack_array(MAX_OPTIONS, 0, np.int32)
    best = 0
    top = NEG
    for i in range(n):
        m = actions.route_ends(s, t, ghost, actions.payload(opts[i]) == C.FORWARD,
                               s[G.STEPS], False, ends)
        v = -0.5 * i + ghost_landing(s, ends[ghost_end(s, ends, m)])  # forward first on a tie
        top, best = better(v, i, top, best)
    return best


@njit
def choose_route(w, s, t, opts, n):
    """JAM-R11 / R14: the end worth most; for the Ghost Ship, ghost_end."""
    if S.is_ghost(s, s[G.MOVER]):
        return ghost_end(s, opts, n)
    return values.best_end(w, s, t, s[G.MOVER], opts, n)


@njit
def choose_target(w, s, t, opts, n):
    """JAM-R15: the richest ship, or the one with the least gunpowder; for the Ghost Ship,
    the other player."""
    best = 0
    top = NEG
    for i in range(n):
        q = actions.payload(opts[i])
        if S.is_ghost(s, s[G.MOVER]):
            v = -1.0 if q == s[G.CUR] else 1.0
        elif w[W.LEADER] > 0:
            v = values.wealth(s, t, q)
        else:
            v = -float(S.amount(s, q, C.POWDER))
        top, best = better(v, i, top, best)
    return best


@njit
def choose_bid(w, s, t, opts, n):
    """JAM-R16: a share of the gunpowder; a defender only what could still turn the fight."""
    me = s[G.CUR]
    if me == s[G.ATTACKER]:
        k = int(w[W.BID] * (n - 1) + 0.5)
    else:
        attack = s[G.ATK_FACE] + s[G.ATK_POWDER]
        if S.has_power(s, t, s[G.ATTACKER], C.BETH):
            attack += 2
        mine = 2 if S.has_power(s, t, me, C.BETH) else 0
        need = max(attack + 1 - mine - 6, 0)  # what beats the attack with an average roll
        k = int(w[W.BID] * min(need, n - 1) + 0.5)
    return min(max(k, 0), n - 1)


@njit
def choose_sabre(w, s, t, opts, n):
    """JAM-R20: roll its own weak die again, or an opponent's star or strong die."""
    attacker_die = s[G.STEP] == S.ST.AFTER_ATK
    ship = s[G.ATTACKER] if attacker_die else s[G.DEFENDER]
    face = s[G.ATK_FACE] if attacker_die else s[G.DEF_FACE]
    if ship == s[G.CUR]:
        return 1 if 0 <= face < 6 else 0
    return 1 if face < 0 or face >= 8 else 0


@njit
def choose_spoils(w, s, t, opts, n):
    """JAM-R19: the spoils worth most to the decider."""
    best = 0
    top = NEG
    for i in range(n):
        v = values.spoil_value(w, s, t, opts[i])
        top, best = better(v, i, top, best)
    return best


@njit
def choose_pay(w, s, t, opts, n):
    """JAM-Q4: the smallest hold pays first (frees a hold soonest)."""
    b = S.pbase(s[G.PAY_SHIP])
    best = 0
    for i in range(1, n):
        if s[b + P.HOLD_N + actions.payload(opts[i])] < \
                s[b + P.HOLD_N + actions.payload(opts[best])]:
            best = i
    return best


@njit
def decide(w, s, t, opts, n):
    """Index into opts[:n] under the weights row w (values.W)."""
    dk = s[G.DK]
    if dk == DK.CARD:
        return choose_card(w, s, t, opts, n)
    if dk == DK.ROUTE:
        return choose_route(w, s, t, opts, n)
    if dk == DK.HOLD:
        return choose_hold(w, s, t, opts, n)
    if dk == DK.DICE:
        return choose_dice(w, s, t, opts, n)
    if dk == DK.BID:
        return choose_bid(w, s, t, opts, n)
    if dk == DK.SPOILS:
        return choose_spoils(w, s, t, opts, n)
    if dk == DK.TARGET:
        return choose_target(w, s, t, opts, n)
    if dk == DK.SABRE:
        return choose_sabre(w, s, t, opts, n)
    if dk == DK.GHOST_DIR:
        return choose_ghost_dir(w, s, t, opts, n)
    return choose_pay(w, s, t, opts, n)


@njit
def choose(params, s, t, opts, n, rng):
    """Index into opts[:n] of the option the plan values most."""
    return decide(params, s, t, opts, n)
