"""What the Siberia kernels know and value, from public information only (actions.py lists
the hidden slots; nothing here reads them, nor another player's hand).

Money is in the rules data's money unit. The *hire outlook* `frac` in [0, 1] says how much of
a hire's future use is still to come: 1 at the start, falling linearly to 0 when the share of
resource cards discovered reaches a kernel's `hire_until`, and 0 in the final turns.

A kernel's weights reach these functions as a weights row (indexed by W), so the plan and
the greedy kernel value the same things with their own parameter vectors.

A card in hand is worth `card` only while the turns to come can still spend it (`spendable`):
near the end a hand larger than that is worth no more than the part that can be spent, and in
the final turns nothing (a card left scores nothing, SIB-R17).
"""
import numpy as np

from core.common.layout import enum
from core.jit import njit, stack_array
from core.siberia import actions
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.actions import OT
from core.siberia.codes import M, NSYM, T  # NSYM by name: stack_array wants a literal
from core.siberia.state import G, O, P

# the weights every valuation reads (a kernel fills a float64[NW] row from its parameters)
W = enum("W", (
    "MINE",           # weight of the money a mining action takes
    "RICH",           # extra weight of the valuable kinds: x (salesman value / highest - 1/2)
    "WORKER",         # money a worker below the target is worth per unit of outlook
    "WORKER_TARGET",  # workers wanted
    "SALESMAN",       # weight of a salesman's expected future upgrades
    "INVESTOR",       # weight of an investor's expected future savings (in cards)
    "HIRE_UNTIL",     # share of the game discovered at which the outlook reaches 0
    "CARD",           # money one action card in hand is worth
    "MIN_MINE",       # smallest mined money worth a turn while a draw is possible
))
NW = len(W)


@njit
def progress(s, t):
    """Share of the resource cards discovered so far (past the face-up start), 0..1."""
    hidden = s[G.RDECK_N] - t[T.MISC + M.FACE_UP_START]
    if hidden <= 0:
        return 1.0
    return 1.0 - (S.deck_left(s) + S.face_down(s, t)) / hidden


@njit
def outlook(s, t, hire_until):
    """The hire outlook frac (see the module docstring)."""
    if s[G.FINAL_LEFT] >= 0 or hire_until <= 0.0:
        return 0.0
    return max(0.0, 1.0 - progress(s, t) / hire_until)


@njit
def unclaimed(s, t, k):
    """Resource cards of kind k nobody has taken (in the row or the deck; a public count)."""
    n = t[T.RES_COUNT + k]
    for p in range(s[G.NP]):
        n -= s[S.pbase(p) + P.RES_N + k]
    return n


@njit
def mean_value(t, k):
    """Mean printed value of the resource cards of kind k."""
    total = 0
    n = 0
    for i in range(t.shape[0] - T.RES_KIND):
        kind = t[T.RES_KIND + i]
        if kind < 0:
            break
        if kind == k:
            total += t[T.RES_VALUE + i]
            n += 1
    return total / max(n, 1)


@njit
def richness(t, k):
    """Salesman value of kind k over the highest resource salesman value, minus 1/2."""
    top = 1
    for r in range(C.NRES):
        top = max(top, t[T.SALESMAN_VALUE + r])
    return t[T.SALESMAN_VALUE + k] / top - 0.5


@njit
def take_value(s, t, b, k, m):
    """Money the player at block b gets from mining the first m face-up cards of kind k."""
    if s[b + P.SALESMEN + k] > 0:
        return float(min(m, s[O.FACE_UP + k]) * t[T.SALESMAN_VALUE + k])
    return float(S.face_up_value(s, t, k, m))


@njit(inline="always")
def person_card(s, t, b, x):
    """Money one person card of kind x is worth to the player at block b now."""
    if s[b + P.SALESMEN + x] > 0:
        return t[T.SALESMAN_VALUE + x]
    return t[T.MISC + M.PERSON_VALUE]


@njit
def salesman_gain(s, t, b, c):
    """Money hiring the salesman of category c adds now: its own card and the upgrade of every
    card of category c held (a salesman-salesman also lifts the new card itself)."""
    n = S.held(s, b, c)
    base = s[b + P.RES_V + c] if c < C.NRES else n * t[T.MISC + M.PERSON_VALUE]
    own = t[T.SALESMAN_VALUE + C.SALESMAN] if c == C.SALESMAN else person_card(s, t, b, C.SALESMAN)
    return float(own + n * t[T.SALESMAN_VALUE + c] - base)


