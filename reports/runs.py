"""Reading a run directory: the only module of reports/ that knows the on-disk layout.

Layout (written by sim/run/store.py):

    RUN_DIR/manifest.json            format "meeplab-run"; run_id, game, config (resolved, with
                                     seed), config_hash, rules_data_hash, package_version,
                                     variant_id, switches, status, shards {id: {file, ...}},
                                     run_options (the command and options that started it)
    RUN_DIR/results/<file>.parquet   one per finished shard: one row per (game, seat) with
                                     run_id, game (name), variant, players, matchup, lineup,
                                     deal, seed, seating, seat, strategy, error, then the
                                     game's record columns (score, rank, win_share, money, ...)

`load` returns the rows of the finished shards with three derived columns:

- `game_id`: one integer per game (matchup, deal, seating);
- `stratum`: the matchup (a fixed part of the design);
- `cluster`: the duplicate-deal group "<matchup>/<deal>": every seating of one deal.

A game with a non-zero `error` (it hit an engine safeguard: it did not end, a decision was
illegal, an invariant broke) is no result. `load` and `load_run` leave out its whole deal group,
every seating of that deal, so the remaining deal groups stay balanced over the seats and every
paired comparison stays paired (sim/run/stats.py leaves out the same deals from the run summary);
`Run.excluded` says what was left out, for the pages and summaries to show. The row index is
the stored row number (the order the shards are read), kept after the exclusion.

Bad input raises RunDataError, whose message is one line "<problem>; <fix>".
"""
from __future__ import annotations

import hashlib
import json
import shlex
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from reports.text import excluded_sentence

FORMAT = "meeplab-run"
MANIFEST, RESULTS = "manifest.json", "results"
GAME_KEY = ("matchup", "deal", "seating")
REQUIRED = GAME_KEY + ("players", "seat", "strategy", "score", "rank", "win_share")
RULES_DIR = Path(__file__).resolve().parents[1] / "configs" / "games"
RUN_FIX = "give the directory of a run written by 'meeplab tournament'"


class RunDataError(ValueError):
    """A run directory that cannot be read; str() is '<problem>; <fix>'."""

    def __init__(self, problem: str, fix: str) -> None:
        super().__init__(" ".join(f"{problem}; {fix}".split()))


@dataclass(frozen=True)
class RunInfo:
    """What the manifest says about a run."""

    path: Path
    run_id: str
    game: str
    status: str
    seed: int | None
    variant_id: str
    overrides: dict[str, Any]
    config_hash: str | None
    rules_data_hash: str | None
    package_version: str | None
    shards: int
    config: dict[str, Any] = field(default_factory=dict)
    assumed: tuple[str, ...] = ()
    assumed_note: str = ""
    search: tuple[str, ...] = ()  # strategies played by a search kernel (manifest "search")
    stopping: dict[str, Any] | None = None  # the last round's precision or top report

    @property
    def variant(self) -> str:
        """'<variant id> (<overrides: switches and rules-data paths>)'."""
        overrides = ", ".join(f"{k}={v}" for k, v in self.overrides.items())
        return f"{self.variant_id} ({overrides or 'default rules'})"

    @property
    def name(self) -> str:
        """Short label of the run (its directory name)."""
        return self.path.resolve().name


FAILED_COLUMNS = ["row", "matchup", "lineup", "deal", "seed", "seating", "error", "reason"]


@dataclass(frozen=True)
class Excluded:
    """The games a loaded run leaves out: `failed`, one row per game with an engine error
    (FAILED_COLUMNS: its first stored row, key, error code and name), and in all `games`
    games in `deal_groups` deal groups (the failed games and every other seating of their
    deals)."""

    failed: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=FAILED_COLUMNS))
    games: int = 0
    deal_groups: int = 0

    def __bool__(self) -> bool:
        return self.games > 0

    def reasons(self) -> dict[str, int]:
        """Error name -> failed games, most frequent first."""
        return {str(k): int(v) for k, v in self.failed["reason"].value_counts().items()}

    def sentence(self, see: str) -> str:
        """'3 games that did not end were excluded, with the 9 other games of their 3 deal
        groups (...); see <see>' ('' when nothing was)."""
        return excluded_sentence(self.reasons(), self.games, self.deal_groups, see)

    def notice(self, see: str) -> str:
        """The sentence as a page shows it: capitalised, with a full stop."""
        text = self.sentence(see)
        return text[:1].upper() + text[1:] + "." if text else ""

    def table(self) -> pd.DataFrame:
        """The failed games as a table (for excluded.csv)."""
        return self.failed.reset_index(drop=True)


