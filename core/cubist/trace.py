"""Cubist trace rows -> public JSON-ready dicts and readable log lines (pure Python, no numba).

The buffer layout, the JSON-lines file and the row helpers are core.common.trace's; this module
decodes Cubist's events and states. A work room or the museum is drawn as text, one string per
row of its occupied box: a column is its value followed by its height when above 1 ("4^2"),
"." an empty cell; in the museum "o" is an empty plan cell and " " no plan.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from core.common import trace as common_trace
from core.common.trace import Row, decode_event, events, player_label  # noqa: F401
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


# ------------------------------------------------------------------------------ events


def _cell(v: int) -> dict[str, int]:
    return {"room": v // C.NCELL, "row": (v % C.NCELL) // C.GRID, "col": v % C.GRID}


def _fields(tables: CubistTables) -> dict[int, tuple[tuple[str, Callable[[int], Any]] | None,
                                                     ...]]:
    """(key, decoder) of the fields a, b, c, d of each event (codes.py EV comments)."""
    num, optional = common_trace.number, common_trace.optional

    def grid_row(v: int) -> int:
        return v // C.GRID

    def where(v: int) -> str:
        return f"warehouse {v + 1}" if v < C.NVAL else f"card die {(v - 8) >> 1}"

    return {
        EV.SETUP: (("museum_card", museum_id), ("cornerstone_cell", num),
                   ("cornerstone_value", num)),
        EV.TURN: (("turn", num), ("round", num), ("end_triggered", bool)),
        EV.ROLL: (("dice", num), ("first", num), ("second", num)),
        EV.PLACE: (("room", num), ("cell", num), ("value", lambda v: v & 15),
                   None),
        EV.RECRUIT: (("slot", num), ("artist", artist_id),
                     ("value", lambda v: v & 15)),
        EV.BUMP: (("slot", num), ("dice", num), ("by", num)),
        EV.FLUSH: (("cards", num), ("dice", num), ("out_of_game", bool)),
        EV.REVEAL: (("slot", num), ("artist", artist_id), ("deck", num)),
        EV.USE: (("slot", num), ("artist", artist_id), ("param", num)),
        EV.GAIN: (("value", num), ("kind", lambda v: C.ARTIST_NAMES[v]), ("claimed", bool)),
        EV.REMOVE: (("room", num), ("cell", num), ("value", num)),
        EV.MOVE: (("from", _cell), ("to", _cell), ("value", num)),
        EV.MODIFY: (("die", where), ("old", num), ("new", num)),
        EV.CLAIM: (("opponent", num), ("value", num), ("take_die", bool)),
        EV.COMPLETE: (("room", num), ("card", inst_id), ("slot", num)),
        EV.MUSEUM_DIE: (("card_die", num), ("value", num), ("cell", num)),
        EV.NEW_CARD: (("slot", num), ("card", lambda v: inst_id(v) if v >= 0 else None),
                      ("deck", num)),
        EV.ABANDON: (("room", num), ("dice", num)),
        EV.STORE: (("first", optional), ("second", optional), ("returned", num)),
        EV.END_TRIGGER: (("reason", lambda v: ("museum_complete", "installations")[v]),
                         ("immediate", bool)),
        EV.ROUND_LIMIT: (("rounds", num),),
        EV.SCORE: (("source", lambda v: C.SRC_NAMES[v]), ("points", num)),
        EV.GAME_END: (),
    }


def _with_extras(row: np.ndarray, d: dict[str, Any]) -> dict[str, Any]:
    """Fields packed into one column: a placed die's origin, recruited dice."""
    r = Row.of(row)
    if r.code == EV.PLACE:
        d["from_card"] = bool(r.c >> 4)
        d["cell"] = _cell(r.a * C.NCELL + r.b)
        del d["room"]
    elif r.code == EV.RECRUIT:
        d["dice"] = (r.c >> 4) & 15
        d["card_dice"] = r.c >> 8
    return d


def event_dict(row: np.ndarray, tables: CubistTables) -> dict[str, Any]:
    """A trace row's event as {"name", "player", named decoded fields..., "raw"}."""
    return _with_extras(row, decode_event(row, EV.keys, _fields(tables)))


# ------------------------------------------------------------------------------ text


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


def _card_die(row: np.ndarray, k: int) -> str:
    """The k-th museum-die space of the acting player's cards: 'the die on I09'."""
    r = Row.of(row)
    held = P.view(r.state, "HELD", _pbase(r.player))
    return f"the die on {inst_id(int(held[k // C.MAX_SPACES]))}"


def _readable(d: dict[str, Any], row: np.ndarray, tables: CubistTables) -> dict[str, Any]:
    """An event's fields as the log names them: artists by name and card, installations with
    their points, museum cells as 'r2c3', a card's die by its card."""
    r, out = Row.of(row), dict(d)
    if d.get("artist"):
        out["artist_card"], out["artist"] = d["artist"], artist_of(d["artist"])
    if d.get("card") and r.code in (EV.COMPLETE, EV.NEW_CARD):
        out["card"] = installation_label(d["card"], tables)
    if r.code == EV.SETUP:
        out["at"] = museum_at(d["cornerstone_cell"])
    elif r.code == EV.MUSEUM_DIE:
        out["at"] = museum_at(d["cell"])
    elif r.code == EV.REMOVE:
        out["at"] = _at(_cell(d["room"] * C.NCELL + d["cell"]))
    elif r.code == EV.MODIFY:
        out["die"] = (f"a {d['old']} in the warehouse" if r.a < C.NVAL
                      else f"{_card_die(row, (r.a - 8) >> 1)} from {d['old']}")
    return out


