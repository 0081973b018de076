"""`meeplab metagame`: profiles, the runner's per-entry precision, the report's tables, resume,
and a small compiled Cuba run whose equilibrium regrets are within their bootstrap intervals of
0 (its bad configs and options: tests/sim/test_bad_input.py)."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest

from reports.runs import RunDataError
from reports.studies import metagame as page
from sim.run import runner, stats, store
from sim.studies import metagame, tune
from tests.sim.helpers import JOBS, assert_one_line_error, run_cli, run_compiled, write_config

SMALL = JOBS["metagame"]
TOURNAMENT = Path(__file__).resolve().parents[2] / "configs/tournaments/siberia-round-robin.toml"


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    """An interpreted 2-strategy, 2-player meta-game of Siberia, with its report."""
    tmp = tmp_path_factory.mktemp("meta")
    path = write_config(tmp / "small.toml", **SMALL)
    result = run_cli("metagame", path, "--out", tmp / "run", "--workers", "1",
                     "--bootstrap", "30", "--json")
    assert result.exit_code == 0, result.output
    return tmp, path, json.loads(result.stdout)


def test_profiles_are_every_multiset():
    names = ["a", "b", "c", "d", "e", "f"]
    got = metagame.profiles(names, 4)
    assert len(got) == math.comb(9, 4) == 126
    assert len({tuple(p) for p in got}) == 126
    assert all(p == sorted(p, key=names.index) for p in got)


def test_config_becomes_a_matchups_tournament(tmp_path):
    meta = metagame.load(write_config(tmp_path / "m.toml", **SMALL))
    cfg = meta.config
    assert cfg["format"] == "matchups"
    assert [m.lineup for m in cfg.matchups] == [("random", "random"), ("random", "greedy"),
                                                ("greedy", "greedy")]
    assert all(len(m.seatings) == 2 for m in cfg.matchups)   # rotations of 2 seats


def test_run_writes_the_report(small_run):
    tmp, _, data = small_run
    out = tmp / "run" / "metagame"
    html = (out / "index.html").read_text()
    assert "Payoff table" in html and "Verdict" in html and "Omidshafiei" in html
    payoffs = pd.read_csv(out / "payoffs.csv")
    assert len(payoffs) == 1 + 2 + 1     # (r,r): r; (r,g): r and g; (g,g): g
    # a profile of one strategy only: every seat of it, a constant-sum share of 1/2
    mono = payoffs[payoffs["profile"] == "random x2"]
    assert mono["win_share"].tolist() == [0.5] and mono["half_width"].tolist() == [0.0]
    mixed = payoffs[payoffs["profile"] == "random, greedy"]
    assert mixed["win_share"].sum() == pytest.approx(1.0)
    eq = pd.read_csv(out / "equilibrium.csv")
    assert eq["mix"].sum() == pytest.approx(1.0)
    assert data["verdict"] in ("dominant", "cyclic", "partial mix", "full mix")
    assert data["epsilon"] < 1e-7
    assert data["games"] == 3 * 8


def test_resume_of_a_complete_run_plays_nothing_and_agrees(small_run):
    tmp, path, data = small_run
    again = run_cli("metagame", path, "--out", tmp / "run", "--resume", "--bootstrap", "30",
                    "--json")
    assert again.exit_code == 0, again.output
    second = json.loads(again.stdout)
    assert second["games"] == data["games"]
    assert second["strategies"] == data["strategies"]


def test_precision_applies_to_every_profile_entry(tmp_path):
    path = write_config(tmp_path / "p.toml", **SMALL | {"games": 4, "max_games": 40},
                        precision=0.3)
    result = run_cli("metagame", path, "--out", tmp_path / "run", "--workers", "1",
                     "--bootstrap", "0", "--json")
    assert result.exit_code == 0, result.output
    manifest = store.read_manifest(tmp_path / "run")
    p = manifest["precision"]
    payoffs = pd.read_csv(tmp_path / "run" / "metagame" / "payoffs.csv")
    widest = payoffs["half_width"].max()
    assert widest == pytest.approx(p["widest"])
    assert p["met"] == (widest <= 0.3) and (p["met"] or p["games_per_matchup"] == 40)


@pytest.mark.parametrize("per_entry", [False, True])
def test_each_profile_grows_on_its_own(tmp_path, per_entry):
    """Per entry, a profile whose entries meet the target stops; per strategy, all grow."""
    meta = metagame.load(write_config(tmp_path / "m.toml", **SMALL | {"max_games": 100},
                                      precision=0.1))
    run = object.__new__(runner._Run)   # grown() reads only cfg and per_entry
    run.cfg, run.per_entry = meta.config, per_entry
    rows = [stats.Interval("0/random", 10, 0.5, 0.0), stats.Interval("1/random", 10, 0.3, 0.2),
            stats.Interval("1/greedy", 10, 0.7, 0.2), stats.Interval("2/greedy", 10, 0.5, 0.05)]
    grown = run.grown(rows, [10, 10, 10], 0.2)
    more = runner.next_games(10, 0.2, 0.1, 100)
    assert grown == ([10, more, 10] if per_entry else [more] * 3)
    assert run.grown(rows, [100] * 3, 0.2) == [100] * 3    # max_games reached


def test_population_refuses_a_run_that_is_not_a_meta_game():
    with pytest.raises(RunDataError, match="not a meta-game"):
        page.population([{"lineup": ["a", "b"]}, {"lineup": ["a", "a"]}])


@pytest.mark.compiled("cuba")
def test_cuba_equilibrium_regrets_are_within_their_intervals_of_zero(tmp_path):
    """A real run: three Cuba presets, 3 players (10 profiles), compiled."""
    path = write_config(tmp_path / "cuba.toml", game="cuba", players=3, games=240, seed=5,
                        strategies=["shipping_rush", "builder", "greedy"])
    done = run_compiled("metagame", path, "--out", tmp_path / "run", "--workers", "2",
                        "--bootstrap", "100", "--json")
    data = json.loads(done.stdout)
    assert data["epsilon"] < 1e-6
    for row in data["strategies"]:
        assert row["regret_lo"] <= 1e-9, row
        if row["mix"] >= page.SUPPORT:
            assert row["regret_lo"] <= 0 <= row["regret_hi"] + 1e-9, row


def test_a_sweep_over_a_meta_game_compares_the_variants_by_their_meta_game(tmp_path,
                                                                          monkeypatch):
    monkeypatch.setattr(page, "N_BOOT", 20)
    write_config(tmp_path / "meta.toml", **SMALL)
    sweep_file = tmp_path / "sw.toml"
    sweep_file.write_text('base = "meta.toml"\n[variants]\ndefault = []\n'
                          'shared_tie = ["final_tie=shared"]\n')
    result = run_cli("sweep", sweep_file, "--out", tmp_path / "out", "--workers", "1")
    assert result.exit_code == 0, result.output
    table = pd.read_csv(tmp_path / "out" / "compare" / "metagame.csv")
    assert table["variant"].tolist() == ["default", "shared_tie"]
    assert set(table["verdict"]) <= {"dominant", "cyclic", "partial mix", "full mix"}
    assert (table[["mix_random", "mix_greedy"]].sum(axis=1).round(9) == 1).all()
    assert ((table["entropy_bits"] >= 0) & (table["entropy_bits"] <= 1 + 1e-9)).all()
    for name in ("default", "shared_tie"):
        assert (tmp_path / "out" / name / "metagame" / "index.html").is_file()
        assert store.read_manifest(tmp_path / "out" / name)["config"]["format"] == "matchups"
    assert "mix entropy (bits)" in result.stdout


GROW = """
[grow]
kernel = "greedy"
start = "greedy"
trials = 1
games = 4
threshold = 0.01
[grow.search]
salesman = [0.2, 1.5]
"""


def test_grow_adds_best_responses_and_records_the_trajectory(tmp_path, monkeypatch):
    monkeypatch.delenv("MEEPLAB_PRESETS", raising=False)
    path = write_config(tmp_path / "g.toml", **SMALL | {"strategies": ["random",
                                                                        "staff_first"]})
    path.write_text(path.read_text() + GROW)
    result = run_cli("metagame", path, "--grow", "1", "--out", tmp_path / "grow",
                     "--workers", "1", "--bootstrap", "10", "--json")
    assert result.exit_code == 0, result.output
    rows = pd.read_csv(tmp_path / "grow" / "grow.csv")
    first = rows.iloc[0]
    assert first["population"] == "random staff_first" and first["response"] == "br1"
    assert first["gain"] == pytest.approx(first["response_share"] - first["mix_value"])
    assert bool(first["added"]) == (first["gain"] > 0.01)
    assert (tmp_path / "grow" / "presets" / "br1.toml").is_file()
    if first["added"]:   # the grown population is solved in round 2
        assert rows.iloc[-1]["population"] == "random staff_first br1"
        assert (tmp_path / "grow" / "round-2" / "metagame" / "index.html").is_file()
    assert "MEEPLAB_PRESETS" not in __import__("os").environ   # restored


def test_grow_under_a_variant_tunes_the_responses_under_its_rules(tmp_path, monkeypatch):
    monkeypatch.delenv("MEEPLAB_PRESETS", raising=False)
    path = write_config(tmp_path / "g.toml", **SMALL | {"strategies": ["random",
                                                                        "staff_first"]})
    path.write_text(path.read_text() + GROW)
    result = run_cli("metagame", path, "--grow", "1", "--variant", "final_tie=shared",
                     "--out", tmp_path / "grow", "--workers", "1", "--bootstrap", "10")
    assert result.exit_code == 0, result.output
    for r in (1, 2) if (tmp_path / "grow" / "round-2").is_dir() else (1,):
        manifest = store.read_manifest(tmp_path / "grow" / f"round-{r}")
        assert manifest["config"]["variant"] == {"final_tie": "shared"}
    t = tune.load(tmp_path / "grow" / "round-1" / "tune.toml")
    assert t["variant"] == {"final_tie": "shared"}
    assert tune.trial_plan(t, {"salesman": 1.0}).variant == {"final_tie": "shared"}
    assert "under the variant final_tie=shared" in (
        tmp_path / "grow" / "presets" / "br1.toml").read_text()


def test_sweep_grow_compares_each_variants_grown_population(tmp_path, monkeypatch):
    monkeypatch.delenv("MEEPLAB_PRESETS", raising=False)
    monkeypatch.setattr(page, "N_BOOT", 20)
    path = write_config(tmp_path / "meta.toml", **SMALL | {"strategies": ["random",
                                                                           "staff_first"]})
    path.write_text(path.read_text() + GROW)
    sweep_file = tmp_path / "s.toml"
    sweep_file.write_text('base = "meta.toml"\n[variants]\ndefault = []\n'
                          'shared_tie = ["final_tie=shared"]\n')
    result = run_cli("sweep", sweep_file, "--grow", "1", "--out", tmp_path / "out",
                     "--workers", "1")
    assert result.exit_code == 0, result.output
    table = pd.read_csv(tmp_path / "out" / "compare" / "metagame.csv")
    assert table["variant"].tolist() == ["default", "shared_tie"]
    for row, (name, rules) in enumerate((("default", {}),
                                         ("shared_tie", {"final_tie": "shared"}))):
        grown = tmp_path / "out" / name
        assert tune.load(grown / "round-1" / "tune.toml").values.get("variant", {}) == rules
        trajectory = pd.read_csv(grown / "grow.csv")
        last = grown / f"round-{trajectory['round'].iloc[-1]}"
        assert store.read_manifest(last)["config"]["variant"] == rules
        assert (last / "metagame" / "index.html").is_file()
        population = trajectory["population"].iloc[-1].split()
        mix = [f"mix_{s}" for s in population]
        assert table.loc[row, mix].sum().round(9) == 1   # the variant's own grown population


def test_sweep_grow_needs_a_meta_game_base(tmp_path):
    sweep_file = tmp_path / "s.toml"
    sweep_file.write_text('base = "%s"\n[variants]\ndefault = []\n'
                          'shared_tie = ["final_tie=shared"]\n' % TOURNAMENT)
    assert_one_line_error(run_cli("sweep", sweep_file, "--grow", "1", "--out",
                                  tmp_path / "out"), "--grow needs a meta-game base")


@pytest.mark.parametrize("grow, problem", [
    ("", "--grow needs a [grow] table"),
    (GROW.replace('kernel = "greedy"', 'kernel = "nobody"'), "kernel 'nobody'"),
    (GROW.replace("threshold = 0.01", "threshold = -1"), "grow.threshold = -1"),
    (GROW.replace("trials = 1", "trails = 1"), "unknown key 'grow.trails'"),
    (GROW.replace("salesman", "nothing"), "search.nothing"),
])
def test_bad_grow_table_is_one_line(tmp_path, grow, problem):
    path = write_config(tmp_path / "g.toml", **SMALL)
    path.write_text(path.read_text() + grow)
    assert_one_line_error(run_cli("metagame", path, "--grow", "1", "--out", tmp_path / "o"),
                          problem)


def test_same_tables_whatever_the_worker_count(tmp_path):
    path = write_config(tmp_path / "p.toml", **SMALL | {"games": 4, "max_games": 24},
                        precision=0.2)
    tables = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}"
        result = run_cli("metagame", path, "--out", out, "--workers", workers,
                         "--bootstrap", "20")
        assert result.exit_code == 0, result.output
        tables.append([(out / "metagame" / f).read_text()
                       for f in ("payoffs.csv", "equilibrium.csv")])
    assert tables[0] == tables[1]
