"""Cuba's legal options as short texts ("ship 2 Ci + 1 Su on dock 1 (S04)", "bid $4"): one
wording per option tag (actions.OT), from the codes, the rules tables and the trace's names
(pure Python). A tag shared by several decision kinds (PASS, ALTERNATIVE, FIELD, PAY) is worded
by the pending kind."""
from __future__ import annotations

import numpy as np

from core.common.option_text import OptionTexts, flat_rules, py
from core.cuba import actions
from core.cuba import codes as C
from core.cuba import state as S
from core.cuba.actions import OT
from core.cuba.state import DK, G, O, P
from core.cuba.tables import CubaTables, flatten
from core.cuba.trace import building_key, field_name, pieces, pieces_text, ship_id, statute_id

_pbase, _field_type = py(S.pbase), py(S.field_type)
_buy_price, _sell_price = py(S.buy_price), py(S.sell_price)
# features whose one option uses the building (the others' payload 0 leaves it unused)
_AUTOMATIC = (C.FT_GAIN_VP, C.FT_GAIN_MONEY, C.FT_TOWN_HALL, C.FT_GAIN_PIECES, C.FT_STORE)


def _field(f: int, s: np.ndarray, tables: CubaTables) -> str:
    """'r1c2 (Ci)': a field of the deciding player's plantation with its type."""
    ft = _field_type(s, flat_rules(tables, flatten), _pbase(s[G.CUR]), f)
    return f"{field_name(f)} ({C.FIELD_CODES[ft]})"


def _building_at(f: int, s: np.ndarray) -> str:
    """The name of the deciding player's building on field f."""
    return building_key(int(s[_pbase(s[G.CUR]) + P.FIELD + f])).replace("_", " ")


def _vector(v: int) -> str:
    return pieces_text(pieces(v))


def _load(x: int, s: np.ndarray) -> str:
    """'2 Ci + 1 Su on dock 1 (S04)': a load (dock << DOCK_SHIFT | pieces)."""
    dock = x >> actions.DOCK_SHIFT
    return (f"{_vector(x & actions.VEC_MASK)} on dock {dock} "
            f"({ship_id(int(s[O.SHIP + dock]))})")


def _fields(x: int, s: np.ndarray, tables: CubaTables) -> str:
    chosen = [_field(f, s, tables) for f in range(C.NFIELDS) if (x >> f) & 1]
    return "harvest " + (" + ".join(chosen) if chosen else "no product field")


def _market(kind: int, s: np.ndarray, tables: CubaTables, sell: bool) -> str:
    r = kind - C.FIRST_PRODUCT
    price = (_sell_price if sell else _buy_price)(s, flat_rules(tables, flatten), r)
    return f"{'sell' if sell else 'buy'} 1 {C.KIND_SHORT[kind]} for ${int(price)}"


def _pass(x: int, s: np.ndarray, tables: CubaTables) -> str:
    return {DK.ARCHITECT: "build nothing", DK.FOREMAN_MODE: "use no building",
            DK.MAYOR: "ship nothing", DK.TAX: "do not pay the tax",
            DK.DUTY: "do not pay the duty"}.get(int(s[G.DK]), "do nothing")


def _alternative(x: int, s: np.ndarray, tables: CubaTables) -> str:
    if s[G.DK] == DK.TRADE_MODE:
        return f"take 1 {C.KIND_SHORT[x]} free (alternative)"
    who = "architect" if s[G.DK] == DK.ARCHITECT else "mayor"
    return f"take the {who}'s alternative"


def _field_choice(f: int, s: np.ndarray, tables: CubaTables) -> str:
    if s[G.DK] == DK.FOREMAN_NEXT:
        return f"use the {_building_at(f, s)} on {field_name(f)} next"
    return f"build on {_field(f, s, tables)}"


def _use(x: int, s: np.ndarray, tables: CubaTables) -> str:
    """A way to use the building on G.USE_FIELD (actions.building_use_options)."""
    f = int(s[G.USE_FIELD])
    name = _building_at(f, s)
    feature = int(tables.building_feature[s[_pbase(s[G.CUR]) + P.FIELD + f]])
    if feature in _AUTOMATIC:
        return f"use the {name}"
    if x == 0:
        return f"leave the {name} unused"
    if feature == C.FT_RETURN_VP:
        what = f"return {_vector(x)}"
    elif feature == C.FT_SELL:
        what = f"sell {_vector(x)}"
    elif feature == C.FT_CONVERT:
        k = tables.building_param[s[_pbase(s[G.CUR]) + P.FIELD + f]]
        what = f"turn {x} {C.KIND_SHORT[k[0]]} into {x} {C.KIND_SHORT[k[1]]}"
    elif feature == C.FT_BLACK_MARKET:
        give, take = (x - 1) // 8, (x - 1) % 8
        what = f"swap 1 {C.KIND_SHORT[give]} for 1 {C.KIND_SHORT[take]}"
    elif feature in (C.FT_SMALL_BRANCH, C.FT_LARGE_BRANCH):
        what = f"ship {_load(x, s)}"
    elif feature == C.FT_CHURCH:
        ty = x - 1
        what = f"veto the {C.STATUTE_TYPES[ty]} bill ({statute_id(int(s[O.BILLS + ty]))})"
    else:  # the lighthouse: a card of the (face-down) ship pile
        what = f"take card #{x} of the ship pile as the new sea ship"
    return f"use the {name}: {what}"


def _bills(x: int, s: np.ndarray, tables: CubaTables) -> str:
    types = dict.fromkeys((x // 4, x % 4))
    return "pass " + " and ".join(
        f"the {C.STATUTE_TYPES[ty]} bill ({statute_id(int(s[O.BILLS + ty]))})" for ty in types)


def _pay(x: int, s: np.ndarray, tables: CubaTables) -> str:
    return "pay the tax" if s[G.DK] == DK.TAX else f"pay {_vector(x)} as duty"


option_text = OptionTexts(OT, actions.TAG_SHIFT, {
    OT.PASS: _pass,
    OT.CARD: lambda x, s, t: f"play the {C.CHAR_NAMES[x]}",
    OT.POSITION: lambda x, s, t: f"move the pawn to {_field(x, s, t)}",
    OT.FIELDS: _fields,
    OT.MARKET: lambda x, s, t: "trade at the market",
    OT.ALTERNATIVE: _alternative,
    OT.BUY: lambda x, s, t: _market(x, s, t, sell=False),
    OT.SELL: lambda x, s, t: _market(x, s, t, sell=True),
    OT.DONE: lambda x, s, t: "leave the market",
    OT.BUILD: lambda x, s, t: f"build the {building_key(x).replace('_', ' ')}",
    OT.FIELD: _field_choice,
    OT.ROW_COLUMN: lambda x, s, t: "use the buildings of the pawn's row and column",
    OT.ONE_BUILDING: lambda x, s, t: f"use only the {_building_at(x, s)} on {field_name(x)}",
    OT.USE: _use,
    OT.LOAD: lambda x, s, t: f"ship {_load(x, s)}",
    OT.BID: lambda x, s, t: f"bid ${x}",
    OT.BILLS: _bills,
    OT.PAY: _pay,
    OT.SETUP: lambda x, s, t: f"take {_vector(x)}",
    OT.HIDE: lambda x, s, t: f"keep the {C.CHAR_NAMES[x]} face down",
})
