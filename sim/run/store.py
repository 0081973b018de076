"""A run directory on disk: Parquet shards, manifest.json, run.log.

    RUN_DIR/manifest.json          identity (resolved config, hashes, version), matchups,
                                   status and the finished shards
    RUN_DIR/results/<shard>.parquet  one file per shard, rows sorted (matchup, deal, seating,
                                   seat); file names sort in the same order
    RUN_DIR/run.log                the run's log, workers included

Every file is written under a hidden temporary name and renamed, so a killed run leaves only
whole files; a failed write (read-only or full disk) removes its temporary file, and Ctrl-C or
SIGTERM during a write (of a shard: until it is also recorded) waits for it to end. A shard file
carries its manifest entry in its Parquet metadata: a shard renamed just before a kill, but not
yet in the manifest, is adopted by --resume. The manifest records each shard's row count and
the SHA-256 of its file; --resume checks every listed shard against them and plays a missing
or damaged one again (the damaged file is kept aside as results/<file>.damaged), and the
per-strategy sums behind the printed summary are recomputed from the rows, not taken from
the manifest.

Every read of a manifest checks it whole (reports.runs.check_manifest: keys and types, the
config against its hash, the matchups, the shard list against them), and a process writing a
run directory holds its lock (sim.run.lock): a second one stops with one line.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

import pyarrow as pa
import pyarrow.parquet as pq

from reports import runs
from reports.files import interrupts_deferred, write_fix, write_whole
from reports.text import plural
from sim.errors import UserError
from sim.run import stats
from sim.run.lock import LOCK, RunLock

FORMAT, VERSION = "meeplab-run", 1
MANIFEST, RESULTS, LOG = "manifest.json", "results", "run.log"
SHARD_META = b"meeplab.shard"
T = TypeVar("T")


def package_version() -> str:
    """The installed meeplab version ('unknown' when not installed)."""
    try:
        return metadata.version("meeplab")
    except metadata.PackageNotFoundError:
        return "unknown"


class WriteFailed(UserError):
    """A file of the run could not be written (read-only directory, full disk, ...)."""


def write_failed(path: Path, exc: OSError) -> WriteFailed:
    """The one-line error for a failed write of path."""
    fix = write_fix(exc, "choose a writable directory with --out",
                    "free disk space, then run the command again (a tournament with --resume)")
    return WriteFailed(f"cannot write {path} ({exc.strerror or exc})", fix)


def write_atomic(path: Path, data: bytes) -> None:
    """Write data to path whole (reports.files.write_whole: a hidden temporary file, synced and
    renamed; a signal waits for the end); WriteFailed on an OS error."""
    try:
        write_whole(path, data)
    except OSError as exc:
        raise write_failed(path, exc) from exc


def content_hash(data: bytes) -> str:
    """The SHA-256 of a shard file's bytes, as the manifest records it."""
    return hashlib.sha256(data).hexdigest()


def parquet_bytes(table: pa.Table, entry: dict[str, Any]) -> bytes:
    """One shard as Parquet bytes, its manifest entry in the file metadata."""
    table = table.replace_schema_metadata({SHARD_META: json.dumps(entry).encode()})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd", write_page_checksum=True)
    return sink.getvalue().to_pybytes()


def shard_entry(path: Path) -> dict[str, Any] | None:
    """The manifest entry stored in a shard file (None when unreadable)."""
    try:
        meta = pq.read_schema(path).metadata or {}
        return json.loads(meta[SHARD_META])
    except (OSError, KeyError, ValueError, pa.ArrowException):
        return None


def _differences(old: dict[str, Any], new: dict[str, Any]) -> str:
    """The config keys that differ, named: 'seed differs', 'games, seed and variant differ'."""
    keys = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
    if len(keys) == 1:
        return f"{keys[0]} differs"
    return f"{', '.join(keys[:-1])} and {keys[-1]} differ"


