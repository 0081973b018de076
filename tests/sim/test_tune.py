"""`meeplab tune`: a short strategy tune writes a preset that is listed and plays, a rerun
continues the study, variant mode writes a variant file, extra preset files, bad configs
(engine interpreted, a few games per trial)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from sim.games import get as get_game
from sim.run import config, runner
from sim.studies import tune
from strategies.common.registry import PresetError
from tests.sim.helpers import CUBA_TUNE, ROOT, assert_one_line_error, run_cli, write_config

registry = get_game("cuba").registry


@pytest.fixture(autouse=True)
def user_config(tmp_path, monkeypatch):
    """The default user presets folder inside tmp_path ($XDG_CONFIG_HOME), $MEEPLAB_PRESETS
    unset: no test reads or writes the real ~/.config."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("MEEPLAB_PRESETS", raising=False)
    return tmp_path / "xdg" / "meeplab" / "presets"


@pytest.fixture
def presets(tmp_path, monkeypatch):
    """An extra presets directory the registry reads ($MEEPLAB_PRESETS)."""
    folder = tmp_path / "presets"
    monkeypatch.setenv("MEEPLAB_PRESETS", str(folder))
    return folder


@pytest.fixture
def tuned(tmp_path, presets):
    path = tmp_path / "t.toml"
    path.write_text(CUBA_TUNE)
    # --force: with 2 trials of 4 games the best may be trial 0, the start's own values
    result = run_cli("tune", path, "--out", tmp_path / "study", "--presets-dir", presets,
                     "--workers", "1", "--force")
    assert result.exit_code == 0, result.output
    return path, result


def test_a_short_tune_writes_a_preset_that_is_listed_and_plays(tmp_path, presets, tuned):
    _, result = tuned
    file = presets / "builder_tuned_test.toml"
    entry = tomllib.loads(file.read_text())["presets"]["builder_tuned_test"]
    assert entry["kernel"] == "heuristic"
    start = registry.strategies()["builder"].params
    assert set(entry["params"]) == set(start)
    assert entry["params"]["focus_a"] in ("none", "hotel") and 0.1 <= entry["params"][
        "money"] <= 1.0
    assert {k: v for k, v in entry["params"].items() if k not in ("money", "focus_a")} == {
        k: v for k, v in start.items() if k not in ("money", "focus_a")}
    listed = run_cli("strategies", "cuba")
    assert "builder_tuned_test (heuristic)" in listed.stdout
    cfg = config.load(write_config(tmp_path / "use.toml", format="matchups", games=4,
                                   matchups=[["builder_tuned_test", "random", "random",
                                              "random"]]))
    outcome = runner.run(cfg, tmp_path / "run", workers=1)
    assert outcome.games == 4 and not outcome.errors
    assert "builder_tuned_test" in {i.strategy for i in outcome.intervals}
    assert "trial 0: win share" in result.stdout and "trial 1: " in result.stdout
    assert (tmp_path / "study" / tune.TRIALS_FILE).is_file()


def test_trial_0_is_the_start_preset_and_every_trial_plays_the_same_deals(tuned, tmp_path):
    import optuna

    study = optuna.load_study(study_name="meeplab-tune",
                              storage=f"sqlite:///{tmp_path / 'study' / tune.STUDY_FILE}")
    first = study.trials[0].user_attrs["values"]
    own = registry.strategies()["builder"].params
    assert first == {"money": own["money"], "focus_a": own["focus_a"]}   # builder's values
    plan = tune.load(tuned[0])
    seeds = [tune.trial_plan(plan, t.user_attrs["values"]) for t in study.trials]
    assert len({(p.seed, p.matchups[0].key, p.games) for p in seeds}) == 1


def test_a_rerun_continues_the_study_and_its_trial_count(tuned, tmp_path, presets):
    path, _ = tuned
    out = tmp_path / "study"
    again = run_cli("tune", path, "--out", out, "--presets-dir", presets, "--trials", "3",
                    "--workers", "1", "--force")
    assert again.exit_code == 0, again.output
    assert "trial 2: " in again.stdout and "trial 0: " not in again.stdout
    import optuna

    study = optuna.load_study(study_name="meeplab-tune",
                              storage=f"sqlite:///{out / tune.STUDY_FILE}")
    assert [t.number for t in tune.complete(study)] == [0, 1, 2]
    done = run_cli("tune", path, "--out", out, "--presets-dir", presets, "--trials", "3",
                   "--force")
    assert done.exit_code == 0 and "already has 3 complete trials" in done.stdout


