"""Siberia (the card game), declared once (core.common.game.declare): its engine hooks, rules
data, records, trace, colours, player range, strategy kernels and report sections. Listed in
core/games.py."""
from core.common.game import declare, per_seat
from core.siberia import codes, tables
from core.siberia.tables import SiberiaTables


def player_range(t: SiberiaTables) -> tuple[int, int]:
    """Fewest and most players: misc.min_players and the players_max switch (SIB-R0, SIB-V2)."""
    return int(t.misc[codes.M.MIN_PLAYERS]), int(t.switches[codes.SW.PLAYERS_MAX])


GAME = declare("siberia", "Siberia", "SIB", codes, tables, ("plan", "greedy", "mcts"),
               per_seat("Money ($1000s, as if the game ended now)", "players", "money", 1000),
               player_range=player_range, players=3)
