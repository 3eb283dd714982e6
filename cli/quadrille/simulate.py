"""``spadille simulate quadrille``: play many deals, print the summary, optionally write every deal."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import (BlockDealsOption, DealsOption, FirstDealOption, OutOption, RuleOption,
                                  SchedulerOption, SeedOption, ThreadsOption)
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import (ParamOption, PolicyFileOption, PolicyOption, RulesetOption, SeatPolicyOption,
                      SessionLengthOption)

DEFAULT_DEALS = 100_000


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
    first_deal: FirstDealOption = 0,
) -> None:
    """Play many deals and summarise contracts, outcomes and payments with 95% CIs.

    An --out file has one row per deal. A CSV spells each hand (hand_eldest, ...) beside its mask
    (mask_eldest, ...); a Parquet file, for programs, holds the masks only, and
    spadille.analyses.quadrille.rows.read_rows reads either with the hands spelled.

    Ctrl-C stops after the current batch: the summary and the --out file then hold the deals
    that finished. A second Ctrl-C stops at once, still keeping the batches that had finished.
    With --scheduler the blocks of deals run on a Dask cluster; Ctrl-C then cancels the blocks
    pending and keeps those that finished, as does a cluster lost mid-run (the last line says how
    to run the rest with --first-deal).
    """
    from spadille.cli.run_output import finish

    with user_errors():
        ending = run(deals, seed, ruleset, rule or [], policy.value if policy else None, seat_policy or [], param or [],
                     policy_file, session_length, threads, out, scheduler, block_deals, first_deal)
    finish(ending)


def run(deals, seed, ruleset, rule, policy, seat_policy, param, policy_file, session_length, threads, out,
        scheduler=None, block_deals=None, first_deal=0):
    """The command's body; returns how it ended (``cli.run_output.Ending``)."""
    # Heavy imports live here so that `spadille --help` stays instant.
    from spadille.kernel.quadrille.ruleset import load_ruleset_with
    from spadille.kernel.quadrille.simulate import RunConfig, validate

    from spadille.cli.run_output import RunOutput
    from .seating import resolve_policies
    from .simulate_view import metadata_line, print_summary

    rules = load_ruleset_with(ruleset, rule)
    n_seats = rules["pack.seats"]
    policies = resolve_policies(n_seats, policy, seat_policy, param, policy_file)
    check_first_deal(first_deal, session_length)
    config = RunConfig(rules, policies, seed, deals, first_deal=first_deal, session_length=session_length,
                       threads=threads, record=out is not None)
    validate(config)
    output = RunOutput(out, scheduler, block_deals, unit="deals", total=deals)
    to_table = template = None
    if out is not None:
        from spadille.analyses.quadrille.rows import rows_table

        # A CSV is read by people and spells the hands; a Parquet file keeps their masks alone
        # (analyses/quadrille/rows.py says why and how to add the text back). A CSV's lines are
        # spelled straight from the rows, faster than Arrow formats a table (rows_csv.py).
        hand_text = str(out).lower().endswith(".csv")
        template = lambda: rows_table(rows_template(), n_seats, hand_text)  # noqa: E731
        if hand_text:
            from spadille.analyses.quadrille.rows_csv import rows_csv

            to_table = lambda rows: rows_csv(rows, n_seats)  # noqa: E731
        else:
            to_table = lambda rows: rows_table(rows, n_seats, False)  # noqa: E731

    def run_metadata(done: int, interrupted: bool) -> dict:
        return {**config.metadata(), "deals_done": done, "interrupted": interrupted}

    # the file's columns; and its metadata should the run finish, which a CSV can then start with,
    # sparing the copy of its body after the last batch (analyses/rowfile.py)
    output.check(template, run_metadata(deals, False))
    with output as running:
        if running.runner is None:
            result = _in_process(running, config, to_table)
        else:
            from spadille.analyses.quadrille.simulate_blocks import simulate_on

            result = running.pump(lambda: simulate_on(running.runner, config, None, running.advance,
                                                      running.hand_over if out is not None else None),
                                  running.write_rows(to_table))
        if result is None:        # a second Ctrl-C before anything finished
            running.commit({}, 0)
            return running.ending
        metadata = run_metadata(running.rows_written, result.interrupted)
        if len(getattr(result, "ranges", ())) > 1:  # an interrupted cluster run kept blocks with gaps
            metadata["deal_ranges"] = result.ranges
        running.resume = resume_hint(config, getattr(result, "ranges", None))
        if running.commit(metadata, result.deals_done):
            running.stdout.print(metadata_line(config, result), soft_wrap=True)
            running.report_interrupted(result.interrupted, f"{result.deals_done:,} of {deals:,} deals finished")
            print_summary(running.stdout, result)
            running.report_written("deals")
    return running.ending


def _in_process(running, config, to_table):
    """The deals here, batch by batch in the pump's worker thread; this thread tallies and writes
    each batch, so a second Ctrl-C may leave the batch in the kernel and keep all the others."""
    from spadille.kernel.quadrille.simulate import RunResult, iter_batches

    result = RunResult(config)
    write = running.write_rows(to_table)

    def work() -> None:
        try:
            for batch in iter_batches(config):
                running.hand_over(batch)
                running.advance(batch.n_deals)
        except KeyboardInterrupt:
            pass  # the first Ctrl-C, raised by advance: every finished batch was handed over

    def consume(batch) -> None:
        write(batch.rows)
        result.by_contract += batch.by_contract
        result.by_seat += batch.by_seat
        result.deals_done += batch.n_deals

    running.pump(work, consume, abandon=True)
    result.interrupted = result.deals_done < config.deals
    result.seconds = running.seconds
    return result


def check_first_deal(first_deal: int, session_length: int) -> None:
    from spadille.kernel.common.errors import SimulationError

    if first_deal < 0 or first_deal % max(session_length, 1):
        raise SimulationError(f"--first-deal must be a multiple of --session-length ({session_length}) from 0, "
                              f"not {first_deal}")


def resume_hint(config, ranges) -> str:
    """How to run the deals a cluster run lost: the first missing range as --first-deal/--deals."""
    if ranges is None:
        return ""
    start, stop = config.first_deal, config.first_deal + config.deals
    for kept_start, kept_stop in ranges:
        if kept_start > start:
            break
        start = max(start, kept_stop)
    if start >= stop:
        return ""
    gap_stop = next((kept_start for kept_start, _ in ranges if kept_start > start), stop)
    options = f"--first-deal {start} --deals {gap_stop - start}"
    if gap_stop < stop:
        return f"the deals not run are those outside the file's deal_ranges, the first of them {options}"
    return f"run the rest with {options}"


def rows_template():
    """An empty kernel row array: its table fixes the output file's columns and types."""
    import numpy as np

    from spadille.kernel.quadrille import layout as L

    return np.zeros((0, L.N_ROW_COLS), dtype=np.int64)
