"""Findings as code: a study file (configs/findings/<name>.toml) names the meeplab commands that
produce a finding, with their seed and game counts; `meeplab findings` runs them into
RUNS/<name>/ and records how (RUNS/<name>.json, the commands' output in
RUNS/<name>.log), then reports/studies/findings.py writes the page.

A study file:

    title = "Cuba: the default round robin"
    kind = "tournament"        # how the results are read: tournament, sweep, restrict,
                               #   metagame, ladder, pareto (reports/studies/findings.py)
    question = "Which of the five Cuba strategies wins?"
    games = 2000               # full-scale games; {games} in the commands, times --scale
    commands = ["meeplab tournament ... --games {games} --seed 1 --out {run}",
                "meeplab report {run} --no-replays"]
    result = "{run}"           # where the kind's reader finds the results (default {run})
    picture = "report/win_share.png"   # optional: a figure of the results, copied beside
                                       #   the page as <name>.png
    [templates]                # optional: the claims' sentences, by where the interval lies
    above = "{subject} wins more than its fair share ({reference}): {interval}"
    below = "{subject} wins less than its fair share ({reference}): {interval}"
    within = "{subject} is not shown to differ from its fair share ({reference}): {interval}"
    [[claims]]                 # the sentences, written from the numbers (reports/claims.py)
    subject = "builder"

{games} is scaled by --scale (at least 1), {precision} by 1/sqrt(scale) (the same games
budget), {run} is the study's run directory.
"""
from __future__ import annotations

import json
import math
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sim import smoke
from sim.errors import UserError

ROOT = Path(__file__).resolve().parents[2]
STUDIES = Path("configs/findings")
KINDS = ("tournament", "sweep", "restrict", "metagame", "ladder", "pareto")
KEYS = {"title", "kind", "question", "games", "precision", "commands", "result", "picture",
        "claims", "templates", "notes"}


@dataclass(frozen=True)
class Study:
    """A checked study file."""

    name: str
    path: Path
    values: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def fields(self, scale: float, run: Path) -> dict[str, Any]:
        """The placeholders of the commands at this scale."""
        out: dict[str, Any] = {"run": shlex.quote(str(run)),
                               "games": max(1, round(self["games"] * scale))}
        if self.values.get("precision") is not None:
            out["precision"] = f"{min(0.49, self['precision'] / math.sqrt(scale)):.4g}"
        return out

    def commands(self, scale: float, run: Path) -> list[str]:
        """The commands as they are run (and printed to reproduce the page)."""
        fields = self.fields(scale, run)
        return [c.format(**fields) for c in self["commands"]]

    def result_dir(self, run: Path) -> Path:
        return Path(self.values.get("result", "{run}").format(run=run))


def _fail(path: Path, problem: str, fix: str) -> UserError:
    return UserError(f"{path}: {problem}", fix)


