"""A run's batches computed in a worker thread and consumed (written, tallied) on the main thread.

Two jobs need this shape. Writing the rows of batch k while the kernel already plays batch k + 1
keeps both cores busy (the jitted kernels run their parallel loops without the GIL). And the
main thread, never inside a kernel, answers Ctrl-C at once: its handler only sets flags
(``StopBetweenBatches(at_once=False)``), so no KeyboardInterrupt can land half-way through a
write, a commit or a tally.

The worker calls the pump's ``hand_over`` with each finished batch and its ``advance`` with each
count of units done; after a first Ctrl-C, ``advance`` raises KeyboardInterrupt in the worker,
which the batch loops already turn into an interrupted result. The main thread's ``run``
consumes every batch in order. It stops waiting when the command's ``abandon()`` says so (after
a second Ctrl-C when the command can summarise from the batches it consumed, or after any Ctrl-C
while nothing has finished yet): the batches already handed over are consumed, the one in the
kernel is left, and ``run`` returns ``ABANDONED``. The worker is a daemon thread still inside a
kernel (or numba's compiler), so the process must then end with ``leave_now``.
"""

from __future__ import annotations

import contextvars
import os
import queue
import sys
import threading
from typing import Any, Callable

from .progress import StopBetweenBatches

ABANDONED = object()      # what ``run`` returns when it stopped waiting for the worker
POLL_SECONDS = 0.05       # how often the main thread looks at the Ctrl-C flags while it waits
DEPTH = 2                 # finished batches that may wait for the main thread (bounds memory)


class BatchPump:
    def __init__(self, stop: StopBetweenBatches):
        self.stop = stop
        self.consumed = 0                  # batches consumed on the main thread
        self.advanced = 0                  # units of work the worker reported done
        self._events: queue.Queue = queue.Queue(maxsize=DEPTH)
        self._worker: threading.Thread | None = None

    # ------------------------------------------------------------ called on the worker thread
    def hand_over(self, batch: Any) -> None:
        """The work's ``on_batch``: queue a finished batch for the main thread (waits while it is behind)."""
        self._events.put(("batch", batch))

    def advance(self, n: int) -> None:
        """The work's ``progress``: n units done; KeyboardInterrupt here once Ctrl-C asked to stop."""
        self._events.put(("progress", n))
        self.stop.check()

    # ------------------------------------------------------------ called on the main thread
    def run(self, work: Callable[[], Any], consume: Callable[[Any], None], advance: Callable[[int], None],
            abandon: Callable[[], bool] = lambda: False):
        """Run ``work()`` in a worker thread (in a copy of this thread's context: the Dask client and
        the active runner are found through it); ``consume`` each batch it hands over and ``advance``
        the bar, here, until it returns. Returns its result, or ABANDONED once ``abandon()`` (asked
        after a Ctrl-C) is true."""
        context = contextvars.copy_context()
        self._worker = threading.Thread(target=context.run, args=(self._work, work), daemon=True,
                                        name="spadille-batches")
        self._worker.start()
        try:
            while True:
                self.stop.announce()
                if self.stop.requested and abandon():
                    self._drain(consume, advance)
                    return ABANDONED
                try:
                    kind, item = self._events.get(timeout=POLL_SECONDS)
                except queue.Empty:
                    continue
                if kind == "done":
                    return item
                if kind == "error":
                    raise item
                self._take(kind, item, consume, advance)
        except BaseException:
            self._wind_down()
            raise

    def _take(self, kind: str, item: Any, consume, advance) -> None:
        if kind == "batch":
            consume(item)
            self.consumed += 1
        else:
            advance(item)
            self.advanced += item

    def _drain(self, consume, advance) -> None:
        """Consume the batches already handed over, without waiting for more."""
        while True:
            try:
                kind, item = self._events.get_nowait()
            except queue.Empty:
                return
            if kind in ("batch", "progress"):
                self._take(kind, item, consume, advance)

    def _work(self, work: Callable[[], Any]) -> None:
        try:
            outcome = ("done", work())
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread, which raises it
            outcome = ("error", exc)
        self._events.put(outcome)

    def _wind_down(self) -> None:
        """The main thread failed (a full disk, say): ask the worker to stop and let it finish its
        batch, discarding what it hands over, so the process never ends with a kernel running."""
        self.stop.requested = True
        while self._worker is not None and self._worker.is_alive():
            try:
                self._events.get(timeout=POLL_SECONDS)
            except queue.Empty:
                pass

    @property
    def worker_running(self) -> bool:
        return self._worker is not None and self._worker.is_alive()


def run_until_interrupted(work: Callable[[], Any], console, nothing_kept: str):
    """``work()``'s result, computed in a worker thread while this one waits; a Ctrl-C ends the
    command at once, in one line (``nothing_kept``, why nothing was kept) and exit code 130. For
    a long kernel call with no batches to keep, which would otherwise hold Ctrl-C until it returned."""
    import signal

    asked = threading.Event()
    outcome: dict[str, Any] = {}

    def compute() -> None:
        try:
            outcome["value"] = work()
        except BaseException as exc:  # noqa: BLE001 - raised again on the main thread
            outcome["error"] = exc

    worker = threading.Thread(target=contextvars.copy_context().run, args=(compute,), daemon=True,
                              name="spadille-work")
    previous = signal.signal(signal.SIGINT, lambda signum, frame: asked.set())
    try:
        worker.start()
        while worker.is_alive():
            if asked.is_set():
                console.print(nothing_kept, soft_wrap=True, markup=False, emoji=False, highlight=False)
                leave_now(130)
            worker.join(POLL_SECONDS)
    finally:
        signal.signal(signal.SIGINT, previous)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def leave_now(code: int) -> None:
    """End the process at once with ``code``, its output flushed: after ``run`` returned ABANDONED a
    daemon thread is still inside a jitted kernel, and the interpreter's normal shutdown could
    tear down the compiled code under it."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)
