"""Siberia rule clauses SIB-R0..R18, the variants SIB-V1..V2 and the open questions SIB-Q1..Q9,
one test (or more) per id, on constructed states, run interpreted."""
from __future__ import annotations

import numpy as np
import pytest

from core.siberia import actions as A
from core.siberia import codes as C
from core.siberia import rules as R
from core.siberia import state as S
from core.siberia.check import check_state
from core.siberia.game import GAME, player_range
from core.siberia.play import NREC, R_RANK, R_SCORE, R_WIN_SHARE, REC, write_records
from core.siberia.tables import load_tables
from strategies.common.bound import bound
from tests.siberia.helpers import (
    TR, card, mine, options, paid, play, rules, set_hand, set_row, start, turn_of,
)

play_game, REGISTRY = bound(GAME).loop.play_game, bound(GAME).registry

GW, GS, GI = card("gold", "worker"), card("gold", "salesman"), card("gold", "investor")
CW, CS, DW, OI = card("coal", "worker"), card("coal", "salesman"), card("diamond", "worker"), \
    card("oil", "investor")


def tags(s, t) -> set[str]:
    return {name for name, _ in options(s, t)}


def records(s, t) -> np.ndarray:
    rec = np.zeros((s[S.G.NP], NREC))
    write_records(s, t, np.zeros(s[S.G.NP], np.int64), rec)
    return rec


# --- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_SIB_R0_two_to_four_players_finish(n: int) -> None:
    assert player_range(load_tables()) == (2, 4)
    kernels, params = REGISTRY.resolve(["random"] * n)
    g = play_game(load_tables(), n, 11, kernels, params, check=True)
    assert g.error == 0 and g.records[:, R_WIN_SHARE].sum() == pytest.approx(1.0)


def test_symbol_types_are_the_cards_showing_each_symbol() -> None:
    """A card (resource, person) shows its resource and its person (SIB-R8)."""
    for x in range(C.NSYM):
        want = sum(1 << card(res, person) for res in C.RES_NAMES for person in C.PERSON_NAMES
                   if x in (C.RES_NAMES.index(res), C.WORKER + C.PERSON_NAMES.index(person)))
        assert S.symbol_types(x) == want


def test_SIB_R1_row_of_eight_first_three_face_up() -> None:
    s, t = start(3, seed=4)
    row = s[S.O.ROW:S.O.ROW + 8]
    assert (row >= 0).all() and s[S.O.ROW + 8:S.O.ROW + C.MAX_ROW].tolist() == [-1] * 4
    assert s[S.O.FACE:S.O.FACE + 8].tolist() == [1, 1, 1, 0, 0, 0, 0, 0]
    assert S.deck_left(s) == 36 - 8 and s[S.G.RDECK_N] == 36
    decks = {tuple(start(3, seed=k)[0][S.O.ROW:S.O.ROW + 8]) for k in range(5)}
    assert len(decks) == 5  # shuffled


def test_SIB_R2_one_worker_each_open_supplies() -> None:
    s, t = start(4)
    assert [s[S.pbase(p) + S.P.WORKERS] for p in range(4)] == [1] * 4
    assert s[S.G.WORKERS] == 10 - 4
    assert s[S.O.SALESMEN:S.O.SALESMEN + 8].tolist() == [1] * 8
    assert s[S.O.INVESTORS:S.O.INVESTORS + 5].tolist() == [1] * 5


def test_SIB_R3_five_action_cards_each() -> None:
    s, t = start(3)
    assert [s[S.pbase(p) + S.P.HAND_N] for p in range(3)] == [5] * 3
    assert s[S.G.APILE_N] == 60 - 15 and check_state(s, t) == 0


def test_SIB_R4_random_start_then_clockwise() -> None:
    starts = {int(start(4, seed=k)[0][S.G.START]) for k in range(30)}
    assert starts == {0, 1, 2, 3}
    s, t = start(3, seed=2)
    first = s[S.G.CUR]
    assert first == s[S.G.START]
    while s[S.G.CUR] == first:
        name, _ = options(s, t)[0 if s[S.G.DK] != S.DK.DISCOVER else -1]
        play(s, t, name)
    assert s[S.G.CUR] == (first + 1) % 3


