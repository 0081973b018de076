"""Santiago de Cuba trace rows -> JSON-ready dicts and readable log lines (pure Python, no
numba).

The buffer layout and the JSON-lines file are core.common.trace's; this module decodes
Santiago's events and states. Every name comes from codes.py, state.py and the rules tables.
The state of a trace line holds the layout (`layout`: the Cuban at every stop, the building,
flower, owner and pawn at every slot) and, under `screens`, what each player keeps behind the
screen (goods, pesos, VP: hidden in the game, SDC-R4, shown for analysis).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from core.common import trace as common_trace
from core.common.trace import (  # noqa: F401 (player_label re-exported)
    decode_event, events, player_label, plural,
)
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.actions import AMOUNT_MASK, AMOUNT_SHIFT
from core.santiago.tables import SantiagoTables

_pbase = getattr(S.pbase, "py_func", S.pbase)


def kind(k: int) -> str:
    return C.KIND_NAMES[k]


def cuban(i: int) -> str:
    return C.CUBAN_KEYS[i]


def building(i: int) -> str:
    return C.BUILDING_KEYS[i]


def stop_name(stop: int, s: np.ndarray | None = None) -> str:
    """'K4 (jose)' with the state's layout, 'H (harbour)'."""
    if stop == C.HARBOUR:
        return "H (harbour)"
    name = C.STOP_NAMES[stop]
    return f"{name} ({cuban(int(s[S.O.CUBAN_AT + stop]))})" if s is not None else name


def slot_name(slot: int) -> str:
    return C.SLOT_NAMES[slot]


def layout(s: np.ndarray, tables: SantiagoTables) -> dict[str, Any]:
    """The layout of a state: Cuban per stop, building and flower per slot."""
    cubans = S.O.view(s, "CUBAN_AT")
    return {"cubans": {C.STOP_NAMES[k]: cuban(int(cubans[k])) for k in range(1, C.NSTOPS)},
            "buildings": {slot_name(i): building(int(b))
                          for i, b in enumerate(S.O.view(s, "BUILDING_AT"))},
            "flowers": {slot_name(i): C.FLOWER_NAMES[f]
                        for i, f in enumerate(tables.slot_colour)},
            "draws": int(s[S.G.LAYOUT_DRAWS])}


def _seat(v: int) -> int | None:
    return int(v) if v >= 0 else None


def _screen(s: np.ndarray, b: int) -> dict[str, Any]:
    """What the player at block b keeps behind the screen."""
    vpsrc = S.P.view(s, "VPSRC", b)
    return {"goods": {kind(k): int(n) for k, n in enumerate(S.P.view(s, "GOODS", b))},
            "pesos": int(s[b + S.P.MONEY]), "vp": int(s[b + S.P.VP]),
            "vp_by_source": {name: int(v) for name, v in zip(C.SRC.keys, vpsrc) if v}}


def public_state(snapshot: np.ndarray, tables: SantiagoTables, n_players: int
                 ) -> dict[str, Any]:
    """The board every player can see, the layout, and (under `screens`) what each player
    keeps behind the screen."""
    s = snapshot
    blocks = [_pbase(p) for p in range(n_players)]
    pawns = [int(s[b + S.P.PAWN]) for b in blocks]
    owners = S.O.view(s, "OWNER")
    slots = {slot_name(i): {"building": building(int(bld)), "owner": _seat(owners[i]),
                            "pawn": pawns.index(i) if i in pawns else None}
             for i, bld in enumerate(S.O.view(s, "BUILDING_AT"))}
    return {
        "phase": S.PH.keys[s[S.G.PHASE]],
        "active": int(s[S.G.ACTIVE]),
        "car": C.STOP_NAMES[s[S.G.CAR]],
        "ships_departed": int(s[S.G.SHIPS]),
        "goods_value": int(s[S.G.VALUE]),
        "dice": {kind(k): int(v) for k, v in enumerate(S.O.view(s, "DICE")) if v >= 0},
        "closed": C.STOP_NAMES[s[S.G.CLOSED]] if s[S.G.CLOSED] >= 0 else None,
        "bank": {kind(k): int(n) for k, n in enumerate(S.O.view(s, "BANK"))},
        "bank_pesos": int(s[S.G.BANK_MONEY]) if tables.switches[C.SW.MONEY_LIMITED] else None,
        "slots": slots,
        "markers_left": [int(s[b + S.P.MARKERS]) for b in blocks],
        "layout": layout(s, tables),
        "screens": [_screen(s, b) for b in blocks],
    }


