"""The games as the CLI sees them: each game of the catalogue (core/games.py) with its
strategies bound (strategies.common.bound) and its errors turned into one-line UserErrors.

Everything is built from the game's descriptor (core.common.game.Game), so nothing here
changes when a game is added.
"""
from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from core import games as catalogue
from sim.errors import UserError, as_user_errors

if TYPE_CHECKING:
    from core.common import game as descriptor
    from strategies.common.registry import Registry

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class PlayableGame:
    """A game of the catalogue ready to play: its descriptor's parts with its strategies bound
    and its errors turned into UserErrors (the CLI and the runner use nothing else)."""

    name: str
    title: str
    load_tables: Callable[[dict[str, object] | None], Any]    # switch overrides -> tables
    switch_values: Callable[[dict[str, object] | None], dict[str, object]]
    switch_options: dict[str, tuple[object, ...]]             # switch name -> allowed values
    rules_data_hash: Callable[[], str]
    assumed_values: Callable[[], list[str]]                   # rules values labelled "assumed"
    player_range: Callable[[Any], tuple[int, int]]            # tables -> (min, max)
    strategy_names: Callable[[], list[str]]
    # seat names (restricted ones too: strategies.common.restrict) -> kernels, params
    resolve: Callable[[list[str]], tuple[np.ndarray, np.ndarray]]
    # (tables, n_players, seed, kernels, params, check=, trace=) -> GameResult(records, error,
    # trace)
    play_game: Callable[..., Any]
    # (tables, n_players, seeds, kernels, params, check=) -> (records[g, seat, col], errors[g]);
    # restricted seats' tallies left in params (strategies.common.restrict.counts)
    run_batch: Callable[..., tuple[np.ndarray, np.ndarray]]
    # (tables, n_players, seeds, kernels, params, states, check=) -> (records, errors): one game
    # from each dealt state states[g], the seats' streams from seeds[g]
    run_dealt: Callable[..., tuple[np.ndarray, np.ndarray]]
    # the deal's sources of randomness, in order (core.common.chance), and (tables, n_players,
    # one seed per source) -> the crossed deal: each source from its seed's deal
    sources: Callable[[], tuple[str, ...]]
    crossed_deal: Callable[..., np.ndarray]
    # kernel ids -> compile (or load) now the play loop and those kernels (core.late slots)
    prepare: Callable[[np.ndarray], None]
    record_columns: Callable[[], list[str]]
    error_names: tuple[str, ...]                              # invariant-checker error names
    colours: tuple[str, ...]                                  # seat colours
    trace: ModuleType                                         # public_state, event_dict, ...
    renderer: str                                             # its replay page's script
    # tables -> the rules values its replay page draws with (None: none)
    page_rules: Callable[[Any], dict[str, Any]] | None
    score_curve: Any                      # the seats' public scores (core.common.game.ScoreCurve)
    players: int                          # the player count benchmarks and goldens play
    # name, kernel, description, params of every strategy, for `meeplab strategies`
    strategy_info: Callable[[], list[dict[str, object]]]
    registry: Registry                                        # kernels and presets

    def knows(self, name: str, extra: Sequence[str] = ()) -> bool:
        """Whether `name` is a strategy of the game (a registered name, or one of `extra`),
        also forbidden an element the game declares (`<strategy>~<element>`)."""
        from strategies.common.restrict import element_of

        base, element = element_of(name)
        if base not in self.strategy_names() and base not in extra:
            return False
        elements = catalogue.get(self.name).elements
        return element is None or (elements is not None and element in elements.names)


def _seated(fn: Callable[..., Any], player_range: Callable[[Any], tuple[int, int]],
            width: int) -> Callable[..., Any]:
    """`fn(tables, n_players, seed(s), kernels, params, ...)` refusing, before the compiled
    engine indexes its per-seat arrays, a player count outside the rules data's range (which
    each game keeps within its engine's seats) or seat arrays of another shape."""
    @functools.wraps(fn)
    def checked(tables: Any, n_players: int, seeds: Any, kernels: np.ndarray,
                params: np.ndarray, *args: Any, **kwargs: Any) -> Any:
        low, high = player_range(tables)
        if not low <= n_players <= high:
            raise UserError(f"{n_players} players is out of range", f"use {low}..{high} players")
        if np.shape(kernels) != (n_players,) or np.shape(params) != (n_players, width):
            raise ValueError(f"seat arrays of shape {np.shape(kernels)} and "
                             f"{np.shape(params)} for {n_players} players")
        return fn(tables, n_players, seeds, kernels, params, *args, **kwargs)
    return checked