# --- discovery (SIB-R5, Q6, Q9) -----------------------------------------------------------------

def test_SIB_R5_three_face_down_discovery_is_mandatory_and_chosen() -> None:
    s, t = start(3)
    assert s[S.G.DK] == S.DK.DISCOVER
    opts = options(s, t)
    assert opts == [("discover", i) for i in range(3, 8)]  # no "none"; any of the five
    p = s[S.G.CUR]
    play(s, t, "discover", 6)
    assert s[S.O.FACE + 6] == 1 and s[S.G.DK] == S.DK.MAIN and s[S.G.CUR] == p


def test_SIB_R5_two_face_down_discovery_is_optional() -> None:
    s, t = start(3)
    set_row(s, t, [("gas", True)] * 6 + [("coal", False)] * 2)
    turn_of(s, s[S.G.CUR], S.DK.DISCOVER)
    assert options(s, t) == [("no_discovery", 0), ("discover", 6), ("discover", 7)]
    play(s, t, "no_discovery")
    assert s[S.G.DK] == S.DK.MAIN and s[S.G.FACE_DOWN] == 2


def test_SIB_R5_no_face_down_card_no_discovery() -> None:
    s, t = start(3)
    set_row(s, t, [("gas", True)] * 8)
    p = s[S.G.CUR]
    turn_of(s, p)
    play(s, t, "draw")
    assert s[S.G.CUR] == (p + 1) % 3 and s[S.G.DK] == S.DK.MAIN


def test_SIB_Q6_discover_any_false_only_the_first_face_down() -> None:
    s, t = start(3, discover_any=False)
    assert options(s, t) == [("discover", 3)]


@pytest.mark.parametrize("forced", [True, False])
def test_SIB_Q9_force_discovery_when_deck_empty(forced: bool) -> None:
    s, t = start(3, force_discovery_when_deck_empty=forced)
    set_row(s, t, [("gas", True)] * 7 + [("coal", False)], deck=0)
    turn_of(s, s[S.G.CUR], S.DK.DISCOVER)
    names = [name for name, _ in options(s, t)]
    assert names == (["discover"] if forced else ["no_discovery", "discover"])


# --- draw, play, skip (SIB-R6, R7) -------------------------------------------------------------

def test_SIB_R6_draw_two_or_play_then_draw_one() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    b = S.pbase(p)
    set_row(s, t, [("gold", True)] + [("gas", False)] * 7)
    turn_of(s, p)
    set_hand(s, p, [GW, GS, CW])
    play(s, t, "draw")
    assert s[b + S.P.HAND_N] == 5 and s[S.G.CUR] != p
    turn_of(s, p)
    play(s, t, "mine", mine("gold", 1))
    play(s, t, "pay", paid(GW, GS))
    assert s[b + S.P.HAND_N] == 5 - 2 + 1 and s[b + S.P.RES_N + C.GOLD] == 1


def test_SIB_R6_skip_only_when_no_card_can_be_drawn() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    turn_of(s, p)
    assert "draw" in tags(s, t) and "skip" not in tags(s, t)
    set_hand(s, p, [GW, GS, CW, CS, DW, OI, GI, CW])
    assert "skip" in tags(s, t) and "draw" not in tags(s, t)
    play(s, t, "skip")
    assert s[S.G.CUR] == (p + 1) % 3


def test_SIB_R7_at_seven_cards_draw_one_and_pile_rebuilt_from_discards() -> None:
    s, t = start(2)
    p = s[S.G.CUR]
    b = S.pbase(p)
    set_hand(s, p, [GW, GS, CW, CS, DW, OI, GI])
    turn_of(s, p)
    play(s, t, "draw")
    assert s[b + S.P.HAND_N] == 8
    # empty the pile into the discards: the next draw reshuffles
    pile = s[S.O.APILE:S.O.APILE + s[S.G.APILE_N]].copy()
    for ty in pile:
        s[S.O.DISCARD + ty] += 1
    s[S.G.DISCARD_N] += len(pile)
    s[S.G.APILE_N] = 0
    discards = int(s[S.G.DISCARD_N])
    q = 1 - p
    turn_of(s, q)
    before = s[S.pbase(q) + S.P.HAND_N]
    play(s, t, "draw")
    assert s[S.pbase(q) + S.P.HAND_N] == before + 2
    assert s[S.G.RESHUFFLES] == 1 and s[S.G.DISCARD_N] == 0
    assert s[S.G.APILE_N] == discards - 2


