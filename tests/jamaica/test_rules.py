"""Jamaica rule clauses JAM-R0..R24 and the variant JAM-V1, one test (or more) per id, on
constructed states, run interpreted. The open questions JAM-Q1..Q12 are in test_switches.py."""
from __future__ import annotations

import numpy as np
import pytest

from core.jamaica import actions as A
from core.jamaica import codes as C
from core.jamaica import routes
from core.jamaica import rules as R
from core.jamaica import state as S
from core.jamaica.check import check_state
from core.jamaica.codes import T
from core.jamaica.game import GAME
from core.jamaica.play import NREC, R_RANK, R_SCORE, R_WIN_SHARE, REC, write_records
from core.jamaica.state import DK, G, O, P
from core.jamaica.tables import load_tables
from core.jamaica.trace import public_state
from strategies.common.bound import bound
from tests.jamaica.helpers import (
    card_of, die_face, dk, force_draws, give_treasure, last_turn, names, options, place, play,
    rows, rules, set_holds, start, tracer,
)

FOOD_POWDER, FWD_BACK, POWDER_GOLD, GOLD_GOLD, GOLD_FWD, BACK_FWD, FWD_FOOD, FWD_FWD = range(8)
LAIRS = (4, 9, 11, 19, 22, 25, 33, 37, 44)
LOOP, REGISTRY = bound(GAME).loop, bound(GAME).registry


def records(s, t) -> np.ndarray:
    rec = np.zeros((s[G.NP], NREC))
    write_records(s, t, np.zeros(s[G.NP], np.int64), rec)
    return rec


# --- setup (JAM-R0..R5) ---------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_JAM_R0_two_to_six_players_finish(n: int) -> None:
    assert GAME.player_range(load_tables()) == (2, 6)
    kernels, params = REGISTRY.resolve(["random"] * n)
    g = LOOP.play_game(load_tables(), n, 3, kernels, params, check=True)
    assert g.error == 0 and g.records[:, R_WIN_SHARE].sum() == pytest.approx(1.0)
    s, _ = start(n)
    assert s[G.NSHIPS] == (3 if n == 2 else n) and (s[G.GHOST] >= 0) == (n == 2)


def test_JAM_R1_nine_treasures_in_the_pile_three_out() -> None:
    s, t = start(4)
    owners = list(s[O.TOWNER:O.TOWNER + C.NTREASURES])
    pile = sorted(int(c) for c in s[O.TPILE:O.TPILE + s[G.TPILE_N]])
    assert s[G.TPILE_N] == 9 and len(set(pile)) == 9
    assert owners.count(S.IN_PILE) == 9 and owners.count(S.OUT) == 3
    other, _ = start(4, seed=2)
    assert list(other[O.TPILE:O.TPILE + 9]) != list(s[O.TPILE:O.TPILE + 9])


def test_JAM_R2_a_token_on_every_lair() -> None:
    s, t = start(3)
    assert [x for x in range(C.NSPACES) if s[O.TOKEN + x]] == list(LAIRS)
    assert [x for x in range(C.NSPACES) if t[T.SPACE_KIND + x] == C.LAIR] == list(LAIRS)


def test_JAM_R3_ships_on_port_royal_with_a_full_deck() -> None:
    s, t = start(5)
    for p in range(5):
        b = S.pbase(p)
        assert s[b + P.POS] == 0 and s[b + P.RACE] == C.START
        cards = set(int(c) for c in s[b + P.DECK:b + P.DECK + s[b + P.DECK_N]])
        cards |= {c for c in range(C.NCARDS) if (s[b + P.HAND] >> c) & 1}
        assert cards == set(range(C.NCARDS))


def test_JAM_R4_three_food_three_doubloons_three_cards() -> None:
    s, t = start(4)
    for p in range(4):
        b = S.pbase(p)
        assert sorted(zip(s[b + P.HOLD_KIND:b + P.HOLD_KIND + 2], s[b + P.HOLD_N:b + P.HOLD_N + 2])) \
            == [(C.GOLD, 3), (C.FOOD, 3)]
        assert s[b + P.HAND_N] == 3 and S.amount(s, p, C.POWDER) == 0


def test_JAM_R5_a_random_captain() -> None:
    captains = {int(start(4, seed)[0][G.CAPTAIN]) for seed in range(20)}
    assert captains == {0, 1, 2, 3}
    s, _ = start(4, 5)
    assert s[G.FIRST_CAPTAIN] == s[G.CAPTAIN]


