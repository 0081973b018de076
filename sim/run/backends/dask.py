"""Dask backend: the same shards on a Dask distributed cluster.

`--scheduler tcp://host:port` connects to a running cluster (every worker needs the same
meeplab installed; a worker with other engine code or rules data refuses the shard).
`--dask-local N` starts a local cluster of N single-threaded worker processes. Shard results
(Parquet bytes) come back to this process, which writes them: the cluster needs no shared disk.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

from sim.errors import UserError

# a Dask scheduler address: [protocol://]host:port (host a name, IPv4 or [IPv6])
ADDRESS = re.compile(r"((tcp|tls|ws|wss|ucx)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}/?")
ADDRESS_FIX = "give the scheduler's address as tcp://host:port (e.g. tcp://10.0.0.5:8786)"


def check_address(address: str) -> None:
    """UserError unless address looks like a Dask scheduler address (checked up front)."""
    match = ADDRESS.fullmatch(address.strip())
    if match is None or not 0 < int(address.strip().rstrip("/").rsplit(":", 1)[1]) < 65536:
        raise UserError(f"--scheduler {address!r} is not a Dask scheduler address", ADDRESS_FIX)


class DaskBackend:
    """A distributed.Client, and the LocalCluster it owns for --dask-local."""

    name = "dask"
    gathers_logs = False  # the runner logs each shard's line when it arrives

    def __init__(self, scheduler: str | None = None, local_workers: int | None = None) -> None:
        from distributed import Client, LocalCluster

        self.cluster = None
        if local_workers:
            self.cluster = LocalCluster(n_workers=local_workers, threads_per_worker=1,
                                        processes=True, dashboard_address=None,
                                        silence_logs=logging.ERROR)
        try:
            self.client = Client(self.cluster or scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            if self.cluster is not None:
                self.cluster.close()
            raise UserError(f"cannot reach the Dask scheduler at {scheduler} ({exc})",
                            "check --scheduler tcp://host:port and that the scheduler runs"
                            ) from exc
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.name = f"dask ({self.client.scheduler.address})"

    def submit(self, fn: Callable[[dict[str, Any]], Any], task: dict[str, Any]) -> Any:
        key = f"meeplab-{task['config_hash']}-{task['id']}"
        return self.client.submit(fn, task, pure=False, key=key)

    def wait(self, pending: set[Any], timeout: float) -> tuple[set[Any], set[Any]]:
        from distributed import wait

        try:
            done, rest = wait(list(pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return set(), pending
        return set(done), set(rest)

    def result(self, future: Any) -> Any:
        value = future.result()
        future.release()
        return value

    def cancel(self, pending: set[Any]) -> set[Any]:
        """Cancel them all: a shard running on the cluster is played again on resume."""
        self.client.cancel(list(pending))
        return set()

    def close(self, cancel: bool) -> None:
        # closing the client releases its futures: the scheduler drops their tasks
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