# --- combinations (SIB-R8, R9, Q2) ---------------------------------------------------------------

def test_SIB_R8_two_cards_showing_x_or_one_plus_any_two() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gold", True)] + [("gas", False)] * 7)
    turn_of(s, p)
    set_hand(s, p, [GW, CW, DW])  # one gold card + two others
    assert ("mine", mine("gold", 1)) in options(s, t)
    play(s, t, "mine", mine("gold", 1))
    assert options(s, t) == [("pay", paid(GW, CW, DW))]
    set_hand(s, p, [GW, CW])  # one gold card, one other: no combination for gold
    turn_of(s, p)
    assert ("mine", mine("gold", 1)) not in options(s, t)
    assert ("hire_worker", 0) in options(s, t)  # both show a worker


def test_SIB_R8_every_payment_multiset_once() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gold", True)] + [("gas", False)] * 7)
    set_hand(s, p, [GW, GS, CW, CS])
    turn_of(s, p)
    play(s, t, "mine", mine("gold", 1))
    got = sorted(v for _, v in options(s, t))
    want = sorted({paid(GW, GS), paid(GW, CW, CS), paid(GS, CW, CS), paid(GW, GS, CW),
                   paid(GW, GS, CS)})
    assert got == want
    play(s, t, "pay", paid(GW, GS))
    assert s[S.O.DISCARD + GW] >= 1 and s[S.O.DISCARD + GS] >= 1  # face up to the discards


def reference_payments(hand: list[int], x: int, investor: bool, two_any: bool,
                       misc: dict[str, int]) -> list[int]:
    """The pay payloads of SIB-R8/R9 by plain enumeration: every multiset of hand cards of the
    combination's sizes, ascending by card type; the '1 showing X + any' (or, with the investor
    and investor_two_any, 'any') form first, then the all-X form when its size differs."""
    from itertools import combinations_with_replacement

    def shows(ty: int) -> bool:
        return ty // C.NPERSON == x or C.WORKER + ty % C.NPERSON == x

    def sets(k: int, keep) -> list[int]:
        found = []
        for combo in combinations_with_replacement(sorted(set(hand)), k):
            if all(combo.count(ty) <= hand.count(ty) for ty in combo) and keep(combo):
                found.append(paid(*combo))
        return found

    saved = misc["investor_saves"] if investor else 0
    all_x = misc["combo_match"] - saved
    if investor and not two_any:
        any_form = 0
    elif saved:
        any_form = misc["combo_any"]
    else:
        any_form = misc["combo_any"] + 1
    out = []
    if any_form > 0:
        out += sets(any_form, lambda c: saved > 0 or any(shows(ty) for ty in c))
    if all_x > 0 and all_x != any_form:
        out += sets(all_x, lambda c: all(shows(ty) for ty in c))
    return out


