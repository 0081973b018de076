"""Legal decisions of Jamaica and their integer encoding.

The decision model
------------------
Play stops whenever someone has to choose: the pending kind is `state[G.DK]` (state.DK), the
chooser `state[G.CUR]`. `legal(s, t, opts)` lists the options and returns how many; the loop
takes a choice with a single option without asking. Per round:

- dice (JAM-R6): the Captain keeps or swaps the rolled dice (morning, evening);
- card (JAM-R7): each seat from the Captain lays one card of its hand face down (secret);
- during resolution (JAM-R8): the hold a load goes into (JAM-R10, only when it matters), the
  end of a move at a fork or of a shortage fallback at a merge (JAM-R11, R14), the ship to
  fight when several share the space (JAM-R15), the gunpowder bid (JAM-R16), Saran's Sabre
  (JAM-R20), the spoils (JAM-R19), the hold paying next (JAM-Q4 player_choice);
- with the Ghost Ship (JAM-V1): its direction when it neither leads nor trails, chosen by the
  Captain, who also picks its route and target; its spoils are chosen by the other player.

Hidden information: the other seats' hands (P.HAND) and face-down cards (P.CHOSEN), every deck
order (P.DECK), the treasure pile (O.TPILE), which face-down treasures the other ships hold
(O.TOWNER of a card lying face down, O.TFACE, that the seat does not know, O.TSEEN: S.sees_card;
the Ghost Ship's lair cards are unseen by everyone, JAM-V1.3), the cards out of the game, and
the stream (G.RNG). A kernel must not read them; core/jamaica/hidden.py redraws them.

Option encoding: `tag << TAG_SHIFT | payload` (tags OT).
"""
from core.common.layout import enum
from core.common.options import codec, either
from core.jamaica import codes as C
from core.jamaica import routes
from core.jamaica import state as S
from core.jamaica.codes import SW, T
from core.jamaica.state import DK, G, O, P
from core.jit import njit

MAX_OPTIONS = 64
OT = enum("OT", ("KEEP", "SWAP", "CARD", "HOLD", "END", "DIRECTION", "SHIP", "POWDER",
                 "REROLL", "TAKE_HOLD", "TAKE_CARD", "BLIND", "GIVE", "PASS", "PAY"))
TAG_SHIFT = 8
RACE_SHIFT = routes.RACE_SHIFT  # a route end: space | race << RACE_SHIFT


option, tag, payload = codec("jamaica", TAG_SHIFT)  # tag: an OT


@njit(inline="always")
def controller(s, ship):
    """The seat deciding for a ship: itself, or the Captain for the Ghost Ship (JAM-V1)."""
    return s[G.CAPTAIN] if S.is_ghost(s, ship) else ship


# --- the track (JAM-R11, R14, R21; core/jamaica/routes.py) -----------------------------------

@njit(_nrt=False)
def route_ends(s, t, ship, forward, steps, fallback, opts):
    """Write the distinct ends (OT.END: space | race << RACE_SHIFT) of a move of `steps` in a
    direction (JAM-R11), or of a shortage fallback: backward to the first space whose full
    cost the ship can pay (JAM-R14); one per branch at forks and merges. Returns how many.
    A die move's ends come from the rules vector's table (routes.py), anything else from a
    search."""
    b = S.pbase(ship)
    pos = s[b + P.POS]
    race = s[b + P.RACE]
    can_finish = not S.is_ghost(s, ship)
    code = option(OT.END, 0)
    if not fallback and 1 <= steps <= C.DIE_MAX:
        at = T.ROUTES + routes.entry(pos, race, steps, forward, can_finish)
        n = t[at]
        if n >= 0:
            for i in range(routes.MAX_ENDS):  # all copied, the first n count
                opts[i] = code | t[at + 1 + i]
            return n
    gold = S.amount(s, ship, C.GOLD) if fallback else 0
    food = S.amount(s, ship, C.FOOD) if fallback else 0
    return routes.search(t, T.NEXT if forward else T.PREV, T.SPACE_KIND, T.SPACE_COST, pos,
                         race, steps, forward, can_finish, fallback, gold, food, code, opts)


# --- holds (JAM-R10, JAM-Q4, JAM-Q7) ---------------------------------------------------------

