"""``spadille simulate quadrille``: play many deals, print the summary, optionally write every deal."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import (BlockDealsOption, DealsOption, OutOption, RuleOption, SchedulerOption, SeedOption,
                                  ThreadsOption)
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import (ParamOption, PolicyFileOption, PolicyOption, RulesetOption, SeatPolicyOption,
                      SessionLengthOption)

DEFAULT_DEALS = 100_000
EXIT_INTERRUPTED = 130  # the shell's convention for a run ended by SIGINT


def simulate_command(
    deals: DealsOption = DEFAULT_DEALS,
    seed: SeedOption = 0,
    ruleset: RulesetOption = DEFAULT_RULESET,
    rule: RuleOption = None,
    policy: PolicyOption = None,
    seat_policy: SeatPolicyOption = None,
    param: ParamOption = None,
    policy_file: PolicyFileOption = None,
    session_length: SessionLengthOption = 1,
    threads: ThreadsOption = None,
    out: OutOption = None,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
) -> None:
    """Play many deals and summarise contracts, outcomes and payments with 95% CIs.

    Ctrl-C stops after the current batch: the summary and the --out file then hold the
    deals that finished. With --scheduler the blocks of deals run on a Dask cluster; Ctrl-C then
    cancels the blocks pending and keeps those that finished.
    """
    import typer

    with user_errors():
        interrupted = run(deals, seed, ruleset, rule or [], policy.value if policy else None, seat_policy or [], param or [],
                          policy_file, session_length, threads, out, scheduler, block_deals)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def run(deals, seed, ruleset, rule, policy, seat_policy, param, policy_file, session_length, threads, out,
        scheduler=None, block_deals=None) -> bool:
    """The command's body; returns whether the run was interrupted."""
    # Heavy imports live here so that `spadille --help` stays instant.
    from contextlib import nullcontext

    from rich.console import Console

    from spadille.kernel.quadrille.ruleset import load_ruleset_with
    from spadille.kernel.quadrille.simulate import RunConfig, simulate, validate

    from spadille.analyses.distributed.runner import open_runner
    from spadille.cli.progress import StopBetweenBatches, deal_progress
    from .simulate_view import metadata_line, print_summary
    from .seating import resolve_policies

    rules = load_ruleset_with(ruleset, rule)
    n_seats = rules["pack.seats"]
    policies = resolve_policies(n_seats, policy, seat_policy, param, policy_file)
    config = RunConfig(rules, policies, seed, deals, session_length=session_length,
                       threads=threads, record=out is not None)
    validate(config)
    if out is not None:
        # pandas and pyarrow only when rows are written: a summary-only run starts faster.
        from spadille.analyses.rowfile import RowFileWriter, check_output_path
        from spadille.analyses.quadrille.rows import rows_frame

        check_output_path(out)

    stdout, stderr = Console(), Console(stderr=True)
    writer = RowFileWriter(out, rows_frame(rows_template(), n_seats)) if out is not None else nullcontext()
    log = lambda line: stderr.print(line, soft_wrap=True, markup=False)  # noqa: E731
    with writer, open_runner(scheduler, log, block_deals) as runner, StopBetweenBatches(stderr) as stop, \
            deal_progress(stderr) as progress:
        task = progress.add_task("deals", total=deals)

        def advance(n: int) -> None:
            progress.advance(task, n)
            stop.check()

        on_batch = (lambda batch: writer.write(rows_frame(batch.rows, n_seats))) if out is not None else None
        if runner is None:
            result = simulate(config, progress=advance, on_batch=on_batch)
        else:
            from spadille.analyses.distributed.quadrille import simulate_on

            from spadille.cli.cluster import follow_blocks

            follow_blocks(runner, progress, stop)
            result = simulate_on(runner, config, None, advance,
                                 (lambda rows: writer.write(rows_frame(rows, n_seats))) if out is not None else None)
        if out is not None:
            metadata = {**config.metadata(), "deals_done": writer.rows_written, "interrupted": result.interrupted}
            if len(getattr(result, "ranges", ())) > 1:  # an interrupted cluster run kept blocks with gaps
                metadata["deal_ranges"] = result.ranges
            writer.commit(metadata)

    stdout.print(metadata_line(config, result), soft_wrap=True)
    if result.interrupted:
        stderr.print(f"Interrupted: {result.deals_done:,} of {deals:,} deals finished.", soft_wrap=True)
    print_summary(stdout, result)
    if out is not None:
        stdout.print(f"Wrote {writer.rows_written:,} deals to {out}", soft_wrap=True, markup=False)
    return result.interrupted


def rows_template():
    """An empty kernel row array: its frame fixes the output file's columns and types."""
    import numpy as np

    from spadille.kernel.quadrille import _layout as L

    return np.zeros((0, L.N_ROW_COLS), dtype=np.int64)
