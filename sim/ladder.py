"""The skill ladder (`meeplab ladder GAME`): every rung (random, the named presets, the
search presets last) against players-1 copies of every other rung (one-vs-field), plus a
round robin of consecutive rungs, played as one tournament (shards, duplicate deals, resume)
and written as a page and a table (reports/ladder.py).

The round robin plays windows of `players` consecutive rungs (every pair of neighbours shares
a window) rather than every combination, which the search rungs would make too costly.
"""
from __future__ import annotations

from pathlib import Path

from sim import config as config_mod
from sim import runner, store
from sim.games import get as get_game

CONFIG = "ladder.toml"


def rungs(game: str) -> list[str]:
    """The ladder's strategies, lowest first: random, the other presets in registry order,
    then the search presets (those whose kernel takes a rollout preset)."""
    registry = get_game(game).registry
    known = registry.strategies()

    def searches(name: str) -> bool:
        return any(p.preset for p in registry.kernel_module(known[name].kernel).PARAMS)
    names = [n for n in known if n != "random"]
    return ["random"] + [n for n in names if not searches(n)] + [n for n in names if searches(n)]


def lineups(names: list[str], players: int) -> list[list[str]]:
    """One-vs-field lineups for every ordered pair, then the round-robin windows."""
    out = [[c] + [f] * (players - 1) for c in names for f in names if c != f]
    out += [names[i:i + players] for i in range(max(1, len(names) - players + 1))
            if len(names[i:i + players]) == players]
    return out


def write_config(game: str, players: int, games: int, seed: int, run_dir: Path) -> Path:
    """The ladder's tournament config, written into the run directory (it documents the run)."""
    names = rungs(game)
    rows = ",\n".join("    [" + ", ".join(f'"{n}"' for n in lineup) + "]"
                      for lineup in lineups(names, players))
    text = (f"# meeplab ladder {game}: one-vs-field for every pair of rungs, then round-robin "
            f"windows\n# rungs, lowest first: {', '.join(names)}\n"
            f'game = "{game}"\nformat = "matchups"\nmatchups = [\n{rows},\n]\n'
            f'seatings = "rotations"\ngames = {games}\nseed = {seed}\n')
    run_dir.mkdir(parents=True, exist_ok=True)
    path = run_dir / CONFIG
    store.write_atomic(path, text.encode())
    return path


def run(game: str, players: int, games: int, seed: int, run_dir: Path, resume: bool,
        workers: int | None) -> tuple[Path, Path]:
    """Play the ladder into run_dir and write ladder.html and ladder.csv there."""
    from reports import ladder, runs

    path = run_dir / CONFIG if resume else write_config(game, players, games, seed, run_dir)
    cfg = config_mod.load(path)
    runner.run(cfg, run_dir, resume=resume, workers=workers)
    loaded = runs.load_run(run_dir)
    return ladder.write(loaded.results, rungs(game), game, run_dir, loaded.excluded)
