"""Where shards are played: a local process pool or a Dask cluster, behind one interface.

A backend takes a picklable top-level function and a plain task dict per shard; the runner
keeps a bounded window of shards in flight and collects them as they finish, so memory stays
flat whatever the number of shards.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from sim import limits


class Backend(Protocol):
    """Submit shards, wait for some, collect their results, shut down."""

    name: str
    workers: int
    gathers_logs: bool   # workers' log records reach the run log by themselves

    def submit(self, fn: Callable[[dict[str, Any]], Any], task: dict[str, Any]) -> Any:
        """Start fn(task); return a future."""

    def wait(self, pending: set[Any], timeout: float) -> tuple[set[Any], set[Any]]:
        """(done, still pending) after at most timeout seconds."""

    def result(self, future: Any) -> Any:
        """The finished future's value (re-raises the worker's exception)."""

    def cancel(self, pending: set[Any]) -> set[Any]:
        """Cancel the futures not started yet; the rest (running or done) to be collected."""

    def close(self, cancel: bool) -> None:
        """Shut down; with cancel, drop queued and running shards right away."""


def default_workers() -> int:
    """All cores this process may use."""
    return limits.cores()


def make(workers: int | None = None, scheduler: str | None = None,
         dask_local: int | None = None, tasks: int | None = None) -> Backend:
    """The local pool (default), a Dask client of `scheduler`, or a local Dask cluster. With
    `tasks` (the shards there are to play), no more local processes than that are started:
    a process without a shard would only load the engine."""
    def fitted(n: int) -> int:
        return max(1, min(n, tasks)) if tasks is not None else n

    if scheduler or dask_local:
        from sim.run.backends.dask import DaskBackend

        return DaskBackend(scheduler=scheduler,
                           local_workers=fitted(dask_local) if dask_local else None)
    from sim.run.backends.local import LocalBackend

    return LocalBackend(fitted(workers or default_workers()))