# --- the round (JAM-R6..R9) ----------------------------------------------------------------

def test_JAM_R6_the_captain_places_the_dice() -> None:
    for seed in range(10):
        s, t = start(3, seed)
        if dk(s) == "dice":
            break
    assert s[G.CUR] == s[G.CAPTAIN] and options(s, t) == [("keep", 0), ("swap", 0)]
    m, e = s[G.DIE_M], s[G.DIE_E]
    play(s, t, "swap")
    assert (s[G.DIE_M], s[G.DIE_E]) == (e, m) and dk(s) == "card"


def test_JAM_R6_equal_dice_need_no_choice() -> None:
    s, t = start(3)
    s[G.STEP] = S.ST.ROUND_START
    s[G.DK] = DK.NONE
    force_draws(s, [(3, 6), (3, 6)])
    R.advance(s, t, tracer())
    assert dk(s) == "card" and s[G.DIE_M] == s[G.DIE_E] == 4


def test_JAM_R7_every_seat_lays_a_secret_card_from_the_captain() -> None:
    s, t = start(4, 2)
    if dk(s) == "dice":
        play(s, t, "keep")
    tr = tracer()
    order = []
    cap = int(s[G.CAPTAIN])
    for _ in range(4):
        assert dk(s) == "card"
        order.append(int(s[G.CUR]))
        hand = s[S.pbase(s[G.CUR]) + P.HAND]
        assert {c for _, c in options(s, t)} == {c for c in range(C.NCARDS) if (hand >> c) & 1}
        play(s, t, "card", tr=tr)
        if len(order) < 4:
            state = public_state(tr[int(tr[0, 0]), 6:], load_tables(), 4)
            assert all("hand" not in pl for pl in state["players"])
            assert state["players"][order[-1]]["card_face_down"]
    assert order == [(cap + k) % 4 for k in range(4)]
    assert rows(tr, "choose")[0][1:] == [0, 0, 0, 0]  # which card stays secret


def test_JAM_R8_resolution_from_the_captain_morning_then_evening() -> None:
    s, t = start(3, 4)
    if dk(s) == "dice":
        play(s, t, "keep")
    tr = tracer()
    for _ in range(3):
        play(s, t, "card", tr=tr)
    while dk(s) not in ("dice", "card"):
        play(s, t, options(s, t)[0][0], tr=tr)
    reveals = [r[0] for r in rows(tr, "reveal")]
    cap = int(s[G.CAPTAIN]) - 1
    assert reveals == [(cap + k) % 3 for k in range(3)]
    # each seat's two actions come between its reveal and the next seat's
    seq = [n for n in names(tr) if n in ("reveal", "load", "move", "load_lost")]
    assert seq[0] == "reveal" and seq.count("reveal") == 3


def test_JAM_R8_the_morning_symbol_with_the_morning_die_completely_first() -> None:
    s, t = start(3)
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 5, tr)  # forward 1 (sea: pay 2 food), then load 5 food
    seq = [n for n in names(tr) if n in ("reveal", "move", "pay", "load")]
    assert seq == ["reveal", "move", "pay", "load"]
    assert rows(tr, "move")[0][1:3] == [0, 1] and rows(tr, "load")[0][1:3] == [C.FOOD, 5]


def test_JAM_R9_refill_the_hand_and_pass_the_compass() -> None:
    s, t = start(3, 1)
    tr = tracer()
    cap = int(s[G.CAPTAIN])
    last_turn(s, t, (cap + 2) % 3, GOLD_GOLD, 2, 3, tr)
    for p in range(3):
        assert s[S.pbase(p) + P.HAND_N] == 3
    assert rows(tr, "compass")[0][0] == (cap + 1) % 3 == s[G.CAPTAIN]  # passes left


def test_JAM_R9_morgans_map_hand_of_four_and_the_deck_rebuilt() -> None:
    s, t = start(3, 1)
    give_treasure(s, t, card_of(t, C.POWER, C.MORGAN), 0)
    b = S.pbase(0)
    # the deck holds one card, the discards the rest but the hand
    deck = [int(c) for c in s[b + P.DECK:b + P.DECK + s[b + P.DECK_N]]]
    for c in deck[1:]:
        s[b + P.DISCARD] |= 1 << c
    s[b + P.DECK_N] = 1
    s[b + P.DECK + 1:b + P.DECK + C.NCARDS] = 0
    tr = tracer()
    hand = [c for c in range(C.NCARDS) if (s[b + P.HAND] >> c) & 1]
    last_turn(s, t, 0, hand[0], 1, 2, tr)
    assert s[b + P.HAND_N] == 4 and "reshuffle" in names(tr)
    assert check_state(s, t) == 0


