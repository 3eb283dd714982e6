"""``spadille simulate``: play many deals, print the summary, optionally write every deal."""

from __future__ import annotations

from spadille.kernel.ruleset import DEFAULT_RULESET

from .errors import user_errors
from .options import (DealsOption, Game, GameArgument, OutOption, ParamOption, PolicyFileOption, PolicyOption,
                      RuleOption, RulesetOption, SeatPolicyOption, SeedOption, SessionLengthOption, ThreadsOption)
from .simulate_cabriolet import CoverOption, DiceOption, PlayersOption

DEFAULT_DEALS = 100_000
EXIT_INTERRUPTED = 130  # the shell's convention for a run ended by SIGINT


def simulate_command(
    game: GameArgument,
    deals: DealsOption = DEFAULT_DEALS,
    seed: SeedOption = 0,
    ruleset: RulesetOption = DEFAULT_RULESET,
    rule: RuleOption = None,
    policy: PolicyOption = None,
    seat_policy: SeatPolicyOption = None,
    param: ParamOption = None,
    policy_file: PolicyFileOption = None,
    session_length: SessionLengthOption = None,
    threads: ThreadsOption = None,
    out: OutOption = None,
    players: PlayersOption = None,
    cover: CoverOption = None,
    dice: DiceOption = False,
) -> None:
    """Play many deals and summarise contracts, outcomes and payments with 95% CIs.

    For cabriolet: sessions of --session-length deals (default 20) at a table of --players,
    the focal seat under each --cover policy on the same deals; prints the value of each
    case and the paired comparison of the policies. With --dice: sessions of
    --session-length rounds of throws of three dice (--deals counts rounds).

    Ctrl-C stops after the current batch: the summary and the --out file then hold the
    deals that finished.
    """
    import typer

    if game == Game.cabriolet:
        from .simulate_cabriolet import run_cabriolet

        with user_errors():
            interrupted = run_cabriolet(deals, seed, ruleset, rule or [], policy, seat_policy or [], param or [],
                                        policy_file, session_length, threads, out, players, cover or [], dice)
        if interrupted:
            raise typer.Exit(EXIT_INTERRUPTED)
        return
    if players is not None or cover or dice:
        from .errors import fail

        fail("--players, --cover and --dice apply to cabriolet only")
    with user_errors():
        interrupted = run(deals, seed, ruleset, rule or [], policy.value if policy else None, seat_policy or [], param or [],
                          policy_file, 1 if session_length is None else session_length, threads, out)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def run(deals, seed, ruleset, rule, policy, seat_policy, param, policy_file, session_length, threads, out) -> bool:
    """The command's body; returns whether the run was interrupted."""
    # Heavy imports live here so that `spadille --help` stays instant.
    from contextlib import nullcontext

    from rich.console import Console

    from spadille.kernel.ruleset import load_ruleset_with
    from spadille.kernel.simulate import RunConfig, simulate, validate

    from .progress import StopBetweenBatches, deal_progress
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
        from spadille.analyses.rows import rows_frame

        check_output_path(out)

    stdout, stderr = Console(), Console(stderr=True)
    writer = RowFileWriter(out, rows_frame(rows_template(), n_seats)) if out is not None else nullcontext()
    with writer, StopBetweenBatches(stderr) as stop, deal_progress(stderr) as progress:
        task = progress.add_task("deals", total=deals)

        def advance(n: int) -> None:
            progress.advance(task, n)
            stop.check()

        on_batch = (lambda batch: writer.write(rows_frame(batch.rows, n_seats))) if out is not None else None
        result = simulate(config, progress=advance, on_batch=on_batch)
        if out is not None:
            metadata = {**config.metadata(), "deals_done": writer.rows_written, "interrupted": result.interrupted}
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

    from spadille.kernel import _layout as L

    return np.zeros((0, L.N_ROW_COLS), dtype=np.int64)
