"""Games that hit an engine safeguard are no results: the run summary, the precision rounds and
the manifest leave out every seating of their deals, and say so (issue 42). Also the summary's
wording: plurals, and games per matchup as played."""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from reports.runs import load_run
from reports.text import excluded_sentence, plural
from sim.run import config, runner, shard, stats, store
from tests.sim.helpers import RANDOM_MATCHUPS, run_cli, write_config

STUCK = 2   # core.common.errors.ERR_STUCK: "game did not end"
SEATINGS = [["a", "b"], ["b", "a"]]


def test_plural():
    assert [plural(n, "shard") for n in (0, 1, 2)] == ["0 shards", "1 shard", "2 shards"]
    assert plural(1, "copy", "copies") == "1 copy" and plural(3, "copy", "copies") == "3 copies"


def test_the_sentence_names_reasons_partners_and_where_to_look():
    assert excluded_sentence({}, 0, 0, "x") == ""
    assert excluded_sentence({"game did not end": 1}, 2, 1, "run.log") == (
        "1 game that did not end was excluded, with the 1 other game of its deal group (a "
        "deal counts in all its seatings or not at all); see run.log")
    assert excluded_sentence({"game did not end": 3, "illegal decision": 1}, 12, 4, "f") == (
        "3 games that did not end and 1 game with an engine error (illegal decision) were "
        "excluded, with the 8 other games of their 4 deal groups (a deal counts in all its "
        "seatings or not at all); see f")
    # both seatings of one deal failed: nothing else to leave out
    assert excluded_sentence({"game did not end": 2}, 2, 1, "f") == (
        "2 games that did not end were excluded; see f")


def test_a_deal_with_a_failed_seating_is_left_out_of_the_sums():
    rng = np.random.default_rng(5)
    win = rng.random((10, 2, 2))
    err = np.zeros((10, 2), np.int32)
    err[3, 1] = STUCK        # one seating of deal 3
    err[7, 0] = 1            # one of deal 7
    counted = np.delete(win, [3, 7], axis=0)
    assert stats.shard_sums(win, SEATINGS, err) == stats.shard_sums(counted, SEATINGS)
    t = stats.tally(win, err, SEATINGS)
    assert t["errors"] == 2 and t["failed"] == {"1": 1, "2": 1}
    assert t["excluded_deals"] == 2 and t["excluded"] == 4
    assert t["sums"]["a"][0] == 8 and t["sums"]["a"][3] == 8 * 2   # deals, seat-games
    clean = stats.tally(win, np.zeros((10, 2)), SEATINGS)
    assert clean["errors"] == clean["excluded"] == 0 and clean["failed"] == {}
    assert clean["sums"] == stats.shard_sums(win, SEATINGS)


def test_a_strategy_with_no_counted_game_has_no_estimate():
    win = np.full((2, 2, 2), 0.5)
    rows = stats.intervals([(0, stats.shard_sums(win, SEATINGS, np.ones((2, 2))))])
    assert all(r.games == 0 and np.isnan(r.win_share) for r in rows)
    assert stats.widest(rows) == np.inf


# --- a run whose engine reports failed games -------------------------------------------------

def failing(real, bad_seeds):
    """shard.engine whose games fail ("did not end") in seating 1 of the deals seeded
    `bad_seeds` (a shard plays its seatings in order, in one process)."""
    calls: dict[int, int] = {}

    def engine(task):
        game, tables = real(task)

        def run_batch(tables, players, seeds, kernels, params, check=False):
            rec, err = game.run_batch(tables, players, seeds, kernels, params, check=check)
            seating = calls[int(seeds[0])] = calls.get(int(seeds[0]), -1) + 1
            if seating == 1:
                err = np.where(np.isin(seeds, bad_seeds), STUCK, err).astype(err.dtype)
            return rec, err
        return dataclasses.replace(game, run_batch=run_batch), tables
    return engine


SMALL = dict(RANDOM_MATCHUPS, games=12, shard_games=8, seed=4)


@pytest.fixture
def failed_run(tmp_path, monkeypatch):
    """The small run with two games that did not end: matchup 0 (4 seatings) deal 1, matchup 1
    (3 seatings) deal 2."""
    cfg = config.load(write_config(tmp_path / "small.toml", **SMALL))
    from sim.run.seeding import deal_seeds
    bad = [int(deal_seeds(4, cfg.matchups[0].key, 1, 2)[0]),
           int(deal_seeds(4, cfg.matchups[1].key, 2, 3)[0])]
    monkeypatch.setattr(shard, "engine", failing(shard.engine, bad))
    return cfg, runner.run(cfg, tmp_path / "run", workers=1)


