"""Siberia trace rows -> public JSON-ready dicts and readable log lines (pure Python, no numba).

The buffer layout, the JSON-lines file and the row helpers are core.common.trace's; this module
decodes Siberia's events and states. Every name comes from codes.py, state.py and the rules
tables; nothing here knows a rule value. Money is shown in full ($), the engine's units times
misc.money_unit.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from core.common import trace as common_trace
from core.common.trace import Row, decode_event, events, player_label, plural  # noqa: F401
from core.siberia import actions
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.codes import EV, M
from core.siberia.state import G, O, P, PH
from core.siberia.tables import SiberiaTables, flatten


def _py(fn: Callable) -> Callable:
    """The plain Python function behind a compiled engine helper."""
    return getattr(fn, "py_func", fn)


_pbase = _py(S.pbase)
_money_by_source = _py(S.money_by_source)


def card_name(ty: int) -> str:
    """'gold/worker': an action card type's resource and person symbol."""
    return f"{C.RES_NAMES[ty // C.NPERSON]}/{C.PERSON_NAMES[ty % C.NPERSON]}"


def paid_cards(packed: int) -> list[str]:
    """Card names of a packed payment (4 bits per card, type + 1)."""
    out = []
    while packed:
        out.append(card_name((packed & actions.CARD_MASK) - 1))
        packed >>= actions.CARD_BITS
    return out


def _dollars(units: int, tables: SiberiaTables) -> int:
    return int(units) * int(tables.misc[M.MONEY_UNIT])


# ------------------------------------------------------------------------------ state


def _row_card(card: int, face_up: int, tables: SiberiaTables) -> dict[str, Any] | str | None:
    if card < 0:
        return None
    if not face_up:
        return "face_down"
    return {"kind": C.RES_NAMES[tables.res_kind[card]],
            "value": _dollars(tables.res_value[card], tables)}


def _present(names: Sequence[str], counts: np.ndarray) -> list[str]:
    """The names whose count is not 0."""
    return [name for name, n in zip(names, counts) if n]


def _player_state(s: np.ndarray, t: np.ndarray, tables: SiberiaTables,
                  p: int) -> dict[str, Any]:
    b = _pbase(p)
    src = np.zeros(C.NSRC, np.int64)
    _money_by_source(s, t, p, src)
    res_n, res_v = P.view(s, "RES_N", b), P.view(s, "RES_V", b)
    return {
        "money": _dollars(src.sum(), tables),
        "money_by_source": {name: _dollars(v, tables) for name, v in zip(C.SRC_NAMES, src)
                            if v},
        "hand_size": int(s[b + P.HAND_N]),
        "workers": int(s[b + P.WORKERS]),
        "resources": {name: int(n) for name, n in zip(C.RES_NAMES, res_n) if n},
        "resource_value": {name: _dollars(v, tables)
                           for name, n, v in zip(C.RES_NAMES, res_n, res_v) if n},
        "salesmen": _present(C.SYMBOL_NAMES, P.view(s, "SALESMEN", b)),
        "investors": _present(C.RES_NAMES, P.view(s, "INVESTORS", b)),
    }


_FLAT: list[tuple[SiberiaTables, np.ndarray]] = []


def _flat(tables: SiberiaTables) -> np.ndarray:
    """The flat rules vector of `tables`, cached for one table."""
    if not _FLAT or _FLAT[0][0] is not tables:
        _FLAT[:] = [(tables, flatten(tables))]
    return _FLAT[0][1]


