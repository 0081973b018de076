"""Restricted play (strategies/common/restrict.py): the narrowing of a restricted seat's
options, its fallback, the restricted strategy names, and, compiled, that a restricted seat of
random, greedy or mcts never builds or passes its element over many games while the others
do."""
from __future__ import annotations

import numpy as np
import pytest

from core import games
from core.common.rng import seat_rngs
from core.cuba import actions as A
from core.cuba import codes as C
from core.cuba import elements as E
from strategies.common import restrict
from strategies.common.bound import bound
from strategies.common.registry import UnknownStrategy
from tests.cuba.helpers import options
from tests.cuba.rules_scenario import T, cur, give, play, scenario
from tests.engines import run_compiled

CUBA = games.get("cuba")


def architect_state() -> np.ndarray:
    """Cuba at the architect's choice with several buildings affordable."""
    s = scenario()
    for k in (C.WD, C.ST, C.WA):
        give(s, cur(s), k, 3)
    play(s, T, C.ARCHITECT)
    return s


def row(element: str, seat: int) -> np.ndarray:
    """A random seat's parameter row forbidding `element` at `seat`."""
    _, params = restrict.resolve(CUBA, bound(CUBA).registry,
                                 ["random"] * seat + [restrict.restricted_name("random",
                                                                               element)])
    return params[seat].copy()


def test_a_restricted_name_codes_element_and_seat_in_the_last_column():
    kernels, params = restrict.resolve(CUBA, bound(CUBA).registry,
                                       ["greedy", "greedy~building:saw_mill", "greedy"])
    assert kernels.tolist() == [2, 2, 2]
    assert params[[0, 2], restrict.CODE].tolist() == [0.0, 0.0]
    assert params[1, restrict.CODE] == 1 + E.NAMES.index("building:saw_mill") + restrict.SPAN
    assert np.array_equal(params[1, :restrict.FALLBACKS], params[0, :restrict.FALLBACKS])
    assert restrict.element_of("greedy~building:saw_mill") == ("greedy", "building:saw_mill")
    assert restrict.element_of("greedy") == ("greedy", None)


@pytest.mark.parametrize("seats, problem", [
    (["greedy~building:palace", "greedy"], "unknown element 'building:palace' in strategy"),
    (["wizard~building:saw_mill", "greedy"], "unknown strategy 'wizard'"),
])
def test_unknown_elements_and_strategies_are_refused(seats, problem):
    with pytest.raises(UnknownStrategy, match=problem):
        restrict.resolve(CUBA, bound(CUBA).registry, seats)


def test_the_restricted_seat_sees_only_the_allowed_options_in_order():
    s = architect_state()
    opts = np.array(options(s, T) + [0] * 4, np.int32)
    n = len(options(s, T))
    builds = [int(o) for o in opts[:n] if A.tag_of(o) == A.OT.BUILD]
    forbidden = E.NAMES[A.payload_of(builds[0])]
    narrow = restrict.narrower(CUBA, True)
    r = row(forbidden, cur(s))
    m = narrow(r, s, T, opts, n)
    assert m == n - 1
    assert opts[:m].tolist() == [o for o in options(s, T) if o != builds[0]]
    assert (r[restrict.DECISIONS], r[restrict.FALLBACKS]) == (1.0, 0.0)
    other = row(forbidden, (cur(s) + 1) % 4)   # restricts another seat: nothing narrowed
    assert narrow(other, s, T, np.array(options(s, T), np.int32), n) == n
    assert other[restrict.DECISIONS] == 0.0
    uncounted = row(forbidden, cur(s))
    fresh = np.array(options(s, T), np.int32)
    assert restrict.narrower(CUBA, False)(uncounted, s, T, fresh, n) == n - 1
    assert uncounted[restrict.DECISIONS] == 0.0


def test_when_every_option_is_forbidden_the_seat_plays_unrestricted_and_it_is_counted():
    s = architect_state()
    build = next(o for o in options(s, T) if A.tag_of(o) == A.OT.BUILD)
    opts = np.array([build, build], np.int32)
    r = row(E.NAMES[A.payload_of(build)], cur(s))
    assert restrict.narrower(CUBA, True)(r, s, T, opts, 2) == 2
    assert opts.tolist() == [build, build]
    assert (r[restrict.DECISIONS], r[restrict.FALLBACKS]) == (1.0, 1.0)


def test_the_dispatcher_never_hands_a_kernel_a_forbidden_option():
    s = architect_state()
    legal = options(s, T)
    k = A.payload_of(next(o for o in legal if A.tag_of(o) == A.OT.BUILD))
    decide = bound(CUBA).decide
    picked = set()
    for seed in range(40):
        opts = np.array(legal, np.int32)
        rng = seat_rngs(1, seed)[0]
        r = row(E.NAMES[k], cur(s))
        i = decide(0, r, s, T, opts, len(legal), rng)
        picked.add(int(opts[i]))
    assert all(not (A.tag_of(o) == A.OT.BUILD and A.payload_of(o) == k) for o in picked)
    assert len(picked) > 1


SCRIPT = """
    import json
    import numpy as np
    from sim import games
    from strategies.common import restrict

    game = games.get("cuba")
    tables = game.load_tables(None)
    cols = game.record_columns()
    out = {}
    for strategy, n_games, players in (("random", 60, 4), ("greedy", 12, 4), ("mcts", 2, 3)):
        seeds = np.arange(100, 100 + n_games)
        k, p = game.resolve([strategy] * players)
        rec, _ = game.run_batch(tables, players, seeds, k, p)
        built = {c: rec[..., cols.index(c)].sum() for c in cols if c.startswith("built_")}
        target = max(built, key=built.get)
        element = "building:" + target.removeprefix("built_")
        row = {"element": element, "unrestricted": float(built[target])}
        for name, column in ((element, target), ("statute:I-1", "passed_I-1")):
            seats = [restrict.restricted_name(strategy, name)] + [strategy] * (players - 1)
            k, p = game.resolve(seats)
            rec, err = game.run_batch(tables, players, seeds, k, p)
            d, f = restrict.counts(p)
            row[name] = {"mine": float(rec[:, 0, cols.index(column)].sum()),
                         "others": float(rec[:, 1:, cols.index(column)].sum()),
                         "decisions": d, "fallbacks": f, "errors": int(np.count_nonzero(err))}
        out[strategy] = row
    print(json.dumps(out))
"""


@pytest.mark.compiled("cuba")
def test_a_restricted_seat_never_builds_or_passes_its_element_whatever_its_kernel():
    report = run_compiled(SCRIPT)
    for strategy, r in report.items():
        building = r[r["element"]]
        assert r["unrestricted"] > 0, strategy
        assert building["mine"] == 0 and building["others"] > 0, (strategy, r)
        assert r["statute:I-1"]["mine"] == 0, (strategy, r)
        for name in (r["element"], "statute:I-1"):
            assert r[name]["errors"] == 0 and r[name]["decisions"] > 0, (strategy, r)
            assert r[name]["fallbacks"] <= r[name]["decisions"]
