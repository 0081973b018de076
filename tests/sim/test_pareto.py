"""Skill-preserving rules tuning (`meeplab tune` with several objectives): on a constructed
variant that decides every game before any choice can matter, the old spread-only objective
prefers it and the new tuning leaves it off the Pareto front; the front page and its files;
bad configs (engine interpreted, a few games per trial).

The constructed variant: Cubist with misc.max_rounds = 1 (the engine's safeguard on the
number of rounds, CUBIST-R31's scoring after it) ends every game after the first round, before
any installation is completed: every game is a shared tie, so every strategy's win share is
the fair share (spread 0, a "perfectly balanced" game) and the top rung's skill gap is 0.
"""
from __future__ import annotations

import tomllib

import pandas as pd
import pytest

from sim.run import backends
from sim.studies import trials, tune
from tests.sim.helpers import assert_one_line_error, run_cli

BASE = """
game = "cubist"
format = "round-robin"
strategies = ["sculptor", "architect", "patron", "greedy"]
players = 3
games = 3
seed = 1
"""
SEARCH = """
[search]
"misc.max_rounds" = { choices = [1, 40] }
"""
OLD = """
mode = "variant"
game = "cubist"
base = "base.toml"
objective = "spread_sd"
trials = 2
games = 3
seed = 3
""" + SEARCH
NEW = """
mode = "variant"
game = "cubist"
base = "base.toml"
objectives = ["spread_sd", "first_seat", "skill"]
name = "cubist-luck"
sampler = "grid"
trials = 4
games = 3
seed = 3
[skill]
top = "sculptor"
against = ["random"]
games = 21
""" + SEARCH


def write_configs(folder):
    (folder / "base.toml").write_text(BASE)
    (folder / "old.toml").write_text(OLD)
    (folder / "new.toml").write_text(NEW)
    return folder


@pytest.fixture
def configs(tmp_path):
    return write_configs(tmp_path)


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    """The new tuning's study (played once): the grid's two rule sets and the base rules."""
    folder = write_configs(tmp_path_factory.mktemp("pareto"))
    out = folder / "study"
    result = run_cli("tune", folder / "new.toml", "--out", out, "--workers", "1")
    assert result.exit_code == 0, result.output
    return out, result, pd.read_csv(out / "pareto" / "trials.csv")


def test_the_spread_only_objective_prefers_the_variant_decided_before_any_choice(configs):
    plan = tune.load(configs / "old.toml")
    assert plan.pareto is None
    backend = backends.make(1)
    try:
        spread = {}
        for rounds in (1, 40):
            trial = tune.trial_plan(plan, {"misc.max_rounds": rounds})
            spread[rounds] = tune.objective_value(plan, trials.run(trial, backend), trial)[0]
    finally:
        backend.close(cancel=False)
    assert spread[1] == 0.0 < spread[40]   # every game a shared tie: "perfectly balanced"


def test_the_new_tuning_leaves_it_off_the_front_for_its_lost_skill(front):
    _, result, table = front
    by_rules = table.set_index("rules")
    luck, full = by_rules.loc["misc.max_rounds=1"], by_rules.loc["misc.max_rounds=40"]
    base = table[table["trial"] == -1].iloc[0]
    assert luck["balance"] == 0.0 < base["balance"]          # what the old objective wants
    assert luck["skill"] == pytest.approx(0.0)              # but skill no longer pays
    assert luck["skill_change_hi"] < 0 < base["skill"]       # shown below the base rules'
    assert not luck["feasible"] and luck["broken"] == "the skill gap is shown below the base rules'"
    assert not luck["front"]
    assert full["feasible"] and full["front"]
    assert "breaks: the skill gap is shown below" in result.stdout
    assert "Pareto front: " in result.stdout


