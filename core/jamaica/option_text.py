"""Jamaica's legal options as short texts ("play 7 (forward/food)", "fight P2 (red)", "bid 2
gunpowder"): one wording per option tag (actions.OT), from the codes, the rules tables and the
trace's names (pure Python). KEEP is worded by the pending kind (the dice or Saran's Sabre)."""
from __future__ import annotations

import numpy as np

from core.common.option_text import OptionTexts, py
from core.jamaica import actions
from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.actions import OT, RACE_SHIFT
from core.jamaica.state import DK, G, P
from core.jamaica.tables import JamaicaTables
from core.jamaica.trace import card_name, player_label, treasure_name

_pbase = py(S.pbase)


def _hold(ship: int, h: int, s: np.ndarray) -> str:
    """'hold 3 (2 food)', 'hold 6 (empty)'."""
    b = _pbase(ship)
    k, n = int(s[b + P.HOLD_KIND + h]), int(s[b + P.HOLD_N + h])
    return f"hold {h + 1} ({f'{n} {C.RES_NAMES[k]}' if k != C.EMPTY else 'empty'})"


def _ship(q: int, s: np.ndarray) -> str:
    return "the Ghost Ship" if q == s[G.GHOST] else player_label(q, C.COLOURS)


def _keep(x: int, s: np.ndarray, tables: JamaicaTables) -> str:
    if s[G.DK] == DK.SABRE:
        return "keep the roll"
    return f"keep the dice: morning {int(s[G.DIE_M])}, evening {int(s[G.DIE_E])}"


def _end(x: int, s: np.ndarray, tables: JamaicaTables) -> str:
    space, race = x & ((1 << RACE_SHIFT) - 1), x >> RACE_SHIFT
    phase = "" if race == C.RACING else f" ({C.RACE_NAMES[race].replace('_', ' ')})"
    return f"end the move at space {space}{phase}"


def _load(h: int, s: np.ndarray, tables: JamaicaTables) -> str:
    return f"load into {_hold(int(s[G.LOAD_SHIP]), h, s)}"


option_text = OptionTexts(OT, actions.TAG_SHIFT, {
    OT.KEEP: _keep,
    OT.SWAP: lambda x, s, t: f"swap the dice: morning {int(s[G.DIE_E])}, "
                             f"evening {int(s[G.DIE_M])}",
    OT.CARD: lambda x, s, t: f"play {card_name(x, t)}",
    OT.HOLD: _load,
    OT.END: _end,
    OT.DIRECTION: lambda x, s, t: f"send the Ghost Ship {C.SYMBOL_NAMES[x]}",
    OT.SHIP: lambda x, s, t: f"fight {_ship(x, s)}",
    OT.POWDER: lambda x, s, t: f"bid {x} gunpowder",
    OT.REROLL: lambda x, s, t: "roll again",
    OT.TAKE_HOLD: lambda x, s, t: f"take {_hold(int(s[G.LOSER]), x, s)}",
    OT.TAKE_CARD: lambda x, s, t: f"take {treasure_name(x, t).replace('_', ' ')}",
    OT.BLIND: lambda x, s, t: "take a face-down treasure blind",
    OT.GIVE: lambda x, s, t: f"give {treasure_name(x, t)}",
    OT.PASS: lambda x, s, t: "take nothing",
    OT.PAY: lambda x, s, t: f"pay from {_hold(int(s[G.PAY_SHIP]), x, s)}",
})