# --- actions (JAM-R10..R14) -------------------------------------------------------------------

def test_JAM_R10_a_load_goes_into_one_empty_hold() -> None:
    s, t = start(3)
    last_turn(s, t, 0, GOLD_GOLD, 2, 5)
    b = S.pbase(0)
    assert sorted(zip(s[b + P.HOLD_KIND:b + P.HOLD_KIND + 5], s[b + P.HOLD_N:b + P.HOLD_N + 5])) \
        == [(C.EMPTY, 0), (C.GOLD, 2), (C.GOLD, 3), (C.GOLD, 5), (C.FOOD, 3)]


def test_JAM_R10_full_holds_empty_one_of_another_kind() -> None:
    s, t = start(3)
    set_holds(s, 0, [(C.FOOD, 3), (C.GOLD, 3), (C.GOLD, 4), (C.POWDER, 2), (C.POWDER, 2)])
    tr = tracer()
    last_turn(s, t, 0, GOLD_GOLD, 2, 5, tr)
    assert dk(s) == "hold" and s[G.CUR] == 0
    assert options(s, t) == [("hold", 0), ("hold", 3)]  # the two powder holds are one option
    play(s, t, "hold", 3, tr)
    assert rows(tr, "dump") == [[0, 3, C.POWDER, 2, 0]]
    assert (s[S.pbase(0) + P.HOLD_KIND + 3], s[S.pbase(0) + P.HOLD_N + 3]) == (C.GOLD, 2)


def test_JAM_R10_a_load_no_hold_can_take_is_lost() -> None:
    s, t = start(3)
    set_holds(s, 0, [(C.GOLD, 1)] * 5)
    tr = tracer()
    last_turn(s, t, 0, GOLD_GOLD, 2, 5, tr)
    assert [r[1:3] for r in rows(tr, "load_lost")] == [[C.GOLD, 2], [C.GOLD, 5]]
    assert S.amount(s, 0, C.GOLD) == 5


def reference_holds(kinds: list[int], tokens: list[int], kind: int, sixth_open: bool,
                    sixth_last: bool, ghost: bool) -> list[int]:
    """JAM-R10/Q7 read plainly: the first empty of the five holds (and the empty 6th beside it
    unless sixth_hold_last, never for the ghost), else the empty 6th, else every hold of
    another kind, holds alike (kind, tokens, 6th or not) once; the ghost takes the first."""
    empties = [h for h in range(C.SIXTH) if kinds[h] == C.EMPTY]
    sixth_empty = sixth_open and kinds[C.SIXTH] == C.EMPTY
    if empties:
        return empties[:1] + ([C.SIXTH] if sixth_empty and not sixth_last and not ghost else [])
    if sixth_empty:
        return [C.SIXTH]
    listed, seen = [], set()
    for h in range(C.NHOLDS if sixth_open else C.SIXTH):
        key = (kinds[h], tokens[h], h == C.SIXTH)
        if kinds[h] != kind and key not in seen:
            seen.add(key)
            listed.append(h)
    return listed[:1] if ghost else listed


@pytest.mark.parametrize("sixth_last", [True, False])
def test_JAM_R10_Q7_load_holds_match_the_plain_reading(sixth_last: bool) -> None:
    """The hold lister (fixed-length loops) against reference_holds on random holds, with and
    without the 6th Hold, for ships and the Ghost Ship."""
    rng = np.random.default_rng(10)
    s0, t = start(3, sixth_hold_last=sixth_last)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    for _ in range(600):
        s = s0.copy()
        b = S.pbase(0)
        kinds = [int(k) for k in rng.choice([C.EMPTY, C.GOLD, C.FOOD, C.POWDER], C.NHOLDS,
                                            p=[0.1, 0.3, 0.3, 0.3])]
        tokens = [0 if k == C.EMPTY else int(rng.integers(1, 4)) for k in kinds]
        s[b + P.HOLD_KIND:b + P.HOLD_KIND + C.NHOLDS] = kinds
        s[b + P.HOLD_N:b + P.HOLD_N + C.NHOLDS] = tokens
        sixth_open = bool(rng.random() < 0.5)
        s[O.TOWNER + S.power_card(t, C.SIXTH_HOLD)] = 0 if sixth_open else -1  # -1: the pile
        ghost = bool(rng.random() < 0.2)
        s[G.GHOST] = 0 if ghost else -1
        kind = int(rng.integers(C.GOLD, C.POWDER + 1))
        n = A.load_holds(s, t, 0, kind, opts)
        assert [int(A.payload(o)) for o in opts[:n]] == reference_holds(
            kinds, tokens, kind, sixth_open, sixth_last, ghost), (kinds, tokens, kind)


