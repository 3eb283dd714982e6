"""Runs ``spadille simulate quadrille --out`` many times and interrupts each run with two SIGINTs.

    python tests/interrupt_harness.py FOLDER SUFFIX RUNS

Starting a fresh interpreter for every run would cost most of the test's time in imports and in
loading the compiled kernel, so this process does both once and forks a child for each run: the
child runs the command's ``main()`` as the ``spadille`` script does, with its output in files,
and this process sends it the two SIGINTs, the second 0.05 to 0.5 s after the first (spread
evenly over the runs). Forking a process that has run a parallel kernel is safe with numba's
workqueue threading layer only, so the test sets NUMBA_THREADING_LAYER=workqueue.

Each run leaves in FOLDER/run-K/: out.SUFFIX (if the run kept one), stdout.txt, stderr.txt and
exit.txt (the exit status; "timeout" if the child had to be killed).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

FIRST_DELAY = (0.05, 0.5)    # seconds between the two SIGINTs, from the first run's to the last's
DEADLINE = 60.0              # seconds a run may take before it is killed and reported


def _child(folder: Path, suffix: str, seed: int) -> None:
    signal.signal(signal.SIGINT, signal.default_int_handler)   # as at a terminal, whatever this process inherited
    out = os.open(folder / "stdout.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    err = os.open(folder / "stderr.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(out, 1)
    os.dup2(err, 2)
    code = 0
    try:
        from spadille.cli.app import main

        sys.argv = ["spadille", "simulate", "quadrille", "--deals", "1000000000", "--seed", str(seed),
                    "--out", str(folder / f"out{suffix}")]
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # noqa: BLE001 - what the script would print, then its exit status
        import traceback

        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _first_batch_written(folder: Path) -> bool:
    """A batch's rows are in the run's temporary file (a CSV's header alone is under 1 KiB; a
    Parquet file's row group is written once 65,536 rows are in, so any bytes will do there)."""
    return any(path.stat().st_size > 4096 or (path.suffix == ".tmp" and path.name.startswith(".out.parquet")
                                               and path.stat().st_size > 0)
               for path in folder.iterdir() if path.name.startswith(".out"))


def _exited(pid: int):
    """The child's wait status once it has ended, else None."""
    finished, status = os.waitpid(pid, os.WNOHANG)
    return status if finished else None


def run_once(folder: Path, suffix: str, seed: int, delay: float) -> None:
    folder.mkdir(parents=True)
    pid = os.fork()
    if pid == 0:
        _child(folder, suffix, seed)
    started = time.monotonic()
    status = None
    try:
        while status is None and time.monotonic() - started < DEADLINE and not _first_batch_written(folder):
            status = _exited(pid)
            time.sleep(0.01)
        if status is None:
            os.kill(pid, signal.SIGINT)
            time.sleep(delay)
            os.kill(pid, signal.SIGINT)
        while status is None and time.monotonic() - started < DEADLINE:
            status = _exited(pid)
            time.sleep(0.01)
    finally:
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    text = "timeout" if status is None else str(os.waitstatus_to_exitcode(status))
    (folder / "exit.txt").write_text(text)


def warm_up() -> None:
    """Import what a run imports and load its compiled kernels, once, before the forks."""
    from spadille.analyses.quadrille.rows import rows_frame
    from spadille.cli.app import main  # noqa: F401
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.simulate import RunConfig, simulate
    import pyarrow.csv  # noqa: F401
    import pyarrow.parquet  # noqa: F401

    config = RunConfig(load_ruleset("encyclopedie-1765"), tuple(make_seat_policy("heuristic") for _ in range(4)),
                       0, 64, record=True)
    rows_frame(simulate(config).rows, 4)


def main() -> None:
    folder, suffix, runs = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    warm_up()
    low, high = FIRST_DELAY
    for run in range(runs):
        delay = low + (high - low) * run / max(runs - 1, 1)
        run_once(folder / f"run-{run}", suffix, seed=run, delay=delay)


if __name__ == "__main__":
    main()
