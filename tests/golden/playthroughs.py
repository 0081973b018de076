"""Golden playthroughs: what every game does, pinned in readable files under tests/golden/<game>/.

- `<case>.log`: the `meeplab play` output (game log and final table) of a few seeds and lineups
  per game: random at two player counts, every named strategy, one variant;
- `<case>.options`: the legal options at each decision of the same game, as text, the one taken
  marked (tests/golden/decisions.py, the game played again interpreted);
- `traces.txt`: per case, the sha256 of its JSON-lines trace without the header line (every
  event with the state after it, so a change of the public state shows even where the log
  reads the same);
- `records.txt`: per strategy, `run_batch` records of the strategy in every seat over a fixed
  seed set: one line per game (scores and a digest of the game's whole record row) and a
  digest of all of them.

`make golden` (or `python -m tests.golden.playthroughs [DIR]`) writes them anew, compiled;
tests/test_golden.py writes them into a temporary folder and compares, with a diff. A change
that alters games regenerates them and says why in its commit; a change that claims to keep
games identical proves it with an unchanged tree.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

GOLDEN = Path(__file__).resolve().parent
DIGEST_SEEDS = 100  # run_batch games per strategy (seeds 0..DIGEST_SEEDS-1)


class Case(NamedTuple):
    """One `meeplab play` game."""

    name: str
    players: int
    strategies: str
    seed: int
    variants: tuple[str, ...] = ()

    def args(self, game: str) -> list[str]:
        extra = [a for v in self.variants for a in ("--variant", v)]
        return ["play", game, "--players", str(self.players), "--strategies", self.strategies,
                "--seed", str(self.seed), *extra]


def random_pair(players: int) -> tuple[Case, Case]:
    """Random seats at `players` (seed 1) and at two players (seed 2): every game's first cases."""
    return Case(f"random-{players}p", players, "random", 1), Case("random-2p", 2, "random", 2)


CASES: dict[str, tuple[Case, ...]] = {
    "cuba": (
        *random_pair(4),
        Case("plans-4p", 4, "shipping_rush,factory_cafe,money_and_laws,builder", 3),
        Case("greedy-3p", 3, "greedy,greedy_tuned,builder", 4),
        Case("hidden-parliament-5p", 5, "money_and_laws,greedy,random,shipping_rush,"
             "factory_cafe", 5, ("configs/variants/cuba-hidden-parliament.toml",)),
        Case("individual-plantations-4p", 4, "builder,random,greedy_tuned,factory_cafe", 6,
             ("configs/variants/cuba-individual-plantations.toml", "money_limited=true")),
    ),
    "santiago": (
        *random_pair(4),
        Case("plans-4p", 4, "greedy,refiner,landlord,banker", 3),
        Case("fixed-layout-3p", 3, "banker,greedy,random", 4,
             ("layout=fixed", "delivery_pass_final=false")),
    ),
    "siberia": (
        *random_pair(3),
        Case("plans-3p", 3, "staff_first,resource_rush,greedy", 3),
        Case("in-place-4p", 4, "greedy,random,staff_first,resource_rush", 4,
             ("refill_mode=in_place", "worker_cap=none")),
    ),
    "jamaica": (
        *random_pair(4),
        Case("plans-4p", 4, "racer,pirate,merchant,treasure_hunter", 3),
        Case("greedy-3p", 3, "greedy,pirate,random", 4),
        Case("look-player-choice-5p", 5, "treasure_hunter,greedy,random,racer,pirate", 5,
             ("blind_steal=look", "pay_order=player_choice", "give_cursed=player_choice")),
    ),
    "cubist": (
        *random_pair(3),
        Case("plans-4p", 4, "sculptor,architect,patron,greedy", 3),
        Case("immediate-end-3p", 3, "greedy,sculptor,random", 4,
             ("configs/variants/cubist-immediate-end.toml",)),
    ),
}


