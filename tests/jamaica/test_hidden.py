"""The hidden-information sampler (core/jamaica/hidden.py): it redraws what a seat cannot see
and nothing it can, keeps every invariant, and reads nothing hidden."""
from __future__ import annotations

import numpy as np
import pytest

from core import games
from core.common.trace import trace_buffer
from core.jamaica import codes as C
from core.jamaica.check import check_state
from core.jamaica.hidden import sample_hidden
from core.jamaica.state import DK, G, O, P, pbase
from core.jamaica.tables import load_tables
from core.jamaica.trace import public_state
from tests import test_hidden as generic
from tests.jamaica.helpers import card_of, give_treasure, lay_card, start


def visible(s: np.ndarray, t: np.ndarray, me: int) -> dict:
    """What seat `me` sees: the public state, its hand, its face-down card, its treasures."""
    b = pbase(me)
    mine = [c for c in range(C.NTREASURES) if s[O.TOWNER + c] == me]
    return {"public": public_state(s, load_tables(), int(s[G.NP])), "hand": int(s[b + P.HAND]),
            "chosen": int(s[b + P.CHOSEN]), "treasures": mine}


def scene(n: int = 3) -> tuple[np.ndarray, np.ndarray]:
    s, t = start(n, 4)
    give_treasure(s, t, card_of(t, C.VALUE, 7), 1)
    give_treasure(s, t, card_of(t, C.CURSED, -3), 0)
    give_treasure(s, t, card_of(t, C.POWER, C.SABRE), 2 if n > 2 else 1)
    lay_card(s, 1, int(np.flatnonzero([(s[pbase(1) + P.HAND] >> c) & 1
                                      for c in range(C.NCARDS)])[0]))
    return s, t


@pytest.mark.parametrize("n", [2, 3, 5])
def test_sampler_keeps_what_the_seat_sees_and_the_invariants(n: int) -> None:
    s, t = scene(n)
    for me in range(n):
        seen = visible(s, t, me)
        changed = False
        for k in range(20):
            s2 = s.copy()
            sample_hidden(s2, t, me, np.array([k + 1], np.uint64))
            assert check_state(s2, t) == 0
            assert visible(s2, t, me) == seen
            changed |= not np.array_equal(s2, s)
        assert changed


def test_sampler_redraws_other_hands_face_down_cards_and_treasures() -> None:
    s, t = scene(3)
    hands, chosen, owners = set(), set(), set()
    for k in range(40):
        s2 = s.copy()
        sample_hidden(s2, t, 0, np.array([k + 1], np.uint64))
        hands.add(int(s2[pbase(2) + P.HAND]))
        chosen.add(int(s2[pbase(1) + P.CHOSEN]))
        owners.add(tuple(int(c) for c in s2[O.TOWNER:O.TOWNER + C.NTREASURES]))
    assert len(hands) > 1 and len(chosen) > 1 and len(owners) > 1


def test_sampler_reads_nothing_hidden() -> None:
    """Two states that differ only in what seat 0 cannot see sample alike."""
    s, t = scene(3)
    other = s.copy()
    sample_hidden(other, t, 0, np.array([99], np.uint64))  # a different hidden part
    a, b = s.copy(), other.copy()
    sample_hidden(a, t, 0, np.array([7], np.uint64))
    sample_hidden(b, t, 0, np.array([7], np.uint64))
    assert np.array_equal(a, b)


# --- JAM-V1.3: the Ghost Ship's lair cards, in real 2-player games -----------------------------

@pytest.fixture(scope="module")
def ghost_points() -> tuple:
    """(game, decision points with a choice while the Ghost Ship holds a lair card face down)
    of random 2-player games, as tests/test_hidden.py's `points`."""
    game = games.get("jamaica")
    e = game.engine
    tables = game.rules.load_tables()
    t = game.rules.flatten(tables)
    opts = np.zeros(e.max_options, np.int32)
    tr = trace_buffer(1, e.state_size)
    found, spoils = [], 0
    for seed in range(8):
        rng = np.random.default_rng(seed)
        s = e.new_game(t, 2, seed)
        e.advance(s, t, tr)
        while s[e.phase_slot] != e.over_phase:
            n = e.legal(s, t, opts)
            lair = any(s[O.TOWNER + c] == s[G.GHOST] and s[O.TFACE + c] == C.FACE_DOWN_LAIR
                       for c in range(C.NTREASURES))
            if n > 1 and lair:
                found.append((s.copy(), opts[:n].copy(), tables))
                spoils += int(s[G.DK] == DK.SPOILS)
            e.apply(s, t, opts[rng.integers(n)], tr)
    assert len(found) > 40 and spoils > 0
    return game, found[::len(found) // 40][:40]


@pytest.mark.parametrize("check", [generic.test_sampler_keeps_invariants_and_the_seats_options,
                                   generic.test_sampler_reads_only_what_the_seat_sees,
                                   generic.test_no_bot_peeks],
                         ids=["invariants_and_options", "reads_only_what_it_sees", "no_bot_peeks"])
def test_JAM_V1_3_no_seat_sees_the_ghosts_lair_cards(ghost_points, check) -> None:
    """The sampler and every registered strategy treat the ghost's lair cards as hidden from
    both seats (tests/test_hidden.py's checks on 2-player Ghost Ship games)."""
    check(ghost_points)


def test_JAM_V1_3_greedy_values_only_the_cards_a_seat_may_see() -> None:
    """The greedy kernel's position of another ship does not change when the cards its seat
    cannot see (another seat's face-down card, the ghost's lair card) are redrawn."""
    from strategies.jamaica.greedy import position
    from strategies.jamaica.values import NW
    s, t = start(2)
    give_treasure(s, t, card_of(t, C.VALUE, 7), 1)
    give_treasure(s, t, card_of(t, C.POWER, C.SABRE), 2, lair=True)
    w = np.ones(NW)
    for me, q in ((0, 1), (1, 0)):
        seen = {position(w, s, t, q, me)}
        for k in range(12):
            x = s.copy()
            sample_hidden(x, t, me, np.array([k + 1], np.uint64))
            seen.add(position(w, x, t, q, me))
        assert len(seen) == 1, (me, q, seen)