def test_another_config_in_the_same_study_is_refused(tuned, tmp_path, presets):
    path, _ = tuned
    path.write_text(CUBA_TUNE.replace("games = 4", "games = 8"))
    result = run_cli("tune", path, "--out", tmp_path / "study", "--presets-dir", presets,
                     "--force")
    assert result.exit_code == 2 and "another tune config" in result.stderr


VARIANT = """
mode = "variant"
base = "base.toml"
trials = 2
games = 4
seed = 2
objective = "max_minus_min"
name = "cuba-fair-test"
[search]
hidden_parliament_card = [false, true]
"misc.start_money" = [8, 12]
"""


def test_variant_mode_writes_a_variant_file_a_tournament_can_use(tmp_path):
    write_config(tmp_path / "base.toml", format="matchups", matchups=[["random"] * 3],
                 shard_games=3)
    (tmp_path / "v.toml").write_text(VARIANT)
    result = run_cli("tune", tmp_path / "v.toml", "--out", tmp_path / "study", "--workers", "1")
    assert result.exit_code == 0, result.output
    file = tmp_path / "study" / "cuba-fair-test.toml"
    raw = tomllib.loads(file.read_text())
    assert raw["game"] == "cuba" and set(raw["switches"]) == {"hidden_parliament_card"}
    assert 8 <= raw["data"]["misc"]["start_money"] <= 12
    cfg = config.load(tmp_path / "base.toml", variants=[str(file)])
    assert cfg["variant"]["misc.start_money"] == raw["data"]["misc"]["start_money"]


def test_the_shipped_tune_configs_load():
    for path in sorted((ROOT / "configs" / "tunes").glob("*.toml")):
        plan = tune.load(path)
        assert plan.space and tune.games_per_trial(plan) >= 1000, path
        if plan.values.get("kernel") == "mcts":   # tuned at its preset's budget
            assert "iterations" not in {s.key for s in plan.space}, path


def test_a_search_tune_plays_each_trial_with_its_rollout_choice(tmp_path):
    path = tmp_path / "search.toml"
    path.write_text(SEARCH.replace("ROLLOUT", 'rollout = ["greedy", "builder"]'))
    plan = tune.load(path)
    assert plan.space[-1].choices == ("greedy", "builder")
    rows = {name: tune.trial_plan(plan, {"exploration": 0.5, "rollout": name}).custom
            for name in ("greedy", "builder")}
    for name, custom in rows.items():
        kernel, row = custom["mcts_tuned_test"]
        assert registry.kernels[kernel] == "mcts"
        want = registry.strategies()[name]
        names = [p.name for p in registry.kernel_module("mcts").PARAMS]
        assert row[names.index("rollout")] == registry.kernels.index(want.kernel)
        own = len(names)   # the rollout preset's row follows the search's parameters
        assert row[own:own + 3] == want.row[:3].tolist()
        assert row[names.index("exploration")] == 0.5   # the trial's value


SIBERIA = """
mode = "strategy"
game = "siberia"
kernel = "plan"
start = "staff_first"
field = [FIELD]
trials = 1
games = 2
[search]
mine = [0.6, 1.6]
"""
SEARCH = (CUBA_TUNE.replace('"heuristic"', '"mcts"').replace('"builder"', '"mcts"')
          .replace('"builder_tuned_test"', '"mcts_tuned_test"').split("[search]")[0]
          + "[search]\nexploration = [0.2, 1.5]\nROLLOUT\n")
