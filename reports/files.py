"""Writing a file whole: under a hidden temporary name in its folder, synced, then renamed over
the target, so a full disk, a read-only folder or Ctrl-C never leaves a partial file or a
temporary one, and never damages the file it would have replaced. Every file the lab writes
goes through it (run shards and manifests, reports, ladder pages, replay pages, traces, tuned
presets); only a tune's SQLite study and the run logs, which grow as they go, do not."""
from __future__ import annotations

import errno
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_deferring = False


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the block has run, then act on them as before: a write
    (and whatever the caller records with it) happens whole or not at all. Only the main
    thread receives signals; elsewhere, or nested, this does nothing."""
    global _deferring
    if _deferring or threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    # a handler set outside Python (getsignal None) could not be put back: left alone
    signums = [s for s in (signal.SIGINT, signal.SIGTERM) if signal.getsignal(s) is not None]
    old = {s: signal.signal(s, lambda signum, frame: caught.append(signum)) for s in signums}
    _deferring = True
    try:
        yield
    finally:
        _deferring = False
        for s, handler in old.items():
            signal.signal(s, handler)
        for s in dict.fromkeys(caught):
            if callable(old[s]):
                old[s](s, None)
            elif old[s] == signal.SIG_DFL:
                os.kill(os.getpid(), s)


def write_whole(path: Path, data: bytes) -> None:
    """Write data to path whole (see the module); OSError (its filename path) when it cannot
    be, with nothing left behind and an earlier file at path untouched."""
    with interrupts_deferred():
        tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
        try:
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException as exc:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            if isinstance(exc, OSError) and exc.errno is not None:
                # named after the file asked for, not the temporary one
                raise OSError(exc.errno, exc.strerror, str(path)) from exc
            raise


def check_writable(path: Path) -> None:
    """OSError unless path can be written: not a folder, and a file can be created in its
    folder (checked before long work that ends by writing path); creates nothing that stays."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    probe = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(probe, "wb"):
        pass
    probe.unlink()


FREE_SPACE = "free disk space and run the command again"


def write_fix(exc: OSError, otherwise: str, full: str = FREE_SPACE) -> str:
    """The fix an error line suggests for a failed write: `full` when exc says the disk (or
    the file size or quota allowed) is full, else `otherwise`."""
    return full if exc.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT) else otherwise
