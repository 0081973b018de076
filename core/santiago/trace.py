"""Santiago de Cuba trace rows -> JSON-ready dicts and readable log lines (pure Python, no
numba).

The buffer layout and the JSON-lines file are core.common.trace's; this module decodes
Santiago's events and states. Every name comes from codes.py, state.py and the rules tables.
The state of a trace line holds the layout (`layout`: the Cuban at every stop, the building,
flower, owner and pawn at every slot) and, under `screens`, what each player keeps behind the
screen (goods, pesos, VP: hidden in the game, SDC-R4, shown for analysis).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from core.common import events as E
from core.common import trace as common_trace
from core.common.trace import events, player_label, plural  # noqa: F401 (re-exported)
from core.santiago import codes as C
from core.santiago.codes import EV
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


_KINDS, _STOPS, _SEAT = C.KIND_NAMES, C.STOP_NAMES, E.nullable(E.NATURAL)
_LAYOUT = E.closed({
    "cubans": E.keyed(_STOPS[1:], E.one_of(C.CUBAN_KEYS)),
    "buildings": E.keyed(C.SLOT_NAMES, E.one_of(C.BUILDING_KEYS)),
    "flowers": E.keyed(C.SLOT_NAMES, E.one_of(C.FLOWER_NAMES)), "draws": E.NATURAL})
_SCREEN = E.closed({
    "goods": E.keyed(_KINDS, E.NATURAL), "pesos": E.NATURAL, "vp": {"type": "integer"},
    "vp_by_source": E.keyed(C.SRC.keys, {"type": "integer"})})
# The JSON schema of public_state's object (the game's trace schema holds it).
STATE_SCHEMA = E.closed({
    "phase": E.one_of(S.PH.keys), "active": E.NATURAL, "car": E.one_of(_STOPS),
    "ships_departed": E.NATURAL, "goods_value": E.NATURAL,
    "dice": E.keyed(_KINDS, E.NATURAL), "closed": E.nullable(E.one_of(_STOPS)),
    "bank": E.keyed(_KINDS, E.NATURAL), "bank_pesos": E.nullable(E.NATURAL),
    "slots": E.keyed(C.SLOT_NAMES, E.closed({
        "building": E.one_of(C.BUILDING_KEYS), "owner": _SEAT, "pawn": _SEAT})),
    "markers_left": E.array_of(E.NATURAL, minItems=1), "layout": _LAYOUT,
    "screens": E.array_of(_SCREEN, minItems=1)})
# The keys the trace's header adds (the game's layout, as in the state).
HEADER_KEYS = {"layout": _LAYOUT}


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


def _returned(payload: int, param: np.ndarray) -> dict[str, int]:
    """The goods a return-for-VP use hands in (payload: pieces of kind a << AMOUNT_SHIFT |
    pieces of kind b, see actions.py)."""
    amounts = (payload >> AMOUNT_SHIFT, payload & AMOUNT_MASK)
    return {kind(int(k)): n for k, n in zip(param[:2], amounts) if n}


def _setup_more(d: dict[str, Any], x: E.Ctx) -> None:
    d["layout"] = layout(x.row.state, x.tables)


def _use_more(d: dict[str, Any], x: E.Ctx) -> None:
    if x.tables.building_effect[x.row.a] == C.BE.RETURN_VP:
        d["returned"] = _returned(d["payload"], x.tables.building_param[x.row.a])


def _use_text(d: dict[str, Any], x: E.Ctx) -> str:
    text = f"uses the {d['building'].replace('_', ' ')} ({d['slot']})"
    if "returned" in d:
        text += ", handing in " + " and ".join(f"{n} {k}" for k, n in d["returned"].items())
    return text


def _goods_text(d: dict[str, Any], x: E.Ctx) -> str:
    """'takes 2 sugar'; none taken: why, when the bank has none of the kind left."""
    if d["amount"]:
        return f"takes {d['amount']} {d['kind']}"
    empty = x.row.state[S.O.BANK + d["raw"][2]] == 0   # raw a: the kind taken
    return f"takes no {d['kind']}" + (": the bank has none left" if empty else "")


def _at_stop(d: dict[str, Any], x: E.Ctx) -> str:
    """The event's stop with the Cuban there, 'K4 (jose)'."""
    return stop_name(C.STOP_NAMES.index(d["stop"]), x.row.state)


def _setup_text(d: dict[str, Any], x: E.Ctx) -> str:
    return ("layout: " + ", ".join(f"{k} {v}" for k, v in d["layout"]["cubans"].items())
            + "; " + ", ".join(f"{k} {v} ({d['layout']['flowers'][k]})"
                               for k, v in d["layout"]["buildings"].items())
            + f" [{plural(d['layout_draws'], 'draw')}]")


