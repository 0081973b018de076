"""Restricted play across runs (reports/studies/restrict_compare.py, `meeplab compare` of restrict
runs): two seeds of the planted synthetic job agree on the first element; a run with another
element planted strongest differs; runs that are not restricted play get no section."""
from __future__ import annotations

import pandas as pd

from reports.studies import restrict_compare
from tests.reports import synth
from tests.reports.test_restrict import PLANTED, synthetic
from tests.sim.helpers import run_cli


def test_two_seeds_of_one_job_hold_their_first_element_and_order():
    frames = {"seed-3": synthetic(3), "seed-4": synthetic(4)}
    found = restrict_compare.section(frames, k=1)
    assert found is not None
    section, tables, lines = found
    stable = tables["restricted_stability"]
    assert stable["same_first"].all() and stable["first"].tolist() == ["building:strong"] * 2
    assert stable["elements"].tolist() == [len(PLANTED)] * 2
    assert stable["kendall_tau"].iloc[1] > 0  # strong first and overrated last in both
    assert lines[0].startswith("restricted play: the same first 1 in both runs (as a set): "
                               "building:strong. Kendall's tau against seed-3: seed-4 ")
    wide = tables["restricted"]
    assert wide["element"].iloc[0] == "building:strong"
    assert wide["element"].iloc[-1] == "building:overrated"
    assert list(wide.columns) == ["element", "seed-3 rank", "seed-3 loss [95%]", "seed-4 rank",
                                  "seed-4 loss [95%]"]
    assert section.key == "restricted"


def test_a_run_with_another_strongest_element_differs():
    other = synthetic(4)
    swap = {"greedy~building:strong": "greedy~building:overrated",
            "greedy~building:overrated": "greedy~building:strong"}
    other["strategy"] = other["strategy"].replace(swap)
    found = restrict_compare.section({"a": synthetic(3), "b": other}, k=1)
    assert found is not None
    stable = found[1]["restricted_stability"]
    assert stable["same_first"].tolist() == [True, False]
    assert stable["kendall_tau"].iloc[1] < 0.5
    assert "the first 1 differ: a: building:strong; b: building:overrated" in found[2][0]


def test_elements_the_baseline_lacks_are_listed_once_after_its_own():
    base = synthetic(3)
    base = base[base["strategy"] != "greedy~building:a"]
    found = restrict_compare.section({"a": base, "b": synthetic(4), "c": synthetic(5)}, k=1)
    assert found is not None
    wide = found[1]["restricted"]
    assert wide["element"].tolist().count("building:a") == 1
    assert wide["element"].iloc[-1] == "building:a" and wide["a rank"].iloc[-1] == "-"
    assert found[1]["restricted_stability"]["elements"].tolist() == [len(PLANTED) - 1] * 3


def test_runs_that_are_not_restricted_play_get_no_section():
    plain = pd.DataFrame({"strategy": ["greedy", "builder"], "players": 2,
                          "cluster": ["0/0", "0/0"], "win_share": [1.0, 0.0]})
    assert restrict_compare.section({"a": plain, "b": plain}) is None
    assert restrict_compare.section({"a": synthetic(3), "b": plain}) is None
    # a tournament that lists a restricted name among other strategies is not restricted play
    mixed = pd.concat([synthetic(3), plain.assign(strategy=["builder", "builder"])])
    assert restrict_compare.section({"a": mixed, "b": synthetic(4)}) is None


def test_meeplab_compare_of_two_restrict_runs_prints_whether_the_ranking_holds(tmp_path):
    lineups = [(f"greedy~building:{e}", "greedy", "greedy") for e in ("dam", "hotel", "inn")]
    strength = {"greedy": 5.0, "greedy~building:dam": 1.0, "greedy~building:hotel": 4.0,
                "greedy~building:inn": 5.0}
    runs = [synth.write(tmp_path / f"seed-{s}", synth.results(lineups, 40, strength, seed=s))
            for s in (1, 2)]
    done = run_cli("compare", *runs, "--out", tmp_path / "cmp")
    assert done.exit_code == 0, done.output
    assert ("restricted play: the same first 3 in both runs (as a set): building:dam"
            in done.stdout)
    page = (tmp_path / "cmp" / "index.html").read_text()
    assert "Restricted play across runs" in page
    assert (tmp_path / "cmp" / "restricted_stability.csv").is_file()