# ------------------------------------------------------------------------------ events

def _what(v: int) -> str | None:
    if v < 0:
        return None
    return ("peso", "vp")[v] if v < 2 else kind(v - 2)


def _dice(packed: int, bits: int, offset: int) -> dict[str, int]:
    mask = (1 << bits) - 1
    out = {}
    for k in range(C.NDICE):
        v = ((packed >> (bits * k)) & mask) - offset
        if v >= 0:
            out[kind(k)] = v
    return out


_Field = tuple[str, Callable[[int], Any]]
_I: Callable[[int], Any] = int
_STOP: Callable[[int], Any] = lambda v: C.STOP_NAMES[v]  # noqa: E731
_SLOT: Callable[[int], Any] = slot_name
_SEAT: Callable[[int], Any] = _seat
# Fields a, b, c, d of each event (the EV comments in codes.py, after the player).
EVENT_FIELDS: dict[int, tuple[_Field, ...]] = {
    C.EV.SETUP: (("start_player", _I), ("layout_draws", _I)),
    C.EV.TURN: (("turn", _I),),
    C.EV.DRIVE: (("stop", _STOP), ("distance", _I), ("pesos", _I)),
    C.EV.VALUE: (("goods_value", _I), ("cause", lambda v: C.VAL.keys[v])),
    C.EV.CLOSED: (("stop", _STOP),),
    C.EV.CUBAN: (("cuban", cuban), ("stop", _STOP)),
    C.EV.GOODS: (("kind", kind), ("amount", _I)),
    C.EV.MONEY: (("amount", _I),),
    C.EV.VP: (("source", lambda v: C.SRC.keys[v]), ("amount", _I)),
    C.EV.GIVE: (("receiver", _SEAT), ("gives", _what)),
    C.EV.MARKER: (("slot", _SLOT), ("building", building), ("previous_owner", _SEAT)),
    C.EV.MOVE: (("slot", _SLOT), ("building", building)),
    C.EV.STAY: (("slot", lambda v: slot_name(v) if v >= 0 else None), ("reuse", bool)),
    C.EV.USE: (("building", building), ("slot", _SLOT), ("payload", _I)),
    C.EV.NO_USE: (("building", building), ("slot", _SLOT)),
    C.EV.HARBOUR: (),
    C.EV.DELIVER: (("kind", kind), ("pieces", _I), ("vp", _I)),
    C.EV.PASS: (),
    C.EV.ROUND_END: (("ship_full", bool),),
    C.EV.DEPART: (("ships_departed", _I), ("cause", lambda v: C.DEP.keys[v])),
    C.EV.ROLL: (("faces", lambda v: _dice(v, 3, 0)),),
    C.EV.SHIP: (("left_off", kind), ("dice", lambda v: _dice(v, 4, 1))),
    C.EV.CLOSE: (("stop", _STOP),),
    C.EV.REOPEN: (("stop", _STOP),),
    C.EV.CONVERT: (("from", kind), ("to", kind), ("pieces", _I)),
    C.EV.SWAP: (("gives", kind), ("takes", kind)),
    C.EV.DIE: (("kind", kind), ("value", _I)),
    C.EV.END_BONUS: (("goods", _I), ("vp", _I)),
    C.EV.GAME_END: (),
    C.EV.EXCHANGE: (("vp", _I), ("pesos", _I)),
    C.EV.DECLINE: (("cuban", cuban),),
}
assert sorted(EVENT_FIELDS) == list(range(len(C.EV.keys)))


def event_dict(row: np.ndarray, tables: SantiagoTables) -> dict[str, Any]:
    """A trace row's event as {"name", "player", named decoded fields..., "raw"}."""
    out = decode_event(row, C.EV.keys, EVENT_FIELDS)
    if row[0] == C.EV.SETUP:
        out["layout"] = layout(row[C.EVW:], tables)
    elif row[0] == C.EV.USE and tables.building_effect[row[2]] == C.BE.RETURN_VP:
        out["returned"] = _returned(out["payload"], tables.building_param[row[2]])
    return out