@njit
def salesman_future(w, s, t, b, c, frac):
    """Expected money a salesman of category c will still add (cards of c yet to come)."""
    if c < C.NRES:
        share = unclaimed(s, t, c) / s[G.NP]
        return w[W.SALESMAN] * frac * share * max(0.0, t[T.SALESMAN_VALUE + c] - mean_value(t, c))
    return w[W.SALESMAN] * frac * max(0.0, t[T.SALESMAN_VALUE + c] - t[T.MISC + M.PERSON_VALUE])


@njit
def investor_future(w, s, t, b, k, frac):
    """Expected money an investor of kind k will still save (a card per mining of k)."""
    return w[W.INVESTOR] * frac * w[W.CARD] * unclaimed(s, t, k) / s[G.NP]


@njit
def worker_future(w, s, t, b, workers, frac):
    """Money one more worker is worth for the mining to come (none past the target)."""
    return w[W.WORKER] * frac if workers < w[W.WORKER_TARGET] else 0.0


@njit
def cheapest(s, t, b, x):
    """Fewest cards an X-combination of the player at block b costs (SIB-R8/R9)."""
    all_x, any_form, need_x = actions.payment_sizes(s, t, b, x)
    nx = S.symbol_cards(s, b, x)
    best = all_x if nx >= all_x else 99
    if any_form >= 0 and s[b + P.HAND_N] >= any_form and (nx >= 1 or not need_x):
        best = min(best, any_form)
    return max(best, 0)


@njit
def spendable(s, t):
    """Cards the deciding player can still spend after this turn: per own turn a combination
    of at most COMBO_ANY + 1 cards less the card drawn after it (SIB-R6, R8), over about one
    own turn per `players` discoveries still to come (one a turn, SIB-R5) and the final turn
    (SIB-R16). None in the final turns."""
    if s[G.FINAL_LEFT] >= 0:
        return 0.0
    per_turn = t[T.MISC + M.COMBO_ANY] + 1 - t[T.MISC + M.PLAY_DRAW]
    turns = (S.deck_left(s) + S.face_down(s, t)) / s[G.NP] + 1.0
    return per_turn * turns


@njit
def hand_change(w, s, t, b, delta):
    """Worth of `delta` more cards in the hand of the player at block b (fewer when < 0):
    `card` each, up to the cards the turns to come can spend."""
    cap = spendable(s, t)
    h = s[b + P.HAND_N]
    return w[W.CARD] * (min(h + delta, cap) - min(h, cap))


@njit
def hand_share(s, t, cards):
    """Share of a hand of `cards` cards the turns to come can spend (0..1)."""
    return min(1.0, spendable(s, t) / max(cards, 1))


@njit
def action_value(w, s, t, b, o, frac):
    """Value of main option o for the player at block b: the money it brings now, what it
    promises for later, the cards it costs and draws (hand_change)."""
    kind = actions.tag(o)
    x = actions.payload(o)
    if kind == OT.DRAW:
        return hand_change(w, s, t, b, actions.draw_count(s, t, b, t[T.MISC + M.DRAW_CARDS]))
    if kind == OT.SKIP:
        return 0.0
    if kind == OT.MINE:
        k = x >> actions.MINE_SHIFT
        gain = take_value(s, t, b, k, x & actions.MINE_MASK)
        value = w[W.MINE] * (1.0 + w[W.RICH] * richness(t, k)) * gain
        sym = k
    elif kind == OT.HIRE_WORKER:
        value = person_card(s, t, b, C.WORKER) + worker_future(w, s, t, b, s[b + P.WORKERS],
                                                             frac)
        sym = C.WORKER
    elif kind == OT.HIRE_SALESMAN:
        value = salesman_gain(s, t, b, x) + salesman_future(w, s, t, b, x, frac)
        sym = C.SALESMAN
    else:
        value = person_card(s, t, b, C.INVESTOR) + investor_future(w, s, t, b, x, frac)
        sym = C.INVESTOR
    return value + hand_change(w, s, t, b, t[T.MISC + M.PLAY_DRAW] - cheapest(s, t, b, sym))