@dataclass(frozen=True)
class Run:
    """A loaded run: its manifest facts, the results DataFrame (without the excluded games)
    and what was excluded."""

    info: RunInfo
    results: pd.DataFrame
    excluded: Excluded = field(default_factory=Excluded)


# --- manifest --------------------------------------------------------------------------------

def read_manifest(run_dir: str | Path, shard_list: bool = True) -> dict[str, Any]:
    """The run's manifest.json as a dict, checked by `check_manifest` (RunDataError when it is
    not a run directory or the manifest is damaged); without shard_list, its list of shards
    is not checked (--resume rebuilds it from the shard files)."""
    path = Path(run_dir)
    if not path.is_dir():
        raise RunDataError(f"{path} is not a directory", RUN_FIX)
    if not (path / MANIFEST).is_file():
        raise RunDataError(f"{path} is not a run directory (no {MANIFEST})", RUN_FIX)
    try:
        data = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RunDataError(f"{path / MANIFEST} cannot be read ({exc})", DAMAGED_FIX) from exc
    return check_manifest(path, data, shard_list)


# the manifest's keys every run has, and their JSON types
MANIFEST_KEYS = {"version": int, "run_id": str, "game": str, "status": str, "config": dict,
                 "config_hash": str, "matchups": list, "shards": dict}
DAMAGED_FIX = ("restore manifest.json from a copy, or play the tournament again into a new "
               "--out (the manifest was edited or damaged)")


