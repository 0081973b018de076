"""Findings as code: claims written from numbers (a sign or significance flip changes the
sentence), the shipped study files, the runner's records and errors, and pages and index
written from a run's tables (no engine is compiled here)."""
from __future__ import annotations

import json
import shlex
from pathlib import Path

import pandas as pd
import pytest

from reports import claims as cl
from reports.studies import findings as pages
from reports.studies.finding_parts import claim_templates
from sim.errors import UserError
from sim.studies import findings
from tests.sim.helpers import ROOT, assert_one_line_error, run_cli


@pytest.mark.parametrize("est, words", [
    (cl.Estimate(0.386, 0.372, 0.401), "wins more than its fair share (0.250): 0.386 [0.372, 0.401]"),
    (cl.Estimate(0.176, 0.160, 0.190), "wins less than its fair share"),
    (cl.Estimate(0.260, 0.240, 0.281), "is not shown to differ from its fair share"),
])
def test_fair_share_sentence_follows_the_interval(est, words):
    assert words in cl.sentence("fair_share", "builder", est, 0.25)


def test_sign_and_significance_flips_change_the_words():
    up = cl.sentence("change", "money_and_laws", cl.Estimate(0.082, 0.055, 0.110, 0.0004),
                     signed=True)
    down = cl.sentence("change", "money_and_laws", cl.Estimate(-0.136, -0.2, -0.07, 0.001),
                       signed=True)
    noise = cl.sentence("change", "money_and_laws", cl.Estimate(0.082, 0.055, 0.110, 0.2),
                        signed=True)
    assert up == "money_and_laws rises: +0.082 [+0.055, +0.110], Holm p <0.001"
    assert down.startswith("money_and_laws falls: -0.136")
    assert noise.startswith("money_and_laws is not shown to change")   # Holm p rules
    custom = {"within": "{subject}: nothing ({interval})"}
    assert cl.sentence("difference", "x", cl.Estimate(0.0, -0.1, 0.1), overrides=custom) == (
        "x: nothing (0.000 [-0.100, 0.100])")


def test_shipped_studies_load_and_name_existing_configs():
    studies = findings.studies(None, ROOT)
    assert {s["kind"] for s in studies} == set(findings.KINDS)
    for study in studies:
        for line in study.commands(0.5, Path("runs/x")):
            words = shlex.split(line)
            assert words[0] == "meeplab"
            for word in words:
                if word.startswith("configs/"):
                    assert (ROOT / word).is_file(), (study.name, word)
        for claim in study["claims"]:
            assert set(claim) <= {"subject", "kind", "variant", "field", "rules",
                                  *cl.OUTCOMES}