def play_case(game: str, case: Case, trace: Path) -> str:
    """The `meeplab play` output of a case; its trace written to `trace`."""
    from typer.testing import CliRunner

    from sim.cli import app

    result = CliRunner().invoke(app, case.args(game) + ["--trace", str(trace)])
    if result.exit_code != 0:
        raise RuntimeError(f"{game} {case.name}: exit {result.exit_code}: {result.output}"
                           f"{result.exception!r}")
    return result.output


def trace_digest(path: Path) -> str:
    """sha256 of a trace's lines after its header (the header names the rules file's hash,
    which a comment in the rules file changes)."""
    lines = path.read_bytes().split(b"\n", 1)
    return hashlib.sha256(lines[1] if len(lines) > 1 else b"").hexdigest()


def record_lines(game: str) -> list[str]:
    """records.txt: per strategy, one line per game and the digest of all its records."""
    from sim.games import get

    g = get(game)
    players = g.players
    tables = g.load_tables(None)
    seeds = np.arange(DIGEST_SEEDS, dtype=np.int64)
    score = g.record_columns().index("score")
    lines = [f"# {game}: run_batch records, {players} players, the strategy in every seat, "
             f"seeds 0..{DIGEST_SEEDS - 1}; per game: scores by seat, digest of its records"]
    for name in g.strategy_names():
        if searches(g, name):
            continue  # too costly in every seat; tests/strategies/test_search.py pins it
        kernels, params = g.resolve([name] * players)
        rec, err = g.run_batch(tables, players, seeds, kernels, params, check=True)
        rec = np.ascontiguousarray(rec, np.float64)
        lines.append(f"[{name}] all={hashlib.sha256(rec.tobytes()).hexdigest()[:16]} "
                     f"errors={int(np.count_nonzero(err))}")
        for i, seed in enumerate(seeds):
            scores = " ".join(f"{v:g}" for v in rec[i, :, score])
            digest = hashlib.sha256(rec[i].tobytes()).hexdigest()[:12]
            lines.append(f"seed {seed}: {scores} | {digest}")
    return lines


def searches(g: Any, name: str) -> bool:
    """Whether strategy `name` is played by a search kernel (one taking a rollout preset)."""
    known = g.registry.strategies()
    return any(p.preset for p in g.registry.kernel_module(known[name].kernel).PARAMS)


def option_lists(folder: Path, game: str) -> list[Path]:
    """Write folder/<case>.options of every case of the game (tests/golden/decisions.py, run
    interpreted in a subprocess) from the traces its compiled games left in the folder."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.golden.decisions", str(folder), game],
        cwd=GOLDEN.parents[1], env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{game}: the option lists failed:\n{done.stderr}")
    return [folder / f"{case.name}.options" for case in CASES[game]]


def write(folder: Path = GOLDEN, games: tuple[str, ...] | None = None) -> list[Path]:
    """Write every game's golden files into folder/<game>/; return the files written."""
    written = []
    for game in games or tuple(CASES):
        out = folder / game
        out.mkdir(parents=True, exist_ok=True)
        digests = [f"# {game}: sha256 of each case's JSON-lines trace after its header line"]
        for case in CASES[game]:
            trace = out / f"{case.name}.jsonl"
            (out / f"{case.name}.log").write_text(
                f"$ meeplab {' '.join(case.args(game))}\n" + play_case(game, case, trace),
                encoding="utf-8")
            digests.append(f"{case.name}: {trace_digest(trace)}")
            written.append(out / f"{case.name}.log")
        written += option_lists(out, game)
        for case in CASES[game]:
            (out / f"{case.name}.jsonl").unlink()
        (out / "traces.txt").write_text("\n".join(digests) + "\n", encoding="utf-8")
        (out / "records.txt").write_text("\n".join(record_lines(game)) + "\n",
                                         encoding="utf-8")
        written += [out / "traces.txt", out / "records.txt"]
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else GOLDEN
    for path in write(target):
        print(path)
