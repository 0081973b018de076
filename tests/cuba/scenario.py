"""Building blocks for constructed Cuba scenarios (rules tests CUBA-R27..R50, open questions).

Every setter moves pieces between the stock and their new place, so the invariant checker
(`check_state`) keeps holding: tests set a situation, drive one decision or rule step, and
assert exact effects plus `check_state(s, t) == 0`.
"""
from __future__ import annotations

import numpy as np

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.check import check_state
from core.cuba.rules import advance, no_trace
from tests.cuba.helpers import choose, decode, options, started_game

NO_TRACE = no_trace()


def building(key: str) -> int:
    """Building kind index of a codes.BUILDING_KEYS name."""
    return C.BUILDING_KEYS.index(key)


def statute(card_id: str) -> int:
    """Statute row of a card id such as 'I-6' or 'IV-5' (rules §6.3)."""
    roman, n = card_id.split("-")
    return ("I", "II", "III", "IV").index(roman) * C.PILE_CARDS + int(n) - 1


def vec(**counts: int) -> int:
    """Packed piece vector from kind short names: vec(Ci=2, Ru=1)."""
    v = 0
    for name, n in counts.items():
        v |= n << (3 * C.KIND_SHORT.index(name))
    return v


def load(dock: int, **counts: int) -> int:
    """Payload of a ship load: dock and packed pieces."""
    return (dock << A.DOCK_SHIFT) | vec(**counts)


def kind(name: str) -> int:
    return C.KIND_SHORT.index(name)


# ------------------------------------------------------------------ a fresh scenario


def fresh(t: np.ndarray, n_players: int = 4, seed: int = 1, start: int = 0) -> np.ndarray:
    """A round-1 game at the first character choice with empty lots and `start` as start
    player (phase B, nobody has played yet)."""
    s = started_game(t, n_players, seed)
    for p in range(n_players):
        for k in range(C.NKINDS):
            set_lot(s, p, k, 0)
    s[S.G.START] = start
    s[S.G.OLD_START] = start
    s[S.G.BEST4_PLAYER] = start
    s[S.G.CUR] = start
    return s


def ok(s: np.ndarray, t: np.ndarray) -> None:
    """The invariant checker finds nothing."""
    assert check_state(s, t) == 0


# ------------------------------------------------------------------ pieces, money, market


def pb(p: int) -> int:
    return S.pbase(p)


def set_lot(s: np.ndarray, p: int, k: int | str, n: int) -> None:
    """Player p holds n unstored pieces of kind k; the difference comes from / goes to the stock."""
    k = kind(k) if isinstance(k, str) else k
    d = n - s[pb(p) + S.P.LOT + k]
    assert s[S.O.STOCK + k] >= d, "stock too small for the scenario"
    s[S.O.STOCK + k] -= d
    s[pb(p) + S.P.LOT + k] = n


def set_stored(s: np.ndarray, p: int, k: int | str, n: int) -> None:
    """Player p has n stored pieces of product k (CUBA-R26)."""
    k = kind(k) if isinstance(k, str) else k
    slot = pb(p) + S.P.STORED + k - C.CI
    d = n - s[slot]
    assert s[S.O.STOCK + k] >= d
    s[S.O.STOCK + k] -= d
    s[slot] = n


def lot(s: np.ndarray, p: int, k: int | str) -> int:
    k = kind(k) if isinstance(k, str) else k
    return int(s[pb(p) + S.P.LOT + k])


def stock(s: np.ndarray, k: int | str) -> int:
    k = kind(k) if isinstance(k, str) else k
    return int(s[S.O.STOCK + k])


def set_money(s: np.ndarray, p: int, amount: int) -> None:
    """Player p has `amount`; under money_limited the bank pays or takes the difference."""
    s[S.G.BANK] -= amount - s[pb(p) + S.P.MONEY]
    s[pb(p) + S.P.MONEY] = amount


def money(s: np.ndarray, p: int) -> int:
    return int(s[pb(p) + S.P.MONEY])


def vp(s: np.ndarray, p: int) -> int:
    return int(s[pb(p) + S.P.VP])


def vp_from(s: np.ndarray, p: int, src: int) -> int:
    return int(s[pb(p) + S.P.VPSRC + src])