@pytest.mark.parametrize("two_any", [True, False])
def test_SIB_R8_R9_pay_options_are_every_multiset_in_order(two_any: bool) -> None:
    """The pay lister (bit sets of the types held once, twice, three times) gives exactly the
    plain enumeration's multisets in its order, for random hands, every symbol, with and
    without the investor."""
    misc = {key: int(load_tables().misc[getattr(C.M, key.upper())])
            for key in ("combo_match", "combo_any", "investor_saves")}
    rng = np.random.default_rng(8)
    s0, t = start(3, investor_two_any=two_any)
    p = s0[S.G.CUR]
    b = S.pbase(p)
    checked = 0
    while checked < 400:
        hand = [int(ty) for ty in rng.integers(0, C.NTYPES, rng.integers(1, 9))]
        s = s0.copy()
        try:
            set_hand(s, p, hand)
        except ValueError:  # more of a type than the pile and the discards hold
            continue
        x = int(rng.integers(0, C.NSYM))
        investor = x < C.NRES and rng.random() < 0.4
        s[b + S.P.INVESTORS + x] = 1 if investor else 0  # a payment is only listed, not checked
        s[S.G.SYMBOL] = x
        s[S.G.DK] = S.DK.PAY
        opts = np.zeros(A.MAX_OPTIONS, np.int32)
        n = A.legal(s, t, opts)
        assert [A.payload(o) for o in opts[:n]] == reference_payments(
            hand, x, investor, two_any, misc), (hand, x, investor)
        assert all(A.tag(o) == A.OT.PAY for o in opts[:n])
        checked += 1


@pytest.mark.parametrize("two_any", [True, False])
def test_SIB_R9_SIB_Q2_investor_saves_the_first_card(two_any: bool) -> None:
    s, t = start(3, investor_two_any=two_any)
    p = s[S.G.CUR]
    b = S.pbase(p)
    s[S.O.INVESTORS + C.GOLD] = 0
    s[b + S.P.INVESTORS + C.GOLD] = 1
    S.sync_supply_bits(s)
    set_row(s, t, [("gold", True)] + [("gas", False)] * 7)
    set_hand(s, p, [GW, CW, DW])
    turn_of(s, p)
    play(s, t, "mine", mine("gold", 1))
    got = set(v for _, v in options(s, t))
    assert paid(GW) in got  # 1 card showing gold
    assert (paid(CW, DW) in got) == two_any  # or any 2 cards
    set_hand(s, p, [CW, DW])  # no gold card at all
    turn_of(s, p)
    assert (("mine", mine("gold", 1)) in options(s, t)) == two_any


# --- actions (SIB-R10..R14, Q3, V1/Q4) -------------------------------------------------------

def test_SIB_R10_mine_in_order_passing_other_kinds_and_face_down() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    b = S.pbase(p)
    s[b + S.P.WORKERS] = 3
    s[S.G.WORKERS] -= 2
    set_row(s, t, [("gas", True), ("gold", True, 4000), ("gold", False), ("coal", True),
                   ("gold", True, 6000), ("gold", True, 5000), ("gas", False), ("gas", False)])
    set_hand(s, p, [GW, GS])
    turn_of(s, p)
    gold = [v for name, v in options(s, t) if name == "mine" and v >> A.MINE_SHIFT == C.GOLD]
    assert [v & A.MINE_MASK for v in gold] == [1, 2, 3]  # up to W = 3 of 3 face-up gold
    play(s, t, "mine", mine("gold", 2))
    play(s, t, "pay", paid(GW, GS))
    # the first two face-up gold from the headframe: 4000 and 6000; the face-down gold stays
    assert s[b + S.P.RES_N + C.GOLD] == 2 and s[b + S.P.RES_V + C.GOLD] == 10
    kinds = [int(t[C.T.RES_KIND + c]) if c >= 0 else -1 for c in s[S.O.ROW:S.O.ROW + 8]]
    assert kinds[:6] == [C.GAS, C.GOLD, C.COAL, C.GOLD, C.GAS, C.GAS]
    assert s[S.O.FACE + 1] == 0 and s[S.O.FACE + 3] == 1  # face-down gold kept, 5000 left


@pytest.mark.parametrize("forced", [False, True])
def test_SIB_Q3_mine_max_forced(forced: bool) -> None:
    s, t = start(3, mine_max_forced=forced)
    p = s[S.G.CUR]
    s[S.pbase(p) + S.P.WORKERS] = 2
    s[S.G.WORKERS] -= 1
    set_row(s, t, [("oil", True)] * 3 + [("gas", False)] * 5)
    set_hand(s, p, [OI, card("oil", "worker")])
    turn_of(s, p)
    counts = [v & A.MINE_MASK for name, v in options(s, t) if name == "mine"]
    assert counts == ([2] if forced else [1, 2])


