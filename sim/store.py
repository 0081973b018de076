"""A run directory on disk: Parquet shards, manifest.json, run.log.

    RUN_DIR/manifest.json          identity (resolved config, hashes, version), matchups,
                                   status and the finished shards
    RUN_DIR/results/<shard>.parquet  one file per shard, rows sorted (matchup, deal, seating,
                                   seat); file names sort in the same order
    RUN_DIR/run.log                the run's log, workers included

Every file is written under a hidden temporary name and renamed, so a killed run leaves only
whole files. A shard file carries its manifest entry in its Parquet metadata: a shard renamed
just before a kill, but not yet in the manifest, is adopted by --resume; a listed shard
whose file is gone is played again.
"""
from __future__ import annotations

import json
import os
import time
from importlib import metadata
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from sim.errors import UserError

FORMAT, VERSION = "meeplab-run", 1
MANIFEST, RESULTS, LOG = "manifest.json", "results", "run.log"
SHARD_META = b"meeplab.shard"


def package_version() -> str:
    """The installed meeplab version ('unknown' when not installed)."""
    try:
        return metadata.version("meeplab")
    except metadata.PackageNotFoundError:
        return "unknown"


def write_atomic(path: Path, data: bytes) -> None:
    """Write data to a hidden temporary file next to path, fsync it and rename it to path."""
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def parquet_bytes(table: pa.Table, entry: dict[str, Any]) -> bytes:
    """One shard as Parquet bytes, its manifest entry in the file metadata."""
    table = table.replace_schema_metadata({SHARD_META: json.dumps(entry).encode()})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue().to_pybytes()


def shard_entry(path: Path) -> dict[str, Any] | None:
    """The manifest entry stored in a shard file (None when unreadable)."""
    try:
        meta = pq.read_schema(path).metadata or {}
        return json.loads(meta[SHARD_META])
    except (OSError, KeyError, ValueError, pa.ArrowException):
        return None


def _differences(old: dict[str, Any], new: dict[str, Any]) -> str:
    keys = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
    return ", ".join(f"{k} {json.dumps(old.get(k))} there, {json.dumps(new.get(k))} here"
                     for k in keys[:3])


class RunStore:
    """The manifest of one run directory and the writing of its shards."""

    def __init__(self, run_dir: Path, manifest: dict[str, Any]) -> None:
        self.dir = run_dir
        self.manifest = manifest
        self._saved = 0.0

    @property
    def results(self) -> Path:
        return self.dir / RESULTS

    @property
    def done(self) -> dict[str, dict[str, Any]]:
        """Finished shards by id."""
        return self.manifest["shards"]

    @classmethod
    def open(cls, run_dir: Path, header: dict[str, Any], resume: bool) -> RunStore:
        """Create the run directory, or reopen it for --resume (UserError on any conflict)."""
        path = run_dir / MANIFEST
        if run_dir.exists() and not run_dir.is_dir():
            raise UserError(f"--out {run_dir} is a file", "choose a directory for --out")
        if not path.exists():
            if run_dir.exists() and any(run_dir.iterdir()):
                raise UserError(f"{run_dir} is not empty and holds no {MANIFEST}",
                                "choose a new or empty directory for --out")
            store = cls(run_dir, header | {"status": "new", "shards": {}})
            store.results.mkdir(parents=True, exist_ok=True)
            store.save()
            return store
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
            if old.get("format") != FORMAT:
                raise ValueError("not a meeplab run manifest")
        except (OSError, ValueError) as exc:
            raise UserError(f"cannot read {path} ({exc})",
                            "choose another --out or delete that directory") from exc
        cls._check_identity(run_dir, old, header)
        if not resume and old["shards"]:
            raise UserError(
                f"{run_dir} already holds this tournament ({old['status']}, "
                f"{len(old['shards'])} shards done)",
                "pass --resume to complete it, or choose another --out")
        store = cls(run_dir, old | {k: header[k] for k in ("package_version",)})
        store._reconcile()
        return store

    @staticmethod
    def _check_identity(run_dir: Path, old: dict[str, Any], new: dict[str, Any]) -> None:
        if old.get("config_hash") != new["config_hash"]:
            raise UserError(
                f"{run_dir} holds a different tournament "
                f"({_differences(old.get('config', {}), new['config'])})",
                "choose another --out, or delete that directory to start over")
        for key, what in (("rules_data_hash", "rules data"), ("engine_hash", "engine code")):
            if old.get(key) != new[key]:
                raise UserError(f"the {what} changed since the run in {run_dir} started",
                                "choose another --out, or delete that directory to start over")

    def _reconcile(self) -> None:
        """Make the manifest agree with the files: drop temporary files and entries whose
        file is gone; add whole shard files missing from the manifest."""
        self.results.mkdir(exist_ok=True)
        for tmp in [*self.results.glob(".*.tmp*"), *self.dir.glob(f".{MANIFEST}.tmp*")]:
            tmp.unlink(missing_ok=True)
        for key, entry in list(self.done.items()):
            if not (self.results / entry["file"]).is_file():
                del self.done[key]
        for path in sorted(self.results.glob("*.parquet")):
            entry = shard_entry(path)
            if entry is not None and entry.get("config_hash") == self.manifest["config_hash"]:
                self.done.setdefault(entry["id"], entry)
        self.save()

    def add(self, entry: dict[str, Any], data: bytes) -> None:
        """Write a shard file atomically and record it (manifest saved at most once a second;
        a shard missing from a stale manifest is adopted on resume)."""
        write_atomic(self.results / entry["file"], data)
        self.done[entry["id"]] = entry
        if time.monotonic() - self._saved > 1.0:
            self.save()

    def save(self, **fields: Any) -> None:
        """Update fields and write the manifest atomically."""
        self.manifest.update(fields, updated=time.strftime("%Y-%m-%dT%H:%M:%S%z"))
        self.manifest["shards"] = dict(sorted(self.done.items()))
        text = json.dumps(self.manifest, indent=1)
        write_atomic(self.dir / MANIFEST, text.encode())
        self._saved = time.monotonic()


def read_manifest(run_dir: str | Path) -> dict[str, Any]:
    """The parsed manifest.json of a run directory."""
    return json.loads((Path(run_dir) / MANIFEST).read_text(encoding="utf-8"))


def read_results(run_dir: str | Path, columns: list[str] | None = None) -> pa.Table:
    """The finished shards' rows in (matchup, deal, seating, seat) order."""
    run_dir = Path(run_dir)
    entries = read_manifest(run_dir)["shards"]
    tables = [pq.read_table(run_dir / RESULTS / entries[k]["file"], columns=columns)
              for k in sorted(entries)]
    if not tables:
        raise FileNotFoundError(f"no finished shards in {run_dir}")
    return pa.concat_tables(tables, promote_options="permissive").replace_schema_metadata(None)
