"""Runners: map a module-level block function over blocks and hand the results back in block order.

``InProcessRunner`` calls the function block after block in this process (the kernel then uses
the local threads, as a run without ``--scheduler`` does). ``DaskRunner`` sends every block to a
Dask cluster, one single-threaded worker process per block at a time, and still hands the
results to ``on_result`` in block order: a result that arrives early waits for the blocks before
it. Blocks go to the cluster a window at a time (IN_FLIGHT_A_THREAD a worker thread), so that the
results waiting for a slow block stay few. A worker that dies takes its blocks with it and Dask
recomputes them elsewhere; the deals are the same, so the result is too.

Ctrl-C (a KeyboardInterrupt, or one raised by ``tick``) cancels the blocks still pending; the
blocks that finished are handed to ``on_result`` in block order (with a gap where a block did
not finish) before the KeyboardInterrupt goes on to the caller.

A cluster lost mid-run ends the same way, within LOST_SECONDS: the scheduler gone (its connection
closed or refused, or the client not connected for LOST_SECONDS), or no worker connected for
LOST_SECONDS. The runner's ``fault`` then says what happened in one sentence, and the
KeyboardInterrupt raised is a ``ClusterLost``, so that every block loop keeps the finished
blocks as after a Ctrl-C and the command can tell the two apart.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import re
import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from spadille.kernel.common.errors import SimulationError

CONNECT_SECONDS = 5       # an unreachable scheduler is reported within this
POLL_SECONDS = 1.0       # how often the client looks at Ctrl-C and the worker count while it waits (each look
                          # costs the client CPU that a 2-core machine takes from its two workers)
LOST_SECONDS = 20        # a scheduler unreachable, or no worker connected, this long ends the run
IN_FLIGHT_A_THREAD = 3   # blocks handed to the cluster, and not yet to the caller, per worker thread
IN_FLIGHT_MIN = 4        # ... and at least this many (also while no worker is connected yet)
INSTALL_HINT = "pip install 'spadille[distributed]'"
ADDRESS = re.compile(r"^(local(:(?P<workers>\d+))?|(?P<scheme>[a-z][a-z0-9+.-]*)://(?P<host>[^/:\s]+|\[[0-9a-fA-F:]+\]):(?P<port>\d+))$")

Log = Callable[[str], None]


class DistributedError(SimulationError):
    """A cluster that cannot run the blocks (unreachable, refused, another version); one sentence."""


class ClusterLost(KeyboardInterrupt):
    """The cluster went away mid-run (see the module's docstring). A KeyboardInterrupt on purpose:
    every block loop already stops on one and keeps the blocks that finished, which is what a lost
    cluster must do too; ``DaskRunner.fault`` says that it was not the user."""


# What the client raises when the scheduler has gone: its connection closed or refused (OSError,
# of which distributed's CommClosedError is one), a call timed out, or its futures cancelled.
LOST = (OSError, TimeoutError, concurrent.futures.CancelledError, asyncio.CancelledError)


@dataclass(frozen=True)
class Status:
    blocks_done: int
    blocks_total: int
    workers: int


Tick = Callable[[Status], None]
OnResult = Callable[[int, Any], None]


class InProcessRunner:
    """Today's behaviour: the blocks run here, one after the other, each over the local threads."""

    distributed = False
    description = "in-process"

    def __init__(self, block_deals: int | None = None):
        self.block_deals = block_deals   # the command's --block-deals, else each part's default
        self.on_status: Tick | None = None

    def map(self, function: Callable, items: Sequence[tuple], on_result: OnResult, tick: Tick | None = None,
            warm_up: tuple | None = None) -> None:
        tick = tick or self.on_status
        for index, args in enumerate(items):
            on_result(index, function(*args))
            if tick is not None:
                tick(Status(index + 1, len(items), 1))


class DaskRunner:
    """Blocks on a Dask cluster (see the module's docstring). Build it with ``open_runner``."""

    distributed = True

    def __init__(self, client, address: str, log: Log, version: str, block_deals: int | None = None):
        self.client = client
        self.block_deals = block_deals   # the command's --block-deals, else each part's default
        self.address = address
        self.log = log
        self.version = version
        self.description = f"Dask at {address}"
        # The command's view of the blocks (its progress bar, its Ctrl-C check), called while any
        # part's blocks run; a part's own ``tick`` takes its place.
        self.on_status: Tick | None = None
        self._warmed: set[tuple[str, str]] = set()   # (block function, worker) pairs warmed up
        self.fault: str | None = None                 # one sentence once the cluster was lost mid-run
        self._unhealthy_since: float | None = None    # when the client last saw no worker or no scheduler

    def workers(self) -> list[str]:
        return sorted(self.client.scheduler_info(n_workers=-1).get("workers", {}))

    def check_workers(self) -> None:
        """Refuse a worker whose spadille version is not the client's."""
        from .worker import state

        for address, found in sorted(self.client.run(state).items()):
            if found and found.get("version") != self.version:
                raise DistributedError(f"worker {address} runs spadille {found.get('version')} but this client runs "
                                       f"{self.version}: install the same version on every machine")

    def _warm_up(self, function: Callable, args: tuple, tick: Tick | None, total: int) -> None:
        """One small block per connected worker, so each compiles before the blocks start; logs how long."""
        from .worker import state, warm_up

        name = f"{function.__module__}.{function.__qualname__}"
        fresh = [address for address in self.workers() if (name, address) not in self._warmed]
        futures = {self.client.submit(warm_up, function, *args, workers=[address], allow_other_workers=False,
                                      pure=False): address for address in fresh}
        seconds = self._gather(futures, tick, lambda: Status(0, total, len(self.workers())))
        finished = [address for address in fresh if address in seconds]
        states = self.client.run(state, workers=finished) if finished else {}
        for address in fresh:
            if address not in seconds:
                self.log(f"worker {address}: left before its warm-up finished")
                continue
            found = states.get(address, {})
            seeded = f", {found['seeded']} files copied from the inherited cache" if found.get("seeded") else ""
            self.log(f"worker {address}: warm-up of {function.__name__} {seconds[address]:.1f} s (numba compile or "
                     f"cache load; cache {found.get('cache_dir', '?')}{seeded})")
            self._warmed.add((name, address))

    def _gather(self, futures: dict, tick: Tick | None, status: Callable[[], Status]) -> dict:
        results, pending = {}, set(futures)
        try:
            while pending:
                try:
                    done, pending = _poll(pending)
                    for future in done:
                        results[futures[future]] = self._result(future)
                    # A task pinned to a worker that has left would wait for ever: give it up. (Asked of the
                    # scheduler: the client's cached list can be empty for a moment after a long GIL-bound part.)
                    present = set(self.client.nthreads())
                except LOST as exc:
                    raise self._lost(f"was lost during the warm-up ({_reason(exc)})") from None
                self._check_health(len(present))
                gone = {future for future in pending if futures[future] not in present}
                if gone:
                    self.client.cancel(list(gone))
                    pending -= gone
                if tick is not None:
                    tick(status())
        except BaseException:
            self._cancel(pending)
            raise
        return results

    def _lost(self, what: str) -> ClusterLost:
        """Record the fault (``the Dask scheduler at X <what>``) and return the interrupt to raise."""
        self.fault = f"the Dask scheduler at {self.address} {what}"
        return ClusterLost(self.fault)

    def _check_health(self, workers: int, done: int = 0, total: int = 0) -> None:
        """ClusterLost once the client has been without its scheduler, or the scheduler without a
        worker, for LOST_SECONDS."""
        if workers and self.client.status == "running":
            self._unhealthy_since = None
            return
        now = time.monotonic()
        if self._unhealthy_since is None:
            self._unhealthy_since = now
        elif now - self._unhealthy_since >= LOST_SECONDS:
            how = "had no worker" if self.client.status == "running" else "could not be reached"
            raise self._lost(f"{how} for {LOST_SECONDS} s, after {done} of {total} blocks")

    def _cancel(self, futures) -> None:
        """Cancel what is still pending, if the scheduler is still there to hear it."""
        if self.fault is None and futures:
            try:
                self.client.cancel(list(futures))
            except LOST:
                pass

    def _result(self, future):
        from distributed.scheduler import KilledWorker

        from .worker import VersionMismatch

        try:
            result = future.result()
        except VersionMismatch as exc:
            raise DistributedError(f"{exc}: install the same version on every machine") from None
        except KilledWorker as exc:
            raise DistributedError(f"a block killed every worker that ran it ({exc}); see the workers' logs") from None
        future.release()
        return result

    def map(self, function: Callable, items: Sequence[tuple], on_result: OnResult, tick: Tick | None = None,
            warm_up: tuple | None = None) -> None:
        from .worker import run_block

        tick = tick or self.on_status
        total = len(items)
        if warm_up is not None:
            self._warm_up(function, warm_up, tick, total)
        futures: dict = {}
        pending: set = set()
        waiting: dict[int, Any] = {}     # finished, not yet handed over: an earlier block is still running
        handed = submitted = 0
        window = IN_FLIGHT_MIN
        try:
            while submitted < total or pending:
                try:
                    # Only a window of blocks is handed to the cluster at a time: the results of blocks that
                    # finish ahead of a slow one wait here, so the client holds at most a window of them.
                    while submitted < min(total, handed + window):
                        future = self.client.submit(run_block, function, *items[submitted], pure=False)
                        futures[future] = submitted
                        pending.add(future)
                        submitted += 1
                    done, pending = _poll(pending)
                    for future in done:
                        waiting[futures.pop(future)] = self._result(future)
                    threads = self.client.nthreads()
                    workers = len(threads)
                    window = max(IN_FLIGHT_MIN, IN_FLIGHT_A_THREAD * sum(threads.values()))
                except LOST as exc:
                    raise self._lost(f"was lost after {handed + len(waiting)} of {total} blocks ({_reason(exc)})") \
                        from None
                self._check_health(workers, handed + len(waiting), total)
                while handed in waiting:
                    on_result(handed, waiting.pop(handed))
                    handed += 1
                if tick is not None:
                    tick(Status(handed + len(waiting), total, workers))
        except KeyboardInterrupt:
            if self.fault is None:    # a Ctrl-C: keep the blocks that finished meanwhile too
                self._keep_finished(pending, futures, waiting)
            for index in sorted(waiting):
                try:
                    on_result(index, waiting[index])
                except KeyboardInterrupt:
                    pass  # the caller's progress asking again to stop: the block is kept all the same
            raise
        except BaseException:
            self._cancel(pending)
            raise

    def _keep_finished(self, pending: set, futures: dict, waiting: dict) -> None:
        """After a Ctrl-C: cancel the blocks still running, fetch those that finished into ``waiting``."""
        try:
            finished = [future for future in pending if future.status == "finished"]
            self._cancel([future for future in pending if future.status != "finished"])
            for future in finished:
                try:
                    waiting[futures[future]] = future.result(timeout=CONNECT_SECONDS)
                except Exception:  # noqa: BLE001 - a block lost while stopping is simply not kept
                    pass
        except LOST:
            pass   # the scheduler went too: what was fetched is kept


def _reason(exc: BaseException) -> str:
    """Why the client gave up, short enough for a one-line message."""
    if isinstance(exc, (concurrent.futures.CancelledError, asyncio.CancelledError)):
        return "the client lost its connection to it"
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}"[:160] if text else type(exc).__name__