# a search tune's bad [search] line and the error it gives
BAD_SEARCH = {
    "the search's rollout as a range": ("rollout = { low = 1, high = 2 }",
                                        "search.rollout takes a list of choices, not a range"),
    "the search's rollout naming no strategy": (
        "rollout = [1, 2]", "search.rollout: parameter 'rollout' = 1 names no strategy"),
    "a search preset as the search's rollout": (
        'rollout = ["builder", "mcts_strong"]',
        "search.rollout: parameter 'rollout' = 'mcts_strong' cannot be embedded"),
    "the search's blend above 1": ("blend = [0.0, 2.0]",
                                   "search.blend: parameter 'blend' = 2.0 is above 1"),
    "the search's depth not whole": (
        "depth = [10.5, 20]", "search.depth: parameter 'depth' = 10.5 is not a whole number"),
}
BAD = {
    "no mode": ('kernel = "heuristic"\n', "mode None is not one of"),
    "unknown key": (CUBA_TUNE.replace("trials = 2", "trails = 2"), "unknown key 'trails'"),
    "unknown kernel": (CUBA_TUNE.replace('kernel = "heuristic"', 'kernel = "minimax"'),
                       "kernel 'minimax' is not a kernel"),
    "start of another kernel": (CUBA_TUNE.replace('start = "builder"', 'start = "greedy"'),
                                "start preset 'greedy' is not a heuristic preset"),
    "unknown parameter": (CUBA_TUNE.replace("money = [", "breadth = ["),
                          "search.breadth is not a parameter of kernel heuristic"),
    "bad range": (CUBA_TUNE.replace("[0.1, 1.0]", "[1.0, 0.1]"), "is not low < high"),
    "bad choice": (CUBA_TUNE.replace('"hotel"]', '"castle"]'), "search.focus_a"),
    "no search": (CUBA_TUNE.split("[search]")[0], "no [search] table"),
    "field": (CUBA_TUNE.replace('field = ["random", "random", "random"]', 'field = ["nobody"]'),
              "field must be a non-empty list"),
    "taken name": (CUBA_TUNE.replace('"builder_tuned_test"', '"greedy"'),
                   "preset name 'greedy' is taken by the shipped strategy in "
                   "configs/strategies/cuba.toml"),
    "lineup above the players": (CUBA_TUNE.replace('"random", "random", "random"]',
                                                  '"random", "random", "random", "random", '
                                                  '"random"]'),
                                 "the lineup [candidate, *field] has 6 players; cuba plays 2..5"),
    "lineup below the players": (CUBA_TUNE.replace('"random", "random", "random"]', ']'),
                                 "field must be a non-empty list"),
    "siberia: 5 players without players_max = 5": (SIBERIA.replace("FIELD", '"random", ' * 4),
                                                   "has 5 players; siberia plays 2..4"),
    "siberia: 6 players with players_max = 5": (
        SIBERIA.replace("FIELD", '"random", ' * 5) + "[variant]\nplayers_max = 5\n",
        "has 6 players; siberia plays 2..5"),
    "mixed field above the players": (
        CUBA_TUNE.replace('field = ["random", "random", "random"]',
                         "players = 6\nfield = { random = 1, greedy = 1 }"),
        "a mixed field needs players = 2..5 (got 6)"),
    "a variant that raises the players past the engine": (
        CUBA_TUNE + '[variant]\n"misc.max_players" = 6\n', "must lie within 2..5"),
    "games": (CUBA_TUNE.replace("games = 4", "games = 0"), "games = 0 is not a whole number"),
    "variant objective": (VARIANT.replace('"max_minus_min"', '"entropy"'),
                          "unknown objective 'entropy'"),
    "variant key": (VARIANT.replace('"misc.start_money"', '"misc.start_cash"'), "search: "),
    "variant value": (VARIANT.replace("[false, true]", "[false, 3]"), "search: "),
}
BAD |= {case: (SEARCH.replace("ROLLOUT", line), error)
        for case, (line, error) in BAD_SEARCH.items()}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_tune_config_is_one_line_and_exit_2(tmp_path, presets, case):
    write_config(tmp_path / "base.toml", format="matchups", matchups=[["random"] * 3])
    (tmp_path / "bad.toml").write_text(BAD[case][0])
    result = run_cli("tune", tmp_path / "bad.toml", "--out", tmp_path / "study",
                     "--presets-dir", presets)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "; " in lines[0], lines
    assert BAD[case][1] in lines[0]
    assert not (tmp_path / "study").exists()


