"""A strategy tune's [identity] rules (sim.studies.identity): parsing, the measured values, a tune
that keeps only feasible trials, and bad rules (engine interpreted, a few games per trial)."""
from __future__ import annotations

import tomllib

import pytest

from sim.errors import UserError
from sim.run import backends
from sim.studies import identity, trials, tune
from tests.sim.helpers import CUBA_TUNE, assert_one_line_error, run_cli, run_compiled

BUILDER = (CUBA_TUNE.replace('"builder_tuned_test"', '"builder_identity_test"')
           .replace('focus_a = ["none", "hotel"]\n', "") + "[identity]\n")
COLUMNS = ["score", "win_share", "vp_ship", "vp_tax", "buildings_built"]


def write(path, rules: str, text: str = BUILDER):
    path.write_text(text + rules)
    return path


def test_rules_are_parsed_with_their_bounds(tmp_path):
    rules = identity.parse(tmp_path, {
        "ship": {"share": ["vp_ship", "vp_tax"], "min": 0.5},
        "wins": {"mean": "win_share", "min": 0.1, "max": 0.9},
        "builds": {"most": "buildings_built"}}, COLUMNS)
    assert [(r.name, r.kind, r.columns, r.low, r.high) for r in rules] == [
        ("ship", "share", ("vp_ship", "vp_tax"), 0.5, None),
        ("wins", "mean", ("win_share",), 0.1, 0.9),
        ("builds", "most", ("buildings_built",), None, None)]
    assert identity.needed(rules) == ["buildings_built", "score", "vp_ship", "vp_tax",
                                      "win_share"]
    summed = identity.parse(tmp_path, {
        "rich": {"share": ["vp_ship"], "of": ["vp_ship", "vp_tax"], "min": 0.5},
        "persons": {"most": ["vp_tax", "buildings_built"]}}, COLUMNS)
    means = {"me": {"vp_ship": 3.0, "vp_tax": 1.0, "buildings_built": 2.0},
             "other": {"vp_ship": 0.0, "vp_tax": 1.0, "buildings_built": 2.5}}
    assert identity.check(summed, means, "me") == {"rich": [0.75, -0.25],
                                                   "persons": [3.0, 0.5]}   # 3.5 beats it


@pytest.mark.parametrize("table, problem", [
    ({"ship": {"share": ["vp_nothing"], "min": 0.5}}, "'vp_nothing' is not a record column"),
    ({"ship": {"share": ["vp_ship"]}}, "needs a number min and/or max"),
    ({"ship": {"share": ["vp_ship"], "min": "half"}}, "needs a number min and/or max"),
    ({"ship": {"mean": "score", "most": "score"}}, "needs exactly one of"),
    ({"ship": {"mean": "score", "min": 1, "above": 2}}, "unknown key 'above'"),
    ({"ship": {"most": "score", "min": 1}}, "most takes no min"),
    ({"ship": {"mean": [], "min": 1}}, "must name a record column or a list of them"),
    ({"ship": {"share": "vp_ship", "min": 0.5}}, "must name a list of record columns"),
    ({"ship": {"share": ["vp_ship"], "of": ["score", 3], "min": 0.5}}, "identity.ship.of must"),
    ({"ship": 0.5}, "identity.ship is not a table"),
    ({}, "identity must be a table of named rules"),
])
def test_bad_rules_are_one_clear_error(tmp_path, table, problem):
    with pytest.raises(UserError, match=problem):
        identity.parse(tmp_path, table, COLUMNS)


def test_values_and_violations_from_sums():
    """Means per game from per-matchup sums; the candidate weighted by the lineups'
    probabilities, the others pooled."""
    columns = ["score", "vp_ship", "buildings_built"]
    sums = {0: {"me": [4, 40.0, 24.0, 8.0], "other": [12, 120.0, 12.0, 36.0]},
            1: {"me": [4, 80.0, 20.0, 4.0], "other": [12, 96.0, 0.0, 12.0]}}
    means = identity.means(sums, columns, "me", (0.25, 0.75))
    assert means["me"] == pytest.approx({"score": 0.25 * 10 + 0.75 * 20,
                                         "vp_ship": 0.25 * 6 + 0.75 * 5,
                                         "buildings_built": 0.25 * 2 + 0.75 * 1})
    assert means["other"] == pytest.approx({"score": 9.0, "vp_ship": 0.5,
                                            "buildings_built": 2.0})
    rules = identity.parse(None, {"ship": {"share": ["vp_ship"], "min": 0.4},
                                  "builds": {"most": "buildings_built"}}, columns)
    checked = identity.check(rules, means, "me")
    share = (0.25 * 6 + 0.75 * 5) / (0.25 * 10 + 0.75 * 20)
    assert checked["ship"] == pytest.approx([share, 0.4 - share])
    assert checked["builds"] == pytest.approx([1.25, 2.0 - 1.25])
    assert not identity.feasible(checked)     # builds fewer than the others
    assert "identity broken: ship 0.300 (min 0.4, broken), builds 1.250 (the most, broken)" \
        == identity.text(rules, checked)


