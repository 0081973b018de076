"""Cubist's public features for a learned value model (strategies.common.value): every seat's
dice, rooms, installations and museum dice lie open (CUBIST-R31 scoring, R30 the end)."""
from core.cubist import codes as C
from core.cubist import state as S
from core.cubist.codes import M, T
from core.cubist.state import G, P
from core.jit import njit

FEATURES = ("points", "open_card_points", "card_dice", "room_dice", "kept_dice", "supply",
            "installations")


@njit
def progress(s, t):
    """The share of the installations that trigger the end the closest player has (1 once
    triggered, CUBIST-R30)."""
    if s[G.FINAL]:
        return 1.0
    most = 0
    for q in range(s[G.NP]):
        most = max(most, s[S.pbase(q) + P.HELD_N])
    return most / t[T.MISC + M.END_INSTALLATIONS]


@njit
def features(s, t, p, out):
    """Player p: points now, the points of its installations that still hold dice, those
    dice, the dice in its work rooms, in warehouse and storage, in its supply, and its
    completed installations."""
    b = S.pbase(p)
    out[0] = S.score(s, t, p)
    open_points = 0
    on = 0
    for h in range(s[b + P.HELD_N]):
        if not S.held_card_flipped(s, b, h):
            open_points += t[T.INST_POINTS + s[b + P.HELD + h]]
        for j in range(C.MAX_SPACES):
            on += s[b + P.CD_ON + h * C.MAX_SPACES + j]
    out[1] = open_points
    out[2] = on
    out[3] = s[b + P.ROOM_N] + s[b + P.ROOM_N + 1]
    kept = 0
    for v in range(C.NVAL):
        kept += s[b + P.WARE + v] + s[b + P.STORE + v]
    out[4] = kept
    out[5] = s[b + P.SUPPLY]
    out[6] = s[b + P.HELD_N]
