"""What every ``simulate`` command does around its batches: Ctrl-C, the --out file, the cluster,
the progress bar, and the line that ends the run.

    output = RunOutput(out, scheduler, block_deals, unit="deals", total=deals)
    output.check(template)                      # --out checked before any work
    with output as running:
        result = running.pump(work, consume)    # work(): running.hand_over(batch), running.advance(n)
        running.commit(metadata, result.deals_done)
        ... print the summary ...
        running.report_written("deals")
    return running.ending

The Ctrl-C handler is installed first and removed last, so no SIGINT can cut the file's
creation, a batch's write, the commit or the summary (cli/progress.py, cli/pipeline.py): the
file, its metadata and the printed summary always agree. A run that finished nothing writes no
file and says so in one line. A cluster lost mid-run (analyses/distributed/runner.py) ends like
a Ctrl-C, keeping the finished blocks, and the run's last line says what happened and how to
run the rest; the exit code is then 1.
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any, Callable

EXIT_INTERRUPTED = 130   # the shell's convention for a run ended by SIGINT
EXIT_FAILED = 1


@dataclass
class Ending:
    code: int = 0
    abandoned: bool = False   # a second Ctrl-C left a batch in the kernel: end with cli.pipeline.leave_now


def finish(ending: Ending) -> None:
    """Leave the command as its run ended: at once after a batch was left in the kernel, else with the
    run's exit code (none when it ran to the end)."""
    import typer

    from spadille.cli.pipeline import leave_now

    if ending.abandoned:
        leave_now(ending.code)
    if ending.code:
        raise typer.Exit(ending.code)


class RunOutput:
    def __init__(self, out, scheduler: str | None, block_deals: int | None, unit: str, total: int):
        from rich.console import Console

        self.out, self.scheduler, self.block_deals = out, scheduler, block_deals
        self.unit, self.total = unit, total
        self.stdout, self.stderr = Console(), Console(stderr=True)
        self.ending = Ending()
        self.writer = None
        self.runner = None
        self.seconds = 0.0
        self._template: Callable[[], Any] | None = None
        self._expected: dict | None = None
        self._stack = ExitStack()
        self._run = ExitStack()      # the runner and the bar: closed when the run's file is settled
        self._pump = None
        self.resume = ""             # how to run what a lost cluster left undone, for the last line

    def check(self, template: Callable[[], Any] | None, expected: dict | None = None) -> None:
        """Check --out before any work; ``template()`` (an empty table) gives the file's columns, and
        ``expected`` the metadata the run will commit if it finishes (``RowFileWriter``'s)."""
        from spadille.analyses.rowfile import check_output_path

        if self.out is not None:
            check_output_path(self.out)
        self._template = template
        self._expected = expected

    # ------------------------------------------------------------ the run
    def __enter__(self) -> "RunOutput":
        from spadille.analyses.distributed.runner import open_runner
        from spadille.cli.cluster import follow_blocks
        from spadille.cli.pipeline import BatchPump
        from spadille.cli.progress import StopBetweenBatches, deal_progress

        try:
            self.stop = self._stack.enter_context(StopBetweenBatches(self.stderr, at_once=False))
            if self.out is not None:
                from spadille.analyses.rowfile import RowFileWriter

                self.writer = self._stack.enter_context(RowFileWriter(self.out, self._template(), self._expected))
            self._stack.enter_context(self._run)
            log = lambda line: self.stderr.print(line, soft_wrap=True, markup=False)  # noqa: E731
            self.runner = self._run.enter_context(open_runner(self.scheduler, log, self.block_deals))
            self.progress = self._run.enter_context(deal_progress(self.stderr))
            self.task = self.progress.add_task(self.unit, total=self.total, unit=self.unit)
            follow_blocks(self.runner, self.progress, self.stop)
            self._pump = BatchPump(self.stop)
        except BaseException as exc:
            self._stack.__exit__(type(exc), exc, exc.__traceback__)
            raise
        return self

    def __exit__(self, exc_type, exc, traceback) -> None:
        try:
            self._stack.__exit__(exc_type, exc, traceback)
        finally:
            fault = getattr(self.runner, "fault", None)
            if exc_type is None and fault:
                self.stderr.print(f"Error: {fault}{self._resume_hint()}", soft_wrap=True, markup=False)

    def hand_over(self, batch) -> None:
        """The work's ``on_batch`` (called on the worker thread)."""
        self._pump.hand_over(batch)

    def advance(self, n: int) -> None:
        """The work's ``progress`` (called on the worker thread; raises KeyboardInterrupt once asked to stop)."""
        self._pump.advance(n)

    def pump(self, work: Callable[[], Any], consume: Callable[[Any], None], abandon: bool = False):
        """``work()``'s result, its batches consumed here (cli/pipeline.py); None when a second Ctrl-C
        left it in a kernel: where ``abandon`` (the command summarises from what it consumed), or
        where nothing had finished yet (numba still compiling, say). Never with a cluster: its blocks
        run elsewhere, and the client looks at Ctrl-C every second (and a local cluster's worker
        processes must be closed, not left behind)."""
        from spadille.cli.pipeline import ABANDONED

        started = time.perf_counter()
        pump = self._pump
        here = self.runner is None
        outcome = pump.run(work, consume, lambda n: self.progress.advance(self.task, n),
                           lambda: self.stop.hurried and here and (abandon or pump.advanced == 0))
        self.seconds = time.perf_counter() - started
        if outcome is ABANDONED:
            self.ending.abandoned = True
            return None
        return outcome

    def write_rows(self, to_table: Callable[[Any], Any] | None) -> Callable[[Any], None]:
        """A ``consume`` that writes ``to_table(rows)`` to the file (nothing without --out)."""
        if self.writer is None or to_table is None:
            return lambda rows: None
        return lambda rows: self.writer.write(to_table(rows))

    @property
    def rows_written(self) -> int:
        return self.writer.rows_written if self.writer is not None else 0

    def commit(self, metadata: dict, done: int) -> bool:
        """Settle the run: the file is committed with ``metadata`` (nothing is written when no unit
        finished), the bar and the cluster closed. Returns whether anything finished."""
        self.stop.settled = True
        self.stop.announce()
        interrupted = self.stop.requested or bool(getattr(self.runner, "fault", None))
        if self.writer is not None:
            if done == 0 and interrupted:
                self.writer.discard()
                self.writer = None
            else:
                self.writer.commit(metadata)
        self._run.close()
        if interrupted and done < self.total:
            self.ending.code = EXIT_FAILED if getattr(self.runner, "fault", None) else EXIT_INTERRUPTED
        if done == 0 and interrupted:
            where = f"; {self.out} was not written" if self.out is not None else ""
            self.stderr.print(f"Interrupted before the first batch finished: nothing was kept{where}.",
                              soft_wrap=True, markup=False)
            return False
        return True

    def report_interrupted(self, interrupted: bool, how_far: str) -> None:
        if interrupted and not getattr(self.runner, "fault", None):
            self.stderr.print(f"Interrupted: {how_far}.", soft_wrap=True, markup=False)

    def report_written(self, what: str) -> None:
        if self.writer is not None:
            self.stdout.print(f"Wrote {self.rows_written:,} {what} to {self.out}", soft_wrap=True, markup=False)

    def _resume_hint(self) -> str:
        kept = f"; the {self.rows_written:,} {self.unit} that finished are in {self.out}" if self.writer else ""
        return kept + (f"; {self.resume}" if self.resume else "") + "."
