"""What sim/ needs to know of Santiago de Cuba beyond the layout its packages share
(sim.games): seat colours and the player range. Its presence makes the game known."""
from core.santiago import codes
from core.santiago.tables import SantiagoTables

COLOURS = codes.PLAYER_COLOURS


def player_range(t: SantiagoTables) -> tuple[int, int]:
    """Smallest and largest player count the rules data allows (SDC-R0)."""
    return int(t.misc[codes.M_MIN_PLAYERS]), int(t.misc[codes.M_MAX_PLAYERS])
