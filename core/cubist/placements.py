"""Where a die may go in each work room, kept in the state so that listing the placements
reads it instead of scanning the room (CUBIST-R11..R14).

Per room, ROOM_ROWS holds a bit per cell a die may reach (geometry.candidate_cells: the
occupied columns and the empty cells next to one; none in an empty room, whose only cell is the
centre) and ROOM_FITS each such cell's geometry.room_mask. A put updates the cell and its four
neighbours from the die's value alone; a lift, which is rare (Gris, Pascin), recomputes them;
emptying a room clears it. The checker compares both with `rebuild` of the room.
"""
from core.cubist import codes as C
from core.cubist import geometry as GEO
from core.cubist import state as S
from core.cubist.codes import SW, T
from core.cubist.state import P, VOFF
from core.jit import njit

ALL = (1 << C.NVAL) - 1


@njit(inline="always")
def rows_at(b, room):
    """Offset of a room's ROOM_ROWS words."""
    return b + P.ROOM_ROWS + room * C.GRID


@njit(inline="always")
def fits_at(b, room):
    """Offset of a room's ROOM_FITS words."""
    return b + P.ROOM_FITS + room * C.FIT_WORDS


@njit(inline="always")
def fit(s, fw, cell):
    """The kept room_mask of a cell (fw: the room's fits_at)."""
    return (s[fw + cell // C.FIT_PER_WORD] >> (cell % C.FIT_PER_WORD * C.NVAL)) & ALL


@njit(inline="always")
def keep(s, rw, fw, cell, reach, mask):
    """Set a cell's bit in ROOM_ROWS to reach (0 or 1) and its kept mask."""
    r, c = cell // C.GRID, cell % C.GRID
    s[rw + r] = (s[rw + r] & ~(1 << c)) | (reach << c)
    w, shift = fw + cell // C.FIT_PER_WORD, cell % C.FIT_PER_WORD * C.NVAL
    s[w] = (s[w] & ~(ALL << shift)) | (mask << shift)


@njit(_nrt=False)
def clear(s, b, room):
    """An empty room: nothing kept."""
    rw, fw = rows_at(b, room), fits_at(b, room)
    for i in range(C.GRID):
        s[rw + i] = 0
    for i in range(C.FIT_WORDS):
        s[fw + i] = 0


@njit(inline="always")
def reaches(s, at, cell):
    """CUBIST-R12: the column is occupied or orthogonally next to an occupied one."""
    r, c = cell // C.GRID, cell % C.GRID
    return s[at + cell] > 0 or (r > 0 and s[at + cell - C.GRID] > 0) or \
        (r < C.GRID - 1 and s[at + cell + C.GRID] > 0) or \
        (c > 0 and s[at + cell - 1] > 0) or (c < C.GRID - 1 and s[at + cell + 1] > 0)


@njit(_nrt=False)
def recompute(s, t, b, room, cell):
    """A cell's bit and mask from the room itself (the room is not empty)."""
    at = S.room_at(b, room)
    if reaches(s, at, cell):
        keep(s, rows_at(b, room), fits_at(b, room), cell, 1,
             GEO.room_mask(s, t, at, s[b + P.ROOM_N + room], cell))
    else:
        keep(s, rows_at(b, room), fits_at(b, room), cell, 0, 0)


@njit(inline="always")
def put(s, t, b, room, cell):
    """After a die was put on a column: the column takes only its value (CUBIST-R14), each
    empty neighbour is reached and counts the die by the adjacency rule (R13, geometry.touch:
    the same as room_mask over all of its touching dice)."""
    at = S.room_at(b, room)
    rw, fw = rows_at(b, room), fits_at(b, room)
    v = s[at + VOFF + cell]
    keep(s, rw, fw, cell, 1, 1 << (v - 1))
    strict = t[T.SWITCHES + SW.ADJACENCY] == 0
    r, c = cell // C.GRID, cell % C.GRID
    for dr, dc in GEO.STEPS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < C.GRID and 0 <= cc < C.GRID:
            n = rr * C.GRID + cc
            if s[at + n] == 0:
                was = (s[rw + rr] >> cc) & 1
                base = fit(s, fw, n) if was else (ALL if strict else 0)
                keep(s, rw, fw, n, 1, GEO.touch(strict, base, v))


@njit(_nrt=False)
def lift(s, t, b, room, cell):
    """After a die was lifted off a column (ROOM_N already counts it gone): an emptied room is
    cleared; an emptied column and its neighbours are recomputed."""
    if s[b + P.ROOM_N + room] == 0:
        clear(s, b, room)
        return
    if s[S.room_at(b, room) + cell] > 0:
        return  # the column still shows the same value
    recompute(s, t, b, room, cell)
    r, c = cell // C.GRID, cell % C.GRID
    for dr, dc in GEO.STEPS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < C.GRID and 0 <= cc < C.GRID:
            recompute(s, t, b, room, rr * C.GRID + cc)


@njit(_nrt=False)
def rebuild(s, t, b, room):
    """Everything kept for a room, from the room alone (scenario edits, the checker)."""
    clear(s, b, room)
    if s[b + P.ROOM_N + room] == 0:
        return
    for cell in range(C.NCELL):
        recompute(s, t, b, room, cell)


@njit(inline="always")
def cells(s, b, room, out):
    """Write into out, in row order, the cells a die may reach (the centre in an empty room);
    return how many."""
    if s[b + P.ROOM_N + room] == 0:
        out[0] = C.CENTRE
        return 1
    rw = rows_at(b, room)
    m = 0
    for r in range(C.GRID):
        bits = s[rw + r]
        if bits != 0:
            m = GEO.row_cells(r, bits, out, m)
    return m


@njit(inline="always")
def mask(s, b, room, cell):
    """geometry.room_mask of a cell that `cells` listed."""
    if s[b + P.ROOM_N + room] == 0:
        return ALL
    return fit(s, fits_at(b, room), cell)