def set_market(s: np.ndarray, k: int | str, n: int) -> None:
    """Market row of merchandise kind k holds n pieces (left-aligned, CUBA-R28)."""
    k = kind(k) if isinstance(k, str) else k
    d = n - s[S.O.MARKET + k - C.CI]
    assert s[S.O.STOCK + k] >= d
    s[S.O.STOCK + k] -= d
    s[S.O.MARKET + k - C.CI] = n


def market(s: np.ndarray, k: int | str) -> int:
    k = kind(k) if isinstance(k, str) else k
    return int(s[S.O.MARKET + k - C.CI])


def empty_stock(s: np.ndarray, k: int | str, keep: int = 0) -> None:
    """Park the stock of kind k (all but `keep`) in the lot of the last player."""
    k = kind(k) if isinstance(k, str) else k
    last = s[S.G.NP] - 1
    set_lot(s, last, k, lot(s, last, k) + stock(s, k) - keep)


# ------------------------------------------------------------------ plantation


def place(s: np.ndarray, p: int, field: int, key: str) -> None:
    """Building `key` stands on field `field` of player p (no cost paid)."""
    s[pb(p) + S.P.FIELD + field] = building(key)


def field_of(s: np.ndarray, p: int, key: str) -> int:
    k = building(key)
    for f in range(C.NFIELDS):
        if s[pb(p) + S.P.FIELD + f] == k:
            return f
    raise AssertionError(f"player {p} has no {key}")


# ------------------------------------------------------------------ harbour


def pile(s: np.ndarray) -> list[int]:
    return [int(x) for x in s[S.O.PILE:S.O.PILE + s[S.G.PILE_N]]]


def ships(s: np.ndarray) -> list[int]:
    """Ship cards at (sea, dock 1, dock 2, dock 3); -1 empty."""
    return [int(x) for x in s[S.O.SHIP:S.O.SHIP + C.NPOS]]


def cargo(s: np.ndarray, pos: int) -> list[int]:
    base = S.O.CARGO + pos * C.SHIP_SPOTS
    return [int(x) for x in s[base:base + C.SHIP_SPOTS]]


def set_ships(s: np.ndarray, t: np.ndarray, sea: int, d1: int, d2: int, d3: int) -> None:
    """Put these ship cards (-1 none) at sea and docks 1-3, empty; the pile holds the rest in
    ascending order."""
    for pos in range(C.NPOS):
        set_cargo(s, t, pos, [0] * C.SHIP_SPOTS)
    placed = (sea, d1, d2, d3)
    for pos, ship in enumerate(placed):
        s[S.O.SHIP + pos] = ship
    rest = [i for i in range(C.NSHIPS) if i not in placed]
    s[S.O.PILE:S.O.PILE + C.NSHIPS] = rest + [-1] * (C.NSHIPS - len(rest))
    s[S.G.PILE_N] = len(rest)


def spot_kinds(t: np.ndarray, ship: int) -> list[int]:
    first = C.T.SHIP_SPOTS + C.SHIP_SPOTS * ship
    return [int(x) for x in t[first:first + C.SHIP_SPOTS]]


def set_cargo(s: np.ndarray, t: np.ndarray, pos: int, filled: list[int]) -> None:
    """Cover exactly the cargo spots marked 1 in `filled`; pieces come from / go to the stock."""
    ship = s[S.O.SHIP + pos]
    for i, want in enumerate(filled):
        slot = S.O.CARGO + pos * C.SHIP_SPOTS + i
        if s[slot] != want:
            k = spot_kinds(t, ship)[i]
            s[S.O.STOCK + k] += s[slot] - want
            s[slot] = want


# ------------------------------------------------------------------ statutes


def set_act(s: np.ndarray, card_id: str, passed: int = 0) -> None:
    """Put statute `card_id` in force on its capitol space, as passed in round `passed`."""
    row = statute(card_id)
    ty = row // C.PILE_CARDS
    s[S.O.ACTS + ty] = row
    s[S.O.ACT_ROUND + ty] = passed


