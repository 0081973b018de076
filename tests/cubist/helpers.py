"""Cubist test helpers: a dealt game at its first decision, scenario edits that keep every die
where the checker expects it, and the legal options by name."""
from __future__ import annotations

from functools import partial

import numpy as np

from core.common.trace import no_trace
from core.cubist import actions as A
from core.cubist import placements as PL
from core.cubist import codes as C
from core.cubist import rules as R
from core.cubist import state as S
from core.cubist.state import G, O, P
from tests.named_options import NamedOptions, flat_rules

TR = no_trace()
B0 = S.pbase(0)


rules = partial(flat_rules, "cubist")  # the flat rules vector under switch overrides
NAMED = NamedOptions("cubist", A.OT, A.tag, A.payload)
options = NAMED.options  # (tag name, payload) of every legal option
play = NAMED.play        # apply the legal option with this tag (and payload); invariants kept


def start(n: int = 3, seed: int = 1, **switches: object) -> tuple[np.ndarray, np.ndarray]:
    """(state at the first decision, rules vector), with seat 0 to move (the first player is
    rotated to seat 0 by choosing the seed's start player)."""
    t = rules(**switches)
    s = S.new_game(t, n, seed)
    s[G.START] = 0
    s[G.CUR] = 0
    R.advance(s, t, TR)
    return s, t


def clear_warehouse(s: np.ndarray, p: int = 0) -> None:
    b = S.pbase(p)
    for v in range(C.NVAL):
        s[b + P.SUPPLY] += s[b + P.WARE + v]
        s[b + P.WARE + v] = 0


def give(s: np.ndarray, *values: int, p: int = 0) -> None:
    """Dice from the supply into the warehouse showing values."""
    b = S.pbase(p)
    for v in values:
        s[b + P.SUPPLY] -= 1
        s[b + P.WARE + v - 1] += 1


def cell(dr: int, dc: int) -> int:
    """A room cell relative to the centre."""
    return C.CENTRE + dr * C.GRID + dc


def build(s: np.ndarray, room: int, columns: dict[tuple[int, int], tuple[int, int]],
          p: int = 0, t: np.ndarray | None = None) -> None:
    """Put columns {(dr, dc): (value, height)} into an empty room, dice from the supply; the
    placements the state keeps for the room are rebuilt under t (default: the default rules)."""
    b = S.pbase(p)
    at = S.room_at(b, room)
    for (dr, dc), (v, h) in columns.items():
        c = cell(dr, dc)
        s[at + c] = h
        s[at + S.VOFF + c] = v
        s[b + P.ROOM_N + room] += h
        s[b + P.SUPPLY] -= h
    PL.rebuild(s, rules() if t is None else t, b, room)


def card_index(card_id: str, section: str = "installations") -> int:
    from core.cubist.tables import load_raw
    return [e["id"] for e in load_raw()[section]].index(card_id)


def display(s: np.ndarray, *cards: str) -> None:
    """Swap the named installation cards into the display (from the deck or the display)."""
    for slot, name in enumerate(cards):
        card = card_index(name)
        where = np.flatnonzero(s[O.IDECK:O.IDECK + C.MAX_INST] == card)
        old = s[O.DISPLAY + slot]
        if s[O.DISPLAY + slot] == card:
            continue
        if where.size and where[0] >= s[G.IDECK_PTR]:
            s[O.IDECK + where[0]] = old
        else:
            other = int(np.flatnonzero(s[O.DISPLAY:O.DISPLAY + C.MAX_DISPLAY] == card)[0])
            s[O.DISPLAY + other] = old
        s[O.DISPLAY + slot] = card


def artist_slot(s: np.ndarray, slot: int, card_id: str) -> None:
    """Swap the named artist card into a face-up slot (from the deck ring or another slot)."""
    card = card_index(card_id, "artists")
    old = s[O.ART + slot]
    if old == card:
        return
    ring = s[O.ADECK:O.ADECK + C.MAX_ART]
    if card in ring:
        ring[int(np.flatnonzero(ring == card)[0])] = old
    else:
        other = int(np.flatnonzero(s[O.ART:O.ART + C.MAX_ARTISTS_UP] == card)[0])
        s[O.ART + other] = old
    s[O.ART + slot] = card


def put_on_artist(s: np.ndarray, slot: int, p: int, v: int, turn: int = -1) -> None:
    """p's dice of value v on the artist card in slot (from the supply), placed on `turn`."""
    t_dice = int(rules()[C.T.ART_DICE + s[O.ART + slot]])
    b = S.pbase(p)
    s[b + P.SUPPLY] -= t_dice
    s[b + P.ARTIST_DICE] += t_dice
    s[O.ART_OWNER + slot] = p
    s[O.ART_NDICE + slot] = t_dice
    s[O.ART_VALUE + slot] = v
    s[O.ART_TURN + slot] = turn


def tagged(s: np.ndarray, t: np.ndarray, name: str) -> list[int]:
    """Payloads of the legal options with this tag."""
    return [x for k, x in options(s, t) if k == name]


def place(src: int, room: int, c: int) -> int:
    """The payload of placing die source src at a room cell."""
    return src << A.SRC_SHIFT | room << A.CELL_BITS | c


def use(slot: int, param: int) -> int:
    return slot | param << A.USE_SHIFT


def end_turn(s: np.ndarray, t: np.ndarray, keep: int = 0) -> None:
    """End the turn, keeping the storage option `keep` when asked."""
    play(s, t, "end")
    if s[G.DK] == S.DK.STORE:
        play(s, t, "store", keep)
