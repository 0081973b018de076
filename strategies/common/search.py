"""Information-set Monte Carlo tree search (single observer), written once and bound per game.

Each iteration copies the root state, redraws what the deciding seat cannot see with the
game's sampler (its descriptor's `hidden`), and descends the tree: at a node, the children
whose option is legal in this determinization compete by UCT with availability counts
(Cowling, Powley and Whitehouse 2012: the log term counts the visits in which the child was
legal), plus a PUCT-style bonus for the child the rollout policy would choose. A node grows
a new child while it has fewer legal children than progressive widening allows
(1 + widening * sqrt(visits)); the first new child is the rollout policy's choice (or, with
`guide = "value"`, the option after which the learned value rates the deciding seat best), the
others are drawn at random. From the new node a rollout plays the rollout policy (a preset of
one of the game's other kernels) for every seat, to the end or for `depth` decisions, after
which the game's valuation scores it. Every node on the path backs up every seat's reward: the
win share (ties split; at a cut-off a softmax of the seats' valuations, or a learned value
model's chances to win: strategies.common.value), blended with the score margin.
Nodes are keyed by option code, so a child is found whatever the determinization; forced moves
make no node.

Secret simultaneous choices (decision kinds the game marks "secret": Jamaica's face-down card,
Cuba's parliament bid and hidden card) are made one seat after another by the engine, so a
node for another seat's secret choice below the choices made before it in the same round
would answer them, as if that seat saw them (single observer: `simultaneous = "tree"`, kept to
measure it). Instead another seat's secret choice makes no node and leaves the tree where the
round's choices began. With `simultaneous = "policy"` the rollout policy makes it. With
`"decoupled"` (decoupled UCT for simultaneous moves: Tak, Lanctot and Winands 2014) each seat
picks it by UCT over its own statistics, kept per seat at the node where the round's secret
choices began (a round ends at a decision that is not secret, or when a seat chooses again):
the entries answer no choice of that round, and back up the seat's reward like nodes. With
`decoupled`, the secret choices laid before the searching seat's in its round are taken back
from each determinization (the binding's `rewind`) and made again the same way, so each seat's
statistics model every seat of the round alike, whatever the engine's order. The searching
seat's own secret choice is a node as any of its decisions, below the round's start too.

The choice is the most visited child of the root.

Budget: `iterations`, deterministic: every random number comes from the seat's stream, so a
game is reproducible whatever the worker count. `meeplab play --think-ms MS` adds a time limit
(the row's THINK_MS column, registry.RESERVED; never set by a preset or a tournament): the
search then stops after MS milliseconds of a decision, or at `iterations`, whichever is first,
and the game depends on the machine's speed.

Binding (`kernel`): a copy of `_choose` whose globals are the game's engine hooks, its
sampler, the dispatcher over its other kernels (the rollout policies: a policy is a kernel id
and a parameter row like any seat's) and the game's valuation `scores(row, s, t, out)`
(strategies/<game>/mcts.py), compiled and cached per game like the play loop
(core.common.loop.compiled_for). The tree lives in arrays allocated once per decision.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np

from core.common.game import Game
from core.common.loop import MAX_STEPS, compiled_for, engine_calls
from core.common.rng import rng_below
from core.common.trace import EVW
from core.jit import copy_into, monotonic_ns, njit, stack_array
from strategies.common.dispatch import dispatcher
from strategies.common.registry import MAX_PARAMS
from strategies.common.restrict import narrower
from strategies.common.spec import Param
from strategies.common.value import MAX_FEATURES, VALUE_ROW, feature_module

KERNEL = "mcts"
MAX_ITERATIONS = 1_000_000  # the tree's arrays are allocated per decision (~100 MB; decoupled ~300)
DESCRIPTION = ("information-set MCTS: determinizes what the seat cannot see, searches with "
               "UCT and the rollout policy's prior, rolls out to the end or a cut-off")
PARAMS = (
    Param("iterations", "search iterations per decision (the budget; deterministic)", low=1,
          high=MAX_ITERATIONS, integer=True),
    Param("exploration", "UCT exploration constant c in c * sqrt(ln(available) / visits)",
          low=0),
    Param("prior", "PUCT-style bonus of the rollout policy's choice at a node, "
                   "prior * sqrt(available) / (1 + visits); 0 = none", low=0),
    Param("widening", "progressive widening: a node visited v times has at most "
                      "1 + widening * sqrt(v) children; 0 = every legal option at once", low=0),
    Param("rollout", "the rollout policy: the name of a preset of another kernel (random, a "
                     "plan, greedy, ...) that plays every seat in the rollouts", preset=True),
    Param("depth", "decisions a rollout plays before the game's valuation scores it; 0 = to "
                   "the end of the game", low=0,
          integer=True),
    Param("blend", "reward = (1 - blend) * win share + blend * score margin (a logistic of "
                   "the seat's score less the best other's, over `scale`)", low=0, high=1),
    Param("scale", "score points that make a clear lead: the softmax temperature of the "
                   "valuation at a cut-off and the margin's scale", low=0.001),
    Param("simultaneous", "another seat's secret simultaneous choice: `decoupled` = picked by "
                          "that seat's own UCT statistics, kept where the round's choices "
                          "began (blind to the others' choices); `policy` = made by the "
                          "rollout policy; `tree` = a node below the choices before it (single "
                          "observer: it answers them, as if it saw them)",
          choices=("tree", "policy", "decoupled"), default="policy"),
    Param("value", "the value at a cut-off: `none` = a softmax of the game's valuation over "
                   "`scale`; else a learned value model's name (configs/values/<game>.toml, "
                   "`meeplab fit-value`): its chances to win", model=True, default="none"),
    Param("guide", "the option a node grows first, which has the prior bonus: `rollout` = the "
                   "rollout policy's choice; `value` = the option after which the learned "
                   "value (`value`; without one, the rollout's) rates the deciding seat best",
          choices=("rollout", "value"), default="rollout"),
)
(ITERATIONS, EXPLORATION, PRIOR, WIDENING, ROLLOUT, DEPTH, BLEND, SCALE, SIMULTANEOUS,
 VALUE, GUIDE) = range(11)
BY_ROLLOUT, BY_VALUE = range(2)  # the `guide` choices
TREE, POLICY, DECOUPLED = range(3)  # the `simultaneous` choices
DECOUPLED_ROOM = 2  # entries of secret choices an iteration may add, on average
ROLL_ROW = len(PARAMS)  # the rollout preset's parameter row starts here (registry)
MAXP = 8                # seats a node backs up
THINK_MS = MAX_PARAMS - 4  # a seat row's time limit per decision in ms (0: none; play only)
CLOCK_EVERY = 8         # iterations between two readings of the clock under a time limit


def _index_of(o, k, code):
    """Index of option `code` in o[:k], or -1."""
    for j in range(k):
        if o[j] == code:
            return j
    return -1


def _reward(params, w, t, rank, share, sc, r):
    """Every seat's reward of the rollout's end state w into r[:np]."""
    np_ = w[NP_SLOT]  # noqa: F821 (bound per game)
    scale = params[SCALE]
    scores(params[ROLL_ROW:], w, t, sc)  # noqa: F821
    if w[PHASE_SLOT] == OVER_PHASE:  # noqa: F821
        shares(w, t, rank, share)  # noqa: F821
        for p in range(np_):
            r[p] = share[p]
    else:  # a softmax of the valuations, or of a learned model's utilities, stands for them
        learned = params[VALUE] > 0
        if learned:
            utilities(params[VALUE_ROW:], w, t, r)  # noqa: F821
        else:
            for p in range(np_):
                r[p] = sc[p]
        temperature = 1.0 if learned else scale
        top = r[0]
        for p in range(1, np_):
            top = max(top, r[p])
        total = 0.0
        for p in range(np_):
            r[p] = np.exp((r[p] - top) / temperature)
            total += r[p]
        for p in range(np_):
            r[p] /= total
    blend = params[BLEND]
    if blend > 0:
        for p in range(np_):
            other = -1e300
            for q in range(np_):
                if q != p:
                    other = max(other, sc[q])
            margin = 1.0 / (1.0 + np.exp(-(sc[p] - other) / scale))
            r[p] = (1.0 - blend) * r[p] + blend * margin


def _select(first, who, code, sib, owner, visits, avail, fav, reward, o, k, mark, expl,
            prior, p):
    """UCT over the entries of one list (from `first`, linked by sib) owned by `who` whose
    option is legal here (o[:k], marked in mark): (best entry or -1, how many are legal, their
    visits). Availability counts grow on the way (Cowling et al. 2012); the rollout policy's
    entry has the prior bonus."""
    for j in range(k):
        mark[j] = 0
    have = 0
    total = 0.0
    best = -1e300
    bc = -1
    c = first
    while c >= 0:
        if owner[c] == who:
            j = _index_of(o, k, code[c])
            if j >= 0:
                mark[j] = 1
                have += 1
                total += visits[c]
                avail[c] += 1
                u = (reward[c, p] / visits[c]
                     + expl * np.sqrt(np.log(avail[c]) / visits[c])
                     + prior * fav[c] * np.sqrt(avail[c]) / (1.0 + visits[c]))
                if u > best:
                    best = u
                    bc = c
        c = sib[c]
    return bc, have, total


def _grow(j, have, k, mark, rng):
    """The option of a new entry: the rollout policy's j unless it has one (mark[j]), then one
    of the options without an entry at random; (option index, 1.0 when it is the policy's)."""
    if not mark[j]:
        return j, 1.0
    x = rng_below(rng, k - have)
    for jj in range(k):
        if mark[jj] == 0:
            if x == 0:
                return jj, 0.0
            x -= 1
    return j, 0.0


def _value_pick(params, w, t, o, k, p, after, z, tr):
    """Index of the option of o[:k] after which the learned value rates seat p best (its
    utility less the best other seat's), tried on the copy `after`."""
    best = -1e300
    bj = 0
    for j in range(k):
        copy_into(after, w)
        engine_apply(after, t, o[j], tr)  # noqa: F821 (bound per game)
        utilities(params[VALUE_ROW:], after, t, z)  # noqa: F821
        other = -1e300
        for q in range(after[NP_SLOT]):  # noqa: F821
            if q != p:
                other = max(other, z[q])
        if z[p] - other > best:
            best = z[p] - other
            bj = j
    return bj


def _search(params, s, t, rng):
    """`iterations` ISMCTS iterations from s for its deciding seat: the tree as arrays (code,
    child, dchild, sib, owner, visits, reward) and its sizes (nodes, entries). Nodes 0..nodes-1
    (0 the root; child, sib: first child, next sibling); a seat's secret-choice entries from
    iterations + 1 to entries - 1 (dchild: a node's first, owner: the seat)."""
    me = s[SEAT_SLOT]  # noqa: F821 (bound per game)
    iters = max(1, int(params[ITERATIONS]))
    expl = params[EXPLORATION]
    prior = params[PRIOR]
    widen = params[WIDENING]
    depth = int(params[DEPTH])
    rk = int(params[ROLLOUT])
    mode = int(params[SIMULTANEOUS])
    by_value = int(params[GUIDE]) == BY_VALUE and params[VALUE] > 0
    row = params[ROLL_ROW:]
    cap = iters + 1  # tree nodes: at most one grows an iteration
    extra = DECOUPLED_ROOM * iters if SECRET != 0 and mode == DECOUPLED else 0  # noqa: F821
    size = cap + extra  # then the entries of the seats' secret choices (decoupled)
    code = np.zeros(size, np.int32)
    child = np.full(cap, -1, np.int32)
    dchild = np.full(cap if extra > 0 else 1, -1, np.int32)
    sib = np.full(size, -1, np.int32)
    owner = np.full(size, -1, np.int32)
    visits = np.zeros(size)
    avail = np.zeros(size)
    fav = np.zeros(size)
    reward = np.zeros((size, MAXP))
    path = np.zeros(size + 1, np.int32)
    w = np.zeros(STATE_SIZE, np.int32)  # noqa: F821
    after = np.zeros(STATE_SIZE if by_value else 1, np.int32)  # noqa: F821
    o = np.zeros(MAX_OPTIONS, np.int32)  # noqa: F821
    mark = np.zeros(MAX_OPTIONS, np.int8)  # noqa: F821
    tr = np.zeros((1, EVW), np.int32)  # one row: records nothing
    rank = np.zeros(MAXP, np.int64)
    share = np.zeros(MAXP)
    sc = np.zeros(MAXP)
    r = np.zeros(MAXP)
    nodes = 1
    entries = cap
    limit_ns = int(params[THINK_MS] * 1e6)
    start_ns = monotonic_ns() if limit_ns > 0 else 0
    for it in range(iters):
        if (limit_ns > 0 and it > 0 and it % CLOCK_EVERY == 0
                and monotonic_ns() - start_ns >= limit_ns):
            break
        copy_into(w, s)
        sample_hidden(w, t, me, rng)  # noqa: F821
        if mode == DECOUPLED:
            rewind(w, t)  # noqa: F821 (the round's secret choices laid before me, taken back)
        node = 0
        plen = 1
        steps = 0
        grown = False
        anchor = -1  # the node where the current run of secret choices began
        chose = 0    # the seats that chose secretly since (bit mask)
        while w[PHASE_SLOT] != OVER_PHASE and not grown and steps < MAX_STEPS:  # noqa: F821
            k = narrow(params, w, t, o, engine_legal(w, t, o))  # noqa: F821 (restricted play)
            steps += 1
            if k == 1:
                engine_apply(w, t, o[0], tr)  # noqa: F821
                continue
            p = w[SEAT_SLOT]  # noqa: F821
            if (SECRET >> w[DK_SLOT]) & 1:  # noqa: F821
                if anchor < 0 or (chose >> p) & 1:  # a seat chooses again: a new round
                    anchor = node
                    chose = 0
                chose |= 1 << p
                if p != me and mode != TREE:
                    j = rollout(rk, row, w, t, o, k, rng)  # noqa: F821
                    if mode == DECOUPLED:  # the seat's own statistics at the anchor pick
                        bc, have, total = _select(dchild[anchor], p, code, sib, owner, visits,
                                                  avail, fav, reward, o, k, mark, expl,
                                                  prior, p)
                        room = k if widen <= 0 else min(k, 1 + int(widen * np.sqrt(total)))
                        if have < room and entries < size:
                            j, favoured = _grow(j, have, k, mark, rng)
                            e = entries
                            entries += 1
                            code[e] = o[j]
                            owner[e] = p
                            fav[e] = favoured
                            avail[e] = 1
                            sib[e] = dchild[anchor]
                            dchild[anchor] = e
                            path[plen] = e
                            plen += 1
                        elif bc >= 0:
                            j = _index_of(o, k, code[bc])
                            path[plen] = bc
                            plen += 1
                    engine_apply(w, t, o[j], tr)  # noqa: F821
                    continue
            else:
                anchor = -1
            bc, have, total = _select(child[node], -1, code, sib, owner, visits, avail, fav,
                                      reward, o, k, mark, expl, prior, p)
            room = k if widen <= 0 else min(k, 1 + int(widen * np.sqrt(visits[node])))
            if have < room and nodes < cap:
                first = (_value_pick(params, w, t, o, k, p, after, r, tr) if by_value
                         else rollout(rk, row, w, t, o, k, rng))  # noqa: F821
                j, favoured = _grow(first, have, k, mark, rng)
                nn = nodes
                nodes += 1
                code[nn] = o[j]
                fav[nn] = favoured
                avail[nn] = 1
                sib[nn] = child[node]
                child[node] = nn
                engine_apply(w, t, o[j], tr)  # noqa: F821
                path[plen] = nn
                plen += 1
                grown = True
            elif bc >= 0:
                engine_apply(w, t, code[bc], tr)  # noqa: F821
                node = bc
                path[plen] = node
                plen += 1
            else:  # the tree is full: leave the rest to the rollout
                grown = True
        played = 0
        while w[PHASE_SLOT] != OVER_PHASE and steps < MAX_STEPS:  # noqa: F821
            k = engine_legal(w, t, o)  # noqa: F821
            steps += 1
            j = 0
            if k > 1:
                if depth > 0 and played >= depth:
                    break
                j = rollout(rk, row, w, t, o, k, rng)  # noqa: F821
                played += 1
            engine_apply(w, t, o[j], tr)  # noqa: F821
        _reward(params, w, t, rank, share, sc, r)
        for i in range(plen):
            v = path[i]
            visits[v] += 1
            for q in range(MAXP):
                reward[v, q] += r[q]
    return code, child, dchild, sib, owner, visits, reward, nodes, entries


def _choose(params, s, t, opts, n, rng):
    """Index into opts[:n]: the root child most visited by the search."""
    me = s[SEAT_SLOT]  # noqa: F821
    code, child, _, sib, _, visits, reward, _, _ = search_tree(params, s, t, rng)
    best_i = 0
    best_v = -1.0
    best_r = -1e300
    c = child[0]
    while c >= 0:
        j = _index_of(opts, n, code[c])
        if j >= 0:
            mean = reward[c, me] / max(visits[c], 1.0)
            if visits[c] > best_v or (visits[c] == best_v and mean > best_r):
                best_v = visits[c]
                best_r = mean
                best_i = j
        c = sib[c]
    return best_i


def _utilities(coef, s, t, out):
    """Every seat's utility z_p under the model `coef` (a row from VALUE_ROW) into out."""
    g = progress(s, t)  # noqa: F821 (bound per game)
    f = stack_array(MAX_FEATURES, 0, np.float64)
    for p in range(s[NP_SLOT]):  # noqa: F821
        features(s, t, p, f)  # noqa: F821
        z = 0.0
        for k in range(NF):  # noqa: F821
            z += (coef[2 * k] + coef[2 * k + 1] * g) * f[k]
        out[p] = z


def learned_utilities(game: Game, module: ModuleType, np_slot: int) -> Callable:
    """The compiled `utilities(coef, s, t, out)` of a game's features module (its learned value
    models, strategies.common.value); s[np_slot] is the number of players."""
    if not 1 <= len(module.FEATURES) <= MAX_FEATURES:
        raise RuntimeError(f"{game.name}: {len(module.FEATURES)} features; 1..{MAX_FEATURES} "
                           f"are supported")
    return compiled_for(_utilities, f"{game.name}_mcts",
                        {"progress": module.progress, "features": module.features,
                         "NP_SLOT": np_slot, "NF": len(module.FEATURES)})



@njit
def no_rewind(s, t):
    """The rewind of a game whose secret choices the sampler redraws as they lie."""


def _score_each(row, s, t, out):
    """Every seat's score if the game ended now, `score(s, t, p)`, into out[:players] (the
    rollout preset's row unused)."""
    for p in range(s[NP_SLOT]):  # noqa: F821 (bound per game)
        out[p] = score(s, t, p)  # noqa: F821


def _keyed_shares(s, t, rank, share):
    """The final win shares (and ranks) of the game's `standings(s, t, key, rank, share)`, the
    seats' sort keys written to scratch."""
    key = np.zeros(s[NP_SLOT], KEY_DTYPE)  # noqa: F821
    standings(s, t, key, rank, share)  # noqa: F821


def score_valuation(game: Game, score: Callable, np_slot: int) -> Callable:
    """The valuation `scores(row, s, t, out)` (`kernel`) of a game whose cut-off values each
    seat by its compiled `score(s, t, p)` if the game ended now; s[np_slot] is the number of
    players."""
    return compiled_for(_score_each, f"{game.name}_mcts", {"score": score, "NP_SLOT": np_slot})


def standings_shares(game: Game, standings: Callable, np_slot: int,
                     key_dtype: type = np.int64) -> Callable:
    """The final win shares `shares(s, t, rank, share)` (`kernel`) of a game whose compiled
    `standings(s, t, key, rank, share)` also writes the seats' sort keys (of key_dtype)."""
    return compiled_for(_keyed_shares, f"{game.name}_mcts",
                        {"standings": standings, "NP_SLOT": np_slot, "KEY_DTYPE": key_dtype})


def tree_search(choose: Callable) -> Callable:
    """The `_search` bound with a game's `choose` (`kernel`'s result): the tree it grows, for
    tests and tools."""
    return getattr(choose, "py_func", choose).__globals__["search_tree"]


def secret_kinds(kinds: Any) -> int:
    """Bit mask of a game's decision kinds marked "secret" (0 when it has none)."""
    return kinds.mask("secret") if kinds.with_prop("secret") else 0


def kernel(game: Game, module: str, scores: Callable, shares: Callable,
           np_slot: int, rewind: Callable = no_rewind) -> Callable:
    """The compiled `choose(params, s, t, opts, n, rng)` of the search for `game`, whose kernel
    module `module` must come last in `game.kernels` (the kernels before it are the rollout
    policies, with the same ids). `scores(row, s, t, out)` writes every seat's valuation (row:
    the rollout preset's parameters), `shares(s, t, rank, share)` the final win shares,
    s[np_slot] is the number of players, and `rewind(s, t)` takes back, on a determinized copy
    where the deciding seat makes a secret choice, the secret choices of its round made before
    it, so the round is asked again from its first seat (`decoupled` only)."""
    if game.kernels[-1] != module:
        raise RuntimeError(f"{game.name}: the search kernel {module} must be the last kernel")
    if game.hidden is None:
        raise RuntimeError(f"{game.name}: the search needs the game's hidden-information "
                           f"sampler (Game.hidden)")
    modules = [importlib.import_module(name) for name in game.kernels[:-1]]
    e = game.engine
    rollout = dispatcher(f"{game.name}_rollout", modules, narrower(game, False))
    namespace = {"sample_hidden": game.hidden, "rollout": rollout,
                 "narrow": narrower(game, False), "scores": scores, "shares": shares,
                 "rewind": rewind,
                 "utilities": learned_utilities(game, feature_module(game.name), np_slot),
                 "SEAT_SLOT": e.seat_slot, "PHASE_SLOT": e.phase_slot,
                 "OVER_PHASE": e.over_phase, "NP_SLOT": np_slot, "STATE_SIZE": e.state_size,
                 "MAX_OPTIONS": e.max_options, "DK_SLOT": e.decision_slot,
                 "SECRET": secret_kinds(e.decisions)}
    namespace["engine_legal"], namespace["engine_apply"] = engine_calls(game)
    namespace["_reward"] = compiled_for(_reward, f"{game.name}_mcts", namespace,
                                        inline="always")
    namespace["_index_of"] = compiled_for(_index_of, f"{game.name}_mcts", {}, inline="always")
    namespace["_select"] = compiled_for(_select, f"{game.name}_mcts", namespace,
                                        inline="always")
    namespace["_grow"] = compiled_for(_grow, f"{game.name}_mcts", namespace, inline="always")
    namespace["_value_pick"] = compiled_for(_value_pick, f"{game.name}_mcts", namespace,
                                            inline="always")
    # compiled into choose: a compiled caller of its own would optimise the whole search again
    namespace["search_tree"] = compiled_for(_search, f"{game.name}_mcts", namespace,
                                            inline="always")
    choose = compiled_for(_choose, f"{game.name}_mcts", namespace)
    choose.calls = rollout.late_slots(range(len(modules)))  # filled with the search's slot
    return choose
