"""Cuba setup and round structure against shared/rules/cuba.md: CUBA-R0, R3..R13, R24, V1, V2.

Character actions are in test_rules_characters.py, building features in test_rules_buildings.py.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.rules import advance, apply, no_trace, trace_buffer
from tests.cuba.helpers import choose, flat_tables, options, started_game
from tests.cuba.rules_scenario import (
    T, assert_ok, b_, cur, give, lot, money, play, play_nothing, payloads, scenario, vec, vp,
)

BOARD = slice(S.O.MARKERS, S.O.PLAYERS)  # every shared board slot
# the interpreted splitmix64 deal wraps uint64 on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def dealt(n_players: int, seed: int = 7, t: np.ndarray = T) -> np.ndarray:
    """new_game, advanced to the first starting-pieces choice."""
    s = S.new_game(t, n_players, seed)
    advance(s, t, no_trace())
    return s


def random_game(t: np.ndarray, n_players: int, seed: int, tr: np.ndarray | None = None,
                on_step=None):
    """Play a whole game with uniformly random legal options, checking every state;
    on_step(before, after) is called for every decision.

    Returns (final state, the bills seen at the start of each round's phase B)."""
    tr = no_trace() if tr is None else tr
    rng = random.Random(seed)
    s = S.new_game(t, n_players, seed)
    advance(s, t, tr)
    bills = []
    while s[S.G.PHASE] != S.PH.OVER:
        if s[S.G.PHASE] == S.PH.ACTIONS and s[S.G.TURN] == 0 and s[S.G.DK] == S.DK.CHARACTER:
            if not bills or bills[-1][0] != s[S.G.ROUND]:
                bills.append((int(s[S.G.ROUND]), [int(x) for x in s[S.O.BILLS:S.O.BILLS + 4]]))
        opts = options(s, t)
        assert opts, S.DK.keys[s[S.G.DK]]
        before = s.copy()
        apply(s, t, np.int32(rng.choice(opts)), tr)
        assert_ok(s, t)
        if on_step is not None:
            on_step(before, s)
    return s, bills


# --- CUBA-R0 ---------------------------------------------------------------------------------

def test_CUBA_R0_every_player_count_is_set_up_identically() -> None:
    """CUBA-R0: 2..5 players; no player-count-specific setup (same board deal for a seed)."""
    ref = dealt(5)
    for n in (2, 3, 4, 5):
        s = dealt(n)
        assert s[S.G.NP] == n
        assert np.array_equal(s[BOARD], ref[BOARD]), n
        assert s[S.G.PILE_N] == ref[S.G.PILE_N]
        for p in range(n):
            assert np.array_equal(s[b_(p):b_(p) + S.P.SIZE], ref[b_(p):b_(p) + S.P.SIZE])
        for p in range(n, S.MAX_PLAYERS):  # unused colours stay in the box
            assert not s[b_(p):b_(p) + S.P.SIZE].any()
        assert_ok(s)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_CUBA_R0_every_player_count_reaches_phase_B(n: int) -> None:
    """CUBA-R0: each of 2..5 players chooses starting pieces and gets a hand of 5."""
    s = started_game(T, n, seed=3)
    assert s[S.G.PHASE] == S.PH.ACTIONS and s[S.G.DK] == S.DK.CHARACTER
    for p in range(n):
        assert list(s[b_(p) + S.P.HAND:b_(p) + S.P.HAND + C.NCHARS]) == [1] * 5
    assert_ok(s)


# --- CUBA-R2 no trading ----------------------------------------------------------------------

def holdings(s: np.ndarray, p: int) -> np.ndarray:
    """Money and pieces (lot plus stored) of player p."""
    b = b_(p)
    h = np.zeros(1 + C.NKINDS, np.int64)
    h[0] = s[b + S.P.MONEY]
    h[1:] = s[b + S.P.LOT:b + S.P.LOT + C.NKINDS]
    h[1 + C.CI:1 + C.CI + 3] += s[b + S.P.STORED:b + S.P.STORED + 3]
    return h


@pytest.mark.parametrize("n,seed", [(2, 31), (3, 32), (5, 33)])
def test_CUBA_R2_no_transfers_between_players(n: int, seed: int) -> None:
    """CUBA-R2: no decision ever moves money or a piece kind from one player to another
    (a loss of one player is never another player's gain in the same step)."""
    def no_transfer(before: np.ndarray, after: np.ndarray) -> None:
        delta = np.array([holdings(after, p) - holdings(before, p) for p in range(n)])
        for col in range(delta.shape[1]):
            assert not ((delta[:, col] < 0).any() and (delta[:, col] > 0).any()), col

    random_game(T, n, seed, on_step=no_transfer)


# --- CUBA-R3 buildings -------------------------------------------------------------------------

def test_CUBA_R3_all_building_tiles_available_two_factories_and_distilleries() -> None:
    """CUBA-R3: all 25 tiles (23 kinds) are available to everyone; 2 cigar factories and
    2 distilleries."""
    copies = T[C.T.BUILDING_COPIES:C.T.BUILDING_COPIES + C.NBUILDINGS]
    assert copies.sum() == 25
    assert [C.BUILDING_KEYS[k] for k in range(C.NBUILDINGS) if copies[k] == 2] == \
        ["cigar_factory", "distillery"]
    s = scenario()
    p = cur(s)
    for k, n in ((C.WD, 3), (C.ST, 3), (C.WA, 2)):
        give(s, p, k, n)
    play(s, T, C.ARCHITECT)
    assert payloads(s, T, A.OT.BUILD) == list(range(C.NBUILDINGS))
    assert_ok(s)


# --- CUBA-R4..R8 board deal ----------------------------------------------------------------------

def test_CUBA_R4_market_start() -> None:
    """CUBA-R4: 3 each of Ci, Su, To on $6 $5 $4; 2 each of Ru, Cg on $6 $5; the rest is stock."""
    s = dealt(3)
    assert [int(x) for x in s[S.O.MARKET:S.O.MARKET + C.NMERCH]] == [3, 3, 3, 2, 2]
    assert [S.buy_price(s, T, r) for r in range(C.NMERCH)] == [4, 4, 4, 5, 5]
    supply = T[C.T.SUPPLY:C.T.SUPPLY + C.NKINDS]
    assert [int(x) for x in s[S.O.STOCK:S.O.STOCK + C.NKINDS]] == \
        [15, 15, 15, 15, 15, 15, 13, 13] == list(supply - [0, 0, 0, 3, 3, 3, 2, 2])
    assert_ok(s)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_CUBA_R5_ships_dock1_dock2_sea_dock3_empty_12_in_pile(seed: int) -> None:
    """CUBA-R5: ships in dock 1, dock 2 and at sea; dock 3 empty; 12 cards in the pile."""
    s = dealt(4, seed)
    ships = [int(x) for x in s[S.O.SHIP:S.O.SHIP + C.NPOS]]
    assert ships[C.SEA] >= 0 and ships[C.DOCK1] >= 0 and ships[C.DOCK2] >= 0
    assert ships[C.DOCK3] == -1
    assert s[S.G.PILE_N] == 12
    deck = ships[:3] + [int(x) for x in s[S.O.PILE:S.O.PILE + 12]]
    assert sorted(deck) == list(range(C.NSHIPS))
    assert not s[S.O.CARGO:S.O.CARGO + C.NPOS * C.SHIP_SPOTS].any()
    assert_ok(s)


def test_CUBA_R5_ship_pile_is_shuffled_by_seed() -> None:
    """CUBA-R5: the ship pile is shuffled (different seeds give different deals)."""
    deals = {tuple(dealt(4, seed)[S.O.PILE:S.O.SHIP + C.NPOS]) for seed in range(10)}
    assert len(deals) > 5


def test_CUBA_R6_statute_piles_and_printed_acts() -> None:
    """CUBA-R6: 4 shuffled piles by type; printed Tax $2 (I) and Duty 1 citrus (II) in force;
    spaces III and IV empty."""
    piles = set()
    for seed in range(5):
        s = dealt(4, seed)
        for ty in range(4):
            pile = [int(x) for x in s[S.O.STAT_PILE + ty * 6:S.O.STAT_PILE + ty * 6 + 6]]
            assert sorted(pile) == list(range(ty * 6, ty * 6 + 6))
            assert all(T[C.T.STATUTE_TYPE + c] == ty for c in pile)
            piles.add(tuple(pile))
        assert [int(x) for x in s[S.O.ACTS:S.O.ACTS + 4]] == [C.PRINTED_TAX, C.PRINTED_DUTY, -1, -1]
        assert_ok(s)
    assert len(piles) > 4  # shuffled
    ptax, pduty = C.PRINTED_TAX, C.PRINTED_DUTY
    assert (T[C.T.STATUTE_EFFECT + ptax], T[C.T.STATUTE_PARAM + 2 * ptax]) == (C.EF_TAX_FLAT, 2)
    assert (T[C.T.STATUTE_EFFECT + pduty], T[C.T.STATUTE_PARAM + 2 * pduty],
            T[C.T.STATUTE_PARAM + 2 * pduty + 1]) == (C.EF_DUTY, C.CI, 1)


def test_CUBA_R7_black_markers_start_beside_the_board() -> None:
    """CUBA-R7: no black-marker space is covered at the start."""
    s = started_game(T)
    assert not s[S.O.MARKERS:S.O.MARKERS + C.NMARKERS].any()
    assert_ok(s)


def test_CUBA_R8_start_player_random_but_seed_determined() -> None:
    """CUBA-R8: the start player is random, fixed by the seed; setup starts with them."""
    starts = set()
    for seed in range(40):
        a, b = dealt(4, seed), dealt(4, seed)
        assert np.array_equal(a, b)
        assert a[S.G.CUR] == a[S.G.START]
        starts.add(int(a[S.G.START]))
        assert_ok(a)
    assert starts == {0, 1, 2, 3}


# --- CUBA-R9 player material -------------------------------------------------------------------

def test_CUBA_R9_player_material() -> None:
    """CUBA-R9: $10, pawn on the warehouse, VP 0, printed warehouse on field 0, no pieces."""
    s = dealt(5)
    for p in range(5):
        b = b_(p)
        assert (money(s, p), vp(s, p), s[b + S.P.PAWN]) == (10, 0, 0)
        assert s[b + S.P.FIELD] == C.PRINTED_WAREHOUSE
        assert list(s[b + S.P.FIELD + 1:b + S.P.FIELD + C.NFIELDS]) == [-1] * 11
        assert not s[b + S.P.LOT:b + S.P.LOT + C.NKINDS].any()
    assert_ok(s)


def test_CUBA_R9_starting_pieces_options_duplicates_allowed() -> None:
    """CUBA-R9: 2 resources + 2 products of free choice, duplicates allowed: 6 x 6 options,
    and each one gives exactly those pieces."""
    s = dealt(3)
    opts = options(s, T)
    assert len(opts) == 36 and {A.tag_of(o) for o in opts} == {A.OT.SETUP}
    assert vec(Wd=2, Ci=2) in payloads(s, T, A.OT.SETUP)
    assert vec(Wa=2, To=2) in payloads(s, T, A.OT.SETUP)
    p = cur(s)
    for o in opts:
        x = s.copy()
        apply(x, T, np.int32(o), no_trace())
        got = [lot(x, p, k) for k in range(C.NKINDS)]
        assert got == [A.vget(A.payload_of(o), k) for k in range(C.NKINDS)]
        assert sum(got[:3]) == 2 and sum(got[3:6]) == 2 and sum(got[6:]) == 0
        assert_ok(x)


def test_CUBA_R9_starting_pieces_chosen_in_turn_order() -> None:
    """CUBA-R9: the players choose one after another in turn order from the start player."""
    s = dealt(4, seed=5)
    start = int(s[S.G.START])
    seen = []
    while s[S.G.DK] == S.DK.SETUP_PIECES:
        seen.append(cur(s))
        choose(s, T, A.OT.SETUP, vec(St=2, Su=2))
    assert seen == [(start + i) % 4 for i in range(4)]
    for p in range(4):
        assert lot(s, p, C.ST) == 2 and lot(s, p, C.SU) == 2
    assert_ok(s)


def test_CUBA_R1_R9_starting_choice_limited_by_stock() -> None:
    """CUBA-R1 with CUBA-R9: a starting choice can only take what the stock still holds."""
    s = dealt(5)
    give(s, 4, C.WA, 14)  # one water left in the stock
    payload = payloads(s, T, A.OT.SETUP)
    assert vec(Wa=2, Ci=2) not in payload
    assert vec(Wa=1, Wd=1, Ci=2) in payload
    assert_ok(s)


# --- CUBA-R10 / R11 rounds and bills ---------------------------------------------------------------

@pytest.mark.parametrize("n,seed", [(2, 11), (4, 12), (5, 13)])
def test_CUBA_R10_six_rounds_of_phases_A_to_E(n: int, seed: int) -> None:
    """CUBA-R10: 6 rounds, phases A (bills), B, C, D, E in order; round 6 ends after phase D."""
    tr = trace_buffer(8000)
    s, _ = random_game(T, n, seed, tr)
    assert tr[0, 1] == 0
    ev = tr[1:tr[0, 0] + 1, :3]
    seq = [(int(e[0]), int(e[2]) if e[0] in (C.EV.ROUND, C.EV.PHASE) else 0) for e in ev
           if e[0] in (C.EV.ROUND, C.EV.BILLS, C.EV.PHASE, C.EV.GAME_END)]
    want = []
    for r in range(1, 7):
        want += [(C.EV.ROUND, r), (C.EV.BILLS, 0), (C.EV.PHASE, S.PH.ACTIONS),
                 (C.EV.PHASE, S.PH.PARLIAMENT), (C.EV.PHASE, S.PH.STATUTES)]
        want += [(C.EV.PHASE, S.PH.END_OF_ROUND)] if r < 6 else [(C.EV.GAME_END, 0)]
    assert seq == want
    assert s[S.G.ROUND] == 6


@pytest.mark.parametrize("n,seed", [(3, 21), (4, 22), (5, 23)])
def test_CUBA_R11_each_statute_card_revealed_once_over_six_rounds(n: int, seed: int) -> None:
    """CUBA-R11: each round turns the top card of every pile; over 6 rounds every one of the
    24 statute cards is revealed exactly once, in pile order."""
    s0 = S.new_game(T, n, seed)
    s, bills = random_game(T, n, seed)
    assert [r for r, _ in bills] == [1, 2, 3, 4, 5, 6]
    seen = [c for _, four in bills for c in four]
    assert sorted(seen) == list(range(C.NSTATUTES))
    for r, four in bills:
        for ty in range(4):
            assert four[ty] == s0[S.O.STAT_PILE + ty * 6 + r - 1]


# --- CUBA-R12 turn order ------------------------------------------------------------------------

def test_CUBA_R12_turn_order_four_cards_each_fifth_stays() -> None:
    """CUBA-R12: clockwise from the start player, one card at a time, 4 cards each; the 5th
    stays in hand; several players may play the same character."""
    s = scenario(n_players=3)
    start = int(s[S.G.START])
    order = []
    for turn in range(12):
        p = cur(s)
        order.append(p)
        c = (C.MAYOR, C.ARCHITECT, C.FOREMAN, C.TRADER)[turn // 3]  # everyone plays the same
        assert c in payloads(s, T, A.OT.CARD)
        play_nothing(s, T, c)
    assert order == [(start + i) % 3 for i in range(12)]
    assert s[S.G.PHASE] == S.PH.PARLIAMENT
    for p in range(3):
        hand = list(s[b_(p) + S.P.HAND:b_(p) + S.P.HAND + C.NCHARS])
        assert hand == [1, 0, 0, 0, 0]  # the worker stays for parliament
        assert s[b_(p) + S.P.NPLAYED] == 4
        assert s[b_(p) + S.P.VOTES] == 1
    assert_ok(s)


def test_CUBA_R12_a_played_card_cannot_be_played_again() -> None:
    """CUBA-R12: each card is played once per round."""
    s = scenario(n_players=2)
    p = cur(s)
    play_nothing(s, T, C.MAYOR)
    play_nothing(s, T, C.MAYOR)
    assert cur(s) == p
    assert payloads(s, T, A.OT.CARD) == [C.WORKER, C.TRADER, C.ARCHITECT, C.FOREMAN]
    assert_ok(s)


# --- CUBA-R13 immediate scoring -------------------------------------------------------------------

def test_CUBA_R13_vp_scored_immediately() -> None:
    """CUBA-R13: VP are booked the moment they are earned (mid phase B), by source."""
    s = scenario()
    p = cur(s)
    play(s, T, C.ARCHITECT)
    choose(s, T, A.OT.ALTERNATIVE)
    assert vp(s, p) == 2 and s[b_(p) + S.P.VPSRC + C.SRC_ARCH_ALT] == 2
    assert s[S.G.PHASE] == S.PH.ACTIONS
    assert_ok(s)


# --- CUBA-R24 new start player ----------------------------------------------------------------------

def play_round(s: np.ndarray, t: np.ndarray, plan: dict[int, list[int]]) -> None:
    """Play phase B with each player's cards in the given order, doing nothing with them."""
    while s[S.G.PHASE] == S.PH.ACTIONS and s[S.G.DK] == S.DK.CHARACTER:
        p = cur(s)
        play_nothing(s, t, plan[p][s[b_(p) + S.P.NPLAYED]])


@pytest.mark.parametrize("fourth,winner", [
    ((C.MAYOR, C.WORKER, C.MAYOR, C.FOREMAN), 0),     # tie on 5 votes: 0 plays after 2
    ((C.WORKER, C.MAYOR, C.FOREMAN, C.MAYOR), 3),     # tie on 5 votes: 3 plays after 1
    ((C.TRADER, C.WORKER, C.ARCHITECT, C.WORKER), 2),  # highest 4th card alone
    ((C.WORKER, C.WORKER, C.WORKER, C.WORKER), 0),    # all tied: the last to play
])
def test_CUBA_R24_new_start_player(fourth: tuple[int, ...], winner: int) -> None:
    """CUBA-R24: the highest 4th card becomes start player; among ties the latest to play.
    Turn order here is 1, 2, 3, 0 (start player 1)."""
    s = scenario()
    assert s[S.G.START] == 1
    plan = {}
    for p in range(4):
        rest = [c for c in range(C.NCHARS) if c != fourth[p]]
        plan[p] = rest[:3] + [fourth[p]]  # the 5th card is rest[3]
    play_round(s, T, plan)
    assert s[S.G.PHASE] == S.PH.PARLIAMENT
    assert s[S.G.START] == winner
    assert_ok(s)


def test_CUBA_R24_only_the_fourth_card_counts() -> None:
    """CUBA-R24: a mayor played earlier does not matter; only the 4th card's votes do."""
    s = scenario(n_players=2)
    first = int(s[S.G.START])
    other = 1 - first
    plan = {first: [C.MAYOR, C.WORKER, C.TRADER, C.ARCHITECT],
            other: [C.WORKER, C.TRADER, C.ARCHITECT, C.FOREMAN]}
    play_round(s, T, plan)
    assert s[S.G.START] == other
    assert_ok(s)


# --- CUBA-V1 hidden parliament card ---------------------------------------------------------------

def test_CUBA_V1_hidden_card_chosen_at_phase_B_start_not_playable_used_in_parliament() -> None:
    """CUBA-V1: every player, in turn order, hides a card at the start of phase B; it cannot
    be played; its votes count in parliament."""
    t = flat_tables(hidden_parliament_card=True)
    s = started_game(t, 3, seed=4)
    start = int(s[S.G.START])
    hidden = {(start + i) % 3: (C.MAYOR, C.WORKER, C.ARCHITECT)[i] for i in range(3)}
    for i in range(3):
        assert s[S.G.DK] == S.DK.HIDE_CARD and cur(s) == (start + i) % 3
        assert payloads(s, t, A.OT.HIDE) == list(range(C.NCHARS))
        choose(s, t, A.OT.HIDE, hidden[cur(s)])
    assert s[S.G.DK] == S.DK.CHARACTER
    while s[S.G.PHASE] == S.PH.ACTIONS:
        p = cur(s)
        cards = payloads(s, t, A.OT.CARD)
        assert hidden[p] not in cards
        play_nothing(s, t, cards[0])
    for p in range(3):
        assert s[b_(p) + S.P.NPLAYED] == 4
        assert s[b_(p) + S.P.VOTES] == T[C.T.CHAR_VOTES + hidden[p]]
    assert_ok(s, t)


def test_CUBA_V1_a_card_is_hidden_every_round() -> None:
    """CUBA-V1: each of the 6 rounds starts with every player hiding a card."""
    t = flat_tables(hidden_parliament_card=True)
    tr = trace_buffer(8000)
    random_game(t, 3, 41, tr)
    ev = tr[1:tr[0, 0] + 1, :2]
    assert (ev[:, 0] == C.EV.HIDE_CARD).sum() == 6 * 3
    assert ((ev[:, 0] == C.EV.CARD).sum()) == 6 * 3 * 4


def test_CUBA_V1_off_by_default_no_hide_decision() -> None:
    """CUBA-V1 is off by default: phase B starts directly with a character choice."""
    s = started_game(T)
    assert s[S.G.DK] == S.DK.CHARACTER and s[b_(0) + S.P.HIDDEN] == -1
    assert_ok(s)


# --- CUBA-V2 plantation sides ----------------------------------------------------------------------

STANDARD = "WH Ci Fo To Su Mo La Ci Fo To Su Mo"
INDIVIDUAL = {
    "blue": "WH Ci Mo Su To Fo Ci La Mo Su Fo To",
    "red": "WH To Ci Fo Fo Ci Mo Su Su Mo To La",
    "yellow": "WH Fo To Ci Fo Mo Su To Su Ci La Mo",
    "green": "WH Su To Mo Ci La Fo To Mo Ci Su Fo",
    "purple": "WH Ci Fo To Fo Su Mo Ci Su La To Mo",
}


def layout_codes(s: np.ndarray, t: np.ndarray, p: int) -> str:
    return " ".join(C.FIELD_CODES[S.field_type(s, t, b_(p), f)] for f in range(C.NFIELDS))


def test_CUBA_V2_standard_side_identical_for_everybody() -> None:
    """CUBA-V2 (default standard): every player has layout 0, the §6.5 standard side."""
    s = started_game(T, 5)
    for p in range(5):
        assert s[b_(p) + S.P.LAYOUT] == 0
        assert layout_codes(s, T, p) == STANDARD
    assert_ok(s)


def test_CUBA_V2_individual_side_per_colour() -> None:
    """CUBA-V2 individual: player p uses layout 1 + p, the §6.5 side of colour p."""
    t = flat_tables(plantation_side="individual")
    s = started_game(t, 5)
    for p, colour in enumerate(C.COLOURS):
        assert s[b_(p) + S.P.LAYOUT] == 1 + p
        assert layout_codes(s, t, p) == INDIVIDUAL[colour]
    assert_ok(s, t)


def test_CUBA_V2_individual_sides_play_a_whole_game() -> None:
    """CUBA-V2 individual: a whole random 5-player game keeps every invariant."""
    t = flat_tables(plantation_side="individual")
    s, _ = random_game(t, 5, 42)
    assert s[S.G.PHASE] == S.PH.OVER


def test_CUBA_V2_worker_yields_from_own_individual_layout() -> None:
    """CUBA-V2 with CUBA-R14: the worker reads the player's own side (red, pawn r3c4 = La)."""
    t = flat_tables(plantation_side="individual")
    s = scenario(t)
    p = cur(s)
    assert p == 1  # red
    play(s, t, C.WORKER)
    choose(s, t, A.OT.POSITION, 11)
    # red row 3: Su Mo To La, column 4: Fo Su La -> Wd, St, Wa; products Su, To, Su
    assert [lot(s, p, k) for k in (C.WD, C.ST, C.WA)] == [1, 1, 1]
    assert sorted(payloads(s, t, A.OT.FIELDS)) == sorted(
        sum(1 << f for f in sub) for sub in
        ([], [7], [8], [10], [7, 8], [7, 10], [8, 10], [7, 8, 10]))
    assert_ok(s, t)