def test_JAM_R11_move_exactly_the_die_and_choose_at_a_fork() -> None:
    s, t = start(3)
    place(s, 0, 4)
    set_holds(s, 0, [(C.FOOD, 9), (C.GOLD, 9)])
    last_turn(s, t, 0, FWD_FOOD, 4, 1)
    assert dk(s) == "route"
    ends = sorted(p & 63 for _, p in options(s, t))
    assert ends == [8, 14]  # 4 -> 5, 6, then 7, 8 or 13, 14
    play(s, t, "end", 14 | C.RACING << A.RACE_SHIFT)
    assert s[S.pbase(0) + P.POS] == 14


def test_JAM_R11_backward_first_move_needs_a_full_lap() -> None:
    s, t = start(3)
    tr = tracer()
    last_turn(s, t, 0, BACK_FWD, 2, 1, tr)
    moves = rows(tr, "move")
    assert moves[0][1:4] == [0, 48, C.PRE_START]
    assert moves[1][1:4] == [48, 49, C.PRE_START]


def test_JAM_R12_combat_before_paying_never_on_port_royal() -> None:
    s, t = start(3)
    place(s, 1, 2)
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 2, 1, tr)
    seq = [n for n in names(tr) if n in ("combat", "pay", "shortage")]
    assert seq[0] == "combat"
    s, t = start(3)
    tr = tracer()
    last_turn(s, t, 0, BACK_FWD, 1, 1, tr)  # 0 -> 49 -> 0 with ships on Port Royal
    assert "combat" not in names(tr)


def test_JAM_R13_ports_cost_doubloons_the_sea_food_lairs_give_treasure() -> None:
    s, t = start(3)
    tr = tracer()
    last_turn(s, t, 0, FWD_FWD, 1, 4, tr)  # 0 -> 1 (sea, 2 food) -> 5 (port, 3 doubloons)
    assert [r[1:4] for r in rows(tr, "pay")] == [[C.FOOD, 2, 1], [C.GOLD, 3, 5]]
    assert S.amount(s, 0, C.FOOD) == 1 and S.amount(s, 0, C.GOLD) == 0
    s, t = start(3)
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 4, 1, tr)  # 0 -> 4, a lair
    assert rows(tr, "treasure")[0][2] == 4 and s[O.TOKEN + 4] == 0
    assert sum(1 for c in range(C.NTREASURES) if s[O.TOWNER + c] == 0) == 1


def test_JAM_R13_payment_takes_the_smallest_holds_first() -> None:
    s, t = start(3)
    set_holds(s, 0, [(C.FOOD, 5), (C.FOOD, 1), (C.GOLD, 3)])
    last_turn(s, t, 0, FWD_FOOD, 2, 1)  # 0 -> 2, sea: 3 food; then 1 food loaded
    b = S.pbase(0)
    assert sorted((int(k), int(n)) for k, n in zip(s[b + P.HOLD_KIND:b + P.HOLD_KIND + 5],
                                                   s[b + P.HOLD_N:b + P.HOLD_N + 5]) if k) \
        == [(C.GOLD, 3), (C.FOOD, 1), (C.FOOD, 3)]


def test_JAM_R14_shortage_pays_all_and_falls_back_to_a_payable_space() -> None:
    s, t = start(3)
    set_holds(s, 0, [(C.FOOD, 2), (C.GOLD, 3)])
    place(s, 0, 15)
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 3, 1, tr)  # 15 -> 18, port 3: pays 3 doubloons
    assert rows(tr, "pay")[0][1:3] == [C.GOLD, 3]
    s, t = start(3)
    set_holds(s, 0, [(C.FOOD, 2), (C.GOLD, 1)])
    place(s, 0, 15)
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 3, 1, tr)  # 18 costs 3 doubloons: pays 1, falls back
    assert rows(tr, "shortage")[0][1:4] == [C.GOLD, 1, 3]
    assert rows(tr, "fallback")[0][1:3] == [18, 17]  # 17, sea 2: the food pays it
    assert S.amount(s, 0, C.GOLD) == 0


