"""Cuba trace rows -> public JSON-ready dicts and readable log lines (pure Python, no numba).

The buffer layout and the JSON-lines file are core.common.trace's; this module decodes Cuba's
events and states. Every name below comes from codes.py, state.py and the rules tables;
nothing here knows a rule value.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

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


# ------------------------------------------------------------------------------ events


_Decoder = Callable[[int, Row, CubaTables], Any]


def _int(v: int, r: Row, t: CubaTables) -> int:
    return v


def _bool(v: int, r: Row, t: CubaTables) -> bool:
    return bool(v)


def _named(names: Sequence[str]) -> _Decoder:
    return lambda v, r, t: names[v]


_kind, _char, _phase = _named(C.KIND_NAMES), _named(C.CHAR_NAMES), _named(PH.keys)
_source, _position = _named(C.SRC_NAMES), _named(POSITION_NAMES)


def _vector(v: int, r: Row, t: CubaTables) -> dict[str, int]:
    return pieces(v)


def _statute(v: int, r: Row, t: CubaTables) -> str | None:
    return statute_id(v)


def _ship(v: int, r: Row, t: CubaTables) -> str | None:
    return ship_id(v)


def _building(v: int, r: Row, t: CubaTables) -> str | None:
    return building_key(v) if v >= 0 else None


_SHIPS = tuple((name, _ship) for name in POSITION_NAMES)
# Fields a, b, c, d of each event (codes.EV comments, after the player); None = unused.
EVENT_FIELDS: dict[int, tuple[tuple[str, _Decoder] | None, ...]] = {
    EV.ROUND: (("round", _int),),
    EV.PHASE: (("phase", _phase),),
    EV.BILLS: tuple((ty, _statute) for ty in C.STATUTE_TYPES),
    EV.SETUP: (("pieces", _vector),),
    EV.HIDE_CARD: (),
    EV.CARD: (("character", _char),),
    EV.WORKER: (("field", _int), ("gained", _vector), ("water_spent", _int)),
    EV.TRADER_ALT: (("kind", _kind),),
    EV.BUY: (("kind", _kind), ("price", _int), ("from_stock", _bool)),
    EV.SELL: (("kind", _kind), ("price", _int), ("to_stock", _bool)),
    EV.BUILD: (("building", _building), ("field", _int), ("fee", _int)),
    EV.ARCHITECT_ALT: (("order", _int), ("vp", _int)),
    EV.MAYOR_ALT: (("order", _int), ("money", _int)),
    EV.USE: (("building", _building), ("field", _int)),
    EV.LOAD: (("dock", _int), ("pieces", _vector), ("building", _building)),
    EV.SHIP_LEAVES: (("position", _position), ("ship", _ship)),
    EV.SHIPS_MOVE: _SHIPS,
    EV.VP: (("source", _source), ("amount", _int)),
    EV.START_PLAYER: (),
    EV.VOTES: (("card_votes", _int), ("town_hall_votes", _int)),
    EV.BID: (("bid", _int), ("votes", _int), ("bid_round", _int)),
    EV.PARLIAMENT_WIN: (("votes", _int), ("tie_rule", _bool)),
    EV.PASS_BILL: (("statute", _statute),),
    EV.VETO: (("statute", _statute),),
    EV.TAX: (("paid", _bool), ("amount", _int), ("could_pay", _bool)),
    EV.DUTY: (("paid", _bool), ("pieces", _vector)),
    EV.MARKET_ACT: (("statute", _statute),),
    EV.SPOIL: (("pieces", _vector),),
    EV.NOTHING: (("character", _char),),
    EV.END_BONUS: (("buildings", _int),),
    EV.GAME_END: (),
    EV.REMOVE_BILL: (("statute", _statute),),
}
assert sorted(EVENT_FIELDS) == list(range(len(EV.keys)))


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


_EVENT_DETAIL: dict[int, Callable[[Row, CubaTables], dict[str, Any]]] = {
    EV.USE: _use_detail, EV.VOTES: _votes_detail,
}


def event_dict(row: np.ndarray, tables: CubaTables) -> dict[str, Any]:
    """A trace row's event as {"name", "player", named decoded fields..., "raw"}."""
    r = Row.of(row)
    out: dict[str, Any] = {"name": EV.keys[r.code],
                           "player": r.player if r.player >= 0 else None}
    for spec, value in zip(EVENT_FIELDS[r.code], (r.a, r.b, r.c, r.d)):
        if spec is not None:
            out[spec[0]] = spec[1](value, r, tables)
    if r.code in _EVENT_DETAIL:
        out.update(_EVENT_DETAIL[r.code](r, tables))
    out["raw"] = [r.code, r.player, r.a, r.b, r.c, r.d]
    return out


