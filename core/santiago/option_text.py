"""Santiago de Cuba's legal options as short texts ("drive 2 stops to K4 (jose), paying 1
peso", "deliver 3 sugar"): one wording per option tag (actions.OT), from the codes, the rules
tables and the trace's names (pure Python)."""
from __future__ import annotations

import numpy as np

from core.common.option_text import OptionTexts
from core.santiago import actions
from core.santiago import codes as C
from core.santiago.actions import AMOUNT_MASK, AMOUNT_SHIFT, GIVE_GOOD, OT
from core.santiago.codes import M
from core.santiago.state import G, O
from core.santiago.tables import SantiagoTables
from core.santiago.trace import building, kind, plural, slot_name, stop_name


def _at(slot: int, s: np.ndarray) -> str:
    """'the sugar mill (B3)': the building at a slot."""
    return f"the {building(int(s[O.BUILDING_AT + slot])).replace('_', ' ')} ({slot_name(slot)})"


def _used(s: np.ndarray) -> str:
    return _at(int(s[G.USE_SLOT]), s)


def _param(s: np.ndarray, tables: SantiagoTables, i: int) -> int:
    """Parameter i of the effect of the building in use."""
    return int(tables.building_param[s[O.BUILDING_AT + s[G.USE_SLOT]], i])


def _drive(d: int, s: np.ndarray, tables: SantiagoTables) -> str:
    stop = (int(s[G.CAR]) + d) % C.NSTOPS
    cost = max(0, d - int(tables.misc[M.FREE_STOPS])) * int(tables.misc[M.STOP_COST])
    paying = f", paying {plural(cost, 'peso')}" if cost else ""
    return f"drive {plural(d, 'stop')} to {stop_name(stop, s)}{paying}"


def _give(x: int, s: np.ndarray, tables: SantiagoTables) -> str:
    victim = (int(s[G.ACTIVE]) + int(s[G.ZORRO_NEXT])) % int(s[G.NP])
    what = ("1 peso", "1 VP")[x] if x < GIVE_GOOD else f"1 {kind(x - GIVE_GOOD)}"
    return f"P{victim + 1} gives {what}"


def _exchange(m: int, s: np.ndarray, tables: SantiagoTables, sell: bool) -> str:
    price = _param(s, tables, 0 if sell else 1)
    return f"{'sell' if sell else 'buy'} {m} VP for {plural(m * price, 'peso')}"


def _demand(x: int, s: np.ndarray, tables: SantiagoTables) -> str:
    k, up = x >> 1, x & 1
    value = int(s[O.DICE + k]) + (1 if up else -1)
    return f"{'raise' if up else 'lower'} the {kind(k)} die to {value}"


def _return(x: int, s: np.ndarray, tables: SantiagoTables) -> str:
    amounts = (x >> AMOUNT_SHIFT, x & AMOUNT_MASK)
    kinds = (_param(s, tables, 0), _param(s, tables, 1))
    return "hand in " + " and ".join(f"{n} {kind(k)}" for k, n in zip(kinds, amounts) if n)


option_text = OptionTexts(OT, actions.TAG_SHIFT, {
    OT.SHIP: lambda x, s, t: f"leave the {kind(x)} die ({int(s[O.ROLL + x])}) off the ship",
    OT.DRIVE: _drive,
    OT.PABLO: lambda x, s, t: f"ask Pablo for {kind(x)}",
    OT.GIVE: _give,
    OT.MARKER: lambda x, s, t: f"put a property marker on {_at(x, s)}",
    OT.OWN_USE: lambda x, s, t: f"use {_at(x, s)}",
    OT.NOTHING: lambda x, s, t: "take nothing from Alonso",
    OT.MOVE: lambda x, s, t: f"move the pawn to {_at(x, s)}",
    OT.STAY: lambda x, s, t: "stay",
    OT.REUSE: lambda x, s, t: f"use {_at(x, s)} again",
    OT.NO_USE: lambda x, s, t: f"do not use {_used(s)}",
    OT.USE: lambda x, s, t: f"use {_used(s)}",
    OT.SELL_VP: lambda x, s, t: _exchange(x, s, t, sell=True),
    OT.BUY_VP: lambda x, s, t: _exchange(x, s, t, sell=False),
    OT.CLOSE: lambda x, s, t: f"turn {stop_name(x, s)} face down",
    OT.CONVERT: lambda x, s, t: f"convert {x} {kind(_param(s, t, 0))} into "
                                f"{kind(_param(s, t, 1))}",
    OT.VALUE_UP: lambda x, s, t: f"move the goods value up from {int(s[G.VALUE])}",
    OT.VALUE_DOWN: lambda x, s, t: f"move the goods value down from {int(s[G.VALUE])}",
    OT.SWAP: lambda x, s, t: f"swap 1 {kind(x >> 3)} for 1 {kind(x & 7)}",
    OT.DELIVER: lambda x, s, t: f"deliver {x & AMOUNT_MASK} {kind(x >> AMOUNT_SHIFT)}",
    OT.DEMAND: _demand,
    OT.RETURN: _return,
    OT.ZERO: lambda x, s, t: f"set the {kind(x)} die to 0",
    OT.PASS: lambda x, s, t: "pass",
})
