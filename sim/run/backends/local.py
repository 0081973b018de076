"""Local backend: a pool of forked worker processes on this machine.

Workers are forked after the parent has loaded the compiled engine, so they start warm, and
they inherit the run log's multiprocessing-logging handler. They ignore SIGINT (the parent
handles Ctrl-C and stops them with SIGTERM) and are killed when the parent dies (SIGKILL).
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent import futures
from typing import Any

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _die_with_parent(parent: int) -> None:
    """SIGKILL this worker when the parent dies: by the kernel on Linux (works while compiled
    code holds the GIL), else by a thread polling the parent's pid."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL) == 0:
            if os.getppid() != parent:   # the parent died before prctl
                os._exit(1)
            return
    except (OSError, AttributeError):
        pass
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _init_worker(parent: int) -> None:
    # Ctrl-C reaches the whole process group: the parent handles it and stops the workers;
    # SIGTERM (from the parent) must end a worker at once, even inside compiled code
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)


class LocalBackend:
    """concurrent.futures process pool with `workers` forked processes."""

    name = "local"
    gathers_logs = True   # through the multiprocessing-logging handler inherited at fork

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = futures.ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("fork"),
            initializer=_init_worker, initargs=(os.getpid(),))

    def submit(self, fn: Callable[[dict[str, Any]], Any], task: dict[str, Any]) -> Any:
        return self.pool.submit(fn, task)

    def wait(self, pending: set[Any], timeout: float) -> tuple[set[Any], set[Any]]:
        done, rest = futures.wait(pending, timeout, return_when=futures.FIRST_COMPLETED)
        return set(done), set(rest)

    def result(self, future: Any) -> Any:
        return future.result()

    def cancel(self, pending: set[Any]) -> set[Any]:
        return {f for f in pending if not f.cancel()}

    def close(self, cancel: bool) -> None:
        if not cancel:
            self.pool.shutdown(wait=True)
            return
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(5)
            if process.is_alive():
                process.kill()
