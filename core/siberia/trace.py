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

from core.common import events as E
from core.common import trace as common_trace
from core.common.trace import Row, events, player_label, plural  # noqa: F401
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


_RES = E.one_of(C.RES_NAMES)
_PLAYER_STATE = E.closed({
    "money": {"type": "integer"}, "money_by_source": E.keyed(C.SRC_NAMES, {"type": "integer"}),
    "hand_size": E.NATURAL, "workers": E.NATURAL,
    "resources": E.keyed(C.RES_NAMES, E.NATURAL),
    "resource_value": E.keyed(C.RES_NAMES, {"type": "integer"}),
    "salesmen": E.array_of(E.one_of(C.SYMBOL_NAMES)), "investors": E.array_of(_RES)})
# The JSON schema of public_state's object (the game's trace schema holds it).
STATE_SCHEMA = E.closed({
    "phase": E.one_of(PH.keys), "turn": {"type": "integer", "minimum": 1},
    "current": E.NATURAL, "start_player": E.NATURAL,
    "final_turns_left": E.nullable(E.NATURAL),
    "row": E.array_of({"oneOf": [{"type": "null"}, {"const": "face_down"},
                                 E.closed({"kind": _RES, "value": {"type": "integer"}})]}),
    "deck": E.NATURAL, "action_pile": E.NATURAL,
    "discards": E.keyed([card_name(ty) for ty in range(C.NTYPES)], E.NATURAL),
    "supply": E.closed({"workers": E.NATURAL, "salesmen": E.array_of(E.one_of(C.SYMBOL_NAMES)),
                        "investors": E.array_of(_RES)}),
    "players": E.array_of(_PLAYER_STATE, minItems=1)})


# ------------------------------------------------------------------------------ events


def _money_text(v: int) -> str:
    return f"${v:,}"


_DOLLARS = E.Value(lambda v, ctx: _dollars(v, ctx.tables), {"type": "integer", "minimum": 0})
_KIND, _SYMBOL = E.named(C.RES_NAMES), E.named(C.SYMBOL_NAMES)
_CARDS = E.value(paid_cards, {"type": "array", "items": {"enum": [
    card_name(ty) for ty in range(C.NTYPES)]}})

