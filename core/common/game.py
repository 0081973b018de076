"""What a game is, declared once: the typed descriptor every game's core/<game>/game.py fills in
(its `GAME`) and the catalogue core/games.py lists.

The play loop (core.common.loop.bind), the strategies (strategies.common.bound), `sim`, the
reports (through sim) and the tests read a game only through its descriptor; nothing finds a
game by the name of its folders or modules. docs/contributing/adding-a-game.md is the recipe.
"""
from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple

from core.common.chance import Sources
from core.common.elements import Elements
from core.common.option_text import OptionTexts
from core.common.tables import RulesFile


@dataclass(frozen=True)
class Engine:
    """The compiled hooks and constants the shared play loop (core.common.loop) binds."""

    new_game: Callable[..., Any]       # (t, n_players, seed) -> state s
    advance: Callable[..., Any]        # (s, t, tr): runs to the first decision
    legal: Callable[..., Any]          # (s, t, opts) -> number of options written to opts
    apply: Callable[..., Any]          # (s, t, option, tr)
    check_state: Callable[..., Any]    # (s, t) -> 0 or an invariant error code
    write_records: Callable[..., Any]  # (s, t, decisions, rec[seat, :]) of a finished game
    state_size: int                    # length of the state s
    seats: int                         # player blocks the state holds: the most players it seats
    max_options: int                   # most legal options at one decision
    nrec: int                          # record columns per seat
    seat_slot: int                     # s[seat_slot]: the deciding seat
    phase_slot: int                    # s[phase_slot] == over_phase: the game has ended
    over_phase: int
    decisions: Any                     # the decision kinds (core.common.layout.decisions: DK)
    decision_slot: int                 # s[decision_slot]: the pending kind, DK.NONE for none
    record_columns: tuple[str, ...]    # per-seat record columns, in write_records' order
    error_names: tuple[str, ...]       # invariant error code -> name
    # (t, n_players) -> most decision points a game can take by its rules: the loop's
    # safeguard (ERR_STUCK beyond it); play.max_steps, else errors.MAX_STEPS
    max_steps: Callable[..., Any]
    # the deal's sources of randomness and the state slots each fills (core.common.chance)
    sources: Sources

    @classmethod
    def of(cls, state: ModuleType, actions: ModuleType, rules: ModuleType, check: ModuleType,
           play: ModuleType) -> Engine:
        """The engine of a game's modules, each holding its part of the interface every engine
        implements (docs/contributing/adding-a-game.md): state.new_game, STATE_SIZE, SOURCES,
        G.CUR, G.PHASE, G.DK, PH.OVER, DK and the player blocks O.PLAYERS of P.SIZE; actions.legal
        and MAX_OPTIONS; rules.advance and apply; check.check_state and ERR_NAMES;
        play.write_records, NREC and record_columns; and play.max_steps where the game bounds
        its own length (else the shared safeguard)."""
        from core.common.errors import fixed_max_steps   # compiled: not for `meeplab games`

        return cls(new_game=state.new_game, advance=rules.advance, legal=actions.legal,
                   apply=rules.apply, check_state=check.check_state,
                   write_records=play.write_records, state_size=state.STATE_SIZE,
                   seats=state.O.field("PLAYERS").size // state.P.SIZE,
                   max_options=actions.MAX_OPTIONS, nrec=play.NREC, seat_slot=state.G.CUR,
                   phase_slot=state.G.PHASE, over_phase=state.PH.OVER, decisions=state.DK,
                   decision_slot=state.G.DK, record_columns=tuple(play.record_columns()),
                   error_names=check.ERR_NAMES,
                   max_steps=getattr(play, "max_steps", fixed_max_steps),
                   sources=state.SOURCES)


class Parts(NamedTuple):
    """The parts of a game that import its compiled engine."""

    engine: Engine
    trace: ModuleType                  # trace decoder: public_state, event_dict, log_lines, ...
    # The hidden-information sampler, compiled `sample_hidden(s, t, me, rng)`
    # (core/<game>/hidden.py): redraws in place what seat `me` may not see (hands, face-down
    # cards, draw piles, the stored random stream), computed only from what `me` sees. The
    # search kernel determinizes with it; the no-peeking tests use it. None: not declared.
    hidden: Callable[..., Any] | None = None
    # The elements restricted play forbids one at a time (core.common.elements): names and the
    # compiled option -> element mask. None: not declared.
    elements: Elements | None = None
    # Each legal option as a short text, `option_text(option, s, tables) -> str` at the state
    # `s` of its decision (core/<game>/option_text.py, core.common.option_text). None: not
    # declared.
    option_text: OptionTexts | None = None


class ScoreCurve(NamedTuple):
    """Every seat's public score as a game goes, from its trace: the curve its replay page
    draws and the dossier's course measures."""

    label: str                 # what the score counts, for people: "VP"
    # (events, public states, page rules) of a trace -> per event, every seat's score after it
    # (the page's rules: the descriptor's page_rules); the last event's is the final score,
    # which `curve` puts in
    scores: Callable[[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]],
                     list[list[float]]]

    def curve(self, events: list[dict[str, Any]], states: list[dict[str, Any]],
              final: dict[str, Any], rules: dict[str, Any], players: int) -> list[list[float]]:
        """Per event, the seats' scores after it; the final line's scores after the last."""
        out = [[float(v) for v in row[:players]] for row in self.scores(events, states, rules)]
        if out:
            out[-1] = [float(v) for v in final["scores"]]
        return out


