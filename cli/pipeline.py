"""A run's batches computed in a worker thread and consumed (written, tallied) on the main thread.

Two jobs need this shape. Writing the rows of batch k while the kernel already plays batch k + 1
keeps both cores busy (the jitted kernels run their parallel loops without the GIL). And the
main thread, never inside a kernel, answers Ctrl-C at once: its handler only sets flags
(``StopBetweenBatches(at_once=False)``), so no KeyboardInterrupt can land half-way through a
write, a commit or a tally.

The worker calls the pump's ``hand_over`` with each finished batch and its ``advance`` with each
count of units done; after a first Ctrl-C, ``advance`` raises KeyboardInterrupt in the worker,
which the batch loops already turn into an interrupted result. The main thread's ``run``
consumes every batch in order. After a second Ctrl-C it stops waiting when the command allows it
(``abandon``: it can summarise from the batches it has consumed): the batches already handed
over are consumed, the one in the kernel is left, and ``run`` returns ``ABANDONED``. The worker
is a daemon thread still inside a kernel, so the process must then end with ``leave_now``.
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
        the bar, here, until it returns. Returns its result, or ABANDONED (see the module)."""
        context = contextvars.copy_context()
        self._worker = threading.Thread(target=context.run, args=(self._work, work), daemon=True,
                                        name="spadille-batches")
        self._worker.start()
        try:
            while True:
                self.stop.announce()
                if self.stop.hurried and abandon():
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
