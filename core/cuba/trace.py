"""Cuba trace rows -> public JSON-ready dicts and readable log lines (pure Python, no numba).

The buffer layout and the JSON-lines file are core.common.trace's; this module decodes Cuba's
events and states. Every name below comes from codes.py, state.py and the rules tables;
nothing here knows a rule value.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from core.common import events as E
from core.common import trace as common_trace
from core.common.trace import Row, events, player_label, plural  # noqa: F401 (re-exported)
from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.codes import EV, SW
from core.cuba.state import G, O, P, PH
from core.cuba.tables import (
    EFFECT_PARAMS, FEATURE_PARAMS, SHIP_IDS, STATUTE_IDS, CubaTables, flatten,
)


def _py(fn: Callable) -> Callable:
    """The plain Python function behind a compiled engine helper."""
    return getattr(fn, "py_func", fn)


_pbase = _py(S.pbase)
_buy_price = _py(S.buy_price)
_sell_price = _py(S.sell_price)
_field_type = _py(S.field_type)

PRINTED_WAREHOUSE_KEY = "printed_warehouse"  # the [printed_warehouse] table of cuba.toml
POSITION_NAMES = tuple(("sea", "dock1", "dock2", "dock3")[i]
                       for i in (C.SEA, C.DOCK1, C.DOCK2, C.DOCK3))
MARKER_NAMES = tuple(name for _, name in sorted({
    C.BM_TRADER_RES: "tradeswoman_resource", C.BM_TRADER_PROD: "tradeswoman_product",
    C.BM_ARCH_1: "architect_first", C.BM_ARCH_2: "architect_second",
    C.BM_MAYOR_1: "mayor_first", C.BM_MAYOR_2: "mayor_second"}.items()))
_KIND_PARAMS = {"kind": C.KIND_NAMES, "from": C.KIND_NAMES, "to": C.KIND_NAMES,
                "selector": C.SELECTOR_NAMES}


# ------------------------------------------------------------------------------ names


def building_key(k: int) -> str:
    """Building key of a building kind (codes.BUILDING_KEYS, or the printed warehouse)."""
    return PRINTED_WAREHOUSE_KEY if k == C.PRINTED_WAREHOUSE else C.BUILDING_KEYS[k]


def statute_id(row: int) -> str | None:
    """Card id ("I-3") of a statute row, "printed" for a printed act, None for -1."""
    if row < 0:
        return None
    return STATUTE_IDS[row] if row < C.NSTATUTES else "printed"


def ship_id(ship: int) -> str | None:
    """Ship card id ("S07"), None for -1."""
    return SHIP_IDS[ship] if ship >= 0 else None


def field_name(f: int) -> str:
    """Plantation field as row/column, r1c1 top left."""
    return f"r{f // C.NCOLS + 1}c{f % C.NCOLS + 1}"


def pieces(v: int) -> dict[str, int]:
    """Packed piece vector (3 bits per kind) -> {kind name: count}, counts > 0 only."""
    out = {}
    for k in range(C.NKINDS):
        n = (int(v) >> (3 * k)) & 7
        if n:
            out[C.KIND_NAMES[k]] = n
    return out


def _counts(values: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    return {name: int(v) for name, v in zip(names, values)}


def statute_text(row: int, tables: CubaTables) -> str:
    """'I-3 tax flat (amount=3)': card id, effect and its parameters from the rules data."""
    effect = C.EFFECT_KEYS[tables.statute_effect[row]]
    params = []
    for (name, _), value in zip(EFFECT_PARAMS[effect], tables.statute_param[row]):
        names = _KIND_PARAMS.get(name)
        params.append(f"{name}={names[value] if names else int(value)}")
    text = f"{statute_id(row)} {effect.replace('_', ' ')}"
    return f"{text} ({', '.join(params)})" if params else text


# ------------------------------------------------------------------------------ state


_FLAT: list[tuple[CubaTables, np.ndarray]] = []


def _flat(tables: CubaTables) -> np.ndarray:
    """The flat rules vector of `tables` (the engine helpers take it), cached for one table."""
    if not _FLAT or _FLAT[0][0] is not tables:
        _FLAT[:] = [(tables, flatten(tables))]
    return _FLAT[0][1]


def _player_state(s: np.ndarray, t: np.ndarray, p: int) -> dict[str, Any]:
    b = _pbase(p)
    vp_src = P.view(s, "VPSRC", b)
    fields = P.view(s, "FIELD", b)
    return {
        "money": int(s[b + P.MONEY]),
        "vp": int(s[b + P.VP]),
        "vp_by_source": {name: int(v) for name, v in zip(C.SRC_NAMES, vp_src) if v},
        "lot": _counts(P.view(s, "LOT", b), C.KIND_NAMES),
        "stored": _counts(P.view(s, "STORED", b), C.KIND_NAMES[C.FIRST_PRODUCT:]),
        "buildings": {str(f): building_key(int(k)) for f, k in enumerate(fields)
                      if k != C.NO_BUILDING},
        "used": [f for f, used in enumerate(P.view(s, "USED", b)) if used],
        "fields": [C.FIELD_CODES[_field_type(s, t, b, f)] for f in range(C.NFIELDS)],
        "pawn": int(s[b + P.PAWN]),
        "hand": [name for name, held in zip(C.CHAR_NAMES, P.view(s, "HAND", b)) if held],
        "face_down_card": bool(s[b + P.HIDDEN] >= 0),
        "votes": int(s[b + P.VOTES]),
    }


def _ship_state(s: np.ndarray, tables: CubaTables, pos: int) -> dict[str, Any] | None:
    ship = int(s[O.SHIP + pos])
    if ship < 0:
        return None
    filled = O.view(s, "CARGO")[pos * C.SHIP_SPOTS:(pos + 1) * C.SHIP_SPOTS]
    cargo: dict[str, dict[str, int]] = {}
    for k, spot in zip(tables.ship_spots[ship], filled):
        slot = cargo.setdefault(C.KIND_NAMES[k], {"filled": 0, "spots": 0})
        slot["spots"] += 1
        slot["filled"] += int(spot)
    return {"ship": ship, "id": ship_id(ship), "cargo": cargo}


def _types(values: Sequence[int]) -> dict[str, str | None]:
    return {ty: statute_id(int(v)) for ty, v in zip(C.STATUTE_TYPES, values)}


def public_state(snapshot: np.ndarray, tables: CubaTables, n_players: int) -> dict[str, Any]:
    """What every player can see in a state snapshot (no secret bid, no face-down card)."""
    s = snapshot
    t = _flat(tables)
    money_limited = tables.switches[SW.MONEY_LIMITED] == 1
    market = O.view(s, "MARKET")
    return {
        "round": int(s[G.ROUND]),
        "phase": PH.key(s[G.PHASE]),
        "start_player": int(s[G.START]),
        "players": [_player_state(s, t, p) for p in range(n_players)],
        "market": {name: {"pieces": int(market[r]), "spaces": int(tables.market_len[r]),
                          "buy": int(_buy_price(s, t, r)), "sell": int(_sell_price(s, t, r))}
                   for r, name in enumerate(C.KIND_NAMES[C.FIRST_PRODUCT:])},
        "harbour": {name: _ship_state(s, tables, pos) for pos, name in enumerate(POSITION_NAMES)},
        "pile": int(s[G.PILE_N]),
        "acts": _types(O.view(s, "ACTS")),
        "bills": _types(O.view(s, "BILLS")),
        "veto_holder": int(s[G.VETO_OWNER]) if s[G.VETO_OWNER] >= 0 else None,
        "black_markers": {name: bool(m) for name, m in zip(MARKER_NAMES, O.view(s, "MARKERS"))},
        "stock": _counts(O.view(s, "STOCK"), C.KIND_NAMES),
        "bank": int(s[G.BANK]) if money_limited else None,
    }


_FIELD_NO = {"type": "integer", "minimum": 0, "maximum": C.NFIELDS - 1}
_STATUTE_ID = {"enum": [*STATUTE_IDS[:C.NSTATUTES], "printed", None]}
_SHIP_STATE = {"oneOf": [{"type": "null"}, E.closed({
    "ship": {"type": "integer", "minimum": 0, "maximum": len(SHIP_IDS) - 1},
    "id": {"enum": list(SHIP_IDS)},
    "cargo": E.keyed(C.KIND_NAMES[C.FIRST_PRODUCT:], E.closed(
        {"filled": E.NATURAL, "spots": E.NATURAL}))})]}
_PLAYER_STATE = E.closed({
    "money": E.NATURAL, "vp": E.NATURAL, "vp_by_source": E.keyed(C.SRC_NAMES, E.NATURAL),
    "lot": E.keyed(C.KIND_NAMES, E.NATURAL),
    "stored": E.keyed(C.KIND_NAMES[C.FIRST_PRODUCT:C.FIRST_PRODUCT + C.NPRODUCTS], E.NATURAL),
    "buildings": E.keyed([str(f) for f in range(C.NFIELDS)],
                         {"enum": [*C.BUILDING_KEYS, PRINTED_WAREHOUSE_KEY]}),
    "used": {"type": "array", "items": _FIELD_NO},
    "fields": {"type": "array", "items": {"enum": list(C.FIELD_CODES)},
               "minItems": C.NFIELDS, "maxItems": C.NFIELDS},
    "pawn": _FIELD_NO, "hand": {"type": "array", "items": {"enum": list(C.CHAR_NAMES)}},
    "face_down_card": {"type": "boolean"}, "votes": E.NATURAL})
_BY_TYPE = E.closed({ty: _STATUTE_ID for ty in C.STATUTE_TYPES})
# The JSON schema of public_state's object (the game's trace schema holds it).
STATE_SCHEMA = E.closed({
    "round": {"type": "integer", "minimum": 1}, "phase": {"enum": list(PH.keys)},
    "start_player": E.NATURAL,
    "players": {"type": "array", "items": _PLAYER_STATE, "minItems": 1},
    "market": E.keyed(C.KIND_NAMES[C.FIRST_PRODUCT:], E.closed(
        {"pieces": E.NATURAL, "spaces": E.NATURAL, "buy": E.NATURAL, "sell": E.NATURAL})),
    "harbour": E.closed({name: _SHIP_STATE for name in POSITION_NAMES}),
    "pile": E.NATURAL, "acts": _BY_TYPE, "bills": _BY_TYPE,
    "veto_holder": {"type": ["integer", "null"], "minimum": 0},
    "black_markers": E.keyed(MARKER_NAMES, {"type": "boolean"}),
    "stock": E.keyed(C.KIND_NAMES, E.NATURAL),
    "bank": {"type": ["integer", "null"], "minimum": 0}})


# ------------------------------------------------------------------------------ events


def _param(tables: CubaTables, k: int, name: str) -> int:
    """Parameter `name` of building kind k's feature (tables.FEATURE_PARAMS order)."""
    names = [n for n, _ in FEATURE_PARAMS[C.FEATURE_KEYS[tables.building_feature[k]]]]
    return int(tables.building_param[k, names.index(name)])


