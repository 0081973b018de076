"""The result columns every game's records start with (score, rank, win share, money) and
writing them from a finished state."""
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from core.common.arith import span_sum
from core.jit import njit

R_SCORE, R_RANK, R_WIN_SHARE, R_MONEY = range(4)
HEAD_NAMES = ("score", "rank", "win_share", "money")


def block_columns(fields: Iterable[Any], items: Mapping[str, Sequence[str]],
                  whole: Sequence[str] = ()) -> list[str]:
    """Record column names: the head, then each field of a layout block (core.common.layout)
    in order: its lower-cased name when it has one slot, else that name + "_" + each of
    items[name], or items[name] themselves for the fields named in `whole`."""
    columns = list(HEAD_NAMES)
    for f in fields:
        key = f.name.lower()
        if f.name in whole:
            columns += list(items[f.name])
        else:
            columns += [f"{key}_{name}" for name in items[f.name]] if f.size > 1 else [key]
    return columns


@njit
def seat_arrays(n_players):
    """Empty (rank, win share) arrays for a game's standings."""
    return np.zeros(n_players, np.int64), np.zeros(n_players)


@njit
def write_head(s, rec, rank, share, first, size, vp, money):
    """Score, rank, win share and money of every seat; seat p's state block starts at
    first + p * size, with its VP at offset vp and its money at offset money."""
    for p in range(rec.shape[0]):
        b = first + p * size
        rec[p, R_SCORE] = s[b + vp]
        rec[p, R_RANK] = rank[p]
        rec[p, R_WIN_SHARE] = share[p]
        rec[p, R_MONEY] = s[b + money]


@njit
def seat_ledgers(s, n_players, first, size, money, vp, vpsrc, nsrc, err_negative, err_ledger):
    """Invariants of every seat's block (first + p * size): money and VP not negative
    (err_negative), VP equal to the sum of its nsrc VP-by-source slots at vpsrc (err_ledger).
    Returns (0 or the error, the seats' money together)."""
    total = 0
    for p in range(n_players):
        b = first + p * size
        if s[b + money] < 0 or s[b + vp] < 0:
            return err_negative, total
        total += s[b + money]
        led = span_sum(s, b + vpsrc, nsrc)
        if led != s[b + vp]:
            return err_ledger, total
    return 0, total