def load(path: Path) -> Study:
    """Read and check a study file (UserError naming it)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise UserError(f"study {path} not found", f"see the studies in {STUDIES}/") from exc
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise _fail(path, f"cannot read it ({exc})", "fix the file") from exc
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise _fail(path, f"unknown key '{unknown[0]}'", f"use: {', '.join(sorted(KEYS))}")
    for key in ("title", "question"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise _fail(path, f"no {key}", f'add {key} = "..."')
    if raw.get("kind") not in KINDS:
        raise _fail(path, f"kind {raw.get('kind')!r} is not one of {', '.join(KINDS)}",
                    'set kind = "tournament" (or another of them)')
    games = raw.get("games")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise _fail(path, f"games = {games!r} is not a whole number >= 1",
                    "set games to the full-scale games ({games} in the commands)")
    commands = raw.get("commands")
    if (not isinstance(commands, list) or not commands
            or not all(isinstance(c, str) and c.split()[:1] == ["meeplab"] for c in commands)):
        raise _fail(path, "commands must be a list of 'meeplab ...' command lines",
                    'write e.g. commands = ["meeplab tournament CONFIG --out {run}"]')
    templates = raw.get("templates", {})
    if not isinstance(templates, dict) or set(templates) - {"above", "below", "within"}:
        raise _fail(path, "templates must be a table of above, below and within sentences",
                    'write [templates] with above = "...", below = "...", within = "..."')
    claims = raw.get("claims", [])
    if not isinstance(claims, list) or not all(isinstance(c, dict) for c in claims):
        raise _fail(path, "claims must be an array of tables", "write [[claims]] sections")
    study = Study(path.stem, path, raw)
    try:
        study.commands(1.0, Path("run"))
    except (KeyError, IndexError, ValueError) as exc:
        raise _fail(path, f"a command has an unknown placeholder ({exc})",
                    "use {games}, {precision} (with precision = ...) and {run}") from exc
    return study


def studies(names: list[str] | None, root: Path = Path(".")) -> list[Study]:
    """The named studies (file stems or paths), else every study in configs/findings/."""
    folder = root / STUDIES
    if not names:
        found = sorted(folder.glob("*.toml"))
        if not found:
            raise UserError(f"no studies in {folder}", "run from the project's directory")
        return [load(p) for p in found]
    out = []
    for name in names:
        path = Path(name) if name.endswith(".toml") else folder / f"{name}.toml"
        if not path.is_file():
            known = ", ".join(p.stem for p in sorted(folder.glob("*.toml"))) or "none"
            raise UserError(f"unknown study '{name}'", f"use one of: {known}")
        out.append(load(path))
    return out


def commit(root: Path = ROOT, pages: Path | None = None) -> str:
    """The checkout's commit, '+changes' when its tracked files differ from it (the findings
    pages in `pages` aside: writing them changes no number); 'unknown' outside git."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                              check=True).stdout.strip()
    spec = ["--", "."]
    if pages is not None and pages.resolve().is_relative_to(root.resolve()):
        spec.append(f":(exclude){pages.resolve().relative_to(root.resolve()).as_posix()}")
    try:
        head = git("rev-parse", "--short=12", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no", *spec)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def run(study: Study, runs: Path, scale: float, version: str,
        echo: Any = print) -> dict[str, Any]:
    """Run the study's commands afresh into runs/<name>/ (`version`: the code's commit); the
    record (also written to runs/<name>.json). UserError when a command fails (its output:
    runs/<name>.log)."""
    where, log = runs / study.name, runs / f"{study.name}.log"
    if where.exists():
        shutil.rmtree(where)
    runs.mkdir(parents=True, exist_ok=True)
    log.unlink(missing_ok=True)
    commands = study.commands(scale, where)
    started, stamp = time.monotonic(), datetime.now(timezone.utc)
    for i, line in enumerate(commands, 1):
        echo(f"[{study.name} {i}/{len(commands)}] {line}")
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"$ {line}\n")
            out.flush()
            done = subprocess.run([sys.executable, "-m", "sim.cli", *shlex.split(line)[1:]],
                                  stdout=out, stderr=subprocess.STDOUT)
        if done.returncode:
            raise UserError(f"study {study.name}: '{line}' failed (exit {done.returncode})",
                            f"see {log}")
    record = {"study": study.name, "scale": scale, "smoke": smoke.active(),
              "commit": version, "date": stamp.strftime("%Y-%m-%d"),
              "seconds": round(time.monotonic() - started, 1), "commands": commands,
              "run": str(where)}
    (runs / f"{study.name}.json").write_text(json.dumps(record, indent=1) + "\n",
                                             encoding="utf-8")
    return record


def recorded(study: Study, runs: Path) -> dict[str, Any]:
    """The record of the study's last run in runs/ (UserError when there is none)."""
    path = runs / f"{study.name}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise UserError(f"study {study.name} has no finished run in {runs}",
                        f"run it: meeplab findings {study.name} --runs {runs}") from exc


def main(names: list[str] | None, scale: float, out: Path, runs: Path, pages_only: bool,
         echo: Any = print) -> list[Path]:
    """`meeplab findings`: run the studies (unless pages_only), write their pages and the
    index into out; the pages written (UserError on bad input or unreadable results)."""
    from reports.runs import RunDataError
    from reports.studies import findings as pages

    if not 0 < scale <= 10:
        raise UserError(f"--scale {scale:g} is out of range",
                        "give a fraction of the full study size from 0 (exclusive) to 10")
    written, version = [], commit(pages=out)   # the code's, before any page is written
    for study in studies(names):
        record = recorded(study, runs) if pages_only else run(study, runs, scale, version,
                                                               echo)
        try:
            written.append(pages.write(study.name, study.values, record,
                                       study.result_dir(Path(record["run"])), out))
        except RunDataError as exc:
            raise UserError(f"study {study.name}: {exc}") from exc
        echo(f"{study.name}: {written[-1]}")
    echo(f"findings index: {pages.index(out)}")
    return written
