"""Config values that size or index the compiled engines' arrays are refused before anything is
compiled or played (an out-of-range player count segfaulted `meeplab tune`): player counts
against each game's rules data and its engine's seats, lineups of tournaments, meta-games,
restricted play and tunes, rules-data values that index per-player or per-card arrays, and
strategy parameters that size the search tree. Each is one line `error: <problem>; <fix>`,
exit 2 (engine interpreted: nothing here plays a game)."""
from __future__ import annotations

import pytest

from core import games as catalogue
from sim.errors import UserError
from sim.games import get as get_game, names as game_names
from sim.run import config
from sim.studies import metagame, restrict
from strategies.common.search import MAX_ITERATIONS
from tests.sim.helpers import assert_one_line_error, run_cli, write_config


def seats(game: str) -> int:
    """The engine's seats (its state layout holds this many player blocks)."""
    return catalogue.get(game).engine.seats


@pytest.mark.parametrize("game", game_names())
def test_no_variant_raises_the_players_past_the_engines_seats(game):
    """CUBA-R0, SDC-R0, SIB-R0/SIB-V2, JAM-R0, CUBIST-R0: whatever the variant, the player range
    of the rules data stays within the engine's seats (the state holds that many blocks)."""
    g = get_game(game)
    switch = {"players_max": 5} if game == "siberia" else {}
    assert g.player_range(g.load_tables(switch or None))[1] <= seats(game)
    if game == "siberia":
        return   # the most is a switch of 4 or 5 (SIB-V2): no number to raise
    with pytest.raises(UserError, match="max_players"):
        g.load_tables({"misc.max_players": seats(game) + 1})


@pytest.mark.parametrize("game", game_names())
def test_a_lineup_beyond_the_players_is_refused(tmp_path, game):
    low, high = get_game(game).player_range(get_game(game).load_tables(None))
    for n in (high + 1, seats(game) + 1, low - 1):
        path = write_config(tmp_path / f"{n}.toml", game=game, format="matchups",
                            matchups=[["random"] * n] if n else [[]], games=4)
        result = run_cli("tournament", path, "--out", tmp_path / "run")
        assert result.exit_code == 2, result.output
        assert "error: " in result.stderr and len(result.stderr.splitlines()) == 1
        assert not (tmp_path / "run").exists()


def test_siberia_plays_5_only_under_players_max_5(tmp_path):
    """SIB-V2: the 5th player is a switch; without it a 5-player lineup is refused."""
    five = [["random"] * 5]
    path = write_config(tmp_path / "t.toml", game="siberia", format="matchups", matchups=five)
    with pytest.raises(UserError, match="5 players is out of range; use players 2..4"):
        config.load(path)
    assert config.load(path, variants=["players_max=5"]).matchups[0].players == 5


def test_round_robin_players_beyond_the_range(tmp_path):
    path = write_config(tmp_path / "t.toml", format="round-robin", players=[4, 6],
                        strategies=["random", "greedy", "builder", "shipping_rush",
                                    "factory_cafe", "money_and_laws"])
    assert_one_line_error(run_cli("tournament", path), "6 players is out of range")


def test_cuba_variant_players_beyond_the_seats(tmp_path):
    """CUBA-R0: 2-5 players; a variant raising misc.max_players to 6 indexed a 6th player
    block past the state's end."""
    path = write_config(tmp_path / "t.toml", format="matchups", matchups=[["random"] * 6],
                        variant={"misc.max_players": 6})
    assert_one_line_error(run_cli("tournament", path),
                          "misc.min_players..max_players is 2..6; it must lie within 2..5")
    for low in (0, 1):
        with pytest.raises(UserError, match="must lie within 2..5"):
            get_game("cuba").load_tables({"misc.min_players": low})


def test_cuba_cards_played_beyond_the_hand(tmp_path):
    """CUBA-R12: a round plays 4 of the 5 character cards; more than 5 read a card past the
    hand."""
    g = get_game("cuba")
    assert g.load_tables({"misc.cards_played": 5}) is not None
    for n in (0, 6, 99):
        with pytest.raises(UserError, match=r"misc.cards_played.value is \d+; it must be 1..5"):
            g.load_tables({"misc.cards_played": n})


