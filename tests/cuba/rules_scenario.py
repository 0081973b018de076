"""Constructed-scenario helpers for the Cuba rules tests (tests/cuba/test_rules_*.py).

Every helper that moves pieces keeps them conserved (stock <-> lot/market), so
`check_state(s, t) == 0` holds after any setup built from them.
"""
from __future__ import annotations

import numpy as np

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.check import check_state
from tests.cuba.helpers import choose, flat_tables, options, started_game
from tests.cuba.scenario import (  # noqa: F401 (names the rules tests import from here)
    building as bld, load as ship_vec, lot, market, money, payloads, pile, statute, stock, vec, vp,
    vp_from as vpsrc,
)

T = flat_tables()  # default rules data (every switch at its reference default)


# --- reading the state ---------------------------------------------------------------------

def b_(p: int) -> int:
    return S.pbase(p)


def cur(s: np.ndarray) -> int:
    return int(s[S.G.CUR])


def dk(s: np.ndarray) -> str:
    return S.DK.keys[s[S.G.DK]]


def stored(s: np.ndarray, p: int, k: int) -> int:
    return int(s[b_(p) + S.P.STORED + k - C.CI])


def lots(s: np.ndarray, p: int) -> list[int]:
    return [lot(s, p, k) for k in range(C.NKINDS)]


def tags(s: np.ndarray, t: np.ndarray) -> set[int]:
    return {A.tag_of(o) for o in options(s, t)}


def assert_ok(s: np.ndarray, t: np.ndarray = T) -> None:
    assert check_state(s, t) == 0


# --- building a scenario -------------------------------------------------------------------

def scenario(t: np.ndarray = T, n_players: int = 4, seed: int = 1) -> np.ndarray:
    """A started game at the first character choice with every player's pieces returned to
    the stock (money $10 each)."""
    s = started_game(t, n_players, seed)
    for p in range(n_players):
        empty(s, p)
    return s


def seated(t: np.ndarray = T) -> tuple[np.ndarray, int]:
    """A scenario (above) and its current player."""
    s = scenario(t)
    return s, cur(s)


def empty(s: np.ndarray, p: int) -> None:
    """Return all of player p's pieces (lot and stored) to the stock."""
    b = b_(p)
    for k in range(C.NKINDS):
        s[S.O.STOCK + k] += s[b + S.P.LOT + k]
        s[b + S.P.LOT + k] = 0
    for r in range(3):
        s[S.O.STOCK + C.CI + r] += s[b + S.P.STORED + r]
        s[b + S.P.STORED + r] = 0


def give(s: np.ndarray, p: int, k: int, n: int = 1, store: bool = False) -> None:
    """Move n pieces of kind k from the stock to p's lot (or stored products)."""
    assert s[S.O.STOCK + k] >= n, "not enough in the stock for this scenario"
    s[S.O.STOCK + k] -= n
    if store:
        s[b_(p) + S.P.STORED + k - C.CI] += n
    else:
        s[b_(p) + S.P.LOT + k] += n


def give_lot(s: np.ndarray, p: int, **counts: int) -> None:
    """give() by kind short names (codes.KIND_SHORT): give_lot(s, p, Ci=3, Su=1)."""
    for name, n in counts.items():
        give(s, p, C.KIND_SHORT.index(name), n)


def drain(s: np.ndarray, k: int, leave: int = 0, sink: int | None = None) -> None:
    """Empty the stock of kind k down to `leave` pieces into the lot of player `sink`
    (default: the last player)."""
    if sink is None:
        sink = int(s[S.G.NP]) - 1
    give(s, sink, k, stock(s, k) - leave)


def set_money(s: np.ndarray, p: int, m: int) -> None:
    s[b_(p) + S.P.MONEY] = m


def put(s: np.ndarray, p: int, kind: int, field: int) -> None:
    """Place building `kind` on field `field` of p's plantation (no cost)."""
    s[b_(p) + S.P.FIELD + field] = kind


def set_pawn(s: np.ndarray, p: int, field: int) -> None:
    s[b_(p) + S.P.PAWN] = field


