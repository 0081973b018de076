"""Jamaica trace rows -> public JSON-ready dicts and readable log lines (pure Python, no numba).

The buffer, the JSON-lines file and the row helpers are core.common.trace's; this module
decodes Jamaica's events and states. Only what every player may see is decoded: face-down
treasures (value and cursed cards, and every card the Ghost Ship takes at a lair, JAM-V1.3)
are shown as such until the end's `show` events name them, hands and cards laid face down are
never shown.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from core.common import trace as common_trace
from core.common.trace import Row, decode_event, events, player_label, plural  # noqa: F401
from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.codes import EV
from core.jamaica.state import G, O, P, PH
from core.jamaica.tables import JamaicaTables


def _py(fn: Callable) -> Callable:
    """The plain Python function behind a compiled engine helper."""
    return getattr(fn, "py_func", fn)


_pbase = _py(S.pbase)
CARD_LABELS = tuple(f"card {i + 1}" for i in range(C.NCARDS))


def card_name(c: int, tables: JamaicaTables) -> str:
    """'7 (forward/food)': an action card's number and symbols."""
    m, e = tables.card_sym[2 * c], tables.card_sym[2 * c + 1]
    return f"{c + 1} ({C.SYMBOL_NAMES[m]}/{C.SYMBOL_NAMES[e]})"


def treasure_name(c: int, tables: JamaicaTables) -> str:
    """A treasure card by name: a power, 'treasure +5' or 'cursed -3'."""
    kind, value = int(tables.treasure_kind[c]), int(tables.treasure_value[c])
    if kind == C.POWER:
        return C.POWER_NAMES[value]
    return f"treasure {value:+d}" if kind == C.VALUE else f"cursed {value:+d}"


def ship_label(p: int, n_players: int, ghost: bool, colours: Sequence[str]) -> str:
    """'P1 (yellow)', or 'Ghost Ship (black)'."""
    if ghost and p == n_players:
        return "Ghost Ship (black)"
    return player_label(p, colours)


# ------------------------------------------------------------------------------ state


def _ship_state(s: np.ndarray, tables: JamaicaTables, p: int) -> dict[str, Any]:
    b = _pbase(p)
    holds = [{"kind": C.RES_NAMES[k], "tokens": int(n)} if k else None
             for k, n in zip(P.view(s, "HOLD_KIND", b), P.view(s, "HOLD_N", b))]
    held = [c for c, w in enumerate(O.view(s, "TOWNER")) if w == p]
    face = O.view(s, "TFACE")
    powers = [treasure_name(c, tables) for c in held if face[c] == C.FACE_UP]
    hidden = sum(1 for c in held if face[c] != C.FACE_UP)
    return {
        "space": int(s[b + P.POS]),
        "race": C.RACE_NAMES[s[b + P.RACE]],
        "holds": holds,
        "powers": powers,
        "face_down_treasures": hidden,
    }


def public_state(snapshot: np.ndarray, tables: JamaicaTables, n_players: int
                 ) -> dict[str, Any]:
    """What every player can see: positions, holds, powers, counts of face-down treasures,
    hand sizes and discards; no hand, no face-down card, no deck order."""
    s = snapshot
    players = []
    for p in range(n_players):
        b = _pbase(p)
        shown = int(s[b + P.SHOWN])
        players.append({
            **_ship_state(s, tables, p),
            "hand_size": int(s[b + P.HAND_N]),
            "deck": int(s[b + P.DECK_N]),
            "discards": [c + 1 for c in range(C.NCARDS) if (s[b + P.DISCARD] >> c) & 1],
            "card_face_down": bool(s[b + P.CHOSEN] >= 0),
            "revealed": shown + 1 if shown >= 0 else None,
        })
    ghost = int(s[G.GHOST])
    return {
        "phase": PH.keys[s[G.PHASE]],
        "round": int(s[G.ROUND]),
        "captain": int(s[G.CAPTAIN]),
        "dice": {"morning": int(s[G.DIE_M]), "evening": int(s[G.DIE_E])},
        "treasure_pile": int(s[G.TPILE_N]),
        "tokens": [x for x in range(C.NSPACES) if s[O.TOKEN + x]],
        "players": players,
        "ghost": _ship_state(s, tables, ghost) if ghost >= 0 else None,
    }


# ------------------------------------------------------------------------------ events


