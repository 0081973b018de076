"""Variant overlays (issue 6 item 1): switches and rules-data paths from KEY=VALUE, variant
files and tournament configs; validation errors; the variant's id and content in a run."""
from __future__ import annotations

import json

import numpy as np
import pytest

from core.common import overlay
from core.cuba import codes
from sim.errors import UserError
from sim.games import get as get_game
from sim.options import parse_variants
from sim.run import config, runner
from tests.sim.helpers import RANDOM_MATCHUPS, ROOT, run_cli, write_config

CUBA = get_game("cuba")
VARIANTS = ROOT / "configs" / "variants"


def parse(*items: str):
    return parse_variants(list(items), "cuba", CUBA.switch_options)


def test_overlay_replaces_an_entry_value_a_nested_field_and_a_list_item():
    raw = {"misc": {"start_money": {"value": 10, "status": "seed", "note": "x"}},
           "buildings": {"bank": {"cost": {"wood": 2, "stone": 3}, "cost_status": "seed"}},
           "cards": [{"param": 1}, {"param": 2}]}
    out = overlay.apply(raw, {"misc.start_money": 12, "buildings.bank.cost.stone": 1,
                              "cards.1.param": 5})
    assert out["misc"]["start_money"] == {"value": 12, "status": "seed", "note": "x"}
    assert out["buildings"]["bank"]["cost"] == {"wood": 2, "stone": 1}
    assert out["cards"][1]["param"] == 5
    assert raw["misc"]["start_money"]["value"] == 10  # the original is untouched


@pytest.mark.parametrize("key, value, problem", [
    ("misc.start_monee", 1, "unknown variant key 'misc.start_monee': no 'start_monee' there"),
    ("misc.start_money", "ten", "is text, but the rules data holds number"),
    ("misc.start_money", True, "is true/false, but the rules data holds number"),
    ("cards.7.param", 1, "'7' is not an item number; use 0..1"),
    ("misc.start_money.value.x", 1, "is a single value"),
    ("buildings.bank", 1, "names a table with fields cost"),
])
def test_overlay_rejects_what_does_not_fit(key, value, problem):
    raw = {"misc": {"start_money": {"value": 10, "status": "seed"}},
           "buildings": {"bank": {"cost": {"wood": 2}, "copies": 1}},
           "cards": [{"param": 1}, {"param": 2}]}
    with pytest.raises(overlay.OverlayError, match=problem.replace("(", r"\(")):
        overlay.apply(raw, {key: value})


def test_key_value_items_become_switches_and_typed_data_values():
    v = parse("hidden_parliament_card=true", "misc.start_money=12",
              "buildings.large_bank.cost={ wood = 1, stone = 2, water = 0 }")
    assert v.name == ""
    assert v.values == {"hidden_parliament_card": True, "misc.start_money": 12,
                        "buildings.large_bank.cost": {"wood": 1, "stone": 2, "water": 0}}


def test_the_data_value_reaches_the_rules_tables():
    base = CUBA.load_tables(None)
    cheap = CUBA.load_tables(parse(str(VARIANTS / "cuba-cheap-large-bank.toml")).values)
    bank = codes.BUILDING_KEYS.index("large_bank")
    assert base.building_cost[bank].tolist() != cheap.building_cost[bank].tolist()
    assert cheap.building_cost[bank].tolist()[:3] == [1, 2, 0]
    rich = CUBA.load_tables(parse("misc.start_money=12").values)
    assert rich.misc[codes.M.START_MONEY] == 12 and base.misc[codes.M.START_MONEY] == 10


@pytest.mark.parametrize("name, switch, value", [
    ("cuba-hidden-parliament", "hidden_parliament_card", True),
    ("cuba-individual-plantations", "plantation_side", "individual"),
])
def test_shipped_switch_variant_files(name, switch, value):
    v = parse(str(VARIANTS / f"{name}.toml"))
    assert v.name == name and v.values == {switch: value}
    assert CUBA.switch_values(v.values)[switch] == value


def test_files_and_items_combine_later_wins_and_name_the_variant():
    v = parse(str(VARIANTS / "cuba-hidden-parliament.toml"), "hidden_parliament_card=false",
              "misc.start_money=11")
    assert v.values == {"hidden_parliament_card": False, "misc.start_money": 11}
    assert v.name == "cuba-hidden-parliament+hidden_parliament_card=false+misc.start_money=11"