def set_bills(s: np.ndarray, *card_ids: str | None) -> None:
    """This round's bills, one per type I..IV (None = no bill of that type)."""
    for ty, cid in enumerate(card_ids):
        s[S.O.BILLS + ty] = -1 if cid is None else statute(cid)


def bills(s: np.ndarray) -> list[int]:
    return [int(x) for x in s[S.O.BILLS:S.O.BILLS + 4]]


def acts(s: np.ndarray) -> list[int]:
    return [int(x) for x in s[S.O.ACTS:S.O.ACTS + 4]]


# ------------------------------------------------------------------ driving phases


def play(s: np.ndarray, t: np.ndarray, character: int) -> int:
    """The current player plays a character card; returns that player."""
    p = int(s[S.G.CUR])
    choose(s, t, A.OT.CARD, character)
    return p


def payloads(s: np.ndarray, t: np.ndarray, tag: int) -> list[int]:
    """Payloads of the legal options with this tag."""
    return [decode(o)[1] for o in options(s, t) if A.tag_of(o) == tag]


def to_parliament(s: np.ndarray, t: np.ndarray, fifth: list[int], new_start: int | None = None,
                  town_hall: dict[int, int] | None = None) -> None:
    """End phase B: everyone has played 4 cards and keeps `fifth[p]`; `new_start` is the player
    whose 4th card was highest (CUBA-R24). Runs on to the first parliament decision."""
    n = int(s[S.G.NP])
    for p in range(n):
        b = pb(p)
        s[b + S.P.HAND:b + S.P.HAND + C.NCHARS] = 0
        s[b + S.P.HAND + fifth[p]] = 1
        s[b + S.P.NPLAYED] = 4
        if town_hall is not None:
            s[b + S.P.TOWN_HALL] = town_hall.get(p, 0)
    s[S.G.TURN] = 4 * n
    s[S.G.BEST4_PLAYER] = s[S.G.START] if new_start is None else new_start
    s[S.G.PHASE] = S.PH.ACTIONS
    s[S.G.DK] = S.DK.NONE
    advance(s, t, NO_TRACE)


def bid(s: np.ndarray, t: np.ndarray, amounts: dict[int, int]) -> list[int]:
    """Answer every pending bid decision with amounts[player] (default 0); returns the bidders
    in the order they were asked."""
    asked = []
    while s[S.G.DK] == S.DK.BID:
        p = int(s[S.G.CUR])
        if p in asked:  # the re-bid starts: leave it to the caller
            break
        asked.append(p)
        choose(s, t, A.OT.BID, amounts.get(p, 0))
    return asked


def to_statutes(s: np.ndarray, t: np.ndarray) -> None:
    """Start phase D now (no bills pending) and run on to its first decision."""
    s[S.O.BILLS:S.O.BILLS + 4] = -1
    s[S.G.PHASE] = S.PH.STATUTES
    s[S.G.STEP] = 0
    s[S.G.DK] = S.DK.NONE
    advance(s, t, NO_TRACE)


def run_statutes(s: np.ndarray, t: np.ndarray, tax: tuple[int, ...] = (),
                 duty: dict[int, int] | None = None) -> list[tuple[str, int, int]]:
    """Answer the statute decisions: players in `tax` pay the tax, duty[p] is p's duty payment
    (a packed vector); everyone else passes. Returns the questions asked in order, as
    ("tax", player, amount asked) and ("duty", player, 0)."""
    asked = []
    while s[S.G.PHASE] == S.PH.STATUTES and s[S.G.DK] in (S.DK.TAX, S.DK.DUTY):
        p = int(s[S.G.CUR])
        is_tax = s[S.G.DK] == S.DK.TAX
        asked.append(("tax" if is_tax else "duty", p, int(s[S.G.TAX_AMOUNT]) if is_tax else 0))
        if s[S.G.DK] == S.DK.TAX:
            choose(s, t, A.OT.PAY if p in tax else A.OT.PASS)
        elif duty and p in duty:
            choose(s, t, A.OT.PAY, duty[p])
        else:
            choose(s, t, A.OT.PASS)
    return asked


def finish_round(s: np.ndarray, t: np.ndarray) -> None:
    """Phase D with nobody paying anything, then phase E (CUBA-R47) into the next round."""
    to_statutes(s, t)
    run_statutes(s, t)