def engine_parts(package: str) -> Callable[[], Parts]:
    """The loader of a game package's parts (docs/contributing/adding-a-game.md: state,
    actions, rules, check, play, trace, hidden, elements and option_text modules), importing
    them when first called."""
    def load() -> Parts:
        m = {name: importlib.import_module(f"{package}.{name}") for name in (
            "state", "actions", "rules", "check", "play", "trace", "hidden", "elements",
            "option_text")}
        return Parts(Engine.of(m["state"], m["actions"], m["rules"], m["check"], m["play"]),
                     m["trace"], m["hidden"].sample_hidden, m["elements"].ELEMENTS,
                     m["option_text"].option_text)
    return load


@dataclass(frozen=True, eq=False)  # one instance per game: compared and hashed by identity
class Game:
    """One game: its rules data, strategies and presentation, and its engine's parts (imported
    when first used: listing the games, or reading their rules data, compiles nothing)."""

    name: str                          # CLI, configs and results: "cuba"
    title: str                         # for people: "Santiago de Cuba"
    clause_prefix: str                 # rule-clause ids of ../shared/rules/ (CUBA-R9, CUBA-Q6)
    # the rules-data file (core/<game>/tables.py FILE): load_tables, switch_values,
    # rules_data_hash, assumed_values, flatten; `rules.error` is the game's RulesDataError,
    # `rules.switches.options` its SWITCH_OPTIONS (switch name -> (index, allowed values))
    rules: RulesFile
    colours: tuple[str, ...]           # seat colours, first seat first
    player_range: Callable[[Any], tuple[int, int]]  # tables -> (fewest, most) players
    # strategy kernel modules as dotted names (core imports no strategy); a kernel's id is its
    # index, so append new kernels: presets name kernels, results record strategies
    kernels: tuple[str, ...]
    report: str | None                 # dotted name of the report-sections module, or None
    # the replay page's renderer: a script of the reports.replay package (reports/replay/),
    # inlined into each page of the game, that draws its public states
    renderer: str
    parts: Callable[[], Parts]         # engine, trace, hidden, elements (engine_parts)
    # (tables) -> the rules values its replay page draws with that a trace does not carry
    # (core/<game>/page.py); None: the page needs none
    page_rules: Callable[[Any], dict[str, Any]] | None = None
    # every seat's public score as the game goes (per_seat, or the game's own)
    score_curve: ScoreCurve | None = None
    # the player count benchmarks and golden records play (a common table size)
    players: int = 4

    @functools.cached_property
    def _parts(self) -> Parts:
        return self.parts()

    @property
    def engine(self) -> Engine:
        """The compiled hooks and constants the play loop binds."""
        return self._parts.engine

    @property
    def trace(self) -> ModuleType:
        """The trace decoder (core/<game>/trace.py)."""
        return self._parts.trace

    @property
    def hidden(self) -> Callable[..., Any] | None:
        """The hidden-information sampler (Parts.hidden)."""
        return self._parts.hidden

    @property
    def elements(self) -> Elements | None:
        """The elements restricted play forbids (Parts.elements)."""
        return self._parts.elements

    @property
    def option_text(self) -> OptionTexts | None:
        """A legal option as a short text at its decision's state (Parts.option_text)."""
        return self._parts.option_text

    @property
    def record_columns(self) -> tuple[str, ...]:
        """Per-seat record columns, in the engine's order."""
        return self.engine.record_columns

    @property
    def error_names(self) -> tuple[str, ...]:
        """Invariant error code -> name."""
        return self.engine.error_names


def misc_player_range(low: int, high: int) -> Callable[[Any], tuple[int, int]]:
    """`player_range` for rules data whose misc table holds the fewest and the most players at
    indices `low` and `high`."""
    def player_range(t: Any) -> tuple[int, int]:
        return int(t.misc[low]), int(t.misc[high])
    return player_range


def per_seat(label: str, seats: str, key: str, unit: float = 1) -> ScoreCurve:
    """A ScoreCurve that reads each seat's score in the state: state[seats][p][key] / unit."""
    def scores(events: list[dict[str, Any]], states: list[dict[str, Any]],
               rules: dict[str, Any]) -> list[list[float]]:
        return [[seat[key] / unit for seat in s[seats]] for s in states]
    return ScoreCurve(label, scores)


def declare(name: str, title: str, clause_prefix: str, codes: ModuleType, tables: ModuleType,
            strategies: tuple[str, ...], score_curve: ScoreCurve,
            player_range: Callable[[Any], tuple[int, int]] | None = None,
            page_rules: Callable[[Any], dict[str, Any]] | None = None,
            players: int = 4) -> Game:
    """The descriptor of the game in core/<name>/, its parts where the recipe puts them: rules
    data `tables.FILE`, seat colours `codes.COLOURS`, the kernels strategies.common.random then
    strategies/<name>/<each of `strategies`>, the report reports/games/<name>.py, the renderer
    reports/replay/<name>.js. `player_range` defaults to the misc table's MIN_PLAYERS and
    MAX_PLAYERS (codes.M); `players` is the count benchmarks and golden records play."""
    return Game(
        name=name, title=title, clause_prefix=clause_prefix, rules=tables.FILE,
        colours=codes.COLOURS,
        player_range=player_range or misc_player_range(codes.M.MIN_PLAYERS, codes.M.MAX_PLAYERS),
        kernels=("strategies.common.random", *(f"strategies.{name}.{k}" for k in strategies)),
        parts=engine_parts(f"core.{name}"), report=f"reports.games.{name}",
        renderer=f"{name}.js", page_rules=page_rules, score_curve=score_curve,
        players=players)
