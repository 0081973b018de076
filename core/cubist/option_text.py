"""Cubist's legal options as short texts ("place a 4 from the warehouse at room 1 r5c5",
"recruit Gris (A07, slot 2) with 2 x 5"): one wording per option tag (actions.OT), from the
codes, the rules tables and the trace's names (pure Python)."""
from __future__ import annotations

import numpy as np

from core.common.option_text import OptionTexts, py
from core.cubist import actions
from core.cubist import codes as C
from core.cubist import state as S
from core.cubist.actions import CELL_BITS, CELL_MASK, OT, SRC_SHIFT, USE_SHIFT
from core.cubist.state import G, O, P
from core.cubist.tables import CubistTables
from core.cubist.trace import artist_id, artist_of, inst_id, installation_label, museum_at

_pbase, _src_value = py(S.pbase), py(S.src_value)


def _room_cell(x: int) -> str:
    """'room 1 r5c5': a work-room cell (room << CELL_BITS | cell)."""
    room, cell = (x >> CELL_BITS) & 1, x & CELL_MASK
    return f"room {room + 1} r{cell // C.GRID + 1}c{cell % C.GRID + 1}"


def _die(src: int, s: np.ndarray) -> str:
    """'a 4 from the warehouse', 'the 4 of the die on I05': a die source of the deciding
    player (state.src_value)."""
    b = _pbase(s[G.CUR])
    v = int(_src_value(s, b, src))
    if src < C.NVAL:
        return f"a {v} from the warehouse"
    card = int(P.view(s, "HELD", b)[((src - 8) >> 1) // C.MAX_SPACES])
    return f"the {v} of the die on {inst_id(card)}"


def _artist(slot: int, s: np.ndarray) -> str:
    """'Gris (A07, slot 2)': the artist card face up in a slot."""
    card = artist_id(int(s[O.ART + slot]))
    return f"{artist_of(card)} ({card}, slot {slot + 1})"


def _recruit(x: int, s: np.ndarray, tables: CubistTables) -> str:
    slot, v, card_dice = x & 3, (x >> 2) & 7, x >> 5
    dice = int(tables.art_dice[s[O.ART + slot]])
    from_cards = f", {card_dice} of them card dice" if card_dice else ""
    return f"recruit {_artist(slot, s)} with {dice} x {v}{from_cards}"


def _use(x: int, s: np.ndarray, tables: CubistTables) -> str:
    """An artist card's action with its parameter (actions.use_options)."""
    slot, param = x & ((1 << USE_SHIFT) - 1), x >> USE_SHIFT
    card = int(s[O.ART + slot])
    kind = int(tables.art_kind[card])
    if kind == C.BOCCIONI:
        what = f"take a {int((tables.art_v2 if param else tables.art_v1)[card])}"
    elif kind == C.MARC:
        what = f"take a {param + 1}"
    elif kind == C.MALEVICH:
        what = f"take a {int(tables.art_v1[card])}"
    elif kind == C.GRIS:
        what = f"remove the die at {_room_cell(param)}"
    elif kind == C.PASCIN:
        what = f"lift the die at {_room_cell(param)}"
    elif kind in (C.FRESNAYE, C.POPOVA):
        src, sign = param >> 1, param & 1
        step = int(tables.art_v1[card])
        old = int(_src_value(s, _pbase(s[G.CUR]), src))
        what = f"turn {_die(src, s)} to {old - step if sign else old + step}"
    else:  # Rozanova: a die of an opponent's storage
        what = f"claim a {(param & 7) + 1} from P{(param >> 3) + 1}'s storage"
    return f"use {_artist(slot, s)}: {what}"


def _complete(x: int, s: np.ndarray, tables: CubistTables) -> str:
    room, slot = x & 1, x >> 1
    card = installation_label(inst_id(int(s[O.DISPLAY + slot])), tables)
    return f"complete {card} with room {room + 1}"


def _museum(x: int, s: np.ndarray, tables: CubistTables) -> str:
    return f"put {_die(x >> 5, s)} into the museum at {museum_at(x & 31)}"


def _store(x: int, s: np.ndarray, tables: CubistTables) -> str:
    values = [v for v in (x & 7, x >> 3) if v]
    return "store " + (" and ".join(str(v) for v in values) if values else "nothing")


option_text = OptionTexts(OT, actions.TAG_SHIFT, {
    OT.PLACE: lambda x, s, t: f"place {_die(x >> SRC_SHIFT, s)} at "
                              f"{_room_cell(x & ((1 << SRC_SHIFT) - 1))}",
    OT.RECRUIT: _recruit,
    OT.USE: _use,
    OT.COMPLETE: _complete,
    OT.ABANDON: lambda x, s, t: f"abandon room {x + 1}",
    OT.MUSEUM: _museum,
    OT.END: lambda x, s, t: "end the turn",
    OT.MOVE_TO: lambda x, s, t: f"move the lifted {int(s[G.MOVE_V])} to {_room_cell(x)}",
    OT.ABANDON_RECRUIT: lambda x, s, t: f"recruit {_artist(x & 3, s)} with the abandoned "
                                        f"{(x >> 2) & 7}s",
    OT.ABANDON_DONE: lambda x, s, t: "send the abandoned dice to the supply",
    OT.STORE: _store,
})
