"""The search kernel (strategies/common/search.py) of every game: its presets and their
parameters (one-line errors), the rollout preset embedded in the row, decisions on real
states (interpreted, a small budget), and, compiled, the same games whatever the batch split
(determinism) and `mcts` beating random."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from core import games
from core.common.trace import trace_buffer
from sim.cli.play import limit_thinking
from sim.session import prepare
from strategies.common import search
from strategies.common.bound import bound
from strategies.common.registry import PresetError
from tests.engines import interpreted_row, run_compiled
from tests.test_hidden import decision_points, stream

GOOD = {"iterations": 10, "exploration": 0.7, "prior": 1.0, "widening": 1.0,
        "rollout": "random", "depth": 10, "blend": 0.2, "scale": 3.0}


def preset(**changes: object) -> str:
    values = GOOD | changes
    body = "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in values.items())
    return f'[presets.s]\nkernel = "mcts"\ndescription = "d"\n[presets.s.params]\n{body}\n'


@pytest.mark.parametrize("game", games.names())
def test_every_game_has_mcts_and_mcts_strong_with_ten_times_the_budget(game):
    registry = bound(games.get(game)).registry
    known = registry.strategies()
    assert known["mcts"].kernel == known["mcts_strong"].kernel == "mcts"
    assert known["mcts_strong"].params["iterations"] == 10 * known["mcts"].params["iterations"]


@pytest.mark.parametrize("game", games.names())
def test_the_rollout_preset_is_embedded_after_the_search_parameters(game):
    registry = bound(games.get(game)).registry
    known = registry.strategies()
    mcts = known["mcts"]
    rollout = known[mcts.params["rollout"]]
    assert mcts.row[search.ROLLOUT] == registry.kernels.index(rollout.kernel)
    width = len(registry.kernel_module(rollout.kernel).PARAMS)
    assert np.array_equal(mcts.row[search.ROLL_ROW:search.ROLL_ROW + width],
                          rollout.row[:width])


BAD = {
    "no iterations": (preset(iterations=0), "parameter 'iterations' = 0 is below 1; write a "
                                            "number of at least 1"),
    "blend above 1": (preset(blend=1.5), "parameter 'blend' = 1.5 is above 1; write a number "
                                         "of at most 1"),
    "negative exploration": (preset(exploration=-1.0), "parameter 'exploration' = -1.0 is "
                                                       "below 0"),
    "unknown rollout": (preset(rollout="wizard"), "parameter 'rollout' = 'wizard' names no "
                                                  "strategy; use one of: "),
    "rollout by search": (preset(rollout="s"), "parameter 'rollout' = 's' names no strategy"),
    "rollout not a name": (preset(rollout=3), "parameter 'rollout' = 3 names no strategy"),
    "unknown simultaneous": (preset(simultaneous="joint"), "parameter 'simultaneous' = 'joint' "
                             "is not a choice; use one of: tree, policy, decoupled"),
}


def test_a_preset_without_simultaneous_leaves_the_others_secret_choices_to_the_policy(
        tmp_path: Path) -> None:
    """`simultaneous` has a default (policy), so the presets written before it keep their
    search; a parameter without a default stays required."""
    path = tmp_path / "siberia.toml"
    path.write_text(preset(), encoding="utf-8")
    row = bound(games.get("siberia")).registry.strategies(path)["s"].row
    assert row[search.SIMULTANEOUS] == search.POLICY
    path.write_text(preset().replace("blend = 0.2\n", ""), encoding="utf-8")
    with pytest.raises(PresetError, match="parameter 'blend' is missing"):
        bound(games.get("siberia")).registry.names(path)


@pytest.mark.parametrize("case", list(BAD))
def test_bad_search_parameters_are_one_clear_line(tmp_path: Path, case: str):
    text, expected = BAD[case]
    path = tmp_path / "siberia.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PresetError) as err:
        bound(games.get("siberia")).registry.names(path)
    assert "\n" not in str(err.value) and expected in str(err.value)


def test_a_search_preset_cannot_roll_out_with_a_search_preset(tmp_path: Path):
    path = tmp_path / "siberia.toml"
    path.write_text(preset() + preset(rollout="s").replace("presets.s", "presets.t"),
                    encoding="utf-8")
    with pytest.raises(PresetError, match="parameter 'rollout' = 's' names no strategy"):
        bound(games.get("siberia")).registry.names(path)


@pytest.mark.parametrize("game", games.names())
def test_search_decides_a_legal_option_and_leaves_the_state(game):
    g = games.get(game)
    strategies = bound(g)
    kernels, params = strategies.registry.resolve(["mcts"])
    row = interpreted_row(strategies.registry, "mcts", params[0])
    for s, opts, tables in decision_points(g)[::8]:
        before = s.copy()
        t = g.rules.flatten(tables)
        rng = stream(3)
        i = strategies.decide(kernels[0], row, s, t, opts, len(opts), rng)
        assert 0 <= i < len(opts)
        assert np.array_equal(before, s)
        again = strategies.decide(kernels[0], row, s, t, opts, len(opts), stream(3))
        assert again == i  # the seat's stream decides everything


def test_ladder_rejects_bad_arguments_in_one_line():
    runner = CliRunner()
    for args, expected in ((["ladder", "siberia", "--games", "0"], "--games 0"),
                           (["ladder", "chess"], "chess"),
                           (["ladder", "siberia", "--run", "/nonexistent/run"], "error: ")):
        result = runner.invoke(cli.app, args)
        assert result.exit_code == 2, (args, result.output)
        lines = [x for x in result.output.splitlines() if x.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0]


@pytest.mark.compiled("siberia")
def test_search_games_are_the_same_whatever_the_batch_split_and_beat_random():
    """Compiled: 6 Siberia games with an mcts seat, played as one batch and as two, give the
    same records; mcts wins more than its fair third against two random seats."""
    out = run_compiled("""
        import json
        import numpy as np
        from core import games
        from strategies.common.bound import bound
        g = games.get("siberia")
        b = bound(g)
        tables = g.rules.load_tables()
        k, p = b.registry.resolve(["mcts", "random", "random"])
        seeds = np.arange(6, dtype=np.int64)
        whole, e1 = b.loop.run_batch(tables, 3, seeds, k, p, check=True)
        a, e2 = b.loop.run_batch(tables, 3, seeds[:2], k, p, check=True)
        c, e3 = b.loop.run_batch(tables, 3, seeds[2:], k, p, check=True)
        print(json.dumps({"same": bool(np.array_equal(whole, np.concatenate([a, c]))),
                          "errors": int(max(e1.max(), e2.max(), e3.max())),
                          "share": float(whole[:, 0, 2].mean())}))
    """)
    assert out["same"] and out["errors"] == 0
    assert out["share"] > 1 / 3


DATA = Path(__file__).parent / "data"


def endgame_choices(game: str, state: str, heuristic: str) -> tuple[int, int, np.ndarray]:
    """(the heuristic's choice, the search's choice with full rollouts, the options) at a
    stored decision point of a real game (tests/strategies/data/<state>.npy)."""
    g = games.get(game)
    strategies = bound(g)
    t = g.rules.flatten(g.rules.load_tables())
    s = np.load(DATA / f"{state}.npy")
    assert s.shape == (g.engine.state_size,) and g.engine.check_state(s, t) == 0, \
        f"{state}.npy no longer fits the state's layout: store it again"
    opts = np.zeros(g.engine.max_options, np.int32)
    n = g.engine.legal(s, t, opts)
    registry = strategies.registry
    search_preset = registry.make("probe", "mcts", "full rollouts", GOOD | {"depth": 0,
                                                                         "iterations": 16})
    k_h, p_h = registry.resolve([heuristic])
    h = strategies.decide(k_h[0], p_h[0], s, t, opts[:n], n, stream(1))
    m = strategies.decide(registry.kernels.index("mcts"), search_preset.row, s, t, opts[:n], n,
                          stream(1))
    return h, m, opts[:n]


def test_SDC_R16_R17_search_and_greedy_fill_the_last_ship_to_win():
    """Ship 7, a delivery round (SDC-R13), one cigar short of a full ship: delivering it fills
    the ship (SDC-R16), the 7th ship departs and the game ends at once (SDC-R17, SDC-R20) with
    the deliverer ahead on VP. The search plays the rollouts to the end and delivers; greedy,
    which once valued the goods it keeps above 4 VP and passed, delivers too since its valuation
    counts a ship that leaves when the round ends as gone (strategies/santiago/evaluate.py)."""
    h, m, opts = endgame_choices("santiago", "santiago-last-delivery", "greedy")
    assert len(opts) == 2
    assert m == 1 and h == 1  # both deliver and win


def test_SDC_R14_R17_search_delivers_the_cigar_that_ends_the_game_where_greedy_gives_wood():
    """The 7th ship lacks one cigar (a delivery round, SDC-R13). The deciding seat, 5 VP behind
    the leader, can deliver its cigar: the ship fills and departs (SDC-R16), the last ship ends
    the game at once (SDC-R17, SDC-R20) and the delivery's VP make it the winner, 66 to 65.
    Greedy delivers a wood instead (SDC-R14, 1 VP) and the game goes on with the leader
    ahead. The search, playing its rollouts to the end, delivers the cigar."""
    from core.santiago import actions, codes

    h, m, opts = endgame_choices("santiago", "santiago-last-cigar", "greedy")
    kind = [actions.payload_of(o) >> actions.AMOUNT_SHIFT for o in opts]
    assert codes.KIND_NAMES[kind[h]] == "wood" and codes.KIND_NAMES[kind[m]] == "cigars"


def test_CUBA_R20_R48_search_ships_with_the_mayor_in_the_last_round_where_greedy_keeps_it():
    """Round 6 (the last, CUBA-R48), the deciding seat leads 64 to 63 with the foreman and the
    mayor in hand. Its pawn's row and column hold only the general store, so the foreman does
    little; the mayor ships its citrus, sugar and tobacco for VP scored at once (CUBA-R20,
    CUBA-R13). Every heuristic but shipping_rush plays the foreman first and keeps the mayor,
    which then comes too late (played on by builder seats: 1 win in 16 against 16 in 16 after
    the mayor). The search (full random rollouts) plays the mayor."""
    from core.cuba import actions, codes

    h, m, opts = endgame_choices("cuba", "cuba-last-round-mayor", "greedy_tuned")
    card = [codes.CHAR_NAMES[actions.payload_of(o)] for o in opts]
    assert card[h] == "foreman" and card[m] == "mayor"


def test_SIB_R8_search_pays_with_two_matching_cards_where_greedy_pays_three():
    """Near the end of a 3-player game (one resource card left in the deck), a gas action can
    be paid with the two gas cards in hand or with one gas card and any two others (SIB-R8).
    Greedy pays three cards and keeps one for the last turns: played on by greedy seats with
    the hidden cards redrawn, it then wins none of 16 games, against 15 of 16 after paying
    two. The search (full random rollouts) pays two and keeps two."""
    from core.siberia import actions, trace

    h, m, opts = endgame_choices("siberia", "siberia-two-card-payment", "greedy")
    paid = [trace.paid_cards(int(actions.payload(o))) for o in opts]
    assert len(paid[h]) == 3 and len(paid[m]) == 2
    assert all(card.startswith("gas/") for card in paid[m])


def test_a_time_limit_stops_a_search_whose_iterations_would_take_hours():
    """The row's THINK_MS column (set by `play --think-ms`) ends the search after its time,
    long before the budget of 100,000 interpreted iterations (hours) is spent."""
    g = games.get("siberia")
    strategies = bound(g)
    kernels, params = strategies.registry.resolve(["mcts"])
    row = params[0].copy()
    row[search.ITERATIONS] = 100_000
    row[search.THINK_MS] = 50.0
    s, opts, tables = next(p for p in decision_points(g) if len(p[1]) > 1)
    t = g.rules.flatten(tables)
    started = time.monotonic()
    i = strategies.decide(kernels[0], row, s, t, opts, len(opts), stream(3))
    assert 0 <= i < len(opts)
    assert time.monotonic() - started < 60  # the limit, not the 100,000 iterations, ended it


@pytest.mark.parametrize("args, expected", [
    (["--strategies", "random", "--think-ms", "10"], "no seat plays an mcts strategy"),
    (["--strategies", "mcts", "--think-ms", "0"], "--think-ms 0 is out of range"),
    (["--strategies", "mcts", "--think-ms", "nan"], "--think-ms nan is out of range"),
    (["--strategies", "mcts", "--think-ms", "1e12"], "out of range"),
])
def test_bad_think_ms_is_one_clear_line(args: list[str], expected: str):
    result = CliRunner().invoke(cli.app, ["play", "siberia", "--players", "3", *args])
    assert result.exit_code == 2, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0]


def test_think_ms_reaches_only_the_search_seats():
    setup = prepare("siberia", 3, "mcts,greedy,mcts", [])
    limit_thinking(setup, 25)
    assert list(setup.params[:, search.THINK_MS]) == [25.0, 0.0, 25.0]


def jamaica_card_choice(first: bool) -> tuple[np.ndarray, Any, Any]:
    """A Jamaica state (4 players) where the Captain (first) or the last seat lays its card
    (JAM-R7), with the tables; earlier decisions taken at random."""
    from core.jamaica.state import DK, G
    g = games.get("jamaica")
    e = g.engine
    t = g.rules.flatten(g.rules.load_tables())
    s = e.new_game(t, 4, 5)
    e.advance(s, t, trace_buffer(1, e.state_size))
    opts = np.zeros(e.max_options, np.int32)
    rng = np.random.default_rng(5)
    seen = 0
    while True:
        n = e.legal(s, t, opts)
        if s[G.DK] == DK.CARD and n > 1 and s[G.CHOOSER] == (0 if first else 3):
            seen += 1
            if seen == 2:  # the second round: the Captain has moved on
                return s, t, g
        e.apply(s, t, opts[rng.integers(n)], trace_buffer(1, e.state_size))


def grown_tree(mode: str, s: np.ndarray, t: Any, g: Any) -> tuple:
    strategies = bound(g)
    made = strategies.registry.make("s", "mcts", "d", GOOD | {"iterations": 60, "rollout": "racer",
                                                              "simultaneous": mode})
    tree = search.tree_search(strategies.modules[-1].choose)
    return tree(made.row, s, t, stream(7))


def entries_at(dchild: np.ndarray, sib: np.ndarray, node: int) -> list[int]:
    out, e = [], dchild[node] if node < len(dchild) else -1
    while e >= 0:
        out.append(e)
        e = sib[e]
    return out


def children(child: np.ndarray, sib: np.ndarray, node: int) -> list[int]:
    out, c = [], child[node]
    while c >= 0:
        out.append(c)
        c = sib[c]
    return out


def test_JAM_R7_another_seats_card_is_chosen_blind_to_the_searchers_card() -> None:
    """JAM-R7: the cards are laid secretly and at once, though the engine asks the seats in
    turn. With `decoupled`, the others' cards are picked from each seat's own statistics kept
    where the round's choices began (the root), none below the searcher's card; `policy` keeps
    none; `tree` (single observer) puts the next seat's card as a node below the searcher's."""
    from core.jamaica.actions import OT, TAG_SHIFT
    s, t, g = jamaica_card_choice(first=True)
    me = int(s[g.engine.seat_slot])
    code, child, dchild, sib, owner, visits, _, nodes, entries = grown_tree("decoupled", s, t, g)
    mine = children(child, sib, 0)
    assert mine and all(code[c] >> TAG_SHIFT == OT.CARD for c in mine)
    at_root = entries_at(dchild, sib, 0)
    assert {int(owner[e]) for e in at_root} == {p for p in range(4) if p != me}
    assert all(code[e] >> TAG_SHIFT == OT.CARD and visits[e] >= 1 for e in at_root)
    assert all(not entries_at(dchild, sib, c) for c in mine)  # nothing answers the searcher's card
    assert entries - 61 >= len(at_root)  # entries start after the tree's iterations + 1 nodes
    assert all(owner[c] == -1 for c in range(nodes))
    _, _, dchild_p, _, _, _, _, _, entries_p = grown_tree("policy", s, t, g)
    assert entries_p == 61 and (dchild_p == -1).all()
    code_t, child_t, _, sib_t, _, _, _, _, _ = grown_tree("tree", s, t, g)
    below = [d for c in children(child_t, sib_t, 0) for d in children(child_t, sib_t, c)]
    assert below and all(code_t[d] >> TAG_SHIFT == OT.CARD for d in below)


def test_JAM_R7_the_last_seat_to_lay_models_the_cards_laid_before_it_like_the_others() -> None:
    """JAM-R7 seen from the last seat: the cards laid before it (redrawn by core/jamaica/
    hidden.py) are taken back and picked again from each seat's statistics at the root, as when
    the round began; with `policy` they stay as redrawn and no seat has statistics."""
    from core.jamaica.actions import OT, TAG_SHIFT
    from core.jamaica.state import G
    s, t, g = jamaica_card_choice(first=False)
    before = s.copy()
    me = int(s[g.engine.seat_slot])
    assert s[G.CHOOSER] == 3 and me != s[G.CAPTAIN]
    code, child, dchild, sib, owner, _, _, _, _ = grown_tree("decoupled", s, t, g)
    assert np.array_equal(before, s)
    mine = children(child, sib, 0)
    assert mine and all(code[c] >> TAG_SHIFT == OT.CARD for c in mine)
    at_root = entries_at(dchild, sib, 0)
    assert {int(owner[e]) for e in at_root} == {p for p in range(4) if p != me}
    assert all(not entries_at(dchild, sib, c) for c in mine)
    _, _, dchild_p, _, _, _, _, _, _ = grown_tree("policy", s, t, g)
    assert (dchild_p == -1).all()


def test_JAM_R7_rewind_takes_back_the_cards_laid_this_round() -> None:
    """JAM-R7: on a determinized copy, the rewind puts the cards laid before the deciding
    seat's back into their hands and asks the Captain first again."""
    from core.jamaica import state as S
    from core.jamaica.state import DK, G, P
    from strategies.jamaica import mcts
    s, t, g = jamaica_card_choice(first=False)
    w = s.copy()
    mcts.rewind(w, t)
    assert w[G.CHOOSER] == 0 and w[G.CUR] == w[G.CAPTAIN]
    for q in range(4):
        b = S.pbase(q)
        if s[b + P.CHOSEN] >= 0:
            assert w[b + P.CHOSEN] == -1 and w[b + P.HAND_N] == s[b + P.HAND_N] + 1
            assert w[b + P.HAND] == s[b + P.HAND] | (1 << s[b + P.CHOSEN])
    first = s.copy()
    first[G.DK] = DK.DICE  # not a card choice: nothing to take back
    kept = first.copy()
    mcts.rewind(kept, t)
    assert np.array_equal(kept, first)


def test_games_without_secret_choices_search_every_decision() -> None:
    for game in ("santiago", "siberia", "cubist"):
        assert search.secret_kinds(games.get(game).engine.decisions) == 0
