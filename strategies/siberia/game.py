"""What sim/ needs to know of Siberia beyond the layout its packages share (sim.games): seat
colours and the player range. Its presence makes the game known."""
from core.siberia import codes
from core.siberia.tables import SiberiaTables

COLOURS = codes.COLOURS


def player_range(t: SiberiaTables) -> tuple[int, int]:
    """Smallest and largest player count: misc.min_players and the players_max switch
    (SIB-R0, SIB-V2)."""
    return int(t.misc[codes.M_MIN_PLAYERS]), int(t.switches[codes.SW_PLAYERS_MAX])
