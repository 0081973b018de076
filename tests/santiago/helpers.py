"""Shared helpers for Santiago de Cuba tests: tables, states at a decision, options by tag.

Scenarios use the fixed layout of configs/games/santiago.toml (switch layout = "fixed"):
K1 pedro, K2 jose, K3 conchita, K4 miguel, K5 pablo, K6 maria, K7 martinez, K8 el_zorro,
K9 alonso; B1 bank, B2 casino, B3 church (white), B4 rum distillery, B5 harbour office,
B6 cigar factory (yellow), B7 black market, B8 trading office, B9 sawmill (red), B10
newspaper, B11 cafe, B12 customs office (blue).
"""
from __future__ import annotations

import numpy as np

from core.common.trace import no_trace
from core.santiago import actions as A
from core.santiago import codes as C
from core.santiago import state as S
from core.santiago.rules import advance
from tests.named_options import NamedOptions, flat_rules

K = {name: i + 1 for i, name in enumerate(C.CUBAN_KEYS)}    # stop of each Cuban (fixed)
B = {name: i for i, name in enumerate(C.BUILDING_KEYS)}     # slot of each building (fixed)


def flat_tables(**overrides) -> np.ndarray:
    """Flat rules vector of the fixed layout with switch overrides."""
    return flat_rules("santiago", **{"layout": "fixed", **overrides})


NAMED = NamedOptions("santiago", A.OT, A.tag_of, A.payload_of)
options = NAMED.codes    # the legal options of the pending decision
decode = NAMED.decode    # (tag name, payload) of an option
tags = NAMED.options     # (tag name, payload) of every legal option
choose = NAMED.choose    # apply the legal option with this tag (and payload)


def new(t: np.ndarray, n_players: int = 4, seed: int = 1) -> np.ndarray:
    """A new game, advanced to the first ship placement."""
    s = S.new_game(t, n_players, seed)
    advance(s, t, no_trace())
    return s


def at_drive(t: np.ndarray, n_players: int = 4, seed: int = 1,
             dice: tuple[int, ...] = (2, 2, 2, 2, -1)) -> np.ndarray:
    """A game at the start player's first drive, the ship's dice set to `dice`."""
    s = new(t, n_players, seed)
    choose(s, t, A.OT.SHIP, 4)
    assert s[S.G.DK] == S.DK.DRIVE
    set_dice(s, dice)
    return s


def set_dice(s: np.ndarray, dice: tuple[int, ...]) -> None:
    for k, v in enumerate(dice):
        s[S.O.DICE + k] = v


def goods(s: np.ndarray, p: int, kind: int) -> int:
    return int(s[S.pbase(p) + S.P.GOODS + kind])


def give_goods(s: np.ndarray, p: int, kind: int, n: int) -> None:
    """Move n goods of a kind from the bank to player p (conserving the supply)."""
    s[S.O.BANK + kind] -= n
    s[S.pbase(p) + S.P.GOODS + kind] += n


def pv(s: np.ndarray, p: int, slot: int) -> int:
    return int(s[S.pbase(p) + slot])


def drive_to(s: np.ndarray, t: np.ndarray, stop: int, distance: int = 1) -> None:
    """The active player drives `distance` stops ending at `stop` (the car is put before)."""
    s[S.G.CAR] = (stop - distance) % C.NSTOPS
    choose(s, t, A.OT.DRIVE, distance)