def test_JAM_R14_a_fallback_onto_a_ship_fights_first() -> None:
    s, t = start(3)
    set_holds(s, 0, [(C.FOOD, 2)])
    place(s, 0, 15)
    place(s, 1, 17)
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 3, 1, tr)
    seq = [n for n in names(tr) if n in ("shortage", "fallback", "combat")]
    assert seq == ["shortage", "fallback", "combat"]


def test_JAM_R14_a_fallback_chooses_at_a_merge() -> None:
    s, t = start(3)
    set_holds(s, 0, [(C.GOLD, 1)])  # no food, 1 doubloon
    place(s, 0, 15)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    n = A.route_ends(s, t, 0, False, 0, True, opts)
    # behind 15: 14, 13 (sea) and 6, 5 (ports of 5 and 3) to the lair 4; or 12 to the lair 11
    assert sorted(int(A.payload(o)) & 63 for o in opts[:n]) == [4, 11]


# --- combat (JAM-R15..R20) ------------------------------------------------------------------

def fight(seed: int = 1, n: int = 3, **switches: object):
    """Seat 0 moves 0 -> 1 onto seat 1 (and seat 2 when n > 2 sits elsewhere)."""
    s, t = start(n, seed, **switches)
    place(s, 1, 1)
    return s, t


def test_JAM_R15_several_ships_the_attacker_picks_one() -> None:
    s, t = fight()
    place(s, 2, 1)
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    assert dk(s) == "target" and s[G.CUR] == 0
    assert options(s, t) == [("ship", 1), ("ship", 2)]
    play(s, t, "ship", 2, tr)
    assert rows(tr, "combat")[0][:3] == [0, 2, 1]


def test_JAM_R16_strength_is_face_plus_gunpowder_and_powder_is_lost() -> None:
    s, t = fight()
    set_holds(s, 0, [(C.FOOD, 3), (C.POWDER, 4)])
    force_draws(s, [(die_face(t, 4), 6), (die_face(t, 8), 6)])
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    assert dk(s) == "bid" and options(s, t)[-1] == ("powder", 4)
    play(s, t, "powder", 3, tr)
    assert rows(tr, "roll")[0][1:3] == [4, 7]
    assert S.amount(s, 0, C.POWDER) == 1 and s[S.pbase(0) + P.POWDER_SPENT] == 3
    assert rows(tr, "result")[0][:2] == [1, 0]  # 8 beats 7


def test_JAM_R16_lady_beth_adds_two() -> None:
    s, t = fight()
    give_treasure(s, t, card_of(t, C.POWER, C.BETH), 0)
    force_draws(s, [(die_face(t, 6), 6), (die_face(t, 8), 6)])
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    assert rows(tr, "roll")[0][1:3] == [6, 8]
    assert rows(tr, "result")[0][:2] == [-1, -1]  # 8 against 8: a tie


def test_JAM_R17_a_star_wins_at_once() -> None:
    s, t = fight()
    set_holds(s, 1, [(C.POWDER, 5)])
    force_draws(s, [(die_face(t, -1), 6)])
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    assert len(rows(tr, "roll")) == 1 and "bid" not in names(tr)  # the defender does nothing
    assert rows(tr, "result")[0][:2] == [0, 1] and dk(s) == "spoils"
    s, t = fight()
    force_draws(s, [(die_face(t, 10), 6), (die_face(t, -1), 6)])
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    assert rows(tr, "result")[0][:2] == [1, 0]


def test_JAM_R18_a_tie_does_nothing() -> None:
    s, t = fight()
    force_draws(s, [(die_face(t, 6), 6), (die_face(t, 6), 6)])
    tr = tracer()
    before = [S.amount(s, q, k) for q in (0, 1) for k in (C.GOLD, C.POWDER)]
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    assert rows(tr, "result")[0][:2] == [-1, -1] and "take_hold" not in names(tr)
    assert [S.amount(s, q, C.POWDER) for q in (0, 1)] == [before[1], before[3]]