def config_hash(config: dict[str, Any]) -> str:
    """The hash of a resolved config, as the manifest records it (sim.run.config.Config.hash)."""
    text = json.dumps(config, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_manifest(run_dir: Path, data: Any, shard_list: bool = True) -> dict[str, Any]:
    """data, a parsed manifest, if it is whole: its keys and their types, its config against
    its config_hash, its matchups, and (with shard_list) every shard entry against its
    matchup, no deal listed twice, and a complete run's deals and games all listed. RunDataError naming the first problem otherwise."""
    where = run_dir / MANIFEST
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RunDataError(f"{where} is not a meeplab run manifest", RUN_FIX)
    for key, kind in MANIFEST_KEYS.items():
        if key == "shards" and not shard_list:
            continue
        if key not in data:
            raise RunDataError(f"{where} is damaged: it has no '{key}'", DAMAGED_FIX)
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            if key == "shards":
                raise RunDataError(f"{where} lists no shards", resume_fix(run_dir, data))
            raise RunDataError(f"{where} is damaged: '{key}' is not a "
                               f"{JSON_TYPES[kind]}", DAMAGED_FIX)
    if config_hash(data["config"]) != data["config_hash"]:
        raise RunDataError(f"{where} is damaged: its config does not match its config_hash "
                           f"{data['config_hash']}", DAMAGED_FIX)
    matchups = data["matchups"]
    if not matchups or not all(_whole_matchup(m, i) for i, m in enumerate(matchups)):
        raise RunDataError(f"{where} is damaged: its matchups are missing or malformed",
                           DAMAGED_FIX)
    if shard_list:
        _check_shards(run_dir, data)
    return data


JSON_TYPES = {int: "number", str: "string", dict: "table", list: "list"}


def _count(value: Any, least: int = 0) -> bool:
    return type(value) is int and value >= least


def _whole_matchup(m: Any, index: int) -> bool:
    """A manifest matchup: its index, players, and seatings of that many names."""
    return (isinstance(m, dict) and m.get("index") == index and _count(m.get("players"), 1)
            and isinstance(m.get("seatings"), list) and bool(m["seatings"])
            and all(isinstance(s, list) and len(s) == m["players"] for s in m["seatings"]))


def _check_shards(run_dir: Path, data: dict[str, Any]) -> None:
    """The shard list against the matchups: each entry whole, no deal in two shards, and
    for a complete run every matchup's deals covered from 0 and all its games listed."""
    fix = resume_fix(run_dir, data)
    covered: dict[int, list[tuple[int, int]]] = {}
    total = 0
    for key, entry in data["shards"].items():
        if not isinstance(entry, dict):
            raise RunDataError(f"the manifest's entry of shard {key} is damaged", fix)
        m, deals = entry.get("matchup"), entry.get("deals")
        whole = (entry.get("id") == key and isinstance(entry.get("file"), str)
                 and _count(m) and m < len(data["matchups"]) and isinstance(deals, list)
                 and len(deals) == 2 and _count(deals[0]) and _count(deals[1], deals[0] + 1)
                 and entry.get("config_hash", data["config_hash"]) == data["config_hash"])
        if whole:
            matchup = data["matchups"][m]
            games = (deals[1] - deals[0]) * len(matchup["seatings"])
            whole = (entry.get("games") == games
                     and entry.get("rows", games * matchup["players"])
                     == games * matchup["players"])
        if not whole:
            raise RunDataError(f"the manifest's entry of shard {key} is damaged", fix)
        covered.setdefault(m, []).append((deals[0], deals[1]))
        total += entry["games"]
    complete = data["status"] == "complete"
    for m, ranges in sorted(covered.items()):
        end = 0
        for start, stop in sorted(ranges):
            if start < end or (complete and start > end):   # an unfinished run has gaps
                raise RunDataError(
                    f"the manifest of {run_dir} lists deals {min(start, end)}.."
                    f"{max(start, end) - 1} of matchup {m} "
                    f"{'twice' if start < end else 'in no shard'} (an entry is "
                    f"{'repeated' if start < end else 'missing'})", fix)
            end = stop
    if complete and data.get("games", total) != total:
        raise RunDataError(f"the manifest of {run_dir} says the run is complete with "
                           f"{data['games']} games, but its shards hold {total} "
                           f"(an entry is missing)", fix)


def rules_file(game: str) -> Path:
    """The game's rules-data TOML in this checkout."""
    return RULES_DIR / f"{game}.toml"


def rules_data(game: str) -> dict[str, Any]:
    """The game's rules-data TOML as a dict ({} when missing or unreadable): labels only."""
    try:
        return tomllib.loads(rules_file(game).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}


def assumed_in_rules(data: dict[str, Any]) -> list[str]:
    """Dotted names of the values labelled "assumed" in parsed rules data: an entry whose
    `status` is "assumed", or entry.field for a `<field>_status` label (list items by id)."""
    found: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if value == "assumed" and key == "status":
                    found.append(path)
                elif value == "assumed" and key.endswith("_status"):
                    found.append(f"{path}.{key.removesuffix('_status')}")
                else:
                    walk(value, f"{path}.{key}" if path else key)
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{path}.{item.get('id', i) if isinstance(item, dict) else i}")

    walk(data, "")
    return found


def _assumed(manifest: dict[str, Any], game: str) -> tuple[tuple[str, ...], str]:
    """The assumed rules values the run depends on, and where the list comes from."""
    if isinstance(manifest.get("assumed"), list):
        return tuple(map(str, manifest["assumed"])), "listed in the run's manifest"
    path = rules_file(game)
    if not path.is_file():
        return (), f"unknown: {path} is missing"
    data = path.read_bytes()
    note = f"from {path.parent.name}/{path.name}"
    if hashlib.sha256(data).hexdigest()[:16] != manifest.get("rules_data_hash"):
        note += " as it is now: it CHANGED since the run, re-run before trusting this list"
    return tuple(assumed_in_rules(tomllib.loads(data.decode("utf-8")))), note


def run_info(run_dir: Path, manifest: dict[str, Any]) -> RunInfo:
    """The manifest's facts about a run."""
    config = manifest.get("config") or {}
    game = str(manifest.get("game") or config.get("game") or "")
    seed = config.get("seed")
    assumed, note = _assumed(manifest, game)
    return RunInfo(
        path=run_dir, run_id=str(manifest.get("run_id") or run_dir.name), game=game,
        status=str(manifest.get("status", "unknown")),
        seed=int(seed) if seed is not None else None,
        variant_id=str(manifest.get("variant_id") or "default"),
        overrides=dict(config.get("variant") or {}),
        config_hash=manifest.get("config_hash"), rules_data_hash=manifest.get("rules_data_hash"),
        package_version=manifest.get("package_version"), shards=len(manifest["shards"]),
        config=config, assumed=assumed, assumed_note=note,
        search=tuple(str(x) for x in manifest.get("search") or ()),
        stopping=manifest["precision"] if isinstance(manifest.get("precision"), dict) else None)


# --- results ---------------------------------------------------------------------------------

def shard_files(run_dir: Path, manifest: dict[str, Any]) -> list[Path]:
    """The Parquet files of the finished shards, in shard order."""
    shards = manifest["shards"]
    return [run_dir / RESULTS / str(shards[k].get("file", f"{k}.parquet"))
            if isinstance(shards[k], dict) else run_dir / RESULTS / f"{k}.parquet"
            for k in sorted(shards)]


RUN_COMMANDS = ("tournament", "metagame", "restrict")
VALUE_OPTIONS = ("games", "seed", "precision", "top")   # the run options that set its identity


def run_options(command: str, games: int | None = None, seed: int | None = None,
                precision: float | None = None, top: int | None = None,
                variant: list[str] | None = None) -> dict[str, Any]:
    """The manifest's `run_options`: the command that started a run and the options given
    to it that make its identity (config overrides), for `resume_command`."""
    return {"command": command, "games": games, "seed": seed, "precision": precision,
            "top": top, "variant": list(variant or [])}


def resume_command(run_dir: Path, manifest: dict[str, Any]) -> str:
    """The command that completes a run as it was started: its command, config file and
    `run_options` (a run written before they were recorded: `meeplab tournament CONFIG`)."""
    options = manifest.get("run_options")
    options = options if isinstance(options, dict) else {}
    command = options.get("command")
    words = ["meeplab", command if command in RUN_COMMANDS else "tournament",
             str(manifest.get("config_file") or "CONFIG")]
    for key in VALUE_OPTIONS:
        value = options.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            words += [f"--{key}", repr(value)]
    variant = options.get("variant")
    for item in variant if isinstance(variant, list) else []:
        if isinstance(item, str):
            words += ["--variant", item]
    return shlex.join(words + ["--out", str(run_dir), "--resume"])


def resume_fix(run_dir: Path, manifest: dict[str, Any]) -> str:
    """How to replay a run's missing or damaged shards."""
    return f"replay it with: {resume_command(run_dir, manifest)}"


def _read_shard(run_dir: Path, manifest: dict[str, Any], key: str, path: Path) -> pa.Table:
    """One listed shard, checked against its manifest entry (content hash, row count)."""
    entry = manifest["shards"][key]
    fix = resume_fix(run_dir, manifest)
    if not isinstance(entry, dict):
        raise RunDataError(f"the manifest's entry of shard {key} is damaged", fix)
    if not path.is_file():
        raise RunDataError(f"shard {path} listed in the manifest is missing", fix)
    try:
        data = path.read_bytes()
        if "sha256" in entry and hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise ValueError("its content does not match the manifest's hash")
        table = pq.read_table(pa.BufferReader(data))
        if "rows" in entry and table.num_rows != entry["rows"]:
            raise ValueError(f"{table.num_rows} rows, the manifest says {entry['rows']}")
        return table
    except Exception as exc:  # pyarrow raises several types for a damaged file
        raise RunDataError(f"shard {path} is damaged ({' '.join(str(exc).split())[:160]})",
                           fix) from exc


def _derive(frame: pd.DataFrame) -> pd.DataFrame:
    """Plain string strategies; add game_id, stratum and cluster."""
    frame["strategy"] = frame["strategy"].astype(str)
    frame["game_id"] = frame.groupby(list(GAME_KEY), sort=False, observed=True).ngroup()
    frame["stratum"] = frame["matchup"].astype(str)
    frame["cluster"] = frame["stratum"] + "/" + frame["deal"].astype(str)
    return frame


def read_results(run_dir: Path, manifest: dict[str, Any]) -> pd.DataFrame:
    """All finished shards as one DataFrame (RunDataError when none or one is damaged)."""
    files = shard_files(run_dir, manifest)
    if not files:
        raise RunDataError(f"{run_dir} has no finished shards yet",
                           "let the tournament finish a shard, or resume it with --resume")
    tables = [_read_shard(run_dir, manifest, k, f)
              for k, f in zip(sorted(manifest["shards"]), files)]
    try:
        table = pa.concat_tables(tables, promote_options="permissive")
    except pa.ArrowException as exc:
        raise RunDataError(f"the shards of {run_dir} do not fit together ({exc})",
                           "run the tournament again into a new directory") from exc
    frame = table.replace_schema_metadata(None).to_pandas()
    missing = [c for c in REQUIRED if c not in frame]
    if missing:
        raise RunDataError(f"the shards of {run_dir} lack the columns {', '.join(missing)}",
                           "run the tournament again with this version of meeplab")
    if frame.empty:
        raise RunDataError(f"{run_dir} has no games", "run a tournament with games > 0")
    return _derive(frame)


def split_failed(frame: pd.DataFrame,
                 error_names: list[str] | None = None) -> tuple[pd.DataFrame, Excluded]:
    """The rows of the deal groups whose every game ended without an engine error, and what
    that leaves out; `error_names` (the manifest's) names the error codes."""
    if "error" not in frame:
        return frame, Excluded()
    bad = frame["error"].to_numpy() != 0
    if not bad.any():
        return frame, Excluded()
    groups = frame["cluster"].isin(frame.loc[bad, "cluster"].unique()).to_numpy()
    names = list(error_names or [])
    failed = frame.loc[bad].drop_duplicates("game_id")
    failed = pd.DataFrame({
        "row": failed.index, "matchup": failed["matchup"].to_numpy(),
        "lineup": failed["lineup"].astype(str).to_numpy() if "lineup" in failed else "",
        "deal": failed["deal"].to_numpy(), "seed": failed["seed"].to_numpy()
        if "seed" in failed else -1, "seating": failed["seating"].to_numpy(),
        "error": failed["error"].to_numpy(),
        "reason": [names[c] if 0 <= c < len(names) else f"engine error {c}"
                   for c in failed["error"].astype(int)]}, columns=FAILED_COLUMNS)
    left = frame.loc[groups]
    return frame.loc[~groups], Excluded(failed, int(left["game_id"].nunique()),
                                        int(left["cluster"].nunique()))


def drop_everywhere(runs: list[Run]) -> tuple[list[Run], int]:
    """Runs that play the same deals (a sweep's variants) stay paired: every run also leaves
    out the deal groups (same matchup, deal and seed) that another run left out. The runs, and
    how many deal groups they lost besides their own exclusions."""
    keys = {(f"{m}/{d}", s) for r in runs
            for m, d, s in r.excluded.failed[["matchup", "deal", "seed"]].itertuples(index=False)}
    if not keys:
        return runs, 0
    out, lost = [], 0
    for r in runs:
        pairs = pd.MultiIndex.from_arrays([r.results["cluster"], r.results["seed"]])
        drop = pairs.isin(list(keys))
        lost += int(r.results.loc[drop, "cluster"].nunique())
        out.append(replace(r, results=r.results.loc[~drop]))
    return out, lost


def load_run(run_dir: str | Path, keep_failed: bool = False) -> Run:
    """Manifest facts and results of the run in `run_dir` (RunDataError on bad input),
    without the deal groups of the games that ended in an engine error (`Run.excluded`); with
    keep_failed every stored row (to replay any of them)."""
    path = Path(run_dir)
    manifest = read_manifest(path)
    frame = read_results(path, manifest)
    if keep_failed:
        return Run(run_info(path, manifest), frame)
    return Run(run_info(path, manifest), *split_failed(frame, manifest.get("error_names")))


def load(run_dir: str | Path) -> pd.DataFrame:
    """The results DataFrame of a run: one row per (game, seat) as stored, plus `game_id`,
    `stratum` and `cluster`, without the deal groups of games that ended in an engine error
    (load_run(run_dir).excluded lists them)."""
    return load_run(run_dir).results


def write_run(run_dir: str | Path, manifest: dict[str, Any],
              shards: dict[str, pd.DataFrame]) -> Path:
    """Write a run directory in the same layout from DataFrames (for tests and examples):
    `manifest` without `shards` (its config_hash and matchups are derived: from its config
    and from the rows); one Parquet file per shard id, each one matchup's whole deals."""
    path = Path(run_dir)
    (path / RESULTS).mkdir(parents=True, exist_ok=True)
    entries, matchups = {}, {}
    for shard_id, frame in shards.items():
        pq.write_table(pa.Table.from_pandas(frame, preserve_index=False),
                       path / RESULTS / f"{shard_id}.parquet")
        m = int(frame["matchup"].iloc[0])
        first = frame[frame["deal"] == frame["deal"].min()].sort_values(["seating", "seat"])
        seatings = first.groupby("seating", sort=True)["strategy"].agg(list).tolist()
        matchups[m] = {"index": m, "key": f"m{m}", "players": len(seatings[0]),
                       "lineup": str(frame["lineup"].iloc[0]).split(","), "seatings": seatings}
        games = frame[["deal", "seating"]].drop_duplicates().shape[0]
        entries[shard_id] = {"id": shard_id, "file": f"{shard_id}.parquet", "matchup": m,
                             "deals": [int(frame["deal"].min()), int(frame["deal"].max()) + 1],
                             "games": games, "rows": len(frame)}
    config = manifest.get("config", {})
    body = ({"format": FORMAT, "version": 1, "status": "complete", "run_id": path.name,
             "game": str(config.get("game", "")), "config": config} | manifest
            | {"config_hash": config_hash(config), "shards": entries,
               "matchups": [matchups[m] for m in sorted(matchups)]})
    body.setdefault("games", sum(e["games"] for e in entries.values()))
    (path / MANIFEST).write_text(json.dumps(body, indent=1), encoding="utf-8")
    return path