_TEXT: dict[int, Callable[[dict[str, Any]], str]] = {
    EV.SETUP: lambda d: f"museum card {d['museum_card']}, cornerstone {d['cornerstone_value']} "
                        f"at {d['at']}",
    EV.TURN: lambda d: f"turn {d['turn']} (round {d['round']})",
    EV.ROLL: lambda d: "rolls " + (", ".join(str(v) for v in (d["first"], d["second"])[:d["dice"]])
                                   or "nothing"),
    EV.PLACE: lambda d: f"places a {d['value']}{' from a card' if d['from_card'] else ''} at "
                        f"{_at(d['cell'])}",
    EV.RECRUIT: lambda d: f"recruits {d['artist']} ({d['artist_card']}, slot {d['slot'] + 1}) "
                          f"with {d['dice']} x {d['value']}",
    EV.BUMP: lambda d: f"is bumped from slot {d['slot'] + 1} by P{d['by'] + 1} "
                       f"({plural(d['dice'], 'die')} back)",
    EV.FLUSH: lambda d: f"all {d['cards']} artists taken: flushed, {plural(d['dice'], 'die')} "
                        "back",
    EV.REVEAL: lambda d: f"artist {d['artist']} ({d['artist_card']}) revealed in slot "
                         f"{d['slot'] + 1}",
    EV.USE: lambda d: f"uses {d['artist']} ({d['artist_card']}, slot {d['slot'] + 1})",
    EV.GAIN: lambda d: f"takes a {d['value']} into the warehouse ({d['kind']})",
    EV.REMOVE: lambda d: f"removes a {d['value']} from {d['at']}",
    EV.MOVE: lambda d: f"moves a {d['value']} from {_at(d['from'])} to {_at(d['to'])}",
    EV.MODIFY: lambda d: f"turns {d['die']} to {d['new']}",
    EV.CLAIM: lambda d: f"claims a {d['value']} from P{d['opponent'] + 1}'s storage",
    EV.COMPLETE: lambda d: f"completes {d['card']} in room {d['room'] + 1}",
    EV.MUSEUM_DIE: lambda d: f"puts a {d['value']} into the museum at {d['at']}",
    EV.NEW_CARD: lambda d: f"installation {d['card']} revealed ({d['deck']} in the deck)",
    EV.ABANDON: lambda d: f"abandons room {d['room'] + 1} ({plural(d['dice'], 'die')})",
    EV.STORE: lambda d: "ends the turn, storing " + (
        ", ".join(str(v) for v in (d["first"], d["second"]) if v) or "nothing"),
    EV.END_TRIGGER: lambda d: ("the museum is complete" if d["reason"] == "museum_complete"
                               else "a fifth installation") + ": the end is triggered",
    EV.ROUND_LIMIT: lambda d: f"round limit ({d['rounds']}): the game ends",
    EV.SCORE: lambda d: f"{d['points']} points from {d['source']}",
    EV.GAME_END: lambda d: "game over",
}
assert sorted(_TEXT) == list(EV)


def clause(row: np.ndarray, tables: CubistTables) -> str:
    """What happened in one event, without the actor."""
    return _TEXT[int(row[0])](_readable(event_dict(row, tables), row, tables))


def event_sentences(trace: np.ndarray, tables: CubistTables, n_players: int,
                    colours: Sequence[str]) -> list[str]:
    """Per event, the log's sentence: actor and clause (the replay page's event list)."""
    return common_trace.seat_sentences(trace, lambda row: clause(row, tables), colours,
                                       EV.SETUP)


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
    line: list[str] = []
    head = ""
    last: tuple[int, np.ndarray] | None = None
    for row in events(trace):
        r = Row.of(row)
        if r.code in (EV.TURN, EV.SCORE, EV.GAME_END) and (line or last is not None):
            if line:
                yield head + "; ".join(line)
            if last is not None:
                yield _rooms_line(last[1], last[0])
            line, last = [], None
        if r.code == EV.SETUP:
            yield f"  {common_trace.deal_text(clause(row, tables), r.player, colours)}"
        elif r.code == EV.TURN:
            d = event_dict(row, tables)
            if d["turn"] > 1 and r.player == int(r.state[G.START]):
                yield from _standings(r.state, tables, n_players, colours)
            head = f"  T{d['turn']:<3} {player_label(r.player, colours):<12} "
        elif r.code == EV.SCORE:
            if head:
                yield "== Final points =="
                head = ""
            yield f"  {player_label(r.player, colours):<12} {clause(row, tables)}"
        elif r.code == EV.GAME_END:
            yield from _standings(r.state, tables, n_players, colours)
        else:
            who = "" if r.player < 0 or r.player == int(r.state[G.CUR]) else \
                f"{player_label(r.player, colours)} "
            line.append(who + clause(row, tables))
            if r.player >= 0 and head:
                last = (int(r.state[G.CUR]), r.state)
    if line:
        yield head + "; ".join(line)


# ------------------------------------------------------------------------------ JSON lines


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS)


def trace_buffer(max_events: int = 6000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Cubist state snapshots."""
    return common_trace.trace_buffer(max_events, S.STATE_SIZE)
