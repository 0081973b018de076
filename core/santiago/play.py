"""Santiago de Cuba's parts of the shared play loop (core.common.loop): the per-seat record
layout and writing a finished game's records. The loop is bound to the engine and the
strategy dispatcher from the descriptor, core/santiago/game.py.

Every row also holds the game's layout (the same in every seat's row), so results can be
stratified by it: `cuban_at_K<i>` (Cuban index, codes.CUBAN_KEYS), `building_at_B<i>`
(building index, codes.BUILDING_KEYS), `flower_<building>` (flower colour index of the
building's slot, codes.FLOWER_NAMES) and `layout_draws` (draws the layout rule needed).
"""
import numpy as np

from core.common.layout import block
from core.common.records import (  # noqa: F401 (the head's columns, re-exported)
    HEAD_NAMES, R_MONEY, R_RANK, R_SCORE, R_WIN_SHARE, block_columns, seat_arrays, write_head,
)
from core.jit import njit
from core.santiago import actions
from core.santiago import codes as C
from core.santiago import rules
from core.santiago import state as S
from core.santiago.codes import M, T
from core.santiago.state import G, O, P

# The columns after the shared head (records.py); a column of size 1 is named after its field,
# the others `<field>_<item>` for the items in _ITEMS.
R = block("R", """
    DECISIONS        1             decisions this seat took (more than one option)
    GOODS_LEFT       1             goods held at the end, wood included
    TURNS            1             turns this seat finished
    MARKERS_PLACED   1             property markers on the board
    OWNER_PAID       1             times another pawn paid this seat as owner
    GOODS_CONVERTED  1             goods converted
    DRIVE_PAID       1             pesos paid for driving
    SHIPS_DEPARTED   1             ships departed in the game
    GAME_TURNS       1             turns finished in the game, all seats
    LAYOUT_DRAWS     1             building layouts drawn until one honoured the layout rule
    VP               C.NSRC        VP by source (codes.SRC)
    USES             C.NBUILDINGS  uses of each building by this seat
    VISITS           C.NCUBANS     actions taken at each Cuban by this seat
    DELIVERED        C.NKINDS      goods delivered per kind
    CUBAN_AT         C.NCUBANS     layout: Cuban at K1..K9
    BUILDING_AT      C.NSLOTS      layout: building at B1..B12
    FLOWER           C.NBUILDINGS  layout: flower colour at each building
""", start=len(HEAD_NAMES), names=globals())
NREC = R.SIZE
_ITEMS = {"VP": C.SRC.keys, "USES": C.BUILDING_KEYS, "VISITS": C.CUBAN_KEYS,
          "DELIVERED": C.KIND_NAMES, "CUBAN_AT": C.STOP_NAMES[1:], "BUILDING_AT": C.SLOT_NAMES,
          "FLOWER": C.BUILDING_KEYS}


@njit
def max_steps(t, n_players):
    """Most decision points a game can take by its rules. Each of misc.ships ships (SDC-R20)
    sees at most `flags` harbour events (the car stopping at or passing the harbour): each moves
    the goods-value marker right or sends the ship (SDC-R8, R13, R16, R18; under SDC-Q1 = false
    no drive passes it), and the marker goes left at most misc.value_backs times per ship
    (SDC-Q18). A drive goes at least 1 of the 10 stops (SDC-R7), so each event takes at most
    10 turns: a drive, the Cuban (El Zorro asks every other player, SDC-R9) and at most two
    building uses (Alonso's, then phase 2 under SDC-Q9 = false), each up to its swaps. Each
    event may be a delivery round (SDC-R13): deliveries of at most the ship's demand in dice
    goods and the supply in wood (SDC-R14, R15; a step after wood under SDC-Q5 = false), and
    passes (every player after each delivery under SDC-Q4 = false). One placement per ship
    (SDC-R5; SDC-Q12 rerolls five 0s without asking)."""
    flags = (t[T.MISC + M.VALUE_MAX] - t[T.MISC + M.VALUE_START] + 1
             + t[T.MISC + M.VALUE_BACKS])
    swaps = 1
    for building in range(C.NBUILDINGS):
        if t[T.BUILDING_EFFECT + building] == C.BE.SWAP:
            swaps = max(swaps, actions.bparam(t, building, 0))
    turn = 1 + max(1, n_players - 1) + 1 + 2 * (1 + swaps)
    wood = t[T.SUPPLY + C.WD]
    deliveries = t[T.MISC + M.DICE_ON_SHIP] * actions.max_face(t) + wood
    delivery_round = deliveries + wood + n_players * (deliveries + 1)
    ships = t[T.MISC + M.SHIPS]
    return np.int64(ships) * (1 + flags * (C.NSTOPS * turn + delivery_round))


def record_columns() -> list[str]:
    """Names of the record columns, in column order (the head, then R)."""
    return block_columns(R.fields, _ITEMS)


@njit
def write_records(s, t, decisions, rec):
    """Fill rec[seat, :] (the head, then the R columns) from a finished game."""
    rank, share = seat_arrays(rec.shape[0])
    rules.standings(s, t, rank, share)
    write_head(s, rec, rank, share, O.PLAYERS, P.SIZE, P.VP, P.MONEY)
    for p in range(rec.shape[0]):
        b = S.pbase(p)
        rec[p, R.DECISIONS] = decisions[p]
        rec[p, R.GOODS_LEFT] = S.goods_held(s, b, True)
        rec[p, R.TURNS] = s[b + P.TURNS]
        rec[p, R.MARKERS_PLACED] = t[T.MISC + M.MARKERS] - s[b + P.MARKERS]
        rec[p, R.OWNER_PAID] = s[b + P.OWNER_VP]
        rec[p, R.GOODS_CONVERTED] = s[b + P.CONVERTED]
        rec[p, R.DRIVE_PAID] = s[b + P.DRIVE_PAID]
        rec[p, R.SHIPS_DEPARTED] = s[G.SHIPS]
        rec[p, R.GAME_TURNS] = s[G.TURN]
        rec[p, R.LAYOUT_DRAWS] = s[G.LAYOUT_DRAWS]
        for i in range(C.NSRC):
            rec[p, R.VP + i] = s[b + P.VPSRC + i]
        for i in range(C.NBUILDINGS):
            rec[p, R.USES + i] = s[b + P.USES + i]
            rec[p, R.FLOWER + i] = S.slot_colour(t, s[O.SLOT_OF + i])
        for i in range(C.NCUBANS):
            rec[p, R.VISITS + i] = s[b + P.VISITS + i]
            rec[p, R.CUBAN_AT + i] = s[O.CUBAN_AT + 1 + i]
        for i in range(C.NKINDS):
            rec[p, R.DELIVERED + i] = s[b + P.DELIVERED + i]
        for i in range(C.NSLOTS):
            rec[p, R.BUILDING_AT + i] = s[O.BUILDING_AT + i]
