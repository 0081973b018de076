"""Count, in play, the Santiago plans' decisions a club player would not make (compiled).

    python -m tests.strategies.santiago.audit [GAMES] [SEED] [STRATEGIES]

Plays GAMES 4-player games (deal seeds SEED..; default the four named plans) one decision at a
time and counts per strategy:
- delivery passes, and those at goods value 4 while holding a good the ship wants (SDC-R13,
  R18: the ship leaves when that round ends);
- pawn moves, those onto a rival's property marker (SDC-R11: 1 VP to the rival), and those
  of them followed by no use.
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict

import numpy as np

from tests.strategies.santiago.helpers import NAMED

KEYS = ("passes", "passes_at_4_holding_deliverable", "moves", "moves_onto_rival_marker",
        "moves_onto_rival_marker_unused")


def audit(names: list[str], games: int, seed: int) -> dict[str, dict[str, int]]:
    from core.common.rng import seat_rngs
    from core.common.trace import no_trace
    from core.santiago import actions as A
    from core.santiago import codes as C
    from core.santiago import state as S
    from core.santiago.game import GAME
    from core.santiago.tables import flatten, load_tables
    from strategies.common.bound import bound

    b, e, t = bound(GAME), GAME.engine, flatten(load_tables())
    kernels, params = b.registry.resolve(names)
    opts, tr = np.zeros(A.MAX_OPTIONS, np.int32), no_trace()
    out: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(KEYS, 0))
    for g in range(games):
        s = e.new_game(t, len(names), seed + g)
        rngs = seat_rngs(len(names), seed + g)
        e.advance(s, t, tr)
        paid_move = -1  # the player whose pawn just moved onto a rival's marker
        while s[S.G.PHASE] != S.PH.OVER:
            n = e.legal(s, t, opts)
            p = int(s[S.G.CUR])
            i = b.decide(kernels[p], params[p], s, t, opts, n, rngs[p]) if n > 1 else 0
            tag, dk, c = A.tag_of(opts[i]), s[S.G.DK], out[names[p]]
            if dk == S.DK.DELIVER and n > 1 and tag == A.OT.PASS:
                c["passes"] += 1
                held = s[S.pbase(p) + S.P.GOODS:S.pbase(p) + S.P.GOODS + C.NDICE]
                wanted = s[S.O.DICE:S.O.DICE + C.NDICE]
                if s[S.G.VALUE] >= 4 and np.any((held > 0) & (wanted > 0)):
                    c["passes_at_4_holding_deliverable"] += 1
            elif dk == S.DK.MOVE and tag == A.OT.MOVE:
                c["moves"] += 1
                owner = s[S.O.OWNER + A.payload_of(opts[i])]
                if 0 <= owner != p:
                    c["moves_onto_rival_marker"] += 1
                    paid_move = p
            elif dk == S.DK.USE and paid_move == p:
                c["moves_onto_rival_marker_unused"] += int(tag == A.OT.NO_USE)
                paid_move = -1
            e.apply(s, t, opts[i], tr)
    return dict(out)


if __name__ == "__main__":
    n_games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 900_000
    lineup = sys.argv[3].split(",") if len(sys.argv) > 3 else list(NAMED)
    print(json.dumps({"games": n_games, "first_seed": first, "audit": audit(lineup, n_games, first)}))