def test_a_missing_tune_config(tmp_path):
    result = run_cli("tune", tmp_path / "gone.toml")
    assert result.exit_code == 2 and "tune config" in result.stderr


# ------------------------------------------------------------------ extra preset files

def test_extra_preset_files_are_read_and_a_name_defined_twice_is_an_error(tmp_path,
                                                                          monkeypatch):
    main = tmp_path / "cuba.toml"
    main.write_text('[presets.a]\nkernel = "random"\ndescription = "a"\n')
    (tmp_path / "cuba.d").mkdir()
    (tmp_path / "cuba.d" / "b.toml").write_text('[presets.b]\nkernel = "random"\n'
                                                'description = "b"\n')
    assert {"a", "b"} <= set(registry.names(main))
    extra = tmp_path / "more"
    extra.mkdir()
    (extra / "c.toml").write_text('[presets.a]\nkernel = "random"\ndescription = "again"\n')
    monkeypatch.setenv("MEEPLAB_PRESETS", str(extra))
    with pytest.raises(PresetError, match="preset 'a' is already defined in .*"
                                                   "cuba.toml; rename one of them"):
        registry.names(main)
    result = run_cli("strategies", "cuba")
    assert result.exit_code == 0   # the shipped presets do not define 'a'
    (extra / "c.toml").write_text('[presets.greedy]\nkernel = "random"\ndescription = "x"\n')
    result = run_cli("strategies", "cuba")
    assert result.exit_code == 2 and "preset 'greedy' is already defined" in result.stderr


def test_without_install_the_preset_stays_in_the_study_directory(tmp_path, presets):
    """The README's example on a fresh clone: the preset name is committed already, --preset
    and --games override the config, nothing is written outside --out."""
    path = tmp_path / "t.toml"
    path.write_text(OUTSIDE.replace('preset = "builder_tuned_test"', 'preset = "greedy_tuned"'))
    before = sorted(p.name for p in (registry.path.parent / "cuba.d").iterdir())
    result = run_cli("tune", path, "--out", tmp_path / "study", "--workers", "1", "--games",
                     "8", "--trials", "1")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "study" / "greedy_tuned.toml").is_file()
    assert ("not installable as it is: preset name 'greedy_tuned' is taken by the shipped "
            "strategy in configs/strategies/cuba.d/greedy_tuned.toml" in result.stdout)
    assert f"--out {tmp_path / 'study'}-greedy_tuned_2 --preset greedy_tuned_2" in result.stdout
    assert "t: strategy tune, 8 games per trial" in result.stdout   # the config says 4
    renamed = run_cli("tune", path, "--out", tmp_path / "other", "--workers", "1", "--games",
                      "2", "--trials", "1", "--preset", "builder_v2")
    assert renamed.exit_code == 0, renamed.output
    entry = tomllib.loads((tmp_path / "other" / "builder_v2.toml").read_text())
    assert "builder_v2" in entry["presets"]
    assert sorted(p.name for p in (registry.path.parent / "cuba.d").iterdir()) == before
    assert not presets.exists()


@pytest.mark.parametrize("args, problem", [
    (["--preset", "Bad Name"], "--preset 'Bad Name' is not a preset name"),
    (["--games", "0"], "--games 0 is too small"),
])
def test_bad_tune_overrides(tmp_path, args, problem):
    path = tmp_path / "t.toml"
    path.write_text(CUBA_TUNE)
    assert_one_line_error(run_cli("tune", path, "--out", tmp_path / "s", *args), problem)


# ------------------------------------------------------------------ installing a tuned preset

# builder's own money (0.765) lies outside the range: trial 0 is not the start preset, so the
# best trial is always a tuned one
OUTSIDE = CUBA_TUNE.replace("money = [0.1, 1.0]\nfocus_a = [\"none\", \"hotel\"]\n",
                           "money = [0.1, 0.5]\n").replace("trials = 2", "trials = 1")
SHIPPED = ROOT / "configs" / "strategies"


def _package_files() -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(SHIPPED.rglob("*")) if p.is_file()}


