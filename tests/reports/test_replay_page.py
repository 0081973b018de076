"""The replay page (reports/replay, issue 22): one self-contained HTML file per game whose
embedded data gives back the trace; bad traces are one-line errors; the telling games."""
from __future__ import annotations

import dataclasses
import json
import re

import pandas as pd
import pytest

from core import games as catalogue
from reports import replay as page
from sim.session import prepare
from sim.games import get as get_game
from sim.errors import UserError
from sim.replay import margins, page_rules, played, telling_games, trace_tables
from tests.reports.replay_games import (
    CASES, GAMES, jamaica_public_points, trace, trace_buffer,
)
from tests.sim.helpers import assert_one_line_error, run_cli


def canonical(value) -> str:
    """JSON text that tells 1, 1.0 and true apart and ignores key order."""
    return json.dumps(value, sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
def test_page_is_self_contained_and_round_trips(game):
    t = trace(game)
    html = page.page(t)
    # nothing is fetched: no external src/href, no stylesheet link, no import, no url()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", html)
    assert "<link" not in html and "@import" not in html and "url(" not in html
    assert not re.search(r"<script[^>]*\ssrc=", html)
    assert html.count("<script") == 4   # data, viewer, the game's renderer, start
    data = page.embedded(html)
    back = page.decode(data)
    assert back.header == t.header and back.final == t.final
    assert [canonical(e) for e in back.events] == [
        canonical({k: v for k, v in e.items() if k != "raw"}) for e in t.events]
    assert [canonical(s) for s in back.states] == [canonical(s) for s in t.states]
    assert f"Replay.register(\"{game}\"" in html


def test_each_game_declares_its_renderer_and_no_script_is_left_over():
    """The renderer of a page is its game's descriptor's (`renderer`), a script of the
    reports.replay package; the package's scripts are the viewer and the declared renderers."""
    from importlib import resources

    declared = {catalogue.get(game).renderer for game in GAMES}
    assert len(declared) == len(GAMES)
    scripts = {f.name for f in resources.files(page.__name__).iterdir()
               if f.name.endswith(".js")}
    assert scripts == declared | {"viewer.js"}


@pytest.mark.parametrize("game", GAMES)
def test_a_renderer_reads_only_declared_events(game):
    """The event names a renderer looks for (`e.name === "..."`) are events its game declares
    (core/<game>/trace.py, EVENTS): the events' text comes with the trace, the renderer only
    picks events out."""
    from importlib import resources

    script = resources.files(page.__name__).joinpath(
        catalogue.get(game).renderer).read_text(encoding="utf-8")
    names = set(re.findall(r"""\.name === ["'](\w+)["']""", script))
    assert names <= set(catalogue.get(game).trace.EVENTS.codes.keys), names


def test_a_long_game_stays_small():
    """Patches keep the page of the longest game (Jamaica with 6 ships) far below its
    JSON-lines trace."""
    setup = prepare("jamaica", 6, "random", [])
    result = setup.game.play_game(setup.tables, 6, 4, setup.kernels, setup.params,
                                  check=False, trace=True)
    t = played(setup, 4, result)
    lines = sum(len(json.dumps({"event": e, "state": s})) for e, s in zip(t.events, t.states))
    size = len(page.page(t).encode())
    assert size < 1_000_000 and size * 4 < lines, (size, lines)


def test_jamaica_page_embeds_its_space_values_JAM_R23_Q9():
    """JAM-R23's space values come from the rules data into the page: 15 finished, the printed
    2..10 on spaces 41..49 (racing), pre_line_value (JAM-Q9, default -5) before the red line and
    on Port Royal unfinished; Cuba, Santiago and Siberia embed no rules values (Cubist's are
    tested below)."""
    t = trace("jamaica")
    rules = page.embedded(page.page(t))["rules"]
    board = catalogue.get("jamaica").rules.load_raw()["board"]["spaces"]
    assert rules["pre_line_value"] == -5 and rules["finish_value"] == 15
    assert rules["space_value"] == [-5 if s["score"] in ("before_line", "finish") else s["score"]
                                    for s in board]
    assert rules["space_value"][41:] == list(range(2, 11))
    assert set(rules["space_value"][:41]) == {-5}
    for game in GAMES:
        if catalogue.get(game).page_rules is None:
            assert page.embedded(page.page(trace(game)))["rules"] == {}


@pytest.mark.parametrize("game", GAMES)
def test_the_page_carries_the_games_score_curve(game):
    """Per event, every seat's public score (the descriptor's score curve), the final scores
    after the last event, and what the scores count; Jamaica's are its public points
    (JAM-R23, counted here from the states and events)."""
    t = trace(game)
    data = page.embedded(page.page(t))
    assert data["scores"] == t.scores and data["score_label"] == t.score_label != ""
    assert len(t.scores) == len(t.events) and t.scores[-1] == t.final["scores"]
    assert all(len(row) == t.header["players"] for row in t.scores)
    if game == "jamaica":
        assert t.scores[:-1] == [jamaica_public_points(t, k) for k in range(len(t.events) - 1)]


def test_jamaica_public_points_end_at_the_final_scores_JAM_R23():
    """Once the end's `score` events have shown every treasure, the public points are the
    final scores; just before them they differ by exactly the seat's secret treasures and
    curses (face-down cards count nothing until shown)."""
    t = trace("jamaica")
    assert jamaica_public_points(t, len(t.events) - 1) == t.final["scores"]
    first = next(k for k, e in enumerate(t.events) if e["name"] == "score")
    before = jamaica_public_points(t, first - 1)
    secret = [sum(e["amount"] for e in t.events if e["name"] == "score" and e["player"] == p
                  and e["source"] in ("treasures", "curses"))
              for p in range(t.header["players"])]
    assert any(secret), "the test game should end with a face-down treasure"
    assert [f - b for f, b in zip(t.final["scores"], before)] == secret


def test_jamaica_page_rules_follow_the_trace_variant_JAM_Q9(tmp_path):
    """A variant's pre_line_value (JAM-Q9, a switch) and finish score (rules data) reach the
    page, played or replayed from its trace file."""
    trace_file, played_page, replayed = (tmp_path / "t.jsonl", tmp_path / "a.html",
                                         tmp_path / "b.html")
    result = run_cli("play", "jamaica", "--players", "2", "--seed", "3", "--quiet",
                     "--variant", "pre_line_value=-2", "--variant", "misc.finish_score=20",
                     "--trace", trace_file, "--html", played_page)
    assert result.exit_code == 0, result.output
    assert run_cli("replay", trace_file, "--html", replayed).exit_code == 0
    rules = page.embedded(played_page.read_text())["rules"]
    assert rules == page.embedded(replayed.read_text())["rules"]
    assert rules["pre_line_value"] == -2 and rules["finish_value"] == 20
    assert rules["space_value"][:41] == [-2] * 41
    assert rules["space_value"][41:] == list(range(2, 11))
    default = page_rules("jamaica", get_game("jamaica").load_tables(None))
    assert default["pre_line_value"] == -5 and default != rules


def test_jamaica_replay_of_a_trace_from_other_rules_data(tmp_path):
    """A trace written under other rules data gets today's space values and a warning the page
    shows; a variant that no longer fits the rules data is a one-line error."""
    lines = lines_of("jamaica")
    header = json.loads(lines[0])
    path, out = tmp_path / "t.jsonl", tmp_path / "t.html"
    path.write_text("\n".join([json.dumps(dict(header, rules_data_hash="0" * 16))] + lines[1:])
                    + "\n")
    assert run_cli("replay", path, "--html", out).exit_code == 0
    rules = page.embedded(out.read_text())["rules"]
    assert "rules data changed since this trace was written" in rules["warning"]
    assert rules["space_value"] == trace("jamaica").rules["space_value"]
    unfit = dict(header, variant_data={"misc.no_such_value": 1})
    path.write_text("\n".join([json.dumps(unfit)] + lines[1:]) + "\n")
    assert_one_line_error(run_cli("replay", path, "--html", out),
                          "its header does not fit the jamaica rules data")


@pytest.mark.parametrize("before, after", [
    ({"a": 1}, {"a": True}),                       # same value, other type
    ({"a": 1.0}, {"a": 1}),
    ({"a": {"x": 1, "y": 2}}, {"a": {"x": 1}}),    # a key goes away
    ({"a": [1, 2]}, {"a": [1, 2, 3]}),             # a list grows
    ({"a": [{"b": None}]}, {"a": [{"b": 0}]}),
    ({"a": "x"}, {"a": None}),
])
def test_patches_keep_types_and_removals(before, after):
    patches = page.patches([before, after])
    assert patches[0], "a change must give a patch"
    assert canonical(page.apply_patch(before, patches[0])) == canonical(after)
    assert page.patches([after, after]) == [[]]


def test_script_data_cannot_close_its_element():
    t = trace("cuba")
    odd = dataclasses.replace(t, header=dict(t.header, strategies=["</script><b>x"]
                                             * t.header["players"]))
    html = page.page(odd)
    assert html.count("</script>") == 4 and "</script><b>" not in html
    assert page.embedded(html)["header"]["strategies"][0] == "</script><b>x"


def lines_of(game: str) -> list[str]:
    t = trace(game)
    out = [json.dumps(t.header)]
    out += [json.dumps({"i": i, "event": e, "state": s})
            for i, (e, s) in enumerate(zip(t.events, t.states), 1)]
    return out + [json.dumps({"final": t.final})]


@pytest.mark.parametrize("damage, problem", [
    (lambda ls: [], "is empty"),
    (lambda ls: ["not json"] + ls[1:], "line 1 is not JSON"),
    (lambda ls: ['{"format": "other"}'] + ls[1:], "is not a meeplab trace"),
    (lambda ls: [ls[0].replace('"version": 1', '"version": 9')] + ls[1:], "version 9"),
    (lambda ls: [ls[0].replace('"game": "cuba"', '"game": "chess"')] + ls[1:],
     "unknown game 'chess'"),
    (lambda ls: ls[:3] + ls[4:], "line 4 is event 4, expected event 3"),
    (lambda ls: ls[:-1], "has no final line"),
    (lambda ls: ls[:1] + ls[-1:], "holds no events"),
    (lambda ls: ls + ls[-1:], "follows the final line"),
    (lambda ls: ls[:2] + [""] + ls[2:], "line 3 is empty"),
])
def test_bad_trace_is_one_line_exit_2(tmp_path, damage, problem):
    path = tmp_path / "t.jsonl"
    path.write_text("".join(line + "\n" for line in damage(lines_of("cuba"))))
    with pytest.raises(page.TraceError, match=re.escape(problem)):
        page.read(path, GAMES)
    result = run_cli("replay", path, "--html", tmp_path / "out.html")
    assert_one_line_error(result, problem)
    assert not (tmp_path / "out.html").exists()


@pytest.mark.parametrize("change, problem", [
    ({"variant": {"refill_mode": "bogus"}},
     'does not fit the siberia rules data (switch refill_mode = "bogus"'),
    ({"variant": {"refill_modez": "slide"}}, "unknown switch 'refill_modez'"),
    ({"variant": {"worker_cap": 2 ** 40}}, "switch worker_cap = 1099511627776"),
    ({"variant": ["refill_mode"]}, 'has a "variant" that is not a JSON object'),
    ({"variant_data": {"misc.no_such_value": 1}}, "does not fit the siberia rules data"),
    ({"strategies": ["random", "random"]}, 'has no "strategies" list of 3 names'),
    ({"strategies": ["random", "", "random"]}, 'has no "strategies" list of 3 names'),
    ({"colours": ["red", "blue", "pink"]}, "has \"colours\" ['red', 'blue', 'pink']"),
])
def test_trace_header_is_checked_against_the_rules_data(tmp_path, change, problem):
    """A header's switches, data overrides, player count, strategies and colours are checked
    against the game's rules data before anything is drawn: one line, exit 2, no page."""
    lines = lines_of("siberia")
    path, out = tmp_path / "t.jsonl", tmp_path / "t.html"
    path.write_text("\n".join([json.dumps(json.loads(lines[0]) | change)] + lines[1:]) + "\n")
    assert_one_line_error(run_cli("replay", path, "--html", out), problem)
    assert not out.exists()


def test_trace_header_player_count_follows_its_switches():
    """SIB-R0/SIB-V2: 5 players fit a header whose players_max is 5, not the default 4."""
    header = json.loads(lines_of("siberia")[0])
    five = {"players": 5, "strategies": ["random"] * 5,
            "colours": ["red", "blue", "green", "yellow", "black"]}
    with pytest.raises(UserError, match="says 5 players; Siberia takes 2 to 4 under"):
        trace_tables(header | five)
    tables = trace_tables(header | five | {"variant": header["variant"] | {"players_max": 5}})
    assert get_game("siberia").player_range(tables) == (2, 5)


# events whose sentence the log words as a header or attaches to the line before it (none
# unless listed)
LOG_HEADERS = {"cuba": {"round", "phase", "card", "vp"},
               "siberia": {"turn", "refill", "game_end"}, "jamaica": {"round", "game_end"},
               "cubist": {"turn", "game_end"}}


@pytest.mark.parametrize("game", GAMES)
def test_event_list_shows_the_logs_sentences(game):
    """Every event of the page carries its log sentence (actor and clause, the event list
    shows it): what happened reads as in the text log, apart from the log's headers."""
    t, setup = trace(game), prepare(game, *CASES[game][:2], [])
    players = t.header["players"]
    log = "\n".join(setup.game.trace.log_lines(trace_buffer(game), setup.tables, players,
                                                setup.game.colours))
    labels = [setup.game.trace.player_label(p, setup.game.colours) for p in range(players)]
    events = page.embedded(page.page(t))["events"]
    assert [e["text"] for e in events] == [e["text"] for e in t.events]
    for e in events:
        text = e["text"]
        if e["player"] is not None and e["player"] < players and e["name"] not in (
                "setup", "round"):
            assert text.startswith(labels[e["player"]] + " "), text
        what = text.split(") ", 1)[1] if text.startswith(tuple(labels)) else text
        assert e["name"] in LOG_HEADERS.get(game, ()) or what in log, (e["name"], text)
    assert "salesman salesman" not in log


@pytest.mark.parametrize("args, problem", [
    (["missing.jsonl"], "does not exist"),
    (["."], "is a directory"),
    (["t.jsonl", "--row", "0"], "--row needs a run directory"),
    ([".", "--row", "-1"], "--row -1 is too small"),
    ([".", "--row", "0"], "is not a run directory"),
    (["t.jsonl", "--html", "no/such/dir/x.html"], "cannot write no/such/dir/x.html"),
])
def test_replay_cli_bad_arguments(tmp_path, monkeypatch, args, problem):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.jsonl").write_text("\n".join(lines_of("cuba")) + "\n")
    assert_one_line_error(run_cli("replay", *args), problem)


def test_play_html_equals_replay_of_its_trace(tmp_path):
    """`play --html` and `replay` of the trace `play --trace` wrote give the same page."""
    played_page, trace_file, replayed = (tmp_path / "a.html", tmp_path / "t.jsonl",
                                         tmp_path / "b.html")
    result = run_cli("play", "siberia", "--players", "2", "--seed", "5", "--quiet",
                     "--trace", trace_file, "--html", played_page)
    assert result.exit_code == 0, result.output
    result = run_cli("replay", trace_file, "--html", replayed)
    assert result.exit_code == 0 and result.stdout.strip() == f"replay: {replayed}"
    assert played_page.read_text() == replayed.read_text()
    assert page.embedded(played_page.read_text())["header"]["seed"] == 5


def game_rows(scores: list[list[int]]) -> pd.DataFrame:
    """Results rows of games with these scores (strategies a, b, c in seat order)."""
    rows = []
    for g, game in enumerate(scores):
        top = max(game)
        for seat, score in enumerate(game):
            rows.append({"matchup": 0, "deal": g, "seating": 0, "seat": seat, "players": 3,
                         "seed": 100 + g, "strategy": "abc"[seat], "score": score,
                         "error": 0, "win_share": (score == top) / game.count(top)})
    return pd.DataFrame(rows)


def test_margins_and_telling_games():
    df = game_rows([[10, 5, 7], [4, 9, 9], [3, 20, 2]])
    assert margins(df).tolist() == [3, -5, -3, -5, 0, 0, -17, 17, -18]
    picked = {(t.strategy, t.kind): (t.row, t.margin) for t in telling_games(df)}
    assert picked == {("a", "best win"): (0, 3), ("a", "worst loss"): (6, -17),
                      ("b", "best win"): (7, 17), ("b", "worst loss"): (1, -5),
                      ("c", "worst loss"): (8, -18)}   # c never won alone: no best win


def test_cubist_page_embeds_installation_cards_and_museum_plans_CUBIST_R22():
    """The Cubist page draws each installation card from the rules data (CUBIST-R22/R23, rules
    §6.2: plan, fixed values, points, museum-die spaces) and places museum dice by the museum
    card's plan (CUBIST-R3: the cornerstone's cell)."""
    tables = get_game("cubist").load_tables(None)
    rules = page.embedded(page.page(trace("cubist")))["rules"]
    cards = rules["installations"]
    assert len(cards) == 23
    assert cards["I11"] == {"plan": [[1, 1, 1], [1, 0, 0]], "fixed": [[3, 0, 0], [0, 0, 0]],
                            "points": 5, "museum_dice": ["3"]}
    assert cards["I23"]["plan"] == [[4, 1], [1, 4]] and cards["I23"]["museum_dice"] == [
        "1/4", "3/6"]
    museum = trace("cubist").states[0]["museum_card"]
    plan = rules["museums"][museum]
    width = rules["museum_columns"]
    assert len(plan["rows"]) == len(trace("cubist").states[0]["museum"])
    corner = plan["cornerstone"]
    picture = trace("cubist").states[0]["museum"]
    row, col = plan["rows"].index(corner // width), plan["cols"].index(corner % width)
    assert picture[row][4 * col:4 * col + 3].strip() not in ("", "o")   # the cornerstone die
    assert rules == page_rules("cubist", tables)
