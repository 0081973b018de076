"""JAM-V1.3: the Ghost Ship's lair treasures lie face down, unseen by the players, and what
follows for stealing (JAM-R19 (b), JAM-Q5), for the 6th Hold (§8.4, JAM-V1.6), for the end's
scoring (JAM-R23), for the trace and for what each seat may see (interpreted)."""
from __future__ import annotations

import numpy as np
import pytest

from core.common.trace import events
from core.jamaica import codes as C
from core.jamaica import rules as R
from core.jamaica import state as S
from core.jamaica.check import check_state
from core.jamaica.hidden import sample_hidden
from core.jamaica.state import G, O, P
from core.jamaica.tables import load_tables
from core.jamaica.trace import event_dict, log_lines, public_state
from tests.jamaica.helpers import (
    card_of, die_face, dk, force_draws, give_treasure, last_turn, options, place, play, rows,
    start, tracer,
)
from tests.jamaica.test_rules import FWD_FOOD, LAIRS, ghost_round

GHOST = 2


def on_top(s: np.ndarray, c: int) -> None:
    """Treasure card c moved to the top of the pile (drawn next)."""
    n = s[G.TPILE_N]
    pile = [int(x) for x in s[O.TPILE:O.TPILE + n] if x != c] + [c]
    assert len(pile) == n, "card not in the pile"
    s[O.TPILE:O.TPILE + n] = pile


def ghost_draws(s: np.ndarray, t: np.ndarray, c: int, tr: np.ndarray) -> None:
    """The Ghost Ship, on a lair with its token, takes card c (JAM-R13, JAM-V1.3)."""
    on_top(s, c)
    place(s, GHOST, next(x for x in LAIRS if s[O.TOKEN + x]))
    R.draw_treasure(s, t, tr, GHOST)
    assert check_state(s, t) == 0


def beat_the_ghost(s: np.ndarray, t: np.ndarray) -> None:
    """Seat 0 moves onto the Ghost Ship and wins 10 against 2: seat 0 chooses the spoils."""
    place(s, GHOST, 1)
    force_draws(s, [(die_face(t, 10), 6), (die_face(t, 2), 6)])
    last_turn(s, t, 0, FWD_FOOD, 1, 1)
    assert dk(s) == "spoils" and s[G.CUR] == 0


@pytest.mark.parametrize("power", [C.MORGAN, C.SABRE, C.SIXTH_HOLD])
def test_JAM_V1_3_a_lair_card_lies_face_down_unseen_even_a_power(power: int) -> None:
    """The ghost takes a power at a lair: face down, known to nobody, logged face down, counted
    face down in the public state; it has no effect (a face-down 6th Hold opens no hold)."""
    s, t = start(2)
    c = card_of(t, C.POWER, power)
    tr = tracer()
    ghost_draws(s, t, c, tr)
    assert s[O.TOWNER + c] == GHOST and s[O.TFACE + c] == C.FACE_DOWN_LAIR
    assert s[O.TSEEN + c] == 0 and not S.sees_card(s, 0, c) and not S.sees_card(s, 1, c)
    assert rows(tr, "treasure")[0][1] == -1
    assert event_dict(events(tr)[0], load_tables())["card"] == "face_down"
    ghost = public_state(s, load_tables(), 2)["ghost"]
    assert ghost["powers"] == ["lady_beth"] and ghost["face_down_treasures"] == 1
    assert not S.has_power(s, t, GHOST, power)
    assert S.holds_open(s, t, GHOST) == C.SIXTH  # JAM-V1.6 applies to stolen, face-up powers


def test_JAM_V1_3_a_player_takes_a_lair_card_and_looks_at_it() -> None:
    """A player's lair card: known to it alone (JAM-R13, the seed's "roba una carta"), a power
    face up and named, a value card face down."""
    s, t = start(2)
    for card, face in ((card_of(t, C.POWER, C.SABRE), C.FACE_UP),
                       (card_of(t, C.VALUE, 5), C.FACE_DOWN)):
        tr = tracer()
        on_top(s, card)
        place(s, 0, next(x for x in LAIRS if s[O.TOKEN + x]))
        R.draw_treasure(s, t, tr, 0)
        assert check_state(s, t) == 0
        assert s[O.TFACE + card] == face and s[O.TSEEN + card] == 1
        assert S.sees_card(s, 0, card) and S.sees_card(s, 1, card) == (face == C.FACE_UP)
        assert rows(tr, "treasure")[0][1] == (card if face == C.FACE_UP else -1)


