"""`meeplab metagame CONFIG.toml --grow K`: grow the population by best responses (a light
PSRO: Lanctot et al., NeurIPS 2017).

The config's [grow] table says how to search a best response:

    [grow]
    kernel = "greedy"          # the kernel whose parameters are searched
    start = "greedy"           # its start preset (default: the kernel's name)
    trials = 20                # Optuna trials per round
    games = 200                # games per lineup per trial
    threshold = 0.01           # add the response while it gains more than this
    [grow.search]              # parameter = [low, high] or [choice, ...] (as in a tune)
    ship = [0.5, 2.0]

Round r: play the population's meta-game into OUT/round-r/, solve it, tune a best response
to its equilibrium mix (`meeplab tune` with a mixed field, study in OUT/round-r/tune/), and
add the response (a preset br<r> in OUT/presets/, read through $MEEPLAB_PRESETS) while its
win share against the mix beats the mix's own by more than `threshold`. After K rounds (or
a response that gains too little) the last population is solved. OUT/grow.csv records the
trajectory. Under a variant (the config's or --variant) the responses are tuned under its rules. The tuned win share is the best of several noisy trials, so the gain is an
optimistic estimate; the next round's meta-game measures the response on fresh profiles.
"""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sim.errors import UserError
from sim.run import store
from sim.studies import metagame, tune
from strategies.common.registry import EXTRA_ENV

DEFAULTS: dict[str, Any] = {"kernel": None, "start": None, "trials": 20, "games": 200,
                            "threshold": 0.01, "search": None}
TRAJECTORY = "grow.csv"


def settings(meta: metagame.MetaGame) -> dict[str, Any]:
    """The checked [grow] table (UserError naming the config)."""
    raw = config_raw(meta).get("grow")
    if not isinstance(raw, dict):
        raise UserError(f"{meta.path}: --grow needs a [grow] table",
                        "add [grow] with kernel, start, trials, games, threshold and "
                        "[grow.search] (see sim/studies/grow.py)")
    unknown = sorted(set(raw) - set(DEFAULTS))
    if unknown:
        raise UserError(f"{meta.path}: unknown key 'grow.{unknown[0]}'",
                        f"use: {', '.join(DEFAULTS)}")
    g = DEFAULTS | raw
    t = g["threshold"]
    if isinstance(t, bool) or not isinstance(t, (int, float)) or t < 0:
        raise UserError(f"{meta.path}: grow.threshold = {t!r} is not a number >= 0",
                        "write e.g. threshold = 0.01")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "check.toml"
        mix = {s: 1 / len(meta.strategies) for s in meta.strategies}
        write_tune(path, meta, g, mix, "br_check")
        try:
            tune.load(path)
        except UserError as exc:
            raise UserError(f"{meta.path}: [grow]: {exc.problem.split(': ', 1)[-1]}",
                            exc.fix) from exc
    return g


def config_raw(meta: metagame.MetaGame) -> dict[str, Any]:
    from sim.run import config as config_mod

    return config_mod.read_toml(meta.path)


def _toml(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, bool) else str(value).lower()


def write_tune(path: Path, meta: metagame.MetaGame, g: dict[str, Any], mix: dict[str, float],
               preset: str) -> None:
    """A strategy-mode tune config against the mixed field `mix`."""
    search = g["search"] if isinstance(g["search"], dict) else {}
    lines = ['mode = "strategy"', f"game = {_toml(meta.config['game'])}",
             f"kernel = {_toml(g['kernel'])}", f"start = {_toml(g['start'] or g['kernel'])}",
             f"players = {meta.players}", f"preset = {_toml(preset)}",
             f"trials = {_toml(g['trials'])}", f"games = {_toml(g['games'])}",
             f"seed = {meta.config['seed']}",
             "field = { " + ", ".join(f"{n} = {w!r}" for n, w in mix.items()) + " }"]
    if meta.config["variant"]:  # the responses are tuned under the meta-game's own rules
        lines.append("variant = " + json.dumps([tune.item(k, x) for k, x in
                                                 meta.config["variant"].items()]))
    lines += ["[search]"] + [f"{k} = {_toml(v)}" for k, v in search.items()]
    path.parent.mkdir(parents=True, exist_ok=True)
    store.write_atomic(path, ("\n".join(lines) + "\n").encode())


def run(meta: metagame.MetaGame, g: dict[str, Any], rounds: int, out: Path,
        workers: int | None, n_boot: int, echo: Callable[[str], None] = print
        ) -> list[dict[str, Any]]:
    """Grow the population for up to `rounds` rounds; the trajectory rows. The responses'
    folder is on $MEEPLAB_PRESETS while it runs (forked workers inherit it)."""
    presets = (out / "presets").resolve()
    presets.mkdir(parents=True, exist_ok=True)
    others = os.environ.get(EXTRA_ENV)
    os.environ[EXTRA_ENV] = os.pathsep.join(filter(None, [str(presets), others]))
    try:
        return _rounds(meta, g, rounds, out, workers, n_boot, echo, presets)
    finally:
        if others is None:
            os.environ.pop(EXTRA_ENV, None)
        else:
            os.environ[EXTRA_ENV] = others


def _rounds(meta: metagame.MetaGame, g: dict[str, Any], rounds: int, out: Path,
            workers: int | None, n_boot: int, echo: Callable[[str], None], presets: Path
            ) -> list[dict[str, Any]]:
    import pandas as pd

    from reports.studies import metagame as page

    population = list(meta.strategies)
    rows: list[dict[str, Any]] = []
    for r in range(1, rounds + 2):
        current = metagame.load(meta.path, games=meta.config["games"], seed=meta.config["seed"],
                                variants=list(meta.variants), strategies=population)
        run_dir = out / f"round-{r}"
        metagame.run(current, run_dir, resume=(run_dir / store.MANIFEST).is_file(),
                     workers=workers)
        written = page.write(run_dir, n_boot=n_boot)
        eq = written.data["strategies"]
        mix = {e["strategy"]: e["mix"] for e in eq if e["mix"] >= page.SUPPORT}
        total = sum(mix.values())
        mix = {k: w / total for k, w in mix.items()}
        value = sum(e["mix"] * e["payoff_vs_mix"] for e in eq)
        row: dict[str, Any] = {"round": r, "population": " ".join(population),
                               "verdict": written.data["verdict"],
                               "mix": " ".join(f"{k}={w:.3f}" for k, w in mix.items()),
                               "mix_value": value}
        echo(f"round {r}: {len(population)} strategies, verdict {row['verdict']}, "
             f"mix {row['mix']}")
        if written.data.get("excluded"):
            echo(f"  warning: {written.data['excluded']}")
        if r > rounds:
            rows.append(row)
            break
        name = f"br{r}"
        path = run_dir / "tune.toml"
        write_tune(path, current, g, mix, name)
        t = tune.load(path)
        study = tune.optimise(t, run_dir / "tune", workers=workers, echo=lambda _: None)
        tune.write_best(t, study, run_dir / "tune", presets, install=True, force=True)
        share = float(tune.best_trial(t, study).value)
        row |= {"response": name, "response_share": share, "gain": share - value,
                "added": share - value > g["threshold"]}
        rows.append(row)
        echo(f"  best response {name}: win share {share:.4f} against the mix (the mix's own "
             f"{value:.4f}): {'added' if row['added'] else 'not added (gain too small)'}")
        store.write_atomic(out / TRAJECTORY, pd.DataFrame(rows).to_csv(index=False).encode())
        if not row["added"]:
            break
        population.append(name)
    store.write_atomic(out / TRAJECTORY, pd.DataFrame(rows).to_csv(index=False).encode())
    return rows
