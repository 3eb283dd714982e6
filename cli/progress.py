"""The progress bar of a run, and Ctrl-C that stops between batches.

A jitted kernel cannot be interrupted inside a batch, and a run keeps what it finished. So the
first Ctrl-C asks to stop: the batch in flight finishes, is written, and the run ends with
``interrupted``. What a second Ctrl-C does depends on the command:

* ``StopBetweenBatches(console)`` (evaluate, claims, report): it raises KeyboardInterrupt at
  once, except inside ``protected()`` (a write or a commit), where it waits for the block's end.
* ``StopBetweenBatches(console, at_once=False)`` with a ``cli.pipeline.BatchPump`` (simulate):
  it never raises; the pump, whose batches run in a worker thread, stops waiting for the batch
  in flight and keeps the finished ones. Nothing is ever interrupted half-way, so the file, its
  metadata and the summary agree.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager
from types import FrameType
from typing import Iterator

from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.table import Column
from rich.text import Text

# A row fits the terminal, 80 columns included (a log is drawn 80 wide): a long part name folds onto
# more lines within what the other columns leave (at least DESCRIPTION_WIDTH), rather than the
# counts and the ETA ending in "…".
DESCRIPTION_WIDTH = 22
OTHER_COLUMNS = 58   # bar, count, rate and ETA at their widest, with the gaps
BAR_WIDTH = 10


class RateColumn(ProgressColumn):
    """Units per second since the start, in the task's own unit (``add_task(..., unit="games")``;
    a task without one counts deals). Rich's own speed needs several updates in its window, and a
    run may be one or two batches. A slow bar (a report part counted in steps) shows seconds
    per unit rather than rounding its rate down to "0 deals/s"."""

    def render(self, task: Task) -> Text:
        if task.fields.get("whole"):
            return Text("")                        # the whole run's bar has no one unit to rate
        unit = task.fields.get("unit", "deals")
        elapsed = task.finished_time if task.finished else task.elapsed
        if not elapsed or not task.completed:
            return Text(f"? {unit}/s", style="progress.data.speed")
        return Text(rate_text(task.completed, elapsed, unit), style="progress.data.speed")


def rate_text(done: float, seconds: float, unit: str = "deals") -> str:
    """'12,345 deals/s', '3.4 games/s', or for fewer than one a second '42 s per step'."""
    rate = done / seconds
    if rate >= 100:
        return f"{rate:,.0f} {unit}/s"
    if rate >= 1:
        return f"{rate:.1f} {unit}/s"
    single = unit[:-1] if unit.endswith("s") else unit
    return f"{seconds / done:,.1f} s per {single}"


class CountColumn(ProgressColumn):
    """'done/total', or only 'done unit' while the total is not known: never a made-up total
    of 0 (a bar created before its work was counted, see ``Advance.set_total``)."""

    def render(self, task: Task) -> Text:
        done = int(task.completed)
        if task.fields.get("whole"):
            return Text(f"{done}%", style="progress.download")   # its description says it is estimated
        if not task.total:
            return Text(f"{done:,} {task.fields.get('unit', 'deals')}", style="progress.download")
        return Text(f"{done:,}/{int(task.total):,}", style="progress.download")


class ErrorsFirst(Progress):
    """A progress bar that vanishes when its block ends in an error, so that the command's
    ``Error:`` line is the first thing on stderr, not a bar left at "0/50 ? deals/s"."""

    def __exit__(self, exc_type, exc, traceback) -> None:
        if exc_type is None or issubclass(exc_type, KeyboardInterrupt):
            super().__exit__(exc_type, exc, traceback)
            return
        self.live.transient = True          # a terminal: the bar is erased
        quiet = self.console.quiet
        self.console.quiet = not self.console.is_terminal   # a file or a pipe: nothing more is written
        try:
            super().__exit__(exc_type, exc, traceback)
        finally:
            self.console.quiet = quiet


def deal_progress(console: Console) -> Progress:
    def unbroken():
        return Column(no_wrap=True)

    return ErrorsFirst(
        TextColumn("[progress.description]{task.description}",
                   table_column=Column(max_width=max(DESCRIPTION_WIDTH, console.width - OTHER_COLUMNS),
                                       overflow="fold")),
        BarColumn(bar_width=BAR_WIDTH),
        CountColumn(table_column=unbroken()),
        RateColumn(table_column=unbroken()),
        TextColumn("ETA", table_column=unbroken()),
        TimeRemainingColumn(table_column=unbroken()),
        console=console,
    )


class Advance:
    """The callback a command hands to long work: ``advance(n)`` after every n units done, and
    ``advance.set_total(total)`` for work that counts its own size once it starts (the claims
    sum their scaled deals), so the bar shows its real total, rate and ETA. ``after`` runs after
    each advance (the Ctrl-C check)."""

    def __init__(self, progress: Progress, task, after=None, whole: "WholeRun | None" = None):
        self.progress = progress
        self.task = task
        self.after = after
        self.whole = whole

    def __call__(self, n: int) -> None:
        self.progress.advance(self.task, n)
        if self.whole is not None:
            task = next(t for t in self.progress.tasks if t.id == self.task)
            if task.total:
                self.whole.part_done(task.completed / task.total)
        if self.after is not None:
            self.after()

    def set_total(self, total: int | None) -> None:
        self.progress.update(self.task, total=total or None)


class StopBetweenBatches:
    """Context manager: the first SIGINT sets ``requested``, and ``check()`` (called after each
    batch) then raises KeyboardInterrupt, which the command turns into an interrupted result. A
    second SIGINT sets ``hurried`` (see the module's docstring for what it does)."""

    FIRST = "Stopping after the current batch, which is kept (Ctrl-C again stops at once, keeping the finished batches)."
    SECOND = "Stopping at once: the batches already finished are kept."

    def __init__(self, console: Console, at_once: bool = True):
        self.console = console
        self.at_once = at_once
        self.requested = False
        self.hurried = False
        self.settled = False      # the run's output is final: a Ctrl-C now changes nothing
        self._protected = 0
        self._pending: list[str] = []
        self._previous = None

    def __enter__(self) -> "StopBetweenBatches":
        self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc_info) -> None:
        # Once asked to stop, the command is ending: what is left is its last lines and the
        # interpreter's exit. A further Ctrl-C there would raise KeyboardInterrupt in whatever runs
        # at that moment (a weakref callback at exit, say) and print a traceback under a run that
        # kept its batches, or cut the summary of what it kept; it is ignored instead.
        signal.signal(signal.SIGINT, signal.SIG_IGN if self.requested else self._previous)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.hurried or self.settled:
            return
        if not self.requested:
            self.requested = True
            self._say(self.FIRST)
            return
        self.hurried = True
        self._say(self.SECOND)
        if self.at_once and not self._protected:
            raise KeyboardInterrupt

    def _say(self, line: str) -> None:
        """Print now, or (without ``at_once``) leave the line to ``announce``: a signal handler that
        writes while its own thread is writing the same stream makes Python raise RuntimeError
        ("reentrant call"), and one that prints with rich's markup may import in the middle of an import."""
        self._pending.append(line)
        if self.at_once:
            self.announce()

    def announce(self) -> None:
        """Print the lines the handler left (called on the main thread, between two steps of work)."""
        while self._pending:
            self.console.print(self._pending.pop(0), soft_wrap=True, markup=False, emoji=False, highlight=False)

    def check(self) -> None:
        if self.requested:
            raise KeyboardInterrupt

    @contextmanager
    def protected(self) -> Iterator[None]:
        """A block a second Ctrl-C does not cut (a batch's write, a file's commit): with ``at_once``,
        its KeyboardInterrupt comes when the block ends."""
        self._protected += 1
        try:
            yield
        finally:
            self._protected -= 1
        if self.hurried and self.at_once and not self._protected:
            raise KeyboardInterrupt