def parse_address(address: str) -> tuple[str, int | None]:
    """('local', N or None) or (the scheduler's address, None); DistributedError for anything else."""
    match = ADDRESS.match(address.strip())
    if match is None:
        raise DistributedError(f"--scheduler {address!r} must be local, local:N or a scheduler address such as "
                               "tcp://host:8786")
    if match.group("scheme") is None:
        workers = match.group("workers")
        if workers is not None and not 1 <= int(workers) <= 4096:
            raise DistributedError(f"--scheduler {address!r}: a local cluster needs 1 to 4096 workers")
        return "local", int(workers) if workers is not None else None
    return address.strip(), None


def _import_dask():
    try:
        import distributed
    except ImportError:
        raise DistributedError(f"--scheduler needs Dask, which is not installed: {INSTALL_HINT}") from None
    return distributed


@contextmanager
def dask_runner(address: str, log: Log, version: str | None = None,
                block_deals: int | None = None) -> Iterator[DaskRunner]:
    """A DaskRunner connected to ``address`` (or to a local cluster it starts), closed at the end."""
    from spadille.kernel.common.version import package_version

    target, n_workers = parse_address(address)
    distributed = _import_dask()
    from . import pickling
    from .plugin import SpadilleWorker

    pickling.register()
    version = version or package_version()
    # Dask's retries, closing notices and lost connections are not for the user's terminal: a failure
    # reaches the user as one line of ours (DistributedError, or the runner's fault). Dask's own
    # configuration gives some of its loggers levels of their own (distributed.client: warning).
    loggers = [logging.getLogger(name) for name in ["distributed", *logging.root.manager.loggerDict]
               if name == "distributed" or name.startswith("distributed.")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    cluster = None
    try:
        if target == "local":
            # Dask's statistical profiler samples every worker's stack every 10 ms: measured at about a
            # fifth of the kernel's CPU time on the 2-core machine, for a dashboard nobody looks at here.
            import dask

            with dask.config.set({"distributed.worker.profile.enabled": False}):
                cluster = distributed.LocalCluster(n_workers=n_workers or os.cpu_count() or 1,
                                                   threads_per_worker=1,
                                                   processes=True, dashboard_address=":0",  # any free port: 8787 may be taken
                                                   silence_logs=logging.ERROR)
            shown = f"a local cluster of {len(cluster.workers)} worker processes"
        else:
            shown = target
        try:
            client = distributed.Client(cluster if cluster is not None else target, timeout=CONNECT_SECONDS,
                                        set_as_default=False)
        except (OSError, TimeoutError) as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise DistributedError(f"cannot reach the Dask scheduler at {target} within {CONNECT_SECONDS} s "
                                   f"({reason})") from None
        try:
            client.register_plugin(SpadilleWorker(version, ignore_interrupt=cluster is not None))
            runner = DaskRunner(client, target if cluster is None else "local", log, version, block_deals)
            runner.check_workers()
            workers = runner.workers()
            log(f"Dask: {shown}, {len(workers)} worker{'s' if len(workers) != 1 else ''} connected, "
                f"spadille {version} on each")
            with using(runner), client.as_current():  # distributed.wait finds the client through it
                yield runner
        finally:
            try:
                client.close(timeout=CONNECT_SECONDS)
            except LOST:
                pass   # the scheduler is gone already: nothing to close there
    finally:
        if cluster is not None:
            cluster.close(timeout=CONNECT_SECONDS)
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


# ---------------------------------------------------------------- the runner of the command in progress
_ACTIVE: ContextVar[Any] = ContextVar("spadille_block_runner", default=None)


def active_runner():
    """The runner a command opened with ``--scheduler``, or None (run in-process as always)."""
    return _ACTIVE.get()


@contextmanager
def using(runner) -> Iterator[None]:
    token = _ACTIVE.set(runner)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


@contextmanager
def open_runner(address: str | None, log: Log, block_deals: int | None = None) -> Iterator[DaskRunner | None]:
    """``--scheduler``'s runner for the command's body, or None without the option."""
    if block_deals is not None and block_deals < 1:
        raise DistributedError(f"--block-deals must be a positive whole number, not {block_deals}")
    if address is None:
        if block_deals is not None:
            raise DistributedError("--block-deals needs --scheduler: a run in-process does not cut its deals in blocks")
        yield None
        return
    with dask_runner(address, log, block_deals=block_deals) as runner:
        yield runner


def _poll(pending: set) -> tuple[set, set]:
    """Wait up to POLL_SECONDS for some of ``pending`` to finish: (finished, still pending)."""
    from distributed import wait

    try:
        done, still = wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
    except TimeoutError:
        return set(), pending
    return set(done), set(still)