def test_JAM_R19_spoils_a_hold_a_treasure_a_curse_or_nothing() -> None:
    s, t = fight()
    give_treasure(s, t, card_of(t, C.POWER, C.MORGAN), 1)
    give_treasure(s, t, card_of(t, C.VALUE, 7), 1)
    give_treasure(s, t, card_of(t, C.CURSED, -4), 0)
    force_draws(s, [(die_face(t, 10), 6), (die_face(t, 2), 6)])
    last_turn(s, t, 0, FWD_FOOD, 1, 1)
    assert dk(s) == "spoils" and s[G.CUR] == 0
    opts = options(s, t)
    assert ("take_hold", 0) in opts and ("take_hold", 1) in opts
    assert ("take_card", card_of(t, C.POWER, C.MORGAN)) in opts and ("blind", 0) in opts
    assert ("give", card_of(t, C.CURSED, -4)) in opts and opts[-1] == ("pass", 0)
    tr = tracer()
    play(s, t, "take_hold", 1, tr)  # the loser's 3 doubloons, loaded into an empty hold
    assert rows(tr, "take_hold")[0][1:4] == [1, C.GOLD, 3] and S.amount(s, 1, C.GOLD) == 0
    assert S.amount(s, 0, C.GOLD) == 6  # its own 3 and the loser's 3


def test_JAM_R19_a_stolen_6th_hold_takes_its_contents() -> None:
    s, t = fight()
    sixth = card_of(t, C.POWER, C.SIXTH_HOLD)
    give_treasure(s, t, sixth, 1)
    s[S.pbase(1) + P.HOLD_KIND + C.SIXTH] = C.POWDER
    s[S.pbase(1) + P.HOLD_N + C.SIXTH] = 4
    force_draws(s, [(die_face(t, 10), 6), (die_face(t, 2), 6)])
    last_turn(s, t, 0, FWD_FOOD, 1, 1)
    play(s, t, "powder", 0)  # the defender bids nothing
    play(s, t, "take_card", sixth)
    assert s[O.TOWNER + sixth] == 0 and S.amount(s, 1, C.POWDER) == 0
    assert (s[S.pbase(0) + P.HOLD_KIND + C.SIXTH], s[S.pbase(0) + P.HOLD_N + C.SIXTH]) \
        == (C.POWDER, 4)


def test_JAM_R20_sarans_sabre_rolls_again_once() -> None:
    s, t = fight()
    give_treasure(s, t, card_of(t, C.POWER, C.SABRE), 1)
    force_draws(s, [(die_face(t, -1), 6), (die_face(t, 2), 6), (die_face(t, 4), 6)])
    tr = tracer()
    last_turn(s, t, 0, FWD_FOOD, 1, 1, tr)
    assert dk(s) == "sabre" and s[G.CUR] == 1  # the defender, against the attacker's star
    play(s, t, "reroll", tr=tr)
    assert rows(tr, "sabre")[0][:2] == [1, 0]
    assert [r[1] for r in rows(tr, "roll")] == [-1, 2, 4]  # star, rerolled 2, defender 4
    assert rows(tr, "result")[0][:2] == [1, 0] and dk(s) == "spoils"  # no second Sabre offer


# --- the race and the end (JAM-R21..R24) ----------------------------------------------------------

@pytest.mark.parametrize(("x", "race", "forward", "steps", "end"), [
    (0, C.START, True, 3, (3, C.RACING)),
    (0, C.START, False, 2, (48, C.PRE_START)),
    (48, C.PRE_START, True, 2, (0, C.START)),
    (48, C.PRE_START, True, 4, (2, C.RACING)),
    (2, C.RACING, False, 2, (0, C.START)),
    (2, C.RACING, False, 4, (48, C.PRE_START)),
    (47, C.RACING, True, 6, (0, C.FINISHED)),
    (47, C.RACING, True, 3, (0, C.FINISHED)),
])
def test_JAM_R21_race_phases(x, race, forward, steps, end) -> None:
    s, t = start(3)
    place(s, 0, x, race)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    n = A.route_ends(s, t, 0, forward, steps, False, opts)
    p = int(A.payload(opts[0]))
    assert n == 1 and (p & 63, p >> A.RACE_SHIFT) == end


def searched_ends(s, t, ship: int, forward: bool, steps: int) -> list[int]:
    """The ends of a die move by the track search itself (routes.search)."""
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    b = S.pbase(ship)
    n = routes.search(t, T.NEXT if forward else T.PREV, T.SPACE_KIND, T.SPACE_COST,
                      s[b + P.POS], s[b + P.RACE], steps, forward, not S.is_ghost(s, ship),
                      False, 0, 0, A.option(A.OT.END, 0), opts)
    return [int(o) for o in opts[:n]]