class WholeRun:
    """One more bar over a run made of parts (the report's): each part has its share of the whole,
    from its estimated seconds. The bar moves as the part's own bars move, and jumps to the part's
    end when it finishes. Its ETA therefore covers everything left, not only the part in progress.
    A part made of several bars moves the whole bar with the furthest of them."""

    def __init__(self, progress: Progress, estimated_seconds: dict[str, float],
                 description: str = "the whole report (estimated)"):
        total = sum(estimated_seconds.values()) or 1.0
        self.shares = {name: seconds / total for name, seconds in estimated_seconds.items()}
        self.progress = progress
        self.task = progress.add_task(description, total=100, whole=True)
        self.base = 0.0      # the finished parts' share
        self.share = 0.0     # the part in progress's share
        self.fraction = 0.0  # how far into it

    def start(self, part: str) -> None:
        self.base += self.share
        self.share = self.shares.get(part, 0.0)
        self.fraction = 0.0
        self._show()

    def part_done(self, fraction: float) -> None:
        self.fraction = max(self.fraction, min(1.0, fraction))
        self._show()

    def finish(self) -> None:
        self.progress.update(self.task, completed=100)

    def _show(self) -> None:
        self.progress.update(self.task, completed=min(100.0, 100 * (self.base + self.share * self.fraction)))