def test_the_front_page_links_each_point_to_its_variant_and_dossier(front):
    out, result, table = front
    page = (out / "pareto" / "index.html").read_text()
    point = table[table["front"]].iloc[0]
    variant = out / point["variant"]
    raw = tomllib.loads(variant.read_text())
    assert raw["game"] == "cubist" and raw["data"] == {"misc": {"max_rounds": 40}}
    assert point["dossier"].startswith("meeplab dossier cubist --players 3 --variant ")
    assert f"--base {out / 'dossiers' / 'base'}" in point["dossier"]
    assert point["dossier"] in page and point["variant"] in page
    assert (out / "pareto" / "pareto.png").is_file() and (out / "pareto" / "front.csv").is_file()
    assert "[95%]" in page


def test_a_rerun_reads_the_played_trials_back(front):
    out, _, table = front
    again = run_cli("tune", out.parent / "new.toml", "--out", out, "--workers", "1")
    assert again.exit_code == 0, again.output
    assert "the grid has no other rule set" in again.stdout
    assert pd.read_csv(out / "pareto" / "trials.csv").equals(table)


@pytest.mark.parametrize("change, problem", [
    (('objectives = ["spread_sd", "first_seat", "skill"]', 'objectives = ["skill", "entropy"]'),
     "is not a list of distinct objectives"),
    (('objectives = ["spread_sd", "first_seat", "skill"]', 'objectives = ["gini", "spread_sd"]'),
     "is not a list of distinct objectives"),
    (('top = "sculptor"', 'top = "sculptress"'), "is not a strategy of cubist"),
    (('against = ["random"]', 'against = ["sculptor"]'), "against must list other strategies"),
    (('against = ["random"]', 'against = ["random"]\nkeep = "more"'), "keep = 'more'"),
    (('against = ["random"]', 'against = ["random"]\nspeed = 1'), "unknown key 'skill.speed'"),
    (('sampler = "grid"', 'sampler = "random"'), "sampler 'random' is not one of"),
    (('{ choices = [1, 40] }', '[1, 40]'), "sampler \"grid\" needs choices"),
    (('sampler = "grid"', 'sampler = "grid"\nobjective = "gini"'), "objective and objectives"),
    (('sampler = "grid"', 'sampler = "grid"\ntry_first = ["x.toml"]'),
     "does not apply to the grid"),
    (('[skill]', '[length]\nmeasure = "laps"\nwithin = 0.2\n[skill]'),
     "measure 'laps' is not a length of cubist"),
    (('[skill]', '[length]\nmeasure = "decisions"\n[skill]'), "[length] gives no bound"),
])
def test_a_bad_config_is_one_line(configs, change, problem):
    (configs / "new.toml").write_text(NEW.replace(*change))
    assert_one_line_error(run_cli("tune", configs / "new.toml", "--out", configs / "s"),
                          problem)


