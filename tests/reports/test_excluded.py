"""Games that hit an engine safeguard (a non-zero `error`) are no results (issue 42): the loader
leaves out their whole deal groups, and every page built on it (report, meta-game, ladder,
restricted play, compare) equals the page of the same run without those deal groups, says at
the top how many games it left out, and lists them in excluded.csv."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from reports import compare, runs
from reports.report import report
from reports.studies import ladder, metagame, restrict
from tests.reports import synth

ERROR_NAMES = ["ok", "illegal decision", "game did not end", "money negative"]
LINEUPS = [("rush", "cafe"), ("rush", "cafe", "money")]
STRENGTH = {"rush": 5.0, "cafe": 2.5, "money": 0.0}
# (matchup, deal, seating, error): two games that did not end, in two deal groups
FAILED = [(0, 2, 1, 2), (1, 5, 0, 2)]
NOTICE = ("2 games that did not end were excluded, with the 3 other games of their 2 deal "
          "groups (a deal counts in all its seatings or not at all); see excluded.csv.")
NOTICE_2P = NOTICE.replace("3 other games", "2 other games")   # every matchup 2 seatings


def fail(df: pd.DataFrame, failed=FAILED) -> pd.DataFrame:
    """The results with these games marked failed, their rows nonsense (the weakest seat
    "wins"): a statistic that counted them would differ."""
    out = df.copy()
    for m, d, j, code in failed:
        game = (out["matchup"] == m) & (out["deal"] == d) & (out["seating"] == j)
        out.loc[game, "error"] = code
        out.loc[game, "score"] = 0
        out.loc[game, "win_share"] = 1.0 / game.sum()
    return out


def without_groups(df: pd.DataFrame, failed=FAILED) -> pd.DataFrame:
    """The same results without the failed games' deal groups at all."""
    drop = pd.Series(False, index=df.index)
    for m, d, _, _ in failed:
        drop |= (df["matchup"] == m) & (df["deal"] == d)
    return df[~drop]


def write(path: Path, df: pd.DataFrame, **config) -> Path:
    """The rows as a run: one shard per matchup's unbroken stretch of deals. A run missing
    deal groups is written as an interrupted one (a complete run's manifest lists every
    deal, and the loader checks that)."""
    manifest = synth.MANIFEST | {"error_names": ERROR_NAMES}
    manifest["config"] = manifest["config"] | config
    shards = {}
    for m, games in df.groupby("matchup"):
        stretch = games["deal"].diff().fillna(0).gt(1).cumsum()
        for k, part in games.groupby(stretch):
            shards[f"m{m:04d}" + ("" if k == 0 else f"-{k}")] = part
    if len(shards) > df["matchup"].nunique():
        manifest["status"] = "interrupted"
    return runs.write_run(path, manifest, shards)


def pair(tmp_path: Path, lineups, deals: int, strength, **config) -> tuple[Path, Path]:
    """(a run with the FAILED games, the same run without their deal groups)."""
    df = synth.results(lineups, deals, strength, seat_bonus=1.0)
    return (write(tmp_path / "failed", fail(df), **config),
            write(tmp_path / "clean", without_groups(df), **config))


@pytest.fixture(scope="module")
def runs_pair(tmp_path_factory):
    return pair(tmp_path_factory.mktemp("excluded"), LINEUPS, 10, STRENGTH)


def same_rows(a: pd.DataFrame, b: pd.DataFrame) -> bool:
    def plain(df: pd.DataFrame) -> pd.DataFrame:
        return df.drop(columns="game_id").reset_index(drop=True)
    return plain(a).equals(plain(b))


