"""`meeplab sweep CONFIG.toml`: one tournament per rule variant, on the same deals, compared.

A sweep config names a base tournament config and the variants to play it under:

    base = "../tournaments/cuba-round-robin.toml"   # relative to this file
    games = 2000                                     # optional: override the base's games
    seed = 1                                         # optional: override the base's seed

    [variants]                  # name = list of --variant items (FILE or KEY=VALUE)
    default = []
    face_down = ["hidden_parliament_card=true"]

    [grid]                      # optional: every combination of these values is a variant
    money_limited = [false, true]

The first variant is the baseline of the comparison. Every variant is the base config with its
items added (as `meeplab tournament --variant`), with the same tournament seed, so every run
plays the same deals and differences are the rule's. Paths (base, variant files) are relative
to the sweep file. Output, under the sweep directory (default runs/<sweep name>):

    SWEEP/<variant>/    one run directory per variant (as `meeplab tournament`)
    SWEEP/compare/      the comparison report of all variants (reports/compare.py)
    SWEEP/sweep.json    the sweep: its config file, variants, their config hashes and status

--resume skips the complete runs and completes the others.

A base that is a meta-game config (configs/metagame/, sim/studies/metagame.py) compares the
variants by their meta-game instead of one fixed field: every variant plays every profile
(precision per profile entry), gets its meta-game page in SWEEP/<variant>/metagame/, and
SWEEP/metagame-compare.csv lists per variant the equilibrium mix, its entropy, the largest
regret and the share of dominated strategies (reports/studies/metagame.py: compare_variants).
With `--grow K` each variant's population first grows by up to K best responses tuned under that
variant's own rules (the base's [grow] table, sim/studies/grow.py: SWEEP/<variant>/round-<r>/),
and the variants are compared by their grown populations' meta-games.
"""
from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reports.text import plural
from sim.errors import UserError
from sim.games import report_sections
from sim.options import option_text
from sim.run import runner, store, config as config_mod
from sim.studies import metagame

KEYS = ("base", "games", "seed", "variants", "grid")
NAME = re.compile(r"[A-Za-z0-9_.=,+-]+")
SWEEP_FILE, COMPARE_DIR = "sweep.json", "compare"


@dataclass(frozen=True)
class Variant:
    """One variant of a sweep: its name (the run directory) and its checked config."""

    name: str
    items: tuple[str, ...]
    config: config_mod.Config


@dataclass(frozen=True)
class Sweep:
    """A checked sweep: its file, base config and variants (the first is the baseline)."""

    path: Path
    base: Path
    variants: tuple[Variant, ...]
    meta: bool = False      # the base is a meta-game config

    def to_dict(self) -> dict[str, Any]:
        return {"format": "meeplab-sweep", "config_file": str(self.path), "base": str(self.base),
                "variants": [{"name": v.name, "items": list(v.items),
                              "variant_id": v.config.variant_id,
                              "config_hash": v.config.hash} for v in self.variants]}


def relative_item(item: str, folder: Path) -> str:
    """A --variant item; a FILE (*.toml) is taken relative to the sweep file's folder."""
    return str(folder / item.strip()) if item.strip().endswith(".toml") else item


