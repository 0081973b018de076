"""Siberia's legal options as short texts ("mine 2 gold", "pay gas/worker + oil/salesman"):
one wording per option tag (actions.OT), from the codes and the trace's names (pure Python)."""
from __future__ import annotations

import numpy as np

from core.common.option_text import OptionTexts, flat_rules, py
from core.siberia import actions
from core.siberia import codes as C
from core.siberia import state as S
from core.siberia.actions import OT
from core.siberia.codes import M
from core.siberia.state import G
from core.siberia.tables import SiberiaTables, flatten
from core.siberia.trace import paid_cards, plural

_draw_count = py(actions.draw_count)


def _draw(x: int, s: np.ndarray, tables: SiberiaTables) -> str:
    t = flat_rules(tables, flatten)
    cards = _draw_count(s, t, py(S.pbase)(s[G.CUR]), t[C.T.MISC + M.DRAW_CARDS])
    return f"draw {plural(int(cards), 'card')}"


def _mine(x: int, s: np.ndarray, tables: SiberiaTables) -> str:
    kind, cards = x >> actions.MINE_SHIFT, x & actions.MINE_MASK
    return f"mine {cards} {C.RES_NAMES[kind]}"


option_text = OptionTexts(OT, actions.TAG_SHIFT, {
    OT.DISCOVER: lambda x, s, t: f"turn the card at position {x + 1}",
    OT.NO_DISCOVERY: lambda x, s, t: "discover nothing",
    OT.DRAW: _draw,
    OT.SKIP: lambda x, s, t: "skip",
    OT.MINE: _mine,
    OT.HIRE_WORKER: lambda x, s, t: "hire a worker",
    OT.HIRE_SALESMAN: lambda x, s, t: f"hire the salesman for {C.SYMBOL_NAMES[x]} cards",
    OT.HIRE_INVESTOR: lambda x, s, t: f"hire the {C.RES_NAMES[x]} investor",
    OT.PAY: lambda x, s, t: "pay " + " + ".join(paid_cards(x)),
})