@njit(_nrt=False)
def load_holds(s, t, ship, kind, opts):
    """The holds a load of `kind` may go into: the first empty hold (the 6th only when no other
    is empty under sixth_hold_last; else both are offered), or when none is empty each hold of
    another kind (to be emptied first); 0 when every hold holds `kind` (the load is lost).
    (Loops of fixed length without exits: the holds' contents are a coin toss to a branch
    predictor.)"""
    b = S.pbase(ship)
    sixth = S.holds_open(s, t, ship) > C.SIXTH
    first = -1
    for h in range(C.SIXTH - 1, -1, -1):  # the last written is the first empty
        first = h if s[b + P.HOLD_KIND + h] == C.EMPTY else first
    sixth_empty = sixth and s[b + P.HOLD_KIND + C.SIXTH] == C.EMPTY
    if first >= 0:
        opts[0] = option(OT.HOLD, first)
        if sixth_empty and t[T.SWITCHES + SW.SIXTH_HOLD_LAST] == 0 and not S.is_ghost(s, ship):
            opts[1] = option(OT.HOLD, C.SIXTH)
            return 2
        return 1
    if sixth_empty:
        opts[0] = option(OT.HOLD, C.SIXTH)
        return 1
    n = 0
    for h in range(C.SIXTH):  # holds alike (kind and tokens) are one option: the first
        k = s[b + P.HOLD_KIND + h]
        m = s[b + P.HOLD_N + h]
        alike = False
        for g in range(h):
            alike |= (s[b + P.HOLD_KIND + g] == k) & (s[b + P.HOLD_N + g] == m)
        opts[n] = option(OT.HOLD, h)
        n += (k != kind) & (not alike)
    if sixth:  # never alike a hold of the first five
        opts[n] = option(OT.HOLD, C.SIXTH)
        n += s[b + P.HOLD_KIND + C.SIXTH] != kind
    return min(n, 1) if S.is_ghost(s, ship) else n  # the ghost: the first only


@njit(_nrt=False)
def pay_holds(s, t, ship, kind, opts):
    """The holds of `kind` that may pay next, one per distinct (tokens, 6th or not)."""
    b = S.pbase(ship)
    n = 0
    for h in range(C.NHOLDS):
        if s[b + P.HOLD_KIND + h] != kind:
            continue
        same = False
        for i in range(n):
            g = payload(opts[i])
            same |= s[b + P.HOLD_N + g] == s[b + P.HOLD_N + h] and (g == C.SIXTH) == (h == C.SIXTH)
        if not same:
            opts[n] = option(OT.PAY, h)
            n += 1
    return n


@njit(inline="always")
def smallest_hold(s, ship, kind):
    """The hold of `kind` with the fewest tokens (JAM-Q4 smallest_first), -1 none."""
    b = S.pbase(ship)
    best = -1
    least = 1 << 30
    for h in range(C.NHOLDS):  # selects, not branches: the first of the fewest
        n = s[b + P.HOLD_N + h]
        better = (s[b + P.HOLD_KIND + h] == kind) & (n < least)
        best = h if better else best
        least = n if better else least
    return best


# --- combat (JAM-R15..R20) -------------------------------------------------------------------

@njit(inline="always")
def stealable(s, t, c, loser):
    """Whether card c may be taken from the loser (never the ghost's Lady Beth, JAM-V1)."""
    return s[O.TOWNER + c] == loser and not (
        S.is_ghost(s, loser) and t[T.TREASURE_KIND + c] == C.POWER
        and t[T.TREASURE_VALUE + c] == C.BETH)


@njit(inline="always")
def spoils_decider(s, winner, loser):
    """Who chooses the spoils: the winner, or for the Ghost Ship the player it did not fight."""
    if S.is_ghost(s, winner):
        return 1 - loser
    return winner