def test_JAM_V1_3_JAM_R19_face_down_lair_cards_are_stolen_blind() -> None:
    """Beating the ghost: a face-up card it stole is taken by name (never Lady Beth), its lair
    cards only blind (JAM-Q5 random), never by name; the stolen card is the thief's to see,
    and a power turns face up at once (§8.4)."""
    s, t = start(2)
    sabre, seven = card_of(t, C.POWER, C.SABRE), card_of(t, C.VALUE, 7)
    morgan = card_of(t, C.POWER, C.MORGAN)
    ghost_draws(s, t, sabre, tracer())
    ghost_draws(s, t, seven, tracer())
    give_treasure(s, t, morgan, GHOST)  # a power the ghost stole: face up
    beat_the_ghost(s, t)
    opts = options(s, t)
    assert ("take_card", morgan) in opts and ("blind", 0) in opts
    assert {p for tag, p in opts if tag == "take_card"} == {morgan}
    force_draws(s, [(0, 2)])  # the blind draw takes the first face-down card: the sabre
    tr = tracer()
    play(s, t, "blind", 0, tr)
    take = rows(tr, "take_card")[0]
    assert take[:4] == [0, GHOST, sabre, 1]  # face up at the thief now, so named; blind
    assert s[O.TOWNER + sabre] == 0 and s[O.TFACE + sabre] == C.FACE_UP
    assert S.has_power(s, t, 0, C.SABRE) and check_state(s, t) == 0
    assert "blind: sarans sabre" in " ".join(
        log_lines(tr, load_tables(), 2, ("yellow", "red", "green")))


def test_JAM_V1_3_a_blind_value_card_stays_face_down_to_the_other_player() -> None:
    s, t = start(2)
    seven = card_of(t, C.VALUE, 7)
    ghost_draws(s, t, seven, tracer())
    beat_the_ghost(s, t)
    tr = tracer()
    play(s, t, "blind", 0, tr)
    assert rows(tr, "take_card")[0][2:4] == [-1, 1]
    assert s[O.TFACE + seven] == C.FACE_DOWN and S.sees_card(s, 0, seven)
    assert not S.sees_card(s, 1, seven)


def test_JAM_V1_3_sixth_hold_taken_from_the_ghost_face_down_comes_empty() -> None:
    """The 6th Hold the ghost took at a lair never opened a hold (face down, no effect): the
    player who steals it blind gets it empty and it works at once (§8.4)."""
    s, t = start(2)
    sixth = card_of(t, C.POWER, C.SIXTH_HOLD)
    ghost_draws(s, t, sixth, tracer())
    beat_the_ghost(s, t)
    play(s, t, "blind", 0)
    assert S.holds_open(s, t, 0) == C.NHOLDS
    assert s[S.pbase(0) + P.HOLD_KIND + C.SIXTH] == C.EMPTY


def test_JAM_V1_6_a_stolen_6th_hold_lies_face_up_at_the_ghost_and_adds_a_hold() -> None:
    """The ghost steals a player's (face-up) 6th Hold: it stays face up and opens a hold with
    its doubloons (JAM-V1.6), unlike a face-down one from a lair."""
    s, t = start(2)
    sixth = card_of(t, C.POWER, C.SIXTH_HOLD)
    give_treasure(s, t, sixth, 1)
    s[S.pbase(1) + P.HOLD_KIND + C.SIXTH] = C.GOLD
    s[S.pbase(1) + P.HOLD_N + C.SIXTH] = 2
    force_draws(s, [(die_face(t, 6), 6), (die_face(t, 6), 6)])
    ghost_round(s, t, tracer(), (30, C.RACING), (10, C.RACING), (28, C.RACING), dm=2, de=3)
    assert dk(s) == "spoils" and s[G.CUR] == 0
    play(s, t, "take_card", sixth)
    assert s[O.TOWNER + sixth] == GHOST and s[O.TFACE + sixth] == C.FACE_UP
    assert S.holds_open(s, t, GHOST) == C.NHOLDS and S.amount(s, GHOST, C.GOLD) == 8 + 2