# ------------------------------------------------------------------------------ text


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


_Clause = Callable[[dict[str, Any], Row, CubaTables], str]
_CLAUSES: dict[int, _Clause] = {
    EV.ROUND: lambda d, r, t: f"round {d['round']} begins",
    EV.PHASE: lambda d, r, t: f"phase: {_nice(d['phase'])}",
    EV.BILLS: _bills_text,
    EV.SETUP: lambda d, r, t: f"takes {pieces_text(d['pieces'])}",
    EV.HIDE_CARD: lambda d, r, t: "puts a card face down for parliament",
    EV.CARD: lambda d, r, t: f"plays the {d['character']}",
    EV.WORKER: _worker_text,
    EV.TRADER_ALT: lambda d, r, t: f"takes a free {_short(d['kind'])} (alternative)",
    EV.BUY: lambda d, r, t: f"buys 1 {_short(d['kind'])} for ${d['price']}"
                              + (" from the stock" if d["from_stock"] else ""),
    EV.SELL: lambda d, r, t: f"sells 1 {_short(d['kind'])} for ${d['price']}"
                               + (" to the stock" if d["to_stock"] else ""),
    EV.BUILD: lambda d, r, t: f"builds the {_nice(d['building'])} on "
                                f"{_field_text(r, t, d['field'])}"
                                + (f", paying ${d['fee']} extra" if d["fee"] else ""),
    EV.ARCHITECT_ALT: lambda d, r, t: f"does not build: {_ordinal(d['order'])} alternative",
    EV.MAYOR_ALT: lambda d, r, t: f"does not ship: {_ordinal(d['order'])} alternative, "
                                    f"+${d['money']}",
    EV.USE: _use_text,
    EV.LOAD: _load_text,
    EV.SHIP_LEAVES: lambda d, r, t: f"ship {d['ship']} leaves {_position_text(d['position'])}",
    EV.SHIPS_MOVE: _ships_text,
    EV.VP: lambda d, r, t: f"scores {d['amount']} VP ({_nice(d['source'])})",
    EV.START_PLAYER: lambda d, r, t: "becomes the start player",
    EV.VOTES: _votes_text,
    EV.BID: lambda d, r, t: f"{'re-bids' if d['bid_round'] else 'bids'} ${d['bid']}: "
                              f"{plural(d['votes'], 'vote')}",
    EV.PARLIAMENT_WIN: lambda d, r, t: f"wins parliament with {plural(d['votes'], 'vote')}"
                                   + (" (tie broken by seating)" if d["tie_rule"] else ""),
    EV.PASS_BILL: lambda d, r, t: f"passes {statute_text(r.a, t)}",
    EV.VETO: lambda d, r, t: f"vetoes {_statute_of(r, t, r.a)}",
    EV.TAX: _tax_text,
    EV.DUTY: _duty_text,
    EV.MARKET_ACT: lambda d, r, t: f"{statute_text(r.a, t)} changes the market",
    EV.SPOIL: lambda d, r, t: f"loses unstored {pieces_text(d['pieces'])}",
    EV.NOTHING: lambda d, r, t: "does nothing",
    EV.END_BONUS: lambda d, r, t: f"has {plural(d['buildings'], 'building')} at the end",
    EV.GAME_END: lambda d, r, t: "game over",
    EV.REMOVE_BILL: lambda d, r, t: f"bill {statute_text(r.a, t)} is not passed",
}
assert sorted(_CLAUSES) == sorted(EVENT_FIELDS)


def clause(row: np.ndarray, tables: CubaTables) -> str:
    """What happened in one event, without the actor and the round/phase prefix."""
    r = Row.of(row)
    return _CLAUSES[r.code](event_dict(row, tables), r, tables)


def event_sentences(trace: np.ndarray, tables: CubaTables, n_players: int,
                    colours: Sequence[str]) -> list[str]:
    """Per event, the log's sentence: actor and clause (the replay page's event list)."""
    return common_trace.seat_sentences(trace, lambda row: clause(row, tables), colours)


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
