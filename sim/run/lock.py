"""The lock of a run directory: one process writes it at a time.

The lock is an advisory `flock` on RUN_DIR/.meeplab.lock, which holds the pid of the process
that took it. The kernel drops the lock when that process ends, however it ends (a killed
run leaves no stale lock behind); the file itself stays. A second process that finds the
directory locked stops with one line naming the first one's pid.
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

from sim.errors import UserError

LOCK = ".meeplab.lock"


class RunLock:
    """An exclusive lock on a run directory, held until `release` (or the process ends)."""

    def __init__(self, run_dir: Path, fd: int) -> None:
        self.path, self._fd = run_dir / LOCK, fd

    @classmethod
    def acquire(cls, run_dir: Path) -> RunLock:
        """Lock run_dir (created if missing); UserError when another process holds it, or
        OSError when the directory cannot be written."""
        run_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(run_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise UserError(f"{run_dir} is being written by another meeplab process (pid "
                            f"{holder})", "wait for it to end, or choose another --out") from None
        except OSError:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return cls(run_dir, fd)

    def release(self) -> None:
        """Unlock (idempotent)."""
        if self._fd >= 0:
            os.close(self._fd)   # closing the last descriptor drops the flock
            self._fd = -1