def test_the_loader_leaves_out_whole_deal_groups(runs_pair):
    failed, clean = runs_pair
    run = runs.load_run(failed)
    assert same_rows(run.results, runs.load(clean))
    assert same_rows(runs.load(failed), run.results)
    ex = run.excluded
    assert bool(ex) and ex.games == 5 and ex.deal_groups == 2
    assert ex.reasons() == {"game did not end": 2}
    assert ex.notice("excluded.csv") == NOTICE
    everything = runs.load_run(failed, keep_failed=True)
    assert not everything.excluded and len(everything.results) == 10 * 2 * 2 + 10 * 3 * 3
    rows = everything.results.loc[ex.table()["row"]]
    assert rows["error"].eq(2).all() and rows["seat"].eq(0).all()
    assert ex.table()[["matchup", "deal", "seating", "reason"]].values.tolist() == [
        [0, 2, 1, "game did not end"], [1, 5, 0, "game did not end"]]
    assert not runs.load_run(clean).excluded


def test_an_older_run_without_error_names_still_names_the_code(tmp_path):
    df = fail(synth.results(LINEUPS, 4, STRENGTH), [(0, 1, 0, 3)])
    path = synth.write(tmp_path / "run", df)
    assert runs.load_run(path).excluded.reasons() == {"engine error 3": 1}


def test_the_report_counts_only_whole_deal_groups_and_says_so(runs_pair):
    failed, clean = runs_pair
    written = report(failed, n_boot=20, by_game={})
    plain = report(clean, n_boot=20, by_game={})
    for name in ("summary", "pairwise", "seat_advantage", "head_to_head"):
        assert pd.read_csv(failed / "report" / f"{name}.csv").equals(
            pd.read_csv(clean / "report" / f"{name}.csv")), name
    html = written.index.read_text()
    top = html.split('<section id="headline">')[1].split("</section>")[0]
    assert NOTICE in top
    assert "This run left out 5 games." in html and "This run left out" not in \
        plain.index.read_text()
    table = pd.read_csv(failed / "report" / "excluded.csv")
    assert table["reason"].tolist() == ["game did not end"] * 2
    assert not (clean / "report" / "excluded.csv").exists()
    assert written.lines[-1] == "warning: " + NOTICE[:-len("excluded.csv.")] + str(
        failed / "report" / "excluded.csv")
    assert written.data["excluded"].startswith("2 games that did not end were excluded")


PROFILES = [["a", "a"], ["a", "b"], ["b", "b"]]


def test_the_meta_game_counts_only_whole_deal_groups_and_says_so(tmp_path):
    failed, clean = pair(tmp_path, PROFILES, 12, {"a": 1.0, "b": 0.0},
                         matchups=PROFILES, seatings="rotations")
    written = metagame.write(failed, n_boot=10)
    metagame.write(clean, n_boot=10)
    for name in ("payoffs", "equilibrium"):
        assert pd.read_csv(failed / "metagame" / f"{name}.csv").equals(
            pd.read_csv(clean / "metagame" / f"{name}.csv")), name
    html = written.index.read_text()
    assert NOTICE_2P in html.split('<section id="summary">')[1].split("</section>")[0]
    assert (failed / "metagame" / "excluded.csv").is_file()
    assert written.lines[-1].startswith("warning: 2 games that did not end were excluded")


LADDER = ["random", "builder"]


def test_the_ladder_counts_only_whole_deal_groups_and_says_so(tmp_path):
    lineups = [("random", "builder"), ("builder", "random")]
    failed, clean = pair(tmp_path, lineups, 10, {"random": 0.0, "builder": 2.0})
    run = runs.load_run(failed)
    html, csv, _ = ladder.write(run.results, LADDER, "cuba", tmp_path / "page", run.excluded)
    _, plain, _ = ladder.write(runs.load(clean), LADDER, "cuba", tmp_path / "plain")
    assert pd.read_csv(csv).equals(pd.read_csv(plain))
    assert NOTICE_2P in html.read_text()
    assert len(pd.read_csv(tmp_path / "page" / "excluded.csv")) == 2
    # the command's --run path shows it too
    result = CliRunner().invoke(cli.app, ["ladder", "cuba", "--run", str(failed)])
    assert result.exit_code == 0, result.output
    assert NOTICE_2P in (failed / "ladder.html").read_text()