_KIND = E.named(C.KIND_NAMES)
_STOP = E.named(C.STOP_NAMES)
_SLOT = E.named(C.SLOT_NAMES)
_BUILDING = E.named(C.BUILDING_KEYS)
_CUBAN = E.named(C.CUBAN_KEYS)
_SEAT = E.optional(E.COUNT)
_GOODS = {"type": "object", "propertyNames": {"enum": list(C.KIND_NAMES)},
          "additionalProperties": {"type": "integer", "minimum": 0}}
# Every event once: meaning, sentence (the log's clause), fields a, b, c, d (codes.py EV).
EVENTS = E.Events(EV, {
    EV.SETUP: E.Event(
        "the deal (SDC-R1..R5): the layout and how many draws the layout rule took",
        _setup_text, (("start_player", E.COUNT), ("layout_draws", E.COUNT)),
        more=_setup_more, more_keys={"layout": {"type": "object"}}, more_required=("layout",)),
    EV.TURN: E.Event("the player's turn begins (`turn` counts all players' turns from 1)",
                      "turn {turn}", (("turn", E.COUNT),),
                      changes=("active",)),
    EV.DRIVE: E.Event(
        "the car moves (SDC-R7); `pesos` paid for the stops after the free one",
        lambda d, x: f"drives {plural(d['distance'], 'stop')} to {_at_stop(d, x)}"
                     + (f", paying {plural(d['pesos'], 'peso')}" if d["pesos"] else ""),
        (("stop", _STOP), ("distance", E.COUNT), ("pesos", E.COUNT)),
        changes=("car",)),
    EV.VALUE: E.Event(
        "the goods-value marker moved (`passed_harbour`, `delivery_round_ended`, `building`); "
        "`value_max + 1` is the chequered flag (SDC-R8, R18, R19)",
        lambda d, x: f"goods value now {d['goods_value']} ({d['cause'].replace('_', ' ')})",
        (("goods_value", E.COUNT), ("cause", E.named(C.VAL.keys))),
        changes=("goods_value",)),
    EV.CLOSED: E.Event(
        "the car stopped at a face-down Cuban: no action, no building (SDC-R9)",
        lambda d, x: f"finds {_at_stop(d, x)} face down: no action, no building",
        (("stop", _STOP),)),
    EV.CUBAN: E.Event("the Cuban at the stop acts for the player (SDC-R9, §8.1)",
                       "visits {cuban}", (("cuban", _CUBAN), ("stop", _STOP))),
    EV.GOODS: E.Event("goods taken from the bank (cut to what it holds)", _goods_text,
                       (("kind", _KIND), ("amount", E.COUNT)),
                       changes=("bank", "screens")),
    EV.MONEY: E.Event("pesos gained (negative: paid)",
                       lambda d, x: f"gains {plural(d['amount'], 'peso')}" if d["amount"] > 0
                       else f"pays {plural(-d['amount'], 'peso')}", (("amount", E.INT),),
                       changes=("bank_pesos", "screens")),
    EV.VP: E.Event(
        "every VP change; the `amount`s of a player's `vp` events add up to the final score",
        lambda d, x: f"{d['amount']:+d} VP ({d['source'].replace('_', ' ')})",
        (("source", E.named(C.SRC.keys)), ("amount", E.INT)),
        changes=("screens",)),
    EV.GIVE: E.Event(
        "El Zorro: the player gives `peso`, `vp` or a raw good (`sugar`, `tobacco`, `citrus`), "
        "or `null` when there is nothing to give",
        lambda d, x: f"gives P{d['receiver'] + 1} 1 {d['gives'].replace('vp', 'VP')}"
                     if d["gives"] else "has nothing to give",
        (("receiver", _SEAT),
         ("gives", E.value(_what, E.nullable({"enum": ["peso", "vp", *C.KIND_NAMES]})))),
         changes=("screens",)),
    EV.MARKER: E.Event(
        "Alonso: a property marker placed (SDC-Q8: `previous_owner` loses it)",
        lambda d, x: f"puts a property marker on the {d['building'].replace('_', ' ')} "
                     f"({d['slot']})",
        (("slot", _SLOT), ("building", _BUILDING), ("previous_owner", _SEAT)),
        changes=("markers_left", "slots")),
    EV.MOVE: E.Event("phase 2: the pawn moves (SDC-R10)",
                      lambda d, x: f"moves the pawn to the {d['building'].replace('_', ' ')} "
                                   f"({d['slot']})", (("slot", _SLOT), ("building", _BUILDING)),
                                   changes=("slots",)),
    EV.STAY: E.Event(
        "phase 2: the pawn stays; `reuse` when it uses its building again (SDC-Q7)",
        lambda d, x: "reuses the building" if d["reuse"] else "stays",
        (("slot", E.optional(_SLOT)), ("reuse", E.BOOL))),
    EV.USE: E.Event(
        "a building is used (§8.2); `payload` is the option's payload (actions.py); the café's "
        "use adds `returned` (goods handed in, by kind). The effect follows as its own events "
        "(`money`, `goods`, `vp`, `convert`, `swap`, `die`, `close`, `deliver`, `exchange`, "
        "`value`)", _use_text, (("building", _BUILDING), ("slot", _SLOT), ("payload", E.INT)),
        more=_use_more, more_keys={"returned": _GOODS},
        # the café's goods are handed in with the use
        changes=("bank", "screens")),
    EV.NO_USE: E.Event(
        "the player does not use the building",
        lambda d, x: f"does not use the {d['building'].replace('_', ' ')}",
        (("building", _BUILDING), ("slot", _SLOT))),
    EV.HARBOUR: E.Event("the car stopped at the harbour: a delivery round starts (SDC-R12)",
                         "stops at the harbour: delivery round"),
    EV.DELIVER: E.Event(
        "a delivery step, in the harbour or through the trading office (SDC-R14, R15)",
        "delivers {pieces} {kind} for {vp} VP",
        (("kind", _KIND), ("pieces", E.COUNT), ("vp", E.COUNT)),
        changes=("bank", "dice", "screens")),
    EV.PASS: E.Event("the player passes in the delivery round (SDC-R13)", "passes"),
    EV.ROUND_END: E.Event("the delivery round ends (SDC-R16, R18)",
                           lambda d, x: "delivery round ends"
                                        + (" (ship full)" if d["ship_full"] else ""),
                           (("ship_full", E.BOOL),)),
    EV.DEPART: E.Event(
        "a ship departs (`ship_full`, `chequered_flag`, `building`, `zero_demand`; SDC-R17); "
        "its state already shows the goods value back at its start (not after the last ship)",
        lambda d, x: f"ship {d['ships_departed']} departs ({d['cause'].replace('_', ' ')})",
        (("ships_departed", E.COUNT), ("cause", E.named(C.DEP.keys))),
        changes=("dice", "goods_value", "ships_departed")),
    EV.ROLL: E.Event(
        "the roller rolls the five dice (five 0s are rerolled at once, SDC-Q12: a `roll` may "
        "follow a `roll`)",
        lambda d, x: "rolls " + ", ".join(f"{k} {v}" for k, v in d["faces"].items()),
        (("faces", E.value(lambda v: _dice(v, 3, 0), _GOODS)),)),
    EV.SHIP: E.Event(
        "the roller leaves one die off; `dice` is the new ship's demand",
        lambda d, x: f"leaves {d['left_off']} off: demand " + ", ".join(
            f"{k} {v}" for k, v in d["dice"].items()),
        (("left_off", _KIND), ("dice", E.value(lambda v: _dice(v, 4, 1), _GOODS))),
        changes=("dice",)),
    EV.CLOSE: E.Event("the newspaper turns the Cuban there face down",
                       lambda d, x: f"turns {_at_stop(d, x)} face down", (("stop", _STOP),),
                       changes=("closed",)),
    EV.REOPEN: E.Event(
        "the car left or drove past the face-down Cuban there: it is face up again (§8.2 "
        "newspaper)", lambda d, x: f"the car passed {_at_stop(d, x)}: face up again",
        (("stop", _STOP),),
        changes=("closed",)),
    EV.CONVERT: E.Event("rum distillery, cigar factory", "converts {pieces} {from} into {to}",
                         (("from", _KIND), ("to", _KIND), ("pieces", E.COUNT)),
                         changes=("bank", "screens")),
    EV.SWAP: E.Event("black market", "swaps 1 {gives} for 1 {takes}",
                      (("gives", _KIND), ("takes", _KIND)),
                      changes=("bank", "screens")),
    EV.DIE: E.Event("a die on the ship set by a building (church, customs office)",
                     "sets the {kind} die to {value}", (("kind", _KIND), ("value", E.COUNT)),
                     changes=("dice",)),
    EV.END_BONUS: E.Event(
        "at the end, goods held and the VP they give (SDC-R21; the VP follow as a `vp` event)",
        lambda d, x: f"holds {plural(d['goods'], 'good')}: end bonus",
        (("goods", E.COUNT), ("vp", E.COUNT))),
    EV.GAME_END: E.Event("the game is over (SDC-R20)", "game over",
    changes=("phase",)),
    EV.EXCHANGE: E.Event("bank: the VP and pesos changes",
                          "exchanges {vp:+d} VP / {pesos:+d} pesos",
                          (("vp", E.INT), ("pesos", E.INT))),
    EV.DECLINE: E.Event("the player takes nothing of Alonso's offer",
                         "takes nothing from {cuban}", (("cuban", _CUBAN),)),
}, C.COLOURS, more_after_raw=True)


# A trace row's event as {"name", "player", fields..., "raw"}, what happened without the
# actor, and each event's log sentence (the replay page's event list):
event_dict, clause, event_sentences = EVENTS.decode, EVENTS.clause, EVENTS.sentences


# ------------------------------------------------------------------------------ text


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
