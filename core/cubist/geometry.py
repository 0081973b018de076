"""Cubist geometry (compiled): where a die may go in a work room or the museum (CUBIST-R11..R14,
R26, Q1), whether removing a column's last die splits an installation, matching an
installation against a card up to rotation (CUBIST-R16, R23, Q7), and the museum's
completability (CUBIST-R27).

A work room is GRID x GRID columns from offset `at` (heights at at + cell, values at
at + VOFF + cell); the museum is MROWS x MCOLS columns with the plan's heights as bounds.
"""
from core.cubist import codes as C
from core.cubist.codes import SW, T
from core.cubist.state import O, VOFF
from core.cubist.codes import NCELL, MCELL  # literal sizes for stack_array
from core.jit import njit, stack_array
import numpy as np

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
OCC_ROWS = C.GRID + 2  # a room's rows with an empty one either side (a literal size)


@njit(inline="always")
def next_to(u):
    """Bit v - 1 set for the values v that may touch a die showing u (u +- 1, no wrap)."""
    return ((1 << (u - 2)) if u > 1 else 0) | ((1 << u) if u < C.NVAL else 0)


@njit(inline="always")
def touch(strict, mask, u):
    """CUBIST-R13, Q1: the values still allowed at a ground cell (mask) once a touching die
    showing u is counted: +-1 from every touching die when strict, from one when lenient."""
    fits = next_to(u)
    return (mask & fits) if strict else (mask | fits)


@njit(inline="always")
def room_mask(s, t, at, n_dice, cell):
    """Bit v - 1 set for each value v a die may be placed with at a work-room cell (CUBIST-R11
    first die at the centre, R12 adjacent or on top, R13 +-1 from every touching die (strict)
    or from one (lenient), R14 equal values)."""
    if n_dice == 0:
        return 0x3F if cell == C.CENTRE else 0
    h = s[at + cell]
    if h > 0:
        return 1 << (s[at + VOFF + cell] - 1)
    r, c = cell // C.GRID, cell % C.GRID
    strict = t[T.SWITCHES + SW.ADJACENCY] == 0
    mask = 0x3F if strict else 0
    count = 0
    if r > 0 and s[at + cell - C.GRID] > 0:
        count += 1
        mask = touch(strict, mask, s[at + VOFF + cell - C.GRID])
    if r < C.GRID - 1 and s[at + cell + C.GRID] > 0:
        count += 1
        mask = touch(strict, mask, s[at + VOFF + cell + C.GRID])
    if c > 0 and s[at + cell - 1] > 0:
        count += 1
        mask = touch(strict, mask, s[at + VOFF + cell - 1])
    if c < C.GRID - 1 and s[at + cell + 1] > 0:
        count += 1
        mask = touch(strict, mask, s[at + VOFF + cell + 1])
    return mask if count > 0 else 0


@njit(inline="always")
def centre_out(i):
    """The i-th row of a room from the centre outward: mid, mid + 1, mid - 1, mid + 2, ...
    (GRID is odd: the first die goes to the centre). Scans that stop once a room's dice are
    all found visit the rows in this order."""
    mid = C.GRID // 2
    return mid + ((i + 1) >> 1) if i & 1 else mid - (i >> 1)


@njit(inline="always")
def room_rows(s, at, n_dice, occ):
    """Fill occ[r + 1] with bit c set for each occupied column (r, c) of a room (occ[0] and
    occ[GRID + 1] stay 0: a row of margin either side); return (first, last) occupied row,
    (GRID, -1) when empty. n_dice is the room's dice (the heights' sum): rows are scanned from
    the centre outward and the scan stops once they are all found."""
    for i in range(OCC_ROWS):
        occ[i] = 0
    lo, hi = C.GRID, -1
    found = 0
    for i in range(C.GRID):
        if found >= n_dice:
            break
        r = centre_out(i)
        base = at + r * C.GRID
        bits = 0
        for c in range(C.GRID):  # without branches: which cells are occupied is unpredictable
            h = s[base + c]
            found += h
            bits |= min(h, 1) << c
        occ[r + 1] = bits
        if bits != 0:
            lo, hi = min(lo, r), max(hi, r)
    return lo, hi


@njit(inline="always")
def row_cells(r, bits, cells, m):
    """Append the cells of row r whose bit is set in bits (columns rising); return the count."""
    for c in range(C.GRID):  # written always, kept when set: no branch to mispredict
        cells[m] = r * C.GRID + c
        m += (bits >> c) & 1
    return m


