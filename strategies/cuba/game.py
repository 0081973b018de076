"""What sim/ needs to know of Cuba beyond the layout its packages share (sim.games): seat
colours and the player range. Its presence makes the game known."""
from core.cuba import codes
from core.cuba.tables import CubaTables

COLOURS = codes.COLOURS


def player_range(t: CubaTables) -> tuple[int, int]:
    """Smallest and largest player count the rules data allows (CUBA-R0)."""
    return int(t.misc[codes.M_MIN_PLAYERS]), int(t.misc[codes.M_MAX_PLAYERS])