def public_state(snapshot: np.ndarray, tables: SiberiaTables, n_players: int) -> dict[str, Any]:
    """What every player can see in a state snapshot: no hand contents, no face-down card,
    no deck order."""
    s = snapshot
    t = _flat(tables)
    final = int(s[G.FINAL_LEFT])
    row = O.view(s, "ROW")[:int(tables.misc[M.ROW_SIZE])]
    return {
        "phase": PH.keys[s[G.PHASE]],
        "turn": int(s[G.TURN]) + 1,
        "current": int(s[G.CUR]),
        "start_player": int(s[G.START]),
        "final_turns_left": final if final >= 0 else None,
        "row": [_row_card(int(card), face, tables)
                for card, face in zip(row, O.view(s, "FACE"))],
        "deck": int(s[G.RDECK_N] - s[G.RDECK_PTR]),
        "action_pile": int(s[G.APILE_N]),
        "discards": {card_name(ty): int(n) for ty, n in enumerate(O.view(s, "DISCARD")) if n},
        "supply": {"workers": int(s[G.WORKERS]),
                   "salesmen": _present(C.SYMBOL_NAMES, O.view(s, "SALESMEN")),
                   "investors": _present(C.RES_NAMES, O.view(s, "INVESTORS"))},
        "players": [_player_state(s, t, tables, p) for p in range(n_players)],
    }


# ------------------------------------------------------------------------------ events


def _fields(tables: SiberiaTables) -> dict[int, tuple[tuple[str, Callable[[int], Any]] | None,
                                                      ...]]:
    """(key, decoder) of the fields a, b, c, d of each event (codes.py EV_* comments)."""
    num, optional = common_trace.number, common_trace.optional
    kind, symbol = common_trace.named(C.RES_NAMES), common_trace.named(C.SYMBOL_NAMES)

    def dollars(v: int) -> int:
        return _dollars(v, tables)

    return {
        EV.SETUP: (("row_cards", num), ("face_up", num), ("hand_size", num)),
        EV.TURN: (("turn", num), ("final_turns_left", optional)),
        EV.DISCOVER: (("position", num), ("kind", kind), ("value", dollars)),
        EV.NO_DISCOVERY: (),
        EV.DRAW: (("cards", num),),
        EV.RESHUFFLE: (("cards", num),),
        EV.PLAY: (("symbol", symbol), ("cards", num), ("paid", paid_cards)),
        EV.MINE: (("kind", kind), ("cards", num), ("value", dollars)),
        EV.REFILL: (("added", num), ("deck", num)),
        EV.HIRE_WORKER: (("workers", num),),
        EV.HIRE_SALESMAN: (("category", symbol),),
        EV.HIRE_INVESTOR: (("kind", kind),),
        EV.SKIP: (),
        EV.END_TRIGGER: (("turns_after", num),),
        EV.SCORE: (("source", lambda v: C.SRC_NAMES[v]), ("amount", dollars)),
        EV.GAME_END: (),
        EV.STALEMATE: (("skips", num),),
    }


def event_dict(row: np.ndarray, tables: SiberiaTables) -> dict[str, Any]:
    """A trace row's event as {"name", "player", named decoded fields..., "raw"}."""
    return decode_event(row, EV.keys, _fields(tables))


# ------------------------------------------------------------------------------ text


def _money_text(v: int) -> str:
    return f"${v:,}"


_CLAUSES: dict[int, Callable[[dict[str, Any]], str]] = {
    EV.SETUP: lambda d: f"deal: {d['row_cards']} resource cards in the row, {d['face_up']} "
                          f"face up; {d['hand_size']} action cards each",
    EV.TURN: lambda d: f"turn {d['turn']}" + (f" (final turns left: {d['final_turns_left']})"
                                                if d["final_turns_left"] is not None else ""),
    EV.DISCOVER: lambda d: f"discovers {d['kind']} {_money_text(d['value'])} at position "
                             f"{d['position'] + 1}",
    EV.NO_DISCOVERY: lambda d: "discovers nothing",
    EV.DRAW: lambda d: f"draws {plural(d['cards'], 'card')}",
    EV.RESHUFFLE: lambda d: f"the discards are shuffled into a new pile of "
                              f"{plural(d['cards'], 'card')}",
    EV.PLAY: lambda d: f"plays {' + '.join(d['paid']) or 'nothing'} for {d['symbol']}",
    EV.MINE: lambda d: f"mines {d['cards']} {d['kind']} ({_money_text(d['value'])})",
    EV.REFILL: lambda d: f"the row is refilled with {d['added']} face down "
                           f"({d['deck']} left in the deck)",
    EV.HIRE_WORKER: lambda d: f"hires a worker (now {d['workers']})",
    EV.HIRE_SALESMAN: lambda d: f"hires the salesman for {d['category']} cards",
    EV.HIRE_INVESTOR: lambda d: f"hires the {d['kind']} investor",
    EV.SKIP: lambda d: "skips",
    EV.END_TRIGGER: lambda d: f"the last card is discovered: {plural(d['turns_after'], 'turn')} "
                                "to go",
    EV.SCORE: lambda d: f"{_money_text(d['amount'])} from {d['source'].replace('_', ' ')}",
    EV.GAME_END: lambda d: "game over",
    EV.STALEMATE: lambda d: f"every player skipped ({d['skips']} skips in a row): the game "
                              "ends",
}
assert sorted(_CLAUSES) == list(EV)


