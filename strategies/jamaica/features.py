"""Jamaica's public features for a learned value model (strategies.common.value): what every
seat sees of a ship (JAM-R23 scoring, JAM-R21 the race); face-down treasures only counted."""
from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.codes import T
from core.jamaica.state import G, O
from core.jit import njit

FEATURES = ("position", "gold", "food", "powder", "spaces_left", "powers", "hidden_treasures")


@njit
def progress(s, t):
    """The race leader's share of the lap run (0 at the start, 1 once a ship finished)."""
    lap = t[T.TOGO + 0]
    least = lap
    for q in range(s[G.NP]):
        least = min(least, S.togo(s, t, q))
    return 1.0 - least / lap


@njit
def features(s, t, p, out):
    """Seat p: its position's points, doubloons, food, gunpowder, spaces to Port Royal, its
    face-up treasures (powers) and how many lie face down."""
    out[0] = S.space_value(s, t, p)
    out[1] = S.amount(s, p, C.GOLD)
    out[2] = S.amount(s, p, C.FOOD)
    out[3] = S.amount(s, p, C.POWDER)
    out[4] = S.togo(s, t, p)
    shown = 0
    hidden = 0
    for c in range(C.NTREASURES):
        if s[O.TOWNER + c] == p:
            if S.face_down(s, c):
                hidden += 1
            else:
                shown += 1
    out[5] = shown
    out[6] = hidden
