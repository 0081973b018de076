"""Santiago de Cuba's parts of the shared play loop (core.common.loop): the per-seat record
layout and writing a finished game's records. The loop is bound to the engine and the
strategy dispatcher in strategies/santiago/play.py.

Every row also holds the game's layout (the same in every seat's row), so results can be
stratified by it: `cuban_at_K<i>` (Cuban index, codes.CUBAN_KEYS), `building_at_B<i>`
(building index, codes.BUILDING_KEYS), `flower_<building>` (flower colour index of the
building's slot, codes.FLOWER_NAMES) and `layout_draws` (draws the layout rule needed).
"""
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE, seat_arrays, write_head,
)
from core.jit import njit
from core.santiago.codes import (
    BUILDING_KEYS, CUBAN_KEYS, KIND_NAMES, M, NBUILDINGS, NCUBANS, NKINDS, NSLOTS, NSRC,
    SLOT_NAMES, SRC, STOP_NAMES, T,
)
from core.santiago.rules import standings
from core.santiago.state import G, O, P, goods_held, pbase, slot_colour

R_DECISIONS, R_GOODS_LEFT, R_TURNS = range(4, 7)  # after the shared head (records.py)
R_MARKERS_PLACED, R_OWNER_PAID, R_CONVERTED, R_DRIVE_PAID, R_SHIPS, R_GAME_TURNS = range(7, 13)
R_LAYOUT_DRAWS = 13
R_VP = 14                           # VP by source: R_VP + codes.SRC_*
R_USES = R_VP + NSRC                # uses of each building by this seat
R_VISITS = R_USES + NBUILDINGS      # actions taken at each Cuban by this seat
R_DELIVERED = R_VISITS + NCUBANS    # goods delivered per kind
R_CUBAN_AT = R_DELIVERED + NKINDS   # layout: Cuban at K1..K9
R_BUILDING_AT = R_CUBAN_AT + NCUBANS  # layout: building at B1..B12
R_FLOWER = R_BUILDING_AT + NSLOTS   # layout: flower colour at each building
NREC = R_FLOWER + NBUILDINGS
REC_NAMES = HEAD_NAMES + (
    "decisions", "goods_left", "turns", "markers_placed", "owner_paid", "goods_converted",
    "drive_paid", "ships_departed", "game_turns", "layout_draws")


def record_columns() -> list[str]:
    """Names of the record columns, in R_* order."""
    return (list(REC_NAMES) + ["vp_" + name for name in SRC.keys]
            + ["uses_" + key for key in BUILDING_KEYS] + ["visits_" + key for key in CUBAN_KEYS]
            + ["delivered_" + name for name in KIND_NAMES]
            + ["cuban_at_" + stop for stop in STOP_NAMES[1:]]
            + ["building_at_" + slot for slot in SLOT_NAMES]
            + ["flower_" + key for key in BUILDING_KEYS])


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, R_*] from a finished game."""
    rank, share = seat_arrays(rec.shape[0])
    standings(s, t, rank, share)
    write_head(s, rec, rank, share, O.PLAYERS, P.SIZE, P.VP, P.MONEY)
    for p in range(rec.shape[0]):
        b = pbase(p)
        rec[p, R_DECISIONS] = decisions[p]
        rec[p, R_GOODS_LEFT] = goods_held(s, b, True)
        rec[p, R_TURNS] = s[b + P.TURNS]
        rec[p, R_MARKERS_PLACED] = t[T.MISC + M.MARKERS] - s[b + P.MARKERS]
        rec[p, R_OWNER_PAID] = s[b + P.OWNER_VP]
        rec[p, R_CONVERTED] = s[b + P.CONVERTED]
        rec[p, R_DRIVE_PAID] = s[b + P.DRIVE_PAID]
        rec[p, R_SHIPS] = s[G.SHIPS]
        rec[p, R_GAME_TURNS] = s[G.TURN]
        rec[p, R_LAYOUT_DRAWS] = s[G.LAYOUT_DRAWS]
        for i in range(NSRC):
            rec[p, R_VP + i] = s[b + P.VPSRC + i]
        for i in range(NBUILDINGS):
            rec[p, R_USES + i] = s[b + P.USES + i]
            rec[p, R_FLOWER + i] = slot_colour(t, s[O.SLOT_OF + i])
        for i in range(NCUBANS):
            rec[p, R_VISITS + i] = s[b + P.VISITS + i]
            rec[p, R_CUBAN_AT + i] = s[O.CUBAN_AT + 1 + i]
        for i in range(NKINDS):
            rec[p, R_DELIVERED + i] = s[b + P.DELIVERED + i]
        for i in range(NSLOTS):
            rec[p, R_BUILDING_AT + i] = s[O.BUILDING_AT + i]
