"""Tournament configs: resolution, overrides, hashes, and one-line errors (exit 2)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.errors import UserError
from sim.run import config, runner, store
from tests.sim.helpers import (RANDOM_MATCHUPS, assert_one_line_error, run_cli, toml_value,
                               write_config)


def test_defaults_and_overrides(tmp_path):
    path = write_config(tmp_path / "t.toml", format="matchups", matchups=[["random"] * 2])
    cfg = config.load(path)
    assert cfg["games"] == 1000 and cfg["seed"] == 0 and cfg["seatings"] == "rotations"
    assert cfg["precision"] is None and cfg.variant_id == "default"
    assert cfg["shard_games"] == 500    # games / 8, at least 500
    assert config.load(path, games=40_000)["shard_games"] == 5000
    assert config.load(path, games=10**6)["shard_games"] == 10_000
    other = config.load(path, games=10, seed=3, precision=0.01,
                        variants=["money_limited=true", "goods_row_spaces=4"])
    assert (other["games"], other["seed"], other["precision"]) == (10, 3, 0.01)
    assert other.variant_id == "goods_row_spaces=4,money_limited=true"
    assert other.hash != cfg.hash and len(cfg.hash) == 16


def test_variant_defaults_do_not_change_the_identity(tmp_path):
    plain = write_config(tmp_path / "a.toml", **RANDOM_MATCHUPS)
    same = write_config(tmp_path / "b.toml", variant={"money_limited": False}, **RANDOM_MATCHUPS)
    assert config.load(plain).hash == config.load(same).hash
    cli_wins = write_config(tmp_path / "c.toml", variant={"money_limited": True},
                            **RANDOM_MATCHUPS)
    assert config.load(cli_wins, variants=["money_limited=false"]).hash == config.load(plain).hash


def test_resolved_config_is_json(tmp_path):
    cfg = config.load(write_config(tmp_path / "t.toml", **RANDOM_MATCHUPS, seed=5))
    assert json.loads(json.dumps(cfg.resolved())) == cfg.resolved()
    assert cfg.resolved()["matchups"] == RANDOM_MATCHUPS["matchups"]
    assert cfg.resolved()["seed"] == 5 and cfg.resolved()["strategies"] is None


@pytest.mark.parametrize("text, value", [("0.005", 0.005), ("0.5%", 0.005), ("1%", 0.01)])
def test_precision_text(text, value):
    assert config.parse_precision(text) == pytest.approx(value)


BAD_CONFIGS = [
    (dict(format="matchups", matchups=[["random", "nobody"]]), "unknown strategy 'nobody'"),
    (dict(format="one-vs-field", strategies=["random"], baseline="nobody", players=3),
     "unknown strategy 'nobody'"),
    (dict(format="round-robin", strategies=["random"], players=7), "7 players is out of range"),
    (dict(format="matchups", matchups=[["random"]]), "1 players is out of range"),
    (dict(format="swiss", strategies=["random"], players=2), "unknown format 'swiss'"),
    (dict(strategies=["random"], players=2), "no format given"),
    (dict(format="round-robin", strategies=["random"], players=2),
     "round-robin of 2 players needs at least as many strategies"),
    (dict(format="round-robin", strategies=["random", "random"], players=2),
     "a strategy is listed twice"),
    (dict(format="matchups", matchups=[["random"] * 2, ["random"] * 2]),
     "matchup 2p:random,random is listed twice"),
    (dict(format="matchups", matchups=[["random"] * 2], players=2),
     "'players' does not apply to format matchups"),
    (dict(format="round-robin", strategies=["random"]), "format round-robin needs 'players'"),
    (dict(RANDOM_MATCHUPS, games=0), "games = 0 is not a whole number from 1"),
    (dict(RANDOM_MATCHUPS, games="many"), "games = 'many' is not a whole number from 1"),
    (dict(RANDOM_MATCHUPS, shard_games=0), "shard_games = 0 is not a whole number from 1"),
    (dict(RANDOM_MATCHUPS, seed=-2), "seed = -2 is not a whole number from 0"),
    (dict(RANDOM_MATCHUPS, seatings="shuffled"), "unknown seatings 'shuffled'"),
    (dict(RANDOM_MATCHUPS, precision=2), "precision = 2 is not a half-width between 0 and"),
    (dict(RANDOM_MATCHUPS, precision="1%"), "precision = '1%' is not a half-width"),
    (dict(RANDOM_MATCHUPS, precision=0.01, max_games=10, games=20), "max_games 10 is below"),
    (dict(RANDOM_MATCHUPS, stratgies=["random"]), "unknown key 'stratgies'"),
    (dict(RANDOM_MATCHUPS, game="chess"), "unknown game 'chess'"),
]


@pytest.mark.parametrize("keys, problem", BAD_CONFIGS)
def test_bad_config_is_one_line_and_exit_2(tmp_path, keys, problem):
    path = write_config(tmp_path / "bad.toml", **keys)
    result = run_cli("tournament", path, "--out", tmp_path / "run")
    assert_one_line_error(result, problem)
    assert not (tmp_path / "run").exists()


def test_bad_variant_in_config(tmp_path):
    path = write_config(tmp_path / "bad.toml", variant={"money_limited": "maybe"},
                        **RANDOM_MATCHUPS)
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                          "[variant]: variant money_limited=maybe")


def test_missing_file(tmp_path):
    assert_one_line_error(run_cli("tournament", tmp_path / "nope.toml"),
                          f"tournament config {tmp_path / 'nope.toml'} not found")


def test_malformed_toml(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('format = "matchups"\nmatchups = [["random", \n')
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                          "bad.toml: malformed TOML")


@pytest.mark.parametrize("args, problem", [
    (["--games", "0"], "--games 0 is too small"),
    (["--seed", "-1"], "--seed -1 is too small"),
    (["--workers", "0"], "--workers 0 is too small"),
    (["--precision", "70%"], "--precision 70% is not a half-width"),
    (["--precision", "abc"], "--precision abc is not a half-width"),
    (["--variant", "nope=1"], "unknown variant switch 'nope'"),
    (["--scheduler", "tcp://localhost:1", "--dask-local", "2"], "both given"),
    (["--dask-local", "2", "--workers", "2"], "--workers applies to the local backend only"),
])
def test_bad_options(tmp_path, args, problem):
    path = write_config(tmp_path / "t.toml", **RANDOM_MATCHUPS)
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run", *args), problem)


def test_run_directory_of_another_config(tmp_path):
    """A manifest of config A in --out: config B is refused and nothing is touched."""
    a = config.load(write_config(tmp_path / "a.toml", **RANDOM_MATCHUPS, games=4))
    run_dir = tmp_path / "run"
    st = store.RunStore.open(run_dir, runner.header(a), resume=False)
    st.close()   # the run directory's lock: the CLI below is another writer
    before = (run_dir / store.MANIFEST).read_bytes()
    b = write_config(tmp_path / "b.toml", **RANDOM_MATCHUPS, games=4, seed=9)
    for extra in ([], ["--resume"]):
        result = run_cli("tournament", b, "--out", run_dir, *extra)
        assert_one_line_error(result, f"{run_dir} holds a different tournament (seed "
                                      "differs); choose another --out, or resume it "
                                      f"with: meeplab tournament {tmp_path / 'a.toml'} --out")
    assert (run_dir / store.MANIFEST).read_bytes() == before
    assert st.done == {} and sorted(p.name for p in run_dir.iterdir()) == [
        ".meeplab.lock", store.MANIFEST, store.RESULTS]


def test_same_config_without_resume_is_refused(tmp_path):
    path = write_config(tmp_path / "a.toml", **RANDOM_MATCHUPS, games=4)
    st = store.RunStore.open(tmp_path / "run", runner.header(config.load(path)), resume=False)
    st.done["m0000-d000000000-000000001"] = {"file": "m0000-d000000000-000000001.parquet"}
    st.save(status="interrupted")
    st.close()
    (tmp_path / "run" / "results" / "m0000-d000000000-000000001.parquet").write_bytes(b"x")
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                          "already holds this tournament (interrupted, 1 shard done); "
                          "pass --resume")


def test_a_run_that_never_finished_a_shard_is_reused(tmp_path):
    """e.g. the Dask scheduler was unreachable: the same command works again."""
    path = write_config(tmp_path / "a.toml", **RANDOM_MATCHUPS, games=1)
    store.RunStore.open(tmp_path / "run", runner.header(config.load(path)), resume=False).close()
    result = run_cli("tournament", path, "--out", tmp_path / "run", "--workers", "1")
    assert result.exit_code == 0, result.output


def test_foreign_directory_is_refused(tmp_path):
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "notes.txt").write_text("mine")
    path = write_config(tmp_path / "a.toml", **RANDOM_MATCHUPS, games=4)
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run"),
                          "is not empty and holds no manifest.json")
    assert [p.name for p in (tmp_path / "run").iterdir()] == ["notes.txt"]


def test_changed_rules_data_is_refused(tmp_path):
    path = write_config(tmp_path / "a.toml", **RANDOM_MATCHUPS, games=4)
    head = runner.header(config.load(path)) | {"rules_data_hash": "0" * 16}
    store.RunStore.open(tmp_path / "run", head, resume=False).close()
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run", "--resume"),
                          "the rules data changed since the run")


def test_user_error_type():
    with pytest.raises(UserError, match="not found"):
        config.load(Path("/nonexistent/x.toml"))


def test_a_preset_edited_since_the_run_started_is_refused(tmp_path, monkeypatch):
    """A run is not completed (nor, in a sweep, taken as complete) after one of its strategies'
    presets changed: its games would be another tournament's."""
    from sim.games import get

    def write_probe(**change: float) -> None:
        values = dict(get("siberia").registry.strategies()["greedy"].params) | change
        (presets / "probe.toml").write_text(
            '[presets.probe]\nkernel = "greedy"\ndescription = "a greedy probe"\n'
            "[presets.probe.params]\n" + "".join(f"{k} = {toml_value(v)}\n"
                                                  for k, v in values.items()))

    presets = tmp_path / "presets"
    presets.mkdir()
    monkeypatch.setenv("MEEPLAB_PRESETS", str(presets))
    write_probe()
    path = write_config(tmp_path / "a.toml", game="siberia", format="matchups",
                        matchups=[["probe", "random", "random"]], games=3, seed=1)
    first = runner.header(config.load(path))
    store.RunStore.open(tmp_path / "run", first, resume=False).close()
    write_probe(salesman=1.25)
    assert runner.header(config.load(path))["presets_hash"] != first["presets_hash"]
    assert_one_line_error(run_cli("tournament", path, "--out", tmp_path / "run", "--resume"),
                          "the strategies' parameters (their presets) changed since the run")
