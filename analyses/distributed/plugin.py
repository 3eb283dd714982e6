"""The Dask worker plugin that sets each worker up (see worker.py); imported only where dask is."""

from __future__ import annotations

import signal
import threading

from distributed.diagnostics.plugin import WorkerPlugin

from . import worker as worker_setup


class SpadilleWorker(WorkerPlugin):
    name = "spadille-worker"

    def __init__(self, expected_version: str, ignore_interrupt: bool = False):
        self.expected_version = expected_version
        self.ignore_interrupt = ignore_interrupt

    def setup(self, worker) -> None:
        worker_setup.prepare(self.expected_version)
        if self.ignore_interrupt and threading.current_thread() is threading.main_thread():
            # A local cluster's workers share the terminal's process group: Ctrl-C is the client's
            # to handle (it cancels what is pending and keeps what finished).
            signal.signal(signal.SIGINT, signal.SIG_IGN)
