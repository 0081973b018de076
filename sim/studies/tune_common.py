"""What the single- and multi-objective tunes (tune.py, pareto.py) share: a variant's values as
--variant items, the base tournament under them, a variant file, a study's complete trials."""
from __future__ import annotations

import json
from typing import Any

from sim.games import get as get_game
from sim.options import option_text
from sim.run import config as config_mod


def item(key: str, value: Any) -> str:
    """A --variant KEY=VALUE item."""
    return f"{key}={option_text(value)}"


def item_list(values: dict[str, Any]) -> str:
    """'key=value, key=value': a variant's overrides as --variant items."""
    return ", ".join(item(k, x) for k, x in values.items())


def base_config(tune: Any, values: dict[str, Any]) -> config_mod.Config:
    """Variant mode: the base tournament under these values (UserError when refused)."""
    v = tune.values
    return config_mod.load(tune.path.parent / v["base"], games=v["games"], seed=v["seed"],
                           variants=[item(k, x) for k, x in values.items()])


def complete(s: Any) -> list[Any]:
    """The study's complete trials."""
    import optuna

    return [t for t in s.trials if t.state == optuna.trial.TrialState.COMPLETE]


def _toml(value: Any) -> str:
    """A TOML value: JSON's spelling, booleans in lower case."""
    return json.dumps(value) if not isinstance(value, bool) else str(value).lower()


def variant_toml(tune: Any, values: dict[str, Any], comments: list[str],
                 description: str = "tuned for balance by meeplab tune") -> str:
    """A variant file of a variant tune's values, with comment lines on top (its
    description: the config's, else `description`)."""
    v = tune.values
    switches = get_game(v["game"]).switch_options
    body = [f"# {c}" for c in comments] + [
        f"game = {_toml(v['game'])}",
        f"description = {_toml(v['description'] or description)}",
        "", "[switches]"]
    body += [f"{k} = {_toml(x)}" for k, x in values.items() if k in switches]
    body += ["", "[data]"] + [f"{k} = {_toml(x)}" for k, x in values.items()
                              if k not in switches]
    return "\n".join(body) + "\n"