@njit(_nrt=False)
def candidate_cells(s, at, n_dice, cells):
    """Write into cells, in row order, the cells a die may go to by CUBIST-R11, R12: the
    occupied columns and the empty cells orthogonally next to one (the centre alone when the
    room is empty); return how many."""
    if n_dice == 0:
        cells[0] = C.CENTRE
        return 1
    occ = stack_array(OCC_ROWS, 0, np.int64)
    lo, hi = room_rows(s, at, n_dice, occ)
    m = 0
    for r in range(max(lo - 1, 0), min(hi + 1, C.GRID - 1) + 1):
        o = occ[r + 1]
        m = row_cells(r, o | o << 1 | o >> 1 | occ[r] | occ[r + 2], cells, m)
    return m


@njit(_nrt=False)
def occupied_cells(s, at, n_dice, cells):
    """Write into cells, in row order, the room's occupied columns; return how many."""
    occ = stack_array(OCC_ROWS, 0, np.int64)
    lo, hi = room_rows(s, at, n_dice, occ)
    m = 0
    for r in range(lo, hi + 1):
        m = row_cells(r, occ[r + 1], cells, m)
    return m


@njit(_nrt=False)
def connected(s, at):
    """Whether the occupied cells of a room form one orthogonally connected structure."""
    seen = stack_array(NCELL, 0, np.int32)
    queue = stack_array(NCELL, 0, np.int32)
    first = -1
    total = 0
    for i in range(C.NCELL):
        seen[i] = 0
        if s[at + i] > 0:
            total += 1
            if first < 0:
                first = i
    if total <= 1:
        return True
    head, tail = 0, 1
    queue[0] = first
    seen[first] = 1
    while head < tail:
        cell = queue[head]
        head += 1
        r, c = cell // C.GRID, cell % C.GRID
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < C.GRID and 0 <= cc < C.GRID:
                n = rr * C.GRID + cc
                if s[at + n] > 0 and seen[n] == 0:
                    seen[n] = 1
                    queue[tail] = n
                    tail += 1
    return tail == total


@njit(_nrt=False)
def removable(s, t, at, cell):
    """Whether Gris or Pascin may take a die from this column without splitting the
    installation (CUBIST §6.1, Q9): a column of several dice loses its top die, one of a single
    die must leave the rest connected."""
    h = s[at + cell]
    if h == 0:
        return False
    if h > 1:
        return True
    s[at + cell] = 0
    ok = connected(s, at)
    s[at + cell] = 1
    return ok


@njit(_nrt=False)
def bbox(s, at, n_dice):
    """(top row, left column, rows, columns) of a room's occupied cells; rows 0 when empty.
    n_dice is the room's dice (the heights' sum): rows are scanned from the centre outward and
    the scan stops once they are all found."""
    r0, c0, r1, c1 = C.GRID, C.GRID, -1, -1
    found = 0
    for i in range(C.GRID):
        if found >= n_dice:
            break
        r = centre_out(i)
        base = at + r * C.GRID
        for c in range(C.GRID):
            h = s[base + c]
            if h > 0:
                found += h
                r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
    if r1 < 0:
        return 0, 0, 0, 0
    return r0, c0, r1 - r0 + 1, c1 - c0 + 1


@njit(_nrt=False)
def matches(s, t, at, n_dice, card):
    """CUBIST-R23: the room's structure equals the card's plan after some rotation (or, under
    allow_mirror, reflection): footprint and every column height, no extra dice, fixed-value
    cells showing their value."""
    if n_dice != t[T.INST_DICE + card]:
        return False
    r0, c0, rows, cols = bbox(s, at, n_dice)
    orients = C.NORIENT if t[T.SWITCHES + SW.ALLOW_MIRROR] == 1 else C.NORIENT // 2
    for o in range(orients):
        k = card * C.NORIENT + o
        if t[T.INST_SHAPE + 2 * k] != rows or t[T.INST_SHAPE + 2 * k + 1] != cols:
            continue
        ok = True
        for r in range(rows):
            for c in range(cols):
                cell = (r0 + r) * C.GRID + c0 + c
                pc = k * C.PLAN_CELLS + r * C.PLAN + c
                fix = t[T.INST_FIX + pc]
                if s[at + cell] != t[T.INST_H + pc] or (fix > 0 and s[at + VOFF + cell] != fix):
                    ok = False
        if ok:
            return True
    return False


# --- the museum (CUBIST-R26, R27) ------------------------------------------------------------

