"""Learned value models: what a position is worth to each seat, fitted from the game's own
search games and evaluated in compiled code (the search's cut-off value, `value` = a model).

A game declares public features in strategies/<game>/features.py: FEATURES (their names, at
most MAX_FEATURES), `progress(s, t)` (how far the game has gone, 0..1) and `features(s, t, p,
out)` (seat p's features into out[:len(FEATURES)], from what every seat may see). A model gives
seat p the utility

    z_p = sum_k (base_k + late_k * progress) * feature_k(p)

and the seats the chances to win softmax(z) (a conditional logit: only the differences between
seats count). The coefficients are data, configs/values/<game>.toml, written by `meeplab
fit-value` (sim/studies/value_fit.py): penalised maximum likelihood on positions of traced
search games, each labelled with the seats' final win shares.
"""
from __future__ import annotations

import importlib
import tomllib
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import numpy as np

from strategies.common.spec import MAX_PARAMS, RESERVED, PresetError

ROOT = Path(__file__).resolve().parents[2]
MAX_FEATURES = 7
COEFS = 2 * MAX_FEATURES  # base_k, late_k interleaved
VALUE_ROW = MAX_PARAMS - RESERVED - COEFS  # where a seat row holds its model's coefficients
NONE = "none"


def values_path(game: str) -> Path:
    """Where a game's learned value models live."""
    return ROOT / "configs" / "values" / f"{game}.toml"


class Model(NamedTuple):
    """A fitted model: its name and coefficients (one each per feature the game declares)."""

    name: str
    base: np.ndarray
    late: np.ndarray

    def row(self) -> np.ndarray:
        """The coefficients as a seat row holds them from VALUE_ROW: base_k, late_k, ..."""
        out = np.zeros(COEFS)
        out[0:2 * len(self.base):2] = self.base
        out[1:2 * len(self.late):2] = self.late
        return out


def shown(path: Path) -> str:
    """A path as messages show it: relative to the project when inside it."""
    full = path.resolve()
    return str(full.relative_to(ROOT)) if full.is_relative_to(ROOT) else str(path)


def embed(where: str, game: str, value: object, row: np.ndarray) -> float:
    """A `model` parameter (registry): 0 for `none`, else 1 with the named model's
    coefficients written to row[VALUE_ROW:]."""
    if value == NONE:
        return 0.0
    models = load(game)
    if not isinstance(value, str) or value not in models:
        names = ", ".join([NONE, *models])
        raise PresetError(f"{where}: value = {value!r} names no value model of {game}; use one "
                          f"of: {names} (configs/values/{game}.toml, made by `meeplab "
                          f"fit-value {game}`)")
    row[VALUE_ROW:VALUE_ROW + COEFS] = models[value].row()
    return 1.0


def _numbers(where: str, key: str, value: object, n: int) -> np.ndarray:
    if (not isinstance(value, list) or len(value) != n
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value)
            or not np.all(np.isfinite(np.asarray(value, float)))):
        raise PresetError(f"{where}: {key} is not a list of {n} finite numbers; run "
                          f"`meeplab fit-value` again to rewrite it")
    return np.asarray(value, float)


def feature_module(game: str) -> ModuleType:
    """The game's features module, strategies/<game>/features.py."""
    return importlib.import_module(f"strategies.{game}.features")


def load(game: str, path: Path | None = None) -> dict[str, Model]:
    """The game's models by name ({} without a file); PresetError (one line) on a bad file or a
    model fitted on other features than the game declares."""
    path = path or values_path(game)
    features = tuple(feature_module(game).FEATURES)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise PresetError(f"cannot read {shown(path)} ({exc}); restore it or run `meeplab "
                          f"fit-value {game}`") from exc
    models = {}
    for name, entry in (raw.get("models") or {}).items():
        where = f"{shown(path)}: model '{name}'"
        if not isinstance(entry, dict) or entry.get("features") != list(features):
            raise PresetError(f"{where} was fitted on other features than strategies/{game}/"
                              f"features.py declares; run `meeplab fit-value {game} --name "
                              f"{name}` again")
        n = len(features)
        models[name] = Model(name, _numbers(where, "base", entry.get("base"), n),
                             _numbers(where, "late", entry.get("late"), n))
    return models


def design(x: np.ndarray, g: np.ndarray) -> np.ndarray:
    """The model's inputs for positions x[i, seat, k] at progress g[i]: [x, x * g]."""
    return np.concatenate([x, x * g[:, None, None]], axis=2)


def log_loss(d: np.ndarray, y: np.ndarray, theta: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean cross-entropy of the win shares y[i, seat] under softmax(d @ theta), its gradient."""
    z = d @ theta
    z -= z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    grad = np.einsum("isk,is->k", d, np.exp(logp) - y) / len(d)
    return float(-(y * logp).sum() / len(d)), grad


def fit(x: np.ndarray, g: np.ndarray, y: np.ndarray, penalty: float = 1e-3
        ) -> tuple[np.ndarray, np.ndarray]:
    """(base, late) fitted by penalised maximum likelihood (L-BFGS, an L2 penalty on the
    coefficients of the standardised inputs) to positions x[i, seat, k] at progress g[i] with
    win shares y[i, seat]."""
    d = design(x, g)
    d = d - d.mean(axis=1, keepdims=True)  # only differences between seats count
    sd = d.reshape(-1, d.shape[2]).std(axis=0)
    scale = np.where(sd > 0, sd, 1.0)
    ds = d / scale

    def objective(theta: np.ndarray) -> tuple[float, np.ndarray]:
        loss, grad = log_loss(ds, y, theta)
        return loss + 0.5 * penalty * theta @ theta, grad + penalty * theta

    from scipy.optimize import minimize

    res = minimize(objective, np.zeros(d.shape[2]), jac=True, method="L-BFGS-B",
                   options={"maxiter": 1000, "gtol": 1e-9})
    theta = np.where(sd > 0, res.x / scale, 0.0)
    k = x.shape[2]
    return theta[:k], theta[k:]