def _fields(tables: JamaicaTables) -> dict[int, tuple[tuple[str, Callable[[int], Any]] | None,
                                                      ...]]:
    """(key, decoder) of the fields a, b, c, d of each event (codes.py EV comments)."""
    num, optional = common_trace.number, common_trace.optional
    res, race = common_trace.named(C.RES_NAMES), common_trace.named(C.RACE_NAMES)

    def treasure(v: int) -> str:
        return treasure_name(v, tables) if v >= 0 else "face_down"

    def face(v: int) -> int | str:
        return "star" if v < 0 else v

    return {
        EV.SETUP: (("players", num), ("ghost_ship", bool), ("treasure_pile", num)),
        EV.ROUND: (("round", num),),
        EV.DICE: (("morning", num), ("evening", num), ("swapped", bool)),
        EV.CHOOSE: (),
        EV.REVEAL: (("card", lambda v: v + 1),),
        EV.LOAD: (("kind", res), ("tokens", num), ("hold", num)),
        EV.DUMP: (("hold", num), ("kind", res), ("tokens", num)),
        EV.LOAD_LOST: (("kind", res), ("tokens", num)),
        EV.MOVE: (("from", num), ("to", num), ("race", race)),
        EV.FINISH: (),
        EV.PAY: (("kind", res), ("tokens", num), ("space", num)),
        EV.SHORTAGE: (("kind", res), ("paid", num), ("cost", num)),
        EV.FALLBACK: (("from", num), ("to", num), ("race", race)),
        EV.TREASURE: (("card", treasure), ("space", num)),
        EV.COMBAT: (("defender", num), ("space", num)),
        EV.BID: (("gunpowder", num),),
        EV.ROLL: (("face", face), ("strength", optional)),
        EV.SABRE: (("rerolled", num),),
        EV.RESULT: (("loser", optional), ("attacker", num), ("defender", num)),
        EV.TAKE_HOLD: (("loser", num), ("kind", res), ("tokens", num)),
        EV.TAKE_CARD: (("loser", num), ("card", treasure), ("blind", bool)),
        EV.GIVE_CURSED: (("loser", num),),
        EV.PASS: (),
        EV.GHOST_DIR: (("direction", lambda v: C.SYMBOL_NAMES[v]), ("chosen", bool)),
        EV.DRAW: (("cards", num),),
        EV.RESHUFFLE: (("cards", num),),
        EV.COMPASS: (),
        EV.END_TRIGGER: (("round", num),),
        EV.SCORE: (("source", lambda v: C.SRC_NAMES[v]), ("amount", num)),
        EV.GAME_END: (("rounds", num),),
        EV.SHOW: (("card", treasure),),
    }


_FIELDS: list[tuple[JamaicaTables, dict]] = []


def event_dict(row: np.ndarray, tables: JamaicaTables) -> dict[str, Any]:
    """A trace row's event as {"name", "player", named decoded fields..., "raw"}; a face-down
    treasure's identity is not in the row (the engine logs -1)."""
    if not _FIELDS or _FIELDS[0][0] is not tables:
        _FIELDS[:] = [(tables, _fields(tables))]
    return decode_event(row, EV.keys, _FIELDS[0][1])


# ------------------------------------------------------------------------------ text


