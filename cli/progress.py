"""The progress bar of a run, and Ctrl-C that stops between batches.

``simulate`` only reports progress between batches, and the jitted kernel cannot be
interrupted inside one. So the first Ctrl-C asks to stop: the batch in flight finishes, is
written, and the run ends with ``interrupted``. A second Ctrl-C raises KeyboardInterrupt at
once (useful while numba compiles); ``simulate`` still ends the run cleanly, and the output
file holds exactly the batches written before it.
"""

from __future__ import annotations

import signal
from types import FrameType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.text import Text


class RateColumn(ProgressColumn):
    """Deals per second since the start. (Rich's own speed needs several updates in its
    window, and a run may be one or two batches.)"""

    def render(self, task: Task) -> Text:
        elapsed = task.finished_time if task.finished else task.elapsed
        if not elapsed or not task.completed:
            return Text("? deals/s", style="progress.data.speed")
        return Text(f"{task.completed / elapsed:,.0f} deals/s", style="progress.data.speed")


def deal_progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    )


class StopBetweenBatches:
    """Context manager: SIGINT sets ``requested``; ``check()`` (called after each batch)
    then raises KeyboardInterrupt, which ``simulate`` turns into an interrupted result."""

    def __init__(self, console: Console):
        self.console = console
        self.requested = False
        self._previous = None

    def __enter__(self) -> "StopBetweenBatches":
        self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc_info) -> None:
        signal.signal(signal.SIGINT, self._previous)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True
        self.console.print("Stopping after the current batch (Ctrl-C again to stop at once).", soft_wrap=True)

    def check(self) -> None:
        if self.requested:
            raise KeyboardInterrupt
