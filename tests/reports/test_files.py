"""reports.files.write_whole: a file is written whole or not at all, an earlier file at the
path survives a failed write, and no temporary file stays behind."""
from __future__ import annotations

import errno
import os

import pytest

from reports import files


def fail_with(code: int):
    def fsync(fd: int) -> None:
        raise OSError(code, os.strerror(code))
    return fsync


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EFBIG, errno.EIO])
def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch, code):
    path = tmp_path / "page.html"
    path.write_bytes(b"old")
    monkeypatch.setattr(files.os, "fsync", fail_with(code))
    with pytest.raises(OSError) as info:
        files.write_whole(path, b"new" * 1000)
    assert info.value.errno == code and info.value.filename == str(path)
    assert files.write_fix(info.value, "other") == (
        "other" if code == errno.EIO else files.FREE_SPACE)
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


def test_a_whole_write_replaces_the_file(tmp_path):
    path = tmp_path / "t.csv"
    path.write_bytes(b"old")
    files.write_whole(path, b"a,b\n1,2\n")
    assert path.read_bytes() == b"a,b\n1,2\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.csv"]


def test_check_writable_creates_nothing(tmp_path):
    files.check_writable(tmp_path / "x.jsonl")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(OSError):
        files.check_writable(tmp_path / "missing" / "x.jsonl")
    with pytest.raises(IsADirectoryError):
        files.check_writable(tmp_path)


def test_ctrl_c_during_a_write_waits_for_it(tmp_path, ctrl_c_in_fsync):
    path = tmp_path / "a.bin"
    with pytest.raises(KeyboardInterrupt):
        files.write_whole(path, b"whole")
    assert ctrl_c_in_fsync
    assert path.read_bytes() == b"whole"
    assert [p.name for p in tmp_path.iterdir()] == ["a.bin"]