@pytest.mark.parametrize(("cap", "most"), [(5, 5), ("none", 8)])
def test_SIB_R11_SIB_V1_SIB_Q4_worker_cap(cap: object, most: int) -> None:
    s, t = start(3, worker_cap=cap)
    p = s[S.G.CUR]
    b = S.pbase(p)
    hired = 0
    while True:
        set_hand(s, p, [GW, CW])
        turn_of(s, p)
        if ("hire_worker", 0) not in options(s, t):
            break
        play(s, t, "hire_worker")
        play(s, t, "pay", paid(GW, CW))
        hired += 1
    assert s[b + S.P.WORKERS] == most  # cap 5, or 1 + the supply (10 - 3 start workers)
    assert s[S.G.WORKERS] == 10 - 3 - hired


def test_SIB_R12_hire_an_available_salesman() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    b = S.pbase(p)
    set_hand(s, p, [GS, CS])
    turn_of(s, p)
    hires = [v for name, v in options(s, t) if name == "hire_salesman"]
    assert hires == list(range(8))
    play(s, t, "hire_salesman", C.DIAMOND)
    play(s, t, "pay", paid(GS, CS))
    assert s[b + S.P.SALESMEN + C.DIAMOND] == 1 and s[S.O.SALESMEN + C.DIAMOND] == 0
    set_hand(s, (p + 1) % 3, [GS, CS])
    turn_of(s, (p + 1) % 3)
    assert C.DIAMOND not in [v for name, v in options(s, t) if name == "hire_salesman"]


def test_SIB_R13_hire_an_available_investor() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_hand(s, p, [GI, OI])
    turn_of(s, p)
    assert [v for name, v in options(s, t) if name == "hire_investor"] == list(range(5))
    play(s, t, "hire_investor", C.OIL)
    play(s, t, "pay", paid(GI, OI))
    assert s[S.pbase(p) + S.P.INVESTORS + C.OIL] == 1 and s[S.O.INVESTORS + C.OIL] == 0


def test_SIB_R14_empty_supply_or_nothing_to_mine_is_not_offered() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gas", True)] + [("coal", False)] * 7)
    set_hand(s, p, [GW, GS, card("gold", "investor"), GI])
    s[S.O.SALESMEN:S.O.SALESMEN + 8] = 0
    s[S.pbase((p + 1) % 3) + S.P.SALESMEN:S.pbase((p + 1) % 3) + S.P.SALESMEN + 8] = 1
    S.sync_supply_bits(s)
    s[S.G.WORKERS] = 0
    s[S.pbase((p + 1) % 3) + S.P.WORKERS] += 4
    s[S.pbase((p + 2) % 3) + S.P.WORKERS] += 3
    turn_of(s, p)
    assert check_state(s, t) == 0
    got = tags(s, t)
    assert "hire_salesman" not in got and "hire_worker" not in got
    assert ("mine", mine("gold", 1)) not in options(s, t)  # no face-up gold
    assert "hire_investor" in got


# --- refill (SIB-R15, Q1) ------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["slide", "in_place"])
def test_SIB_R15_SIB_Q1_refill(mode: str) -> None:
    s, t = start(3, refill_mode=mode)
    p = s[S.G.CUR]
    set_row(s, t, [("gas", True), ("gold", True), ("coal", False), ("gold", True),
                   ("oil", True), ("gas", False), ("gas", False), ("gas", False)])
    set_hand(s, p, [GW, GS])
    s[S.pbase(p) + S.P.WORKERS] = 2
    s[S.G.WORKERS] -= 1
    deck_before = S.deck_left(s)
    turn_of(s, p)
    play(s, t, "mine", mine("gold", 2))
    play(s, t, "pay", paid(GW, GS))
    kinds = [int(t[C.T.RES_KIND + c]) if c >= 0 else -1 for c in s[S.O.ROW:S.O.ROW + 8]]
    faces = s[S.O.FACE:S.O.FACE + 8].tolist()
    if mode == "slide":
        assert kinds[:6] == [C.GAS, C.COAL, C.OIL, C.GAS, C.GAS, C.GAS]
        assert faces == [1, 0, 1, 0, 0, 0, 0, 0]  # order and faces kept, 2 new face down
    else:
        assert [kinds[i] for i in (0, 2, 4)] == [C.GAS, C.COAL, C.OIL]
        assert faces == [1, 0, 0, 0, 1, 0, 0, 0]  # the gaps at 1 and 3 filled face down
    assert S.deck_left(s) == deck_before - 2 and (s[S.O.ROW:S.O.ROW + 8] >= 0).all()