def _returned(payload: int, param: np.ndarray) -> dict[str, int]:
    """The goods a return-for-VP use hands in (payload: pieces of kind a << AMOUNT_SHIFT |
    pieces of kind b, see actions.py)."""
    amounts = (payload >> AMOUNT_SHIFT, payload & AMOUNT_MASK)
    return {kind(int(k)): n for k, n in zip(param[:2], amounts) if n}


# ------------------------------------------------------------------------------ text

def _use_text(d: dict[str, Any], s: np.ndarray, t: SantiagoTables) -> str:
    text = f"uses the {d['building'].replace('_', ' ')} ({d['slot']})"
    if "returned" in d:
        text += ", handing in " + " and ".join(f"{n} {k}" for k, n in d["returned"].items())
    return text


def _goods_text(d: dict[str, Any], s: np.ndarray) -> str:
    """'takes 2 sugar'; none taken: why, when the bank has none of the kind left."""
    if d["amount"]:
        return f"takes {d['amount']} {d['kind']}"
    empty = s[S.O.BANK + d["raw"][2]] == 0   # raw a: the kind taken
    return f"takes no {d['kind']}" + (": the bank has none left" if empty else "")


_TEXT: dict[int, Callable[[dict[str, Any], np.ndarray, SantiagoTables], str]] = {
    C.EV.SETUP: lambda d, s, t: "layout: " + ", ".join(
        f"{k} {v}" for k, v in d["layout"]["cubans"].items()) + "; " + ", ".join(
        f"{k} {v} ({d['layout']['flowers'][k]})" for k, v in d["layout"]["buildings"].items())
        + f" [{plural(d['layout_draws'], 'draw')}]",
    C.EV.TURN: lambda d, s, t: f"turn {d['turn']}",
    C.EV.DRIVE: lambda d, s, t: f"drives {plural(d['distance'], 'stop')} to "
                                f"{stop_name(C.STOP_NAMES.index(d['stop']), s)}"
                                + (f", paying {plural(d['pesos'], 'peso')}" if d["pesos"] else ""),
    C.EV.VALUE: lambda d, s, t: (f"goods value now {d['goods_value']} "
                                 f"({d['cause'].replace('_', ' ')})"),
    C.EV.CLOSED: lambda d, s, t: f"finds {stop_name(C.STOP_NAMES.index(d['stop']), s)} face "
                                 "down: no action, no building",
    C.EV.CUBAN: lambda d, s, t: f"visits {d['cuban']}",
    C.EV.GOODS: lambda d, s, t: _goods_text(d, s),
    C.EV.MONEY: lambda d, s, t: (f"gains {plural(d['amount'], 'peso')}" if d["amount"] > 0
                                 else f"pays {plural(-d['amount'], 'peso')}"),
    C.EV.VP: lambda d, s, t: f"{d['amount']:+d} VP ({d['source'].replace('_', ' ')})",
    C.EV.GIVE: lambda d, s, t: (f"gives P{d['receiver'] + 1} 1 "
                                f"{d['gives'].replace('vp', 'VP')}" if d["gives"]
                                else "has nothing to give"),
    C.EV.MARKER: lambda d, s, t: f"puts a property marker on the "
                                 f"{d['building'].replace('_', ' ')} ({d['slot']})",
    C.EV.MOVE: lambda d, s, t: f"moves the pawn to the {d['building'].replace('_', ' ')} "
                               f"({d['slot']})",
    C.EV.STAY: lambda d, s, t: "reuses the building" if d["reuse"] else "stays",
    C.EV.USE: _use_text,
    C.EV.NO_USE: lambda d, s, t: f"does not use the {d['building'].replace('_', ' ')}",
    C.EV.HARBOUR: lambda d, s, t: "stops at the harbour: delivery round",
    C.EV.DELIVER: lambda d, s, t: f"delivers {d['pieces']} {d['kind']} for {d['vp']} VP",
    C.EV.PASS: lambda d, s, t: "passes",
    C.EV.ROUND_END: lambda d, s, t: "delivery round ends" + (" (ship full)" if d["ship_full"]
                                                             else ""),
    C.EV.DEPART: lambda d, s, t: f"ship {d['ships_departed']} departs "
                                 f"({d['cause'].replace('_', ' ')})",
    C.EV.ROLL: lambda d, s, t: "rolls " + ", ".join(f"{k} {v}" for k, v in d["faces"].items()),
    C.EV.SHIP: lambda d, s, t: f"leaves {d['left_off']} off: demand " + ", ".join(
        f"{k} {v}" for k, v in d["dice"].items()),
    C.EV.CLOSE: lambda d, s, t: f"turns {stop_name(C.STOP_NAMES.index(d['stop']), s)} face "
                                "down",
    C.EV.REOPEN: lambda d, s, t: f"the car passed {stop_name(C.STOP_NAMES.index(d['stop']), s)}"
                                 ": face up again",
    C.EV.CONVERT: lambda d, s, t: f"converts {d['pieces']} {d['from']} into {d['to']}",
    C.EV.SWAP: lambda d, s, t: f"swaps 1 {d['gives']} for 1 {d['takes']}",
    C.EV.DIE: lambda d, s, t: f"sets the {d['kind']} die to {d['value']}",
    C.EV.END_BONUS: lambda d, s, t: f"holds {plural(d['goods'], 'good')}: end bonus",
    C.EV.GAME_END: lambda d, s, t: "game over",
    C.EV.EXCHANGE: lambda d, s, t: f"exchanges {d['vp']:+d} VP / {d['pesos']:+d} pesos",
    C.EV.DECLINE: lambda d, s, t: f"takes nothing from {d['cuban']}",
}
assert sorted(_TEXT) == sorted(EVENT_FIELDS)


