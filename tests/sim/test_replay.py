"""The README's recipe: any results row is replayed by `meeplab play` with the row's game,
players, seed and the strategies of its game's seats (and the run's variant); `meeplab
replay RUN_DIR --row N` does it for one, and the report links its telling games."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from reports import replay as page
from reports.runs import Run, load, load_run
from sim.errors import UserError
from sim.replay import game_rows, replay_game, telling_games
from sim.run import store
from tests.sim.helpers import assert_one_line_error, run_cli, write_config


def replay_command(rows) -> list[str]:
    """`meeplab play` arguments of one game's rows (all seats of one matchup/deal/seating)."""
    rows = rows.sort_values("seat")
    first = rows.iloc[0]
    return ["play", first["game"], "--players", str(first["players"]), "--seed",
            str(first["seed"]), "--strategies", ",".join(rows["strategy"].astype(str)),
            "--quiet"]


def test_a_results_row_replays_with_play(tmp_path):
    config = write_config(tmp_path / "t.toml", format="matchups",
                          matchups=[["builder", "random", "random"]], games=3, seed=8,
                          variant={"money_limited": True})
    assert run_cli("tournament", config, "--out", tmp_path / "run").exit_code == 0
    df = store.read_results(tmp_path / "run").to_pandas()
    game = df[(df["deal"] == 0) & (df["seating"] == 1)]
    result = run_cli(*replay_command(game), "--variant", "money_limited=true")
    assert result.exit_code == 0, result.output
    table = [line.split() for line in result.stdout.splitlines()[2:]]
    scores = [int(row[3]) for row in table]   # P1 (blue) random SCORE ...
    assert scores == game.sort_values("seat")["score"].tolist()


# --- `meeplab replay RUN_DIR --row N` and the report's telling games (issue 22) ------------

@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    """A small Cuba run under a variant (interpreted engine)."""
    tmp = tmp_path_factory.mktemp("replay")
    config = write_config(tmp / "t.toml", format="matchups",
                          matchups=[["builder", "random"], ["builder", "random", "random"]],
                          games=2, seed=3, variant={"money_limited": True})
    assert run_cli("tournament", config, "--out", tmp / "run").exit_code == 0
    return tmp / "run"


@pytest.mark.parametrize("row", [0, 5, 11])
def test_replay_row_draws_that_rows_game(run_dir, tmp_path, row):
    df = load(run_dir)
    game = game_rows(df, row)
    out = tmp_path / "r.html"
    result = run_cli("replay", run_dir, "--row", row, "--html", out)
    assert result.exit_code == 0, result.output
    data = page.embedded(out.read_text())
    header, first = data["header"], game.iloc[0]
    assert header["strategies"] == game["strategy"].tolist()
    assert header["seed"] == first["seed"] and header["players"] == first["players"]
    assert header["variant"]["money_limited"] is True
    assert header["run_row"] == {"run": first["run_id"], "row": row, "matchup": first["matchup"],
                                 "deal": first["deal"], "seating": first["seating"]}
    assert data["final"]["scores"] == game["score"].tolist()
    assert data["final"]["ranks"] == game["rank"].tolist()


def test_replay_row_default_page_and_range(run_dir):
    result = run_cli("replay", run_dir, "--row", 1)
    assert result.exit_code == 0 and (run_dir / "replay-row-1.html").is_file()
    rows = len(load(run_dir))
    assert_one_line_error(run_cli("replay", run_dir, "--row", rows),
                          f"--row {rows} is not a results row")


def test_a_row_whose_game_differs_is_refused(run_dir):
    run = load_run(run_dir)
    df = run.results.copy()
    df.loc[game_rows(df, 2).index, "score"] += 1
    with pytest.raises(UserError, match=r"row 2's game played again does not match the run "
                                        r"\(score: run \["):
        replay_game(Run(run.info, df), 2)


def test_report_links_each_strategys_best_win_and_worst_loss(run_dir, tmp_path):
    out = tmp_path / "report"
    result = run_cli("report", run_dir, "--out", out, "--no-ratings", "--json")
    assert result.exit_code == 0, result.output
    pages = [g["page"] for g in json.loads(result.stdout)["replays"]]
    html = (out / "index.html").read_text()
    section = html.split('<section id="replays">')[1].split("</section>")[0]
    links = re.findall(r'<a href="(replays/[^"]+)">', section)
    df = load(run_dir)
    told = telling_games(df)
    assert len(links) == len(told) and {t.strategy for t in told} == {"builder", "random"}
    assert pages == [str(out / link) for link in links]
    assert "by score margin" in section and "No replay" not in section
    for t, link in zip(told, links):
        assert link == f"replays/{t.strategy}-{t.kind.replace(' ', '-')}.html"
        data = page.embedded((out / link).read_text())
        assert data["header"]["run_row"]["row"] == t.row
        seat = int(df.iloc[t.row]["seat"])
        assert data["final"]["scores"][seat] == df.iloc[t.row]["score"]
    result = run_cli("report", run_dir, "--out", tmp_path / "plain", "--no-ratings",
                     "--no-replays")
    assert result.exit_code == 0 and not (tmp_path / "plain" / "replays").exists()
    assert '<section id="replays">' not in (tmp_path / "plain" / "index.html").read_text()