def _lists(path: Path, raw: dict[str, Any]) -> list[tuple[str, tuple[str, ...]]]:
    """The [variants] table and the [grid] combinations as (name, items)."""
    def bad(problem: str, fix: str) -> UserError:
        return UserError(f"{path}: {problem}", fix)
    out: list[tuple[str, tuple[str, ...]]] = []
    table = raw.get("variants", {})
    if not isinstance(table, dict):
        raise bad("[variants] must be a table of name = [items]",
                  'write e.g. [variants] face_down = ["hidden_parliament_card=true"]')
    for name, items in table.items():
        if not isinstance(items, list) or not all(isinstance(i, str) and i for i in items):
            raise bad(f"variant '{name}' must be a list of FILE or KEY=VALUE strings",
                      f'write e.g. {name} = ["hidden_parliament_card=true"] (or [] for the '
                      f"base rules)")
        out.append((name, tuple(items)))
    grid = raw.get("grid", {})
    if not isinstance(grid, dict) or not all(isinstance(v, list) and v for v in grid.values()):
        raise bad("[grid] must be a table of key = [values]",
                  "write e.g. [grid] money_limited = [false, true]")
    for combo in itertools.product(*grid.values()) if grid else ():
        items = tuple(f"{k}={option_text(v)}" for k, v in zip(grid, combo))
        out.append((",".join(items), items))
    if len(out) < 2:
        raise bad(f"{len(out)} variant given, a sweep compares at least two",
                  "list them under [variants] (e.g. default = [] and a changed rule) "
                  "or [grid]")
    return out


def load(path: Path, games: int | None = None, seed: int | None = None) -> Sweep:
    """Read and check a sweep config and every variant's tournament config (UserError)."""
    if not path.is_file():
        raise UserError(f"sweep config {path} not found",
                        "check the path; ready-made sweeps are in configs/sweeps/")
    raw = config_mod.read_toml(path)
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise UserError(f"{path}: unknown key '{unknown[0]}'", f"use: {', '.join(KEYS)}")
    if not isinstance(raw.get("base"), str):
        raise UserError(f"{path}: no base tournament config",
                        'add base = "../tournaments/<config>.toml" (relative to this file)')
    folder = path.parent
    base = folder / raw["base"]
    games = games if games is not None else raw.get("games")
    seed = seed if seed is not None else raw.get("seed")
    variants: list[Variant] = []
    seen: dict[str, str] = {}
    for name, items in _lists(path, raw):
        if not NAME.fullmatch(name):
            raise UserError(f"{path}: variant name '{name}' is not a directory name",
                            "use letters, digits and _ . = , + - only")
        if name in (v.name for v in variants) or name == COMPARE_DIR:
            raise UserError(f"{path}: variant name '{name}' is used twice or reserved",
                            "give every variant its own name (not 'compare')")
        try:
            cfg = load_base(base, games, seed, [relative_item(i, folder) for i in items])
        except UserError as exc:
            raise UserError(f"{path}: variant '{name}': {exc.problem}", exc.fix) from exc
        if cfg.hash in seen:
            raise UserError(f"{path}: variants '{seen[cfg.hash]}' and '{name}' are the same "
                            f"rules ({cfg.variant_id})", "drop one of them")
        seen[cfg.hash] = name
        variants.append(Variant(name, items, cfg))
    return Sweep(path, base, tuple(variants), is_metagame(base))


def is_metagame(base: Path) -> bool:
    """A meta-game config (a population and players) rather than a tournament config."""
    try:
        raw = config_mod.read_toml(base)
    except UserError:
        return False
    return "strategies" in raw and "format" not in raw and "players" in raw and not isinstance(
        raw["players"], list)


def load_base(base: Path, games: int | None, seed: int | None,
              items: list[str]) -> config_mod.Config:
    """The base config (tournament or meta-game) under one variant's items."""
    if is_metagame(base):
        return metagame.load(base, games=games, seed=seed, variants=items).config
    return config_mod.load(base, games=games, seed=seed, variants=items)


def _complete(run_dir: Path, cfg: config_mod.Config) -> bool:
    """The run directory holds this tournament, complete (a variant the sweep never reached
    has no manifest; a damaged one is a UserError)."""
    if not (run_dir / store.MANIFEST).is_file():
        return False
    manifest = store.read_manifest(run_dir)
    return (manifest.get("status") == "complete" and manifest.get("config_hash") == cfg.hash
            and manifest.get("presets_hash") == runner.presets_hash(cfg))