@njit(inline="always")
def plan_height(t, museum, cell):
    return t[T.MUS_H + museum * C.MCELL + cell]


@njit(inline="always")
def museum_mask(s, t, museum, cell):
    """Bit v - 1 set for each value v a die may take at a museum cell by CUBIST-R26 without
    R27: on the plan below its height, on an equal value, or at ground level next to museum
    dice under the adjacency rule (+-1 from every touching die when strict, from one when
    lenient)."""
    h = s[O.MUS_H + cell]
    if h >= plan_height(t, museum, cell):
        return 0
    if h > 0:
        return 1 << (s[O.MUS_V + cell] - 1)
    r, c = cell // C.MCOLS, cell % C.MCOLS
    strict = t[T.SWITCHES + SW.ADJACENCY] == 0
    mask = 0x3F if strict else 0
    count = 0
    for n in (cell - C.MCOLS if r > 0 else -1, cell + C.MCOLS if r < C.MROWS - 1 else -1,
              cell - 1 if c > 0 else -1, cell + 1 if c < C.MCOLS - 1 else -1):
        if n >= 0 and s[O.MUS_H + n] > 0:
            count += 1
            mask = touch(strict, mask, s[O.MUS_V + n])
    return mask if count > 0 else 0


@njit(_nrt=False)
def museum_fits(s, t, museum, cell, v):
    """CUBIST-R26 without R27 for a die of value v (museum_mask)."""
    return (museum_mask(s, t, museum, cell) >> (v - 1)) & 1 == 1


@njit(_nrt=False)
def completable(s, t, museum):
    """CUBIST-R27: every empty plan cell can get a value 1-6 so that all touching plan columns
    differ by exactly 1 (filled ones included). Backtracking over the empty cells in cell
    order, each value checked against its assigned or filled neighbours."""
    val = stack_array(MCELL, 0, np.int32)
    empty = stack_array(MCELL, 0, np.int32)
    m = 0
    for cell in range(C.MCELL):
        val[cell] = s[O.MUS_V + cell] if s[O.MUS_H + cell] > 0 else 0
        if plan_height(t, museum, cell) == 0:
            continue
        if val[cell] == 0:
            empty[m] = cell
            m += 1
        else:  # two filled columns that touch must already differ by 1
            r, c = cell // C.MCOLS, cell % C.MCOLS
            if c + 1 < C.MCOLS and s[O.MUS_H + cell + 1] > 0 and \
                    abs(s[O.MUS_V + cell + 1] - val[cell]) != 1:
                return False
            if r + 1 < C.MROWS and s[O.MUS_H + cell + C.MCOLS] > 0 and \
                    abs(s[O.MUS_V + cell + C.MCOLS] - val[cell]) != 1:
                return False
    i = 0
    while 0 <= i < m:
        cell = empty[i]
        v = val[cell] + 1
        placed = False
        while v <= C.NVAL:
            r, c = cell // C.MCOLS, cell % C.MCOLS
            ok = True
            for dr, dc in STEPS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < C.MROWS and 0 <= cc < C.MCOLS:
                    n = rr * C.MCOLS + cc
                    if plan_height(t, museum, n) > 0 and val[n] > 0 and abs(val[n] - v) != 1:
                        ok = False
            if ok:
                placed = True
                break
            v += 1
        if placed:
            val[cell] = v
            i += 1
        else:
            val[cell] = 0
            i -= 1
    return i == m


@njit(_nrt=False)
def stays_completable(s, t, museum, cell, v):
    """CUBIST-R27 for a die of value v at a museum cell it fits (museum_mask)."""
    if s[O.MUS_H + cell] > 0:
        return True  # stacking on an equal value changes no column's value
    s[O.MUS_H + cell] = 1
    s[O.MUS_V + cell] = v
    ok = completable(s, t, museum)
    s[O.MUS_H + cell] = 0
    s[O.MUS_V + cell] = 0
    return ok


@njit(_nrt=False)
def museum_allows(s, t, museum, cell, v):
    """CUBIST-R26 and R27: the die fits, and the museum stays completable with it."""
    return museum_fits(s, t, museum, cell, v) and stays_completable(s, t, museum, cell, v)


@njit(_nrt=False)
def museum_complete(s, t, museum):
    """Whether every museum plan column stands at its plan height."""
    for cell in range(C.MCELL):
        if s[O.MUS_H + cell] < plan_height(t, museum, cell):
            return False
    return True