@njit(_nrt=False)
def spoils_options(s, t, opts):
    """JAM-R19: take one hold's contents, take one treasure card (face-up cards by name,
    face-down ones, the Ghost Ship's lair cards too (JAM-V1.3), blind: one option that draws
    one of them at random; by name under blind_steal = look, JAM-Q5), give one cursed card
    (the most negative, or any under give_cursed = player_choice; never by the ghost), or
    nothing (JAM-Q1; also when nothing else is possible)."""
    w, l = s[G.WINNER], s[G.LOSER]
    bl = S.pbase(l)
    n = 0
    for h in range(C.NHOLDS):
        if s[bl + P.HOLD_KIND + h] != C.EMPTY:
            opts[n] = option(OT.TAKE_HOLD, h)
            n += 1
    look = t[T.SWITCHES + SW.BLIND_STEAL] == 1
    blind = False
    for c in range(C.NTREASURES):
        if stealable(s, t, c, l):
            if S.face_down(s, c) and not look:
                blind = True
            else:
                opts[n] = option(OT.TAKE_CARD, c)
                n += 1
    if blind:
        opts[n] = option(OT.BLIND, 0)
        n += 1
    if not S.is_ghost(s, w):
        worst = -1
        for c in range(C.NTREASURES):
            if s[O.TOWNER + c] == w and t[T.TREASURE_KIND + c] == C.CURSED:
                if t[T.SWITCHES + SW.GIVE_CURSED] == 1:
                    opts[n] = option(OT.GIVE, c)
                    n += 1
                elif worst < 0 or t[T.TREASURE_VALUE + c] < t[T.TREASURE_VALUE + worst]:
                    worst = c
        if worst >= 0:
            opts[n] = option(OT.GIVE, worst)
            n += 1
    if n == 0 or t[T.SWITCHES + SW.WINNER_MAY_PASS] == 1:
        opts[n] = option(OT.PASS, 0)
        n += 1
    return n


# --- the legal options per kind ---------------------------------------------------------------

@njit(inline="always")
def dice_options(s, t, opts):
    """JAM-R6: keep the dice as rolled, or swap morning and evening."""
    return either(opts, option(OT.KEEP, 0), option(OT.SWAP, 0))


@njit(inline="always")
def card_options(s, t, opts):
    """JAM-R7: each card in hand."""
    hand = s[S.pbase(s[G.CUR]) + P.HAND]
    n = 0
    for c in range(C.NCARDS):  # written always, kept when in hand: no branch to mispredict
        opts[n] = option(OT.CARD, c)
        n += (hand >> c) & 1
    return n


@njit(inline="always")
def hold_options(s, t, opts):
    """JAM-R10: the holds the pending load may go into."""
    return load_holds(s, t, s[G.LOAD_SHIP], s[G.LOAD_KIND], opts)


@njit(inline="always")
def route_options(s, t, opts):
    """JAM-R11 / R14: the ends of the pending move or fallback."""
    return route_ends(s, t, s[G.MOVER], s[G.DIR] == C.FORWARD, s[G.STEPS],
                      s[G.ROUTE_MODE] == 1, opts)


@njit(inline="always")
def ghost_dir_options(s, t, opts):
    """JAM-V1: forward or backward."""
    return either(opts, option(OT.DIRECTION, C.FORWARD), option(OT.DIRECTION, C.BACKWARD))


@njit(inline="always")
def target_options(s, t, opts):
    """JAM-R15: every other ship on the space."""
    mover = s[G.MOVER]
    x = s[S.pbase(mover) + P.POS]
    n = 0
    for q in range(s[G.NSHIPS]):
        if q != mover and s[S.pbase(q) + P.POS] == x:
            opts[n] = option(OT.SHIP, q)
            n += 1
    return n


@njit(inline="always")
def bid_options(s, t, opts):
    """JAM-R16: 0 .. all the gunpowder in the holds."""
    total = S.amount(s, s[G.CUR], C.POWDER)
    n = min(total + 1, MAX_OPTIONS)
    for i in range(n):
        opts[i] = option(OT.POWDER, i)
    return n


@njit(inline="always")
def sabre_options(s, t, opts):
    """JAM-R20: keep the die, or roll it again."""
    return either(opts, option(OT.KEEP, 0), option(OT.REROLL, 0))


@njit(inline="always")
def pay_options(s, t, opts):
    """JAM-Q4 player_choice: the hold that pays the next part."""
    return pay_holds(s, t, s[G.PAY_SHIP], s[G.PAY_KIND], opts)


@njit(inline="always")
def legal(s, t, opts):
    """Write the legal options of the pending decision into opts; return their number."""
    dk = s[G.DK]
    if dk == DK.CARD:
        return card_options(s, t, opts)
    if dk == DK.DICE:
        return dice_options(s, t, opts)
    if dk == DK.ROUTE:
        return route_options(s, t, opts)
    if dk == DK.HOLD:
        return hold_options(s, t, opts)
    if dk == DK.BID:
        return bid_options(s, t, opts)
    if dk == DK.SPOILS:
        return spoils_options(s, t, opts)
    if dk == DK.TARGET:
        return target_options(s, t, opts)
    if dk == DK.SABRE:
        return sabre_options(s, t, opts)
    if dk == DK.GHOST_DIR:
        return ghost_dir_options(s, t, opts)
    if dk == DK.PAY:
        return pay_options(s, t, opts)
    return 0
