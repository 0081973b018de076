"""`meeplab tune` against a mixed field (issue 18, best responses): the lineups and their
probabilities, the weighted win share, a short run, bad mixed fields (engine interpreted)."""
from __future__ import annotations

import tomllib

import pytest

from sim.run import stats
from sim.studies import trials, tune
from tests.sim.helpers import assert_one_line_error, run_cli

MIXED = """
mode = "strategy"
game = "siberia"
kernel = "greedy"
start = "greedy"
field = { random = 1, staff_first = 3 }
players = 3
preset = "greedy_br_test"
trials = 2
games = 6
seed = 5
[search]
salesman = [0.2, 1.5]
"""


def space(path, text: str = MIXED):
    """The config written to path."""
    path.write_text(text)
    return path


def test_mixed_lineups_are_every_multiset_with_its_probability(tmp_path):
    t = tune.load(space(tmp_path / "m.toml"))
    assert t["field"] == {"random": 0.25, "staff_first": 0.75}
    lineups, probs = tune.mixed_lineups(t.values)
    assert lineups == [("greedy_br_test", "random", "random"),
                       ("greedy_br_test", "random", "staff_first"),
                       ("greedy_br_test", "staff_first", "staff_first")]
    assert probs == pytest.approx([0.25 ** 2, 2 * 0.25 * 0.75, 0.75 ** 2])
    plan = tune.trial_plan(t, {sp.key: sp.corners()[0] for sp in t.space})
    assert plan.weights == pytest.approx(tuple(probs))
    assert [m.lineup for m in plan.matchups] == lineups


def test_weighted_share_is_the_probability_weighted_mean():
    entries = [stats.Interval("0/a", 10, 0.2, 0.03), stats.Interval("0/b", 10, 0.8, 0.03),
               stats.Interval("1/a", 10, 0.6, 0.04)]
    got = stats.weighted(entries, {0: 0.25, 1: 0.75}, "a")
    assert got.win_share == pytest.approx(0.25 * 0.2 + 0.75 * 0.6)
    assert got.half_width == pytest.approx((0.25 ** 2 * 0.03 ** 2 + 0.75 ** 2 * 0.04 ** 2)
                                           ** 0.5)
    assert got.games == 20


def test_a_trial_against_a_mixed_field_reports_the_weighted_share(tmp_path):
    from sim.run import backends

    t = tune.load(space(tmp_path / "m.toml"))
    plan = tune.trial_plan(t, {sp.key: sp.corners()[0] for sp in t.space})
    backend = backends.make(1)
    try:
        outcome = trials.run(plan, backend)
        rows, errors = outcome.intervals, outcome.errors
        entries = stats.entry_intervals(
            (r["matchup"], r["sums"]) for r in sorted(
                (trials.play(task) for task in trials.tasks(plan)), key=lambda r: r["id"]))
    finally:
        backend.close(cancel=True)
    mine = next(r for r in rows if r.strategy == "greedy_br_test")
    by = {int(e.strategy.split("/")[0]): e.win_share for e in entries
          if e.strategy.endswith("/greedy_br_test")}
    assert mine.win_share == pytest.approx(sum(w * by[i] for i, w in enumerate(plan.weights)))
    assert errors == 0


def test_a_short_tune_against_a_mixed_field_writes_its_preset(tmp_path):
    path = space(tmp_path / "m.toml")
    result = run_cli("tune", path, "--out", tmp_path / "study", "--workers", "1")
    assert result.exit_code == 0, result.output
    text = (tmp_path / "study" / "greedy_br_test.toml").read_text()
    assert "the mix random 0.25, staff_first 0.75" in text
    assert "greedy_br_test" in tomllib.loads(text)["presets"]


@pytest.mark.parametrize("change, problem", [
    (("players = 3\n", ""), "a mixed field needs players"),
    (("players = 3\n", "players = 9\n"), "a mixed field needs players"),
    (("staff_first = 3", "nobody = 3"), "a mixed field must map strategy names"),
    (("random = 1, staff_first = 3", "random = 0"), "a mixed field must map"),
    (("field = { random = 1, staff_first = 3 }", 'field = ["random", "random"]'),
     "players applies to a mixed field only"),
])
def test_bad_mixed_fields_are_one_line(tmp_path, change, problem):
    path = space(tmp_path / "m.toml", MIXED.replace(*change))
    assert_one_line_error(run_cli("tune", path, "--out", tmp_path / "study"), problem)


def test_a_strategy_tune_under_a_variant_plays_its_trials_under_those_rules(tmp_path):
    text = MIXED.replace("[search]", '[variant]\nfinal_tie = "shared"\n[search]')
    t = tune.load(space(tmp_path / "v.toml", text))
    assert t["variant"] == {"final_tie": "shared"}
    assert tune.trial_plan(t, {"salesman": 1.0}).variant == {"final_tie": "shared"}
    plain = tune.load(space(tmp_path / "p.toml"))
    assert "variant" not in plain.values and plain.hash != t.hash  # old studies keep theirs


@pytest.mark.parametrize("variant, problem", [
    ('[variant]\nfinal_tie = "nobody"\n', "[variant]: "),
    ('[variant]\nno_such_switch = true\n', "[variant]: "),
    ('variant = 3\n', "variant must be a table of KEY = VALUE"),
])
def test_a_bad_variant_in_a_strategy_tune_is_one_line(tmp_path, variant, problem):
    text = MIXED.replace("[search]", variant + "[search]") if variant.startswith("[") else \
        variant + MIXED
    path = space(tmp_path / "v.toml", text)
    assert_one_line_error(run_cli("tune", path, "--out", tmp_path / "study"), problem)