def test_JAM_R11_R21_every_die_move_reads_its_searched_ends_from_the_table() -> None:
    """The route table (T.ROUTES, built from the board on load) gives every die move from every
    space and race phase, both directions, for a ship and for the Ghost Ship, exactly the ends
    the track search finds, in its order; an entry marked -1 (more ends than it holds) is
    searched."""
    assert all(routes.entry(*routes.move_of(key)) == key * routes.SLOTS
               for key in range(C.ROUTE_KEYS))  # every entry of the table is one move's
    s, t = start(3)
    opts = np.zeros(A.MAX_OPTIONS, np.int32)
    for ghost in (False, True):
        s[G.GHOST] = 0 if ghost else -1
        for x in range(C.NSPACES):
            for race in range(C.NRACES):
                place(s, 0, x, race)
                for forward in (True, False):
                    for steps in range(1, C.DIE_MAX + 1):
                        n = A.route_ends(s, t, 0, forward, steps, False, opts)
                        assert [int(o) for o in opts[:n]] == searched_ends(
                            s, t, 0, forward, steps), (ghost, x, race, forward, steps)
    place(s, 0, 10, C.RACING)
    s[G.GHOST] = -1
    at = T.ROUTES + routes.entry(10, C.RACING, 3, True, True)
    t[at] = -1
    n = A.route_ends(s, t, 0, True, 3, False, opts)
    assert n >= 1 and [int(o) for o in opts[:n]] == searched_ends(s, t, 0, True, 3)


def test_JAM_R22_a_finish_stops_and_the_round_is_completed() -> None:
    s, t = start(3, 2)
    place(s, 0, 47)
    tr = tracer()
    cap = (0 + 1) % 3
    last_turn(s, t, 0, FWD_FWD, 5, 6, tr)  # the last seat: the game ends after its turn
    assert rows(tr, "move") == [[0, 47, 0, C.FINISHED, 0]]  # no evening move
    assert "end_trigger" in names(tr) and s[G.PHASE] == S.PH.OVER
    assert rows(tr, "game_end") and cap == s[G.CAPTAIN]
    s, t = start(3, 2)
    place(s, 0, 47)
    s[G.CAPTAIN] = 0
    s[G.DIE_M], s[G.DIE_E] = 5, 6
    from tests.jamaica.helpers import lay_card
    for p in range(3):
        lay_card(s, p, FWD_FWD)
    s[G.CHOOSER], s[G.TURN], s[G.STEP], s[G.DK] = 3, 0, S.ST.TURN, DK.NONE
    R.advance(s, t, tr)
    while s[G.PHASE] != S.PH.OVER:  # the others still play their cards
        play(s, t, options(s, t)[0][0])
    assert s[G.ROUND] == 1 and s[S.pbase(1) + P.RACE] == C.RACING  # no further round


def test_JAM_R23_score_space_doubloons_treasures_curses() -> None:
    s, t = start(3)
    place(s, 0, 0, C.FINISHED)
    place(s, 1, 45)
    place(s, 2, 20)
    set_holds(s, 0, [(C.GOLD, 4), (C.FOOD, 9), (C.GOLD, 2)])
    give_treasure(s, t, card_of(t, C.VALUE, 7), 0)
    give_treasure(s, t, card_of(t, C.CURSED, -3), 0)
    give_treasure(s, t, card_of(t, C.POWER, C.BETH), 0)
    rec = records(s, t)
    assert list(rec[0, REC.VP:REC.VP + 4]) == [15, 6, 7, -3] and rec[0, R_SCORE] == 25
    assert rec[1, REC.VP] == 6 and rec[2, REC.VP] == -5  # space 45: 6; before the line: -5


def test_JAM_R24_ties_go_to_the_ship_furthest_along() -> None:
    s, t = start(3)
    for p, (x, gold) in enumerate(((44, 2), (46, 0), (46, 0))):
        place(s, p, x)
        set_holds(s, p, [(C.GOLD, gold)] if gold else [])
    rec = records(s, t)  # 5 + 2 = 7 = 7 + 0: seat 0 is behind
    assert list(rec[:, R_SCORE]) == [7, 7, 7]
    assert list(rec[:, R_RANK]) == [3, 1, 1] and list(rec[:, R_WIN_SHARE]) == [0, 0.5, 0.5]


# --- JAM-V1: the Ghost Ship ---------------------------------------------------------------