def test_JAM_V1_3_the_ghost_steals_blind_and_only_the_victim_knows_the_card() -> None:
    """The other player decides for the ghost (JAM-V1.4) and takes a face-down card blind: it
    lies face down at the ghost, known to its former owner, not to the decider."""
    s, t = start(2)
    three = card_of(t, C.VALUE, 3)
    give_treasure(s, t, three, 1)
    force_draws(s, [(die_face(t, 6), 6), (die_face(t, 6), 6)])
    ghost_round(s, t, tracer(), (30, C.RACING), (10, C.RACING), (28, C.RACING), dm=2, de=3)
    assert ("take_card", three) not in options(s, t) and ("blind", 0) in options(s, t)
    tr = tracer()
    play(s, t, "blind", 0, tr)
    assert rows(tr, "take_card")[0][2:4] == [-1, 1]
    assert s[O.TOWNER + three] == GHOST and s[O.TFACE + three] == C.FACE_DOWN
    assert S.sees_card(s, 1, three) and not S.sees_card(s, 0, three)


def test_JAM_V1_3_JAM_Q5_look_the_winner_sees_the_lair_cards_before_choosing() -> None:
    s, t = start(2, blind_steal="look")
    sabre = card_of(t, C.POWER, C.SABRE)
    ghost_draws(s, t, sabre, tracer())
    beat_the_ghost(s, t)
    assert ("take_card", sabre) in options(s, t) and ("blind", 0) not in options(s, t)
    assert S.sees_card(s, 0, sabre) and not S.sees_card(s, 1, sabre)
    play(s, t, "take_card", sabre)
    assert S.has_power(s, t, 0, C.SABRE)


def test_JAM_V1_3_JAM_R23_face_down_cards_are_shown_at_the_end() -> None:
    """The end names every face-down card, the ghost's too."""
    s, t = start(2)
    seven, cursed = card_of(t, C.VALUE, 7), card_of(t, C.CURSED, -3)
    ghost_draws(s, t, seven, tracer())
    give_treasure(s, t, cursed, 0)
    tr = tracer()
    R.end_game(s, t, tr)
    assert sorted((r[0], r[1]) for r in rows(tr, "show")) == [(0, cursed), (GHOST, seven)]
    text = "\n".join(log_lines(tr, load_tables(), 2, ("yellow", "red", "green")))
    assert "shows treasure +7" in text and "P1 (yellow) shows cursed -3" in text


def test_JAM_V1_3_the_sampler_hides_lair_cards_from_both_seats() -> None:
    """Lair cards are redrawn for either seat, into any kind (a power too), keeping how they
    lie; a card the seat knows stays."""
    s, t = start(2)
    seven, three = card_of(t, C.VALUE, 7), card_of(t, C.VALUE, 3)
    ghost_draws(s, t, seven, tracer())
    give_treasure(s, t, three, GHOST)
    s[O.TSEEN + three] = 1 << 1  # stolen from seat 1
    for me in (0, 1):
        kinds = set()
        for k in range(60):
            w = s.copy()
            sample_hidden(w, t, me, np.array([k + 1], np.uint64))
            assert check_state(w, t) == 0
            lair = [c for c in range(C.NTREASURES)
                    if w[O.TOWNER + c] == GHOST and w[O.TFACE + c] == C.FACE_DOWN_LAIR]
            assert len(lair) == 1 and w[O.TSEEN + lair[0]] == 0
            kinds.add(int(t[C.T.TREASURE_KIND + lair[0]]))
            if me == 1:
                assert w[O.TOWNER + three] == GHOST
        assert C.POWER in kinds and C.VALUE in kinds