def _shell(command: str, tmp_path, **env: str):
    """Run a printed command line as a user would, in a shell, with meeplab on PATH."""
    import os
    import subprocess
    import sys

    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])
    return subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600,
                          env=dict(os.environ, PATH=path, NUMBA_DISABLE_JIT="1", **env))


def test_install_writes_into_the_user_folder_never_the_package(tmp_path, user_config):
    path = tmp_path / "t.toml"
    path.write_text(OUTSIDE)
    before = _package_files()
    result = run_cli("tune", path, "--out", tmp_path / "study", "--workers", "1", "--install")
    assert result.exit_code == 0, result.output
    installed = user_config / "builder_tuned_test.toml"
    assert f"preset 'builder_tuned_test' installed: {installed}" in result.stdout
    assert tomllib.loads(installed.read_text())["game"] == "cuba"
    assert _package_files() == before
    assert "builder_tuned_test (heuristic)" in run_cli("strategies", "cuba").stdout
    # the file says which game it is for: another game's registry does not read it
    assert run_cli("strategies", "siberia").exit_code == 0


def test_an_installed_preset_is_replaced_only_with_force(tmp_path, user_config):
    path = tmp_path / "t.toml"
    path.write_text(OUTSIDE)
    out = tmp_path / "study"
    assert run_cli("tune", path, "--out", out, "--workers", "1", "--install").exit_code == 0
    installed = user_config / "builder_tuned_test.toml"
    kept = installed.read_bytes()
    again = run_cli("tune", path, "--out", out, "--trials", "2", "--workers", "1", "--install")
    assert_one_line_error(again, f"preset 'builder_tuned_test' is already installed: "
                                 f"{installed}")
    assert "--install --force" in again.stderr and "trial 1" not in again.stdout
    assert installed.read_bytes() == kept
    forced = run_cli("tune", path, "--out", out, "--trials", "2", "--workers", "1",
                     "--install", "--force")
    assert forced.exit_code == 0, forced.output
    assert "trial 1: " in forced.stdout and installed.read_bytes() != kept


def test_a_user_file_holding_other_presets_is_never_replaced(tmp_path, user_config):
    path = tmp_path / "t.toml"
    path.write_text(OUTSIDE)
    user_config.mkdir(parents=True)
    mine = user_config / "builder_tuned_test.toml"
    mine.write_text('[presets.mine]\nkernel = "random"\ndescription = "mine"\n')
    result = run_cli("tune", path, "--out", tmp_path / "study", "--install", "--force")
    assert_one_line_error(result, f"{mine} exists and does not hold just the preset")
    assert "mine" in mine.read_text() and not (tmp_path / "study").exists()


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_shipped_preset_is_never_replaced_and_the_fix_runs_as_printed(tmp_path,
                                                                        user_config, force):
    """The issue's case: cuba-greedy.toml names the shipped greedy_tuned. --install is refused
    before any trial, even with --force (a name defined twice is the registry's error, so a
    shipped preset cannot be shadowed); the printed fix tunes under a free name."""
    path = tmp_path / "t.toml"
    path.write_text(OUTSIDE.replace('"builder_tuned_test"', '"greedy_tuned"'))
    before = _package_files()
    result = run_cli("tune", path, "--out", tmp_path / "study", "--install", *force)
    assert_one_line_error(result, "preset name 'greedy_tuned' is taken by the shipped strategy "
                                  "in configs/strategies/cuba.d/greedy_tuned.toml")
    fix = result.stderr.split("tune under a new name: ")[1].strip()
    assert fix == (f"meeplab tune {path} --out {tmp_path / 'study'} --preset greedy_tuned_2 "
                   "--install")
    done = _shell(fix, tmp_path, XDG_CONFIG_HOME=str(tmp_path / "xdg"))
    assert done.returncode == 0, done.stderr
    assert (user_config / "greedy_tuned_2.toml").is_file()
    assert _package_files() == before