def test_JAM_V1_ghost_setup() -> None:
    s, t = start(2)
    g = s[G.GHOST]
    b = S.pbase(g)
    assert g == 2 and s[b + P.POS] == 0
    assert sorted(S.P.view(s, "HOLD_N", b)[:2]) == [3, 5] and S.amount(s, g, C.GOLD) == 8
    assert s[O.TOWNER + card_of(t, C.POWER, C.BETH)] == g
    pile = set(int(c) for c in s[O.TPILE:O.TPILE + s[G.TPILE_N]])
    assert s[G.TPILE_N] == 9 and card_of(t, C.POWER, C.BETH) not in pile


def ghost_round(s, t, tr, ghost_at, p0_at, p1_at, dm=2, de=3):
    place(s, 2, *ghost_at)
    place(s, 0, *p0_at)
    place(s, 1, *p1_at)
    last_turn(s, t, 0, GOLD_GOLD, dm, de, tr)


def test_JAM_V1_ghost_moves_twice_backward_when_leading() -> None:
    s, t = start(2)
    tr = tracer()
    ghost_round(s, t, tr, (48, C.RACING), (10, C.RACING), (12, C.RACING))
    dirs = [r[1] for r in rows(tr, "ghost_dir")]
    assert dirs == [C.BACKWARD, C.BACKWARD]
    assert [r[1:3] for r in rows(tr, "move") if r[0] == 2] == [[48, 46], [46, 43]]
    assert "pay" not in names(tr) and "shortage" not in names(tr)  # the ghost never pays


def test_JAM_V1_ghost_forward_when_last_and_the_captain_chooses_otherwise() -> None:
    s, t = start(2)
    tr = tracer()
    ghost_round(s, t, tr, (3, C.RACING), (10, C.RACING), (12, C.RACING))
    assert rows(tr, "ghost_dir")[0][1] == C.FORWARD
    s, t = start(2)
    tr = tracer()
    ghost_round(s, t, tr, (11, C.RACING), (10, C.RACING), (12, C.RACING))
    assert dk(s) == "ghost_dir" and s[G.CUR] == s[G.CAPTAIN]


def test_JAM_V1_ghost_takes_lair_treasures_and_fights_with_beth() -> None:
    s, t = start(2)
    tr = tracer()
    force_draws(s, [(die_face(t, 6), 6), (die_face(t, 6), 6)])
    ghost_round(s, t, tr, (30, C.RACING), (10, C.RACING), (28, C.RACING), dm=2, de=3)
    combat = rows(tr, "combat")[0]
    assert combat[:2] == [2, 1]
    assert rows(tr, "roll")[0][1:3] == [6, 8]  # the ghost: die + 2 (Lady Beth)
    assert rows(tr, "result")[0][:2] == [2, 1]
    assert dk(s) == "spoils" and s[G.CUR] == 0  # the other player decides for the ghost
    assert ("give", 0) not in options(s, t)
    play(s, t, "take_hold", 0, tr)  # food: it goes to the bank
    assert S.amount(s, 2, C.FOOD) == 0 and S.amount(s, 1, C.FOOD) == 0


def test_JAM_V1_lady_beth_is_never_stolen_from_the_ghost_and_it_does_not_score() -> None:
    s, t = start(2)
    place(s, 2, 1)
    force_draws(s, [(die_face(t, 10), 6), (die_face(t, 2), 6)])
    last_turn(s, t, 0, FWD_FOOD, 1, 1)
    assert dk(s) == "spoils" and s[G.CUR] == 0
    assert ("take_card", card_of(t, C.POWER, C.BETH)) not in options(s, t)
    rec = records(s, t)
    assert rec.shape[0] == 2


# --- records -------------------------------------------------------------------------------

def test_records_add_up_and_count_fights() -> None:
    kernels, params = REGISTRY.resolve(["pirate", "random", "random", "random"])
    rec, err = LOOP.run_batch(load_tables(), 4, np.arange(20, dtype=np.int64), kernels, params,
                              check=True)
    assert not err.any()
    cols = GAME.record_columns
    vp = [cols.index(f"vp_{src}") for src in C.SRC_NAMES]
    np.testing.assert_allclose(rec[:, :, vp].sum(axis=2), rec[:, :, R_SCORE])
    won, lost = cols.index("fights_won"), cols.index("fights_lost")
    assert rec[:, :, won].sum() == rec[:, :, lost].sum()  # no ghost with 4 players
    assert set(np.unique(rec[:, :, cols.index("captain_order")])) == {0, 1, 2, 3}
