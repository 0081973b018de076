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

from core.common import events as E
from core.common import trace as common_trace
from core.common.trace import Row, events, player_label, plural  # noqa: F401
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


_SHIP = {
    "space": E.NATURAL, "race": E.one_of(C.RACE_NAMES),
    "holds": E.array_of(E.nullable(E.closed({"kind": E.one_of(C.RES_NAMES),
                                             "tokens": E.NATURAL}))),
    "powers": E.array_of({"type": "string"}), "face_down_treasures": E.NATURAL}
_CARD_NO = {"type": "integer", "minimum": 1, "maximum": C.NCARDS}
# The JSON schema of public_state's object (the game's trace schema holds it).
STATE_SCHEMA = E.closed({
    "phase": E.one_of(PH.keys), "round": E.NATURAL, "captain": E.NATURAL,
    "dice": E.closed({"morning": E.NATURAL, "evening": E.NATURAL}),
    "treasure_pile": E.NATURAL,
    "tokens": E.array_of({"type": "integer", "minimum": 0, "maximum": C.NSPACES - 1}),
    "players": E.array_of(E.closed({
        **_SHIP, "hand_size": E.NATURAL, "deck": E.NATURAL,
        "discards": E.array_of(_CARD_NO), "card_face_down": {"type": "boolean"},
        "revealed": E.nullable(_CARD_NO)}), minItems=1),
    "ghost": E.nullable(E.closed(_SHIP))})


# ------------------------------------------------------------------------------ events


def _treasure(v: int, x: E.Ctx) -> str:
    return treasure_name(v, x.tables) if v >= 0 else "face_down"