def test_cuba_money_subsidy_per_zero():
    """Statute III-6 (1 VP per full $3 held, max 7): its `per` divides the money held, so 0 is
    refused (compiled, the division by zero raised out of the engine)."""
    with pytest.raises(UserError, match=r"statutes.cards.III-6.per is 0; it must be >= 1"):
        get_game("cuba").load_tables({"statutes.cards.17.per": 0})


def test_siberia_fewest_players_above_the_most():
    """SIB-R0: misc.min_players above the players_max switch left no player count."""
    with pytest.raises(UserError, match="misc.min_players.value is 5; it must be at most 4"):
        get_game("siberia").load_tables({"misc.min_players": 5})


def test_metagame_players_beyond_the_game(tmp_path):
    path = tmp_path / "m.toml"
    path.write_text('game = "santiago"\nstrategies = ["random", "greedy"]\nplayers = 5\n'
                    'games = 4\n')
    with pytest.raises(UserError, match="5 players is out of range; use players 2..4"):
        metagame.load(path)


def test_restrict_players_beyond_the_game(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text('game = "cuba"\nstrategy = "greedy"\nplayers = 6\nelements = ["building"]\n')
    with pytest.raises(UserError, match="players = 6 is not a player count of cuba"):
        restrict.load(path)


@pytest.mark.parametrize("value, problem", [
    ("nan", "is not a finite number"), ("inf", "is not a finite number"),
    (str(MAX_ITERATIONS + 1), f"is above {MAX_ITERATIONS}"),
])
def test_search_iterations_that_would_size_the_tree_wrongly(tmp_path, monkeypatch, value,
                                                            problem):
    """The search allocates its tree for `iterations` nodes per decision: nan or inf played as
    1 iteration, a huge value exhausted memory."""
    folder = tmp_path / "presets"
    folder.mkdir()
    (folder / "bad.toml").write_text(
        'game = "cuba"\n[presets.bad_mcts]\nkernel = "mcts"\ndescription = "bad"\n'
        f'[presets.bad_mcts.params]\niterations = {value}\nexploration = 0.7\nprior = 1.0\n'
        'widening = 1.0\nrollout = "random"\ndepth = 0\nblend = 0.0\nscale = 4\n')
    monkeypatch.setenv("MEEPLAB_PRESETS", str(folder))
    assert_one_line_error(run_cli("strategies", "cuba"), "parameter 'iterations' = ")
    assert problem in run_cli("strategies", "cuba").stderr


def test_a_replayed_row_with_more_seats_than_the_game_is_refused(tmp_path):
    """`meeplab replay RUN --row N` plays the row's game again with one seat per results row
    of that game: a damaged results file with 6 rows for one Cuba game is refused, not
    played on the engine's 5 seats."""
    import dataclasses

    import pandas as pd

    from reports.runs import GAME_KEY, load_run
    from sim import replay
    from sim.run import runner

    cfg = config.load(write_config(tmp_path / "t.toml", format="matchups", games=2,
                                   matchups=[["random"] * 5]))
    runner.run(cfg, tmp_path / "run", workers=1)
    run = load_run(tmp_path / "run")
    first = run.results.iloc[:5]
    extra = first.iloc[[0]].assign(seat=5)
    damaged = dataclasses.replace(run, results=pd.concat([first, extra], ignore_index=True))
    assert set(GAME_KEY) <= set(damaged.results.columns)
    with pytest.raises(UserError, match="the row's game has 6 seats in the results of .*, but "
                                        "cuba plays 2..5"):
        replay.replay_game(damaged, 0)


def test_the_engine_entry_points_refuse_what_would_index_past_the_seats():
    """The last guard, for any caller: the games' play_game and run_batch check the player
    count against the rules data and the seat arrays' shapes before the compiled code runs."""
    import numpy as np

    from strategies.common.registry import MAX_PARAMS

    g = get_game("cuba")
    tables = g.load_tables(None)
    kernels, params = g.resolve(["random"] * 6)
    with pytest.raises(UserError, match="6 players is out of range; use 2..5 players"):
        g.run_batch(tables, 6, np.arange(1), kernels, params)
    with pytest.raises(UserError, match="6 players is out of range"):
        g.play_game(tables, 6, 1, kernels, params)
    with pytest.raises(ValueError, match="seat arrays of shape"):
        g.run_batch(tables, 4, np.arange(1), kernels[:3], params[:3])
    with pytest.raises(ValueError, match="seat arrays of shape"):
        g.run_batch(tables, 4, np.arange(1), kernels[:4], np.zeros((4, MAX_PARAMS - 1)))