def test_SIB_R15_no_refill_from_an_empty_deck() -> None:
    s, t = start(3)
    p = s[S.G.CUR]
    set_row(s, t, [("gold", True)] + [("gas", True)] * 7, deck=0)
    set_hand(s, p, [GW, GS])
    turn_of(s, p)
    play(s, t, "mine", mine("gold", 1))
    play(s, t, "pay", paid(GW, GS))
    assert (s[S.O.ROW:S.O.ROW + 7] >= 0).all() and s[S.O.ROW + 7] == -1


# --- the end (SIB-R16, Q5, R17, R18, Q7) -----------------------------------------------------

@pytest.mark.parametrize("extra", [True, False])
def test_SIB_R16_SIB_Q5_last_discovery_then_one_more_turn_each(extra: bool) -> None:
    s, t = start(3, trigger_player_extra_turn=extra)
    p = s[S.G.CUR]
    set_row(s, t, [("gas", True)] * 7 + [("coal", False)], deck=0)
    turn_of(s, p, S.DK.DISCOVER)
    play(s, t, "discover", 7)
    assert s[S.G.TRIGGER] == p and s[S.G.FINAL_LEFT] == 3 + extra
    turns = [p]
    while s[S.G.PHASE] != S.PH.OVER:
        play(s, t, options(s, t)[0][0])
        if s[S.G.PHASE] != S.PH.OVER:
            turns.append(int(s[S.G.CUR]))
    # the discoverer finishes the turn, then every player (it included or not) once more
    want = [p, (p + 1) % 3, (p + 2) % 3] + ([p] if extra else [])
    assert turns == want


def test_SIB_R17_money_of_cards_persons_and_salesmen() -> None:
    s, t = start(2)
    b = S.pbase(0)
    s[b + S.P.RES_N + C.GAS] = 3
    s[b + S.P.RES_V + C.GAS] = 1 + 2 + 3
    s[b + S.P.RES_N + C.GOLD] = 2
    s[b + S.P.RES_V + C.GOLD] = 4 + 6
    s[b + S.P.WORKERS] = 3
    s[b + S.P.SALESMEN + C.GAS] = 1
    s[b + S.P.SALESMEN + C.SALESMAN] = 1
    s[b + S.P.INVESTORS + C.OIL] = 1
    # gas x 4000 (salesman) + gold printed + 3 workers x 1000 + 2 salesmen x 3000
    # (salesman-salesman) + 1 investor x 1000
    assert S.money(s, t, 0) == 3 * 4 + 10 + 3 + 2 * 3 + 1
    out = np.zeros(C.NSRC, np.int64)
    S.money_by_source(s, t, 0, out)
    assert out.sum() == S.money(s, t, 0)
    assert out[C.GAS] == 6 and out[C.SALESMAN] == 2 and out[C.SRC_UPGRADES] == 6 + 4
    s[b + S.P.SALESMEN + C.INVESTOR] = 1
    assert S.money(s, t, 0) == 3 * 4 + 10 + 3 + 3 * 3 + 4


def _tied(s: np.ndarray) -> None:
    """Both players $6000: player 0 with 2 resource cards, player 1 with 1."""
    for p, (n, v) in enumerate(((2, 3), (1, 3))):
        b = S.pbase(p)
        s[b + S.P.WORKERS] = 1
        s[b + S.P.RES_N + C.COAL] = n
        s[b + S.P.RES_V + C.COAL] = v + 2


