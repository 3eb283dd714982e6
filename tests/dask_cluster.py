"""A Dask cluster on real processes, loopback only, for the distributed tests: a `dask scheduler`
and two `dask worker` processes on 127.0.0.1 (free ports, torn down by ``close``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import distributed

START_SECONDS = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def dask_command(*args: str) -> list[str]:
    script = Path(sys.executable).with_name("dask")
    return [str(script), *args] if script.exists() else [sys.executable, "-m", "dask", *args]


class Cluster:
    def __init__(self, base: Path):
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.env = {**os.environ, "SPADILLE_WORKER_CACHE": str(base / "worker-cache")}
        self.logs = base
        self.scheduler = self._start("scheduler", dask_command("scheduler", "--host", "127.0.0.1", "--port",
                                                               str(self.port), "--no-dashboard"))
        self.workers = [self.start_worker(f"w{number}") for number in (1, 2)]
        self.wait_for(2)

    def _start(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "w")
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=self.env, start_new_session=True)

    def start_worker(self, name: str) -> subprocess.Popen:
        # --no-nanny: one process per worker, so killing it kills the worker (no nanny restarts it).
        return self._start(name, dask_command("worker", self.address, "--nthreads", "1", "--no-nanny",
                                              "--host", "127.0.0.1", "--no-dashboard", "--name", name))

    def client(self):
        return distributed.Client(self.address, timeout=START_SECONDS, set_as_default=False)

    def wait_for(self, workers: int) -> None:
        with self.client() as client:
            client.wait_for_workers(workers, timeout=START_SECONDS)

    def close(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                process.terminate()
        for process in [*self.workers, self.scheduler]:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