@pytest.mark.parametrize("field", ['["random", "random", "random"]',
                                   '{ random = 1, builder = 3 }\nplayers = 4'])
def test_a_trials_column_means_agree_with_its_win_share(tmp_path, field):
    """The candidate's mean of the win_share column is its win share (the objective), for
    a fixed and a mixed field: the records reach the rules from the right seats."""
    text = BUILDER.replace('["random", "random", "random"]', field)
    t = tune.load(write(tmp_path / "t.toml", 'wins = { mean = "win_share", min = 0.0 }\n'
                        'builds = { mean = "buildings_built", min = 0.0 }\n', text))
    plan = tune.trial_plan(t, {"money": 0.4})
    backend = backends.make(1)
    try:
        outcome = trials.run(plan, backend)
    finally:
        backend.close(cancel=True)
    value, recorded = tune.objective_value(t, outcome, plan)
    assert recorded["identity"]["wins"][0] == pytest.approx(value)
    assert recorded["identity"]["builds"][0] > 0


@pytest.mark.compiled("cuba")
def test_a_tune_writes_the_best_trial_that_keeps_the_identity(tmp_path, monkeypatch):
    """A first study records each trial's buildings; a second, the same trials (Optuna's
    first ten are seeded random draws) under a bound that the unconstrained best breaks,
    writes the best of the trials that keep it. (Compiled: greedy games interpreted took
    over a minute.)"""
    import optuna

    monkeypatch.setenv("MEEPLAB_PRESETS", str(tmp_path / "presets"))
    text = BUILDER.replace('["random", "random", "random"]', '["greedy", "greedy", "greedy"]'
                           ).replace("money = [0.1, 1.0]",
                                     "money = [0.1, 1.0]\nbuilding_vp = [0.2, 3.0]")

    def studied(rule: str, name: str) -> tuple[optuna.Study, str]:
        path = write(tmp_path / f"{name}.toml", rule, text)
        result = run_compiled("tune", path, "--out", tmp_path / name, "--workers", "1",
                              "--trials", "5")
        return optuna.load_study(study_name="meeplab-tune", storage=f"sqlite:///"
                                 f"{tmp_path / name / tune.STUDY_FILE}"), result.stdout

    first, _ = studied('builds = { mean = "buildings_built", min = 0.0 }\n', "first")
    builds = [t.user_attrs["identity"]["builds"][0] for t in first.trials]
    top = first.best_trial
    bound = ("max", builds[top.number] - 0.01) if min(builds) < builds[top.number] else (
        "min", builds[top.number] + 0.01)
    second, stdout = studied(f'builds = {{ mean = "buildings_built", {bound[0]} = '
                             f'{bound[1]:.3f} }}\n', "second")
    assert [t.user_attrs["values"] for t in second.trials] == [
        t.user_attrs["values"] for t in first.trials]
    kept = [t for t in second.trials if tune.kept(t)]
    assert kept and not tune.kept(second.trials[top.number])
    best = max(kept, key=lambda t: t.value)
    assert f"that keep the identity: trial {best.number}," in stdout
    assert "identity broken: builds" in stdout
    preset = (tmp_path / "second" / "builder_identity_test.toml").read_text()
    assert "identity kept: builds" in preset
    assert tomllib.loads(preset)["presets"]["builder_identity_test"]["params"]["money"] == \
        best.user_attrs["values"]["money"]


def test_a_tune_that_never_keeps_the_identity_writes_no_preset(tmp_path, monkeypatch):
    monkeypatch.setenv("MEEPLAB_PRESETS", str(tmp_path / "presets"))
    path = write(tmp_path / "t.toml", 'builds = { mean = "buildings_built", min = 1000 }\n')
    result = run_cli("tune", path, "--out", tmp_path / "study", "--workers", "1")
    assert_one_line_error(result, "none of the 2 trials keeps the identity (builds)")
    assert (tmp_path / "study" / tune.TRIALS_FILE).is_file()
    assert not (tmp_path / "study" / "builder_identity_test.toml").exists()
    assert "identity broken: builds" in result.stdout


def test_a_bad_rule_in_a_tune_config_is_one_line(tmp_path):
    path = write(tmp_path / "t.toml", 'ship = { share = ["vp_sails"], min = 0.5 }\n')
    result = run_cli("tune", path, "--out", tmp_path / "study")
    assert_one_line_error(result, "identity.ship: 'vp_sails' is not a record column")
    assert not (tmp_path / "study").exists()
