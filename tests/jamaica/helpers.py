"""Jamaica test helpers: a dealt game, scenario edits that keep every card where the checker
expects it, forced dice, and the legal options and events by name."""
from __future__ import annotations

from functools import partial

import numpy as np

from core.common.rng import rng_below
from core.common.stored_rng import load_stream, save_stream
from core.common.trace import events, no_trace, trace_buffer
from core.jamaica import actions as A
from core.jamaica import codes as C
from core.jamaica import rules as R
from core.jamaica import state as S
from core.jamaica.check import check_state
from core.jamaica.state import DK, G, O, P, ST
from tests.named_options import NamedOptions, dealt, flat_rules

TR = no_trace()


def tracer() -> np.ndarray:
    return trace_buffer(2000, S.STATE_SIZE)


def names(tr: np.ndarray) -> list[str]:
    """Event names of a trace, in order."""
    return [C.EV.keys[int(r[0])] for r in events(tr)]


def rows(tr: np.ndarray, name: str) -> list[list[int]]:
    """(ship, a, b, c, d) of the events called `name`."""
    return [[int(v) for v in r[1:6]] for r in events(tr) if C.EV.keys[int(r[0])] == name]


rules = partial(flat_rules, "jamaica")  # the flat rules vector under switch overrides
start = partial(dealt, "jamaica")       # (state at the first decision, rules vector)
NAMED = NamedOptions("jamaica", A.OT, A.tag, A.payload)
options = NAMED.options  # (tag name, payload) of every legal option
play = NAMED.play        # apply the legal option with this tag (and payload)


def dk(s: np.ndarray) -> str:
    """The pending decision kind's key."""
    return DK.keys[s[G.DK]]


def place(s: np.ndarray, ship: int, x: int, race: int = C.RACING) -> None:
    b = S.pbase(ship)
    s[b + P.POS] = x
    s[b + P.RACE] = race


def set_holds(s: np.ndarray, ship: int, holds: list[tuple[int, int]]) -> None:
    """Ship's holds from the first: (kind, tokens) each, the rest empty."""
    b = S.pbase(ship)
    for h in range(C.NHOLDS):
        kind, n = holds[h] if h < len(holds) else (C.EMPTY, 0)
        s[b + P.HOLD_KIND + h] = kind
        s[b + P.HOLD_N + h] = n


def give_treasure(s: np.ndarray, t: np.ndarray, c: int, ship: int, lair: bool = False) -> None:
    """Treasure card c to ship, taken from the pile (its token too) or the box: as a player
    lays it (powers face up, the others face down, known to the ship), or with `lair` as the
    Ghost Ship takes it at a lair (face down, unseen, JAM-V1.3)."""
    if s[O.TOWNER + c] == S.IN_PILE:
        pile = [int(x) for x in s[O.TPILE:O.TPILE + s[G.TPILE_N]] if x != c]
        s[O.TPILE:O.TPILE + C.NTREASURES] = 0
        s[O.TPILE:O.TPILE + len(pile)] = pile
        s[G.TPILE_N] -= 1
        for x in range(C.NSPACES):
            if s[O.TOKEN + x]:
                s[O.TOKEN + x] = 0
                break
    s[O.TOWNER + c] = ship
    power = t[C.T.TREASURE_KIND + c] == C.POWER
    s[O.TFACE + c] = C.FACE_DOWN_LAIR if lair else C.FACE_UP if power else C.FACE_DOWN
    s[O.TSEEN + c] = 0 if lair or S.is_ghost(s, ship) else 1 << ship


def card_of(t: np.ndarray, kind: int, value: int) -> int:
    """The treasure card of this kind and value (power code for powers), first found."""
    from core.jamaica.codes import T
    for c in range(C.NTREASURES):
        if t[T.TREASURE_KIND + c] == kind and t[T.TREASURE_VALUE + c] == value:
            return c
    raise KeyError((kind, value))


def lay_card(s: np.ndarray, p: int, card: int) -> None:
    """Seat p's card `card` laid face down (taken from its hand, deck or discards)."""
    b = S.pbase(p)
    bit = 1 << card
    if s[b + P.HAND] & bit:
        s[b + P.HAND] &= ~bit
        s[b + P.HAND_N] -= 1
    elif s[b + P.DISCARD] & bit:
        s[b + P.DISCARD] &= ~bit
    else:
        deck = [int(x) for x in s[b + P.DECK:b + P.DECK + s[b + P.DECK_N]] if x != card]
        s[b + P.DECK:b + P.DECK + C.NCARDS] = 0
        s[b + P.DECK:b + P.DECK + len(deck)] = deck
        s[b + P.DECK_N] -= 1
    s[b + P.CHOSEN] = card


def force_draws(s: np.ndarray, values: list[tuple[int, int]]) -> None:
    """Set the game's stream so its next draws below n give these (value, n) in order."""
    rng = np.zeros(1, np.uint64)
    for seed in range(1, 1 << 20):
        rng[0] = np.uint64(seed * 0x9E3779B1)
        probe = rng.copy()
        if all(rng_below(probe, n) == v for v, n in values):
            save_stream(s, G.RNG, rng)
            return
    raise AssertionError(f"no stream gives {values}")


def die_face(t: np.ndarray, strength: int) -> int:
    """The combat die face index with this strength (-1: the star)."""
    from core.jamaica.codes import T
    return [int(v) for v in t[T.DIE:T.DIE + C.NFACES]].index(strength)


def last_turn(s: np.ndarray, t: np.ndarray, p: int, card: int, dm: int, de: int,
              tr: np.ndarray = TR) -> None:
    """Seat p resolves `card` with the dice (dm, de) as the round's last seat, then the game
    runs on to the next decision (the next round's dice or card, or a decision of this turn)."""
    n = s[G.NP]
    s[G.CAPTAIN] = (p + 1) % n
    s[G.DIE_M], s[G.DIE_E] = dm, de
    s[G.CHOOSER] = n
    s[G.TURN] = n - 1
    for q in range(n):
        b = S.pbase(q)
        if s[b + P.CHOSEN] >= 0:  # a card chosen before the edit goes back to the hand
            s[b + P.HAND] |= 1 << s[b + P.CHOSEN]
            s[b + P.HAND_N] += 1
            s[b + P.CHOSEN] = -1
    lay_card(s, p, card)
    s[G.STEP] = ST.TURN
    s[G.DK] = DK.NONE
    assert check_state(s, t) == 0
    R.advance(s, t, tr)


def stream(s: np.ndarray) -> int:
    rng = np.zeros(1, np.uint64)
    load_stream(s, G.RNG, rng)
    return int(rng[0])