def set_market(s: np.ndarray, k: int, n: int) -> None:
    """Put exactly n pieces in market row k, to or from the stock."""
    d = n - market(s, k)
    assert stock(s, k) >= d
    s[S.O.MARKET + k - C.CI] = n
    s[S.O.STOCK + k] -= d


def set_act(s: np.ndarray, ty: int, card_id: str | None) -> None:
    s[S.O.ACTS + ty] = -1 if card_id is None else statute(card_id)


def place_ship(s: np.ndarray, pos: int, ship: int) -> None:
    """Put ship card `ship` (empty cargo) at harbour position pos, swapping with its place."""
    old = int(s[S.O.SHIP + pos])
    if old == ship:
        return
    for q in range(C.NPOS):
        if s[S.O.SHIP + q] == ship:
            s[S.O.SHIP + q] = old
            break
    else:
        n = int(s[S.G.PILE_N])
        pile = [int(x) for x in s[S.O.PILE:S.O.PILE + n]]
        i = pile.index(ship)
        if old >= 0:
            pile[i] = old
        else:
            del pile[i]
        s[S.O.PILE:S.O.PILE + C.NSHIPS] = -1
        s[S.O.PILE:S.O.PILE + len(pile)] = pile
        s[S.G.PILE_N] = len(pile)
    s[S.O.SHIP + pos] = ship


# --- driving decisions ---------------------------------------------------------------------

def play(s: np.ndarray, t: np.ndarray, c: int) -> None:
    """The current player plays character c."""
    choose(s, t, A.OT.CARD, c)


def resolve_nothing(s: np.ndarray, t: np.ndarray) -> None:
    """Finish the pending character decision chain with no effect."""
    while s[S.G.DK] in (S.DK.WORKER_POSITION, S.DK.WORKER_FIELDS, S.DK.TRADE_MODE,
                        S.DK.TRADE_STEP, S.DK.ARCHITECT, S.DK.FOREMAN_MODE, S.DK.MAYOR):
        d = s[S.G.DK]
        p = cur(s)
        if d == S.DK.WORKER_POSITION:
            choose(s, t, A.OT.POSITION, int(s[b_(p) + S.P.PAWN]))
        elif d == S.DK.WORKER_FIELDS:
            choose(s, t, A.OT.FIELDS, 0)
        elif d == S.DK.TRADE_MODE:
            choose(s, t, A.OT.MARKET)
        elif d == S.DK.TRADE_STEP:
            choose(s, t, A.OT.DONE)
        else:
            choose(s, t, A.OT.PASS)
        if cur(s) != p:
            return


def play_nothing(s: np.ndarray, t: np.ndarray, c: int) -> None:
    """The current player plays character c and does nothing with it."""
    play(s, t, c)
    resolve_nothing(s, t)


def foreman_one(s: np.ndarray, t: np.ndarray, field: int, use: int | None = None) -> None:
    """The current player plays the foreman on the one building at `field`; `use` is the
    DK_BUILDING_USE payload when that building needs a choice."""
    play(s, t, C.FOREMAN)
    choose(s, t, A.OT.ONE_BUILDING, field)
    if use is not None:
        assert s[S.G.DK] == S.DK.BUILDING_USE
        choose(s, t, A.OT.USE, use)


def fill_cargo(s: np.ndarray, t: np.ndarray, pos: int, spot: int) -> None:
    """Cover cargo spot `spot` of the ship at `pos` with a piece from the stock."""
    k = int(t[C.T.SHIP_SPOTS + C.SHIP_SPOTS * s[S.O.SHIP + pos] + spot])
    assert s[S.O.CARGO + pos * C.SHIP_SPOTS + spot] == 0 and stock(s, k) > 0
    s[S.O.STOCK + k] -= 1
    s[S.O.CARGO + pos * C.SHIP_SPOTS + spot] = 1


def mask(*fields: int) -> int:
    """Bit mask of plantation fields."""
    m = 0
    for f in fields:
        m |= 1 << f
    return m


def subsets(fields: list[int], most: int) -> list[int]:
    """Masks of every subset of `fields` with at most `most` elements, sorted."""
    out = []
    for sub in range(1 << len(fields)):
        chosen = [f for i, f in enumerate(fields) if (sub >> i) & 1]
        if len(chosen) <= most:
            out.append(mask(*chosen))
    return sorted(out)