def test_try_first_plays_a_variant_file_as_trial_0(configs):
    (configs / "luck.toml").write_text('game = "cubist"\n[data]\nmisc.max_rounds = 1\n')
    (configs / "first.toml").write_text(NEW.replace('sampler = "grid"', 'sampler = "tpe"')
                                        .replace("trials = 4", 'trials = 1\ntry_first = '
                                                 '["luck.toml"]'))
    result = run_cli("tune", configs / "first.toml", "--out", configs / "s", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "trial 0: spread_sd 0.000" in result.stdout and "misc.max_rounds=1\n" in result.stdout
    (configs / "luck.toml").write_text('game = "cubist"\n[data]\nmisc.max_rounds = 3\n')
    assert_one_line_error(run_cli("tune", configs / "first.toml", "--out", configs / "t"),
                          "luck.toml is not a point of [search] (misc.max_rounds)")


def test_the_keys_of_several_objectives_need_objectives(configs):
    (configs / "skill.toml").write_text(OLD + '[skill]\ntop = "sculptor"\n')
    assert_one_line_error(run_cli("tune", configs / "skill.toml", "--out", configs / "s"),
                          "skill applies to a tune with several objectives")
    assert_one_line_error(run_cli("tune", configs / "old.toml", "--out", configs / "s",
                                  "--skill-games", "4"),
                          "--skill-games applies to a tune with several objectives")


def test_the_findings_page_of_a_front_writes_its_claims_from_the_numbers(front):
    from reports.studies import findings

    out, _, _ = front
    spec = {"claims": [{"rules": "misc.max_rounds=1", "subject": "skill_change"},
                       {"rules": "misc.max_rounds=1", "subject": "balance_change"},
                       {"rules": "misc.max_rounds=1", "subject": "front"},
                       {"rules": "misc.max_rounds=40", "subject": "front"},
                       {"rules": "base", "subject": "skill"}]}
    found = findings.READERS["pareto"](out, spec)
    assert found.claims[0].startswith("under `misc.max_rounds=1` skill pays less: `sculptor`'s "
                                      "win share against `random` changes by -0.667")
    assert found.claims[1].startswith("under `misc.max_rounds=1` the spread (sd) of win shares "
                                      "falls, a more balanced game")
    assert found.claims[2] == ("`misc.max_rounds=1` is left off the Pareto front: the skill "
                               "gap is shown below the base rules'")
    assert found.claims[3] == "`misc.max_rounds=40` is on the Pareto front"
    assert found.claims[4].startswith("under the base rules `sculptor` wins more than its "
                                      "fair share against `random`")
    assert len(found.tables[0].rows) == 3


def test_an_interrupted_trial_is_played_again_first_its_shards_kept(configs, monkeypatch):
    import optuna

    from sim.run import runner
    from sim.studies import pareto

    real, calls = runner.run, []

    def stop_in_the_second_trial(cfg, where, resume, **options):
        calls.append((where, resume))
        outcome = real(cfg, where, resume, **options)
        if len(calls) == 5:   # base: 2 jobs; first trial: 2; the second's balance job played
            raise runner.RunInterrupted("1 shard kept")
        return outcome
    monkeypatch.setattr(pareto.runner, "run", stop_in_the_second_trial)
    out = configs / "study"
    first = run_cli("tune", configs / "new.toml", "--out", out, "--workers", "1")
    assert first.exit_code == 130 and "continue with: meeplab tune" in first.stderr
    storage = f"sqlite:///{out / tune.STUDY_FILE}"
    stopped = optuna.load_study(study_name="meeplab-tune", storage=storage).trials[1]
    assert stopped.state != optuna.trial.TrialState.COMPLETE
    monkeypatch.setattr(pareto.runner, "run", real)
    again = run_cli("tune", configs / "new.toml", "--out", out, "--workers", "1")
    assert again.exit_code == 0, again.output
    study = optuna.load_study(study_name="meeplab-tune", storage=storage)
    redone = tune.complete(study)[-1]
    assert redone.params == stopped.params and redone.number == 2
    assert (out / pareto.TRIALS_DIR / redone.user_attrs["run"] / "balance" / "manifest.json"
            ).is_file()


def test_objectives_constraints_and_samplers_from_the_config(configs):
    import optuna

    from sim.studies import pareto

    text = NEW.replace('sampler = "grid"', 'sampler = "nsga2"').replace(
        'against = ["random"]', 'against = ["random"]\nkeep = 0.2').replace(
        "[skill]", "[length]\nlow = 100\nhigh = 300\n[skill]")
    (configs / "nsga.toml").write_text(text)
    plan = tune.load(configs / "nsga.toml")
    spec = plan.pareto
    assert spec.directions == ["minimize", "minimize", "maximize"]
    assert isinstance(pareto.sampler(plan, 0), optuna.samplers.NSGAIISampler)
    f = {"balance": 0.1, "first_seat": -0.05, "skill": 0.3, "skill_lo": 0.1, "skill_hi": 0.5,
         "skill_change": -0.2, "skill_change_lo": -0.3, "skill_change_hi": -0.1,
         "length": 320.0}
    assert pareto.objective_values(spec, f) == [0.1, 0.05, 0.3]
    kept = pareto.constraints(spec, f, base={"length": 200.0})
    assert kept == pytest.approx({"skill_kept": 0.2 - 0.5, "length_low": 100 - 320.0,
                                  "length_high": 320.0 - 300})
    assert pareto.broken(spec, kept) == "the game is too long"
    unbounded = tune.load(configs / "new.toml").pareto   # no [length]
    assert pareto.bounds(unbounded, {"length": 200.0}) == (-float("inf"), float("inf"))