@njit
def symbol_interest(w, s, t, b, frac, out):
    """out[x]: how much the player at block b wants cards showing symbol x: the best value of
    an action of that symbol now (face-up cards to mine, persons to hire), at least 0."""
    for x in range(C.NSYM):
        out[x] = 0.0
    for k in range(C.NRES):
        out[k] = take_value(s, t, b, k, s[b + P.WORKERS]) * w[W.MINE] * \
            (1.0 + w[W.RICH] * richness(t, k))
    out[C.WORKER] = person_card(s, t, b, C.WORKER) + worker_future(w, s, t, b, s[b + P.WORKERS],
                                                               frac)
    best = 0.0
    for c in range(C.NSYM):
        best = max(best, salesman_gain(s, t, b, c) + salesman_future(w, s, t, b, c, frac))
    out[C.SALESMAN] = best
    best = 0.0
    for k in range(C.NRES):
        best = max(best, investor_future(w, s, t, b, k, frac))
    out[C.INVESTOR] = person_card(s, t, b, C.INVESTOR) + best


@njit
def payment_cost(w, s, t, b, o, interest):
    """What paying the cards of pay option o gives up: per card its base worth plus a tenth
    of the interest in each of its two symbols, less for a second copy of a type."""
    cards = actions.payload(o)
    cost = 0.0
    while cards:
        ty = (cards & actions.CARD_MASK) - 1
        cost += w[W.CARD] + 0.1 * (interest[ty // C.NPERSON] + interest[C.WORKER + ty % C.NPERSON])
        cards >>= actions.CARD_BITS
    return cost


@njit
def hand_worth(w, s, t, b, interest):
    """Worth of the cards in hand, as payment_cost values them."""
    total = 0.0
    for ty in range(C.NTYPES):
        n = s[b + P.HAND + ty]
        if n:
            total += n * (w[W.CARD] + 0.1 * (interest[ty // C.NPERSON]
                                              + interest[C.WORKER + ty % C.NPERSON]))
    return total


@njit
def potential(w, s, t, b, frac):
    """Money the holdings of the player at block b still promise: workers up to the target,
    the salesmen's and investors' future."""
    value = 0.0
    workers = s[b + P.WORKERS]
    for i in range(1, workers):
        value += worker_future(w, s, t, b, i, frac)
    for c in range(C.NSYM):
        if s[b + P.SALESMEN + c] > 0:
            value += salesman_future(w, s, t, b, c, frac)
    for k in range(C.NRES):
        if s[b + P.INVESTORS + k] > 0:
            value += investor_future(w, s, t, b, k, frac)
    return value


def weights(values: dict[str, float]) -> np.ndarray:
    """A weights row from named values (W keys)."""
    return np.array([float(values[n]) for n in W.keys])


# --- decisions both the plan and the greedy kernel take the same way -------------------------

DISCOVER_CHOICES = ("always", "when_leading")


@njit
def leading(s, t, me):
    """Whether player `me` has at least as much money as every other player."""
    mine = S.money(s, t, me)
    for q in range(s[G.NP]):
        if q != me and S.money(s, t, q) > mine:
            return False
    return True


@njit
def discover_choice(s, t, opts, n, mode):
    """SIB-R5: the first face-down card offered (positions are blind); an optional discovery
    (option 0 declines) is taken always, or (mode 1) only while leading: turning the last
    card brings the end nearer."""
    first = 1 if actions.tag(opts[0]) == OT.NO_DISCOVERY else 0
    if first == 1 and mode == 1 and not leading(s, t, s[G.CUR]):
        return 0
    return min(first, n - 1)


@njit
def cheapest_payment(w, s, t, b, opts, n, interest):
    """Index of the pay option that gives up the least (payment_cost). The symbol being paid
    for counts no interest: its action is being taken now."""
    x = s[G.SYMBOL]
    keep = interest[x]
    interest[x] = 0.0
    best = 0
    low = 1e18
    for i in range(n):
        cost = payment_cost(w, s, t, b, opts[i], interest)
        if cost < low:
            low = cost
            best = i
    interest[x] = keep
    return best


@njit(inline="always")
def pay_choice(w, s, t, opts, n):
    """SIB-R8/R9: the payment that gives up the least (cheapest_payment), valued with the
    deciding player's interest in each symbol under the weights w."""
    b = S.pbase(s[G.CUR])
    frac = outlook(s, t, w[W.HIRE_UNTIL])
    interest = stack_array(NSYM, 0, np.float64)  # scratch on the stack (see core.jit)
    symbol_interest(w, s, t, b, frac, interest)
    return cheapest_payment(w, s, t, b, opts, n, interest)
