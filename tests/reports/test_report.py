"""`meeplab report` and `meeplab compare`: files, sections, figures, errors; on a synthetic
run and on a real small tournament run."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import matplotlib.image as mpimg
import pandas as pd
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from reports.games import cuba
from reports.report import report
from tests.reports import synth

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SECTIONS = ("headline", "summary", "pairwise", "head-to-head", "ratings", "seats", "scores", "vp-sources",
            "cuba-buildings", "cuba-parliament", "cuba-shipping", "methods")
FIGURES = ("win_share", "head_to_head", "ratings", "seat_advantage", "scores", "vp_sources",
           "cuba_build_rate", "cuba_win_when_built", "cuba_vp_by_building", "cuba_parliament",
           "cuba_bill_gain", "cuba_shipping")
LINEUPS = [("rush", "cafe"), ("rush", "money"), ("cafe", "money"), ("rush", "cafe", "money")]
STRENGTH = {"rush": 5.0, "cafe": 2.5, "money": 0.0}
BY_GAME = {"cuba": cuba.sections}  # the synthetic runs are Cuba's (sim passes every game's)


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def assert_png(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(PNG_MAGIC), path
    image = mpimg.imread(io.BytesIO(data), format="png")
    assert image.shape[0] > 50 and image.shape[1] > 50


def embedded_images(html: str) -> list[str]:
    return re.findall(r'<img alt="[^"]*" src="data:image/png;base64,([^"]+)"', html)


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory) -> Path:
    df = synth.results(LINEUPS, 12, STRENGTH, seat_bonus=1.0)
    return synth.write(tmp_path_factory.mktemp("synthetic") / "run", df)


@pytest.fixture(scope="module")
def synthetic_report(synthetic):
    return report(synthetic, n_boot=20, by_game=BY_GAME)


def test_report_writes_page_figures_and_csv(synthetic, synthetic_report):
    out = synthetic / "report"
    assert synthetic_report.directory == out and synthetic_report.index == out / "index.html"
    html = (out / "index.html").read_text()
    for key in SECTIONS:
        assert f'<section id="{key}">' in html, key
    assert sorted(p.stem for p in synthetic_report.figures) == sorted(FIGURES)
    for name in FIGURES:
        assert_png(out / f"{name}.png")
    assert len(embedded_images(html)) == len(FIGURES)
    assert "http://" not in html and "https://" not in html  # opens offline
    summary = pd.read_csv(out / "summary.csv")
    assert {"players", "strategy", "games", "win_share", "win_lo", "win_hi", "score",
            "score_lo", "rank", "rank_hi"} <= set(summary.columns)
    assert len(summary) == 3 + 3
    for name in ("pairwise", "head_to_head", "ratings", "seat_advantage", "vp_by_source"):
        assert (out / f"{name}.csv").is_file()


def test_report_footer_names_provenance_and_assumed_data(synthetic_report):
    html = synthetic_report.index.read_text()
    footer = html.split("<footer>")[1]
    for text in (synth.MANIFEST["config_hash"], "0123456789abcdef", "synthetic-1234abcd", "Seed",
                 "meeplab 0.1.0", "openskill", "ASSUMED rules data", "ships.S01"):
        assert text in footer, text


def test_report_marks_significant_pairs(synthetic_report):
    html = synthetic_report.index.read_text()
    pairwise = html.split('<section id="pairwise">')[1].split("</section>")[0]
    assert "<tr class=hl>" in pairwise and "yes *" in pairwise


def test_terminal_summary(synthetic_report):
    lines = synthetic_report.lines
    assert lines[0].startswith("2 players: rush leads with win share 0.")
    assert lines[0].endswith("significantly ahead of cafe")
    assert lines[1].startswith("3 players: rush leads")
    assert lines[2].startswith("significant pairs (Holm, alpha 0.05): rush > money (2p)")
    table = lines[lines.index("") + 1:]
    assert table[0].split()[:3] == ["players", "strategy", "games"]
    assert len(table) == 1 + 6
    assert table[1].split()[:2] == ["2", "rush"]  # best first


def test_headline_box(synthetic_report):
    """The page opens with the leaders, the balance indices with intervals and the pairs."""
    html = synthetic_report.index.read_text()
    box = html.split('<section id="headline">')[1].split("</section>")[0]
    assert html.index('<section id="headline">') < html.index('<section id="summary">')
    assert "2 players: rush leads with win share" in box and "Gini" in box
    balance = pd.read_csv(synthetic_report.directory / "balance.csv")
    assert set(balance["index"]) == {"spread_sd", "max_minus_min", "gini"}
    assert (balance["lo"] <= balance["value"]).all() and (balance["value"] <= balance["hi"]).all()
    assert set(balance["players"]) == {2, 3}


def test_report_without_ratings(synthetic, tmp_path):
    result = run("report", str(synthetic), "--out", str(tmp_path / "r"), "--no-ratings")
    assert result.exit_code == 0, result.output
    html = (tmp_path / "r" / "index.html").read_text()
    assert "Ratings were not computed (meeplab report --no-ratings)" in html
    assert not (tmp_path / "r" / "ratings.png").exists()


def test_missing_breakdown_columns_say_what_is_needed(tmp_path):
    df = synth.results(LINEUPS, 4, STRENGTH, buildings=False)
    written = report(synth.write(tmp_path / "run", df), n_boot=20, by_game=BY_GAME)
    html = written.index.read_text()
    assert "built_&lt;building key&gt;" in html and "passed_&lt;bill id&gt;" in html
    for path in written.figures:
        assert_png(path)


def test_cli_report_prints_summary_and_path(synthetic, tmp_path):
    result = run("report", str(synthetic), "--out", str(tmp_path / "r"), "--bootstrap", "20")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].startswith("2 players: rush leads")
    assert result.stdout.strip().endswith(f"report: {tmp_path / 'r' / 'index.html'}")


@pytest.mark.parametrize("make", ["not_a_run", "damaged_shard"])
def test_cli_report_bad_input_one_line_exit_2(tmp_path, make):
    target = tmp_path / "run"
    if make == "not_a_run":
        target.mkdir()
    else:
        synth.write(target, synth.results([("a", "b")], 2, {"a": 0, "b": 0}))
        shard = next((target / "results").glob("*.parquet"))
        shard.write_bytes(b"PAR1 this is not parquet")
    result = run("report", str(target))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "; " in lines[0]
    assert "Traceback" not in result.output


def test_compare_runs(tmp_path, synthetic):
    changed = synth.results(LINEUPS, 12, {"rush": 0.0, "cafe": 2.5, "money": 5.0}, seed=9)
    other = synth.write(tmp_path / "variant", changed)
    result = run("compare", str(synthetic), str(other), "--out", str(tmp_path / "cmp"))
    assert result.exit_code == 0, result.output
    out = tmp_path / "cmp"
    html = (out / "index.html").read_text()
    for key in ("runs", "win-shares", "delta-win_share", "delta-score", "balance", "seats"):
        assert f'<section id="{key}">' in html, key
    for name in ("compare_win_share", "compare_balance", "compare_seats"):
        assert_png(out / f"{name}.png")
    # each run's Cuba sections follow, keyed and titled by the run
    for key in ("cuba-buildings", "cuba-parliament", "cuba-shipping"):
        for label in ("run", "variant"):
            assert f'<section id="{label}-{key}">' in html, (label, key)
    assert_png(out / "variant_cuba_shipping.png")
    assert len(embedded_images(html)) == len(list(out.glob("*.png")))
    deltas = pd.read_csv(out / "win_share_deltas.csv")
    rush = deltas[(deltas["strategy"] == "rush") & (deltas["players"] == 2)].iloc[0]
    assert rush["diff"] < 0 and rush["significant"]
    balance = pd.read_csv(out / "balance.csv")
    assert set(balance["run"]) == {"run", "variant"}
    assert {"spread_sd", "max_minus_min", "gini"} <= set(balance.columns)
    assert "comparison: " in result.stdout


def test_compare_warns_when_the_designs_differ(tmp_path, synthetic):
    """Another field and other player counts: the deltas come with a warning per difference
    (stderr and the page), the identical design with none."""
    fewer = synth.write(tmp_path / "fewer", synth.results(LINEUPS[:1], 12, STRENGTH, seed=3))
    result = run("compare", str(synthetic), str(fewer), "--out", str(tmp_path / "cmp"))
    assert result.exit_code == 0, result.output
    warnings = result.stderr.splitlines()
    assert len(warnings) == 2, result.stderr
    assert warnings[0].startswith("warning: fewer differs from the baseline run in field "
                                  "(cafe, rush vs cafe, money, rush)")
    assert "in players (2 vs 2, 3)" in warnings[1]
    assert "differs from the baseline run in field" in (tmp_path / "cmp/index.html").read_text()
    same = run("compare", str(synthetic), str(synthetic), "--out", str(tmp_path / "same"))
    assert same.exit_code == 0 and same.stderr == ""


def test_compare_default_output_next_to_first_run(tmp_path, synthetic):
    result = run("compare", str(synthetic), str(synthetic))
    assert result.exit_code == 0, result.output
    assert (synthetic.parent / "compare-run-vs-run" / "index.html").is_file()


def test_compare_needs_two_runs(synthetic):
    result = run("compare", str(synthetic))
    assert result.exit_code == 2 and result.stderr.startswith("error: compare needs")


# --- a real small tournament ------------------------------------------------------------------

@pytest.fixture(scope="module")
def real_run(tmp_path_factory) -> Path:
    """A few games of the real engine through `meeplab tournament` (interpreted)."""
    from sim.games import get as get_game

    tmp = tmp_path_factory.mktemp("real")
    known = get_game("cuba").strategy_names()
    picked = known[:3] if len(known) >= 2 else known * 2
    lineups = [picked[:2], picked[:3] if len(picked) >= 3 else picked[:2] + picked[:1]]
    config = tmp / "small.toml"
    config.write_text('game = "cuba"\nformat = "matchups"\n'
                      f"matchups = {[list(x) for x in lineups]!r}\n".replace("'", '"')
                      + "games = 6\nseed = 5\n")
    result = run("tournament", str(config), "--out", str(tmp / "run"), "--workers", "1")
    assert result.exit_code == 0, result.output
    return tmp / "run"


def test_report_of_a_real_run(real_run):
    result = run("report", str(real_run), "--bootstrap", "20")
    assert result.exit_code == 0, result.output
    out = real_run / "report"
    html = (out / "index.html").read_text()
    for key in SECTIONS:
        assert f'<section id="{key}">' in html, key
    pngs = sorted(out.glob("*.png"))
    assert len(pngs) >= 8 and len(embedded_images(html)) == len(pngs)
    for path in pngs:
        assert_png(path)
    summary = pd.read_csv(out / "summary.csv")
    assert summary["games"].sum() > 0
    assert "ASSUMED rules data" in html and "CHANGED" not in html
    shipping = html.split('<section id="cuba-shipping">')[1].split("</section>")[0]
    for text in ("ship loads [95%]", "ships filled [95%]", "Ships sailed",
                 "ships sailed per game [95%]"):
        assert text in shipping, text


def test_cli_report_unwritable_output_is_one_line(synthetic, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    result = run("report", str(synthetic), "--out", str(blocker / "sub"), "--bootstrap", "20")
    assert result.exit_code == 2 and result.stderr.startswith("error: cannot write to ")


def test_unfinished_run_is_flagged(tmp_path):
    df = synth.results(LINEUPS, 3, STRENGTH)
    path = synth.write(tmp_path / "run", df)
    manifest = path / "manifest.json"
    manifest.write_text(manifest.read_text().replace('"complete"', '"running"'))
    html = report(path, n_boot=20, by_game=BY_GAME).index.read_text()
    assert "This run is running: the report covers its 4 finished shards only." in html
    assert "This run is" not in (report(synth.write(tmp_path / "done", df), n_boot=20)
                                 .index.read_text())


def test_a_top_run_says_how_it_stopped(tmp_path):
    df = synth.results(LINEUPS, 3, STRENGTH)
    path = synth.write(tmp_path / "run", df)
    manifest = json.loads((path / "manifest.json").read_text())
    manifest["precision"] = {"top": 1, "met": False, "overlapping": [["rush", "cafe"]],
                             "ranking": ["rush"], "tied": [], "rounds": 4,
                             "games_per_matchup": 64}
    (path / "manifest.json").write_text(json.dumps(manifest))
    html = report(path, n_boot=20, by_game=BY_GAME).index.read_text()
    assert ("Run with top = 1: the first 1 are not resolved, max_games per matchup was reached "
            "with these intervals still overlapping: rush / cafe.") in html


def test_heatmaps_and_box_plots_explain_themselves(synthetic_report):
    html = synthetic_report.index.read_text()
    section = {key: html.split(f'<section id="{key}">')[1].split("</section>")[0]
               for key in ("head-to-head", "scores", "cuba-parliament")}
    assert "Cells are point estimates: their 95% intervals are up to +-0." in section[
        "head-to-head"]
    assert "white diamond at the mean" in section["scores"]
    assert "Caution: no intervals, and confounded" in section["cuba-parliament"]
    h2h = pd.read_csv(synthetic_report.directory / "head_to_head.csv")
    assert (h2h["half_width"] > 0).all()


def test_figures_share_the_win_share_order(synthetic):
    from reports import stats
    from reports.runs import load

    df = load(synthetic)
    summary = stats.strategy_summary(df)
    order = stats.by_win_share(summary, 3)
    assert order == ["rush", "cafe", "money"]          # STRENGTH, best first
    matrix = stats.head_to_head_matrix(stats.head_to_head(df), 3, order)
    assert list(matrix.index) == list(matrix.columns) == order


def test_cli_report_notes_the_games_it_cannot_replay(synthetic, tmp_path):
    """The synthetic run's strategies are no registered strategies: no replay, a note."""
    result = run("report", str(synthetic), "--out", str(tmp_path / "r"), "--no-ratings")
    assert result.exit_code == 0, result.output
    html = (tmp_path / "r" / "index.html").read_text()
    section = html.split('<section id="replays">')[1].split("</section>")[0]
    assert "No replay of cafe&#x27;s best win" in section and "unknown strategy" in section
    assert "<a href=" not in section


def test_a_game_section_with_its_own_source_chart_replaces_the_generic_one():
    from reports.html import Figure, Section
    from reports.report import without_duplicate_sources

    generic = [Section("summary", "Who wins"), Section("vp-sources", "VP by source")]
    own = [Section("siberia-money", "Siberia: money by source",
                   [Figure("siberia_money_sources", "Money by source", b"")])]
    assert [s.key for s in without_duplicate_sources(generic, own)] == ["summary"]
    other = [Section("cuba-buildings", "Cuba: buildings", [Figure("cuba_build_rate", "", b"")])]
    assert without_duplicate_sources(generic, other) == generic