_AUTOMATIC = ("gain_vp", "gain_money", "town_hall", "gain_pieces", "store")


def _use_detail(r: Row, t: CubaTables) -> dict[str, Any]:
    """Decode a 'use' payload by the building's feature; 'used' is False for "not used" (0)."""
    k, x = r.a, r.c
    feature = C.FEATURE_KEYS[t.building_feature[k]]
    out: dict[str, Any] = {"feature": feature, "used": feature in _AUTOMATIC or x != 0}
    if feature in ("return_vp", "sell", "store"):
        out["pieces"] = pieces(x)
    elif feature == "gain_pieces":
        out["pieces"] = {C.KIND_NAMES[_param(t, k, "kind")]: x} if x else {}
    elif feature in ("gain_vp", "gain_money", "town_hall"):
        out[{"gain_vp": "vp", "gain_money": "money", "town_hall": "votes"}[feature]] = x
    elif feature == "convert":
        out.update(count=x, **{key: C.KIND_NAMES[_param(t, k, key)] for key in ("from", "to")})
    elif feature == "black_market" and x:
        out.update(give=C.KIND_NAMES[(x - 1) // 8], take=C.KIND_NAMES[(x - 1) % 8])
    elif feature in ("small_branch", "large_branch") and x:
        out.update(dock=x >> actions.DOCK_SHIFT, pieces=pieces(x & actions.VEC_MASK))
    elif feature == "church" and x:
        out["veto_type"] = C.STATUTE_TYPES[x - 1]
    elif feature == "lighthouse" and x:
        out.update(pile_position=x - 1, sea_ship=ship_id(r.d))
    return out


def _votes_detail(r: Row, t: CubaTables) -> dict[str, Any]:
    """The revealed 5th card (the engine keeps it as the player's last card)."""
    card = int(r.state[_pbase(r.player) + P.LAST_CARD])
    return {"character": C.CHAR_NAMES[card] if card >= 0 else None}


def pieces_text(counts: dict[str, int]) -> str:
    """{'citrus': 2, 'tobacco': 1} -> '2 Ci + 1 To'."""
    if not counts:
        return "nothing"
    return " + ".join(f"{n} {_short(k)}" for k, n in counts.items())


def _short(kind: str) -> str:
    return C.KIND_SHORT[C.KIND_NAMES.index(kind)]


def _nice(key: str) -> str:
    return key.replace("_", " ")


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _field_text(r: Row, t: CubaTables, f: int) -> str:
    ft = _field_type(r.state, _flat(t), _pbase(r.player), f)
    return f"{field_name(f)} ({C.FIELD_CODES[ft]})"


def _statute_of(r: Row, t: CubaTables, row: int) -> str:
    return statute_text(row, t) if row >= 0 else "none"


def _use_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    name = _nice(d["building"])
    if not d["used"]:
        return f"leaves the {name} unused"
    feature = d["feature"]
    what = {
        "return_vp": lambda: f"returns {pieces_text(d['pieces'])}",
        "sell": lambda: f"sells {pieces_text(d['pieces'])} for "
                        f"${sum(d['pieces'].values()) * _param(t, r.a, 'price')}",
        "gain_money": lambda: f"+${d['money']}",
        "town_hall": lambda: f"+{d['votes']} votes in parliament",
        "gain_pieces": lambda: f"gains {pieces_text(d['pieces'])}",
        "store": lambda: f"stores {pieces_text(d['pieces'])}",
        "convert": lambda: f"turns {d['count']} {_short(d['from'])} into "
                           f"{d['count']} {_short(d['to'])}",
        "black_market": lambda: f"swaps 1 {_short(d['give'])} for 1 {_short(d['take'])}",
        "church": lambda: "" if t.switches[SW.CHURCH_VETO_TIMING] == 0 else
                          f"will veto the {d['veto_type']} bill at parliament",
        "lighthouse": lambda: f"takes card #{d['pile_position'] + 1} of the ship pile "
                              f"({d['sea_ship']}) as the new sea ship",
    }.get(feature)
    detail = what() if what else ""
    return f"uses the {name}" + (f": {detail}" if detail else "")


def _load_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    ship = ship_id(int(r.state[O.SHIP + d["dock"]]))
    return f"loads {pieces_text(d['pieces'])} onto dock {d['dock']} ({ship})"


def _ships_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    return "ships now: " + ", ".join(f"{_position_text(n)} {d[n] or '-'}" for n in POSITION_NAMES)


def _position_text(name: str) -> str:
    return name.replace("dock", "dock ")


def _votes_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    extra = f" + {d['town_hall_votes']} from the town hall" if d["town_hall_votes"] else ""
    return f"reveals the {d['character']}: {plural(d['card_votes'], 'vote')}{extra}"


def _tax_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    if d["paid"]:
        return f"pays ${d['amount']} tax"
    why = "chooses not to pay" if d["could_pay"] else "cannot pay"
    return f"{why} the ${d['amount']} tax"


def _duty_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    return f"pays duty: {pieces_text(d['pieces'])}" if d["paid"] else "does not pay the duty"


def _bills_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    return "bills: " + "; ".join(f"{ty} {_statute_of(r, t, v)}"
                                 for ty, v in zip(C.STATUTE_TYPES, (r.a, r.b, r.c, r.d)))


def _worker_text(d: dict[str, Any], r: Row, t: CubaTables) -> str:
    water = f", returning {d['water_spent']} Wa for extra fields" if d["water_spent"] else ""
    return (f"moves the pawn to {_field_text(r, t, d['field'])} and gains "
            f"{pieces_text(d['gained'])}{water}")


_KIND = E.named(C.KIND_NAMES)
_CHAR = E.named(C.CHAR_NAMES)
_VECTOR = E.value(pieces, E.counts(C.KIND_NAMES))
_STATUTE = E.value(statute_id, E.nullable(
    {"enum": [*STATUTE_IDS[:C.NSTATUTES], "printed"]}))
_SHIP = E.value(ship_id, E.nullable({"enum": list(SHIP_IDS)}))
_BUILDING = E.value(lambda v: building_key(v) if v >= 0 else None, E.nullable(
    {"enum": [*C.BUILDING_KEYS, PRINTED_WAREHOUSE_KEY]}))
_FIELD = E.value(int, {"type": "integer", "minimum": 0, "maximum": C.NFIELDS - 1})
_DOCK = E.value(int, {"type": "integer", "minimum": 1, "maximum": 3})
_FROM_1 = E.value(int, {"type": "integer", "minimum": 1})
_SHIPS = tuple((name, _SHIP) for name in POSITION_NAMES)
# the keys a `use` event adds by its building's feature (_use_detail)
_USE_KEYS = {"feature": {"enum": list(C.FEATURE_KEYS)}, "used": {"type": "boolean"},
             "pieces": E.counts(C.KIND_NAMES), "vp": {"type": "integer", "minimum": 0},
             "money": {"type": "integer", "minimum": 0},
             "votes": {"type": "integer", "minimum": 0},
             "count": {"type": "integer", "minimum": 0}, "from": _KIND.schema,
             "to": _KIND.schema, "give": _KIND.schema, "take": _KIND.schema,
             "dock": _DOCK.schema,
             "veto_type": {"enum": list(C.STATUTE_TYPES)},
             "pile_position": {"type": "integer", "minimum": 0}, "sea_ship": _SHIP.schema}


def _rt(clause: Callable[[dict[str, Any], Row, CubaTables], str]) -> E.Sentence:
    """A sentence of the decoded event, its row and the rules tables."""
    return lambda d, x: clause(d, x.row, x.tables)


# Every event once: meaning, sentence (the log's clause), fields a, b, c, d (codes.py EV).
EVENTS = E.Events(EV, {
    EV.ROUND: E.Event("a round (1..6) begins", "round {round} begins",
                      (("round", _FROM_1),),
                      changes=("round", "phase", "black_markers", "veto_holder", "players.hand",
                               "players.used", "players.votes", "players.face_down_card")),
    EV.PHASE: E.Event("a phase begins: `actions`, `parliament`, `statutes`, `end_of_round`",
                      lambda d, x: f"phase: {_nice(d['phase'])}",
                      (("phase", E.named(PH.keys)),),
                      changes=("phase",)),
    EV.BILLS: E.Event("this round's bills (statute id or `null` when the pile is empty)",
                      _rt(_bills_text), tuple((ty, _STATUTE) for ty in C.STATUTE_TYPES),
                      changes=("bills",)),
    EV.SETUP: E.Event("starting resources and products taken",
                      lambda d, x: f"takes {pieces_text(d['pieces'])}",
                      (("pieces", _VECTOR),),
                      changes=("players.lot", "stock")),
    EV.HIDE_CARD: E.Event("variant `hidden_parliament_card`: the player put a card face down "
                          "(which one is secret)", "puts a card face down for parliament",
                          changes=("players.face_down_card",)),
    EV.CARD: E.Event("the player plays `worker`, `tradeswoman`, `architect`, `foreman` or "
                     "`mayor`", "plays the {character}", (("character", _CHAR),),
                     changes=("players.hand",)),
    EV.WORKER: E.Event("pawn moved to `field`; pieces gained; water returned for extra "
                       "product fields", _rt(_worker_text),
                       (("field", _FIELD), ("gained", _VECTOR), ("water_spent", E.COUNT)),
                       changes=("players.lot", "players.pawn", "stock")),
    EV.TRADER_ALT: E.Event("tradeswoman alternative: one free piece of `kind`",
                           lambda d, x: f"takes a free {_short(d['kind'])} (alternative)",
                           (("kind", _KIND),),
                           changes=("black_markers", "players.lot", "stock")),
    EV.BUY: E.Event("one market purchase; `from_stock` when the row was empty",
                    lambda d, x: f"buys 1 {_short(d['kind'])} for ${d['price']}"
                                 + (" from the stock" if d["from_stock"] else ""),
                    (("kind", _KIND), ("price", E.COUNT), ("from_stock", E.BOOL)),
                    changes=("bank", "market", "players.lot", "players.money", "stock")),
    EV.SELL: E.Event("one market sale; `to_stock` when the row was full",
                     lambda d, x: f"sells 1 {_short(d['kind'])} for ${d['price']}"
                                  + (" to the stock" if d["to_stock"] else ""),
                     (("kind", _KIND), ("price", E.COUNT), ("to_stock", E.BOOL)),
                     changes=("bank", "market", "players.lot", "players.stored", "players.money",
                              "stock")),
    EV.BUILD: E.Event("architect builds; `fee` = extra money paid under the Building Act",
                      lambda d, x: f"builds the {_nice(d['building'])} on "
                                   f"{_field_text(x.row, x.tables, d['field'])}"
                                   + (f", paying ${d['fee']} extra" if d["fee"] else ""),
                      (("building", _BUILDING), ("field", _FIELD), ("fee", E.COUNT)),
                      changes=("bank", "players.buildings", "players.lot", "players.money",
                               "stock")),
    EV.ARCHITECT_ALT: E.Event(
        "architect alternative, 1st or 2nd taker this round",
        lambda d, x: f"does not build: {_ordinal(d['order'])} alternative",
        (("order", _FROM_1), ("vp", E.COUNT)),
        changes=("black_markers",)),
    EV.MAYOR_ALT: E.Event(
        "mayor alternative, 1st or 2nd taker, money received",
        lambda d, x: f"does not ship: {_ordinal(d['order'])} alternative, +${d['money']}",
        (("order", _FROM_1), ("money", E.COUNT)),
        changes=("bank", "black_markers", "players.money")),
    EV.USE: E.Event("foreman uses a building: `feature` (its feature key in the rules data), "
                    "`used` (`false` when the player chose not to), and the keys of its "
                    "feature (see the trace format's `use` table)", _rt(_use_text),
                    (("building", _BUILDING), ("field", _FIELD)),
                    more=lambda d, x: d.update(_use_detail(x.row, x.tables)),
                    more_keys=_USE_KEYS, more_required=("feature", "used"),
                    changes=("bank", "harbour", "pile", "players.lot", "players.money",
                             "players.stored", "players.used", "stock", "veto_holder")),
    EV.LOAD: E.Event("pieces loaded onto the ship in dock 1..3; `building` is the branch "
                     "office used or `null` for the mayor", _rt(_load_text),
                     (("dock", _DOCK),
                      ("pieces", _VECTOR), ("building", _BUILDING)),
                      changes=("harbour", "players.lot", "players.stored")),
    EV.SHIP_LEAVES: E.Event(
        "a ship leaves from `sea`/`dock1`/`dock2`/`dock3`; cargo back to the stock",
        lambda d, x: f"ship {d['ship']} leaves {_position_text(d['position'])}",
        (("position", E.named(POSITION_NAMES)), ("ship", _SHIP)),
        changes=("harbour", "pile", "stock")),
    EV.SHIPS_MOVE: E.Event("ship ids at each position after the ships moved and the docks "
                           "refilled", _rt(_ships_text), _SHIPS,
                           changes=("harbour", "pile")),
    EV.VP: E.Event("the player scores `amount` VP; `source` is a VP source (below)",
                   lambda d, x: f"scores {d['amount']} VP ({_nice(d['source'])})",
                   (("source", E.named(C.SRC_NAMES)), ("amount", E.INT)),
                   changes=("players.vp", "players.vp_by_source")),
    EV.START_PLAYER: E.Event("the player becomes the start player",
                             "becomes the start player",
                             changes=("start_player",)),
    EV.VOTES: E.Event("parliament: the revealed 5th card and the base votes", _rt(_votes_text),
                      (("card_votes", E.COUNT), ("town_hall_votes", E.COUNT)),
                      more=lambda d, x: d.update(_votes_detail(x.row, x.tables)),
                      more_keys={"character": E.nullable(_CHAR.schema)},
                      more_required=("character",),
                      changes=("players.votes",)),
    EV.BID: E.Event("a revealed (and paid) bid and the player's total votes; `bid_round` 1 = "
                    "re-bid of tied players",
                    lambda d, x: f"{'re-bids' if d['bid_round'] else 'bids'} ${d['bid']}: "
                                 f"{plural(d['votes'], 'vote')}",
                    (("bid", E.COUNT), ("votes", E.COUNT),
                     ("bid_round", E.value(int, {"type": "integer", "minimum": 0,
                                                 "maximum": 1}))),
                                                 changes=("bank", "players.money",
                                                          "players.votes")),
    EV.PARLIAMENT_WIN: E.Event(
        "winner; `tie_rule` when the seating order broke a tie",
        lambda d, x: f"wins parliament with {plural(d['votes'], 'vote')}"
                     + (" (tie broken by seating)" if d["tie_rule"] else ""),
        (("votes", E.COUNT), ("tie_rule", E.BOOL))),
    EV.PASS_BILL: E.Event("the parliament winner passes a bill; it is now the act in force",
                          lambda d, x: f"passes {statute_text(x.row.a, x.tables)}",
                          (("statute", _STATUTE),),
                          changes=("acts", "bills")),
    EV.VETO: E.Event("the Church owner removes a bill",
                     lambda d, x: f"vetoes {_statute_of(x.row, x.tables, x.row.a)}",
                     (("statute", _STATUTE),),
                     changes=("bills",)),
    EV.TAX: E.Event("whether the player paid the tax of `amount`; every player owing a tax "
                    "gets one, `could_pay` `false` when the player had too little money (the "
                    "log says \"cannot pay\" or \"chooses not to pay\")", _rt(_tax_text),
                    (("paid", E.BOOL), ("amount", E.COUNT), ("could_pay", E.BOOL)),
                    changes=("bank", "players.money")),
    EV.DUTY: E.Event("whether the player paid the duty, and with which pieces",
                     _rt(_duty_text), (("paid", E.BOOL), ("pieces", _VECTOR)),
                     changes=("players.lot", "players.stored", "stock")),
    EV.MARKET_ACT: E.Event("a Market Act changed the product rows",
                           lambda d, x: f"{statute_text(x.row.a, x.tables)} changes the market",
                           (("statute", _STATUTE),),
                           changes=("market", "stock")),
    EV.SPOIL: E.Event("end of round: unstored products lost",
                      lambda d, x: f"loses unstored {pieces_text(d['pieces'])}",
                      (("pieces", _VECTOR),),
                      changes=("players.lot", "stock")),
    EV.NOTHING: E.Event("the card was played for no effect (architect, foreman, mayor)",
                        "does nothing", (("character", _CHAR),)),
    EV.END_BONUS: E.Event("end of game: buildings counted for the bonus (its VP follow as a "
                          "`vp` event)",
                          lambda d, x: f"has {plural(d['buildings'], 'building')} at the end",
                          (("buildings", E.COUNT),)),
    EV.GAME_END: E.Event("the game is over", "game over",
    changes=("phase",)),
    EV.REMOVE_BILL: E.Event("a bill that was not passed leaves the game",
                            lambda d, x: f"bill {statute_text(x.row.a, x.tables)} is not "
                                         "passed", (("statute", _STATUTE),),
                                         changes=("bills",)),
}, C.COLOURS)


# A trace row's event as {"name", "player", fields..., "raw"}, what happened without the
# actor, and each event's log sentence (the replay page's event list):
event_dict, clause, event_sentences = EVENTS.decode, EVENTS.clause, EVENTS.sentences


def event_text(row: np.ndarray, tables: CubaTables, colours: Sequence[str]) -> str:
    """One self-contained log line, e.g. 'R2 actions     P1 (blue) loads 2 Ci onto dock 3 (S04)'."""
    r = Row.of(row)
    who = f"{player_label(r.player, colours)} " if r.player >= 0 else ""
    prefix = f"R{int(r.state[G.ROUND])} {PH.key(r.state[G.PHASE]):<12}"
    return f"{prefix} {who}{clause(row, tables)}"


# ------------------------------------------------------------------------------ game log


def _building_source(src: int) -> bool:
    return C.SRC_BUILDING <= src < C.SRC_BUILDING + C.NBUILDINGS


# VP events that belong to the event before them (same player), by that event's code.
_VP_FOLLOWS: dict[int, Callable[[int], bool]] = {
    EV.LOAD: lambda src: src == C.SRC_SHIP or _building_source(src),
    EV.USE: _building_source,
    EV.ARCHITECT_ALT: lambda src: src == C.SRC_ARCH_ALT,
    EV.TAX: lambda src: src == C.SRC_TAX,
    EV.DUTY: lambda src: src in (C.SRC_DUTY, C.SRC_TAX_DUTY_BONUS),
    EV.END_BONUS: lambda src: src == C.SRC_END_BUILDINGS,
}
# Events that end a character's line in the log.
_BREAKS = (EV.CARD, EV.START_PLAYER, EV.PHASE, EV.ROUND, EV.VOTES)


class _Line:
    """One log line being built: an actor, clauses, VP gained per clause."""

    def __init__(self, player: int, head: str, code: int, card: bool = False,
                 empty: str = "") -> None:
        self.player, self.head, self.last, self.card, self.empty = player, head, code, card, empty
        self.clauses: list[tuple[str, list[int]]] = []

    def takes_vp(self, r: Row) -> bool:
        """Whether VP event r is scored by this line's last event."""
        return r.player == self.player and _VP_FOLLOWS.get(self.last, lambda src: False)(r.a)

    def continues(self, r: Row) -> bool:
        """Whether event r is part of the character action this line started."""
        return self.card and r.code not in _BREAKS and r.player in (self.player, -1)

    def add(self, r: Row, text: str) -> None:
        self.clauses.append((text, []))
        self.last = r.code

    def render(self, colours: Sequence[str]) -> str:
        parts = [text + (" (" + ", ".join(f"+{n} VP" for n in vps) + ")" if vps else "")
                 for text, vps in self.clauses]
        who = f"{player_label(self.player, colours):<11} " if self.player >= 0 else ""
        return "  " + who + self.head + ("; ".join(parts) if parts else self.empty)


def _standings(s: np.ndarray, n_players: int, colours: Sequence[str]) -> str:
    return "  standings: " + ", ".join(
        f"{player_label(p, colours)} {s[_pbase(p) + P.VP]} VP ${s[_pbase(p) + P.MONEY]}"
        for p in range(n_players))


def _header(r: Row, n_players: int, colours: Sequence[str]) -> Iterator[str]:
    if r.code == EV.ROUND:
        if r.a > 1:
            yield _standings(r.state, n_players, colours)
        yield f"== Round {r.a} =="
    else:
        yield f"-- {_nice(PH.key(r.a))} --"


def log_lines(trace: np.ndarray, tables: CubaTables, n_players: int,
              colours: Sequence[str]) -> Iterator[str]:
    """The readable game log: round and phase headers, one line per action, VP attached."""
    yield "== Setup =="
    line: _Line | None = None
    for row in events(trace):
        r = Row.of(row)
        if r.code == EV.VP and line is not None and line.takes_vp(r):
            line.clauses[-1][1].append(r.b)
            continue
        if r.code != EV.VP and line is not None and line.continues(r):
            line.add(r, clause(row, tables))
            continue
        if line is not None:
            yield line.render(colours)
            line = None
        if r.code in (EV.ROUND, EV.PHASE):
            yield from _header(r, n_players, colours)
        elif r.code == EV.CARD:
            empty = "trades nothing" if r.a == C.TRADER else "does nothing"
            line = _Line(r.player, f"{C.CHAR_NAMES[r.a]}: ", r.code, card=True, empty=empty)
        else:
            line = _Line(r.player, "", r.code)
            line.add(r, clause(row, tables))
    if line is not None:
        yield line.render(colours)


# ------------------------------------------------------------------------------ JSON lines


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS)