@pytest.mark.parametrize("text, problem", [
    ('game = "siberia"\n', "variant is for game 'siberia', not 'cuba'"),
    ('game = "cuba"\ncolour = 1\n', "unknown key 'colour'"),
    ('game = "cuba"\n[switches]\nhidden_parliament_card = "yes"\n', "is not allowed"),
    ('game = "cuba"\n[switches]\nno_such = true\n', "unknown variant switch 'no_such'"),
    ('game = "cuba"\nswitches = 3\n', "[switches] must be a table"),
    ('game = [\n', "malformed TOML"),
])
def test_bad_variant_files_are_one_clear_error(tmp_path, text, problem):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(UserError) as err:
        parse(str(path))
    assert problem in err.value.problem


@pytest.mark.parametrize("args, problem", [
    (["--variant", "misc.start_money=ten"], "is text, but the rules data holds number"),
    (["--variant", "misc.start_money=-3"], "the variant's rules data is invalid"),
    (["--variant", "buildings.large_bonk.cost.wood=1"], "no 'large_bonk' there"),
    (["--variant", "gone.toml"], "variant file gone.toml not found"),
    (["--variant", "justtext"], "is neither KEY=VALUE nor a .toml file"),
])
def test_cli_bad_variants_exit_2_with_one_line(args, problem):
    result = run_cli("play", "cuba", "--players", "3", "--quiet", *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and problem in lines[0]


def test_play_trace_header_carries_the_variant(tmp_path):
    trace = tmp_path / "t.jsonl"
    result = run_cli("play", "cuba", "--players", "3", "--quiet", "--trace", trace,
                     "--variant", VARIANTS / "cuba-cheap-large-bank.toml")
    assert result.exit_code == 0, result.output
    header = json.loads(trace.read_text().splitlines()[0])
    assert header["variant_name"] == "cuba-cheap-large-bank"
    assert header["variant_data"] == {"buildings.large_bank.cost.wood": 1,
                                      "buildings.large_bank.cost.stone": 2,
                                      "buildings.large_bank.cost.water": 0}


def test_tournament_config_variant_files_and_tables(tmp_path):
    listed = tmp_path / "listed.toml"
    listed.write_text("\n".join([
        'format = "matchups"', 'matchups = [["random", "random", "random"]]',
        f'variant = ["{VARIANTS / "cuba-cheap-large-bank.toml"}", "misc.start_money=12"]']))
    cfg = config.load(listed)
    assert cfg.variant_id == "cuba-cheap-large-bank+misc.start_money=12"
    assert cfg["variant"]["misc.start_money"] == 12
    table = write_config(tmp_path / "table.toml", variant={"hidden_parliament_card": True},
                         **RANDOM_MATCHUPS)
    assert config.load(table).variant_id == "hidden_parliament_card=true"
    named = write_config(tmp_path / "named.toml", variant_name="rich",
                         variant={"misc.start_money": 12}, **RANDOM_MATCHUPS)
    assert config.load(named).variant_id == "rich"


def test_bad_variant_value_in_a_config_names_the_file(tmp_path):
    path = write_config(tmp_path / "bad.toml", variant={"misc.start_money": "x"},
                        **RANDOM_MATCHUPS)
    with pytest.raises(UserError) as err:
        config.load(path)
    assert "bad.toml" in err.value.problem or "is text" in err.value.problem


def test_a_run_stores_the_variant_and_plays_under_it(tmp_path):
    path = write_config(tmp_path / "v.toml", games=6, shard_games=6, seed=1,
                        format="matchups", matchups=[["random"] * 3])
    path.write_text(path.read_text() + 'variant = ["misc.start_money=40"]\n')
    cfg = config.load(path, variants=[str(VARIANTS / "cuba-hidden-parliament.toml")])
    runner.run(cfg, tmp_path / "run", workers=1)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["variant_id"] == "misc.start_money=40+cuba-hidden-parliament"
    assert manifest["config"]["variant"] == {"hidden_parliament_card": True,
                                             "misc.start_money": 40}
    from reports.runs import load_run
    run = load_run(tmp_path / "run")
    assert np.all(run.results["money"] >= 0)
    assert "misc.start_money=40" in run.info.variant