def test_SIB_R18_tie_most_resource_cards_then_fewest_action_cards() -> None:
    s, t = start(2)
    _tied(s)
    rec = records(s, t)
    assert rec[:, R_SCORE].tolist() == [6, 6]
    assert rec[:, R_RANK].tolist() == [1, 2] and rec[:, R_WIN_SHARE].tolist() == [1, 0]
    s[S.pbase(1) + S.P.RES_N + C.COAL] = 2  # same cards: fewer action cards wins
    set_hand(s, 0, [GW, GS, CW])
    set_hand(s, 1, [GW])
    rec = records(s, t)
    assert rec[:, R_RANK].tolist() == [2, 1]
    set_hand(s, 0, [GS])
    rec = records(s, t)
    assert rec[:, R_RANK].tolist() == [1, 1] and rec[:, R_WIN_SHARE].tolist() == [0.5, 0.5]


def test_SIB_Q7_final_tie_shared() -> None:
    s, t = start(2, final_tie="shared")
    _tied(s)
    rec = records(s, t)
    assert rec[:, R_RANK].tolist() == [1, 1] and rec[:, R_WIN_SHARE].tolist() == [0.5, 0.5]
    assert rec[:, REC.VP:REC.VP + C.NSRC].sum(axis=1).tolist() == rec[:, R_SCORE].tolist()


# --- variants -------------------------------------------------------------------------------

def test_SIB_V2_SIB_Q8_players_max_five() -> None:
    t5 = load_tables(overrides={"players_max": 5})
    assert player_range(t5) == (2, 5)
    kernels, params = REGISTRY.resolve(["random"] * 5)
    g = play_game(t5, 5, 3, kernels, params, check=True)
    assert g.error == 0
    assert g.records[:, R_SCORE].min() > 0


def test_game_ends_and_scores_are_logged() -> None:
    s, t = start(3, seed=9)
    rng = np.random.default_rng(0)
    tr = np.zeros((4000, C.EVW + S.STATE_SIZE), np.int32)
    while s[S.G.PHASE] != S.PH.OVER:
        opts = options(s, t)
        name, v = opts[int(rng.integers(len(opts)))]
        play(s, t, name, v, tr)
    rows = tr[1:tr[0, 0] + 1, :C.EVW]
    assert rows[-1, 0] == C.EV.GAME_END
    rec = records(s, t)
    for p in range(3):
        mine_rows = rows[(rows[:, 0] == C.EV.SCORE) & (rows[:, 1] == p)]
        assert mine_rows[:, 3].sum() == rec[p, R_SCORE]
    key, rank, share = np.zeros(3), np.zeros(3), np.zeros(3)
    R.standings(s, t, key, rank, share)
    assert share.sum() == pytest.approx(1.0)


def test_SIB_R6_stalemate_safeguard_a_round_of_skips_ends_the_game() -> None:
    """Not in the rules (misc.stalemate_rounds, ASSUMED): full hands that can pay for nothing
    would skip forever; a round in which every player skips ends the game."""
    s, t = start(2)
    set_row(s, t, [], deck=0)  # nothing left to mine or discover
    junk = [card("coal", "worker")] * 4 + [card("oil", "worker")] * 4
    s[S.G.WORKERS] = 0
    s[S.pbase(0) + S.P.WORKERS] = 5
    s[S.pbase(1) + S.P.WORKERS] = 5
    s[S.O.SALESMEN:S.O.SALESMEN + 8] = 0
    s[S.pbase(0) + S.P.SALESMEN:S.pbase(0) + S.P.SALESMEN + 8] = 1
    s[S.O.INVESTORS:S.O.INVESTORS + 5] = 0
    s[S.pbase(1) + S.P.INVESTORS:S.pbase(1) + S.P.INVESTORS + 5] = 1
    S.sync_supply_bits(s)
    set_hand(s, 1, [])
    set_hand(s, 0, junk)
    set_hand(s, 1, [card("coal", "salesman")] * 4 + [card("oil", "salesman")] * 4)
    turn_of(s, 0)
    assert options(s, t) == [("skip", 0)]
    play(s, t, "skip")
    assert s[S.G.PHASE] == S.PH.PLAY and options(s, t) == [("skip", 0)]
    play(s, t, "skip")
    assert s[S.G.PHASE] == S.PH.OVER
