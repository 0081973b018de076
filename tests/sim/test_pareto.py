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

from sim import backends, trials, tune
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
games = 6
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
    assert not luck["feasible"] and "skill_kept" in luck["broken"] and not luck["front"]
    assert full["feasible"] and full["front"]
    assert "breaks skill_kept" in result.stdout and "Pareto front: " in result.stdout


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
    (('[skill]', '[length]\nmeasure = "laps"\nwithin = 0.2\n[skill]'),
     "measure 'laps' is not a length of cubist"),
    (('[skill]', '[length]\nmeasure = "decisions"\n[skill]'), "[length] gives no bound"),
])
def test_a_bad_config_is_one_line(configs, change, problem):
    (configs / "new.toml").write_text(NEW.replace(*change))
    assert_one_line_error(run_cli("tune", configs / "new.toml", "--out", configs / "s"),
                          problem)


def test_the_keys_of_several_objectives_need_objectives(configs):
    (configs / "skill.toml").write_text(OLD + '[skill]\ntop = "sculptor"\n')
    assert_one_line_error(run_cli("tune", configs / "skill.toml", "--out", configs / "s"),
                          "skill applies to a tune with several objectives")
    assert_one_line_error(run_cli("tune", configs / "old.toml", "--out", configs / "s",
                                  "--skill-games", "4"),
                          "--skill-games applies to a tune with several objectives")
