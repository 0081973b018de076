"""Does the search replay its plan? (`python -m sim.studies.plan_replay GAME`)

Each fresh deal is played twice: once with the search in one seat (the seat rotates with the
deal) and the field's plan in the others, once with the plan in every seat. The seats' random
streams and the deal depend on the game's seed only, so the second game is the game the plan
would have played in the search's seat; when the two traces are event for event the same, the
search made the plan's every decision. Reported: the share of such games (95% Wilson interval,
deals as the independent units) and the search seat's win share in the searched games. A deal
with a game that hit an engine safeguard (an error, an overflowing trace) is left out and
counted.

The field's plan defaults to the search's rollout preset; `--set key=value` changes a
parameter of the search (e.g. `--set prior=0.1`) without a new preset.
"""
from __future__ import annotations

import argparse
import json
import sys
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from core.common.trace import events, overflowed
from sim.errors import USAGE_EXIT, UserError, one_line
from sim.run.seeding import deal_seeds
from sim.run.stats import wilson
from sim.session import Setup, column, prepare

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PLAYERS = 4
MAX_EVENTS = 20_000


@dataclass(frozen=True)
class Result:
    """The measurement: games played, games that replayed the plan, the replay share and the
    search seat's win share, each with its 95% interval."""

    game: str
    strategy: str
    field: str
    players: int
    games: int
    excluded: int       # deals left out: a game of theirs hit an engine safeguard
    seed: int
    settings: dict[str, Any]
    replayed: int
    replay_share: float
    replay_lo: float
    replay_hi: float
    win_share: float
    win_lo: float
    win_hi: float

    def lines(self) -> list[str]:
        """The result as text."""
        shown = "".join(f" {k}={v}" for k, v in self.settings.items())
        left = f", {self.excluded} left out (engine safeguard)" if self.excluded else ""
        return [f"{self.game}: {self.strategy}{shown} in one seat, {self.field} in the other "
                f"{self.players - 1}, {self.games} deals (seed {self.seed}){left}",
                f"replays the plan's game: {self.replayed}/{self.games} = "
                f"{self.replay_share:.3f} [{self.replay_lo:.3f}, {self.replay_hi:.3f}]",
                f"win share of the search seat: {self.win_share:.3f} "
                f"[{self.win_lo:.3f}, {self.win_hi:.3f}] (fair {1 / self.players:.3f})"]


def parse_value(text: str) -> float | int | str:
    """A --set value: a whole number, a number, else a name (e.g. a rollout preset)."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_settings(items: list[str]) -> dict[str, Any]:
    """['key=value', ...] -> {key: value} (UserError on an item without '=')."""
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise UserError(f"--set {item!r} is not key=value",
                            "write e.g. --set prior=0.1")
        out[key.strip()] = parse_value(value.strip())
    return out


def search_row(setup: Setup, strategy: str,
               settings: dict[str, Any]) -> tuple[int, np.ndarray, dict[str, Any]]:
    """Kernel id, parameter row and parameter values of `strategy` with `settings` applied
    (UserError when the strategy or a setting does not fit)."""
    from strategies.common.registry import PresetError

    registry = setup.game.registry
    known = registry.strategies()
    if strategy not in known:
        raise UserError(f"unknown strategy '{strategy}'",
                        f"use one of: {', '.join(known)}")
    base = known[strategy]
    try:
        made = registry.make(strategy, base.kernel, base.description, base.params | settings,
                             "--set")
    except PresetError as exc:
        raise UserError(one_line(str(exc)).split("; ")[0].removeprefix(
            f"--set: preset '{strategy}': "), "fix the --set item") from exc
    return registry.kernels.index(base.kernel), made.row, made.params


def default_players(game: str, low: int, high: int) -> int:
    """The player count of the game's strength benchmark (configs/tournaments/<game>-mcts-
    strength.toml), else DEFAULT_PLAYERS, within the game's range."""
    path = ROOT / "configs" / "tournaments" / f"{game}-mcts-strength.toml"
    try:
        players = len(tomllib.loads(path.read_text())["matchups"][0])
    except (OSError, KeyError, IndexError, TypeError, tomllib.TOMLDecodeError):
        players = DEFAULT_PLAYERS
    return min(max(players, low), high)