class RunStore:
    """The manifest of one run directory and the writing of its shards."""

    def __init__(self, run_dir: Path, manifest: dict[str, Any]) -> None:
        self.dir = run_dir
        self.manifest = manifest
        self._saved = 0.0
        self.lock: RunLock | None = None
        self.damaged: list[str] = []   # listed shards found missing or damaged on resume

    @property
    def results(self) -> Path:
        return self.dir / RESULTS

    @property
    def done(self) -> dict[str, dict[str, Any]]:
        """Finished shards by id."""
        return self.manifest["shards"]

    @classmethod
    def open(cls, run_dir: Path, header: dict[str, Any], resume: bool) -> RunStore:
        """Lock the run directory (sim.run.lock) and create it, or reopen it for --resume
        (UserError on any conflict, a damaged manifest or a directory another process
        writes). Use the store as a context manager, which releases the lock."""
        if run_dir.exists() and not run_dir.is_dir():
            raise UserError(f"--out {run_dir} is a file", "choose a directory for --out")
        if resume and not (run_dir / MANIFEST).exists():
            raise UserError(f"{run_dir} holds no run to resume (no {MANIFEST})",
                            "drop --resume to start the run there, or give the --out of "
                            "an existing run")
        created, locked = not run_dir.exists(), (run_dir / LOCK).exists()
        try:
            lock = RunLock.acquire(run_dir)
        except OSError as exc:
            raise write_failed(run_dir, exc) from exc
        try:
            store = cls._open_locked(run_dir, header, resume)
        except BaseException:   # refused: leave the directory as it was
            if not locked:
                lock.path.unlink(missing_ok=True)
            lock.release()
            if created:
                with contextlib.suppress(OSError):
                    run_dir.rmdir()
            raise
        store.lock = lock
        return store

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the run directory's lock."""
        if self.lock is not None:
            self.lock.release()

    @classmethod
    def _open_locked(cls, run_dir: Path, header: dict[str, Any], resume: bool) -> RunStore:
        path = run_dir / MANIFEST
        if not path.exists():
            if any(p.name != LOCK for p in run_dir.iterdir()):
                raise UserError(f"{run_dir} is not empty and holds no {MANIFEST}",
                                "choose a new or empty directory for --out")
            store = cls(run_dir, header | {"status": "new", "shards": {}})
            try:
                store.results.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise write_failed(store.results, exc) from exc
            store.save()
            return store
        old = _checked(run_dir, lambda: runs.read_manifest(run_dir, shard_list=False))
        cls._check_identity(run_dir, old, header)
        if not isinstance(old.get("shards"), dict):
            old["shards"] = {}   # rebuilt from the shard files by _reconcile
        if not resume and old["shards"]:
            raise UserError(
                f"{run_dir} already holds this tournament ({old['status']}, "
                f"{plural(len(old['shards']), 'shard')} done)",
                f"pass --resume to complete it ({runs.resume_command(run_dir, header)}), or "
                "choose another --out")
        store = cls(run_dir, old | {k: header[k] for k in ("package_version",)})
        store._reconcile()
        return store

    @staticmethod
    def _check_identity(run_dir: Path, old: dict[str, Any], new: dict[str, Any]) -> None:
        if old["config_hash"] != new["config_hash"]:
            raise UserError(
                f"{run_dir} holds a different tournament "
                f"({_differences(old['config'], new['config'])})",
                f"choose another --out, or resume it with: "
                f"{runs.resume_command(run_dir, old)}")
        for key, what in (("rules_data_hash", "rules data"), ("engine_hash", "engine code"),
                          ("presets_hash", "strategies' parameters (their presets)")):
            if key in old and old[key] != new[key]:  # runs made before presets_hash have none
                raise UserError(f"the {what} changed since the run in {run_dir} started",
                                "choose another --out, or delete that directory to start over")
        if old["matchups"] != new["matchups"]:   # the config's, whose hash matched
            raise UserError(f"{run_dir / MANIFEST} is damaged: its matchups are not its "
                            f"config's", runs.DAMAGED_FIX)

    def _reconcile(self) -> None:
        """Make the manifest agree with the files: drop temporary files; keep the listed
        shards whose file checks out, recomputed from its rows; set damaged files aside; adopt
        whole shard files missing from the manifest. Damaged or missing shards are replayed."""
        try:
            self.results.mkdir(exist_ok=True)
        except OSError as exc:
            raise write_failed(self.results, exc) from exc
        for tmp in [*self.results.glob(".*.tmp*"), *self.dir.glob(f".{MANIFEST}.tmp*")]:
            tmp.unlink(missing_ok=True)
        listed, self.manifest["shards"] = self.done, {}
        for key, entry in sorted(listed.items()):
            checked = self.verify(entry)
            if checked is not None:
                self.done[key] = checked
            else:
                self.damaged.append(str(key))
        for path in sorted(self.results.glob("*.parquet")):
            entry = shard_entry(path)
            if (entry is not None and entry.get("config_hash") == self.manifest["config_hash"]
                    and entry.get("id") not in {*self.done, *self.damaged}):
                checked = self.verify(entry)
                if checked is not None:
                    self.done[entry["id"]] = checked
        for path in sorted(self.results.glob("*.parquet")):
            if path.name not in {e["file"] for e in self.done.values()}:
                path.replace(path.with_name(path.name + ".damaged"))
        self.save()

    def verify(self, entry: Any) -> dict[str, Any] | None:
        """The entry of a listed shard whose file is whole (its hash and row count as
        recorded), with its counts and sums recomputed from its rows; None otherwise."""
        try:
            path = self.results / entry["file"]
            data = path.read_bytes()
            if "sha256" in entry and content_hash(data) != entry["sha256"]:
                return None
            stored = json.loads(pq.read_schema(pa.BufferReader(data)).metadata[SHARD_META])
            if stored["id"] != entry["id"] or stored["file"] != entry["file"]:
                return None
            table = pq.read_table(pa.BufferReader(data), columns=["win_share", "error"],
                                  page_checksum_verification=True)
            matchup = self.manifest["matchups"][stored["matchup"]]
            seatings, players = matchup["seatings"], matchup["players"]
            start, stop = stored["deals"]
            games = (stop - start) * len(seatings)
            if table.num_rows != games * players or table.num_rows != entry.get(
                    "rows", table.num_rows):
                return None
            win = table["win_share"].to_numpy().reshape(stop - start, len(seatings), players)
            errors = table["error"].to_numpy()[::players].reshape(stop - start, len(seatings))
        except (OSError, KeyError, TypeError, ValueError, IndexError, pa.ArrowException):
            return None
        return stored | {"games": games, "rows": games * players,
                         **stats.tally(win, errors, seatings), "sha256": content_hash(data)}

    def add(self, entry: dict[str, Any], data: bytes) -> None:
        """Write a shard file atomically and record it with its content hash (manifest saved
        at most once a second; a shard missing from a stale manifest is adopted on resume).
        A signal waits until the shard is both written and recorded."""
        with interrupts_deferred():
            write_atomic(self.results / entry["file"], data)
            self.done[entry["id"]] = entry | {"sha256": content_hash(data)}
            if time.monotonic() - self._saved > 1.0:
                self.save()

    def save(self, **fields: Any) -> None:
        """Update fields and write the manifest atomically."""
        self.manifest.update(fields, updated=time.strftime("%Y-%m-%dT%H:%M:%S%z"))
        self.manifest["shards"] = dict(sorted(self.done.items()))
        text = json.dumps(self.manifest, indent=1)
        write_atomic(self.dir / MANIFEST, text.encode())
        self._saved = time.monotonic()


def _checked(run_dir: Path, read: Callable[[], T]) -> T:
    """read() with a damaged run directory as a UserError."""
    try:
        return read()
    except runs.RunDataError as exc:
        raise UserError(str(exc)) from exc


def read_manifest(run_dir: str | Path) -> dict[str, Any]:
    """The parsed manifest.json of a run directory, checked whole (reports.runs.
    check_manifest: its config against its hash, its shard list; UserError)."""
    return _checked(Path(run_dir), lambda: runs.read_manifest(run_dir))


def read_results(run_dir: str | Path, columns: list[str] | None = None) -> pa.Table:
    """The finished shards' rows in (matchup, deal, seating, seat) order."""
    run_dir = Path(run_dir)
    entries = read_manifest(run_dir)["shards"]
    tables = [pq.read_table(run_dir / RESULTS / entries[k]["file"], columns=columns)
              for k in sorted(entries)]
    if not tables:
        raise FileNotFoundError(f"no finished shards in {run_dir}")
    return pa.concat_tables(tables, promote_options="permissive").replace_schema_metadata(None)
