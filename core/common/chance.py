"""A game's sources of randomness, declared next to its state layout, and crossed deals.

Every engine draws a deal from one stream (core.common.rng), so one seed fixes every shuffle.
To ask how much of a result each source decides (the ship pile against the statute piles),
a game declares which slots of its dealt state each source fills: the shuffled pile and
whatever is dealt from it (hands, displays), the start player, and the stored stream
(core.common.stored_rng) where the engine draws again during play (dice, reshuffles):

    SOURCES = sources(G, O, P, (
        Source("ship pile", "CUBA-R5", "ships at the docks and the pile", ("O.SHIP", "O.PILE")),
        Source("statute piles", "CUBA-R6", "the four statute piles", ("O.STAT_PILE",)),
    ))

A field "G.X" or "O.X" is the state's slots of that field; "P.X" is that field in every
player block. A crossed deal (`crossed_deal`) takes each source's slots from the deal of that
source's seed, every other slot being the same in every deal: with one seed for all sources
it is exactly the deal of that seed, so the games of a default deal do not change.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np


class Source(NamedTuple):
    """One source of randomness: its name, the rule clause that draws it, what it decides,
    and the state fields it fills ("G.START", "O.PILE", "P.HAND": every player's)."""

    name: str
    clause: str
    doc: str
    fields: tuple[str, ...]


class Sources(NamedTuple):
    """A game's declared sources and, per state slot, the index of the source that fills it
    (-1: the same in every deal)."""

    sources: tuple[Source, ...]
    owner: np.ndarray

    @property
    def names(self) -> tuple[str, ...]:
        """The sources' names, in declaration order."""
        return tuple(s.name for s in self.sources)


def sources(g: Any, o: Any, p: Any, declared: Sequence[Source]) -> Sources:
    """The sources of a state laid out as globals `g`, shared areas `o` and player blocks `p`
    (o.PLAYERS holds the blocks; o.SIZE is the state's size). A slot belongs to one source at
    most (ValueError)."""
    owner = np.full(o.SIZE, -1, np.int32)
    seats = o.field("PLAYERS").size // p.SIZE
    for k, src in enumerate(declared):
        for name in src.fields:
            kind, _, field = name.partition(".")
            if kind == "P":
                f = p.field(field)
                at = [o.PLAYERS + seat * p.SIZE + f.offset + i
                      for seat in range(seats) for i in range(f.size)]
            elif kind in ("G", "O"):
                f = (g if kind == "G" else o).field(field)
                at = list(range(f.offset, f.offset + f.size))
            else:
                raise ValueError(f"{src.name}: field {name!r} is not G.X, O.X or P.X")
            if (owner[at] >= 0).any():
                raise ValueError(f"{src.name}: {name} already belongs to another source")
            owner[at] = k
    return Sources(tuple(declared), owner)


def crossed_deal(new_game: Callable[..., np.ndarray], declared: Sources, t: np.ndarray,
                 n_players: int, seeds: Sequence[int]) -> np.ndarray:
    """The dealt state whose source k is the one of the deal of seeds[k] (one seed per
    declared source); with all seeds equal, new_game(t, n_players, seed) itself."""
    if len(seeds) != len(declared.sources):
        raise ValueError(f"{len(seeds)} seeds for {len(declared.sources)} sources")
    s = np.array(new_game(t, n_players, int(seeds[0])))
    for k, seed in enumerate(seeds):
        if seed != seeds[0]:
            mine = declared.owner == k
            s[mine] = new_game(t, n_players, int(seed))[mine]
    return s