def _game(setup: Setup, seed: int, kernels: np.ndarray, params: np.ndarray) -> Any:
    """One traced game, None when it is no result (an engine error, an overflowing trace)."""
    result = setup.game.play_game(setup.tables, len(kernels), seed, kernels, params,
                                  check=False, trace=True, max_events=MAX_EVENTS)
    return None if result.error or overflowed(result.trace) else result


def same_game(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two trace buffers hold the same events with the same states."""
    ea, eb = events(a), events(b)
    return ea.shape == eb.shape and bool(np.array_equal(ea, eb))


def measure(game: str, games: int = 48, seed: int = 1, strategy: str = "mcts",
            settings: dict[str, Any] | None = None, field: str | None = None,
            players: int | None = None) -> Result:
    """Play `games` deals both ways (module docstring) and count the replays (UserError on
    bad input)."""
    if games < 1:
        raise UserError(f"--games {games} is too small", "use --games 1 or more")
    settings = dict(settings or {})
    probe = prepare(game, 2, "random", [])
    low, high = probe.game.player_range(probe.tables)
    n = players if players is not None else default_players(probe.game.name, low, high)
    _, _, values = search_row(probe, strategy, settings)
    plan = field or values.get("rollout")
    if not isinstance(plan, str):
        raise UserError(f"{strategy} has no rollout plan", "name the field with --field NAME")
    setup = prepare(game, n, plan, [])
    kernel, row, _ = search_row(setup, strategy, settings)
    seeds = deal_seeds(seed, f"plan_replay:{setup.game.name}:{plan}:{n}", 0, games)
    replayed, wins = 0, []
    for d, s in enumerate(seeds):
        seat = d % n
        kernels, params = setup.kernels.copy(), setup.params.copy()
        kernels[seat], params[seat] = kernel, row
        searched = _game(setup, int(s), kernels, params)
        planned = _game(setup, int(s), setup.kernels, setup.params)
        if searched is None or planned is None:
            continue   # a deal with a game that is no result is left out (as a tournament's)
        replayed += same_game(searched.trace, planned.trace)
        wins.append(column(setup, searched.records, "win_share")[seat])
    excluded, games = games - len(wins), len(wins)
    if not games:
        raise UserError("every deal had a game that hit an engine safeguard",
                        "report it with the command line")
    share = replayed / games
    mean = float(np.mean(wins))
    variance = float(np.var(wins, ddof=1)) / games if games > 1 else float("inf")
    shares = (share, *wilson(share, share * (1 - share) / games, games), mean,
              *wilson(mean, variance, games))
    return Result(setup.game.name, strategy, plan, n, games, excluded, seed, settings,
                  replayed, *(round(x, 6) for x in shares))


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors as one `error: ...` line (exit 2)."""

    def error(self, message: str) -> Any:
        print(f"error: {one_line(message)}; see '{self.prog} --help'", file=sys.stderr)
        raise SystemExit(USAGE_EXIT)


def main(argv: list[str] | None = None) -> None:
    """Command line: python -m sim.studies.plan_replay GAME [--games N] [--seed S] [--strategy NAME]
    [--set key=value ...] [--field NAME] [--players N] [--json]."""
    parser = _Parser(prog="python -m sim.studies.plan_replay",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=48, help="deals (default 48)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strategy", default="mcts", help="the search preset (default mcts)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a parameter of the search, e.g. prior=0.1 (repeatable)")
    parser.add_argument("--field", help="the plan in the other seats (default: the search's "
                                        "rollout preset)")
    parser.add_argument("--players", type=int, help="default: the game's strength benchmark's")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    a = parser.parse_args(argv)
    try:
        result = measure(a.game, a.games, a.seed, a.strategy, parse_settings(a.set), a.field,
                         a.players)
    except UserError as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        raise SystemExit(USAGE_EXIT) from None
    print(json.dumps(asdict(result)) if a.json else "\n".join(result.lines()))


if __name__ == "__main__":
    main()