def _clauses(who: Callable[[int], str], tables: JamaicaTables
             ) -> dict[int, Callable[[dict[str, Any]], str]]:
    return {
        EV.SETUP: lambda d: f"{d['players']} players"
                            + (" and the Ghost Ship" if d["ghost_ship"] else "")
                            + f"; {d['treasure_pile']} treasures in the pile",
        EV.ROUND: lambda d: f"round {d['round']}",
        EV.DICE: lambda d: f"dice: morning {d['morning']}, evening {d['evening']}"
                           + (" (swapped)" if d["swapped"] else ""),
        EV.CHOOSE: lambda d: "lays a card face down",
        EV.REVEAL: lambda d: f"plays {card_name(d['card'] - 1, tables)}",
        EV.LOAD: lambda d: f"loads {d['tokens']} {d['kind']} into hold {d['hold'] + 1}",
        EV.DUMP: lambda d: f"empties hold {d['hold'] + 1} ({d['tokens']} {d['kind']})",
        EV.LOAD_LOST: lambda d: f"cannot load {d['tokens']} {d['kind']}",
        EV.MOVE: lambda d: f"sails {d['from']} -> {d['to']}"
                           + (f" ({d['race']})" if d["race"] != "racing" else ""),
        EV.FINISH: lambda d: "is back in Port Royal: the round is finished, then the game ends",
        EV.PAY: lambda d: f"pays {d['tokens']} {d['kind']}",
        EV.SHORTAGE: lambda d: f"short of {d['kind']}: pays {d['paid']} of {d['cost']}",
        EV.FALLBACK: lambda d: f"falls back {d['from']} -> {d['to']}",
        EV.TREASURE: lambda d: f"takes a treasure at {d['space']}: {d['card'].replace('_', ' ')}",
        EV.COMBAT: lambda d: f"attacks {who(d['defender'])} at {d['space']}",
        EV.BID: lambda d: f"bids {d['gunpowder']} gunpowder",
        EV.ROLL: lambda d: f"rolls {d['face']}" + (f" (strength {d['strength']})"
                                                   if d["strength"] is not None else ""),
        EV.SABRE: lambda d: f"uses Saran's Sabre: {who(d['rerolled'])} rolls again",
        EV.RESULT: lambda d: "the fight is a tie" if d["loser"] is None
                             else f"wins the fight against {who(d['loser'])}",
        EV.TAKE_HOLD: lambda d: f"takes {d['tokens']} {d['kind']} from {who(d['loser'])}",
        EV.TAKE_CARD: lambda d: f"takes a treasure from {who(d['loser'])}"
                                + (" blind" if d["blind"] else "")
                                + f": {d['card'].replace('_', ' ')}",
        EV.GIVE_CURSED: lambda d: f"gives a cursed treasure to {who(d['loser'])}",
        EV.PASS: lambda d: "takes nothing",
        EV.GHOST_DIR: lambda d: f"sends the Ghost Ship {d['direction']}"
                                + ("" if d["chosen"] else " (as the rules say)"),
        EV.DRAW: lambda d: f"draws {plural(d['cards'], 'card')}",
        EV.RESHUFFLE: lambda d: f"reshuffles {plural(d['cards'], 'card')} into a deck",
        EV.COMPASS: lambda d: "takes the compass",
        EV.END_TRIGGER: lambda d: f"the game ends after round {d['round']}",
        EV.SCORE: lambda d: f"{d['amount']:+d} from {d['source']}",
        EV.GAME_END: lambda d: "game over",
        EV.SHOW: lambda d: f"shows {d['card'].replace('_', ' ')}",
    }


def log_lines(trace: np.ndarray, tables: JamaicaTables, n_players: int,
              colours: Sequence[str]) -> Iterator[str]:
    """The readable game log: a header per round, one line per event with its actor, and
    each player's score by source at the end."""
    rows = events(trace)
    ghost = bool(len(rows)) and bool(rows[0][0] == EV.SETUP and rows[0][3])

    def who(p: int) -> str:
        return ship_label(p, n_players, ghost, colours)

    clauses = _clauses(who, tables)
    yield "== Setup =="
    for row in rows:
        r = Row.of(row)
        d = event_dict(row, tables)
        text = clauses[r.code](d)
        if r.code == EV.ROUND:
            yield f"== Round {d['round']}: captain {who(r.player)} =="
        elif r.code == EV.SCORE and text:
            yield f"  {who(r.player):<20} {text}"
        elif r.code == EV.GAME_END:
            yield "== Game over =="
        else:
            actor = f"{who(r.player)} " if r.player >= 0 else ""
            yield f"  {actor}{text}"


assert len(_clauses(str, None)) == len(EV)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ JSON lines


def event_sentences(trace: np.ndarray, tables: JamaicaTables, n_players: int,
                    colours: Sequence[str]) -> list[str]:
    """Per event, the log's sentence: actor (a ship) and clause (the replay page's list)."""
    rows = events(trace)
    ghost = bool(len(rows)) and bool(rows[0][0] == EV.SETUP and rows[0][3])

    def who(p: int) -> str:
        return ship_label(p, n_players, ghost, colours)

    clauses = _clauses(who, tables)
    return common_trace.sentences(
        trace, lambda row: clauses[int(row[0])](event_dict(row, tables)), who,
        {EV.ROUND: lambda row: f"round {int(row[2])}: captain {who(int(row[1]))}"})


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS)


def trace_buffer(max_events: int = 6000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Jamaica state snapshots."""
    return common_trace.trace_buffer(max_events, S.STATE_SIZE)
