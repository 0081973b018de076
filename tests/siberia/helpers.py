"""Siberia test helpers: a dealt game, scenario edits that keep every card where the checker
expects it, and the legal options by name."""
from __future__ import annotations

from functools import partial

import numpy as np

from core.common.trace import no_trace
from core.siberia import actions as A
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.check import check_state
from tests.named_options import NamedOptions, dealt, flat_rules

TR = no_trace()


def card(res: str, person: str) -> int:
    """Action card type of ('gold', 'worker')."""
    return C.RES_NAMES.index(res) * C.NPERSON + C.PERSON_NAMES.index(person)


rules = partial(flat_rules, "siberia")  # the flat rules vector under switch overrides
start = partial(dealt, "siberia")       # (state at the first decision, rules vector)
NAMED = NamedOptions("siberia", A.OT, A.tag, A.payload)
options = NAMED.options  # (tag name, payload) of every legal option
play = NAMED.play        # apply the legal option with this tag (and payload)


def mine(k: str, m: int) -> int:
    """The payload of mining m cards of kind k."""
    return C.RES_NAMES.index(k) << A.MINE_SHIFT | m


def paid(*types: int) -> int:
    """The payload of paying these card types (in the order the options list them)."""
    v = 0
    for i, ty in enumerate(sorted(types)):
        v |= (ty + 1) << (A.CARD_BITS * i)
    return v


def set_hand(s: np.ndarray, p: int, types: list[int]) -> None:
    """Player p holds exactly these cards: the old hand goes to the discards, the new cards
    come from the discards or the pile."""
    b = S.pbase(p)
    for ty in range(C.NTYPES):
        while s[b + S.P.HAND + ty]:
            S.give_card(s, b, ty)
            s[S.O.DISCARD + ty] += 1
            s[S.G.DISCARD_N] += 1
    for ty in types:
        if s[S.O.DISCARD + ty]:
            s[S.O.DISCARD + ty] -= 1
            s[S.G.DISCARD_N] -= 1
        else:
            pile = list(s[S.O.APILE:S.O.APILE + s[S.G.APILE_N]])
            pile.remove(ty)
            s[S.O.APILE:S.O.APILE + len(pile)] = pile
            s[S.O.APILE + len(pile)] = 0
            s[S.G.APILE_N] -= 1
        S.take_card(s, b, ty)


def kind_of(t: np.ndarray, card_id: int) -> int:
    return int(t[C.T.RES_KIND + card_id])


def value_of(t: np.ndarray, card_id: int) -> int:
    return int(t[C.T.RES_VALUE + card_id])


def set_row(s: np.ndarray, t: np.ndarray, spec: list[tuple[str, bool] | tuple[str, bool, int]],
            deck: int | None = None) -> None:
    """Row positions from the headframe: (kind, face up[, value in $]) each. The other cards
    of the row and the deck form the deck; with `deck` given only that many stay in it and
    the surplus goes to player 0's resources (taken earlier)."""
    row = t[C.T.MISC + C.M.ROW_SIZE]
    pool = [int(c) for c in s[S.O.ROW:S.O.ROW + row] if c >= 0]
    pool += [int(c) for c in s[S.O.RDECK + s[S.G.RDECK_PTR]:S.O.RDECK + s[S.G.RDECK_N]]]
    chosen = []
    for entry in spec:
        k = C.RES_NAMES.index(entry[0])
        pick = next(c for c in pool if kind_of(t, c) == k
                    and (len(entry) < 3 or value_of(t, c) * 1000 == entry[2]))
        pool.remove(pick)
        chosen.append((pick, int(entry[1])))
    s[S.O.ROW:S.O.ROW + C.MAX_ROW] = -1
    s[S.O.FACE:S.O.FACE + C.MAX_ROW] = 0
    s[S.G.FACE_DOWN] = 0
    s[S.O.FACE_UP:S.O.FACE_UP + C.NRES] = 0
    for i, (c, up) in enumerate(chosen):
        s[S.O.ROW + i] = c
        s[S.O.FACE + i] = up
        if up:
            s[S.O.FACE_UP + kind_of(t, c)] += 1
        else:
            s[S.G.FACE_DOWN] += 1
    keep = pool if deck is None else pool[len(pool) - deck:]
    gone = [] if deck is None else pool[:len(pool) - deck]
    n = s[S.G.RDECK_N]
    ptr = n - len(keep)
    s[S.O.RDECK + ptr:S.O.RDECK + n] = keep
    s[S.G.RDECK_PTR] = ptr
    # cards that left the deck go to player 0's resources (they must be somewhere)
    for c in gone:
        b = S.pbase(0)
        s[b + S.P.RES_N + kind_of(t, c)] += 1
        s[b + S.P.RES_V + kind_of(t, c)] += value_of(t, c)
    assert check_state(s, t) == 0


def turn_of(s: np.ndarray, p: int, dk: int = S.DK.MAIN) -> None:
    """Make it player p's turn at decision dk."""
    s[S.G.CUR] = p
    s[S.G.DK] = dk


def give_resources(s: np.ndarray, t: np.ndarray, p: int, kind: str, n: int) -> None:
    """Move n cards of this kind from the deck to player p, as if mined earlier."""
    k = C.RES_NAMES.index(kind)
    lo, hi = int(s[S.G.RDECK_PTR]), int(s[S.G.RDECK_N])
    deck = [int(c) for c in s[S.O.RDECK + lo:S.O.RDECK + hi]]
    taken = [c for c in deck if kind_of(t, c) == k][:n]
    assert len(taken) == n
    rest = [c for c in deck if c not in taken]
    s[S.O.RDECK + hi - len(rest):S.O.RDECK + hi] = rest
    s[S.G.RDECK_PTR] = hi - len(rest)
    b = S.pbase(p)
    s[b + S.P.RES_N + k] += n
    s[b + S.P.RES_V + k] += sum(value_of(t, c) for c in taken)
    assert check_state(s, t) == 0
