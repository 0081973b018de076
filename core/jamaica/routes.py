"""Where a move on Jamaica's track can end (JAM-R11, R14, R21): the search along the board's
edges, and the table of every die move's ends that the rules vector carries (T.ROUTES).

A move of d steps (a die, 1..DIE_MAX) from a space in a race phase ends on the same spaces in
every game on the same board, so the table, built once when the rules data is loaded, answers
it without a search; a shortage fallback (JAM-R14) depends on what the ship holds and is
searched each time, as is a move with more than MAX_ENDS ends (none on the printed board,
whose moves have at most 2; a board variant may have them).
"""
import numpy as np

from core.jamaica import codes as C
from core.jit import njit, stack_array

RACE_SHIFT = 6  # a route end: space | race << RACE_SHIFT
MAX_PATHS = 16
NRACES = C.NRACES
MAX_ENDS = C.MAX_ROUTE_ENDS
SLOTS = 1 + MAX_ENDS  # a table entry: the number of ends, then the ends


@njit(inline="always")
def step_race(x, y, race, forward, can_finish):
    """Race phase after one step from x to y (JAM-R21); a finish stops the move."""
    if race == C.FINISHED:
        return race
    if forward:
        if y == 0:
            return C.FINISHED if race == C.RACING and can_finish else C.START
        if x == 0:
            return C.RACING
        return race
    if x == 0:
        return C.PRE_START
    if y == 0:
        return C.START
    return race


@njit(inline="always")
def add_end(opts, n, code):
    """Append a route end unless listed; return n."""
    for i in range(n):
        if opts[i] == code:
            return n
    opts[n] = code
    return n + 1


@njit(inline="always")
def payable(board, kind_at, cost_at, x, gold, food):
    """Whether a ship holding gold doubloons and food can pay space x's full cost (JAM-R13):
    free at Port Royal and lairs."""
    kind = board[kind_at + x]
    if kind == C.PORT:
        return gold >= board[cost_at + x]
    if kind == C.SEA:
        return food >= board[cost_at + x]
    return True


@njit(_nrt=False)
def search(board, edges, kind_at, cost_at, pos, race, steps, forward, can_finish, fallback,
           gold, food, code, opts):
    """Write code | end for the distinct ends (space | race << RACE_SHIFT) of a move of `steps`
    from space pos in race phase `race` along the edges at board[edges:] (JAM-R11), or of a
    shortage fallback: backward to the first space whose full cost the ship can pay (JAM-R14,
    with the ship's gold and food); one per branch at forks and merges. Returns how many."""
    at = stack_array(MAX_PATHS, 0, np.int32)
    phase = stack_array(MAX_PATHS, 0, np.int32)
    left = stack_array(MAX_PATHS, 0, np.int32)
    at[0] = pos
    phase[0] = race
    left[0] = steps
    top = 1
    n = 0
    while top > 0:
        top -= 1
        x, r, k = at[top], phase[top], left[top]
        for i in range(2):
            y = board[edges + 2 * x + i]
            if y < 0:
                continue
            r2 = step_race(x, y, r, forward, can_finish)
            done = r2 == C.FINISHED or (
                payable(board, kind_at, cost_at, y, gold, food) if fallback else k == 1)
            if done:
                n = add_end(opts, n, code | y | r2 << RACE_SHIFT)
            elif top < MAX_PATHS:
                at[top], phase[top], left[top] = y, r2, k - 1
                top += 1
    return n


@njit(inline="always")
def entry(pos, race, steps, forward, can_finish):
    """Offset in the route table of a die move (1 <= steps <= DIE_MAX): its key (one of
    C.ROUTE_KEYS, `move_of` decodes it) times SLOTS."""
    key = (((pos * NRACES + race) * C.DIE_MAX + steps - 1) * 2 + forward) * 2 + can_finish
    return key * SLOTS


@njit(inline="always")
def move_of(key):
    """(pos, race, steps, forward, can_finish) of a route table key (entry's inverse)."""
    can_finish, key = key % 2, key // 2
    forward, key = key % 2, key // 2
    steps, key = key % C.DIE_MAX + 1, key // C.DIE_MAX
    return key // NRACES, key % NRACES, steps, forward, can_finish


@njit
def _fill(board, n_spaces, out):
    """The route table of a board (NEXT, PREV, SPACE_KIND, SPACE_COST one after the other)
    into out; a move with more than MAX_ENDS ends gets the count -1 (search it)."""
    opts = np.zeros(MAX_PATHS * 2, np.int32)
    for key in range(C.ROUTE_KEYS):
        pos, race, steps, forward, can_finish = move_of(key)
        n = search(board, 0 if forward == 1 else 2 * n_spaces, 4 * n_spaces, 5 * n_spaces, pos,
                   race, steps, forward == 1, can_finish == 1, False, 0, 0, 0, opts)
        at = key * SLOTS
        out[at] = n if n <= MAX_ENDS else -1
        for i in range(min(n, MAX_ENDS)):
            out[at + 1 + i] = opts[i]


def table(nxt: np.ndarray, prev: np.ndarray, kind: np.ndarray, cost: np.ndarray) -> np.ndarray:
    """The ends of every die move on the board with these edges and spaces, laid out as
    `entry` reads them (int32[C.ROUTE_TABLE])."""
    board = np.concatenate([nxt, prev, kind, cost]).astype(np.int32)
    out = np.zeros(C.ROUTE_TABLE, np.int32)
    _fill(board, len(kind), out)
    return out