def test_the_summary_leaves_out_and_names_failed_games(failed_run, tmp_path):
    cfg, outcome = failed_run
    assert outcome.games == 24 and outcome.errors == 2
    assert outcome.failed == {"game did not end": 2}
    assert outcome.excluded == 4 + 3 and outcome.excluded_deals == 2
    # random in every seat: 2 deals x 4 seatings x 4 seats + 3 deals x 3 x 3 seat-games count
    (row,) = outcome.intervals
    assert row.games == 2 * 4 * 4 + 3 * 3 * 3
    lines = runner.describe(outcome, cfg)
    assert lines[0].startswith("small: 24 games in 4 shards;") and "1 worker)" in lines[0]
    log = tmp_path / "run" / store.LOG
    assert (f"warning: 2 games that did not end were excluded, with the 5 other games of their "
            f"2 deal groups (a deal counts in all its seatings or not at all); see the lines "
            f"'excluded:' of {log}") in lines
    text = log.read_text()
    assert text.count("excluded: shard") == 2 and "deal 1 (seed" in text
    manifest = store.read_manifest(tmp_path / "run")
    assert manifest["excluded"] == {"failed": {"game did not end": 2}, "games": 7,
                                    "deal_groups": 2}
    assert manifest["error_names"][STUCK] == "game did not end"
    assert runner.summary_data(outcome)["excluded"]["games"] == 7


def test_the_loader_drops_the_same_deal_groups(failed_run, tmp_path):
    run = load_run(tmp_path / "run")
    assert run.excluded.games == 7 and run.excluded.deal_groups == 2
    assert set(run.excluded.failed["reason"]) == {"game did not end"}
    assert not {"0/1", "1/2"} & set(run.results["cluster"])
    assert run.results["game_id"].nunique() == 24 - 7
    everything = load_run(tmp_path / "run", keep_failed=True).results
    assert len(everything) == 12 * 4 + 12 * 3
    failed_rows = everything.loc[run.excluded.failed["row"]]
    assert (failed_rows["error"] == STUCK).all()
    # the kept rows keep their stored row numbers
    assert everything.loc[run.results.index].equals(run.results)


def test_resume_recounts_the_exclusions_from_the_rows(failed_run, tmp_path):
    cfg, outcome = failed_run
    manifest = store.read_manifest(tmp_path / "run")
    for entry in manifest["shards"].values():   # a manifest of an older version
        for key in ("failed", "excluded", "excluded_deals"):
            entry.pop(key, None)
    (tmp_path / "run" / store.MANIFEST).write_text(json.dumps(manifest))
    again = runner.run(cfg, tmp_path / "run", resume=True, workers=1)
    assert again.played == 0 and again.excluded == 7 and again.intervals == outcome.intervals


def test_the_cli_summary_warns(tmp_path, monkeypatch):
    path = write_config(tmp_path / "small.toml", **SMALL)
    cfg = config.load(path)
    from sim.run.seeding import deal_seeds
    bad = [int(deal_seeds(4, cfg.matchups[0].key, 0, 1)[0])]
    monkeypatch.setattr(shard, "engine", failing(shard.engine, bad))
    result = run_cli("tournament", path, "--out", tmp_path / "run", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "warning: 1 game that did not end was excluded, with the 3 other games of its " \
           "deal group" in result.stderr


def test_precision_rounds_report_the_games_each_matchup_played(tmp_path, monkeypatch):
    """A round's games per matchup are whole deals: the summary says what was played (28 and
    27 games, not the 25 asked), the same count as the games it reports in all."""
    cfg = config.load(write_config(tmp_path / "p.toml", **dict(SMALL, precision=0.01)))
    widths = iter([0.012, 0.0105, 0.009])
    monkeypatch.setattr(stats, "widest", lambda rows: next(widths))
    outcome = runner.run(cfg, tmp_path / "run", workers=1)
    p = outcome.precision
    assert (p["games_per_matchup"], p["min_games_per_matchup"]) == (28, 27)
    assert outcome.games == 28 + 27
    line = runner.describe(outcome, cfg)[-2]
    assert line.startswith("precision +-0.01: reached after 3 rounds") and line.endswith(
        "up to 28 games per matchup)")
    one = dict(SMALL, matchups=[["random"] * 4], games=10)
    cfg = config.load(write_config(tmp_path / "one.toml", **one))
    outcome = runner.run(cfg, tmp_path / "one", workers=1)
    assert outcome.games == 12   # 10 asked: 3 deals of 4 seatings
    assert runner.describe(outcome, cfg)[0].startswith("one: 12 games in 2 shards")