_NUM, _COUNT = E.INT, E.COUNT
_RES, _RACE = E.named(C.RES_NAMES), E.named(C.RACE_NAMES)
_SPACE = E.value(int, {"type": "integer", "minimum": 0, "maximum": C.NSPACES - 1})
_HOLD = E.value(int, {"type": "integer", "minimum": 0, "maximum": C.NHOLDS - 1})
_TREASURE = E.Value(_treasure, {"type": "string"})
_SHIP = E.COUNT
# Every event once: meaning, sentence (the log's clause), fields a, b, c, d (codes.py EV).
EVENTS = E.Events(EV, {
    EV.SETUP: E.Event(
        "the deal (JAM-R0..R5); `player` is the first Captain",
        lambda d, x: f"{d['players']} players"
                     + (" and the Ghost Ship" if d["ghost_ship"] else "")
                     + f"; {d['treasure_pile']} treasures in the pile",
        (("players", _COUNT), ("ghost_ship", E.BOOL), ("treasure_pile", _COUNT))),
    EV.ROUND: E.Event("a round begins; `player` is the Captain", "round {round}",
                       (("round", _COUNT),),
                       changes=("round",)),
    EV.DICE: E.Event("the Captain placed the dice (JAM-R6)",
                      lambda d, x: f"dice: morning {d['morning']}, evening {d['evening']}"
                                   + (" (swapped)" if d["swapped"] else ""),
                      (("morning", _COUNT), ("evening", _COUNT), ("swapped", E.BOOL)),
                      changes=("dice",)),
    EV.CHOOSE: E.Event("a seat laid a card face down (which stays secret, JAM-R7)",
                        "lays a card face down",
                        changes=("players.card_face_down", "players.hand_size")),
    EV.REVEAL: E.Event("the seat's card is turned (JAM-R8)",
                        lambda d, x: f"plays {card_name(d['card'] - 1, x.tables)}",
                        (("card", E.value(lambda v: v + 1, {"type": "integer", "minimum": 1,
                                                            "maximum": C.NCARDS})),),
                                                            changes=("players.card_face_down",
                                                                     "players.discards",
                                                                     "players.revealed")),
    EV.LOAD: E.Event("tokens loaded into a hold (JAM-R10)",
                      lambda d, x: f"loads {d['tokens']} {d['kind']} into hold {d['hold'] + 1}",
                      (("kind", _RES), ("tokens", _COUNT), ("hold", _HOLD)),
                      changes=("ghost", "players.holds")),
    EV.DUMP: E.Event("a hold emptied to make room (JAM-R10)",
                      lambda d, x: f"empties hold {d['hold'] + 1} ({d['tokens']} {d['kind']})",
                      (("hold", _HOLD), ("kind", _RES), ("tokens", _COUNT)),
                      changes=("ghost", "players.holds")),
    EV.LOAD_LOST: E.Event("every hold holds that kind: the load is lost",
                           "cannot load {tokens} {kind}", (("kind", _RES), ("tokens", _COUNT))),
    EV.MOVE: E.Event("a move by the die (JAM-R11)",
                      lambda d, x: f"sails {d['from']} -> {d['to']}"
                                   + (f" ({d['race']})" if d["race"] != "racing" else ""),
                      (("from", _SPACE), ("to", _SPACE), ("race", _RACE)),
                      changes=("ghost", "players.race", "players.space")),
    EV.FINISH: E.Event("the ship finished its lap (JAM-R22)",
                        "is back in Port Royal: the round is finished, then the game ends"),
    EV.PAY: E.Event("a space's cost paid in full (JAM-R13)", "pays {tokens} {kind}",
                     (("kind", _RES), ("tokens", _COUNT), ("space", _SPACE)),
                     changes=("players.holds",)),
    EV.SHORTAGE: E.Event(
        "the cost could not be paid: everything of that kind is paid (JAM-R14)",
        "short of {kind}: pays {paid} of {cost}",
        (("kind", _RES), ("paid", _COUNT), ("cost", _COUNT)),
        changes=("players.holds",)),
    EV.FALLBACK: E.Event("the shortage's move back to a space that can be paid",
                          "falls back {from} -> {to}",
                          (("from", _SPACE), ("to", _SPACE), ("race", _RACE)),
                          changes=("ghost", "players.race", "players.space")),
    EV.TREASURE: E.Event(
        "a treasure card taken at a lair (a player's power by name, else `face_down`)",
        lambda d, x: f"takes a treasure at {d['space']}: {d['card'].replace('_', ' ')}",
        (("card", _TREASURE), ("space", _SPACE)),
        changes=("ghost", "players.face_down_treasures", "players.powers", "tokens",
                 "treasure_pile")),
    EV.COMBAT: E.Event("the arriving ship attacks (JAM-R15)",
                        lambda d, x: f"attacks {x.who(d['defender'])} at {d['space']}",
                        (("defender", _SHIP), ("space", _SPACE))),
    EV.BID: E.Event("gunpowder put into the fight (JAM-R16)", "bids {gunpowder} gunpowder",
                     (("gunpowder", _COUNT),),
                     changes=("players.holds",)),
    EV.ROLL: E.Event(
        "the combat die: a number or `\"star\"`; strength with gunpowder and Lady Beth (`null` "
        "for the star)",
        lambda d, x: f"rolls {d['face']}" + (f" (strength {d['strength']})"
                                             if d["strength"] is not None else ""),
        (("face", E.value(lambda v: "star" if v < 0 else v,
                          {"oneOf": [{"const": "star"}, {"type": "integer", "minimum": 0}]})),
         ("strength", E.optional(_COUNT)))),
    EV.SABRE: E.Event("Saran's Sabre: that ship's die is rolled again (JAM-R20)",
                       lambda d, x: f"uses Saran's Sabre: {x.who(d['rerolled'])} rolls again",
                       (("rerolled", _SHIP),)),
    EV.RESULT: E.Event(
        "`player` won (`null` and `loser` `null`: a tie, JAM-R18)",
        lambda d, x: "the fight is a tie" if d["loser"] is None
        else f"wins the fight against {x.who(d['loser'])}",
        (("loser", E.optional(_SHIP)), ("attacker", _NUM), ("defender", _NUM))),
    EV.TAKE_HOLD: E.Event("the winner took a hold's contents (JAM-R19)",
                           lambda d, x: f"takes {d['tokens']} {d['kind']} from "
                                        f"{x.who(d['loser'])}",
                           (("loser", _SHIP), ("kind", _RES), ("tokens", _COUNT)),
                           changes=("ghost", "players.holds")),
    EV.TAKE_CARD: E.Event(
        "the winner took a treasure card: `card` named when it lies face up at the winner (a "
        "power a player takes), `blind` when a face-down card was drawn at random (JAM-R19, "
        "JAM-Q5)",
        lambda d, x: f"takes a treasure from {x.who(d['loser'])}"
                     + (" blind" if d["blind"] else "") + f": {d['card'].replace('_', ' ')}",
        (("loser", _SHIP), ("card", _TREASURE), ("blind", E.BOOL)),
        # the 6th hold's treasure card goes with its contents
        changes=("ghost", "players.face_down_treasures", "players.holds", "players.powers")),
    EV.GIVE_CURSED: E.Event("the winner gave a cursed card",
                             lambda d, x: f"gives a cursed treasure to {x.who(d['loser'])}",
                             (("loser", _SHIP),),
                             changes=("ghost", "players.face_down_treasures", "players.powers")),
    EV.PASS: E.Event("the winner took nothing (JAM-Q1)", "takes nothing"),
    EV.GHOST_DIR: E.Event(
        "the Ghost Ship's direction: chosen by the Captain, or set by the rules (JAM-V1)",
        lambda d, x: f"sends the Ghost Ship {d['direction']}"
                     + ("" if d["chosen"] else " (as the rules say)"),
        (("direction", E.named(C.SYMBOL_NAMES)), ("chosen", E.BOOL))),
    EV.DRAW: E.Event("the hand refilled (JAM-R9)",
                      lambda d, x: f"draws {plural(d['cards'], 'card')}",
                      (("cards", _COUNT),),
                      changes=("players.deck", "players.hand_size", "players.revealed")),
    EV.RESHUFFLE: E.Event("the discards became a deck (JAM-R9)",
                           lambda d, x: f"reshuffles {plural(d['cards'], 'card')} into a deck",
                           (("cards", _COUNT),),
                           changes=("players.deck", "players.discards", "players.hand_size",
                                    "players.revealed")),
    EV.COMPASS: E.Event("`player` is the new Captain (JAM-R9)", "takes the compass",
    changes=("captain",)),
    EV.END_TRIGGER: E.Event("a ship finished: the game ends after this round (JAM-R22)",
                             "the game ends after round {round}", (("round", _COUNT),)),
    EV.SCORE: E.Event("at the end, a player's points from one source (JAM-R23)",
                       "{amount:+d} from {source}",
                       (("source", E.named(C.SRC_NAMES)), ("amount", _NUM))),
    EV.GAME_END: E.Event("the game is over", "game over", (("rounds", _COUNT),),
    changes=("phase",)),
    EV.SHOW: E.Event(
        "at the end, a face-down treasure of `player` (a ship, the Ghost Ship too) turned up "
        "(JAM-R23)", lambda d, x: f"shows {d['card'].replace('_', ' ')}",
        (("card", _TREASURE),)),
}, C.COLOURS)


