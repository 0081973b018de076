"""Siberia (the card game), declared once (core.common.game.Game): its engine hooks, rules
data, records, trace, colours, player range, strategy kernels and report sections. Listed in
core/games.py."""
from core.common.game import Game, engine_parts
from core.siberia import codes, tables
from core.siberia.tables import SiberiaTables


def player_range(t: SiberiaTables) -> tuple[int, int]:
    """Fewest and most players: misc.min_players and the players_max switch (SIB-R0, SIB-V2)."""
    return int(t.misc[codes.M.MIN_PLAYERS]), int(t.switches[codes.SW.PLAYERS_MAX])


GAME = Game(
    name="siberia",
    title="Siberia",
    clause_prefix="SIB",
    rules=tables.FILE,
    colours=codes.COLOURS,
    player_range=player_range,
    kernels=("strategies.common.random", "strategies.siberia.plan", "strategies.siberia.greedy",
             "strategies.siberia.mcts"),
    parts=engine_parts("core.siberia"),
    report="reports.games.siberia",
    renderer="siberia.js",
)
