"""Every documented option of every switch of every game is accepted (issue 15 item 1,
CUBA-Q7, CUBA-Q8): typed after --variant in any letter case, in a variant file and in a
tournament config's [variant], and the rules tables load with it. The documentation is the
comment above each switch in configs/games/<game>.toml ('# ID: a | "b" (note) | c.')."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from core.common.tables import fmt
from core.cuba import codes
from sim.errors import UserError
from sim.games import get as get_game, names as game_names
from sim.options import option_text, parse_variants
from sim.run import config
from tests.sim.helpers import RANDOM_MATCHUPS, ROOT, write_config

_OPTION_LIST = re.compile(r"^[A-Z0-9/ -]+: (.+?)(?:\.\s|\.$|$)")


def documented_options(game: str) -> dict[str, list[object]]:
    """switch -> the options its comment in the game's rules file lists, as TOML values."""
    lines = (ROOT / "configs" / "games" / f"{game}.toml").read_text().splitlines()
    start = lines.index("[switches]")
    found: dict[str, list[object]] = {}
    comment: list[str] = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            comment.append(line.lstrip("# "))
            continue
        name = line.partition("=")[0].strip()
        match = _OPTION_LIST.match(" ".join(comment))
        assert match, f"{game}.toml: switch {name} has no documented option list"
        texts = [re.sub(r"\s*\(.*\)$", "", t.strip()) for t in match.group(1).split("|")]
        found[name] = [tomllib.loads(f"v = {t}")["v"] for t in texts]
        comment = []
    return found


CASES = [(g, name, option) for g in game_names()
         for name, options in get_game(g).switch_options.items() for option in options]


@pytest.mark.parametrize("game", game_names())
def test_the_documented_options_are_the_switch_options(game):
    options = get_game(game).switch_options
    def shown(values):
        return sorted(fmt(v) for v in values)
    assert {k: shown(v) for k, v in documented_options(game).items()} == \
        {k: shown(v) for k, v in options.items()}
    for name, values in options.items():  # case-blind matching must stay unambiguous
        assert len({option_text(v).lower() for v in values}) == len(values), name


@pytest.mark.parametrize("game, name, option", CASES,
                         ids=[f"{g}-{n}={option_text(o)}" for g, n, o in CASES])
def test_every_option_is_accepted_everywhere(tmp_path: Path, game, name, option):
    g = get_game(game)
    typed = option_text(option)
    for text in (typed, typed.lower(), typed.upper()):
        assert parse_variants([f"{name}={text}"], game, g.switch_options).values == \
            {name: option}
    variant_file = tmp_path / "v.toml"
    variant_file.write_text(f'game = "{game}"\n[switches]\n{name} = {fmt(option)}\n')
    assert parse_variants([str(variant_file)], game, g.switch_options).values == {name: option}
    assert g.switch_values({name: option})[name] == option
    g.load_tables({name: option})
    path = write_config(tmp_path / "t.toml", {name: option}, game=game,
                        **RANDOM_MATCHUPS | {"matchups": [["random"] * 2]})
    default = g.switch_values(None)[name]
    assert config.load(path).values["variant"] == ({} if option == default
                                                   else {name: option})


def test_the_golf_course_cost_can_be_set_as_data_under_the_reference_option():
    """CUBA-Q7: a custom cost as rules data (buildings.golf_course.cost) loads; the same data
    change together with the switch's other option is refused as a contradiction."""
    cuba = get_game("cuba")
    golf = parse_variants(["buildings.golf_course.cost.wood=1"], "cuba", cuba.switch_options)
    tables = cuba.load_tables(golf.values)
    assert tables.building_cost[codes.BUILDING_KEYS.index("golf_course")].tolist() == [1, 0, 2]
    whole = parse_variants(["buildings.golf_course.cost={ wood = 1, stone = 1, water = 3 }"],
                           "cuba", cuba.switch_options)
    assert cuba.load_tables(whole.values).building_cost[
        codes.BUILDING_KEYS.index("golf_course")].tolist() == [1, 1, 3]
    with pytest.raises(UserError, match="change the data or the switch, not both"):
        cuba.load_tables(golf.values | {"golf_course_cost": "1Wd+1St+2Wa"})