# Every event once: meaning, sentence (the log's clause), fields a, b, c, d (codes.py EV).
EVENTS = E.Events(EV, {
    EV.SETUP: E.Event(
        "the deal (SIB-R1..R3); `player` is the start player (SIB-R4)",
        "deal: {row_cards} resource cards in the row, {face_up} face up; {hand_size} action "
        "cards each",
        (("row_cards", E.COUNT), ("face_up", E.COUNT), ("hand_size", E.COUNT))),
    EV.TURN: E.Event(
        "a turn begins (`turn` counts all players' turns from 1); `final_turns_left` is "
        "`null` before the end trigger",
        lambda d, x: f"turn {d['turn']}" + (f" (final turns left: {d['final_turns_left']})"
                                            if d["final_turns_left"] is not None else ""),
        (("turn", E.COUNT), ("final_turns_left", E.optional(E.COUNT))),
        changes=("current", "turn", "final_turns_left")),
    EV.DISCOVER: E.Event(
        "the player turns a face-down card (SIB-R5)",
        lambda d, x: f"discovers {d['kind']} {_money_text(d['value'])} at position "
                     f"{d['position'] + 1}",
        (("position", E.COUNT), ("kind", _KIND), ("value", _DOLLARS)),
        changes=("row",)),
    EV.NO_DISCOVERY: E.Event("an optional discovery is declined", "discovers nothing"),
    EV.DRAW: E.Event("action cards drawn (which ones is secret)",
                     lambda d, x: f"draws {plural(d['cards'], 'card')}",
                     (("cards", E.COUNT),),
                     changes=("action_pile", "players.hand_size")),
    EV.RESHUFFLE: E.Event(
        "the discards became the new draw pile (SIB-R7)",
        lambda d, x: f"the discards are shuffled into a new pile of "
                     f"{plural(d['cards'], 'card')}",
        (("cards", E.COUNT),),
        # cards drawn before the pile ran out are in hand when it is reshuffled
        changes=("action_pile", "discards", "players.hand_size")),
    EV.PLAY: E.Event(
        "a combination for `symbol`: the number of cards and their names, now face up in the "
        "discards (SIB-R8/R9)",
        lambda d, x: f"plays {' + '.join(d['paid']) or 'nothing'} for {d['symbol']}",
        (("symbol", _SYMBOL), ("cards", E.COUNT), ("paid", _CARDS)),
        changes=("discards", "players.hand_size")),
    EV.MINE: E.Event(
        "resource cards taken and their printed value (SIB-R10)",
        lambda d, x: f"mines {d['cards']} {d['kind']} ({_money_text(d['value'])})",
        (("kind", _KIND), ("cards", E.COUNT), ("value", _DOLLARS)),
        changes=("row", "players.resources", "players.resource_value", "players.money",
                 "players.money_by_source")),
    EV.REFILL: E.Event(
        "face-down cards added to the row, cards left in the deck (SIB-R15)",
        "the row is refilled with {added} face down ({deck} left in the deck)",
        (("added", E.COUNT), ("deck", E.COUNT)),
        changes=("deck", "row")),
    EV.HIRE_WORKER: E.Event("a worker hired; workers now held (SIB-R11)",
                            "hires a worker (now {workers})", (("workers", E.COUNT),),
                            # money is what the cards held are worth: a hire changes it
                            changes=("supply", "players.workers", "players.money",
                                     "players.money_by_source")),
    EV.HIRE_SALESMAN: E.Event("a salesman hired (SIB-R12)",
                              "hires the salesman for {category} cards",
                              (("category", _SYMBOL),),
                              changes=("supply", "players.salesmen", "players.money",
                                       "players.money_by_source")),
    EV.HIRE_INVESTOR: E.Event("an investor hired (SIB-R13)", "hires the {kind} investor",
                              (("kind", _KIND),),
                              changes=("supply", "players.investors", "players.money",
                                       "players.money_by_source")),
    EV.SKIP: E.Event("the player skips (SIB-R6)", "skips"),
    EV.END_TRIGGER: E.Event(
        "the last card is discovered; turns still to play after this one (SIB-R16)",
        lambda d, x: f"the last card is discovered: {plural(d['turns_after'], 'turn')} to go",
        (("turns_after", E.COUNT),),
        changes=("final_turns_left",)),
    EV.SCORE: E.Event(
        "at the end, a player's money from one source (SIB-R17)",
        lambda d, x: f"{_money_text(d['amount'])} from {d['source'].replace('_', ' ')}",
        (("source", E.named(C.SRC_NAMES)), ("amount", _DOLLARS)),
        # the first score follows the last turn's end
        changes=("turn", "final_turns_left")),
    EV.GAME_END: E.Event("the game is over", "game over",
    changes=("phase",)),
    EV.STALEMATE: E.Event(
        "every player skipped for `misc.stalemate_rounds` rounds: the game ends (engine "
        "safeguard)",
        "every player skipped ({skips} skips in a row): the game ends", (("skips", E.COUNT),),
        changes=("turn", "final_turns_left")),
}, C.COLOURS, deal=EV.SETUP)


# A trace row's event as {"name", "player", fields..., "raw"}, what happened without the
# actor, and each event's log sentence (the replay page's event list):
event_dict, clause, event_sentences = EVENTS.decode, EVENTS.clause, EVENTS.sentences


# ------------------------------------------------------------------------------ text


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
    log = common_trace.TurnLog(colours, "Final money")
    for row in events(trace):
        r = Row.of(row)
        if r.code in (EV.TURN, EV.SCORE, EV.GAME_END):
            yield from log.flush()
        if r.code == EV.SETUP:
            yield log.deal(r.player, clause(row, tables))
        elif r.code == EV.TURN:
            turn = event_dict(row, tables)["turn"]
            if turn > 1 and (turn - 1) % n_players == 0:
                yield _standings(r.state, tables, n_players, colours)
            log.turn(turn, r.player)
        elif r.code == EV.SCORE:
            yield from log.final(r.player, clause(row, tables))
        elif r.code == EV.GAME_END:
            yield _standings(r.state, tables, n_players, colours)
        elif r.code == EV.REFILL and not event_dict(row, tables)["added"]:
            continue  # nothing came from the deck (it is empty): no line (the trace keeps it)
        else:
            log.clauses.append(clause(row, tables))
    yield from log.flush()


# ------------------------------------------------------------------------------ JSON lines


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS)


def trace_buffer(max_events: int = 4000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Siberia state snapshots."""
    return common_trace.trace_buffer(max_events, S.STATE_SIZE)