def _save(out: Path, sweep: Sweep, status: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    body = sweep.to_dict() | {"status": status,
                              "updated": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
    store.write_atomic(out / SWEEP_FILE, json.dumps(body, indent=1).encode())


def variant_metagame(sweep: Sweep, v: Variant) -> metagame.MetaGame:
    """The meta-game a variant of a meta-game sweep plays."""
    cfg = v.config
    return metagame.load(sweep.base, games=cfg["games"], seed=cfg["seed"],
                         variants=[relative_item(i, sweep.path.parent) for i in v.items])


def grow_settings(sweep: Sweep) -> dict[str, Any]:
    """The base's checked [grow] table, for `--grow` (UserError when the base has none)."""
    from sim.studies import grow

    if not sweep.meta:
        raise UserError(f"{sweep.path}: --grow needs a meta-game base, {sweep.base} is a "
                        f"tournament", "give a base from configs/metagame/ or drop --grow")
    return grow.settings(variant_metagame(sweep, sweep.variants[0]))


def run(sweep: Sweep, out: Path, resume: bool = False, workers: int | None = None,
        echo: Callable[[str], None] = print, grow_rounds: int = 0) -> list[Path]:
    """Play every variant's tournament into out/<variant>/ (skipping complete ones with
    resume); return the run directories in variant order. With grow_rounds (a meta-game
    base), each variant's population grows first and its last round's run is returned.
    Runner exceptions propagate."""
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} is a file", "choose a directory for --out")
    if not resume and out.exists() and any(out.iterdir()):
        raise UserError(f"{out} already holds a sweep or other files",
                        "pass --resume to complete it, or choose another --out")
    if resume and not (out / SWEEP_FILE).is_file():
        raise UserError(f"{out} holds no sweep to resume (no {SWEEP_FILE})",
                        "drop --resume to start the sweep there, or give the --out of an "
                        "existing sweep")
    settings = grow_settings(sweep) if grow_rounds else None
    _save(out, sweep, "running")
    dirs = []
    for i, v in enumerate(sweep.variants, 1):
        run_dir = out / v.name
        head = f"[{i}/{len(sweep.variants)}] {v.name} ({v.config.variant_id})"
        if settings is not None:
            dirs.append(_grown(sweep, v, settings, grow_rounds, run_dir, workers, head, echo))
            continue
        dirs.append(run_dir)
        if resume and _complete(run_dir, v.config):
            echo(f"{head}: complete, skipped")
            continue
        outcome = runner.run(v.config, run_dir, workers=workers,
                             resume=resume and (run_dir / store.MANIFEST).is_file(),
                             per_entry=sweep.meta)
        echo(f"{head}: {plural(outcome.games, 'game')}, {outcome.played} played in "
             f"{outcome.seconds:.1f} s" + (f"; {runner.excluded_line(outcome)}"
                                           if outcome.excluded else ""))
    _save(out, sweep, "complete")
    return dirs


def _grown(sweep: Sweep, v: Variant, settings: dict[str, Any], rounds: int, out: Path,
           workers: int | None, head: str, echo: Callable[[str], None]) -> Path:
    """Grow one variant's population (finished rounds are kept); its last round's run."""
    from reports.studies.metagame import N_BOOT
    from sim.studies import grow

    echo(f"{head}: growing the population by up to {rounds} best responses")
    rows = grow.run(variant_metagame(sweep, v), settings, rounds, out, workers, N_BOOT,
                    echo=lambda line: echo("  " + line))
    return out / f"round-{rows[-1]['round']}"


def compare(sweep: Sweep, dirs: list[Path], out: Path) -> Any:
    """The comparison report of the sweep's runs in out/compare/ (reports.compare.Written)."""
    from reports.compare import compare as write_comparison

    if sweep.meta:
        from reports.studies.metagame import compare_variants

        return compare_variants(dirs, [v.name for v in sweep.variants], out)
    return write_comparison(dirs, out / COMPARE_DIR,
                            title=f"meeplab sweep {sweep.path.stem}: "
                                  f"{' vs '.join(v.name for v in sweep.variants)}",
                            by_game=report_sections())