def test_scale_games_and_precision(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('title = "t"\nkind = "metagame"\nquestion = "q"\ngames = 400\n'
                    'precision = 0.02\ncommands = ["meeplab metagame c.toml --games {games} '
                    '--precision {precision} --out {run}"]\n')
    study = findings.load(path)
    assert study.commands(0.25, Path("runs/s")) == [
        "meeplab metagame c.toml --games 100 --precision 0.04 --out runs/s"]


@pytest.mark.parametrize("text, problem", [
    ('title = "t"\nkind = "poll"\nquestion = "q"\ngames = 1\ncommands = ["meeplab games"]',
     "kind 'poll'"),
    ('title = "t"\nkind = "ladder"\nquestion = "q"\ngames = 0\ncommands = ["meeplab games"]',
     "games = 0"),
    ('title = "t"\nkind = "ladder"\nquestion = "q"\ngames = 1\ncommands = ["ls"]',
     "commands must be"),
    ('title = "t"\nkind = "ladder"\nquestion = "q"\ngames = 1\n'
     'commands = ["meeplab games {seed}"]', "unknown placeholder"),
    ('title = "t"\nkind = "ladder"\nquestion = "q"\ngames = 1\ncommands = ["meeplab games"]\n'
     '[templates]\nmaybe = "x"', "templates must be"),
])
def test_bad_study_files(tmp_path, text, problem):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(UserError, match=problem):
        findings.load(path)


def test_unknown_study_and_scale_are_one_line_errors(tmp_path):
    assert_one_line_error(run_cli("findings", "no-such-study", "--runs", tmp_path),
                          "unknown study 'no-such-study'")
    assert_one_line_error(run_cli("findings", "--scale", "0", "--runs", tmp_path),
                          "--scale 0 is out of range")


def _study(folder: Path, command: str) -> None:
    (folder / "configs/findings").mkdir(parents=True)
    (folder / "configs/findings/demo.toml").write_text(
        'title = "Demo: a round robin"\nkind = "tournament"\nquestion = "Who wins?"\n'
        f'games = 100\ncommands = ["{command}"]\n'
        '[[claims]]\nsubject = "leader"\n[[claims]]\nsubject = "b"\n')


def test_a_failing_command_names_its_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _study(tmp_path, "meeplab tournament missing.toml --games {games} --out {run}")
    result = run_cli("findings", "--out", "pages")
    assert_one_line_error(result, "study demo: 'meeplab tournament missing.toml --games 100 "
                                  "--out runs/findings/demo' failed (exit 2)")
    assert "not found" in (tmp_path / "runs/findings/demo.log").read_text()


def _summary(run: Path, a: tuple[float, float, float], b: tuple[float, float, float]) -> None:
    (run / "report").mkdir(parents=True)
    rows = [{"players": 4, "strategy": name, "games": 800, "win_share": w, "win_lo": lo,
             "win_hi": hi, "fair_share": 0.25, "score": 50.0, "score_lo": 49.0,
             "score_hi": 51.0} for name, (w, lo, hi) in (("a", a), ("b", b))]
    pd.DataFrame(rows).to_csv(run / "report/summary.csv", index=False)


def test_pages_from_a_finished_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _study(tmp_path, "meeplab tournament t.toml --games {games} --seed 1 --out {run}")
    runs = tmp_path / "runs/findings"
    _summary(runs / "demo", (0.386, 0.372, 0.401), (0.176, 0.160, 0.190))
    record = {"study": "demo", "scale": 0.5, "smoke": False, "commit": "abc123+changes",
              "date": "2026-12-06", "seconds": 30.0, "run": "runs/findings/demo",
              "commands": ["meeplab tournament t.toml --games 50 --seed 1 "
                           "--out runs/findings/demo"]}
    (runs / "demo.json").write_text(json.dumps(record))
    result = run_cli("findings", "--pages-only", "--out", "pages")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "pages/demo.md").read_text()
    assert "- `a` wins more than its fair share (0.250): 0.386 [0.372, 0.401]." in page
    assert "- `b` wins less than its fair share (0.250): 0.176 [0.160, 0.190]." in page
    assert "| 4 | `a` | 800 | 0.386 [0.372, 0.401] | 0.250 | 50.0 [49.0, 51.0] |" in page
    assert "commit `abc123+changes`, 2026-12-06" in page and "scale 0.5" in page
    assert "```sh\nmeeplab tournament t.toml --games 50 --seed 1 --out runs/findings/demo\n```" \
        in page
    index = (tmp_path / "pages/index.md").read_text()
    assert "| [Demo: a round robin](demo.md) | `a` wins more than its fair share" in index
    assert "| 0 | 0.5 |" in index   # no manifest in the synthetic run: 0 games
    assert "about 1 minutes" not in index and "about 1 minute" in index
    # the same run, a flipped interval: the sentence flips with it
    _summary_flip = runs / "demo/report/summary.csv"
    table = pd.read_csv(_summary_flip)
    table.loc[table.strategy == "b", ["win_share", "win_lo", "win_hi"]] = [0.26, 0.24, 0.28]
    table.to_csv(_summary_flip, index=False)
    assert run_cli("findings", "--pages-only", "--out", "pages").exit_code == 0
    assert "`b` is not shown to differ from its fair share" in (
        tmp_path / "pages/demo.md").read_text()


def test_pages_only_without_a_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _study(tmp_path, "meeplab games")
    assert_one_line_error(run_cli("findings", "--pages-only"),
                          "study demo has no finished run in runs/findings")


def test_full_cost_is_linear_in_scale():
    assert pages.full_cost({"seconds": 30, "scale": 0.25}) == 120


def test_commit_ignores_the_pages(tmp_path):
    import subprocess

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True)
    git("init", "-q")
    (tmp_path / "docs/findings").mkdir(parents=True)
    (tmp_path / "code.py").write_text("a = 1\n")
    (tmp_path / "docs/findings/x.md").write_text("old\n")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c")
    (tmp_path / "docs/findings/x.md").write_text("new\n")
    clean = findings.commit(tmp_path, tmp_path / "docs/findings")
    assert len(clean) == 12 and "+" not in clean
    (tmp_path / "code.py").write_text("a = 2\n")
    assert findings.commit(tmp_path, tmp_path / "docs/findings") == clean + "+changes"
    assert findings.commit(tmp_path / "missing") == "unknown"


def test_study_templates_then_the_claims_own():
    spec = {"templates": {"above": "A {subject}", "within": "W"}}
    assert claim_templates(spec, {"subject": "x", "within": "w"}) == {"above": "A {subject}",
                                                                      "within": "w"}
    assert cl.sentence("balance", "the Gini", cl.Estimate(0.008, 0.001, 0.014, 0.021),
                       signed=True).startswith("the Gini rises, a less balanced game: +0.008")
