"""Cubist trace rows -> public JSON-ready dicts and readable log lines (pure Python, no numba).

The buffer layout, the JSON-lines file and the row helpers are core.common.trace's; this module
decodes Cubist's events and states. A work room or the museum is drawn as text, one string per
row of its occupied box: a column is its value followed by its height when above 1 ("4^2"),
"." an empty cell; in the museum "o" is an empty plan cell and " " no plan.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from core.common import events as E
from core.common import trace as common_trace
from core.common.trace import Row, events, player_label  # noqa: F401
from core.cubist import codes as C
from core.cubist import state as S
from core.cubist.codes import EV
from core.cubist.state import G, O, P, PH, VOFF
from core.cubist.tables import CubistTables, load_raw

_pbase = getattr(S.pbase, "py_func", S.pbase)
_IDS: dict[str, list[str]] = {}


def plural(n: int, word: str) -> str:
    """'1 die', '2 dice'."""
    return f"{n} {word}" if n == 1 else f"{n} {'dice' if word == 'die' else word + 's'}"


def _ids(section: str) -> list[str]:
    """Card ids of a section of the default rules file, by index."""
    if section not in _IDS:
        _IDS[section] = [e["id"] for e in load_raw()[section]]
    return _IDS[section]


def inst_id(card: int) -> str | None:
    return _ids("installations")[card] if card >= 0 else None


def artist_id(card: int) -> str | None:
    return _ids("artists")[card] if card >= 0 else None


def museum_id(card: int) -> str:
    return _ids("museums")[card]


def artist_name(card: int, tables: CubistTables) -> str:
    return C.ARTIST_NAMES[int(tables.art_kind[card])]


def column(h: int, v: int) -> str:
    """One column as text: '.', '4', '4^2'."""
    if h == 0:
        return ".  "
    return f"{v}  " if h == 1 else f"{v}^{h}"


def room_picture(s: np.ndarray, b: int, room: int) -> list[str]:
    """A work room's occupied box, one string per row ([] when empty)."""
    at = b + P.ROOM_H + room * C.NCELL
    cells = [(i // C.GRID, i % C.GRID) for i in range(C.NCELL) if s[at + i] > 0]
    if not cells:
        return []
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    return [" ".join(column(int(s[at + r * C.GRID + c]), int(s[at + VOFF + r * C.GRID + c]))
                     for c in cols).rstrip() for r in rows]


def museum_box(museum: int, tables: CubistTables) -> tuple[np.ndarray, list[int], list[int]]:
    """A museum card's plan heights (MROWS x MCOLS, flat) and the rows and columns its plan
    uses (those `museum_picture` draws)."""
    plan = tables.mus_h[museum * C.MCELL:(museum + 1) * C.MCELL]
    rows = [r for r in range(C.MROWS) if plan[r * C.MCOLS:(r + 1) * C.MCOLS].any()]
    cols = [c for c in range(C.MCOLS) if plan[c::C.MCOLS].any()]
    return plan, rows, cols


def museum_picture(s: np.ndarray, tables: CubistTables) -> list[str]:
    """The museum plan with its dice, one string per plan row."""
    plan, rows, cols = museum_box(int(s[G.MUSEUM]), tables)
    out = []
    for r in rows:
        cells = []
        for c in cols:
            i = r * C.MCOLS + c
            h = int(s[O.MUS_H + i])
            cells.append("   " if not plan[i] else "o  " if h == 0 else
                         column(h, int(s[O.MUS_V + i])))
        out.append(" ".join(cells).rstrip())
    return out


def _per_value(counts: np.ndarray) -> dict[str, int]:
    return {str(v + 1): int(n) for v, n in enumerate(counts) if n}


def _player_state(s: np.ndarray, tables: CubistTables, p: int) -> dict[str, Any]:
    b = _pbase(p)
    held = [int(x) for x in P.view(s, "HELD", b)[:int(s[b + P.HELD_N])]]
    card_dice = []
    for h, card in enumerate(held):
        for j in range(C.MAX_SPACES):
            k = h * C.MAX_SPACES + j
            if s[b + P.CD_ON + k]:
                a, bb = int(s[b + P.CD_A + k]), int(s[b + P.CD_B + k])
                card_dice.append({"card": inst_id(card), "die": k,
                                  "values": [a] if a == bb else [a, bb]})
    museum = int(s[b + P.MUSEUM])
    cards = sum(int(tables.inst_points[c]) for h, c in enumerate(held)
                if tables.switches[C.SW.SCORE_UNFLIPPED_CARDS] or
                not any(s[b + P.CD_ON + h * C.MAX_SPACES + j] for j in range(C.MAX_SPACES)))
    points = museum * int(tables.misc[C.M.MUSEUM_DIE_POINTS])
    return {
        "score": cards + points,
        "points_by_source": {"cards": cards, "museum": points},
        "dice": int(s[b + P.DICE]),
        "supply": int(s[b + P.SUPPLY]),
        "warehouse": _per_value(P.view(s, "WARE", b)),
        "storage": _per_value(P.view(s, "STORE", b)),
        "rooms": [room_picture(s, b, r) for r in range(2)],
        "completed": [inst_id(c) for c in held],
        "card_dice": card_dice,
        "museum_dice": museum,
        "artist_dice": int(s[b + P.ARTIST_DICE]),
    }


def public_state(snapshot: np.ndarray, tables: CubistTables, n_players: int) -> dict[str, Any]:
    """What every player can see in a state snapshot: no deck order, no future roll."""
    s = snapshot
    artists = []
    for slot in range(int(tables.misc[C.M.ARTISTS_FACE_UP])):
        card = int(s[O.ART + slot])
        owner = int(s[O.ART_OWNER + slot])
        artists.append(None if card < 0 else {
            "card": artist_id(card), "artist": artist_name(card, tables),
            "owner": owner if owner >= 0 else None, "dice": int(s[O.ART_NDICE + slot]),
            "value": int(s[O.ART_VALUE + slot]) or None})
    return {
        "phase": PH.keys[s[G.PHASE]],
        "turn": int(s[G.TURN]),
        "round": int(s[G.ROUND]),
        "current": int(s[G.CUR]),
        "start_player": int(s[G.START]),
        "end_triggered": bool(s[G.FINAL]),
        "museum_card": museum_id(int(s[G.MUSEUM])),
        "museum": museum_picture(s, tables),
        "display": [inst_id(int(c)) for c in O.view(s, "DISPLAY")[:int(tables.misc[C.M.DISPLAY])]],
        "installation_deck": int(s[G.IDECK_N] - s[G.IDECK_PTR]),
        "artists": artists,
        "artist_deck": int(s[G.ADECK_N]),
        "players": [_player_state(s, tables, p) for p in range(n_players)],
    }


_ID, _ROWS = {"type": "string"}, E.array_of({"type": "string"})
_PER_VALUE = E.keyed([str(v + 1) for v in range(P.field("WARE").size)], E.NATURAL)
_PLAYER_STATE = E.closed({
    "score": {"type": "integer"},
    "points_by_source": E.closed({"cards": {"type": "integer"}, "museum": {"type": "integer"}}),
    "dice": E.NATURAL, "supply": E.NATURAL, "warehouse": _PER_VALUE, "storage": _PER_VALUE,
    "rooms": E.array_of(_ROWS, minItems=2, maxItems=2), "completed": E.array_of(_ID),
    "card_dice": E.array_of(E.closed({
        "card": _ID, "die": E.NATURAL,
        "values": E.array_of({"type": "integer"}, minItems=1, maxItems=2)})),
    "museum_dice": E.NATURAL, "artist_dice": E.NATURAL})
# The JSON schema of public_state's object (the game's trace schema holds it).
STATE_SCHEMA = E.closed({
    "phase": E.one_of(PH.keys), "turn": E.NATURAL, "round": E.NATURAL, "current": E.NATURAL,
    "start_player": E.NATURAL, "end_triggered": {"type": "boolean"}, "museum_card": _ID,
    "museum": _ROWS, "display": E.array_of(E.nullable(_ID)), "installation_deck": E.NATURAL,
    "artists": E.array_of(E.nullable(E.closed({
        "card": _ID, "artist": E.one_of(C.ARTIST_NAMES), "owner": E.nullable(E.NATURAL),
        "dice": E.NATURAL, "value": E.nullable({"type": "integer"})}))),
    "artist_deck": E.NATURAL, "players": E.array_of(_PLAYER_STATE, minItems=1)})


# ------------------------------------------------------------------------------ events


def _cell(v: int) -> dict[str, int]:
    return {"room": v // C.NCELL, "row": (v % C.NCELL) // C.GRID, "col": v % C.GRID}


def _at(c: dict[str, int]) -> str:
    return f"room {c['room'] + 1} r{c['row'] + 1}c{c['col'] + 1}"


def museum_at(cell: int) -> str:
    """A museum plan cell as the rules data names it: 'r2c3'."""
    return f"r{cell // C.MCOLS + 1}c{cell % C.MCOLS + 1}"


def artist_of(card: str) -> str:
    """The artist of an artist card, as the rules reference names it: 'Gris' for A07."""
    return next(e["artist"] for e in load_raw()["artists"] if e["id"] == card).title()


def installation_label(card: str, tables: CubistTables) -> str:
    """An installation card with its worth: 'I09 (6 points)'."""
    points = int(tables.inst_points[_ids("installations").index(card)])
    return f"{card} ({plural(points, 'point')})"


def _card_die(r: Row, k: int) -> str:
    """The k-th museum-die space of the acting player's cards: 'the die on I09'."""
    held = P.view(r.state, "HELD", _pbase(r.player))
    return f"the die on {inst_id(int(held[k // C.MAX_SPACES]))}"


def _readable(d: dict[str, Any], x: E.Ctx) -> dict[str, Any]:
    """An event's fields as the log names them: artists by name and card, installations with
    their points, museum cells as 'r2c3', a card's die by its card."""
    r, out = x.row, dict(d)
    if d.get("artist"):
        out["artist_card"], out["artist"] = d["artist"], artist_of(d["artist"])
    if d.get("card") and r.code in (EV.COMPLETE, EV.NEW_CARD):
        out["card"] = installation_label(d["card"], x.tables)
    if r.code == EV.SETUP:
        out["at"] = museum_at(d["cornerstone_cell"])
    elif r.code == EV.MUSEUM_DIE:
        out["at"] = museum_at(d["cell"])
    elif r.code == EV.REMOVE:
        out["at"] = _at(_cell(d["room"] * C.NCELL + d["cell"]))
    elif r.code == EV.MODIFY:
        out["die"] = (f"a {d['old']} in the warehouse" if r.a < C.NVAL
                      else f"{_card_die(r, (r.a - 8) >> 1)} from {d['old']}")
    return out


def _recruited(d: dict[str, Any], x: E.Ctx) -> None:
    """The dice a recruit took, packed with its value: all of them and those from cards."""
    d["dice"] = (x.row.c >> 4) & 15
    d["card_dice"] = x.row.c >> 8


_NUM = E.COUNT
_VAL = E.value(int, {"type": "integer", "minimum": 0, "maximum": C.NVAL})
_LOW_VAL = E.value(lambda v: v & 15, _VAL.schema)
_ROOM = E.value(int, {"type": "integer", "minimum": 0, "maximum": 1})
_CELL = {"type": "object", "properties": {k: {"type": "integer", "minimum": 0} for k in (
    "room", "row", "col")}, "required": ["room", "row", "col"], "additionalProperties": False}
_ROOM_CELL = E.value(_cell, _CELL)
_ARTIST = E.value(artist_id, E.nullable({"type": "string"}))
_INSTALLATION = E.value(lambda v: inst_id(v) if v >= 0 else None,
                        E.nullable({"type": "string"}))
# Every event once: meaning, sentence (the log's clause), fields a, b, c, d (codes.py EV).
EVENTS = E.Events(EV, {
    EV.SETUP: E.Event(
        "the deal (CUBIST-R2..R6); `player` is the first player (CUBIST-R7)",
        "museum card {museum_card}, cornerstone {cornerstone_value} at {at}",
        (("museum_card", E.value(museum_id, {"type": "string"})),
         ("cornerstone_cell", _NUM), ("cornerstone_value", _VAL))),
    EV.TURN: E.Event(
        "a turn begins (`turn` counts all players' turns from 1); storage dice join the "
        "warehouse", "turn {turn} (round {round})",
        (("turn", _NUM), ("round", _NUM), ("end_triggered", E.BOOL)),
        # the dice kept in storage join the warehouse (CUBIST-R8)
        changes=("current", "players.storage", "players.warehouse", "round", "turn")),
    EV.ROLL: E.Event(
        "dice rolled from the supply (CUBIST-R8; `second` is 0 for one die)",
        lambda d, x: "rolls " + (", ".join(str(v) for v in (d["first"], d["second"])[:d["dice"]])
                                 or "nothing"),
        (("dice", _NUM), ("first", _VAL), ("second", _VAL)),
        changes=("players.supply", "players.warehouse")),
    EV.PLACE: E.Event(
        "a die into a work room (`cell`: `{\"room\", \"row\", \"col\"}`), from the warehouse "
        "or a completed card (CUBIST-R11..R14, R25)",
        lambda d, x: f"places a {d['value']}{' from a card' if d['from_card'] else ''} at "
                     f"{_at(d['cell'])}",
        (None, ("cell", E.Value(lambda v, x: _cell(x.row.a * C.NCELL + v), _CELL)),
         ("value", _LOW_VAL), None),
        more=lambda d, x: d.update(from_card=bool(x.row.c >> 4)),
        more_keys={"from_card": {"type": "boolean"}}, more_required=("from_card",),
        # a die taken from a card turns it face up: the card scores (CUBIST-Q5)
        changes=("players.card_dice", "players.points_by_source", "players.rooms", "players.score",
                 "players.supply", "players.warehouse")),
    EV.RECRUIT: E.Event(
        "dice onto an artist card (CUBIST-R17; `card_dice` of them from completed cards)",
        lambda d, x: f"recruits {d['artist']} ({d['artist_card']}, slot {d['slot'] + 1}) "
                     f"with {d['dice']} x {d['value']}",
        (("slot", _NUM), ("artist", _ARTIST), ("value", _LOW_VAL)), more=_recruited,
        more_keys={"dice": {"type": "integer", "minimum": 0},
                   "card_dice": {"type": "integer", "minimum": 0}},
        more_required=("dice", "card_dice"),
        changes=("artists", "players.artist_dice", "players.card_dice", "players.supply",
                 "players.warehouse")),
    EV.BUMP: E.Event(
        "`player`'s dice leave the card for their supply (CUBIST-R18)",
        lambda d, x: f"is bumped from slot {d['slot'] + 1} by P{d['by'] + 1} "
                     f"({plural(d['dice'], 'die')} back)",
        (("slot", _NUM), ("dice", _NUM), ("by", _NUM)),
        changes=("artists", "players.artist_dice", "players.card_dice", "players.supply")),
    EV.FLUSH: E.Event(
        "all face-up artists held dice: removed, dice back (CUBIST-R20, Q5)",
        lambda d, x: f"all {d['cards']} artists taken: flushed, {plural(d['dice'], 'die')} "
                     "back", (("cards", _NUM), ("dice", _NUM), ("out_of_game", E.BOOL)),
                     changes=("artist_deck", "artists", "players.artist_dice", "players.card_dice",
                              "players.supply")),
    EV.REVEAL: E.Event(
        "an artist card is revealed into a slot (`null` when the deck is empty)",
        lambda d, x: f"artist {d['artist']} ({d['artist_card']}) revealed in slot "
                     f"{d['slot'] + 1}", (("slot", _NUM), ("artist", _ARTIST), ("deck", _NUM)),
                     changes=("artist_deck", "artists")),
    EV.USE: E.Event(
        "an artist is used (CUBIST-R21); its effect follows as `gain`, `remove`, `move`, "
        "`modify` or `claim`",
        lambda d, x: f"uses {d['artist']} ({d['artist_card']}, slot {d['slot'] + 1})",
        (("slot", _NUM), ("artist", _ARTIST), ("param", _NUM)),
        # Pascin's die is lifted off the rooms with the use, put down with the move
        changes=("artists", "players.artist_dice", "players.rooms", "players.supply")),
    EV.GAIN: E.Event(
        "a die into the warehouse showing `value` (Boccioni, Marc, Malevich, Rozanova)",
        "takes a {value} into the warehouse ({kind})",
        (("value", _VAL), ("kind", E.named(C.ARTIST_NAMES)), ("claimed", E.BOOL)),
        changes=("players.supply", "players.warehouse")),
    EV.REMOVE: E.Event("Gris takes a die to the supply", "removes a {value} from {at}",
                       (("room", _ROOM), ("cell", _NUM), ("value", _VAL)),
                       changes=("players.rooms", "players.supply")),
    EV.MOVE: E.Event(
        "Pascin moves a die (`from`, `to`: `{\"room\", \"row\", \"col\"}`)",
        lambda d, x: f"moves a {d['value']} from {_at(d['from'])} to {_at(d['to'])}",
        (("from", _ROOM_CELL), ("to", _ROOM_CELL), ("value", _VAL)),
        changes=("players.rooms",)),
    EV.MODIFY: E.Event(
        "Fresnaye or Popova change a warehouse die (`\"warehouse 3\"`) or a card die (`\"card "
        "die 2\"`)", "turns {die} to {new}",
        (("die", E.value(lambda v: f"warehouse {v + 1}" if v < C.NVAL
                         else f"card die {(v - 8) >> 1}", {"type": "string"})),
         ("old", _VAL), ("new", _VAL)),
         changes=("players.card_dice", "players.warehouse")),
    EV.CLAIM: E.Event(
        "Rozanova takes a die from `opponent`'s storage (CUBIST-Q6)",
        lambda d, x: f"claims a {d['value']} from P{d['opponent'] + 1}'s storage",
        (("opponent", _NUM), ("value", _VAL), ("take_die", E.BOOL)),
        changes=("players.storage",)),
    EV.COMPLETE: E.Event(
        "an installation is completed with a display card (CUBIST-R22, R23)",
        lambda d, x: f"completes {d['card']} in room {d['room'] + 1}",
        (("room", _ROOM), ("card", _INSTALLATION), ("slot", _NUM)),
        changes=("players.card_dice", "players.completed", "players.points_by_source",
                 "players.rooms", "players.score", "players.supply")),
    EV.MUSEUM_DIE: E.Event("a card die enters the museum (CUBIST-R25..R27)",
                           "puts a {value} into the museum at {at}",
                           (("card_die", _NUM), ("value", _VAL), ("cell", _NUM)),
                           changes=("museum", "players.card_dice", "players.museum_dice",
                                    "players.points_by_source", "players.score", "players.supply")),
    EV.NEW_CARD: E.Event(
        "the display is refilled (`card` `null` when the deck is empty)",
        "installation {card} revealed ({deck} in the deck)",
        (("slot", _NUM), ("card", _INSTALLATION), ("deck", _NUM)),
        changes=("display", "installation_deck")),
    EV.ABANDON: E.Event(
        "all dice of a room leave it (CUBIST-R24); `recruit`s with them may follow",
        lambda d, x: f"abandons room {d['room'] + 1} ({plural(d['dice'], 'die')})",
        (("room", _ROOM), ("dice", _NUM)),
        changes=("players.card_dice", "players.rooms", "players.supply")),
    EV.STORE: E.Event(
        "the turn ends: dice kept in storage (0 none) and dice returned to the supply "
        "(CUBIST-R29)",
        lambda d, x: "ends the turn, storing " + (
            ", ".join(str(v) for v in (d["first"], d["second"]) if v) or "nothing"),
        (("first", E.optional(_VAL)), ("second", E.optional(_VAL)), ("returned", _NUM)),
        changes=("players.storage", "players.supply", "players.warehouse")),
    EV.END_TRIGGER: E.Event(
        "the end is triggered (CUBIST-R30, Q2)",
        lambda d, x: ("the museum is complete" if d["reason"] == "museum_complete"
                      else "a fifth installation") + ": the end is triggered",
        (("reason", E.named(("museum_complete", "installations"))), ("immediate", E.BOOL)),
        changes=("end_triggered",)),
    EV.ROUND_LIMIT: E.Event("the engine safeguard `misc.max_rounds` ends the game",
                            "round limit ({rounds}): the game ends", (("rounds", _NUM),)),
    EV.SCORE: E.Event("at the end, a player's points from one source (CUBIST-R31)",
                      "{points} points from {source}",
                      (("source", E.named(C.SRC_NAMES)), ("points", E.INT))),
    EV.GAME_END: E.Event("the game is over", "game over",
    changes=("phase",)),
}, C.COLOURS, more_after_raw=True, words=_readable, deal=EV.SETUP)


# A trace row's event as {"name", "player", fields..., "raw"}, what happened without the
# actor, and each event's log sentence (the replay page's event list):
event_dict, clause, event_sentences = EVENTS.decode, EVENTS.clause, EVENTS.sentences


# ------------------------------------------------------------------------------ text


def _rooms_line(s: np.ndarray, p: int) -> str:
    b = _pbase(p)
    parts = [" / ".join(room_picture(s, b, r)) or "empty" for r in range(2)]
    return f"      rooms: [{parts[0]}]  [{parts[1]}]"


def _standings(s: np.ndarray, tables: CubistTables, n_players: int,
               colours: Sequence[str]) -> Iterator[str]:
    state = public_state(s, tables, n_players)
    yield "  museum: " + " / ".join(state["museum"])
    yield "  points: " + ", ".join(f"{player_label(p, colours)} {pl['score']}"
                                   for p, pl in enumerate(state["players"]))


def log_lines(trace: np.ndarray, tables: CubistTables, n_players: int,
              colours: Sequence[str]) -> Iterator[str]:
    """The readable game log: the setup, one line per turn with the player's rooms after it,
    the museum and the points after each round, and the points by source at the end."""
    yield "== Setup =="
    log = common_trace.TurnLog(colours, "Final points")
    last: tuple[int, np.ndarray] | None = None
    for row in events(trace):
        r = Row.of(row)
        if r.code in (EV.TURN, EV.SCORE, EV.GAME_END) and (log.clauses or last is not None):
            yield from log.flush()
            if last is not None:
                yield _rooms_line(last[1], last[0])
            last = None
        if r.code == EV.SETUP:
            yield log.deal(r.player, clause(row, tables))
        elif r.code == EV.TURN:
            d = event_dict(row, tables)
            if d["turn"] > 1 and r.player == int(r.state[G.START]):
                yield from _standings(r.state, tables, n_players, colours)
            log.turn(d["turn"], r.player)
        elif r.code == EV.SCORE:
            yield from log.final(r.player, clause(row, tables))
        elif r.code == EV.GAME_END:
            yield from _standings(r.state, tables, n_players, colours)
        else:
            who = "" if r.player < 0 or r.player == int(r.state[G.CUR]) else \
                f"{player_label(r.player, colours)} "
            log.clauses.append(who + clause(row, tables))
            if r.player >= 0 and log.head:
                last = (int(r.state[G.CUR]), r.state)
    yield from log.flush()


# ------------------------------------------------------------------------------ JSON lines


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS)


def trace_buffer(max_events: int = 6000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Cubist state snapshots."""
    return common_trace.trace_buffer(max_events, S.STATE_SIZE)
