"""A signal arriving while a run writes a shard waits for the write: the file and its manifest
record land whole, no temporary file stays behind, and the signal then acts as before (the
writer itself: tests/reports/test_files.py)."""
from __future__ import annotations

import json
import os
import signal

import pytest

from reports import files
from sim.run import store


def test_ctrl_c_mid_shard_records_it(ctrl_c_in_fsync, tmp_path):
    (tmp_path / store.RESULTS).mkdir()
    st = store.RunStore(tmp_path, {"shards": {}})
    entry = {"id": "s1", "file": "s1.parquet", "games": 3}
    with pytest.raises(KeyboardInterrupt):
        st.add(entry, b"rows")
    assert len(ctrl_c_in_fsync) == 2     # the shard, then the manifest: both before the stop
    written = json.loads((tmp_path / store.MANIFEST).read_text())   # not a whole run's
    assert written["shards"]["s1"]["sha256"] == store.content_hash(b"rows")
    assert sorted(p.name for p in (tmp_path / store.RESULTS).iterdir()) == ["s1.parquet"]
    assert not list(tmp_path.glob(".*"))


def test_sigterm_handler_runs_after_the_write(tmp_path, monkeypatch):
    got: list[bool] = []
    old = signal.signal(signal.SIGTERM, lambda signum, frame: got.append(path.exists()))
    try:
        path = tmp_path / "b.bin"
        monkeypatch.setattr(files.os, "fsync",
                            lambda fd: os.kill(os.getpid(), signal.SIGTERM))
        store.write_atomic(path, b"x")
    finally:
        signal.signal(signal.SIGTERM, old)
    assert got == [True]


def test_a_failed_write_still_raises_its_error_and_restores_the_handlers(tmp_path):
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with pytest.raises(store.WriteFailed):
        store.write_atomic(tmp_path / "missing" / "c.bin", b"x")
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
