"""Fit a game's learned value model from its own search games (`meeplab fit-value GAME`).

Fresh deals are played with the search in one seat (it rotates with the deal) and its rollout
preset, or `--field`, in the others, each game traced. Evenly spread positions of each game
(the states after its events) become samples: every seat's public features
(strategies/<game>/features.py) and the game's progress, labelled with the seats' final win
shares. The model (strategies.common.value) is fitted on four games in five and scored on the
fifth (held-out log loss beside chance's), then fitted on all of them and written into
configs/values/<game>.toml under its name, beside the file's other models. Same arguments,
same coefficients.
"""
from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core import games as games_mod
from core.common.layout import EVW
from core.common.trace import events, overflowed
from reports.files import check_writable, write_whole
from sim.errors import UserError, os_error
from sim.run.seeding import deal_seeds
from sim.session import Setup, column, prepare
from sim.studies.plan_replay import MAX_EVENTS, default_players
from strategies.common import value

HOLD_OUT = 5  # every fifth game is held out to score the fit


@dataclass(frozen=True)
class Fit:
    """A fitted model and how well it predicts."""

    game: str
    name: str
    games: int
    positions: int
    base: np.ndarray
    late: np.ndarray
    log_loss: float
    held_out_log_loss: float
    chance_log_loss: float
    made_by: str


def _rollout_preset(setup: Setup, search: str) -> str:
    """The name of the search preset's rollout policy."""
    return str(setup.game.registry.strategies()[search].params["rollout"])


def positions(game: str, players: int, search: str, field: str | None, games: int, seed: int,
              per_game: int, echo: Callable[[str], None] = print
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Samples of `games` traced games: features x[i, seat, k], progress g[i], win shares
    y[i, seat] and each sample's game index."""
    module = value.feature_module(game)
    nf = len(module.FEATURES)
    first = prepare(game, players, search, [])
    known = first.game.registry.strategies()
    if not any(p.model for p in first.game.registry.kernel_module(known[search].kernel).PARAMS):
        raise UserError(f"strategy {search!r} is not a search preset of {game}",
                        "name one with --search, e.g. mcts")
    field = field or _rollout_preset(first, search)
    setups = [prepare(game, players, ",".join(search if q == p else field
                                              for q in range(players)), [])
              for p in range(players)]
    t = games_mod.get(game).rules.flatten(first.tables)
    seeds = deal_seeds(seed, f"value:{game}:{players}", 0, games)
    xs, gs, ys, which = [], [], [], []
    out = np.zeros(value.MAX_FEATURES)
    for i, game_seed in enumerate(seeds):
        setup = setups[i % players]
        result = setup.game.play_game(setup.tables, players, int(game_seed), setup.kernels,
                                      setup.params, check=False, trace=True,
                                      max_events=MAX_EVENTS)
        if result.error or overflowed(result.trace):
            continue
        states = events(result.trace)[:, EVW:]
        shares = column(setup, result.records, "win_share")
        for j in np.unique(np.linspace(0, len(states) - 1, per_game).round().astype(int)):
            s = np.ascontiguousarray(states[j])
            row = np.zeros((players, nf))
            for p in range(players):
                module.features(s, t, p, out)
                row[p] = out[:nf]
            xs.append(row)
            gs.append(module.progress(s, t))
            ys.append(shares)
            which.append(i)
        if (i + 1) % 20 == 0 or i + 1 == games:
            echo(f"{i + 1}/{games} games played")
    if not xs:
        raise UserError(f"no game of {game} could be sampled", "play more games (--games)")
    return np.array(xs), np.array(gs), np.array(ys, float), np.array(which)


def _loss(x: np.ndarray, g: np.ndarray, y: np.ndarray, base: np.ndarray,
          late: np.ndarray) -> float:
    return value.log_loss(value.design(x, g), y, np.concatenate([base, late]))[0]


def fit(game: str, name: str = "learned", games: int = 200, seed: int = 1,
        players: int | None = None, search: str = "mcts", field: str | None = None,
        per_game: int = 16, echo: Callable[[str], None] = print) -> Fit:
    """Play, sample and fit (the module docstring)."""
    from sim.games import get as get_game

    low, high = get_game(game).player_range(get_game(game).load_tables(None))
    players = players or default_players(game, low, high)
    x, g, y, which = positions(game, players, search, field, games, seed, per_game, echo)
    train = which % HOLD_OUT != HOLD_OUT - 1
    held = _loss(x[~train], g[~train], y[~train], *value.fit(x[train], g[train], y[train])) \
        if (~train).any() and train.any() else math.nan
    base, late = value.fit(x, g, y)
    options = [f"--games {games}", f"--seed {seed}", f"--players {players}"]
    options += [f"--search {search}"] + ([f"--field {field}"] if field else [])
    options += [f"--name {name}"] if name != "learned" else []
    return Fit(game, name, len(np.unique(which)), len(x), base, late, _loss(x, g, y, base, late),
               held, float(-(y * np.log(1.0 / players)).sum() / len(y)),
               f"meeplab fit-value {game} " + " ".join(options))


def _models(path: Path) -> dict:
    """The models a values file holds ({} without one); UserError when it cannot be read."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")).get("models", {})
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"cannot read {value.shown(path)} ({exc})",
                        "restore it, or remove it to start a new one") from exc


def out_path(game: str, out: Path | None) -> Path:
    """Where the model goes (--out, else the game's values file), checked before the games:
    writable, and an existing file readable (its other models are kept); UserError."""
    path = out or value.values_path(game)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        check_writable(path)
    except OSError as exc:
        raise os_error(exc) from exc
    _models(path)
    return path


def _array(a: np.ndarray) -> str:
    return "[" + ", ".join(f"{v:.6g}" for v in a) + "]"


def write(result: Fit, path: Path) -> Path:
    """The model into the values file at path (its other models kept), written whole."""
    old = _models(path)
    features = list(value.feature_module(result.game).FEATURES)
    entries = {**{k: v for k, v in old.items() if k != result.name},
               result.name: {"made_by": result.made_by, "features": features,
                             "base": result.base, "late": result.late, "games": result.games,
                             "positions": result.positions, "log_loss": result.log_loss,
                             "held_out_log_loss": result.held_out_log_loss,
                             "chance_log_loss": result.chance_log_loss}}
    lines = [f"# Learned value models of {result.game} (strategies/common/value.py): seat p's "
             "utility is", "# sum_k (base_k + late_k * progress) * feature_k(p), its chance "
             "to win softmax(utility).", "# Each model is written by the command in its "
             "made_by; run it again to reproduce it.", f'game = "{result.game}"']
    for model, entry in sorted(entries.items()):
        lines += ["", f"[models.{model}]"]
        for key, v in entry.items():
            if isinstance(v, (list, np.ndarray)) and key != "features":
                lines.append(f"{key} = {_array(np.asarray(v, float))}")
            elif isinstance(v, float):
                lines.append(f"{key} = {v:.4f}" if math.isfinite(v) else f"{key} = nan")
            elif isinstance(v, str):
                lines.append(f'{key} = "{v}"')
            elif isinstance(v, list):
                lines.append(f"{key} = [" + ", ".join(f'"{f}"' for f in v) + "]")
            else:
                lines.append(f"{key} = {v}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, ("\n".join(lines) + "\n").encode())
    except OSError as exc:
        raise os_error(exc) from exc
    return path