def clause(row: np.ndarray, tables: SantiagoTables) -> str:
    """What happened in one event, without the actor."""
    return _TEXT[int(row[0])](event_dict(row, tables), row[C.EVW:], tables)


def event_sentences(trace: np.ndarray, tables: SantiagoTables, n_players: int,
                    colours: Sequence[str]) -> list[str]:
    """Per event, the log's sentence: actor and clause (the replay page's event list)."""
    return common_trace.seat_sentences(trace, lambda row: clause(row, tables), colours)


def event_text(row: np.ndarray, tables: SantiagoTables, colours: Sequence[str]) -> str:
    """One self-contained log line, e.g. 'S2 T14  P1 (yellow) drives 2 stops to K4 (jose)'."""
    s = row[C.EVW:]
    who = f"{player_label(int(row[1]), colours)} " if row[1] >= 0 else ""
    ship = min(int(s[S.G.SHIPS]) + (row[0] != C.EV.DEPART), int(tables.misc[C.M.SHIPS]))
    prefix = f"S{ship} T{int(s[S.G.TURN]) + 1:<3}"
    return f"{prefix} {who}{clause(row, tables)}"


def _standings(s: np.ndarray, n_players: int, colours: Sequence[str]) -> str:
    return "  standings: " + ", ".join(
        f"{player_label(p, colours)} {s[_pbase(p) + S.P.VP]} VP {s[_pbase(p) + S.P.MONEY]} pesos"
        for p in range(n_players))


def log_lines(trace: np.ndarray, tables: SantiagoTables, n_players: int,
              colours: Sequence[str]) -> Iterator[str]:
    """The readable game log: a header per ship, one line per event, standings after each
    departure."""
    yield "== Setup =="
    for row in events(trace):
        yield "  " + event_text(row, tables, colours)
        if row[0] == C.EV.DEPART:
            s = row[C.EVW:]
            yield _standings(s, n_players, colours)
            if s[S.G.SHIPS] < tables.misc[C.M.SHIPS]:  # no header after the last ship
                yield f"== Ship {int(s[S.G.SHIPS]) + 1} =="


# ------------------------------------------------------------------------------ JSON lines

def _layout_header(trace: np.ndarray, tables: SantiagoTables) -> dict[str, Any]:
    """The JSON-lines header's addition: the game's layout (from the first event's state)."""
    rows = events(trace)
    return {"layout": layout(rows[0][C.EVW:], tables)} if len(rows) else {}


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS,
                                        _layout_header)