# A trace row's event as {"name", "player", fields..., "raw"} (a face-down treasure's
# identity is not in the row: the engine logs -1).
event_dict = EVENTS.decode


# ------------------------------------------------------------------------------ text


def _ships(trace: np.ndarray, n_players: int, colours: Sequence[str]) -> Callable[[int], str]:
    """A ship as the log names it: a seat, or the Ghost Ship when the deal had one."""
    rows = events(trace)
    ghost = bool(len(rows)) and bool(rows[0][0] == EV.SETUP and rows[0][3])
    return lambda p: ship_label(p, n_players, ghost, colours)


def log_lines(trace: np.ndarray, tables: JamaicaTables, n_players: int,
              colours: Sequence[str]) -> Iterator[str]:
    """The readable game log: a header per round, one line per event with its actor, and
    each player's score by source at the end."""
    who = _ships(trace, n_players, colours)
    yield "== Setup =="
    for row in events(trace):
        r = Row.of(row)
        d = event_dict(row, tables)
        text = EVENTS.clause(row, tables, who)
        if r.code == EV.ROUND:
            yield f"== Round {d['round']}: captain {who(r.player)} =="
        elif r.code == EV.SCORE and text:
            yield f"  {who(r.player):<20} {text}"
        elif r.code == EV.GAME_END:
            yield "== Game over =="
        else:
            actor = f"{who(r.player)} " if r.player >= 0 else ""
            yield f"  {actor}{text}"


# ------------------------------------------------------------------------------ JSON lines


def event_sentences(trace: np.ndarray, tables: JamaicaTables, n_players: int,
                    colours: Sequence[str]) -> list[str]:
    """Per event, the log's sentence: actor (a ship) and clause (the replay page's list)."""
    who = _ships(trace, n_players, colours)
    return common_trace.sentences(
        trace, lambda row: EVENTS.clause(row, tables, who), who,
        {EV.ROUND: lambda row: f"round {int(row[2])}: captain {who(int(row[1]))}"})


write_jsonl = common_trace.jsonl_writer(event_dict, public_state, event_sentences, C.COLOURS)


def trace_buffer(max_events: int = 6000) -> np.ndarray:
    """A trace buffer for up to max_events events with their Jamaica state snapshots."""
    return common_trace.trace_buffer(max_events, S.STATE_SIZE)
