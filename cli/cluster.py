"""What a command shows of its blocks while they run on a Dask cluster (``--scheduler``)."""

from __future__ import annotations


def follow_blocks(runner, progress, stop) -> None:
    """The progress bar of the part in progress (its newest task) also says how many blocks have
    finished and how many workers are connected, and Ctrl-C is looked at while the blocks run,
    not only when one finishes. Nothing without a runner."""
    if runner is None:
        return
    names: dict[int, tuple[str, str]] = {}   # task -> (its own description, the line written over it)

    def on_status(status) -> None:
        if progress.tasks:
            task = progress.tasks[-1]
            name, written = names.get(task.id, (task.description, None))
            if task.description != written:    # the command renamed it (a claims run names each claim)
                name = task.description
            line = blocks_line(name, status)
            names[task.id] = (name, line)
            progress.update(task.id, description=line)
        stop.check()

    runner.on_status = on_status


def blocks_line(name: str, status) -> str:
    workers = f"{status.workers} worker{'s' if status.workers != 1 else ''}"
    return f"{name} · {status.blocks_done}/{status.blocks_total} blocks · {workers}"


def end_if_lost(runner, console, kept: str) -> None:
    """After a run that ended early: when the cluster was lost mid-run (the runner's ``fault``,
    analyses/distributed/runner.py), the last line says so and what was ``kept``, and the command
    exits 1 rather than as after a Ctrl-C."""
    import typer

    fault = getattr(runner, "fault", None)
    if fault:
        console.print(f"Error: {fault}; {kept}.", soft_wrap=True, markup=False)
        raise typer.Exit(1)