def _smoke_capped(registry: Any, resolve: Callable[..., tuple[np.ndarray, np.ndarray]]
                  ) -> Callable[..., tuple[np.ndarray, np.ndarray]]:
    """resolve, with the search seats' iterations capped at smoke scale (sim/smoke.py)."""
    from sim import smoke
    from strategies.common import search

    def capped(*args: Any, **kwargs: Any) -> tuple[np.ndarray, np.ndarray]:
        kernels, params = resolve(*args, **kwargs)
        if search.KERNEL in registry.kernels:
            smoke.cap_search(kernels, params, registry.kernels.index(search.KERNEL),
                             search.ITERATIONS)
        return kernels, params
    return capped


def _shown(path: Path) -> str:
    """A path as the user's fix names it: relative to the checkout when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


@functools.cache
def _facade(game: descriptor.Game) -> PlayableGame:
    """The CLI's view of a game: its descriptor's parts, its strategies bound, rules-data and
    preset errors as one-line UserErrors naming the file to fix."""
    from core.common.overlay import OverlayError
    from strategies.common import budget, restrict
    from strategies.common.bound import bound
    from strategies.common.registry import MAX_PARAMS, PresetError, UnknownStrategy
    from strategies.common.variants import loaders

    rules, strategies = game.rules, bound(game)
    registry = strategies.registry
    load_tables, switch_values = loaders(rules)
    data = as_user_errors((rules.error, OverlayError), f"fix {_shown(rules.default_path)}")
    presets = as_user_errors((PresetError,), f"fix {_shown(registry.path)}")

    def assumed_values() -> list[str]:
        return rules.assumed_values(rules.load_raw())

    def record_columns() -> list[str]:
        return list(game.record_columns)

    def sources() -> tuple[str, ...]:
        return game.engine.sources.names

    def crossed_deal(tables: Any, n_players: int, seeds: Sequence[int]) -> np.ndarray:
        from core.common.chance import crossed_deal as deal

        return deal(game.engine.new_game, game.engine.sources, rules.flatten(tables),
                    n_players, seeds)

    return PlayableGame(
        name=game.name,
        title=game.title,
        load_tables=data(load_tables),
        switch_values=data(switch_values),
        switch_options={key: opts for key, (_, opts) in rules.switches.options.items()},
        rules_data_hash=data(rules.rules_data_hash),
        assumed_values=data(assumed_values),
        player_range=game.player_range,
        strategy_names=presets(registry.names),
        resolve=as_user_errors((UnknownStrategy,), "see the registered names")(
            presets(_smoke_capped(registry, budget.resolver(registry, functools.partial(
                restrict.resolve, game, registry))))),
        play_game=_seated(strategies.loop.play_game, game.player_range, MAX_PARAMS),
        run_batch=_seated(restrict.runner(strategies.loop), game.player_range, MAX_PARAMS),
        run_dealt=_seated(strategies.loop.run_dealt, game.player_range, MAX_PARAMS),
        sources=sources,
        crossed_deal=crossed_deal,
        prepare=strategies.loop.prepare,
        record_columns=record_columns,
        error_names=game.error_names,
        colours=game.colours,
        trace=game.trace,
        renderer=game.renderer,
        page_rules=game.page_rules,
        score_curve=game.score_curve, players=game.players,
        strategy_info=presets(registry.describe),
        registry=registry,
    )


def names() -> list[str]:
    """Every game, in the catalogue's order."""
    return catalogue.names()


def get(name: str) -> PlayableGame:
    """The game called `name`; UserError if there is none."""
    if name not in catalogue.names():
        raise UserError(f"unknown game '{name}'", f"use one of: {', '.join(names())}")
    return _facade(catalogue.get(name))


def listing() -> list[dict[str, Any]]:
    """Every game's name, title, player range (default rules) and strategy names, read from
    its descriptor, rules data and preset files only: no strategy kernel is loaded (UserError
    naming the file to fix)."""
    from core.common.overlay import OverlayError
    from strategies.common.registry import PresetError, preset_names, presets_path

    rows = []
    for name in names():
        game = catalogue.get(name)
        data = as_user_errors((game.rules.error, OverlayError),
                              f"fix {_shown(game.rules.default_path)}")
        low, high = game.player_range(data(game.rules.load_tables)())
        path = presets_path(name)
        strategies = as_user_errors((PresetError,), f"fix {_shown(path)}")(preset_names)(path)
        rows.append({"name": name, "title": game.title, "players": [low, high],
                     "strategies": strategies})
    return rows


def report_sections() -> dict[str, Callable[..., list[Any]]]:
    """Each game's report sections by game name: the `sections(df, rules)` of the module its
    descriptor names (reports/ imports no core, so the report is handed these)."""
    found = (catalogue.get(name) for name in catalogue.names())
    return {g.name: importlib.import_module(g.report).sections for g in found if g.report}