def clause(row: np.ndarray, tables: SiberiaTables) -> str:
    """What happened in one event, without the actor."""
    return _CLAUSES[int(row[0])](event_dict(row, tables))


def event_sentences(trace: np.ndarray, tables: SiberiaTables, n_players: int,
                    colours: Sequence[str]) -> list[str]:
    """Per event, the log's sentence: actor and clause (the replay page's event list)."""
    return common_trace.seat_sentences(trace, lambda row: clause(row, tables), colours,
                                       EV.SETUP)


def event_text(row: np.ndarray, tables: SiberiaTables, colours: Sequence[str]) -> str:
    """One self-contained log line, e.g. 'T12 P2 (blue) mines 2 gold ($9,000)'."""
    r = Row.of(row)
    who = f"{player_label(r.player, colours)} " if r.player >= 0 else ""
    return f"T{int(r.state[G.TURN]) + 1:<3} {who}{clause(row, tables)}"


def _standings(s: np.ndarray, tables: SiberiaTables, n_players: int,
               colours: Sequence[str]) -> str:
    players = public_state(s, tables, n_players)["players"]
    return "  money: " + ", ".join(f"{player_label(p, colours)} {_money_text(pl['money'])}"
                                   for p, pl in enumerate(players))


def log_lines(trace: np.ndarray, tables: SiberiaTables, n_players: int,
              colours: Sequence[str]) -> Iterator[str]:
    """The readable game log: the deal, one line per turn (discovery, action, refill when cards
    came from the deck, draw), the money of every player after each round, and each player's
    money by source at the end."""
    yield "== Setup =="
    line: list[str] = []
    head = ""
    for row in events(trace):
        r = Row.of(row)
        if r.code in (EV.TURN, EV.SCORE, EV.GAME_END) and line:
            yield head + "; ".join(line)
            line = []
        if r.code == EV.SETUP:
            yield f"  {common_trace.deal_text(clause(row, tables), r.player, colours)}"
        elif r.code == EV.TURN:
            turn = event_dict(row, tables)["turn"]
            if turn > 1 and (turn - 1) % n_players == 0:
                yield _standings(r.state, tables, n_players, colours)
            head = f"  T{turn:<3} {player_label(r.player, colours):<12} "
        elif r.code == EV.SCORE:
            if head:
                yield "== Final money =="
                head = ""
            yield f"  {player_label(r.player, colours):<12} {clause(row, tables)}"
        elif r.code == EV.GAME_END:
            yield _standings(r.state, tables, n_players, colours)
        elif r.code == EV.REFILL and not event_dict(row, tables)["added"]:
            continue  # nothing came from the deck (it is empty): no line (the trace keeps it)
        else:
            line.append(clause(row, tables))
    if line:
        yield head + "; ".join(line)


# ------------------------------------------------------------------------------ JSON lines


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS)


def trace_buffer(max_events: int = 4000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Siberia state snapshots."""
    return common_trace.trace_buffer(max_events, S.STATE_SIZE)