def test_restricted_play_counts_only_whole_deal_groups_and_says_so(tmp_path):
    names = {"greedy~building:a": ("greedy", "building:a"),
             "greedy~building:b": ("greedy", "building:b")}
    lineups = [(n, "greedy", "greedy") for n in names]
    strength = {"greedy~building:a": 0.0, "greedy~building:b": 1.0, "greedy": 1.0}
    failed, clean = pair(tmp_path, lineups, 10, strength)
    written = restrict.write(runs.load_run(failed), names, {}, tmp_path / "page")
    restrict.write(runs.load_run(clean), names, {}, tmp_path / "plain")
    assert pd.read_csv(tmp_path / "page" / "restricted.csv").equals(
        pd.read_csv(tmp_path / "plain" / "restricted.csv"))
    notice = NOTICE.replace("3 other games", "4 other games")   # 3 seatings in both
    assert notice in written.index.read_text().split('<section id="ranking">')[1]
    assert (tmp_path / "page" / "excluded.csv").is_file()


def test_compare_keeps_runs_on_the_same_deals_paired(tmp_path):
    """A deal group left out of one run is left out of the other too: the comparison stays a
    paired one over the deals both count, as if neither had played it."""
    df = synth.results(LINEUPS, 10, STRENGTH, seat_bonus=1.0)
    other = synth.results(LINEUPS, 10, STRENGTH | {"money": 2.0}, seat_bonus=1.0)
    a = write(tmp_path / "a", fail(df))
    b = write(tmp_path / "b", other)
    a0 = write(tmp_path / "clean" / "a", without_groups(df))
    b0 = write(tmp_path / "clean" / "b", without_groups(other))
    written = compare.compare([a, b], tmp_path / "cmp")
    compare.compare([a0, b0], tmp_path / "cmp0")
    for name in ("win_share_deltas", "score_deltas", "summary"):
        assert pd.read_csv(tmp_path / "cmp" / f"{name}.csv").equals(
            pd.read_csv(tmp_path / "cmp0" / f"{name}.csv")), name
    html = written.index.read_text()
    assert "paired t test over the deal groups the runs share" in html
    assert "a: " + NOTICE[:-1] in html
    assert "the same deals are left out of every run, so that the runs stay paired (2 deal " \
           "groups in all)" in html
    table = pd.read_csv(tmp_path / "cmp" / "excluded.csv")
    assert table["run"].tolist() == ["a", "a"]
    assert any(line.startswith("warning: a: 2 games that did not end") for line in written.lines)


def test_the_run_summary_and_the_loader_agree(runs_pair):
    """The manifest-free check: the win shares of the loaded rows are those the runner's sums
    give over the same complete deals (sim.run.stats on the stored rows)."""
    import numpy as np

    from sim.run import stats

    failed, _ = runs_pair
    everything = runs.load_run(failed, keep_failed=True).results
    rows = []
    for m, g in everything.groupby("matchup"):
        lineup = LINEUPS[m]
        n = len(lineup)
        seatings = [list(synth.rotations(lineup)[j]) for j in range(n)]
        g = g.sort_values(["deal", "seating", "seat"])
        win = g["win_share"].to_numpy().reshape(-1, n, n)
        err = g["error"].to_numpy()[::n].reshape(-1, n)
        rows.append((m, stats.tally(win, err, seatings)["sums"]))
    summary = {r.strategy: r.win_share for r in stats.intervals(rows)}
    loaded = runs.load(failed).groupby("strategy")["win_share"].mean()
    assert summary == pytest.approx(loaded.to_dict())
    assert json.loads((failed / "manifest.json").read_text())["error_names"] == ERROR_NAMES
    assert np.isfinite(list(summary.values())).all()