def test_without_install_the_printed_hints_run_as_printed(tmp_path, user_config):
    path = tmp_path / "t.toml"
    path.write_text(OUTSIDE)
    out = tmp_path / "study"
    result = run_cli("tune", path, "--out", out, "--workers", "1", "--games", "8")
    assert result.exit_code == 0, result.output
    hint = result.stdout.splitlines()[-1]
    install = hint.split(f"to install it into {user_config}: ")[1].split("; to try it")[0]
    first = hint.split("to try it first: ")[1]
    assert install == f"meeplab tune {path} --out {out} --games 8 --install"
    tried = _shell(first, tmp_path, XDG_CONFIG_HOME=str(tmp_path / "xdg"))
    assert tried.returncode == 0 and "builder_tuned_test (heuristic)" in tried.stdout
    assert not user_config.exists()
    done = _shell(install, tmp_path, XDG_CONFIG_HOME=str(tmp_path / "xdg"))
    assert done.returncode == 0, done.stderr
    assert "already has 1 complete trials" in done.stdout
    assert (user_config / "builder_tuned_test.toml").read_text() == (
        out / "builder_tuned_test.toml").read_text()


def test_install_goes_to_the_first_meeplab_presets_folder(tmp_path, presets, user_config):
    path = tmp_path / "t.toml"
    path.write_text(OUTSIDE)
    result = run_cli("tune", path, "--out", tmp_path / "study", "--workers", "1", "--install")
    assert result.exit_code == 0, result.output
    assert (presets / "builder_tuned_test.toml").is_file() and not user_config.exists()


def test_an_untuned_best_trial_is_said_and_not_installed(tmp_path, user_config):
    """One trial: the best is trial 0, the start preset's own values, not a tuned preset."""
    path = tmp_path / "t.toml"
    path.write_text(CUBA_TUNE.replace("trials = 2", "trials = 1"))
    out = tmp_path / "study"
    result = run_cli("tune", path, "--out", out, "--workers", "1", "--install")
    assert result.exit_code == 0, result.output
    assert ("no preset written: the best trial plays builder's own values (untuned)"
            in result.stdout)
    assert not user_config.exists() and not (out / "builder_tuned_test.toml").exists()
    assert (out / tune.TRIALS_FILE).is_file()
    forced = run_cli("tune", path, "--out", out, "--install", "--force")
    assert forced.exit_code == 0 and (user_config / "builder_tuned_test.toml").is_file()


# ------------------------------------------------------------------ a damaged study

@pytest.mark.parametrize("damage, problem", [
    ("garbage", "is damaged (file is not a database)"),
    ("truncated", "is damaged (database disk image is malformed)"),
    ("another schema", "has a schema this Optuna cannot read"),
])
def test_a_damaged_study_is_one_line_and_left_as_it_is(tuned, tmp_path, presets, damage,
                                                       problem):
    import sqlite3

    path, _ = tuned
    db = tmp_path / "study" / tune.STUDY_FILE
    if damage == "another schema":
        with sqlite3.connect(db) as con:
            con.execute("update alembic_version set version_num = 'v99.0.0.a'")
        con.close()
    else:
        db.write_bytes(b"not a database\n" if damage == "garbage" else db.read_bytes()[:3000])
    body = db.read_bytes()
    result = run_cli("tune", path, "--out", tmp_path / "study", "--presets-dir", presets,
                     "--trials", "3", "--force")
    assert_one_line_error(result, f"the study {db} {problem}")
    assert "it was left as it is" in result.stderr and db.read_bytes() == body


def test_a_second_tune_of_the_same_study_is_one_line(tmp_path, presets):
    """Two tunes into one --out: the second stops in one line naming the first one's pid and
    leaves the study alone; once the first is gone, the same command runs."""
    import subprocess
    import sys

    from tests.sim.test_bad_input import HOLD

    path, study = tmp_path / "t.toml", tmp_path / "study"
    path.write_text(CUBA_TUNE)
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(study)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        result = run_cli("tune", path, "--out", study, "--presets-dir", presets, "--force")
        assert_one_line_error(result, f"{study} is being written by another meeplab process "
                                      f"(pid {holder.pid}); wait for it to end")
        assert [p.name for p in study.iterdir()] == [".meeplab.lock"]
    finally:
        holder.kill()
        holder.wait()
    done = run_cli("tune", path, "--out", study, "--presets-dir", presets, "--workers", "1",
                   "--force", "--trials", "1")
    assert done.exit_code == 0, done.output
